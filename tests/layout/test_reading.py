"""Reading order (SPEC §3.8): the guarded XY-cut on pages built to show each case."""

from __future__ import annotations

import math

import pagetext
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import form, open_page

SIZE = 10  # the test font: 5 units per glyph at 10 pt


def _line(x: float, y: float, text: str, size: float = SIZE) -> bytes:
    return b"BT /F1 %g Tf %g %g Td (%s) Tj ET\n" % (size, x, y, text.encode())


def _column(name: str, x: float, top: float, count: int, leading: float = 12) -> list[bytes]:
    """`count` lines "<name> line 01 text" starting at `top`, one under the other."""
    return [_line(x, top - i * leading, f"{name} line {i + 1:02d} text") for i in range(count)]


def _lines(page_text: str) -> list[str]:
    return page_text.split("\n")


def _expected(name: str, count: int) -> list[str]:
    return [f"{name} line {i + 1:02d} text" for i in range(count)]


def test_two_columns_drawn_row_by_row_read_column_by_column() -> None:
    left = _column("Left", 50, 700, 20)
    right = _column("Right", 320, 700, 20)
    content = b"".join(a + b for a, b in zip(left, right, strict=True))
    page = open_page(content)
    assert _lines(page.text()) == _expected("Left", 20) + _expected("Right", 20)
    assert page.text(order="content").startswith("Left line 01 text Right line 01 text\n")


def test_row_by_row_in_one_text_object_splits_at_the_gutter() -> None:
    # Each printed row is one line of the content stream across both columns.
    rows = [
        b"BT /F1 10 Tf 50 %d Td (Left line %02d text) Tj 270 0 Td (Right line %02d text) Tj ET\n"
        % (700 - 12 * i, i + 1, i + 1)
        for i in range(12)
    ]
    assert _lines(open_page(b"".join(rows)).text()) == _expected("Left", 12) + _expected("Right", 12)


def test_three_columns() -> None:
    columns = [_column(name, x, 700, 12) for name, x in (("One", 40), ("Two", 230), ("Three", 420))]
    content = b"".join(b"".join(parts) for parts in zip(*columns, strict=True))
    assert _lines(open_page(content).text()) == _expected("One", 12) + _expected("Two", 12) + _expected(
        "Three", 12
    )


def test_title_abstract_two_columns_and_footer_keep_their_places() -> None:
    title = _line(150, 760, "A Title That Spans The Whole Width Of The Page", 16)
    abstract = _line(50, 735, "Abstract: a single full width paragraph line above both of the two columns")
    left = _column("Left", 50, 700, 15)
    right = _column("Right", 320, 700, 15)
    footer = _line(50, 40, "Footer: page 1 of 1 with a running footer that spans the page width")
    content = footer + b"".join(a + b for a, b in zip(left, right, strict=True)) + abstract + title
    lines = _lines(open_page(content).text())
    assert lines[0] == "A Title That Spans The Whole Width Of The Page"
    assert lines[1].startswith("Abstract:")
    assert lines[2:17] == _expected("Left", 15)
    assert lines[17:32] == _expected("Right", 15)
    assert lines[32].startswith("Footer:")


def test_caption_spanning_the_columns_sits_between_the_parts_above_and_below() -> None:
    upper = [
        a + b for a, b in zip(_column("UpLeft", 50, 700, 10), _column("UpRight", 320, 700, 10), strict=True)
    ]
    caption = _line(60, 560, "Figure 1: a caption as wide as both columns together, under a figure")
    lower = [
        a + b
        for a, b in zip(_column("DownLeft", 50, 530, 10), _column("DownRight", 320, 530, 10), strict=True)
    ]
    lines = _lines(open_page(b"".join(upper) + caption + b"".join(lower)).text())
    assert lines == (
        _expected("UpLeft", 10)
        + _expected("UpRight", 10)
        + [lines[20]]
        + _expected("DownLeft", 10)
        + _expected("DownRight", 10)
    )
    assert lines[20].startswith("Figure 1:")


def test_sparse_title_page_with_two_x_peaks_is_not_split() -> None:
    content = b"".join(
        _line(x, 700 - 40 * i, f"{word} entry {i}")
        for i in range(4)
        for x, word in ((60, "Left"), (360, "Right"))
    )
    page = open_page(content)
    assert page.text() == page.text(order="content")


