"""Simple fonts: encodings, /Differences, glyph names, ToUnicode, widths, standard 14, Type3."""

from __future__ import annotations

import gc
import io

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.fonts import simple
from pagetext.fonts.loader import load_font
from pagetext.pdf.file_bytes import open_file_bytes
from pagetext.pdf.file_objects import FileDictionary, file_objects
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import open_page, simple_font


def glyph_texts(content: bytes, **font_options: object) -> list[str]:
    page = open_page(content, fonts=lambda pdf: {"F1": simple_font(pdf, **font_options)})  # type: ignore[arg-type]
    return [g.text for g in page.glyphs()]


def test_winansi_encoding() -> None:
    texts = glyph_texts(b"BT /F1 10 Tf <93e98094> Tj ET", encoding=Name.WinAnsiEncoding)
    assert texts == ["\u201c", "é", "\u20ac", "\u201d"]


def test_macroman_encoding() -> None:
    assert glyph_texts(b"BT /F1 10 Tf <8ed2> Tj ET", encoding=Name.MacRomanEncoding) == ["é", "\u201c"]


def test_standard_encoding_is_the_default_of_a_non_symbolic_font() -> None:
    # In StandardEncoding 0x27 is quoteright and 0x60 quoteleft.
    assert glyph_texts(b"BT /F1 10 Tf (A'`) Tj ET") == ["A", "\u2019", "\u2018"]


def test_differences_over_a_base_encoding() -> None:
    encoding = Dictionary(
        Type=Name.Encoding,
        BaseEncoding=Name.WinAnsiEncoding,
        Differences=Array([65, Name.fi, Name.uni0416, 100, Name("/f_f_l"), Name("/g123")]),
    )
    texts = glyph_texts(b"BT /F1 10 Tf (ABCde) Tj ET", encoding=encoding)
    # g123 names nothing and there is no font program: the code itself is the last resort.
    assert texts == ["fi", "Ж", "C", "ffl", "e"]


def test_to_unicode_overrides_the_encoding() -> None:
    cmap = b"""/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <00> <FF> endcodespacerange
2 beginbfchar <41> <0058> <42> <D835DC9C> endbfchar
2 beginbfrange <61> <63> <03B1> <64> <65> [<0066 0066> <263A>] endbfrange
endcmap end end"""
    texts = glyph_texts(b"BT /F1 10 Tf (ABabcde) Tj ET", to_unicode=cmap)
    assert texts == ["X", "\U0001d49c", "α", "β", "γ", "ff", "☺"]


def test_widths_start_at_first_char_and_missing_codes_take_missing_width() -> None:
    page = open_page(
        b"BT /F1 10 Tf 0 0 Td (ABC) Tj ET",
        fonts=lambda pdf: {"F1": simple_font(pdf, first_char=65, widths=[100, 200])},
    )
    a, b, c = page.glyphs()
    assert a.glyph_end[0] == 1.0
    assert b.baseline_start[0] == 1.0
    assert c.baseline_start[0] == 3.0
    assert c.glyph_end[0] == 3.0  # C is past /LastChar: MissingWidth, 0 here


def test_standard_14_font_without_widths_uses_afm_metrics() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name("/Arial,Bold"))
        return {"F1": pdf.make_indirect(font)}

    page = open_page(b"BT /F1 10 Tf 0 0 Td (AW) Tj ET", fonts=fonts)
    a, w = page.glyphs()
    assert abs(a.glyph_end[0] - 7.22) < 1e-9  # Helvetica-Bold A = 722
    assert abs(w.glyph_end[0] - 7.22 - 9.44) < 1e-9  # W = 944
    assert abs(a.quad[3][1] - 7.18) < 1e-9  # Ascender 718
    assert abs(a.quad[0][1] + 2.07) < 1e-9  # Descender -207


def test_symbol_font_uses_its_builtin_encoding() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {"F1": pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Symbol))}

    page = open_page(b"BT /F1 10 Tf (abp) Tj ET", fonts=fonts)
    assert [g.text for g in page.glyphs()] == ["α", "β", "π"]


