"""Header text set vertically (turned a quarter, to fit narrow columns) over a table whose
body reads upright: the header cells of the columns it stands over.

In the table frame (rules.Frame): x right, y up; vertical words are tall and narrow here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.tables.ruled import Grid, GridCell

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# Vertical header text ends this close over the table's top (shares of the body's row
# height): set on the top rule, or a line's space above the first row.
HEADER_REACH: Final = 1.5


def inside_words(grid: Grid, cross: list[TextWord]) -> list[TextWord]:
    """The vertical words within a ruled grid's box: its cells hold them as they hold any."""
    x0, x1 = grid.column_edges[0], grid.column_edges[-1]
    top, bottom = grid.row_edges[0], grid.row_edges[-1]
    return [w for w in cross if x0 <= w.center[0] <= x1 and bottom <= w.center[1] <= top]


def add_header_row(grid: Grid, cross: list[TextWord]) -> list[TextWord]:
    """The vertical words standing on an aligned grid's top or on its first row's baseline,
    over its columns, as header cells: a row of their own over the grid, or in its first
    row (grown to hold them) when they stand in it beside upright header text. Returns the
    words the grid holds now (none when there are none)."""
    edges = grid.column_edges
    top = grid.row_edges[0]
    first = grid.row_edges[1] if len(grid.row_edges) > 1 else top
    pitch = (grid.row_edges[0] - grid.row_edges[-1]) / max(1, len(grid.row_edges) - 1)
    over = [
        w
        for w in cross
        if edges[0] <= w.center[0] <= edges[-1] and first <= w.box.y0 <= top + HEADER_REACH * pitch
    ]
    if not over:
        return []
    header_top = max(w.box.y1 for w in over)
    if min(w.box.y0 for w in over) < top:
        grid.row_edges[0] = header_top
        for cell in grid.cells:
            if cell.row == 0:
                cell.box = Box(cell.box.x0, cell.box.y0, cell.box.x1, header_top)
        return over
    for cell in grid.cells:
        cell.row += 1
    grid.cells += [
        GridCell(0, c, 1, 1, Box(edges[c], top, edges[c + 1], header_top)) for c in range(len(edges) - 1)
    ]
    if grid.held is not None:
        grid.held += [[] for _ in range(len(edges) - 1)]
    grid.row_edges.insert(0, header_top)
    grid.rule_rows = {r + 1 for r in grid.rule_rows} | {0}
    return over
