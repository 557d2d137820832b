"""Reading order on structured pages (issue 34): tables read by rows, columns cut only where
text flows, lists and contents by columns, title blocks first, grids by rows. Each page is
built in code for its class and drawn in more than one stream order: the order a reader sees
must not depend on the order the producer drew in."""

from __future__ import annotations

import pytest

from tests.pdfbuild import open_page

SIZE = 10  # the test font: every glyph 500 units wide, 5 pt at 10 pt


def _text(x: float, y: float, text: str, size: float = SIZE, font: str = "F1") -> bytes:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"BT /%s %g Tf %g %g Td (%s) Tj ET\n" % (font.encode(), size, x, y, escaped.encode("latin-1"))


def _right(x1: float, y: float, text: str, size: float = SIZE) -> bytes:
    """Text right-aligned at x1 (the test font's glyphs are half an em wide)."""
    return _text(x1 - len(text) * size / 2, y, text, size)


def _lines(page_text: str) -> list[str]:
    return [line for line in page_text.split("\n") if line.strip()]


STATEMENT = [
    ("Current assets:", None),
    ("Cash and cash equivalents", ("1,204", "987", "1,533")),
    ("Short-term investments", ("310", "295", "402")),
    ("Accounts receivable, net", ("2,456", "2,118", "1,990")),
    ("Inventories", ("812", "777", "690")),
    ("Prepaid expenses", ("96", "88", "101")),
    ("Total current assets", ("4,878", "4,265", "4,716")),
    ("Property and equipment, net", ("3,301", "3,120", "2,944")),
    ("Goodwill", ("1,150", "1,150", "1,150")),
    ("Other assets", ("244", "231", "219")),
    ("Total assets", ("9,573", "8,766", "9,029")),
    ("Current liabilities:", None),
    ("Accounts payable", ("1,045", "998", "1,102")),
    ("Accrued liabilities", ("633", "610", "587")),
    ("Total liabilities", ("1,678", "1,608", "1,689")),
]


Statement = list[tuple[str, tuple[str, ...] | None]]


def _statement(
    statement: Statement, left: float, top: float, number_edges: tuple[float, ...]
) -> list[list[bytes]]:
    """The statement's cells: [labels, column 1, column 2, ...], each a list of drawings."""
    columns: list[list[bytes]] = [[] for _ in range(len(number_edges) + 1)]
    for row, (label, values) in enumerate(statement):
        y = top - row * SIZE * 1.4
        columns[0].append(_text(left, y, label))
        for index, value in enumerate(values or ()):
            columns[index + 1].append(_right(number_edges[index], y, value))
    return columns


def _by_rows(statement: Statement, columns: list[list[bytes]]) -> bytes:
    """Cells drawn row by row; value columns skip the section rows."""
    rows = [[label] for label in columns[0]]
    value_rows = [row for row, (_, values) in enumerate(statement) if values is not None]
    for column in columns[1:]:
        for row, cell in zip(value_rows, column, strict=True):
            rows[row].append(cell)
    return b"".join(b"".join(row) for row in rows)


def _by_columns(statement: Statement, columns: list[list[bytes]]) -> bytes:
    return b"".join(b"".join(column) for column in columns)


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("draw", [_by_rows, _by_columns], ids=["rows", "columns"])
def test_a_financial_statement_reads_row_by_row(draw, count: int) -> None:  # type: ignore[no-untyped-def]
    # A label column and one to three number columns, the first 150 pt to the right of the
    # longest label: one number column is a label/value list.
    statement = [(label, None if values is None else values[:count]) for label, values in STATEMENT]
    columns = _statement(statement, 50, 700, (340, 420, 500)[:count])
    expected = [label if values is None else " ".join((label, *values)) for label, values in statement]
    assert _lines(open_page(draw(statement, columns)).text()) == expected


