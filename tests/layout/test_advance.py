"""Writing direction from the glyphs' positions: runs that advance across their font's
writing mode are read along the actual advance (pagetext/layout/advance.py)."""

from __future__ import annotations

from typing import Any

from tests.pdfbuild import identity_font, open_page, simple_font

LATIN = {1: "H", 2: "e", 3: "l", 4: "o", 5: "w", 6: "r", 7: "d"}


def _vertical_latin(pdf: Any) -> dict[str, Any]:
    # Identity-V, every glyph 500 wide and 1000 down (the default DW2).
    return {"F2": identity_font(pdf, LATIN, vertical=True, default_width=500)}


def _side_by_side(codes: list[int | None], pitch: float = 5.0, word_gap: float = 3.0) -> bytes:
    """One Td per glyph along one horizontal baseline; None is a word gap."""
    parts = [b"BT /F2 10 Tf 100 700 Td"]
    step = 0.0
    for code in codes:
        if code is None:
            step += word_gap
            continue
        parts.append(b"%g 0 Td <%04X> Tj" % (step, code))
        step = pitch
    return b" ".join(parts) + b" ET"


def test_vertical_font_set_side_by_side_reads_as_one_horizontal_line() -> None:
    content = _side_by_side([1, 2, 3, 3, 4, None, 5, 4, 6, 3, 7])
    page = open_page(content, fonts=_vertical_latin)
    assert page.text() == "Hello world"
    (line,) = page.lines()
    assert line.direction == (1.0, 0.0)
    # The records keep their real geometry: a vertical glyph advancing down.
    first = line.words[0].glyphs[0]
    assert first.writing_mode == 1 and first.direction == (0.0, -1.0)
    assert first.baseline_start == (100.0, 700.0)


def test_vertical_cjk_font_set_side_by_side() -> None:
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "日", 2: "本", 3: "語"}, vertical=True)}  # noqa: E731
    content = b"BT /F2 10 Tf 100 700 Td <0001> Tj 10 0 Td <0002> Tj 10 0 Td <0003> Tj ET"
    assert open_page(content, fonts=fonts).text() == "日本語"


