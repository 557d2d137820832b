"""Type0 fonts: Identity-H/V, /W and /W2 widths, embedded CMaps, ToUnicode."""

from __future__ import annotations

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.fonts.cmap import CMap, UnicodeMap
from pagetext.fonts.cmap_file import parse_cmap
from tests.corpus import CORPUS, cases, needs_corpus, normalise
from tests.pdfbuild import identity_font, open_page


def test_identity_h_with_w_widths() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {"F2": identity_font(pdf, {1: "日", 2: "本"}, widths={1: 500}, default_width=800)}

    page = open_page(b"BT /F2 10 Tf 0 0 Td <00010002> Tj ET", fonts=fonts)
    one, two = page.glyphs()
    assert (one.text, two.text, one.code, two.code) == ("日", "本", 1, 2)
    assert abs(one.glyph_end[0] - 5) < 1e-9
    assert abs(two.glyph_end[0] - 13) < 1e-9


def test_word_spacing_does_not_apply_to_two_byte_code_32() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {"F2": identity_font(pdf, {32: " ", 65: "A"})}

    page = open_page(b"BT /F2 10 Tf 5 Tw 0 0 Td <00200041> Tj ET", fonts=fonts)
    space, a = page.glyphs()
    assert space.text == " "
    assert abs(a.baseline_start[0] - 10) < 1e-9


def test_embedded_cmap_with_one_and_two_byte_codes() -> None:
    cmap = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Test-H def
2 begincodespacerange <00> <80> <8140> <FFFF> endcodespacerange
1 begincidrange <20> <7E> 1 endcidrange
1 begincidchar <8140> 633 endcidchar
endcmap end end"""
    to_unicode = b"""begincmap 1 begincodespacerange <00> <80> <8140> <FFFF> endcodespacerange
2 beginbfchar <41> <0041> <8140> <3000> endbfchar 1 beginbfrange <20> <20> <0020> endbfrange endcmap"""

    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = identity_font(pdf, {}, widths={34: 600, 633: 1000, 1: 250})
        font.Encoding = pdf.make_stream(cmap)
        font.ToUnicode = pdf.make_stream(to_unicode)
        return {"F2": font}

    page = open_page(b"BT /F2 10 Tf 3 Tw 0 0 Td <41208140> Tj ET", fonts=fonts)
    a, space, ideographic = page.glyphs()
    assert [g.text for g in (a, space, ideographic)] == ["A", " ", "\u3000"]
    assert (a.code, space.code, ideographic.code) == (0x41, 0x20, 0x8140)
    assert abs(a.glyph_end[0] - 6) < 1e-9  # CID 34 = 0x41 - 0x20 + 1
    assert abs(ideographic.baseline_start[0] - (6 + 2.5 + 3)) < 1e-9  # one-byte 32 takes Tw


def test_an_embedded_identity_cmap_is_kept_as_one_range() -> None:
    # Identity-H embedded as a stream: one cidrange over every two-byte code, read per code
    # rather than made into 65,536 entries.
    cmap = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Identity-H def
1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange
endcmap end end"""

    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = identity_font(pdf, {0x41: "A", 0x4E2D: "中"}, widths={0x41: 600})
        font.Encoding = pdf.make_stream(cmap)
        return {"F2": font}

    page = open_page(b"BT /F2 10 Tf 0 0 Td <00414E2D> Tj ET", fonts=fonts)
    a, zhong = page.glyphs()
    assert (a.text, zhong.text) == ("A", "中")
    assert abs(a.glyph_end[0] - 6) < 1e-9  # CID 0x41 takes its /W width
    font = a.source.font  # type: ignore[union-attr]
    assert font.cmap.cids == {} and font.cmap.cid_ranges == [(0, 0xFFFF, 0)]
    assert font.cid(0x4E2D) == 0x4E2D


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # A long range overrides the entries before it, an entry after it overrides the range.
        (
            b"1 begincidchar <0041> 7 endcidchar 1 begincidrange <0000> <00FF> 1000 endcidrange"
            b" 1 begincidchar <0042> 9 endcidchar",
            {0x41: 1065, 0x42: 9, 0x43: 1067, 0x100: None},
        ),
        # Of two long ranges over one code, the later wins; outside both, the earlier answers.
        (
            b"2 begincidrange <0000> <00FF> 0 <0080> <017F> 5000 endcidrange",
            {0x7F: 0x7F, 0x80: 5000, 0xFF: 5127, 0x17F: 5255, 0x180: None},
        ),
        # A short range after a long one is entries, found first.
        (b"2 begincidrange <0000> <00FF> 0 <0010> <0011> 77 endcidrange", {0x10: 77, 0x11: 78, 0x12: 0x12}),
    ],
)
def test_cidranges_override_in_the_order_they_are_defined(
    body: bytes, expected: dict[int, int | None]
) -> None:
    data = b"begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange " + body + b" endcmap"
    cmap, _ = parse_cmap(data, lambda message: None)
    assert {code: cmap.cid(code) for code in expected} == expected


