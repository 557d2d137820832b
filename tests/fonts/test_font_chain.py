"""Where text comes from when the PDF's dictionaries do not say: predefined CMaps, character
collections, embedded font programs, fallbacks; and what is done to the text (ligatures)."""

from __future__ import annotations

import contextlib
import zlib
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.fonts import simple
from pagetext.fonts.program import load_program
from pagetext.layout.params import LayoutParams
from tests.corpus import NO_CORPUS, cases, normalise
from tests.fonts.fontprograms import cff, truetype, type1_cleartext
from tests.pdfbuild import identity_font, open_page, simple_font


def _texts(content: bytes, fonts: Any) -> str:
    return "".join(g.text for g in open_page(content, fonts=fonts).glyphs())


def _cjk_font(pdf: pikepdf.Pdf, encoding: str, ordering: str, **extra: Any) -> pikepdf.Object:
    descendant = Dictionary(
        Type=Name.Font,
        Subtype=Name.CIDFontType0,
        BaseFont=Name.KozMinPro,
        CIDSystemInfo=Dictionary(
            Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String(ordering), Supplement=2
        ),
        FontDescriptor=Dictionary(
            Type=Name.FontDescriptor, FontName=Name.KozMinPro, Flags=4, Ascent=880, Descent=-120
        ),
        DW=1000,
    )
    font = Dictionary(
        Type=Name.Font, Subtype=Name.Type0, BaseFont=Name.KozMinPro, Encoding=Name("/" + encoding),
        DescendantFonts=Array([pdf.make_indirect(descendant)]), **extra,
    )  # fmt: skip
    return pdf.make_indirect(font)


def _hex(data: bytes) -> bytes:
    return b"<" + data.hex().encode() + b">"


def test_predefined_shift_jis_cmap_without_to_unicode() -> None:
    text = "あ、日本語A"
    content = b"BT /F1 10 Tf " + _hex(text.encode("cp932")) + b" Tj ET"
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "90ms-RKSJ-H", "Japan1")}) == text


def test_predefined_vertical_cmap_sets_writing_mode() -> None:
    content = b"BT /F1 10 Tf " + _hex("縦書".encode("cp932")) + b" Tj ET"
    glyphs = open_page(content, fonts=lambda pdf: {"F1": _cjk_font(pdf, "90ms-RKSJ-V", "Japan1")}).glyphs()
    assert "".join(g.text for g in glyphs) == "縦書"
    assert [g.writing_mode for g in glyphs] == [1, 1]


def test_predefined_chinese_and_korean_cmaps() -> None:
    chinese = "中华人民共和国"
    content = b"BT /F1 10 Tf " + _hex(chinese.encode("gbk")) + b" Tj ET"
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "GBK-EUC-H", "GB1")}) == chinese
    korean = "한국어"
    content = b"BT /F1 10 Tf " + _hex(korean.encode("cp949")) + b" Tj ET"
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "KSCms-UHC-H", "Korea1")}) == korean
    traditional = "中華民國"
    content = b"BT /F1 10 Tf " + _hex(traditional.encode("big5")) + b" Tj ET"
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "ETen-B5-H", "CNS1")}) == traditional


def test_unicode_cmap_codes_are_the_text() -> None:
    text = "あ𠀋"  # a BMP character and a surrogate pair
    content = b"BT /F1 10 Tf " + _hex(text.encode("utf-16-be")) + b" Tj ET"
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "UniJIS-UTF16-H", "Japan1")}) == text


def test_identity_h_with_a_collection_ordering_uses_its_cid_table() -> None:
    content = b"BT /F1 10 Tf <034B> Tj ET"  # CID 843 of Adobe-Japan1 is あ
    assert _texts(content, lambda pdf: {"F1": _cjk_font(pdf, "Identity-H", "Japan1")}) == "あ"


def test_useless_to_unicode_entries_fall_back_to_the_next_source() -> None:
    cmap = b"begincmap 2 beginbfchar <034B> <0000> <034C> <FFFD> endbfchar endcmap"

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": _cjk_font(pdf, "Identity-H", "Japan1", ToUnicode=pdf.make_stream(cmap))}

    assert _texts(b"BT /F1 10 Tf <034B034C> Tj ET", fonts) == "あぃ"


