"""The library over ../shared/corpus: every file opens and yields glyphs, or fails cleanly."""

from __future__ import annotations

import contextlib
import warnings

import pytest

import pagetext
from bench.metrics import score
from tests.corpus import NO_CORPUS, Case, cases

ALL_CASES = cases("real") + cases("generated")


def _glyph_count(case: Case) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(case.pdf, password=case.password) as doc:
            return sum(len(page.glyphs(forms=True)) for page in doc)


@pytest.mark.skipif(not ALL_CASES, reason=NO_CORPUS)
@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.name)
def test_real_and_generated_files_yield_glyphs(case: Case) -> None:
    count = _glyph_count(case)
    if case.expect.get("text", "").strip() or case.expect.get("contains"):
        # Files whose text is known show glyphs (scanned pages have an OCR text layer).
        assert count > 0


ROBUSTNESS = cases("robustness")


@pytest.mark.skipif(not ROBUSTNESS, reason=NO_CORPUS)
@pytest.mark.parametrize("case", ROBUSTNESS, ids=lambda case: case.name)
def test_hostile_files_fail_only_with_pdf_errors(case: Case) -> None:
    with contextlib.suppress(pagetext.PdfError):  # a clean, documented error is acceptable here
        _glyph_count(case)


# Checks that fail today, each with its reason (see the closing notes); strict, so that a fix
# shows up as an unexpected pass.
KNOWN_FAILURES = {
    # A two-column checklist drawn row by row: the peers' consensus keeps the stream's rows,
    # the XY-cut reads it column by column, which keeps a two-line item whole.
    "pdfplumber__150109DSP-Milw-505-90D": "form page: the peers read a two-column checklist by rows",
    "pdfplumber__issue-13-151201DSP-Fond-581-90D": "form page: the peers read a two-column checklist by rows",
    # The hand check "DROPDOWN LIST" joins two labels of the static page; a viewer shows the
    # drop-down's value "1" beside the first label, so field text (on by default) stands between.
    "pdfminer__AcroForm_TEST": "form page: a check joins two labels that a field value stands between",
}
CHECKED = [case for case in ALL_CASES if any(case.expect.get(k) for k in ("contains", "absent", "order"))]


@pytest.mark.skipif(not CHECKED, reason=NO_CORPUS)
@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, marks=pytest.mark.xfail(reason=KNOWN_FAILURES[case.name], strict=True))
        if case.name in KNOWN_FAILURES
        else case
        for case in CHECKED
    ],
    ids=lambda case: case.name,
)
def test_sidecar_checks_pass(case: Case) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(case.pdf, password=case.password) as doc:
            text = doc.text()
    result = score(case, text)
    assert result.failed == []
