"""Assembly rules (SPEC §3.1–3.4), each with values just below and just above its threshold.

The default test font is 500 units wide per glyph, ascent 800, descent -200: at 10 pt every
glyph advances 5 and its box is 10 high, so the word-space limit is 1.5 and the line-break
limit 5.
"""

from __future__ import annotations

import pytest
from pikepdf import Array

import pagetext
from pagetext.layout.params import LayoutParams
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, identity_font, new_pdf, open_page, simple_font, to_bytes


def text(content: bytes, **page_options: object) -> str:
    return open_page(content, **page_options).text()


@pytest.mark.parametrize(("offset", "expected"), [(-140, "ab"), (-160, "a b")])
def test_word_space_threshold_from_tj_offset(offset: int, expected: str) -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td [(a) %d (b)] TJ ET" % offset) == expected


@pytest.mark.parametrize(("move", "expected"), [(6.4, "ab"), (6.6, "a b")])
def test_word_space_threshold_from_td(move: float, expected: str) -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td (a) Tj %.1f 0 Td (b) Tj ET" % move) == expected


def test_negative_tracking_handed_back_per_glyph_is_no_word_gap() -> None:
    # Tc -2 pulls each pen position back by 2; the TJ return of -200 gives it back. Measured
    # from the pen (baseline_end) the gap would be 2 > 1.5; from glyph_end it is 0.
    content = b"BT /F1 10 Tf -2 Tc 100 700 Td [(9) -200 (5) -200 (A) -200 (B)] TJ ET"
    assert text(content) == "95AB"


def test_one_point_font_with_the_size_in_the_text_matrix() -> None:
    content = b"BT /F1 1 Tf 10 0 0 10 100 700 Tm [(ab) -160 (cd)] TJ 0 -1.2 Td (ef) Tj ET"
    assert text(content) == "ab cd\nef"


@pytest.mark.parametrize(("drop", "expected"), [(4.9, "a b"), (5.1, "a\nb")])
def test_line_break_threshold(drop: float, expected: str) -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td (a) Tj 10 -%.1f Td (b) Tj ET" % drop) == expected


def test_superscript_with_rise_stays_on_the_line() -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td (x) Tj 4 Ts (2) Tj 0 Ts ( y) Tj ET") == "x2 y"


def test_superscript_raised_by_a_full_em_stays_on_the_line() -> None:
    # pdf.js text_rise_eol_bug: the rise lifts "2" clear above the line's boxes; the text
    # rise is what superscripts are made with (§9.3.7), so the line is told without it.
    content = b"BT /F1 12 Tf 100 700 Td (E = mc) Tj /F1 8 Tf 12 Ts (2) Tj /F1 12 Tf 0 Ts ( is) Tj ET"
    assert text(content) == "E = mc2 is"
    assert text(b"BT /F1 12 Tf 100 700 Td (H) Tj /F1 8 Tf -9 Ts (2) Tj /F1 12 Tf 0 Ts (O) Tj ET") == "H2O"


def test_a_rise_does_not_join_lines_a_td_moved_apart() -> None:
    content = b"BT /F1 10 Tf 100 700 Td (one) Tj 3 Ts 0 -12 Td (two) Tj ET"
    assert text(content) == "one\ntwo"


def test_baseline_jitter_does_not_break_lines() -> None:
    content = b"BT /F1 10 Tf 100 700 Td (ab) Tj 0 0.3 Td (cd) Tj 0 -0.6 Td (ef) Tj ET"
    assert text(content) == "abcdef"


def test_big_word_and_small_caption_on_one_baseline() -> None:
    content = b"BT /F1 30 Tf 100 700 Td (BIG) Tj /F1 8 Tf 50 0 Td (small) Tj ET"
    assert text(content) == "BIG small"


def test_heading_over_a_small_line_below_its_box_breaks() -> None:
    # pdfplumber issue-987: the small line sits 20 below a 60 pt heading: less than half the
    # heading's height, but outside its box.
    content = b"BT /F1 60 Tf 100 700 Td (Big) Tj /F1 8 Tf 0 -20 Td (Small) Tj ET"
    assert text(content) == "Big\nSmall"


@pytest.mark.parametrize("angle", [30, 90, 180])
def test_rotated_runs_stay_one_line(angle: int) -> None:
    import math

    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    matrix = b"%.6f %.6f %.6f %.6f 300 400 Tm" % (cos, sin, -sin, cos)
    content = b"BT /F1 10 Tf " + matrix + b" [(Rotated) -300 (text) -300 (run)] TJ ET"
    page = open_page(content)
    assert page.text() == "Rotated text run"
    (line,) = page.lines()
    assert line.direction == pytest.approx((cos, sin))


