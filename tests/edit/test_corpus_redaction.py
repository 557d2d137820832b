"""Redaction on a few small real PDFs, with the checks of bench.redaction (see there)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.corpus import CORPUS

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
        pytest.skip(f"corpus file {name} is not beside the clone")
    outcome = run_case(path, tmp_path)
    assert outcome.word, outcome.skipped
    assert "pagetext" not in outcome.errors, outcome.errors
    results = outcome.results["pagetext"]
    assert {check: results[check] for check in MAIN_CHECKS} == dict.fromkeys(MAIN_CHECKS, True)


# Pages whose /Resources or /MediaBox come from a Pages node.
INHERITING = ["pdfbox__simple-openoffice.pdf", "pypdf__crazyones.pdf"]


@pytest.mark.parametrize("name", INHERITING)
def test_inherited_attributes_stay_on_the_page_tree(name: str, tmp_path: Path) -> None:
    """The redaction changes the page's content, not where the tree keeps its attributes."""
    import pikepdf

    import pagetext

    path = CORPUS / "real" / name
    if not path.exists():
        pytest.skip(f"corpus file {name} is not beside the clone")
    with pikepdf.open(path, inherit_page_attributes=False) as pdf:
        own_before = set(pdf.pages[0].obj.keys()) & {"/Resources", "/MediaBox", "/CropBox", "/Rotate"}
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        before = doc[0].text()
        word = next(w.text for w in doc[0].words() if len(w.text) > 3 and w.text.isalpha())
        doc.redact(doc[0].search(word, whole_words=True), out)
    with pikepdf.open(out, inherit_page_attributes=False) as pdf:
        own_after = set(pdf.pages[0].obj.keys()) & {"/Resources", "/MediaBox", "/CropBox", "/Rotate"}
    assert own_after == own_before
    with pagetext.open(out) as doc:
        after = doc[0].text()
    assert word in before and word not in after
    kept = [w for w in before.split() if word not in w]
    assert kept and all(w in after.split() for w in kept)