def test_table_crossing_the_gutter_of_a_two_column_page() -> None:
    left = _column("Left", 50, 700, 12)
    right = _column("Right", 320, 700, 12)
    table = [
        _line(50, 540 - 14 * r, f"cell{r}a")
        + _line(200, 540 - 14 * r, f"cell{r}b")
        + _line(330, 540 - 14 * r, f"cell{r}c")
        + _line(460, 540 - 14 * r, f"cell{r}d")
        for r in range(4)
    ]
    lower_left = _column("LowLeft", 50, 470, 12)
    lower_right = _column("LowRight", 320, 470, 12)
    content = b"".join(left + right + table + lower_left + lower_right)
    lines = _lines(open_page(content).text())
    assert lines[:24] == _expected("Left", 12) + _expected("Right", 12)
    assert lines[24:28] == [f"cell{r}a cell{r}b cell{r}c cell{r}d" for r in range(4)]
    assert lines[28:] == _expected("LowLeft", 12) + _expected("LowRight", 12)


def test_single_column_page_with_indented_code_is_not_split() -> None:
    code = ["def extract(path):", "with open(path) as doc:", "for page in doc:", "print(page.text())", "}"]
    indent = [0, 4, 8, 12, 0]
    content = b"".join(_line(50 + 5 * indent[i % 5], 700 - 12 * i, code[i % 5]) for i in range(30))
    page = open_page(content)
    assert page.text() == page.text(order="content")
    assert page.text().split("\n")[:2] == ["def extract(path):", "with open(path) as doc:"]


def test_numeric_table_is_read_row_by_row() -> None:
    rows = [b"".join(_line(60 + 120 * c, 700 - 14 * r, f"{r}.{c}") for c in range(4)) for r in range(15)]
    # Drawn column by column, the table still reads by rows: its cells share baselines.
    by_column = b"".join(_line(60 + 120 * c, 700 - 14 * r, f"{r}.{c}") for c in range(4) for r in range(15))
    expected = [" ".join(f"{r}.{c}" for c in range(4)) for r in range(15)]
    assert open_page(b"".join(rows)).text().split("\n") == expected
    assert open_page(by_column).text().split("\n") == expected


def test_rotated_sidebar_comes_after_the_body() -> None:
    body = b"".join(_column("Body", 80, 700, 12))
    cos, sin = math.cos(math.pi / 2), math.sin(math.pi / 2)
    sidebar = b"BT /F1 10 Tf %f %f %f %f 40 300 Tm (Rotated sidebar text) Tj ET\n" % (cos, sin, -sin, cos)
    lines = _lines(open_page(sidebar + body).text())
    assert lines == [*_expected("Body", 12), "Rotated sidebar text"]


# Single-column pages: a block drawn out of place is read where it stands.


def test_page_number_drawn_after_the_running_head_comes_last() -> None:
    head = _line(50, 760, "Quarterly Review of Language Design")
    number = _line(300, 40, "2")
    body = _column("Body", 50, 720, 20)
    lines = _lines(open_page(head + number + b"".join(body)).text())
    assert lines == ["Quarterly Review of Language Design", *_expected("Body", 20), "2"]


def test_title_drawn_last_comes_first() -> None:
    title = _line(120, 740, "A Title Drawn After Its Text", 16)
    body = _column("Body", 50, 700, 15)
    lines = _lines(open_page(b"".join(body) + title).text())
    assert lines == ["A Title Drawn After Its Text", *_expected("Body", 15)]


def test_footnotes_drawn_first_come_after_the_body_and_before_the_page_number() -> None:
    notes = _column("Note", 50, 90, 2)
    body = _column("Body", 50, 720, 20)
    number = _line(300, 40, "Page 1 of 23")
    lines = _lines(open_page(b"".join(notes + body) + number).text())
    assert lines == [*_expected("Body", 20), *_expected("Note", 2), "Page 1 of 23"]