def test_type3_font_matrix_scales_widths_and_box() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = Dictionary(
            Type=Name.Font,
            Subtype=Name.Type3,
            FontMatrix=Array([0.01, 0, 0, 0.01, 0, 0]),
            FontBBox=Array([0, -20, 100, 80]),
            FirstChar=97,
            Widths=Array([50, 60]),
            Encoding=Dictionary(Type=Name.Encoding, Differences=Array([97, Name.a, Name.b])),
            CharProcs=Dictionary(a=pdf.make_stream(b"50 0 d0"), b=pdf.make_stream(b"60 0 d0")),
            Resources=Dictionary(),
        )
        return {"F1": pdf.make_indirect(font)}

    page = open_page(b"BT /F1 10 Tf 0 0 Td (ab) Tj ET", fonts=fonts)
    a, b = page.glyphs()
    assert (a.text, b.text) == ("a", "b")
    assert abs(a.glyph_end[0] - 5.0) < 1e-9  # 50 × 0.01 × 10
    assert abs(b.glyph_end[0] - 11.0) < 1e-9
    assert abs(a.quad[0][1] + 2.0) < 1e-9 and abs(a.quad[3][1] - 8.0) < 1e-9


def test_type3_glyph_names_are_read_as_the_agl_reads_them() -> None:
    # A Type3 font's procedures are named as its producer likes: /square and /triangle for
    # codes 97 and 98 are no TeX symbols there; the codes read as viewers read them.
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = Dictionary(
            Type=Name.Font,
            Subtype=Name.Type3,
            FontMatrix=Array([0.001, 0, 0, 0.001, 0, 0]),
            FontBBox=Array([0, 0, 750, 750]),
            FirstChar=97,
            Widths=Array([1000, 1000]),
            Encoding=Dictionary(Type=Name.Encoding, Differences=Array([97, Name.square, Name.triangle])),
            CharProcs=Dictionary(
                square=pdf.make_stream(b"1000 0 d0 0 0 750 750 re f"),
                triangle=pdf.make_stream(b"1000 0 d0 0 0 m 375 750 l 750 0 l f"),
            ),
            Resources=Dictionary(),
        )
        return {"F1": pdf.make_indirect(font)}

    assert open_page(b"BT /F1 10 Tf 0 0 Td (abba) Tj ET", fonts=fonts).text() == "abba"


def test_zero_ascent_and_descent_fall_back_to_the_font_bbox() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf, base_font="Custom")
        font.FontDescriptor.Ascent = 0
        font.FontDescriptor.Descent = 0
        font.FontDescriptor.FontBBox = Array([0, -300, 1000, 900])
        return {"F1": font}

    (a,) = open_page(b"BT /F1 10 Tf (A) Tj ET", fonts=fonts).glyphs()
    assert abs(a.box_height - 12.0) < 1e-9


def test_font_without_any_metrics_still_has_a_positive_box() -> None:
    def fonts(pdf):  # type: ignore[no-untyped-def]
        return {
            "F1": pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.TrueType, BaseFont=Name.Unknown))
        }

    (a,) = open_page(b"BT /F1 10 Tf (A) Tj ET", fonts=fonts).glyphs()
    assert a.box_height > 0
    assert a.glyph_end[0] > a.baseline_start[0]


def test_missing_font_resource_warns_and_uses_fallback() -> None:
    page = open_page(b"BT /Nope 10 Tf (A) Tj ET")
    (a,) = page.glyphs()
    assert a.text == "A"
    assert any("Nope" in w for w in page.warnings)


def test_a_code_is_decoded_once_and_shared_by_every_string() -> None:
    pdf = pikepdf.new()
    font = load_font(simple_font(pdf, widths=list(range(500, 595))), lambda message: None)
    first, second = font.decode(b"aa")
    assert first is second
    assert (first.code, first.text, first.is_space) == (97, "a", False)
    assert first.width == pytest.approx(0.565)
    assert font.decode(b"ba")[1] is first
    assert font.decode(b" ")[0].is_space


