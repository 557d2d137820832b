"""The library over ../shared/corpus: every file opens and yields glyphs, or fails cleanly."""

from __future__ import annotations

import contextlib
import warnings

import pytest

import pagetext
from tests.corpus import Case, cases

ALL_CASES = cases("real") + cases("generated")


def _glyph_count(case: Case) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(case.pdf, password=case.password) as doc:
            return sum(len(page.glyphs(forms=True)) for page in doc)


@pytest.mark.skipif(not ALL_CASES, reason="../shared/corpus is not beside the clone")
@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.name)
def test_real_and_generated_files_yield_glyphs(case: Case) -> None:
    count = _glyph_count(case)
    if case.expect.get("text", "").strip() or case.expect.get("contains"):
        # Files whose text is known show glyphs (scanned pages have an OCR text layer).
        assert count > 0


ROBUSTNESS = cases("robustness")


@pytest.mark.skipif(not ROBUSTNESS, reason="../shared/corpus is not beside the clone")
@pytest.mark.parametrize("case", ROBUSTNESS, ids=lambda case: case.name)
def test_hostile_files_fail_only_with_pdf_errors(case: Case) -> None:
    with contextlib.suppress(pagetext.PdfError):  # a clean, documented error is acceptable here
        _glyph_count(case)
