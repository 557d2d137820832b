"""Composite fonts' first-read work done when needed (issue 39): short /W arrays read item by
item, their nested widths per CID when first shown; ToUnicode entries kept without a regex
search when they are one printable character; codes decoded once per font."""

from __future__ import annotations

import gc
import random
import re

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

from pagetext.fonts.cid_metrics import WALKED_ITEMS, CidWidths, cid_widths, metric_entries
from pagetext.fonts.cmap import UnicodeMap
from pagetext.fonts.cmap_file import parse_cmap
from pagetext.fonts.composite import CompositeFont
from pagetext.fonts.loader import load_font
from tests.corpus import needs_corpus, real_pdfs
from tests.pdfbuild import identity_font, new_pdf

_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
CID_FONT_TYPES = ("/CIDFontType0", "/CIDFontType2")
MAX_CHECKED_SPAN = 2048  # longer entries are checked at both ends and a sample between


def _cids(entries: list[tuple[int, int, object]]) -> list[int]:
    """Every CID the entries name (long ranges sampled), and the CIDs around each entry."""
    cids: set[int] = set()
    for first, last, _ in entries:
        if last - first <= MAX_CHECKED_SPAN:
            cids.update(range(first - 1, last + 2))
        else:
            cids.update((first - 1, first, first + 1, (first + last) // 2, last - 1, last, last + 1))
    return sorted(cids)


def _same_widths(array: pikepdf.Array) -> int:
    """Whether cid_widths gives every CID the width of the syntax read whole (as before): the
    same float, bit for bit, asked in a shuffled order. Returns how many CIDs were checked."""
    entries = metric_entries(array, 1)  # the array written out and lexed whole
    whole = CidWidths(entries)
    lazy = cid_widths(array)
    cids = _cids(entries)
    random.Random(len(cids)).shuffle(cids)
    for cid in cids:
        assert repr(lazy.get(cid, -7.0)) == repr(whole.get(cid, -7.0)), cid
    assert lazy.first_cid() == whole.first_cid()
    return len(cids)


@needs_corpus
def test_real_w_arrays_read_item_by_item_give_every_cid_the_width_of_the_whole_syntax() -> None:
    walked = 0
    for pdf in real_pdfs():
        for obj in pdf.objects:
            if not isinstance(obj, Dictionary) or obj.get("/Subtype") not in CID_FONT_TYPES:
                continue
            array = obj.get("/W")
            if isinstance(array, pikepdf.Array):
                _same_widths(array)
                walked += len(array) <= WALKED_ITEMS
    assert walked > 100  # the corpus has ~160 such short arrays


def test_damaged_w_arrays_read_item_by_item_as_their_syntax_reads() -> None:
    pdf = new_pdf()
    target = pdf.make_indirect(Array([700, 800]))
    damaged = [
        Array([1, Array([500, 600.25, Name.A, String("12"), Array([3]), True, None]), 20, 22, 250]),
        Array([1, 3, Array([400]), 9, Array([100, 200])]),  # a range whose width is an array
        Array([5, Array([-1.5, 2.000001]), 3, Array([900]), 2, 10, 333]),  # out of order, overlapping
        Array([1, Array([500]), Name.X, Array([600])]),  # a CID that is no number ends the reading
        Array([1, Array([500]), 2.75, Array([600]), 4]),  # a real CID; an odd item at the end
        Array([1, target, 10, Array([5, 6])]),  # an indirect nested array
        Array([0, 65535 * 2, 1000]),  # a range past MAX_W_SPAN, clipped
        Array([]),
        # Numbers as files write them (pikepdf keeps a real's digits): signed zeros, bare dots.
        pikepdf.Object.parse(b"[ 1 [ -0.0 -.5 5. +3 -0 0012 1.50 ] 20 22 .25 30 [ -0 ] ]"),
    ]
    for array in damaged:
        assert len(array) <= WALKED_ITEMS
        _same_widths(pdf.make_indirect(array))


def test_a_font_decodes_each_code_alike_whether_shown_first_late_or_again() -> None:
    texts = {code: chr(0x4E00 + code) for code in range(1, 60)} | {60: "\x01", 61: "ab"}
    widths = {code: 100.0 + 7 * code for code in range(0, 70, 3)}
    pdf = new_pdf()
    fonts = [identity_font(pdf, texts, widths=widths, default_width=900, vertical=v) for v in (False, True)]
    codes = list(range(0, 70))
    for font_dict in fonts:
        eager = load_font(font_dict, lambda message: None)
        assert isinstance(eager, CompositeFont)
        expected = {}
        for code in codes:
            (glyph,) = eager.decode(code.to_bytes(2, "big"))
            expected[code] = (glyph.code, glyph.text, glyph.mapped_text, glyph.width, glyph.is_space)
        order = codes * 3
        random.Random(3).shuffle(order)
        late = load_font(font_dict, lambda message: None)
        data = b"".join(code.to_bytes(2, "big") for code in order)
        decoded = late.decode(data)
        records = [(g.code, g.text, g.mapped_text, g.width, g.is_space) for g in decoded]
        assert records == [expected[code] for code in order]
        assert decoded[0] is late.decode(data[:2])[0]  # one record per code, shared
        for code in codes:
            assert late.vertical_metrics(code) == eager.vertical_metrics(code)


def test_to_unicode_entries_of_one_character_kept_as_the_regex_keeps_them() -> None:
    # Every BMP character and a few astral ones as the text of a code: the entries kept, and
    # the dropped codes, are those removing control characters by regex gives.
    characters = [chr(value) for value in range(0x10000)] + ["\U0001f600", "\U00010000"]
    mapping = UnicodeMap(dict(enumerate(characters)), [])
    kept = {}
    dropped = set()
    for code, text in enumerate(characters):
        if text in ("", "\ufffd"):
            continue
        cleaned = _CONTROLS.sub("", text)
        if cleaned:
            kept[code] = cleaned
        else:
            dropped.add(code)
    assert mapping.entries == kept
    assert mapping.dropped == dropped


def test_short_bfranges_give_each_code_its_character_and_surrogates_u_fffd() -> None:
    cmap, _ = parse_cmap(
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
        b"3 beginbfrange <0010> <0012> <0041> <0020> <0023> <D7FE> <0030> <002F> <0050> endbfrange\n"
        b"1 beginbfrange <0040> <0041> <DFFF> endbfrange\n",
        lambda message: None,
    )
    assert cmap.unicode == {
        0x10: "A",
        0x11: "B",
        0x12: "C",
        0x20: "\ud7fe",
        0x21: "\ud7ff",
        0x22: "\ufffd",
        0x23: "\ufffd",
        0x40: "\ufffd",
        0x41: "\ue000",
    }
    assert list(cmap.unicode) == [0x10, 0x11, 0x12, 0x20, 0x21, 0x22, 0x23, 0x40, 0x41]


@pytest.mark.parametrize("items", [WALKED_ITEMS, WALKED_ITEMS + 1])
def test_w_arrays_either_side_of_the_item_limit_read_alike(items: int) -> None:
    values: list[object] = []
    while len(values) + 2 <= items:
        values += [len(values) * 10, Array([len(values) + 250, 333.5])]
    values += [5000] * (items - len(values))
    pdf = new_pdf()
    assert _same_widths(pdf.make_indirect(Array(values))) > 0


def test_w_entries_leave_the_cycle_collectors_lists() -> None:
    # A font keeps its /W entries as long as its document: each collection that finds them
    # alive counts them towards the next full collection of the heap, unless they leave the
    # collector's lists. A tuple of numbers leaves at the collector's first pass, the entry
    # holding it at the next (a list never does).
    pdf = new_pdf()
    array = pdf.make_indirect(Array([1, Array([500, 600, 700]), 10, 20, 250, 30, Array([333.5])] * 20))
    entries = metric_entries(array, 1)
    assert len(entries) == 60
    gc.collect()
    gc.collect()
    assert not any(gc.is_tracked(entry) for entry in entries)
    assert [entries[0][2], entries[1][2], entries[2][2]] == [(500, 600, 700), (250,), (333.5,)]


def test_a_cmaps_codespace_table_leaves_the_cycle_collectors_lists() -> None:
    # Built when a string is first split into codes, and kept as long as the CMap (predefined
    # ones: the process): tuples of plain values, which the collector drops from its lists.
    codespace = b"2 begincodespacerange <00> <80> <8140> <FFFC> endcodespacerange"
    cmap, _ = parse_cmap(codespace, lambda message: None)
    assert list(cmap.split(b"\x41\x81\x40\xff")) == [(0x41, 1), (0x8140, 2), (0xFF, 1)]
    for _ in range(3):  # a tuple leaves once what it holds has left: a pass for each level
        gc.collect()
    assert not gc.is_tracked(cmap._ranges_by_first_byte())


def test_a_cidtogidmap_stream_is_read_only_when_a_code_needs_it() -> None:
    pdf = new_pdf()
    font_dict = identity_font(pdf, {0x41: "A", 0x42: "B"})
    # Each CID its own glyph, as Tesseract's GlyphLessFont writes it: 128 KB inflated.
    gid_map = b"".join(cid.to_bytes(2, "big") for cid in range(0x10000))
    font_dict.DescendantFonts[0].CIDToGIDMap = pdf.make_stream(gid_map)
    warnings: list[str] = []
    font = load_font(font_dict, warnings.append)
    assert isinstance(font, CompositeFont)
    assert [glyph.text for glyph in font.decode(b"\x00\x41\x00\x42\x00\x41")] == ["A", "B", "A"]
    assert font.cid_to_gid_source is not None  # ToUnicode gave every code its text
    # A code without ToUnicode text: the map is read, and its CID read as Unicode (pdf.js).
    assert [glyph.text for glyph in font.decode(b"\x00\x43")] == ["C"]
    assert font.cid_to_gid_source is None
    assert font.cid_to_gid() == gid_map
    assert warnings == []


def test_an_unreadable_cidtogidmap_stream_warns_when_a_code_needs_it() -> None:
    pdf = new_pdf()
    font_dict = identity_font(pdf, {0x41: "A"})
    damaged = pdf.make_stream(b"not flate data")
    damaged.Filter = Name.FlateDecode
    font_dict.DescendantFonts[0].CIDToGIDMap = damaged
    warnings: list[str] = []
    font = load_font(font_dict, warnings.append)
    assert isinstance(font, CompositeFont)
    assert [glyph.text for glyph in font.decode(b"\x00\x41")] == ["A"]
    assert warnings == []
    font.decode(b"\x00\x43")
    assert font.cid_to_gid() is None
    assert len(warnings) == 1 and "CIDToGIDMap of font" in warnings[0]


def _gid_mapped_fonts(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """The file's Type0 fonts whose CIDFont has a CIDToGIDMap stream."""
    return [
        obj
        for obj in pdf.objects
        if isinstance(obj, Dictionary)
        and obj.get("/Subtype") == "/Type0"
        and isinstance(obj.get("/DescendantFonts"), Array)
        and isinstance(obj.DescendantFonts[0].get("/CIDToGIDMap"), pikepdf.Stream)
    ]


@needs_corpus
def test_real_fonts_with_a_gid_map_decode_alike_whether_it_is_read_first_or_when_needed() -> None:
    # OCR layers (Tesseract's GlyphLessFont), PDFBox's and SolidConverter's fonts: each code
    # decodes to the same record with the map read at loading as with it read when a code
    # first needs it; the codes ToUnicode gives text leave it unread.
    fonts = left_unread = 0
    for pdf in real_pdfs():
        for font_dict in _gid_mapped_fonts(pdf):
            eager = load_font(font_dict, lambda message: None)
            late = load_font(font_dict, lambda message: None)
            assert isinstance(eager, CompositeFont) and isinstance(late, CompositeFont)
            if eager.cmap is not None:
                continue  # codes of a CMap other than Identity: not enumerated here
            fonts += 1
            eager.cid_to_gid()
            mapped = [code for code in range(0x10000) if late.to_unicode.get(code)]
            data = b"".join(code.to_bytes(2, "big") for code in mapped)
            records = [(g.code, g.text, g.mapped_text, g.width) for g in late.decode(data)]
            assert records == [(g.code, g.text, g.mapped_text, g.width) for g in eager.decode(data)]
            left_unread += late.cid_to_gid_source is not None
            unmapped = b"".join(
                code.to_bytes(2, "big") for code in range(600) if not late.to_unicode.get(code)
            )
            assert [g.text for g in late.decode(unmapped)] == [g.text for g in eager.decode(unmapped)]
    assert fonts >= 10
    assert left_unread >= 10