def test_font_integers_past_any_number_fall_back_to_their_defaults() -> None:
    # Reals of 400 digits read as infinity, which int() refuses: /FirstChar falls back to 0,
    # /Flags to none, a /Differences code ends the run of names. Before, OverflowError
    # escaped from the font.
    huge = pikepdf.Object.parse(b"9" * 400 + b".0")

    def fonts(pdf: pikepdf.Pdf) -> dict[str, object]:
        font = simple_font(pdf, widths=[500] * 256, first_char=0)
        font.FirstChar = huge
        font.LastChar = huge
        font.FontDescriptor.Flags = huge
        font.Encoding = Dictionary(Type=Name.Encoding, Differences=Array([65, Name.B, huge, Name.C]))
        return {"F1": font}

    page = open_page(b"BT /F1 10 Tf 72 700 Td (AB) Tj ET", fonts=fonts)
    assert page.text() == "BB"
    assert page.glyphs()[0].baseline_end[0] == pytest.approx(77.0)


def test_fonts_with_the_same_mappings_share_their_code_texts() -> None:
    pdf = pikepdf.new()
    warn = lambda message: None  # noqa: E731
    winansi = load_font(simple_font(pdf, encoding=Name.WinAnsiEncoding), warn)
    again = load_font(simple_font(pdf, encoding=Name.WinAnsiEncoding, widths=[250] * 95), warn)
    assert again.texts is winansi.texts  # type: ignore[attr-defined]
    assert again.decode(b"\x93")[0].text == "\u201c"
    assert again.decode(b"A")[0].width == pytest.approx(0.25)  # widths stay the font's own
    # Other glyph names, or a ToUnicode map over the same names, give texts of their own.
    differences = Dictionary(
        Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding, Differences=Array([65, Name.B])
    )
    other = load_font(simple_font(pdf, encoding=differences), warn)
    cmap = b"begincmap 1 beginbfchar <41> <0058> endbfchar endcmap"
    mapped = load_font(simple_font(pdf, encoding=Name.WinAnsiEncoding, to_unicode=cmap), warn)
    assert [font.decode(b"A\x93")[0].text for font in (winansi, other, mapped)] == ["A", "B", "X"]
    assert mapped.decode(b"\x93")[0].text == "\u201c"


def test_remembered_code_texts_are_bounded() -> None:
    from pagetext.fonts import simple

    pdf = pikepdf.new()
    for code in range(simple.MAX_KNOWN_ENCODINGS + 3):
        encoding = Dictionary(Type=Name.Encoding, Differences=Array([33, Name(f"/g{code}")]))
        load_font(simple_font(pdf, encoding=encoding), lambda message: None)
    assert 0 < len(simple._KNOWN_CODE_TEXTS) <= simple.MAX_KNOWN_ENCODINGS


def test_standard14_fonts_without_widths_share_their_metrics_table() -> None:
    # A standard 14 font without /Widths takes its widths from the font's metrics (§9.6.2.2):
    # every such font of the same names shares one table, built once.
    def bare(base_font: str, encoding: object) -> pikepdf.Dictionary:
        return Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name(base_font), Encoding=encoding)

    warn = lambda message: None  # noqa: E731
    helvetica = load_font(bare("/Helvetica", Name.WinAnsiEncoding), warn)
    again = load_font(bare("/Arial", Name.WinAnsiEncoding), warn)  # an alias of Helvetica
    assert again.widths is helvetica.widths  # type: ignore[attr-defined]
    assert helvetica.decode(b"A")[0].width == pytest.approx(0.667)
    assert helvetica.decode(b"\x93")[0].width == pytest.approx(0.333)  # quotedblleft
    # Another font, or other names, have widths of their own.
    times = load_font(bare("/Times-Roman", Name.WinAnsiEncoding), warn)
    assert times.decode(b"A")[0].width == pytest.approx(0.722)
    differences = Dictionary(
        Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding, Differences=Array([65, Name.W])
    )
    renamed = load_font(bare("/Helvetica", differences), warn)
    assert renamed.widths is not helvetica.widths  # type: ignore[attr-defined]
    assert renamed.decode(b"A")[0].width == pytest.approx(0.944)  # W
    assert helvetica.decode(b"A")[0].width == pytest.approx(0.667)