def test_to_unicode_bfrange_crossing_a_byte_boundary() -> None:
    cmap = (
        b"begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"1 beginbfrange <00FE> <0101> <0041> endbfrange endcmap"
    )

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = identity_font(pdf, {})
        font.ToUnicode = pdf.make_stream(cmap)
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf <00FE00FF01000101> Tj ET", fonts) == "ABCD"


def test_identity_font_without_to_unicode_reads_the_embedded_truetype_cmap() -> None:
    program = truetype([".notdef", "h", "i", "uni263A"], {ord("h"): "h", ord("i"): "i"})

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = identity_font(pdf, {})
        del font["/ToUnicode"]
        descendant = font.DescendantFonts[0]
        descendant.CIDSystemInfo.Ordering = pikepdf.String("Identity")
        descendant.FontDescriptor.FontFile2 = pdf.make_stream(program)
        return {"F1": font}

    # GIDs 1 and 2 through the cmap; GID 3 has no cmap entry but a meaningful post name.
    assert _texts(b"BT /F1 10 Tf <000100020003> Tj ET", fonts) == "hi☺"


def test_cids_behind_a_cidtogidmap_stream_are_read_as_unicode_last() -> None:
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = identity_font(pdf, {})
        del font["/ToUnicode"]
        descendant = font.DescendantFonts[0]
        descendant.CIDSystemInfo.Ordering = pikepdf.String("Identity")
        descendant.CIDToGIDMap = pdf.make_stream(bytes(2 * 128))
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf <004A0075> Tj ET", fonts) == "Ju"  # pdfbox PDFBOX-4322


def test_to_unicode_given_as_the_name_identity_h() -> None:
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = identity_font(pdf, {})
        font.ToUnicode = Name("/Identity-H")
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf <00560065> Tj ET", fonts) == "Ve"


def test_symbolic_truetype_without_encoding_uses_the_3_0_cmap() -> None:
    program = truetype([".notdef", "uni2713", "g2"], {}, symbolic_cmap={0xF041: "uni2713", 0xF042: "g2"})

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, base_font="Wingish", subtype="TrueType")
        font.FontDescriptor.Flags = 4
        font.FontDescriptor.FontFile2 = pdf.make_stream(program)
        return {"F1": font}

    # A → 0xF041 → uni2713; B → 0xF042 → g2, a name that says nothing: the code is the last resort.
    assert _texts(b"BT /F1 10 Tf (AB) Tj ET", fonts) == "✓B"


def test_glyph_id_names_resolve_through_the_embedded_program() -> None:
    program = truetype([".notdef", "space", "Aring", "uni0416"], {})

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        encoding = Dictionary(Type=Name.Encoding, Differences=Array([65, Name.g2, Name.g3]))
        font = simple_font(pdf, base_font="Subset", subtype="TrueType", encoding=encoding)
        font.FontDescriptor.FontFile2 = pdf.make_stream(program)
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf (AB) Tj ET", fonts) == "ÅЖ"


@pytest.mark.parametrize(("shown", "parsed"), [(b"BC", False), (b"AB", True)])
def test_the_embedded_program_is_parsed_only_when_a_shown_code_needs_it(shown: bytes, parsed: bool) -> None:
    # /g7 names no character: only the program could say what code 65 shows. The program is
    # damaged, so its warning tells whether it was parsed: for a string with an A, not without.
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        encoding = Dictionary(
            Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding, Differences=Array([65, Name.g7])
        )
        font = simple_font(pdf, base_font="Lazy", subtype="TrueType", encoding=encoding)
        font.FontDescriptor.FontFile2 = pdf.make_stream(b"no font program at all")
        return {"F1": font}

    with pytest.warns(pagetext.PdfWarning) if parsed else contextlib.nullcontext():
        page = open_page(b"BT /F1 10 Tf (" + shown + b") Tj ET", fonts=fonts)
        assert "".join(g.text for g in page.glyphs()) == shown.decode()  # the code as the last resort
    assert any("embedded font program could not be read" in w for w in page.warnings) == parsed


