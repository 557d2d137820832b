"""Tables built by hand, as the finder would return them, for the typing, output and merge tests."""

from __future__ import annotations

from pagetext.geometry import Box
from pagetext.tables.records import Cell, Table

LEFT = 72.0
COLUMN_WIDTH = 100.0
ROW_HEIGHT = 20.0


def build_table(
    rows: list[list[str]],
    header_rows: int = 1,
    page: int = 1,
    top: float = 700.0,
    left: float = LEFT,
    widths: list[float] | None = None,
) -> Table:
    """A ruled table of one cell per slot: row i spans top - i*ROW_HEIGHT downwards."""
    n_cols = max(len(row) for row in rows)
    widths = widths or [COLUMN_WIDTH] * n_cols
    edges = [left]
    for width in widths:
        edges.append(edges[-1] + width)
    cells = []
    for r, row in enumerate(rows):
        y1 = top - r * ROW_HEIGHT
        for c, text in enumerate(row):
            box = Box(edges[c], y1 - ROW_HEIGHT, edges[c + 1], y1)
            cells.append(Cell(r, c, box, text, header=r < header_rows, page=page))
    bbox = Box(edges[0], top - len(rows) * ROW_HEIGHT, edges[-1], top)
    return Table(page, bbox, len(rows), n_cols, cells, header_rows, edges, "ruled", [page], [])


def column(table: Table, col: int) -> list[Cell]:
    """The body cells of a column, top to bottom."""
    return sorted((c for c in table.cells if c.col == col and not c.header), key=lambda c: c.row)