def test_true_vertical_columns_keep_reading_right_to_left() -> None:
    fonts = lambda pdf: {  # noqa: E731
        "F2": identity_font(pdf, {1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六"}, vertical=True)
    }
    # Left column drawn first, each column three glyphs down; then TJ with a pen move.
    content = b"BT /F2 10 Tf 100 700 Td <000400050006> Tj ET BT /F2 10 Tf 120 700 Td <00010002> Tj ET"
    content += b" BT /F2 10 Tf 120 680 Td [<0003>] TJ ET"
    assert open_page(content, fonts=fonts).text() == "一二三\n四五六"


def test_horizontal_latin_stacked_one_glyph_per_td_is_one_line() -> None:
    # A vertical label: each letter by its own Td one em (one box) below the previous one.
    content = (
        b"BT /F1 10 Tf 100 700 Td (T) Tj " + b" ".join(b"0 -10 Td (%c) Tj" % c for c in b"OTAL") + b" ET"
    )
    page = open_page(content)
    assert page.text() == "TOTAL"
    (line,) = page.lines()
    assert line.direction == (0.0, -1.0)
    assert [g.direction for g in line.glyphs] == [(1.0, 0.0)] * 5


def test_stacked_label_beside_horizontal_text() -> None:
    label = b"BT /F1 10 Tf 50 700 Td (T) Tj 0 -10 Td (O) Tj 0 -10 Td (P) Tj ET"
    body = b"BT /F1 10 Tf 100 700 Td (Some body text) Tj 0 -12 Td (on two lines) Tj ET"
    page = open_page(label + b" " + body)
    assert page.text() == "Some body text\non two lines\nTOP"
    # Every word holds the page's own glyph records: the label's re-oriented copies are put
    # back, the body's glyphs (never copied) are left as they are.
    records = {id(glyph) for glyph in page.glyphs()}
    words = [word for line in page.lines() for word in line.words]
    assert all(id(glyph) in records for word in words for glyph in word.glyphs)
    assert [glyph.direction for glyph in words[-1].glyphs] == [(1.0, 0.0)] * 3


def test_stacked_words_a_word_gap_or_an_empty_cell_apart() -> None:
    column = b"BT /F1 10 Tf 100 700 Td (A) Tj 0 -10 Td (B) Tj 0 -10 Td (C) Tj 0 -%d Td (D) Tj 0 -10 Td (E) Tj"
    column += b" 0 -10 Td (F) Tj ET"
    assert open_page(column % 14).text() == "ABC DEF"
    # An empty cell: two runs, still one column, a word space apart.
    assert open_page(column % 20).text() == "ABC DEF"


def test_horizontal_cjk_stacked_in_two_columns() -> None:
    fonts = lambda pdf: {  # noqa: E731
        "F2": identity_font(pdf, {1: "縦", 2: "書", 3: "き", 4: "文", 5: "字", 6: "列"})
    }
    right = b"BT /F2 10 Tf 120 700 Td <0001> Tj 0 -10 Td <0002> Tj 0 -10 Td <0003> Tj ET"
    left = b"BT /F2 10 Tf 100 700 Td <0004> Tj 0 -10 Td <0005> Tj 0 -10 Td <0006> Tj ET"
    assert open_page(right + b" " + left, fonts=fonts).text() == "縦書き\n文字列"


def test_rotated_text_follows_its_matrix() -> None:
    content = b"BT /F1 10 Tf 0 1 -1 0 100 100 Tm (Rotated text) Tj ET"
    page = open_page(content)
    assert page.text() == "Rotated text"
    assert page.lines()[0].direction == (0.0, 1.0)


def test_short_lines_of_a_paragraph_stay_lines() -> None:
    content = b"BT /F1 10 Tf 12 TL 100 700 Td (ab) Tj T* (cd) Tj T* (e) Tj T* (f) Tj T* (gh) Tj ET"
    assert open_page(content).text() == "ab\ncd\ne\nf\ngh"


def test_one_character_table_rows_one_line_spacing_apart_stay_rows() -> None:
    # Rows at 1.2 em: the boxes (1 em tall) leave a 0.2 em gap, wider than stacked letters.
    rows = b"BT /F1 10 Tf 100 700 Td (1) Tj 0 -12 Td (2) Tj 0 -12 Td (3) Tj 0 -12 Td (4) Tj ET"
    assert open_page(rows).text() == "1\n2\n3\n4"


def test_lines_of_growing_sizes_are_not_stacked() -> None:
    content = b"BT /F1 6 Tf 100 700 Td (5) Tj /F1 7 Tf 0 -7 Td (6) Tj /F1 8 Tf 0 -8 Td (7) Tj ET"
    assert open_page(content).text() == "5\n6\n7"


def test_drop_cap_is_not_a_column() -> None:
    fonts = lambda pdf: {"F1": simple_font(pdf)}  # noqa: E731
    content = b"BT /F1 30 Tf 100 676 Td (T) Tj ET"
    content += b" BT /F1 10 Tf 116 700 Td (he first) Tj 0 -12 Td (line and) Tj 0 -12 Td (more) Tj ET"
    page = open_page(content, fonts=fonts)
    # Nothing is re-oriented: the big letter is a drop cap and joins its word (layout/dropcap.py).
    assert page.text() == "The first\nline and\nmore"
    assert all(line.direction == (1.0, 0.0) for line in page.lines())


def test_empty_paragraphs_of_one_space_do_not_stack() -> None:
    # A word processor writes an empty paragraph as a lone space, one line (= one box) down.
    content = b"BT /F1 10 Tf 100 700 Td ( ) Tj 0 -10 Td ( ) Tj 0 -10 Td (This is) Tj 0 -10 Td (text) Tj ET"
    assert open_page(content).text() == "This is\ntext"


def test_pieces_of_a_tall_bracket_are_not_a_word() -> None:
    # A bracket three lines tall, set as top, middle and bottom pieces, one on the other.
    cmap = b"begincmap 3 beginbfchar <41> <23A1> <42> <23A2> <43> <23A3> endbfchar"
    fonts = lambda pdf: {"F1": simple_font(pdf), "F3": simple_font(pdf, to_unicode=cmap)}  # noqa: E731
    bracket = b"BT /F3 10 Tf 90 700 Td (A) Tj 0 -10 Td (B) Tj 0 -10 Td (C) Tj ET"
    body = b" BT /F1 10 Tf 100 690 Td (x = 1) Tj ET"
    page = open_page(bracket + body, fonts=fonts)
    assert all(line.direction == (1.0, 0.0) for line in page.lines())


def test_stacked_digits_and_cjk_of_a_horizontal_font_read_as_one_column() -> None:
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "第", 2: "1", 3: "2", 4: "条"})}  # noqa: E731
    content = b"BT /F2 10 Tf 100 700 Td <0001> Tj 0 -10 Td <0002> Tj 0 -10 Td <0003> Tj 0 -10 Td <0004> Tj ET"
    assert open_page(content, fonts=fonts).text() == "第12条"