@needs_corpus
def test_a_forms_helvetica_without_widths_reads_the_shared_metrics() -> None:
    # pdfminer__AcroForm_TEST labels its fields in /Helvetica, WinAnsiEncoding, no /Widths:
    # two documents' loads of it take one table, and "B" advances Helvetica's 667 units.
    import pagetext
    from pagetext.fonts import simple

    path = CORPUS / "real" / "pdfminer__AcroForm_TEST.pdf"
    fonts = []
    for _ in range(2):
        with pikepdf.open(path) as pdf:
            fonts.append(load_font(pdf.pages[0].Resources.Font["/FXF1"], lambda message: None))
    assert fonts[0].widths is fonts[1].widths  # type: ignore[attr-defined]
    assert any(table is fonts[0].widths for table in simple._KNOWN_STANDARD14_WIDTHS.values())  # type: ignore[attr-defined]
    with pagetext.open(path) as doc:
        first = doc[0].glyphs()[0]
    assert first.text == "B"
    assert first.baseline_end[0] - first.baseline_start[0] == pytest.approx(0.667 * 12)


def _tracked_lists(root: object) -> list[list[object]]:
    """The lists the cycle collector tracks that a font's own records lead to (through
    pagetext's objects and the containers they hold, not through pikepdf's objects)."""
    found: list[list[object]] = []
    seen: set[int] = set()
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, list) and gc.is_tracked(item):
            found.append(item)
        if type(item).__module__.startswith("pagetext") or isinstance(item, (list, tuple, dict)):
            todo.extend(gc.get_referents(item))
    return found


def test_a_fonts_tables_leave_the_cycle_collectors_lists() -> None:
    # A font lives as long as its document (its code texts longer, shared): a collection
    # that finds its tables alive counts them towards the next full collection of the heap,
    # which walks each list item by item. Only the codes' decoded records stay in a list.
    pdf = pikepdf.new()
    to_unicode = b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <0042> endbfchar"
    for options in ({}, {"encoding": Name.WinAnsiEncoding, "to_unicode": to_unicode}):
        font = load_font(simple_font(pdf, **options), lambda message: None)  # type: ignore[arg-type]
        assert [glyph.text for glyph in font.decode(b"AB")] == (["B", "B"] if options else ["A", "B"])
        gc.collect()
        gc.collect()
        assert [len(table) for table in _tracked_lists(font)] == [256]


@pytest.mark.parametrize("program_key", ["/FontFile2", "/FontFile", "/FontFile3"])
def test_a_descriptor_read_from_the_file_tells_a_truetype_program_as_pikepdf_does(program_key: str) -> None:
    # A TrueType program (/FontFile2, a stream) has no built-in encoding: told from the
    # file's bytes for a descriptor read there, without the stream parsed (file_objects).
    pdf = pikepdf.new()
    font = simple_font(pdf)
    font.FontDescriptor[program_key] = pdf.make_stream(b"\0\1\0\0")
    pdf.add_blank_page()
    pdf.pages[0].Resources = Dictionary(Font=Dictionary(F1=font))
    data = io.BytesIO()
    pdf.save(data)
    reopened = pikepdf.open(io.BytesIO(data.getvalue()))
    objects = file_objects(reopened, open_file_bytes(data.getvalue()))
    assert objects is not None
    from_file = objects.dictionary(*reopened.pages[0].Resources.Font.F1.FontDescriptor.objgen)
    assert isinstance(from_file, FileDictionary)
    through_pikepdf = reopened.pages[0].Resources.Font.F1.FontDescriptor
    expected = program_key != "/FontFile2"
    assert simple._may_have_builtin_encoding(from_file) is expected
    assert simple._may_have_builtin_encoding(through_pikepdf) is expected


@needs_corpus
def test_real_documents_fonts_keep_no_tracked_list_of_text_or_numbers() -> None:
    # Simple fonts with and without ToUnicode, a CIDFont with a /W of 644 items (a file of
    # object streams), a vertical Japanese page: after the read, what the fonts keep of
    # text and numbers has left the collector's lists; only lists of decoded records stay.
    names = ("pdfbox__openoffice-test-document", "pdfjs__issue15759", "pdfminer__jo", "pdfjs__tracemonkey")
    for name in names:
        with pagetext.open(CORPUS / "real" / f"{name}.pdf") as document:
            for page in document:
                page.text()
            fonts = list(document._context.fonts._fonts.values())
            for _ in range(3):  # a tuple leaves once what it holds has left: a pass per level
                gc.collect()
            assert fonts, name
            for font in fonts:
                for table in _tracked_lists(font):
                    kept = {type(item) for item in table} - {type(None), list}
                    assert not kept & {str, int, float, tuple}, (name, font, kept)
