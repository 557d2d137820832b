"""Control characters a font maps (ToUnicode to C0 or C1 codes) are no text: the glyph stays a
record with empty text, the words around it keep their gaps, and U+FFFD is left for codes
that nothing decodes."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

from tests.pdfbuild import identity_font, open_page, simple_font


def _cid_fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
    # Every CID advances one em but 4 and 5, which advance nothing.
    to_unicode = {1: "a", 2: "\x03", 3: "b", 4: "\x00", 5: "\x85", 6: "c\x01"}
    return {"F1": identity_font(pdf, to_unicode, widths={4: 0, 5: 0})}


def test_cids_mapped_to_control_characters_are_dropped() -> None:
    # CIDs 2, 4 and 5 map to ETX, NUL and NEL; 6 to "c" and SOH; 7 is not in the map at all.
    page = open_page(b"BT /F1 10 Tf 100 700 Td <00010003000400050006000200070001> Tj ET", fonts=_cid_fonts)
    assert page.text() == "abc \ufffda"  # CID 2 advances one em: a gap before CID 7
    assert [glyph.text for glyph in page.glyphs()] == ["a", "b", "", "", "c", "", "\ufffd", "a"]


def test_a_dropped_glyph_keeps_the_word_gap_its_advance_makes() -> None:
    # CID 2 advances 10 and shows nothing: a gap of one em between a and b; CID 4 none.
    content = b"BT /F1 10 Tf 100 700 Td <00010002000300010004000300010005> Tj ET"
    assert open_page(content, fonts=_cid_fonts).text() == "a baba"


def test_simple_font_codes_without_names_mapped_to_controls_are_dropped() -> None:
    # Codes below 32 name no glyph in StandardEncoding: mapped to controls they are no text,
    # where before they read as U+FFFD.
    cmap = b"begincmap 2 beginbfchar <01> <0002> <41> <0041> endbfchar endcmap"

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, first_char=0, widths=[500] * 128, to_unicode=cmap)}

    page = open_page(b"BT /F1 10 Tf 100 700 Td <014102> Tj ET", fonts=fonts)
    assert [glyph.text for glyph in page.glyphs()] == ["", "A", "\ufffd"]
    assert page.text() == "A\ufffd"


def test_a_glyph_name_that_spells_a_control_character_is_no_text() -> None:
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        differences = Array([65, Name("/uni0007"), Name("/uni0041")])
        return {"F1": simple_font(pdf, encoding=Dictionary(Type=Name.Encoding, Differences=differences))}

    page = open_page(b"BT /F1 10 Tf 100 700 Td (AB) Tj ET", fonts=fonts)
    assert [glyph.text for glyph in page.glyphs()] == ["", "A"]
