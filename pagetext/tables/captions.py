"""A table's caption set inside its grid: a first row that names the table ("Table 5:"),
with the wrapped rest of it, is the table's title, not its first row."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.tables.ruled import Grid, GridCell

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# The label a caption starts with, then its number ("Table 3.1:", "Tab. IV", "表 2").
CAPTION: Final = re.compile(
    r"\s*(?:(?:table|tab\.|tabelle|tableau|tabla|tabela|tabella|exhibit|chart|schedule)\s*[:.]?\s*"
    r"(?:\d+[a-z]?(?:[.\-]\d+)*|[ivxlc]+)\b|[表図]\s*[0-9０-９]+)",
    re.IGNORECASE,
)
# Lines of a caption's rest below it (a unit line, a wrapped title): one cell each.
MAX_CAPTION_ROWS: Final = 3


def caption_rows(grid: Grid, contents: list[list[TextWord]]) -> int:
    """How many first rows of the grid are its caption: a first row whose text starts with
    a caption label, and the rows under it with one cell of text, up to MAX_CAPTION_ROWS,
    leaving two rows at least."""
    n_rows = len(grid.row_edges) - 1
    rows: list[list[tuple[int, list[TextWord]]]] = [[] for _ in range(n_rows)]
    for cell, words in zip(grid.cells, contents, strict=True):
        if words:
            rows[cell.row].append((cell.col, words))
    first = (
        " ".join(w.text for _, words in sorted(rows[0], key=lambda r: r[0]) for w in words) if rows else ""
    )
    if not CAPTION.match(first):
        return 0
    count = 1
    while count < min(MAX_CAPTION_ROWS, n_rows - 2) and len(rows[count]) <= 1:
        count += 1
    return count if count <= n_rows - 2 else 0


def without_rows(grid: Grid, count: int) -> Grid:
    """The grid without its first `count` rows (a cell reaching below them keeps its rest)."""
    top = grid.row_edges[count]
    cells = []
    held = []
    for index, cell in enumerate(grid.cells):
        end = cell.row + cell.row_span
        if end <= count:
            continue
        row = max(cell.row, count)
        box = Box(cell.box.x0, cell.box.y0, cell.box.x1, min(cell.box.y1, top))
        cells.append(GridCell(row - count, cell.col, end - row, cell.col_span, box))
        if grid.held is not None:
            held.append(grid.held[index])
    rules = {r - count for r in grid.rule_rows if r >= count}
    kept = held if grid.held is not None else None
    return Grid(cells, list(grid.column_edges), grid.row_edges[count:], grid.method, rules, kept)