def test_a_long_range_of_an_embedded_cmap_beats_its_usecmap_parent() -> None:
    child, parent = parse_cmap(
        b"/UniJIS-UCS2-H usecmap 1 begincidrange <0000> <00FF> 50000 endcidrange"
        b" 1 begincidchar <0042> 9 endcidchar",
        lambda message: None,
    )
    assert parent is None
    assert (child.cid(0x41), child.cid(0x42)) == (50065, 9)  # the parent maps <0041> too
    assert child.cid(0x4E00) is not None and child.cid(0x4E00) < 50000  # the parent's, outside the range


def test_vertical_w2_metrics() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = identity_font(pdf, {1: "あ"}, vertical=True)
        font.DescendantFonts[0].W2 = Array([1, Array([-500, 400, 800])])
        return {"F2": font}

    (glyph,) = open_page(b"BT /F2 10 Tf 100 200 Td <0001> Tj ET", fonts=fonts).glyphs()
    assert abs(glyph.glyph_end[1] - 195) < 1e-9  # w1y = -500
    assert abs(glyph.quad[0][0] - 96) < 1e-9  # vx = 400: the box starts 4 left of the origin
    assert Dictionary and Name  # the builders above use pikepdf objects


def test_a_vertical_fonts_decoded_record_carries_its_vertical_metrics() -> None:
    # Looked up once per code (w1, vx), not per glyph shown: a /W2 entry, then the default
    # (w1 -1000, vx half the width) for a CID without one.
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = identity_font(pdf, {1: "あ", 2: "い"}, vertical=True)
        font.DescendantFonts[0].W2 = Array([1, Array([-500, 400, 800])])
        font.DescendantFonts[0].W = Array([2, Array([600])])
        return {"F2": font}

    page = open_page(b"BT /F2 10 Tf 100 200 Td <00010002> Tj ET", fonts=fonts)
    first, second = page.glyphs()
    font = first.source.font  # type: ignore[union-attr]
    one, two = font.decode(b"\x00\x01\x00\x02")
    assert (one.w1, one.vx) == (-0.5, 0.4) == font.vertical_metrics(1)[:2]
    assert (two.w1, two.vx) == (-1.0, 0.3) == font.vertical_metrics(2)[:2]
    assert abs(second.baseline_start[1] - 195) < 1e-9  # moved down by the first's w1
    assert abs(second.quad[0][0] - 97) < 1e-9  # vx = 300: 3 left of the origin


def test_cmap_parser_usecmap_wmode_and_split() -> None:
    cmap, parent = parse_cmap(
        b"/Parent-H usecmap /WMode 1 def 1 begincodespacerange <00> <7F> endcodespacerange "
        b"1 begincodespacerange <8000> <FFFF> endcodespacerange",
        lambda message: None,
    )
    assert parent == "Parent-H"
    assert cmap.wmode == 1
    assert list(cmap.split(b"A\x81\x40B")) == [(0x41, 1), (0x8140, 2), (0x42, 1)]
    assert list(CMap().split(b"\x00\x01\x00")) == [(1, 2), (0, 1)]


