"""A glyph drawn over the one before it (an accent, a prime set over a decimal point) stays
on its line and in its place, however high it is raised (LayoutParams.overstrike_overlap)."""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

from pagetext.layout.params import LayoutParams
from tests.pdfbuild import open_page, simple_font


def _fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
    primes = Dictionary(Type=Name.Encoding, Differences=Array([48, Name.prime]))
    return {
        "F1": simple_font(pdf, base_font="Text"),
        # A math italic font whose descriptor gives its x-height as Ascent: a small box.
        "F2": simple_font(pdf, base_font="MathItalic", ascent=438, descent=-9),
        "F3": simple_font(pdf, base_font="MathSymbols", ascent=707, descent=-152, encoding=primes),
    }


# "1.″68" as TeX sets it: the primes, raised as a superscript (3.25 above the baseline, more
# than half their box height), are drawn back over the decimal point.
_PRIME_OVER_POINT = (
    b"BT /F1 9 Tf 100 700 Td (1) Tj ET BT /F2 9 Tf 104.5 700 Td (.) Tj ET "
    b"BT /F3 7.27 Tf 104.2 703.25 Td (00) Tj ET BT /F1 9 Tf 111.5 700 Td (68 from) Tj ET"
)


def test_a_prime_drawn_over_a_decimal_point_stays_in_its_place() -> None:
    assert open_page(_PRIME_OVER_POINT, fonts=_fonts).text() == "1.\u2032\u203268 from"


def test_without_the_overstrike_rule_the_raised_primes_start_a_line() -> None:
    page = open_page(_PRIME_OVER_POINT, fonts=_fonts)
    assert page.text(params=LayoutParams(overstrike_overlap=2.0)) == "1.\n\u2032\u203268 from"


@pytest.mark.parametrize("pitch", [9.0, 10.0])
def test_stacked_one_glyph_lines_stay_apart(pitch: float) -> None:
    # Boxes 10 high one pitch apart: at 9 they overlap by 1, a tenth, which is no overstrike.
    content = b"BT /F1 10 Tf 100 700 Td (1) Tj 0 -%.1f Td (2) Tj ET" % pitch
    assert open_page(content, fonts=_fonts).text() == "1\n2"
