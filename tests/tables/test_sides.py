"""Two borderless tables set side by side on shared baselines are two tables; one table
with a wide gutter before its amounts stays one (tables/sides.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tables.test_finder import _grid, _pdf, _tables

LEFT = [
    ["Country", "Capital", "Pop."],
    ["France", "Paris", "68.0"],
    ["Spain", "Madrid", "48.6"],
    ["Italy", "Rome", "58.9"],
]
RIGHT = [
    ["Fruit", "Colour", "Price"],
    ["Apple", "Red", "1.20"],
    ["Banana", "Yellow", "0.35"],
    ["Cherry", "Red", "4.10"],
]


def _table(c: Any, rows: list[list[str]], x: float, top: float) -> None:
    for r, row in enumerate(rows):
        y = top - 12 * r
        c.drawString(x, y, row[0])
        c.drawString(x + 50, y, row[1])
        c.drawRightString(x + 115, y, row[2])


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ([*LEFT, ["Greece", "Athens", "10.4"]], RIGHT),  # the left one is longer
        (LEFT, [*RIGHT, ["Damson", "Purple", "3.80"], ["Fig", "Green", "2.10"]]),  # the right one
    ],
    ids=["left-longer", "right-longer"],
)
@pytest.mark.parametrize("font", ["Helvetica", "Times-Roman"])
def test_two_tables_side_by_side_are_two(left: list[list[str]], right: list[list[str]], font: str) -> None:
    def draw(c: Any) -> None:
        c.setFont(font, 9)
        _table(c, left, 60, 700)
        _table(c, right, 225, 700)

    assert [_grid(t) for t in _tables(_pdf(draw))] == [left, right]


def test_one_table_with_a_wide_gutter_before_its_amounts_stays_one() -> None:
    rows = [
        ["Region", "Code", "2023", "2024"],
        ["North", "N1", "1,200", "1,310"],
        ["South", "S2", "980", "1,015"],
        ["East", "E3", "450", "470"],
        ["West", "W4", "77", "80"],
    ]

    def draw(c: Any) -> None:
        c.setFont("Helvetica", 9)
        for r, row in enumerate(rows):
            y = 700 - 12 * r
            c.drawString(60, y, row[0])
            c.drawString(110, y, row[1])
            c.drawRightString(260, y, row[2])  # 100 points of gutter before the amounts
            c.drawRightString(310, y, row[3])

    assert [_grid(t) for t in _tables(_pdf(draw))] == [rows]