def _paragraph_lines(name: str, count: int, width_chars: int) -> list[str]:
    """Lines of a justified paragraph of made-up words, each about `width_chars` long."""
    words = [f"{name}{index:02d}" for index in range(count * (width_chars // 4))]
    lines: list[str] = []
    current: list[str] = []
    for word in words:
        if current and len(" ".join((*current, word))) > width_chars:
            lines.append(" ".join(current))
            current = []
        current.append(word)
        if len(lines) == count:
            break
    return lines[:count]


def _column_text(x: float, top: float, lines: list[str], leading: float = 12) -> list[bytes]:
    return [_text(x, top - index * leading, line) for index, line in enumerate(lines)]


def test_a_financial_statement_inside_the_right_column_of_a_two_column_page() -> None:
    left = _paragraph_lines("lf", 40, 46)
    right_above = _paragraph_lines("ra", 12, 46)
    right_below = _paragraph_lines("rb", 10, 46)
    # Right column: x 320–560; the statement's labels at 320, numbers right-aligned at 470, 515, 560.
    statement = [
        (label, values)
        for label, values in (
            ("Cash", ("12", "10", "9")),
            ("Receivables", ("45", "41", "38")),
            ("Inventories", ("8", "7", "7")),
            ("Total assets", ("65", "58", "54")),
        )
    ]
    content = b"".join(_column_text(50, 700, left))
    content += b"".join(_column_text(320, 700, right_above))
    top = 700 - 12 * len(right_above) - 10
    for row, (label, values) in enumerate(statement):
        y = top - row * 14
        content += _text(320, y, label) + b"".join(
            _right(edge, y, value) for edge, value in zip((470, 515, 560), values, strict=True)
        )
    content += b"".join(_column_text(320, top - 14 * len(statement) - 10, right_below))
    expected = left + right_above + [" ".join((label, *values)) for label, values in statement] + right_below
    assert _lines(open_page(content).text()) == expected


def _entries(first: int, count: int) -> list[list[str]]:
    """Reference entries as their printed lines (first line, then hanging continuation lines)."""
    entries = []
    for n in range(first, first + count):
        entries.append(
            [
                f"[{n}] A. Author{n} and B. Writer. A study",
                f"of things numbered {n} in a long title",
                f"that wraps. Proc. Conf. {n}, 2019.",
            ]
        )
    return entries


@pytest.mark.parametrize("draw_rows", [True, False], ids=["rows", "columns"])
def test_a_two_column_reference_list_with_hanging_indents(draw_rows: bool) -> None:
    left, right = _entries(1, 8), _entries(9, 8)

    def placed(x: float, entries: list[list[str]]) -> list[bytes]:
        drawn, y = [], 720.0
        for entry in entries:
            for index, line in enumerate(entry):
                drawn.append(_text(x if index == 0 else x + 15, y, line))
                y -= 12
            y -= 4
        return drawn

    left_drawn, right_drawn = placed(50, left), placed(320, right)
    if draw_rows:
        content = b"".join(a + b for a, b in zip(left_drawn, right_drawn, strict=True))
    else:
        content = b"".join(left_drawn + right_drawn)
    expected = [line for entry in left + right for line in entry]
    assert _lines(open_page(content).text()) == expected


CONTENTS = [
    ("1 Introduction", "1"),
    ("1.1 Scope", "2"),
    ("1.2 Terms", "4"),
    ("2 Background", "7"),
    ("2.1 History", "8"),
    ("2.2 Related work", "11"),
    ("3 Method", "15"),
    ("3.1 Data", "16"),
    ("3.2 Model", "19"),
    ("3.3 Training", "23"),
    ("4 Results", "27"),
    ("4.1 Accuracy", "28"),
    ("4.2 Speed", "31"),
    ("5 Discussion", "35"),
    ("6 Conclusion", "39"),
    ("A Appendix", "41"),
    ("A.1 Proofs", "42"),
    ("A.2 Tables", "45"),
    ("B Code", "48"),
    ("Index", "51"),
]


def test_a_form_with_a_large_rotated_title_drawn_last() -> None:
    body = []
    for row in range(12):
        y = 660 - row * 24
        body.append(_text(100, y, f"{row + 1} Line item label number {row + 1}"))
        body.append(_right(560, y, f"{(row + 1) * 125:,}.00"))
    department = _text(100, 730, "Department of the Treasury Internal Revenue Service", 8)
    heading = _text(100, 700, "U.S. Individual Income Tax Return for the year", 12)
    # The form's name, 24 pt, rotated 90° along the left edge of its header.
    title = b"BT /F1 24 Tf 0 1 -1 0 80 690 Tm (Form 1040) Tj ET\n"
    lines = _lines(open_page(department + heading + b"".join(body) + title).text())
    assert lines[0] == "Form 1040"
    assert lines[1:3] == [
        "Department of the Treasury Internal Revenue Service",
        "U.S. Individual Income Tax Return for the year",
    ]
    assert lines[3] == "1 Line item label number 1 125.00"
    assert lines[-1] == "12 Line item label number 12 1,500.00"


def test_a_paper_title_above_two_columns_stays_whole_and_first() -> None:
    title = _text(50, 740, "Reading Order of Structured Pages", 18)  # 297 pt wide: into the right column
    authors = _text(50, 716, "A. Author and B. Writer, Some University")
    left = _paragraph_lines("le", 30, 46)
    right_heading = "1 Introduction"
    right = _paragraph_lines("ri", 29, 46)
    content = b"".join(_column_text(50, 690, left))
    content += _text(320, 690, right_heading) + b"".join(_column_text(320, 678, right))
    lines = _lines(open_page(content + authors + title).text())
    assert lines[:2] == ["Reading Order of Structured Pages", "A. Author and B. Writer, Some University"]
    assert lines[2:32] == left
    assert lines[32] == right_heading
    assert lines[33:] == right


@pytest.mark.parametrize("draw_rows", [True, False], ids=["rows", "columns"])
def test_a_two_by_two_card_grid_reads_by_rows(draw_rows: bool) -> None:
    def card(number: int, x: float, top: float) -> tuple[list[bytes], list[str]]:
        lines = [f"{number}. Step {number} heading", *_paragraph_lines(f"c{number}w", 6, 44)]
        return _column_text(x, top, lines), lines

    cards = [card(1, 50, 700), card(2, 320, 700), card(3, 50, 560), card(4, 320, 560)]
    order = (0, 1, 2, 3) if draw_rows else (0, 2, 1, 3)
    content = b"".join(b"".join(cards[i][0]) for i in order)
    assert _lines(open_page(content).text()) == [line for _, lines in cards for line in lines]


def test_a_table_inside_one_column_reads_by_rows_inside_that_column() -> None:
    left = _paragraph_lines("lc", 36, 46)
    above = _paragraph_lines("ab", 10, 46)
    below = _paragraph_lines("be", 12, 46)
    rows = [
        ("Name", "Size", "Kind"),
        ("alpha", "12", "leaf"),
        ("beta", "7", "node"),
        ("gamma", "31", "leaf"),
        ("delta", "5", "root"),
        ("epsilon", "18", "node"),
    ]
    content = b""
    top = 700 - 12 * len(above) - 12
    # The right column's lines drawn first, then the left column's, with the table's rows on
    # the left column's baselines.
    content += b"".join(_column_text(320, 700, above))
    for index, (a, b, c) in enumerate(rows):
        y = top - 12 * index
        content += _text(320, y, a) + _right(450, y, b) + _text(480, y, c)
    content += b"".join(_column_text(320, top - 12 * len(rows) - 12, below))
    content += b"".join(_column_text(50, 700, left))
    expected = left + above + [" ".join(row) for row in rows] + below
    assert _lines(open_page(content).text()) == expected


def test_two_text_columns_sharing_a_blank_band_by_chance_still_read_by_columns() -> None:
    # Both columns leave a blank line at the same height (a section break on each side):
    # with no numbering counting along rows, it is no grid.
    upper_left, lower_left = _paragraph_lines("ul", 12, 46), _paragraph_lines("dl", 12, 46)
    upper_right, lower_right = _paragraph_lines("ur", 12, 46), _paragraph_lines("dr", 12, 46)
    content = b"".join(_column_text(50, 700, upper_left) + _column_text(50, 540, lower_left))
    content += b"".join(_column_text(320, 700, upper_right) + _column_text(320, 540, lower_right))
    expected = upper_left + lower_left + upper_right + lower_right
    assert _lines(open_page(content).text()) == expected


def _entry_joined(x: float, y: float, title: str, number: str) -> tuple[bytes, str]:
    """A contents entry as one run of text: title, leader dots to the page number."""
    dots = "." * int((240 - 5 * len(title) - 5 * len(number) - 15) / 5)
    drawn = _text(x, y, title) + _text(x + 5 * len(title) + 5, y, dots) + _right(x + 240, y, number)
    return drawn, f"{title} {dots} {number}"


def _entry_apart(x: float, y: float, title: str, number: str) -> tuple[bytes, str]:
    """A contents entry in cells: section number, title, spaced leader dots drawn a gap after
    the title, page number right-aligned."""
    section, _, name = title.partition(" ")
    dots = ". " * 8
    drawn = (
        _text(x, y, section) + _text(x + 30, y, name) + _text(x + 150, y, dots) + _right(x + 245, y, number)
    )
    return drawn, " ".join(part for part in (section, name, dots.strip(), number) if part)


@pytest.mark.parametrize("entry", [_entry_joined, _entry_apart], ids=["joined", "apart"])
@pytest.mark.parametrize("draw_rows", [True, False], ids=["rows", "columns"])
def test_a_two_column_table_of_contents_with_leader_dots(draw_rows: bool, entry) -> None:  # type: ignore[no-untyped-def]
    half = len(CONTENTS) // 2
    left = [entry(50, 720 - 16 * i, *CONTENTS[i]) for i in range(half)]
    right = [entry(320, 720 - 16 * i, *CONTENTS[half + i]) for i in range(half)]
    if draw_rows:
        drawn = [a[0] + b[0] for a, b in zip(left, right, strict=True)]
    else:
        drawn = [e[0] for e in left + right]
    assert _lines(open_page(b"".join(drawn)).text()) == [e[1] for e in left + right]


def test_a_statement_with_leader_dots_drawn_column_by_column_reads_by_rows() -> None:
    # Dot leaders run from each label almost to its amount, so no gutter shows; the amounts
    # drawn after all the labels join the rows their dots lead to, and a total's amount (no
    # dots) joins its row by the column of amounts the dots lead to.
    rows = [("Cash", "1,204"), ("Receivables", "310"), ("Inventories", "2,456"), ("Goodwill", "812")]
    labels = b"".join(
        _text(60, 700 - 14 * n, f"{label} " + ". " * ((300 - 5 * len(label)) // 10))
        for n, (label, _) in enumerate(rows)
    )
    labels += _text(60, 700 - 14 * len(rows), "Total assets")
    amounts = b"".join(_right(400, 700 - 14 * n, value) for n, (_, value) in enumerate(rows))
    amounts += _right(400, 700 - 14 * len(rows), "4,782")
    lines = _lines(open_page(labels + amounts).text())
    assert [line.split(" ")[0] + " " + line.split(" ")[-1] for line in lines] == [
        "Cash 1,204",
        "Receivables 310",
        "Inventories 2,456",
        "Goodwill 812",
        "Total 4,782",
    ]