def test_invisible_text_keeps_its_stream_place() -> None:
    # A producer's hidden credit line (render mode 3) at the foot of the page, drawn before
    # the page number: it has no place a reader sees, so it stays where the stream has it.
    body = _column("Body", 50, 720, 15)
    hidden = b"q BT 3 Tr /F1 1 Tf 3 1 Td (Powered by a PDF library) Tj ET Q\n"
    number = _line(300, 40, "page 3 / 3")
    head = _line(50, 760, "Running head")
    lines = _lines(open_page(head + number + b"".join(body) + hidden).text())
    assert lines == ["Running head", *_expected("Body", 15), "Powered by a PDF library", "page 3 / 3"]
    lines = _lines(open_page(b"".join(body) + hidden + number).text())
    assert lines == [*_expected("Body", 15), "Powered by a PDF library", "page 3 / 3"]
    # ... and is no anchor for the text around it, however long it is.
    short = _line(50, 740, "Paragraph 1.1") + hidden + number
    assert _lines(open_page(short).text()) == ["Paragraph 1.1", "Powered by a PDF library", "page 3 / 3"]
    # A page of nothing but invisible text (an OCR layer) is ordered by position.
    rows = b"".join(b"1 0 0 1 50 %d Tm (Scan %d) Tj " % (700 - 12 * i, i) for i in range(3))
    ocr = b"BT 3 Tr /F1 10 Tf " + rows + b"ET\n"
    title = b"BT 3 Tr /F1 16 Tf 50 740 Td (Scanned title) Tj ET"
    assert _lines(open_page(ocr + title).text()) == ["Scanned title", "Scan 0", "Scan 1", "Scan 2"]


def test_two_lines_drawn_a_word_at_a_time_in_turns_are_two_lines() -> None:
    # pdfplumber issue 987: "Big", "Small", "Text", "Text" drawn in turns on two baselines.
    content = _line(100, 541, "Big", 40) + _line(100, 495, "Small", 12)
    content += _line(200, 541, "Text", 40) + _line(135, 495, "Text", 12)
    assert _lines(open_page(content).text()) == ["Big Text", "Small Text"]


def test_a_word_drawn_after_the_rest_of_its_line_is_put_back_in_it() -> None:
    # Style runs drawn one after the other: the bold word last, in the gap left for it.
    body = _line(50, 700, "The quick") + _line(135, 700, "fox jumps") + _line(50, 688, "over the dog")
    bold = _line(100, 700, "brown")
    lines = _lines(open_page(body + bold).text())
    assert lines == ["The quick brown fox jumps", "over the dog"]


def test_a_side_label_beside_a_paragraph_is_not_joined_to_its_lines() -> None:
    # The label block is drawn first, then the paragraph beside it, half an em away.
    label = _line(50, 700, "Tax") + _line(50, 688, "regime")
    body = _line(87, 712, "The following notes sum up the tax") + _line(87, 700, "rules that apply to the")
    body += _line(87, 688, "contract as of today and")
    assert _lines(open_page(label + body).text()) == [
        "Tax",
        "regime",
        "The following notes sum up the tax",
        "rules that apply to the",
        "contract as of today and",
    ]


def test_a_drop_cap_is_no_part_of_the_line_on_its_baseline() -> None:
    content = _line(100, 676, "T", 30) + _line(120, 700, "he first") + _line(120, 688, "line and")
    content += _line(120, 676, "more")
    # It joins the word it begins on the first line (layout/dropcap.py).
    assert _lines(open_page(content).text()) == ["The first", "line and", "more"]


def test_well_ordered_page_keeps_the_stream_order() -> None:
    content = (
        _line(50, 760, "Running head")
        + _line(120, 730, "A Title", 16)
        + b"".join(_column("Body", 50, 700, 15))
        + b"".join(_column("Note", 50, 90, 2))
        + _line(300, 40, "7")
    )
    page = open_page(content)
    assert page.text() == page.text(order="content")


def test_form_with_labels_drawn_before_their_values_reads_label_and_value_together() -> None:
    labels = [_line(50, 700 - 24 * i, f"Label {i}:") for i in range(6)]
    values = [_line(200, 700 - 24 * i, f"value number {i}") for i in range(6)]
    number = _line(300, 40, "3")  # the page number, drawn first
    page = open_page(number + b"".join(labels + values))
    assert page.text().split("\n") == [f"Label {i}: value number {i}" for i in range(6)] + ["3"]


def test_side_by_side_blocks_drawn_one_after_the_other_keep_the_stream_order() -> None:
    upper_left = _column("UpperLeft", 50, 700, 2)
    lower_left = _column("LowerLeft", 50, 640, 2)
    right = _column("Right", 320, 700, 2)
    page = open_page(b"".join(upper_left + lower_left + right))
    assert page.text() == page.text(order="content")


