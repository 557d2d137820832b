"""TeX's accents: an accent glyph drawn over a letter, before or after it in the stream,
composes with it (NFC); an accent or apostrophe beside a letter stays as it is.

The test font is 500 units wide per glyph, ascent 800, descent -200: at 10 pt each glyph's
box is 5 wide and 10 high."""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

from pagetext.layout.accents import _COMBINING, accent_mark
from pagetext.layout.params import LayoutParams
from tests.pdfbuild import open_page, simple_font


def _fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
    # cmr's codes for the accents: 18 grave, 19 acute, 20 caron, 127 dieresis; 16 dotless i.
    accents = Array(
        [
            16,
            Name.dotlessi,
            18,
            Name.grave,
            Name.acute,
            Name.caron,
            54,
            Name.negationslash,
            127,
            Name.dieresis,
        ]
    )
    encoding = Dictionary(Type=Name.Encoding, Differences=accents)
    return {"F1": simple_font(pdf, first_char=0, widths=[500] * 128, encoding=encoding)}


def _text(content: bytes, **options: Any) -> str:
    return open_page(content, fonts=_fonts).text(**options)


def test_an_accent_drawn_before_its_letter_composes_with_it() -> None:
    # \'a as TeX sets it: the acute, then a kern back by its width, then the letter.
    assert _text(b"BT /F1 10 Tf 100 700 Td [(J\\023) 500 (an)] TJ ET") == "J\u00e1n"


def test_an_accent_drawn_after_its_letter_composes_with_it() -> None:
    assert _text(b"BT /F1 10 Tf 100 700 Td [(c) 500 (\\024) (ech)] TJ ET") == "\u010dech"


def test_an_accent_raised_over_a_capital_composes_and_a_dotless_i_takes_its_dot_back() -> None:
    # The dieresis raised 2.5 over the E (Td moves from the line's start), then the l after E.
    assert _text(b"BT /F1 10 Tf 100 700 Td (E) Tj 0 2.5 Td (\\177) Tj 5 -2.5 Td (l) Tj ET") == "\u00cbl"
    assert _text(b"BT /F1 10 Tf 100 700 Td [(p\\020) 500 (\\022) (u)] TJ ET") == "p\u00ecu"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"BT /F1 10 Tf 100 700 Td (a\\023b) Tj ET", "a\u00b4b"),  # beside, not over: kept
        (b"BT /F1 10 Tf 100 700 Td (don't) Tj ET", "don\u2019t"),  # an apostrophe is no accent
        (b"BT /F1 10 Tf 100 700 Td [(1\\023) 500 (2)] TJ ET", "1\u00b42"),  # over a digit: kept
    ],
)
def test_accents_beside_letters_and_apostrophes_stay(content: bytes, expected: str) -> None:
    assert _text(content) == expected


def test_the_overlap_an_accent_needs_is_a_parameter() -> None:
    # The acute drawn 3 back into the a's box of 5 covers 60 % of its own width with it.
    content = b"BT /F1 10 Tf 100 700 Td [(Ja) 300 (\\023) 200 (n)] TJ ET"
    assert _text(content) == "J\u00e1n"
    assert _text(content, params=LayoutParams(accent_overlap=0.7)) == "Ja\u00b4n"


def test_a_negation_slash_over_a_relation_composes_with_it() -> None:
    # TeX's \\not=: cmsy's negationslash (U+0338), then the equals sign under it.
    assert _text(b"BT /F1 10 Tf 100 700 Td [(a 6) 500 (= b)] TJ ET") == "a \u2260 b"
    assert _text(b"BT /F1 10 Tf 100 700 Td [(a 6) 500 (- b)] TJ ET") == "a \u0338- b"


def test_every_spacing_accent_and_combining_mark_and_nothing_else_is_a_mark() -> None:
    # accent_mark tells most characters by their code point before it looks in its table: every
    # character of the planes in use must come out as the table and the mark block say.
    for point in range(0x30000):
        char = chr(point)
        expected = char if 0x300 <= point <= 0x36F else _COMBINING.get(char, "")
        assert accent_mark(char) == expected, hex(point)
    assert accent_mark("a\u0301") == ""  # a letter with its mark already is no accent glyph