def _widths(array: pikepdf.Object, cids: range = range(-2, 40)) -> dict[int, float]:
    """The widths /W gives the CIDs in `cids`, as a table."""
    from pagetext.fonts.cid_metrics import cid_widths

    widths = cid_widths(array)
    return {cid: widths.get(cid, -1.0) for cid in cids if widths.get(cid, -1.0) != -1.0}


def test_w_and_w2_arrays_in_both_forms() -> None:
    from pagetext.fonts.cid_metrics import cid_vertical_metrics

    widths = _widths(Array([1, Array([500, 600]), 10, 12, 250, 20, Array([300]), 30, 29, 100]))
    assert widths == {1: 0.5, 2: 0.6, 10: 0.25, 11: 0.25, 12: 0.25, 20: 0.3}  # 30..29 is empty
    vertical = cid_vertical_metrics(
        Array([5, Array([-1000, 500, 880, -900, 400, 800, 1]), 7, 8, -900, 400, 800, 9, Array([1, 2])])
    )
    # A partial last triple, and an array shorter than one triple, give nothing.
    assert vertical == {5: (-1.0, 0.5, 0.88), 6: (-0.9, 0.4, 0.8), 7: (-0.9, 0.4, 0.8), 8: (-0.9, 0.4, 0.8)}


def test_w_entries_out_of_order_or_overlapping_read_as_in_turn() -> None:
    # In CID order (as producers write /W) the entries are searched; out of order or
    # overlapping, each entry is read over the ones before it, as a viewer does.
    in_order = Array([1, Array([500, 600]), 5, 7, 250, 9, Array([100])])
    assert _widths(in_order) == {1: 0.5, 2: 0.6, 5: 0.25, 6: 0.25, 7: 0.25, 9: 0.1}
    out_of_order = Array([9, Array([100]), 1, Array([500, 600]), 5, 7, 250])
    assert _widths(out_of_order) == _widths(in_order)
    overlapping = Array([1, 10, 300, 4, Array([700, 800]), 8, 8, 900])
    wide = dict.fromkeys(range(1, 11), 0.3)
    assert _widths(overlapping) == {**wide, 4: 0.7, 5: 0.8, 8: 0.9}
    # Non-numbers read as 0, as the glyph's width.
    assert _widths(Array([1, Array([500, Name.X]), 3, 3, Name.Y])) == {1: 0.5, 2: 0.0, 3: 0.0}


def test_a_w_array_with_a_cid_past_any_number_is_read_up_to_it() -> None:
    # A real of 400 digits reads as infinity: no CID, so the reading stops there, and the
    # font still reads (before, int(inf) raised OverflowError out of the library).
    array = pikepdf.Object.parse(b"[1 [500] " + b"9" * 400 + b".0 [600] 3 [700]]")
    assert _widths(array) == {1: 0.5}
    ranged = b"[1 [500] 2 " + b"9" * 400 + b".0 250]"
    assert _widths(pikepdf.Object.parse(ranged)) == {1: 0.5}

    def fonts(pdf: pikepdf.Pdf) -> dict[str, object]:
        font = identity_font(pdf, {1: "A", 2: "B"})
        font.DescendantFonts[0].W = pdf.make_indirect(pikepdf.Object.parse(ranged))
        return {"F1": font}

    page = open_page(b"BT /F1 10 Tf 72 700 Td <00010002> Tj ET", fonts=fonts)
    assert page.text() == "AB"