@pytest.mark.parametrize(("shown", "parsed"), [(b"A", False), (b"AB", True)])
def test_a_symbolic_truetype_program_is_parsed_only_when_a_shown_code_needs_it(
    shown: bytes, parsed: bool
) -> None:
    # A symbolic TrueType font without /Encoding: a TrueType program has no built-in encoding
    # to read first, so its cmap is read only for a code its ToUnicode leaves without text.
    to_unicode = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <00> <FF> endcodespacerange
1 beginbfchar <41> <0058> endbfchar
endcmap end end"""

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, base_font="PiFont", subtype="TrueType", to_unicode=to_unicode)
        font.FontDescriptor.Flags = 4
        font.FontDescriptor.FontFile2 = pdf.make_stream(b"no font program at all")
        return {"F1": font}

    with pytest.warns(pagetext.PdfWarning) if parsed else contextlib.nullcontext():
        page = open_page(b"BT /F1 10 Tf (" + shown + b") Tj ET", fonts=fonts)
        assert "".join(g.text for g in page.glyphs()) == "XB"[: len(shown)]
    assert any("embedded font program could not be read" in w for w in page.warnings) == parsed


@pytest.mark.parametrize(
    "name",
    [
        "pymupdf__test_2635",
        "pdfjs__pdkids",
        "camelot__icdar2013-us-030",
        "samplefiles__002-trivial-libre-office-writer",
    ],
)
def test_real_files_read_their_text_without_parsing_truetype_programs(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each of these has symbolic TrueType fonts without /Encoding whose programs were parsed
    # at load; every code they show has text from the PDF's own mappings, so none is now.
    case = next((c for c in cases("real") if c.name == name), None)
    if case is None:
        pytest.skip(NO_CORPUS)
    parsed: list[Any] = []

    def counting(descriptor: Any, warn: Any) -> Any:
        if isinstance(descriptor, pikepdf.Dictionary) and "/FontFile2" in descriptor:
            parsed.append(descriptor)
        return load_program(descriptor, warn)

    monkeypatch.setattr(simple, "load_program", counting)
    with pagetext.open(case.pdf, password=case.password) as doc:
        text = normalise("\n".join(page.text() for page in doc))
    assert parsed == []
    assert all(normalise(expected) in text for expected in case.expect["contains"])


def test_cff_charset_names_resolve_glyph_ids() -> None:
    program = cff([".notdef", "space", "eacute", "germandbls"])

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        encoding = Dictionary(Type=Name.Encoding, Differences=Array([65, Name.g2, Name.g3]))
        font = simple_font(pdf, base_font="CffSubset", encoding=encoding)
        font.FontDescriptor.FontFile3 = pdf.make_stream(program, Subtype=Name.Type1C)
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf (AB) Tj ET", fonts) == "éß"


def test_cff_builtin_encoding_gives_code_0_its_glyph() -> None:
    # TeX's cmsy has its minus at code 0. A CFF encoding of format 0 lists one code per glyph
    # from GID 1 on; fontTools leaves code 0 out. Built with minus at 127, then set to 0.
    program = bytearray(cff([".notdef", "minus", "multiply"], encoding={127: "minus", 2: "multiply"}))
    offset = program.index(bytes([0, 2, 127, 2]))  # format 0, two codes: minus, multiply
    program[offset + 2] = 0

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, base_font="CMSY10")
        font.FontDescriptor.Flags = 4  # symbolic: the program's own encoding
        font.FontDescriptor.FontFile3 = pdf.make_stream(bytes(program), Subtype=Name.Type1C)
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf <0002> Tj ET", fonts) == "−×"


def test_type1_builtin_encoding_is_used_without_an_encoding() -> None:
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, base_font="CMMI10")
        font.FontDescriptor.FontFile = pdf.make_stream(type1_cleartext({65: "alpha", 66: "beta"}))
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf (AB) Tj ET", fonts) == "αβ"


@pytest.mark.parametrize("clear_length_shift", [0, -40, 10_000])
def test_type1_builtin_encoding_read_from_the_clear_text_part_only(clear_length_shift: int) -> None:
    # /Length1 bounds the clear text that is inflated; a wrong one falls back to all of it.
    clear = type1_cleartext({65: "alpha", 66: "beta"})
    program = zlib.compress(clear + bytes(range(256)) * 64)

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, base_font="CMMI10")
        length1 = len(clear) - len(b"eexec\n") + clear_length_shift
        font.FontDescriptor.FontFile = pdf.make_stream(
            program, Filter=Name.FlateDecode, Length1=length1, Length2=64 * 256, Length3=0
        )
        return {"F1": font}

    assert _texts(b"BT /F1 10 Tf (AB) Tj ET", fonts) == "αβ"


def test_names_that_spell_their_own_code() -> None:
    encoding = Dictionary(
        Type=Name.Encoding, Differences=Array([235, Name.a235, 65, Name.G41, 66, Name.blot])
    )

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, base_font="T3ish", encoding=encoding)}

    # a235 and G41 name their codes; 'blot' names nothing known, and B is the last resort.
    assert _texts(b"BT /F1 10 Tf <eb4142> Tj ET", fonts) == "ëAB"


def test_ligatures_and_arabic_presentation_forms_are_expanded() -> None:
    cmap = b"begincmap 3 beginbfchar <41> <FB01> <42> <FB03> <43> <FEE1> endbfchar endcmap"
    page = open_page(b"BT /F1 10 Tf (ABC) Tj ET", fonts=lambda pdf: {"F1": simple_font(pdf, to_unicode=cmap)})
    assert [g.text for g in page.glyphs()] == ["fi", "ffi", "م"]
    assert [g.mapped_text for g in page.glyphs()] == ["\ufb01", "\ufb03", "\ufee1"]


def test_the_code_points_the_font_maps_to_can_be_kept() -> None:
    # A ligature, a Kangxi radical for 日, a CJK radical variant for 西, a typographic hyphen.
    cmap = b"begincmap 4 beginbfchar <41> <FB01> <42> <2F47> <43> <2EC4> <44> <2010> endbfchar endcmap"
    fonts = lambda pdf: {"F1": simple_font(pdf, to_unicode=cmap)}  # noqa: E731
    page = open_page(b"BT /F1 10 Tf (A) Tj ( B) Tj ( C) Tj ( D) Tj ET", fonts=fonts)
    assert page.text() == "fi 日 西 -"
    kept = page.text(params=LayoutParams(normalize_text=False))
    assert kept == "\ufb01 \u2f47 \u2ec4 \u2010"


def test_non_embedded_gbk_font_written_as_a_simple_font() -> None:
    # pdf.js XiaoBiaoSong.pdf: WinAnsi in the dictionary, GBK bytes in the strings and the name.
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = Dictionary(
            Type=Name.Font, Subtype=Name.TrueType, BaseFont=pikepdf.Object.parse(b"/#cb#ce#cc#e5"),
            Encoding=Name.WinAnsiEncoding, FirstChar=0, Widths=Array([500] * 256),
        )  # fmt: skip
        return {"F1": pdf.make_indirect(font)}

    text = "你好，世界A"
    page = open_page(b"BT /F1 10 Tf " + _hex(text.encode("gbk")) + b" Tj ET", fonts=fonts)
    assert "".join(g.text for g in page.glyphs()) == text
    assert page.glyphs()[0].font_name == "宋体"


def test_line_metrics_copied_from_a_huge_font_bbox_fall_back_to_defaults() -> None:
    # NotoSansCJK descriptors with Ascent 1806 / Descent -1046 (pdf.js issue6387).
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, base_font="Huge", ascent=1806, descent=-1046)}

    (glyph,) = open_page(b"BT /F1 10 Tf (A) Tj ET", fonts=fonts).glyphs()
    assert abs(glyph.box_height - 10.0) < 1e-9  # the default 0.8 / -0.2
