"""Borderless tables built in code: a wrapped cell's rest joins its row, a section label
under a short row starts a row of its own, a totals row below a gap stays in the table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tables.test_finder import _grid, _pdf, _tables

COLUMNS = (72, 250, 330, 410)  # label left edge; right edges of the three amount columns


def _rows(c: Any, rows: list[list[str]], top: float, pitch: float, font: str = "Helvetica") -> None:
    c.setFont(font, 9)
    for r, row in enumerate(rows):
        y = top - r * pitch
        c.drawString(COLUMNS[0], y, row[0])
        for x, value in zip(COLUMNS[1:], row[1:], strict=False):
            if value:
                c.drawRightString(x, y, value)


BODY = [
    ["Item", "2022", "2023", "2024"],
    ["Cash", "1,200", "1,350", "1,410"],
    ["Receivables from customers", "3,400", "3,020", "3,115"],
    ["Inventories", "980", "1,005", "1,130"],
    ["Fixed assets", "", "", ""],  # one section label, under a short row
    ["Buildings and improvements", "12,000", "11,600", "11,250"],
    ["Machinery", "4,450", "4,120", "3,990"],
    ["Vehicles", "310", "295", "240"],
    ["Land", "5,000", "5,000", "5,000"],
    ["Software", "75", "60", "45"],
]


@pytest.mark.parametrize("font", ["Helvetica", "Times-Roman"])
def test_section_labels_under_short_rows_are_rows_of_their_own(font: str) -> None:
    (table,) = _tables(_pdf(lambda c: _rows(c, BODY, 700, 12, font)))
    assert _grid(table) == BODY


def test_a_label_that_wraps_joins_its_row() -> None:
    rows = [
        ["Item", "2022", "2023", "2024"],
        ["Receivables from related", "3,400", "3,020", "3,115"],
        ["parties", "", "", ""],
        ["Inventories", "980", "1,005", "1,130"],
        ["Buildings", "12,000", "11,600", "11,250"],
    ]
    (table,) = _tables(_pdf(lambda c: _rows(c, rows, 700, 12)))
    assert _grid(table) == [rows[0], ["Receivables from related\nparties", *rows[1][1:]], *rows[3:]]


@pytest.mark.parametrize("blank_lines", [2, 3])
def test_a_totals_row_below_a_gap_stays_in_the_table(blank_lines: int) -> None:
    rows = BODY[:4] + BODY[5:]

    def draw(c: Any) -> None:
        _rows(c, rows, 700, 12)
        total = 700 - 12 * (len(rows) - 1 + blank_lines + 1)
        _rows(c, [["Total", "23,990", "23,450", "23,180"]], total, 12)
        c.drawString(72, total - 60, "Source: company filings, unaudited.")

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [*rows, ["Total", "23,990", "23,450", "23,180"]]


def test_a_second_table_below_a_gap_keeps_its_first_row() -> None:
    second = [["Region", "North", "South", "East"], ["Staff", "120", "95", "60"], ["Sites", "4", "3", "2"]]

    def draw(c: Any) -> None:
        _rows(c, BODY[:4], 700, 12)
        _rows(c, second, 700 - 12 * 6, 12)

    first, other = _tables(_pdf(draw))
    assert _grid(first) == BODY[:4] and _grid(other) == second
