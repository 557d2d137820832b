"""A table as a grid of strings, CSV (RFC 4180), GitHub-flavoured Markdown and HTML."""

from __future__ import annotations

import csv
import html
import io
import re
from typing import Final

from pagetext.tables.shape import CellShape, TableShape

# Multi-row headers in one line (Markdown has one header row): the texts of a column's header
# rows, top to bottom, joined so that "Revenue" over "2023" reads "Revenue / 2023".
HEADER_JOIN: Final = " / "
_MARKDOWN_SYNTAX: Final = re.compile(r"([\\`*_|]|<(?=[A-Za-z/!?]))")


def grid(table: TableShape) -> list[list[str]]:
    """n_rows × n_cols strings: each cell's text in its top-left slot, "" in the slots its
    spans cover and in slots no cell fills."""
    rows = [["" for _ in range(table.n_cols)] for _ in range(table.n_rows)]
    for cell in table.cells:
        if 0 <= cell.row < table.n_rows and 0 <= cell.col < table.n_cols:
            rows[cell.row][cell.col] = cell.text
    return rows


def header_names(table: TableShape) -> list[tuple[str, ...]]:
    """Per column, the texts of its header rows top to bottom; a spanning header cell's text
    stands in every slot it covers (what pandas.read_html does)."""
    levels = [["" for _ in range(table.n_cols)] for _ in range(table.header_rows)]
    for cell in table.cells:
        for row in range(cell.row, min(cell.row + cell.row_span, table.header_rows)):
            for col in range(cell.col, min(cell.col + cell.col_span, table.n_cols)):
                levels[row][col] = cell.text
    return [tuple(" ".join(level[col].split()) for level in levels) for col in range(table.n_cols)]


def joined_header(names: tuple[str, ...]) -> str:
    """A column's header texts in one string, a text repeated by a vertical span once."""
    parts: list[str] = []
    for name in names:
        if name and (not parts or parts[-1] != name):
            parts.append(name)
    return HEADER_JOIN.join(parts)


def to_csv(table: TableShape) -> str:
    """Every row (header rows too) as CSV: fields quoted when they hold a comma, quote or
    line break, lines ended by CRLF (RFC 4180)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(grid(table))
    return buffer.getvalue()


def _markdown_cell(text: str) -> str:
    """Cell text as inline Markdown that cannot break its row: pipes and inline syntax
    (backslash, code, emphasis, an HTML tag start) escaped, line breaks as <br>."""
    return "<br>".join(_MARKDOWN_SYNTAX.sub(r"\\\1", line.strip()) for line in text.splitlines())


def _markdown_row(texts: list[str]) -> str:
    return "| " + " | ".join(_markdown_cell(text) for text in texts) + " |"


def to_markdown(table: TableShape) -> str:
    """A GitHub-flavoured Markdown table. Its one header line holds the header rows joined
    (HEADER_JOIN); a table without header rows gets an empty header line, so no body row is
    shown as a header. Spans cannot be drawn: a spanned cell's text stands in its top-left slot."""
    rows = grid(table)
    header = [joined_header(names) for names in header_names(table)]
    lines = [_markdown_row(header), "| " + " | ".join("---" for _ in range(table.n_cols)) + " |"]
    lines.extend(_markdown_row(row) for row in rows[table.header_rows :])
    return "\n".join(lines) + "\n"


def _html_cell(cell: CellShape, tag: str) -> str:
    spans = ""
    if cell.row_span > 1:
        spans += f' rowspan="{cell.row_span}"'
    if cell.col_span > 1:
        spans += f' colspan="{cell.col_span}"'
    text = "<br>".join(html.escape(line) for line in cell.text.split("\n"))
    return f"<{tag}{spans}>{text}</{tag}>"


def to_html(table: TableShape) -> str:
    """An HTML table: header rows in <thead> as <th>, the rest in <tbody> as <td>, spans as
    rowspan/colspan (covered slots have no element), text escaped, line breaks as <br>."""
    by_row: dict[int, list[CellShape]] = {}
    for cell in table.cells:
        by_row.setdefault(cell.row, []).append(cell)
    parts = ["<table>"]
    for section, rows, tag in (
        ("thead", range(table.header_rows), "th"),
        ("tbody", range(table.header_rows, table.n_rows), "td"),
    ):
        if not rows:
            continue
        parts.append(f"<{section}>")
        for row in rows:
            cells = sorted(by_row.get(row, []), key=lambda cell: cell.col)
            parts.append("<tr>" + "".join(_html_cell(cell, tag) for cell in cells) + "</tr>")
        parts.append(f"</{section}>")
    parts.append("</table>")
    return "\n".join(parts) + "\n"
