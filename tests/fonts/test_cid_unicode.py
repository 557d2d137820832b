"""A CID font without ToUnicode whose codes are Unicode values: read as such when the font
gives evidence for it (not embedded, or the embedded font's own cmap maps the code), and
U+FFFD when nothing does (§9.10.2 leaves it to the reader; poppler and PDFium read them)."""

from __future__ import annotations

from typing import Any

import pikepdf

from tests.fonts.fontprograms import truetype
from tests.pdfbuild import identity_font, open_page

# "Привет" as UTF-16 code units, which an Identity-H font reads as CIDs.
_PRIVET = "Привет".encode("utf-16-be")


def _identity_font(pdf: pikepdf.Pdf, program: bytes | None, widths: dict[int, float] | None) -> Any:
    font = identity_font(pdf, {}, widths=widths)
    del font["/ToUnicode"]
    descendant = font.DescendantFonts[0]
    descendant.CIDSystemInfo.Ordering = pikepdf.String("Identity")
    if program is not None:
        descendant.FontDescriptor.FontFile2 = pdf.make_stream(program)
    return font


def _text(program: bytes | None, widths: dict[int, float] | None = None, codes: bytes = _PRIVET) -> str:
    content = b"BT /F1 10 Tf 100 700 Td <" + codes.hex().encode() + b"> Tj ET"
    return open_page(content, fonts=lambda pdf: {"F1": _identity_font(pdf, program, widths)}).text()


def test_codes_of_a_font_that_is_not_embedded_read_as_unicode() -> None:
    # Its /W gives widths to the characters' CIDs, none below 32: no glyph ids.
    assert _text(None, {ord(c): 600 for c in "Привет"}) == "Привет"


def test_glyph_ids_of_a_font_that_is_not_embedded_stay_unknown() -> None:
    # Word writes the glyph ids of the system's Times New Roman (space 3, "v" 89, ...), and
    # its /W starts at CID 0; read as Unicode they would spell "YRLU" for "voir".
    widths = {cid: 500 for cid in range(0, 100)}
    assert _text(None, widths, codes=bytes([0, 0x59, 0, 0x52, 0, 3])) == "\ufffd" * 3


def test_codes_the_embedded_fonts_own_cmap_maps_read_as_unicode() -> None:
    letters = "Привет"
    program = truetype(
        [".notdef", *[f"g{i}" for i in range(len(letters))]], {ord(c): f"g{i}" for i, c in enumerate(letters)}
    )
    assert _text(program) == "Привет"


def test_codes_an_embedded_font_does_not_know_stay_unknown() -> None:
    program = truetype([".notdef", "g1"], {ord("x"): "g1"})
    assert _text(program) == "\ufffd" * 6