def test_to_unicode_ranges_short_long_joined_and_overridden() -> None:
    # An identity map written as many 256-code ranges is kept as one range; bfchar entries
    # win over ranges; a range into the surrogates or onto U+0000 says nothing.
    ranges = b" ".join(b"<%02X00> <%02XFF> <%02X00>" % (i, i, i) for i in range(0x20))
    data = (
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange "
        b"32 beginbfrange " + ranges + b" endbfrange "
        b"2 beginbfrange <2000> <2002> <0061> <3000> <30FF> <D800> endbfrange "
        b"1 beginbfchar <0041> <0042> endbfchar"
    )
    cmap, _ = parse_cmap(data, lambda message: None)
    to_unicode = UnicodeMap(cmap.unicode, cmap.unicode_ranges)
    assert to_unicode.ranges == [(0, 0x1FFF, 0), (0x3000, 0x30FF, 0xD800)]
    codes = (0x41, 0x42, 0x1FFF, 0x2001, 0x2100)
    assert [to_unicode.get(code) for code in codes] == ["B", "B", "\u1fff", "b", None]
    assert to_unicode.get(0) is None
    assert to_unicode.get(0x3010) is None


def test_identity_h_odd_last_byte_is_a_code_of_its_own() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {"F2": identity_font(pdf, {0x41: "A", 0x42: "B"})}

    page = open_page(b"BT /F2 10 Tf <0041004242> Tj ET", fonts=fonts)
    assert [g.code for g in page.glyphs()] == [0x41, 0x42, 0x42]
    assert [g.text for g in page.glyphs()][:2] == ["A", "B"]


def test_one_and_two_byte_code_32_in_one_font_take_tw_apart() -> None:
    # Codes <20> (one byte) and <0020> (two bytes) are both the number 32; only the one-byte
    # code is a word space for Tw (§9.3.3), however often and in whichever order they are shown.
    cmap = b"""begincmap 2 begincodespacerange <20> <20> <0000> <1FFF> endcodespacerange
1 begincidrange <0000> <1FFF> 0 endcidrange 1 begincidchar <20> 32 endcidchar endcmap"""

    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = identity_font(pdf, {32: " ", 65: "A"}, widths={32: 0, 65: 0})
        font.Encoding = pdf.make_stream(cmap)
        return {"F2": font}

    page = open_page(b"BT /F2 10 Tf 5 Tw 0 0 Td <0020200020200041> Tj ET", fonts=fonts)
    xs = [round(g.baseline_start[0], 6) for g in page.glyphs()]
    assert xs == [0, 0, 5, 5, 10]


def test_a_font_shares_one_decoded_record_per_code() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {"F2": identity_font(pdf, {0x41: "A"})}

    page = open_page(b"BT /F2 10 Tf <0041> Tj <00410041> Tj ET", fonts=fonts)
    font = page.glyphs()[0].source.font  # type: ignore[union-attr]
    first, second = font.decode(b"\x00\x41\x00\x41")
    assert first is second is font.decode(b"\x00\x41")[0]
    assert (first.code, first.text, first.is_space) == (0x41, "A", False)


def test_a_predefined_cmap_is_read_once_and_never_changed_by_its_users() -> None:
    from pagetext.fonts.predefined import predefined_cmap

    base = predefined_cmap("UniJIS-UCS2-H")
    assert base is not None and base is predefined_cmap("UniJIS-UCS2-H")
    before = dict(base.cids)
    child, parent = parse_cmap(
        b"/UniJIS-UCS2-H usecmap 1 begincidchar <0041> 9999 endcidchar", lambda message: None
    )
    assert parent is None and child.cids[0x41] == 9999
    assert base.cids == before and base.cids.get(0x41) != 9999


@pytest.mark.parametrize(
    "data",
    [
        b"",  # no map: every code falls through
        b"2 beginbfchar <41> <0058> <E9> <00650301> endbfchar",
        b"1 beginbfrange <20> <7E> <0020> endbfrange 1 beginbfchar <41> <0042> endbfchar",
        b"1 beginbfrange <00> <FF> <0100> endbfrange",  # a long range, read per code
    ],
)
def test_to_unicode_one_byte_codes_read_at_once_as_one_by_one(data: bytes) -> None:
    # A simple font reads its 256 codes in one call; each must be what get() gives.
    cmap, _ = parse_cmap(b"1 begincodespacerange <00> <FF> endcodespacerange " + data, lambda message: None)
    to_unicode = UnicodeMap(cmap.unicode, cmap.unicode_ranges)
    assert to_unicode.byte_texts() == [to_unicode.get(code) for code in range(256)]


