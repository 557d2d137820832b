"""A table's header rows: the first rows above a rule, set bold, or spanning the columns below."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from pagetext.tables.ruled import Grid

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# Headers are the first few rows of a table; below that a rule or bold row is body structure.
MAX_HEADER_ROWS: Final = 3


def header_rows(grid: Grid, contents: list[list[TextWord]]) -> int:
    """How many of the grid's first rows are header rows (contents: each cell's words).

    By the evidence, in order: a rule under one of the first rows of a table whose body
    rows have none (the rows above it); the first rows whose words are all bold when the
    body's are not; first rows holding a cell that spans columns (a group header) and the
    row under them."""
    n_rows = len(grid.row_edges) - 1
    if n_rows < 2:
        return 0
    limit = min(MAX_HEADER_ROWS, n_rows - 1)
    ruled = sorted(r for r in grid.rule_rows if r < limit)
    if ruled and len(grid.rule_rows) <= len(ruled) + 1:
        return ruled[-1] + 1
    rows: list[list[TextWord]] = [[] for _ in range(n_rows)]
    for cell, words in zip(grid.cells, contents, strict=True):
        rows[cell.row].extend(words)
    bold = [bool(words) and all(w.bold for w in words) for words in rows]
    count = 0
    while count < limit and bold[count]:
        count += 1
    if count and not all(bold[count:]):
        return count
    spanning = max(
        (cell.row for cell, words in zip(grid.cells, contents, strict=True) if cell.col_span > 1 and words),
        default=-1,
    )
    if 0 <= spanning < limit:
        return spanning + 2 if spanning + 2 < n_rows else spanning + 1
    return 0