def test_table_title_drawn_after_the_table_comes_first_and_rows_stay_whole() -> None:
    rows = [b"".join(_line(60 + 120 * c, 680 - 14 * r, f"{r}.{c}") for c in range(4)) for r in range(15)]
    title = _line(150, 720, "Table 1: Values by row", 14)
    lines = _lines(open_page(b"".join(rows) + title).text())
    assert lines == ["Table 1: Values by row"] + [" ".join(f"{r}.{c}" for c in range(4)) for r in range(15)]


def test_stamp_drawn_through_a_form_is_placed_where_it_stands() -> None:
    stamp = b"BT /F1 12 Tf 400 770 Td (APPROVED) Tj ET\n"  # the form borrows the page's font
    body = _column("Body", 50, 720, 12)
    page = open_page(b"".join(body) + b"/Stamp Do\n", xobjects=lambda pdf: {"Stamp": form(pdf, stamp)})
    assert _lines(page.text()) == ["APPROVED", *_expected("Body", 12)]


def test_rotated_sidebar_comes_before_the_page_number() -> None:
    body = b"".join(_column("Body", 80, 700, 12))
    sidebar = b"BT /F1 10 Tf 0 1 -1 0 40 400 Tm (Rotated sidebar text) Tj ET\n"
    number = _line(300, 40, "1")
    lines = _lines(open_page(number + sidebar + body).text())
    assert lines == [*_expected("Body", 12), "Rotated sidebar text", "1"]


# Two-column pages: a table inside one column stays in that column.


def _table_rows(x: float, top: float, rows: int) -> list[bytes]:
    return [b"".join(_line(x + 60 * c, top - 14 * r, f"r{r}c{c}") for c in range(3)) for r in range(rows)]


def test_table_inside_the_left_column_stays_in_it() -> None:
    left = _column("Left", 50, 700, 8) + _table_rows(50, 590, 4) + _column("LowLeft", 50, 520, 8)
    right = _column("Right", 320, 700, 20)
    lines = _lines(open_page(b"".join(a + b for a, b in zip(left, right, strict=True))).text())
    table = [f"r{r}c0 r{r}c1 r{r}c2" for r in range(4)]
    assert lines == _expected("Left", 8) + table + _expected("LowLeft", 8) + _expected("Right", 20)


def test_table_rows_on_the_other_columns_baselines_are_cut_at_the_gutter() -> None:
    # Each baseline is one text object across the gutter, so assembly joins a table row and
    # the right column's line into one line.
    rows = []
    for i in range(20):
        if 8 <= i < 12:
            r = i - 8
            left = b"(r%dc0) Tj 60 0 Td (r%dc1) Tj 60 0 Td (r%dc2) Tj 150 0 Td" % (r, r, r)
        else:
            left = b"(Left line %02d text) Tj 270 0 Td" % (i + 1)
        rows.append(b"BT /F1 10 Tf 50 %d Td %s (Right line %02d text) Tj ET\n" % (700 - 12 * i, left, i + 1))
    lines = _lines(open_page(b"".join(rows)).text())
    table = [f"r{r}c0 r{r}c1 r{r}c2" for r in range(4)]
    assert lines == _expected("Left", 20)[:8] + table + _expected("Left", 20)[12:] + _expected("Right", 20)


@needs_corpus
def test_lines_in_position_order_are_cut_as_the_sort_cuts_them() -> None:
    # The fast path (words as they come) against the general one (sorted by position), on
    # the lines of real pages: the same spans, words and extents.
    from pagetext.layout.params import LayoutParams
    from pagetext.layout.spans import spans_by_position, spans_in_order

    span_gap = LayoutParams().span_gap
    compared = 0
    for name in (
        "pdfjs__TAMReview",
        "pdfbox__eu-001",
        "samplefiles__multicolumn",
        "docling__right_to_left_01",
    ):
        with pagetext.open(CORPUS / "real" / f"{name}.pdf") as doc:
            for page in doc:
                for order, line in enumerate(page.lines(order="content")):
                    limit = span_gap * (line.bbox.y1 - line.bbox.y0)
                    fast = spans_in_order(line, order, (1.0, 0.0), True, limit)
                    if fast is None:
                        continue
                    slow = spans_by_position(line, order, (1.0, 0.0), True, limit)
                    assert [s.words for s in fast] == [s.words for s in slow]
                    assert [(s.x0, s.x1, s.y0, s.y1, s.chars, s.rtl_chars) for s in fast] == [
                        (s.x0, s.x1, s.y0, s.y1, s.chars, s.rtl_chars) for s in slow
                    ]
                    compared += len(fast)
    assert compared > 500