def test_a_real_space_and_a_gap_give_one_space() -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td [(a ) -500 (b)] TJ ET") == "a b"


def test_cjk_justification_gaps_are_no_word_spaces() -> None:
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "日", 2: "本", 3: "語", 4: "A"})}  # noqa: E731
    page = open_page(
        b"BT /F2 10 Tf 100 700 Td [<0001> -400 <0002> -400 <0003> -400 <0004>] TJ ET", fonts=fonts
    )
    assert page.text() == "日本語 A"


def test_identity_v_columns_read_right_to_left() -> None:
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "一", 2: "二", 3: "三", 4: "四"}, vertical=True)}  # noqa: E731
    # Drawn left column first: the right column must still come first.
    content = b"BT /F2 10 Tf 100 700 Td <00030004> Tj ET BT /F2 10 Tf 120 700 Td <00010002> Tj ET"
    page = open_page(content, fonts=fonts)
    assert page.text() == "一二\n三四"


def test_vertical_stack_of_horizontal_cjk_glyphs_is_one_line() -> None:
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "縦", 2: "書", 3: "き"})}  # noqa: E731
    content = b"BT /F2 10 Tf 100 700 Td <0001> Tj 0 -10 Td <0002> Tj 0 -10 Td <0003> Tj ET"
    assert open_page(content, fonts=fonts).text() == "縦書き"


def test_slug_line_outside_the_crop_box_is_not_page_text() -> None:
    content = b"BT /F1 10 Tf 100 700 Td (Body) Tj ET BT /F1 6 Tf 20 10 Td (SLUG 4711) Tj ET"
    page = open_page(content, CropBox=Array([0, 36, 612, 792]))
    assert page.text() == "Body"
    assert "SLUG" in "".join(g.text for g in page.glyphs())


def test_fake_bold_duplicates_are_dropped_and_can_be_kept() -> None:
    # Word by word: the whole word drawn three times, offset by 0.3 and 0.2.
    words = b"BT /F1 10 Tf 100 700 Td (The) Tj ET BT /F1 10 Tf 100.3 700 Td (The) Tj ET "
    words += b"BT /F1 10 Tf 100 700.2 Td (The) Tj ET"
    page = open_page(words)
    assert page.text() == "The"
    assert page.text(params=LayoutParams(drop_duplicates=False)) == "The The The"
    # Glyph by glyph: each glyph drawn twice, 0.4 apart (0.04 of the box height).
    glyphs = b"BT /F1 10 Tf 100 700 Td [(T) 460 (T) 40 (h) 460 (h) 40 (e) 460 (e)] TJ ET"
    assert text(glyphs) == "The"


@pytest.mark.parametrize(("window", "expected"), [(3, "abc"), (2, "abc abc")])
def test_fake_bold_copy_counts_only_within_the_window(window: int, expected: str) -> None:
    # The copy's "a" comes three glyphs after the original "a": within a window of three
    # glyphs, not of two. Kept, the copy's "b" and "c" continue its run and are kept too.
    content = b"BT /F1 10 Tf 100 700 Td (abc) Tj ET BT /F1 10 Tf 100.3 700 Td (abc) Tj ET"
    page = open_page(content)
    assert page.text(params=LayoutParams(duplicate_window=window)) == expected


def test_fake_bold_copy_is_compared_with_kept_glyphs_only() -> None:
    # Three "x", each 0.3 right of the one before: the second and the third lie within 1.0
    # of the first (duplicate_tolerance 0.1 × box height 10) and are dropped. A third "y" lies
    # 0.9 from a dropped copy but 1.2 from the kept "y": it is kept.
    content = b"BT /F1 10 Tf 100 700 Td (x) Tj ET BT /F1 10 Tf 100.3 700 Td (x) Tj ET "
    content += b"BT /F1 10 Tf 100.6 700 Td (x) Tj ET "
    content += b"BT /F1 10 Tf 200 700 Td (y) Tj ET BT /F1 10 Tf 200.3 700 Td (y) Tj ET "
    content += b"BT /F1 10 Tf 201.2 700 Td (y) Tj ET"
    assert [line.text for line in open_page(content).lines(order="content")] == ["x yy"]


def test_repeated_letters_a_full_advance_apart_are_kept() -> None:
    assert text(b"BT /F1 10 Tf 100 700 Td (llama) Tj ET") == "llama"


