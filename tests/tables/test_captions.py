"""A caption drawn inside a table's grid or just over its aligned rows is the table's title,
not its first row (tables/captions.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tables.test_finder import _grid, _pdf, _ruled, _tables

ROWS = [["Region", "2023", "2024"], ["North", "10", "12"], ["South", "7", "9"], ["East", "4", "5"]]


@pytest.mark.parametrize("caption", ["Table 5: Sales by region", "Tab. IV Sales", "TABLE 3.1 Sales (units)"])
def test_a_caption_row_inside_the_frame_is_left_out(caption: str) -> None:
    def draw(c: Any) -> None:
        _ruled(c, [[caption, "", ""], *ROWS], 100, 700, [120, 60, 60], 20)

    (table,) = _tables(_pdf(draw))
    assert _grid(table) == ROWS
    assert table.bbox.y1 == pytest.approx(680, abs=0.01)


def test_a_first_row_that_only_starts_like_a_caption_stays() -> None:
    rows = [["Tables", "Qty", "Price"], ["Table 2 legs", "3", "120"], ["Chairs", "12", "40"]]
    (table,) = _tables(_pdf(lambda c: _ruled(c, rows, 100, 700, [120, 60, 60], 20)))
    assert _grid(table) == rows
