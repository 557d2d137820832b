"""Partly ruled tables: rows ruled (rules or row fills between them, no column rules), or
ruled columns coarser than the text's; columns from the text's alignment across the rows.

In the table frame (rules.Frame): x right, y up.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.tables.columns import MAX_CHUNK_WORDS, chunks, column_gaps, text_lines
from pagetext.tables.ruled import MIN_CELL_SIZE, Grid, GridCell, center_in
from pagetext.tables.rules import Rule

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# Horizontal rules whose ends lie this close (points) span one table: its row rules.
SAME_EXTENT: Final = 3.0
# A table ruled by rows has at least this many rules (two bands of rows between them).
MIN_ROW_RULES: Final = 3
# A line with words in this share of the columns is a row's first line, not a wrapped cell's
# rest; bands holding two such lines hold rows, and a ruled table has few of those (this
# share of its bands: a row whose cells all wrap).
FULL_LINE_SHARE: Final = 0.5
CROWDED_SHARE: Final = 0.25
# A header line stands above the top rule by at most this share of its height.
HEADER_REACH: Final = 1.0


def _prose(lines: list[list[TextWord]]) -> bool:
    return any(len(chunk) > MAX_CHUNK_WORDS for line in lines for chunk in chunks(line))


def row_ruled_grids(rules: list[Rule], words: list[TextWord], taken: list[Box]) -> list[Grid]:
    """Tables ruled by rows only: runs of MIN_ROW_RULES or more horizontal rules of one
    extent with text lines between them in columns, and a header line just above the top
    rule when its words stand in those columns."""
    free = [
        r
        for r in rules
        if r.horizontal
        and not any(
            b.x0 - SAME_EXTENT <= r.start and r.end <= b.x1 + SAME_EXTENT and b.y0 <= r.position <= b.y1
            for b in taken
        )
    ]
    groups: list[list[Rule]] = []
    for rule in sorted(free, key=lambda r: (round(r.start), round(r.end), -r.position)):
        group = next(
            (
                g
                for g in groups
                if abs(g[0].start - rule.start) <= SAME_EXTENT and abs(g[0].end - rule.end) <= SAME_EXTENT
            ),
            None,
        )
        if group is None:
            groups.append([rule])
        elif rule.position < group[-1].position - MIN_CELL_SIZE:
            group.append(rule)
    grids = []
    for group in groups:
        group.sort(key=lambda r: -r.position)
        for run in _runs(group, words):
            grid = _grid(run, words)
            if grid is not None:
                grids.append(grid)
    return grids


def _runs(group: list[Rule], words: list[TextWord]) -> list[list[Rule]]:
    """The group cut where a band between two rules holds running text."""
    runs: list[list[Rule]] = [[group[0]]]
    for upper, lower in itertools.pairwise(group):
        x0, x1 = upper.start, upper.end
        band = [w for w in words if center_in(w.box, Box(x0, lower.position, x1, upper.position))]
        if _prose(text_lines(band)):
            runs.append([lower])
        else:
            runs[-1].append(lower)
    return [run for run in runs if len(run) >= MIN_ROW_RULES]


def _grid(run: list[Rule], words: list[TextWord]) -> Grid | None:
    x0, x1 = min(r.start for r in run), max(r.end for r in run)
    edges = [r.position for r in run]
    bands = [
        [w for w in words if center_in(w.box, Box(x0, low, x1, high))]
        for high, low in itertools.pairwise(edges)
    ]
    filled = [i for i, band in enumerate(bands) if band]
    if len(filled) < 2:
        return None
    # Bands with no text (a double rule, a rule under a rule) are no rows.
    edges = [edges[0], *(edges[i + 1] for i in filled)]
    grid = Grid(
        [
            GridCell(r, 0, 1, 1, Box(x0, low, x1, high))
            for r, (high, low) in enumerate(itertools.pairwise(edges))
        ],
        [x0, x1],
        edges,
        "ruled",
    )
    body = [w for w in words if center_in(w.box, Box(x0, edges[-1], x1, edges[0]))]
    header = _line_beside(edges[0], x0, x1, words, above=True)
    if header:
        grid.cells = [GridCell(c.row + 1, c.col, 1, 1, c.box) for c in grid.cells]
        header_top = max(w.box.y1 for w in header)
        grid.cells.insert(0, GridCell(0, 0, 1, 1, Box(x0, edges[0], x1, header_top)))
        grid.row_edges.insert(0, header_top)
    footer = _line_beside(edges[-1], x0, x1, words, above=False) if run[-1].soft else []
    if footer:
        bottom = min(w.box.y0 for w in footer)
        grid.cells.append(GridCell(len(grid.row_edges) - 1, 0, 1, 1, Box(x0, bottom, x1, grid.row_edges[-1])))
        grid.row_edges.append(bottom)
    if not split_columns(grid, body + header + footer) or _rows_within_bands(grid, body):
        return None
    grid.rule_rows.update(range(len(grid.row_edges) - 1))
    return grid


def _rows_within_bands(grid: Grid, words: list[TextWord]) -> bool:
    """Whether the bands between the rules hold rows of their own: then the rules part groups
    of rows (a statement's sections), and the rows come from the baselines, not the rules.
    A band's wrapped cells add lines with entries in a few columns only."""
    edges = grid.column_edges
    n_cols = len(edges) - 1
    crowded = 0
    for high, low in itertools.pairwise(grid.row_edges):
        full = 0
        for line in text_lines([w for w in words if low <= w.center[1] <= high]):
            columns = {c for w in line for c in range(n_cols) if edges[c] <= w.center[0] <= edges[c + 1]}
            full += len(columns) >= max(2, FULL_LINE_SHARE * n_cols)
        crowded += full >= 2
    return crowded > CROWDED_SHARE * (len(grid.row_edges) - 1)


def _line_beside(rule: float, x0: float, x1: float, words: list[TextWord], above: bool) -> list[TextWord]:
    """The line just above the top rule (a header row the rule sets off) or just below the
    bottom one (the last row of a table shaded in bands, its last band unshaded), in the
    rules' extent, in runs of two or more (a caption, a title or a note is one run)."""
    side = [w for w in words if x0 <= w.center[0] <= x1 and (w.box.y0 >= rule if above else w.box.y1 <= rule)]
    lines = text_lines(side)
    if not lines:
        return []
    line = lines[-1] if above else lines[0]
    distance = min(w.box.y0 for w in line) - rule if above else rule - max(w.box.y1 for w in line)
    if distance > HEADER_REACH * max(w.box.height for w in line) or len(chunks(line)) < 2:
        return []
    return line


def split_columns(grid: Grid, words: list[TextWord]) -> bool:
    """Add the column edges the text shows across the grid's rows and its rules do not
    (column_gaps over the lines of each column's rows); a cell whose words cross a new edge
    spans it.
    Whether the grid has two columns or more after."""
    new = []
    for left, right in itertools.pairwise(list(grid.column_edges)):
        inside = [w for w in words if left <= w.center[0] <= right]
        lines = []
        for high, low in itertools.pairwise(grid.row_edges):
            lines += text_lines([w for w in inside if low <= w.center[1] <= high])
        new += [(a + b) / 2 for a, b in column_gaps(lines)]
    for x in sorted(new, reverse=True):
        _insert_column(grid, x, words)
    return len(grid.column_edges) > 2


def _insert_column(grid: Grid, x: float, words: list[TextWord]) -> None:
    """Cut the grid's column under x at x: each cell across it splits in two, or spans the
    new column when its words cross x."""
    col = max(c for c, e in enumerate(grid.column_edges[:-1]) if e < x)
    cells: list[GridCell] = []
    for cell in grid.cells:
        box = cell.box
        if cell.col > col:
            cell.col += 1
        elif cell.col + cell.col_span - 1 >= col:
            crossed = any(
                w.box.x0 < x < w.box.x1
                and box.y0 <= w.center[1] <= box.y1
                and box.x0 <= w.center[0] <= box.x1
                for w in words
            )
            if crossed:
                cell.col_span += 1
            else:
                left = GridCell(
                    cell.row, cell.col, cell.row_span, col - cell.col + 1, Box(box.x0, box.y0, x, box.y1)
                )
                cells.append(left)
                right = Box(x, box.y0, box.x1, box.y1)
                cell = GridCell(cell.row, col + 1, cell.row_span, cell.col + cell.col_span - col, right)
        cells.append(cell)
    grid.cells = cells
    grid.column_edges.insert(col + 1, x)
