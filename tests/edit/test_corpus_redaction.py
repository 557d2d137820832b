"""Redaction on a few small real PDFs, with the checks of bench.redaction (see there)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.corpus import CORPUS, NO_CORPUS

pytest.importorskip("pymupdf")
pytest.importorskip("pdfminer")

from bench.redaction import MAIN_CHECKS, run_case

# A rotated page, an AcroForm with widget appearances, a tagged page; an encrypted file.
FILES = [
    "pdfbox__rotation.pdf",
    "pdfminer__AcroForm_TEST.pdf",
    "pdfplumber__hello_structure.pdf",
    "camelot__health_protected.pdf",
]


@pytest.mark.parametrize("name", FILES)
def test_word_redacted_and_nothing_else_changed(name: str, tmp_path: Path) -> None:
    if shutil.which("pdftoppm") is None:  # the pixel check renders with poppler (.ci/run installs it)
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    path = CORPUS / "real" / name
    if not path.exists():
        pytest.skip(NO_CORPUS)
    outcome = run_case(path, tmp_path)
    assert outcome.word, outcome.skipped
    assert "pagetext" not in outcome.errors, outcome.errors
    results = outcome.results["pagetext"]
    assert {check: results[check] for check in MAIN_CHECKS} == dict.fromkeys(MAIN_CHECKS, True)