def test_right_to_left_text_drawn_in_visual_order_reads_logically() -> None:
    cmap = b"begincmap 5 beginbfchar <41> <05E9> <42> <05DC> <43> <05D5> <44> <05DD> <45> <05E2> endbfchar"
    fonts = lambda pdf: {"F1": simple_font(pdf, to_unicode=cmap)}  # noqa: E731
    # Visual left to right: ע, a gap, then ם ו ל ש (DCBA). Read right to left: שלום, then ע.
    content = b"BT /F1 10 Tf 100 700 Td (E) Tj 10 0 Td (DCBA) Tj ET"
    assert open_page(content, fonts=fonts).text() == "שלום ע"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # Counted over all the line's glyphs, not by its first run or its longest one.
        (b"/A 10 Tf (ab) Tj /B 10 Tf (cde) Tj /A 10 Tf (fg) Tj /A 12 Tf (h) Tj", ("Times-Roman", 10)),
        (b"/A 10 Tf (ab) Tj /B 10 Tf (cd) Tj", ("Times-Roman", 10)),  # equals: the first
        (b"/A 10 Tf (a) Tj /B 10 Tf (cd) Tj /A 10 Tf (e) Tj /B 10 Tf (f) Tj", ("Courier", 10)),
        (b"/A 10 Tf (ab) Tj /A 12 Tf (cde) Tj", ("Times-Roman", 12)),  # one font, two sizes
    ],
)
def test_a_line_takes_its_commonest_font_and_size(content: bytes, expected: tuple[str, float]) -> None:
    fonts = lambda pdf: {  # noqa: E731
        "A": simple_font(pdf, base_font="Times-Roman"), "B": simple_font(pdf, base_font="Courier"),
    }  # fmt: skip
    page = open_page(b"BT 100 700 Td " + content + b" ET", fonts=fonts)
    (line,) = page.lines()
    assert (line.font_name, line.font_size) == expected


def test_words_and_lines_records() -> None:
    page = open_page(b"BT /F1 10 Tf 100 700 Td (Hello world) Tj 0 -20 Td [(Next) -300 (line)] TJ ET")
    first, second = page.lines()
    assert [w.text for w in first.words] == ["Hello", "world"]
    assert first.text == "Hello world"
    hello = first.words[0]
    assert hello.bbox == pytest.approx((100, 698, 125, 708))
    assert (hello.font_name, hello.font_size) == ("Helvetica", 10)
    assert first.bbox == pytest.approx((100, 698, 155, 708))
    assert [w.text for w in page.words()] == ["Hello", "world", "Next", "line"]
    assert len(second.glyphs) == 8


def test_slanted_words_are_boxed_around_all_their_corners() -> None:
    # A text matrix that slants the glyphs backwards: each glyph box is a parallelogram whose
    # left- and rightmost points are its top-left and bottom-right corners.
    page = open_page(b"BT /F1 10 Tf 1 0 -0.3 1 100 700 Tm (Hello) Tj ET")
    (word,) = page.words()
    assert word.bbox == pytest.approx((97.6, 698, 125.6, 708))
    assert [point for corner in word.quad for point in corner] == pytest.approx(
        [97.6, 698, 125.6, 698, 125.6, 708, 97.6, 708]
    )


def test_layout_params_are_validated() -> None:
    for bad in ({"word_gap": 0}, {"line_shift": -1}, {"drop_duplicates": "yes"}, {"duplicate_window": 0}):
        with pytest.raises(ValueError):
            LayoutParams(**bad)  # type: ignore[arg-type]


def test_document_text_over_page_ranges() -> None:
    pdf = new_pdf()
    for word in (b"one", b"two", b"three"):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (" + word + b") Tj ET", fonts={"F1": simple_font(pdf)})
    with pagetext.open(to_bytes(pdf)) as doc:
        assert doc.text(pages="3,1-2") == "three\fone\ftwo"
        with pytest.raises(pagetext.UsageError):
            doc.text(pages="4")


def test_letter_spaced_line_keeps_its_words() -> None:
    # ashow-style tracking of 0.2 em on every glyph: more than a word gap, so the line's own
    # median gap is its tracking and only the wider word gaps become spaces.
    content = b"BT /F1 10 Tf 2 Tc 100 700 Td (Letter spaced words here) Tj ET"
    assert text(content) == "Letter spaced words here"


