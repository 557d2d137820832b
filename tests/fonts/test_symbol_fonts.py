"""Symbol and math fonts without ToUnicode: the glyph names of their built-in encodings
(TeX's cmsy/txsys, ZapfDingbats subsets), and codes whose glyph nothing names (§9.6.6)."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

from tests.fonts.fontprograms import type1_cleartext
from tests.pdfbuild import open_page, simple_font

_FLAG_SYMBOLIC = 4
# pdfTeX's ToUnicode for txsys: it names only what glyphtounicode knows, not the prime at 48.
_PARTIAL_TO_UNICODE = b"begincmap 1 beginbfchar <37> <21A6> endbfchar endcmap"


def _symbol_font(pdf: pikepdf.Pdf, encoding: dict[int, str], to_unicode: bytes | None = None) -> Any:
    """A TeX-like embedded Type 1 font: symbolic, no /Encoding, its own built-in encoding."""
    font = simple_font(pdf, base_font="HDZQGZ+txsys", first_char=0, widths=[500] * 256, to_unicode=to_unicode)
    font.FontDescriptor.Flags = _FLAG_SYMBOLIC
    font.FontDescriptor.FontFile = pdf.make_stream(type1_cleartext(encoding))
    return font


def _text(content: bytes, font: Any) -> str:
    return open_page(content, fonts=lambda pdf: {"F1": font(pdf)}).text(order="content")


def _tex_font(to_unicode: bytes | None) -> Any:
    encoding = {0: "minus", 20: "lessequal", 33: "arrowright", 48: "prime", 51: "owner", 55: "mapsto"}
    return lambda pdf: _symbol_font(pdf, encoding, to_unicode)


def test_tex_symbol_glyph_names_give_their_characters() -> None:
    # A double prime is two prime glyphs; copy-paste from viewers gives two U+2032 as well.
    assert _text(b"BT /F1 10 Tf (00) Tj ET", _tex_font(None)) == "\u2032\u2032"
    assert _text(b"BT /F1 10 Tf <0014213337> Tj ET", _tex_font(None)) == "\u2212\u2264\u2192\u220b\u21a6"


def test_a_partial_to_unicode_leaves_the_other_codes_to_the_glyph_names() -> None:
    assert _text(b"BT /F1 10 Tf <303037> Tj ET", _tex_font(_PARTIAL_TO_UNICODE)) == "\u2032\u2032\u21a6"


def test_a_glyph_the_built_in_encoding_names_but_nobody_knows_is_unknown_text() -> None:
    # Linotype Pi fonts name their glyphs by part number; H18533 is in the AGL (a black
    # circle), H17075 is not: its code 169 is no © but a glyph no table names.
    font = lambda pdf: _symbol_font(pdf, {99: "H18533", 169: "H17075"})  # noqa: E731
    assert _text(b"BT /F1 10 Tf <63a9> Tj ET", font) == "\u25cf\ufffd"


def test_zapf_dingbats_names_in_a_font_under_another_name() -> None:
    def font(pdf: pikepdf.Pdf) -> Any:
        encoding = Dictionary(Type=Name.Encoding, Differences=Array([65, Name.a12, Name.a4, Name.a191]))
        return simple_font(pdf, base_font="ABCDEF+PiDingbats", encoding=encoding)

    assert _text(b"BT /F1 10 Tf (ABC) Tj ET", font) == "\u261e\u260e\u27be"