@needs_corpus
def test_a_corpus_font_whose_tounicode_is_an_identity_cmap_reads_it_as_one_range() -> None:
    # The producer wrote the Identity-H CMap (one cidrange over all codes) as the font's
    # /ToUnicode: parsed, it is one kept range, not 65,536 entries, and the text is read on.
    (case,) = [case for case in cases("real") if case.name == "pdfbox__PDFBOX-4322-Empty-ToUnicode-reduced"]
    with pagetext.open(case.pdf) as doc:
        assert normalise(doc[0].text()) == case.expect["text"]
    with pikepdf.open(case.pdf) as pdf:
        (font,) = [
            obj for obj in pdf.objects if isinstance(obj, Dictionary) and obj.get("/Subtype") == "/Type0"
        ]
        cmap, _ = parse_cmap(font.ToUnicode.read_bytes(), lambda message: None)
    assert cmap.cids == {} and cmap.cid_ranges == [(0, 0xFFFF, 0)]


def _widths_read_in_turn(array: pikepdf.Array) -> dict[int, float]:
    """/W read item by item through pikepdf, each entry over the ones before (§9.7.4.3)."""
    items = list(array)
    widths: dict[int, float] = {}
    i = 0
    while i + 1 < len(items):
        first, following = int(items[i]), items[i + 1]
        if isinstance(following, pikepdf.Array):
            for offset, value in enumerate(following):
                widths[first + offset] = float(value) / 1000
            i += 2
        else:
            for cid in range(first, int(following) + 1):
                widths[cid] = float(items[i + 2]) / 1000
            i += 3
    return widths


@needs_corpus
@pytest.mark.parametrize(
    "name",
    ["pdfjs__issue20319_1", "pdfjs__issue6127", "pdfjs__mixedfonts", "pymupdf__bug1945", "pdfjs__issue16063"],
)
def test_real_w_arrays_give_every_cid_its_width(name: str) -> None:
    from pagetext.fonts.cid_metrics import cid_widths

    checked = 0
    with pikepdf.open(CORPUS / "real" / f"{name}.pdf") as pdf:
        for obj in pdf.objects:
            if not isinstance(obj, Dictionary) or obj.get("/Subtype") not in (
                "/CIDFontType0",
                "/CIDFontType2",
            ):
                continue
            if not isinstance(obj.get("/W"), pikepdf.Array):
                continue
            expected = _widths_read_in_turn(obj.W)
            widths = cid_widths(obj.W)
            # Asked out of order, and CIDs no entry names keep the default.
            cids = [*sorted(expected, reverse=True), min(expected) - 1, max(expected) + 1]
            assert {cid: widths.get(cid, -1.0) for cid in cids} == {**dict.fromkeys(cids, -1.0), **expected}
            checked += 1
    assert checked


@needs_corpus
def test_a_real_vertical_pages_records_carry_the_metrics_its_font_gives() -> None:
    # pdfminer__jo: Japanese set vertically; each glyph's decoded record holds the w1 and vx
    # that vertical_metrics gives its code.
    with pagetext.open(CORPUS / "real" / "pdfminer__jo.pdf") as document:
        glyphs = [glyph for page in document for glyph in page.glyphs() if glyph.writing_mode == 1]
    assert len(glyphs) > 100
    for glyph in glyphs:
        font = glyph.source.font  # type: ignore[union-attr]
        (record,) = font.decode(glyph.code.to_bytes(2, "big"))
        assert (record.w1, record.vx) == font.vertical_metrics(glyph.code)[:2]
