"""A table as a grid, CSV, Markdown and HTML: spans, quoting and escaping."""

from __future__ import annotations

import csv
import io

from pagetext.geometry import Box
from pagetext.tables.records import Cell, Table
from tests.tables.build import build_table

BOX = Box(0, 0, 10, 10)


def spanned() -> Table:
    """Two header rows ("Region" over both, "Sales" over 2023 and 2024), a body cell spanning two rows.

    | Region | Sales        |
    |        | 2023 | 2024  |
    | North  | 1    | 2     |
    |        | 3    | 4     |
    """
    cells = [
        Cell(0, 0, BOX, "Region", row_span=2, header=True),
        Cell(0, 1, BOX, "Sales", col_span=2, header=True),
        Cell(1, 1, BOX, "2023", header=True),
        Cell(1, 2, BOX, "2024", header=True),
        Cell(2, 0, BOX, "North", row_span=2),
        Cell(2, 1, BOX, "1"),
        Cell(2, 2, BOX, "2"),
        Cell(3, 1, BOX, "3"),
        Cell(3, 2, BOX, "4"),
    ]
    return Table(1, BOX, 4, 3, cells, header_rows=2)


def test_to_list_puts_a_spanned_cells_text_in_its_top_left_slot() -> None:
    assert spanned().to_list() == [
        ["Region", "Sales", ""],
        ["", "2023", "2024"],
        ["North", "1", "2"],
        ["", "3", "4"],
    ]


def test_to_list_leaves_slots_no_cell_fills_empty() -> None:
    table = Table(1, BOX, 2, 2, [Cell(0, 0, BOX, "a"), Cell(1, 1, BOX, "d")])
    assert table.to_list() == [["a", ""], ["", "d"]]


def test_csv_quotes_commas_quotes_and_line_breaks() -> None:
    table = build_table([["name", "note"], ["Smith, J.", 'said "hi"'], ["two\nlines", "plain"]])
    text = table.to_csv()
    assert text == 'name,note\r\n"Smith, J.","said ""hi"""\r\n"two\nlines",plain\r\n'
    assert list(csv.reader(io.StringIO(text, newline=""))) == table.to_list()


def test_markdown_escapes_pipes_and_line_breaks() -> None:
    table = build_table([["a|b", "c"], ["x | y", "one\ntwo"], ["*1*", "<b>_"]])
    assert table.to_markdown() == (
        "| a\\|b | c |\n| --- | --- |\n| x \\| y | one<br>two |\n| \\*1\\* | \\<b>\\_ |\n"
    )


def test_markdown_joins_a_two_row_header() -> None:
    assert spanned().to_markdown() == (
        "| Region | Sales / 2023 | Sales / 2024 |\n| --- | --- | --- |\n| North | 1 | 2 |\n|  | 3 | 4 |\n"
    )


def test_markdown_without_header_rows_shows_no_body_row_as_header() -> None:
    table = build_table([["1", "2"], ["3", "4"]], header_rows=0)
    assert table.to_markdown() == "|  |  |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |\n"


def test_html_rowspan_colspan_and_sections() -> None:
    assert spanned().to_html() == (
        "<table>\n"
        "<thead>\n"
        '<tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr>\n'
        "<tr><th>2023</th><th>2024</th></tr>\n"
        "</thead>\n"
        "<tbody>\n"
        '<tr><td rowspan="2">North</td><td>1</td><td>2</td></tr>\n'
        "<tr><td>3</td><td>4</td></tr>\n"
        "</tbody>\n"
        "</table>\n"
    )


def test_html_escapes_text_and_breaks_lines() -> None:
    table = build_table([['<a> & "b"', "one\ntwo"]], header_rows=0)
    assert table.to_html() == (
        "<table>\n<tbody>\n"
        "<tr><td>&lt;a&gt; &amp; &quot;b&quot;</td><td>one<br>two</td></tr>\n"
        "</tbody>\n</table>\n"
    )
