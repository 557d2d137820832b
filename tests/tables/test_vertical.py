"""Header text set vertically over narrow columns of an upright table: the header cells of
the columns it stands over (tables/vertical.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tables.test_finder import _grid, _pdf, _tables

HEADERS = ["Revenue", "Cost", "Margin"]
BODY = [
    ["North", "120", "80", "40"],
    ["South", "95", "70", "25"],
    ["East", "60", "41", "19"],
    ["West", "77", "50", "27"],
]
RIGHTS = [190, 230, 270]  # right edges of the three amount columns


def _vertical(c: Any, x: float, y: float, text: str) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(90)
    c.drawString(0, 0, text)
    c.restoreState()


def _body(c: Any, top: float) -> None:
    c.setFont("Helvetica", 9)
    for r, row in enumerate(BODY):
        y = top - 12 * r
        c.drawString(72, y, row[0])
        for right, value in zip(RIGHTS, row[1:], strict=True):
            c.drawRightString(right, y, value)


@pytest.mark.parametrize("ruled", [False, True], ids=["borderless", "ruled"])
def test_vertical_header_text_heads_its_columns(ruled: bool) -> None:
    def draw(c: Any) -> None:
        _body(c, 690)
        for right, text in zip(RIGHTS, HEADERS, strict=True):
            _vertical(c, right - 3, 702, text)  # reading upwards, standing on the first row
        if ruled:
            xs, ys = [68, 150, 200, 240, 280], [745, 699, 687, 675, 663, 651]
            c.grid(xs, ys)

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == [["", *HEADERS], *BODY]
    assert table.header_rows == 1
