"""Tables built in code with reportlab, found by page.tables() with their exact cells."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

import pagetext
from pagetext.tables.records import Table

canvas = pytest.importorskip("reportlab.pdfgen.canvas")


def _pdf(draw: Callable[[Any], None], size: tuple[float, float] = (595, 842), rotate: int = 0) -> bytes:
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=size)
    if rotate:
        c.setPageRotation(rotate)
    draw(c)
    c.showPage()
    c.save()
    return out.getvalue()


def _tables(data: bytes) -> list[Table]:
    with pagetext.open(data) as doc:
        return doc[0].tables()


def _grid(table: Table) -> list[list[str]]:
    grid = [[""] * table.n_cols for _ in range(table.n_rows)]
    for cell in table.cells:
        grid[cell.row][cell.col] = cell.text
    return grid


def _ruled(c: Any, rows: list[list[str]], x0: float, top: float, widths: list[float], height: float) -> None:
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [top - i * height for i in range(len(rows) + 1)]
    c.grid(xs, ys)
    c.setFont("Helvetica", 10)
    for r, row in enumerate(rows):
        for col, text in enumerate(row):
            if text:
                c.drawString(xs[col] + 4, ys[r] - height + 6, text)


ROWS = [["Name", "Qty", "Price"], ["Apples", "3", "1.20"], ["Pears", "12", "0.80"]]


def test_ruled_table_cells() -> None:
    (table,) = _tables(_pdf(lambda c: _ruled(c, ROWS, 100, 700, [120, 60, 60], 20)))
    assert table.method == "ruled"
    assert (table.n_rows, table.n_cols) == (3, 3)
    assert _grid(table) == ROWS
    first = next(cell for cell in table.cells if (cell.row, cell.col) == (0, 0))
    assert first.bbox == pytest.approx((100, 680, 220, 700), abs=0.01)
    assert table.column_edges == pytest.approx([100, 220, 280, 340], abs=0.01)
    assert table.pages == [1] and all(cell.page == 1 for cell in table.cells)


def test_spanning_cell_where_a_rule_is_missing() -> None:
    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        xs, ys = [100, 200, 300, 400], [700, 680, 660, 640]
        for y in ys:
            c.line(xs[0], y, xs[-1], y)
        c.line(100, 640, 100, 700)
        c.line(400, 640, 400, 700)
        for x in (200, 300):
            c.line(x, 640, x, 680)  # not through the top row
        c.drawString(104, 686, "Region")
        c.drawString(220, 686, "Sales 2024")  # across two columns
        for r, row in enumerate([["North", "10", "12"], ["South", "7", "9"]]):
            for col, text in enumerate(row):
                c.drawString(xs[col] + 4, ys[r + 1] - 14, text)

    (table,) = _tables(_pdf(draw))
    spans = {(c.row, c.col): (c.row_span, c.col_span, c.text) for c in table.cells}
    assert spans[(0, 0)] == (1, 1, "Region")
    assert spans[(0, 1)] == (1, 2, "Sales 2024")
    assert spans[(1, 2)] == (1, 1, "12")
    assert table.n_cols == 3


def test_wrapped_cell_text_in_a_ruled_cell() -> None:
    def draw(c: Any) -> None:
        c.grid([100, 220, 300], [700, 670, 650])
        c.setFont("Helvetica", 10)
        c.drawString(104, 688, "Chlorine and")
        c.drawString(104, 675, "compounds")
        c.drawString(224, 682, "10 000")
        c.drawString(104, 656, "Halons")
        c.drawString(224, 656, "1")

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [["Chlorine and\ncompounds", "10 000"], ["Halons", "1"]]


BORDERLESS = [
    ["Variable", "Mean", "Min", "Max"],
    ["Age", "50.8", "21", "90"],
    ["Men", "0.47", "0", "1"],
    ["East", "0.28", "0", "1"],
    ["Rural", "0.15", "0", "1"],
]


def _borderless(c: Any, rows: list[list[str]], top: float = 700, rule_under_header: bool = False) -> None:
    c.setFont("Helvetica", 10)
    xs = [100, 220, 300, 380]
    for r, row in enumerate(rows):
        for col, text in enumerate(row):
            c.drawString(xs[col], top - 14 * r, text)
    if rule_under_header:
        c.line(100, top - 4, 420, top - 4)


def test_borderless_table_from_alignment() -> None:
    (table,) = _tables(_pdf(lambda c: _borderless(c, BORDERLESS)))
    assert table.method == "aligned"
    assert _grid(table) == BORDERLESS


def test_paragraph_text_is_no_table() -> None:
    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        for i in range(6):
            c.drawString(100, 700 - 14 * i, "running text of a paragraph goes on over the whole line here")

    assert _tables(_pdf(draw)) == []


def test_wrapped_line_without_key_column_joins_its_row() -> None:
    rows = [
        ["Item", "Note", "Qty", "Cost"],
        ["A1", "short", "1", "2.00"],
        ["B2", "a long note", "2", "3.00"],
        ["", "continued", "", ""],
        ["C3", "plain", "3", "4.00"],
    ]

    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        xs = [100, 180, 300, 360]
        y = 700.0
        for row in rows:
            y -= 11 if row[0] == "" else 16  # a wrapped line follows closer than a new row
            for col, text in enumerate(row):
                if text:
                    c.drawString(xs[col], y, text)

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [
        ["Item", "Note", "Qty", "Cost"],
        ["A1", "short", "1", "2.00"],
        ["B2", "a long note\ncontinued", "2", "3.00"],
        ["C3", "plain", "3", "4.00"],
    ]


def test_two_header_rows_above_a_rule() -> None:
    rows = [["Group", "Mean", "Min", "Max"], ["", "value", "value", "value"], *BORDERLESS[1:]]

    def draw(c: Any) -> None:
        _borderless(c, rows[:2], 700)
        c.line(100, 682, 420, 682)
        _borderless(c, rows[2:], 672)

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == rows
    assert table.header_rows == 2
    assert [c.header for c in table.cells if c.col == 0] == [True, True, False, False, False, False]


def test_bold_header_row() -> None:
    def draw(c: Any) -> None:
        xs = [100, 220, 300, 380]
        for r, row in enumerate(BORDERLESS):
            c.setFont("Helvetica-Bold" if r == 0 else "Helvetica", 10)
            for col, text in enumerate(row):
                c.drawString(xs[col], 700 - 14 * r, text)

    (table,) = _tables(_pdf(draw))
    assert table.header_rows == 1


def test_rotated_page_table_read_upright() -> None:
    def draw(c: Any) -> None:
        # /Rotate 90 shows the page turned a quarter clockwise; the content is drawn turned a
        # quarter the other way, so the table reads upright on screen.
        c.translate(595, 0)
        c.rotate(90)
        _ruled(c, ROWS, 100, 500, [120, 60, 60], 20)

    (table,) = _tables(_pdf(draw, size=(842, 595), rotate=90))
    assert _grid(table) == ROWS
    assert table.method == "ruled"


def test_white_rules_do_not_count() -> None:
    def draw(c: Any) -> None:
        c.setStrokeColorRGB(1, 1, 1)
        _ruled(c, ROWS, 100, 700, [120, 60, 60], 20)

    tables = _tables(_pdf(draw))
    assert all(t.method == "aligned" for t in tables)


def test_ruled_columns_over_unruled_body_rows() -> None:
    names = ["Bulgaria", "Cyprus", "Estonia", "Latvia"]
    values = [["2.3", "5.5"], ["0.21", "0.21"], ["1.1", "3.0"], ["1.5", "3.9"]]

    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        xs, top = [100, 200, 260, 320], 700
        c.grid(xs, [top, top - 20, top - 20 - 14 * len(names) - 6])  # a rule under the header only
        for col, text in enumerate(["Country", "Fund", "Total"]):
            c.drawString(xs[col] + 4, top - 14, text)
        for r, name in enumerate(names):
            y = top - 34 - 14 * r
            c.drawString(104, y, name)
            for col, value in enumerate(values[r]):
                c.drawString(xs[col + 1] + 4, y, value)

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [
        ["Country", "Fund", "Total"],
        *([n, *v] for n, v in zip(names, values, strict=True)),
    ]


def test_stub_column_outside_the_rules_joins_the_grid() -> None:
    def draw(c: Any) -> None:
        _ruled(c, [["Men", "Women"], ["11.0", "6.6"], ["9.5", "5.3"]], 130, 700, [60, 60], 20)
        c.drawString(100, 666, "1991")  # in the second row, left of the rules
        c.drawString(100, 646, "1996")

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [["", "Men", "Women"], ["1991", "11.0", "6.6"], ["1996", "9.5", "5.3"]]


def test_axis_labels_of_a_chart_are_no_table() -> None:
    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        for r in range(5):
            c.drawString(100, 700 - 20 * r, str(500 - 100 * r))
            c.drawString(300, 700 - 20 * r, str(50 - 10 * r))
            c.drawString(450, 700 - 20 * r, str(5 - r))
        points = [(130 + 15 * i, 620 + (i * 37) % 70) for i in range(12)]
        path = c.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        c.drawPath(path)

    assert _tables(_pdf(draw)) == []


def test_word_run_across_a_rule_is_cut_between_cells() -> None:
    def draw(c: Any) -> None:
        c.grid([100, 150, 200], [700, 680, 660])
        c.setFont("Helvetica", 10)
        c.drawString(140, 686, "N%")  # "N" left of the rule at x 150, "%" right of it
        c.drawString(104, 666, "12")
        c.drawString(154, 666, "3.4")

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [["N", "%"], ["12", "3.4"]]


def test_group_header_spanning_columns_and_the_row_under_it_are_headers() -> None:
    def draw(c: Any) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(230, 700, "Literacy Status")  # centred over the two value columns
        xs = [100, 220, 300]
        for r, row in enumerate(
            [["State", "Illiterate", "College"], ["Kerala", "7.2", "5.5"], ["Goa", "8.8", "8.2"]]
        ):
            for col, text in enumerate(row):
                c.drawString(xs[col], 686 - 14 * r, text)
        c.drawString(100, 644, "Delhi")
        c.drawString(220, 644, "6.1")
        c.drawString(300, 644, "9.0")

    (table,) = _tables(_pdf(draw))
    spanning = [cell for cell in table.cells if cell.col_span > 1]
    assert [(cell.row, cell.col, cell.col_span, cell.text) for cell in spanning] == [
        (0, 1, 2, "Literacy Status")
    ]
    assert table.header_rows == 2
    assert _grid(table)[1:] == [
        ["State", "Illiterate", "College"],
        ["Kerala", "7.2", "5.5"],
        ["Goa", "8.8", "8.2"],
        ["Delhi", "6.1", "9.0"],
    ]