def test_words_out_of_order_are_cut_into_spans_by_where_they_start() -> None:
    # Drawn out of order: a word far right first, then two that start at the same place
    # (the longer first), then one within the gap limit of the longer one's end.
    from pagetext.geometry import Box
    from pagetext.layout.records import Line, Word
    from pagetext.layout.spans import spans_by_position

    def word(text: str, x0: float, x1: float) -> Word:
        quad = ((x0, 0.0), (x1, 0.0), (x1, 10.0), (x0, 10.0))
        return Word(text, (x0, 0.0, x1, 10.0), quad, (1.0, 0.0), "F", 10.0, ())

    words = (word("far", 100, 110), word("long", 0, 50), word("short", 0, 10), word("near", 60, 70))
    quad = ((0.0, 0.0), (110.0, 0.0), (110.0, 10.0), (0.0, 10.0))
    line = Line("far long short near", Box(0, 0, 110, 10), quad, (1.0, 0.0), "F", 10.0, words)
    spans = spans_by_position(line, 0, (1.0, 0.0), False, 15.0)
    assert [[w.text for w in span.words] for span in spans] == [["long", "short", "near"], ["far"]]
    assert [(span.x0, span.x1) for span in spans] == [(0, 70), (100, 110)]
    # A gap wider than the limit after the long word's end (not the short one's) cuts there.
    spans = spans_by_position(line, 0, (1.0, 0.0), False, 5.0)
    assert [[w.text for w in span.words] for span in spans] == [["long", "short"], ["near"], ["far"]]


def test_hundredths_round_half_to_even_as_round_does() -> None:
    from pagetext.layout.reading import _hundredths

    # Ties (x.5 hundredths, exact in binary) go to the even neighbour; others to the nearest.
    for value in (0.125, -0.125, 0.375, -0.375, 0.005, 0.015, 1.0, -1.0, 0.0, -0.0, 0.7071, -0.7071):
        assert _hundredths(value) == round(value * 100), value
    assert _hundredths(0.125) == 12 and _hundredths(0.375) == 38 and _hundredths(-0.125) == -12


@needs_corpus
def test_a_form_line_keeps_its_numbers_when_its_label_crosses_the_gutter() -> None:
    """A form's line number and box number stand on the baseline of a label that crosses the
    gutter before the box column: they read as one row with it, as the page shows it."""
    with pagetext.open(CORPUS / "real" / "pdfminer__f1040nr.pdf") as doc:
        lines = _lines(doc[0].text())
    for row in (
        "11 Taxable refunds, credits, or offsets of state and local income taxes (see page 11) 11",
        "12 Scholarship and fellowship grants. Attach Form(s) 1042-S or required statement (see page 11) 12",
        "16a IRA distributions 16a 16b Taxable amount (see page 12) 16b",
        "18 Rental real estate, royalties, partnerships, trusts, etc. Attach Schedule E (Form 1040) 18",
    ):
        assert row in lines


def test_a_table_of_contents_drawn_column_by_column_reads_entry_by_entry() -> None:
    """Titles, then their leader dots, then right-aligned page numbers past a gap wider than
    a word's: each entry reads title, dots, number on one line, in order."""
    entries = [
        ("1 Introduction", 3),
        ("2 Related work", 7),
        ("2.1 Extraction of text", 9),
        ("3 Method", 12),
        ("4 Evaluation", 18),
        ("References", 126),
    ]
    titles = b"".join(_line(72, 700 - 14 * i, title) for i, (title, _) in enumerate(entries))
    leaders = [(78 + 5 * len(title), "." * ((400 - 78 - 5 * len(title)) // 5)) for title, _ in entries]
    dots = b"".join(_line(x, 700 - 14 * i, text) for i, (x, text) in enumerate(leaders))
    numbers = b"".join(_line(430 - 5 * len(str(n)), 700 - 14 * i, str(n)) for i, (_, n) in enumerate(entries))
    expected = [f"{title} {text} {n}" for (title, n), (_, text) in zip(entries, leaders, strict=True)]
    assert _lines(open_page(titles + dots + numbers).text()) == expected