def test_a_few_wide_gaps_are_not_tracking() -> None:
    # Word-by-word drawing: most gaps are zero, so no tracking; the word gaps stay spaces.
    content = b"BT /F1 10 Tf 100 700 Td [(alpha) -400 (beta) -400 (gamma)] TJ ET"
    assert text(content) == "alpha beta gamma"


def test_a_space_glyph_drawn_over_by_the_next_glyph_is_no_word_space() -> None:
    # "字 " per character, then a move of one glyph width: the space never shows.
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "红", 2: "军", 32: " "}, default_width=1000)}  # noqa: E731
    content = b"BT /F2 10 Tf 100 700 Td <00010020> Tj 10 0 Td <00020020> Tj ET"
    assert open_page(content, fonts=fonts).text() == "红军"
    # A space that shows as a gap stays.
    assert text(b"BT /F1 10 Tf 100 700 Td (a ) Tj 10 0 Td (b) Tj ET") == "a b"


@pytest.mark.parametrize(("offset", "expected"), [(-80, "aaaabbbbcccc"), (-120, "aaaa bbbb cccc")])
def test_tightly_set_line_keeps_its_shrunk_word_gaps(offset: int, expected: str) -> None:
    # Letters touch (median gap 0): gaps of 1.2 (0.12 × box height) are shrunk word spaces,
    # gaps of 0.8 are kerning. Outside such a line 1.2 would stay under the 1.5 limit.
    content = b"BT /F1 10 Tf 100 700 Td [(aaaa) %d (bbbb) %d (cccc)] TJ ET" % (offset, offset)
    assert text(content) == expected
    assert text(b"BT /F1 10 Tf 100 700 Td [(a) -120 (b)] TJ ET") == "ab"


def test_a_rotated_word_boxes_its_glyphs_not_its_rotated_rectangle() -> None:
    # bbox: the axis-aligned box around the glyphs' own corners; the rotated enclosing
    # rectangle (quad) reaches further out, and its bounds are not the word's box.
    page = open_page(b"BT /F1 10 Tf 0.7071 0.7071 -0.7071 0.7071 100 700 Tm (Hello) Tj ET")
    (word,) = page.words()
    corners = [point for glyph in word.glyphs for point in glyph.quad]
    expected = (
        min(x for x, _ in corners), min(y for _, y in corners),
        max(x for x, _ in corners), max(y for _, y in corners),
    )  # fmt: skip
    assert isinstance(word.bbox, pagetext.Box)
    assert word.bbox == pytest.approx(expected)
    assert word.bounds == pytest.approx(expected)


def test_explain_gives_the_decisions_assembly_took() -> None:
    # A letter-spaced line's gaps are letter gaps by the letter gaps around them: explain
    # names that evidence, and the break before the next line; the two letters of the last
    # line have one gap, too few to tell letter spacing.
    from pagetext.layout.assembly import explain
    from pagetext.layout.gaps import decide

    page = open_page(b"BT /F1 10 Tf 2 Tc 100 700 Td (Letter spaced) Tj 0 -20 Td (ok) Tj ET")
    assert page.text() == "Letter spaced\no k"
    pairs = explain(page.glyphs(), LayoutParams())
    decisions = [(prev.text + glyph.text, decision.reason) for prev, glyph, decision in pairs]
    tracked = "letter-spaced: the letter gaps around it are 0.20 × box height"
    assert decisions[:2] == [("Le", tracked), ("et", tracked)]
    assert decisions[-2:] == [("do", "new line"), ("ok", "gap")]
    assert [d.space for _, _, d in explain(page.glyphs(), LayoutParams())].count(True) == 1
    # Without the line's tracking, its letter gaps would have been word gaps.
    first, second = page.glyphs()[:2]
    assert decide(first, second, LayoutParams()).reason == "gap"


@needs_corpus
@pytest.mark.parametrize(
    ("name", "line", "copies"),
    [
        # A report title drawn four times over itself, a map label twice.
        ("pdfplumber__issue-842-example", "安徽安利合成革股份有限公司", 4),
        ("pdfminer__issue-1008-inline-ascii85", "Municipalité de Morin-Heights", 2),
    ],
)
def test_fake_bold_copies_in_real_files_are_read_once(name: str, line: str, copies: int) -> None:
    with pagetext.open(CORPUS / "real" / f"{name}.pdf") as doc:
        page = doc[0]
        lines = page.text().splitlines()
        raw = page.text(params=LayoutParams(drop_duplicates=False)).splitlines()
    assert line in lines
    assert any(text.count(line.split()[0]) == copies for text in raw)
