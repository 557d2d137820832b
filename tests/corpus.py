"""The shared corpus beside the clone (../shared/corpus), read with the bench's own loader.

Without it every test that reads it skips, all with the one reason NO_CORPUS.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pytest

from bench.corpus import Case, load_cases, normalise

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
NO_CORPUS = "the shared corpus is not beside the clone (../shared/corpus)"
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=NO_CORPUS)

__all__ = ["CORPUS", "NO_CORPUS", "Case", "cases", "needs_corpus", "normalise", "real_pdfs"]


def cases(folder: str) -> list[Case]:
    return load_cases(CORPUS / folder)


def real_pdfs() -> Iterator[pikepdf.Pdf]:
    """Each real/ file pikepdf opens without a password, open while the caller reads it."""
    files = sorted((CORPUS / "real").glob("*.pdf"))
    assert files, "the shared corpus is missing"
    for path in files:
        try:
            pdf = pikepdf.open(path)
        except (pikepdf.PdfError, pikepdf.PasswordError):
            continue  # encrypted without a password, or damaged beyond qpdf's repair
        with pdf:
            yield pdf
