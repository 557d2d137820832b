"""Ruled tables: the grid of crossing rules, its cells, and cells spanning where a rule is missing.

All in the table frame (rules.Frame): x to the right, y up.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from statistics import median
from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.tables.rules import Rule

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# Rules whose ends come this close (points) meet: producers stop a rule short of its joint
# by up to about a line width, and a frame's corners overlap by as much.
JOINT_TOLERANCE: Final = 3.0
# Grid lines closer than this (points) bound no cell a glyph fits in: one line.
MIN_CELL_SIZE: Final = 3.0
# A rule that covers this share of a slot's edge separates the slots on either side.
EDGE_COVER: Final = 0.5


@dataclass(slots=True)
class GridCell:
    """A cell of a grid in slots (row 0 at the top) with its box in the frame."""

    row: int
    col: int
    row_span: int
    col_span: int
    box: Box


@dataclass(slots=True)
class Grid:
    """A table's structure before text: its cells, column edges (x, left to right) and row
    edges (y, top to bottom), all in the frame; how it was found."""

    cells: list[GridCell]
    column_edges: list[float]
    row_edges: list[float]
    method: str
    rule_rows: set[int] = field(default_factory=set)  # rows with a rule under them (aligned)
    # Each cell's words when the finder placed them by runs (aligned), not by their centres.
    held: list[list[TextWord]] | None = None


def _meet(h: Rule, v: Rule) -> bool:
    tol = JOINT_TOLERANCE
    return h.start - tol <= v.position <= h.end + tol and v.start - tol <= h.position <= v.end + tol


def rule_groups(rules: list[Rule]) -> list[list[Rule]]:
    """Rules that cross or touch, transitively: each group may be one table's grid."""
    horizontal = [r for r in rules if r.horizontal]
    vertical = [r for r in rules if not r.horizontal]
    parent = list(range(len(horizontal) + len(vertical)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, h in enumerate(horizontal):
        for j, v in enumerate(vertical):
            if _meet(h, v):
                parent[find(i)] = find(len(horizontal) + j)
    groups: dict[int, list[Rule]] = {}
    everything = horizontal + vertical
    for i, rule in enumerate(everything):
        groups.setdefault(find(i), []).append(rule)
    return list(groups.values())


def _lines(positions: list[float]) -> list[float]:
    """Distinct grid line positions, those closer than MIN_CELL_SIZE taken as one."""
    result: list[float] = []
    for p in sorted(positions):
        if result and p - result[-1] < MIN_CELL_SIZE:
            continue
        result.append(p)
    return result


def _covered(rules: list[Rule], position: float, lo: float, hi: float) -> bool:
    """Whether rules at `position` (within MIN_CELL_SIZE) cover EDGE_COVER of lo..hi."""
    cover = 0.0
    for r in rules:
        if abs(r.position - position) < MIN_CELL_SIZE:
            cover += max(0.0, min(r.end, hi) - max(r.start, lo))
    return cover >= EDGE_COVER * (hi - lo)


def ruled_grid(group: list[Rule]) -> Grid | None:
    """The grid of one group of rules, or None when it does not make at least 2 × 1 cells
    bounded on all sides."""
    horizontal = [r for r in group if r.horizontal]
    vertical = [r for r in group if not r.horizontal]
    if len(horizontal) < 2 or len(vertical) < 2:
        return None
    xs = _lines([r.position for r in vertical])
    ys = _lines([r.position for r in horizontal])[::-1]  # top to bottom
    n_cols, n_rows = len(xs) - 1, len(ys) - 1
    if n_cols < 1 or n_rows < 1 or n_cols * n_rows < 2:
        return None
    # Slots joined where the rule between them is missing: spanning cells (and a frame's
    # empty outside, which no rule bounds, drops out as slots with no edges at all).
    parent = list(range(n_rows * n_cols))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for r in range(n_rows):
        for c in range(n_cols):
            if c + 1 < n_cols and not _covered(vertical, xs[c + 1], ys[r + 1], ys[r]):
                parent[find(r * n_cols + c)] = find(r * n_cols + c + 1)
            if r + 1 < n_rows and not _covered(horizontal, ys[r + 1], xs[c], xs[c + 1]):
                parent[find(r * n_cols + c)] = find((r + 1) * n_cols + c)
    spans: dict[int, list[int]] = {}
    for r in range(n_rows):
        for c in range(n_cols):
            root = find(r * n_cols + c)
            span = spans.setdefault(root, [r, c, r, c])
            span[0], span[1] = min(span[0], r), min(span[1], c)
            span[2], span[3] = max(span[2], r), max(span[3], c)
    cells: list[GridCell] = []
    taken: set[tuple[int, int]] = set()
    for r0, c0, r1, c1 in sorted(spans.values()):
        if any((r, c) in taken for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)):
            continue  # a ragged join overlapping a cell already made: the first one keeps it
        if not _closed(horizontal, vertical, xs, ys, r0, c0, r1, c1):
            continue
        taken.update((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
        cells.append(GridCell(r0, c0, r1 - r0 + 1, c1 - c0 + 1, Box(xs[c0], ys[r1 + 1], xs[c1 + 1], ys[r0])))
    if len(cells) < 2:
        return None
    return Grid(cells, xs, ys, "ruled")


def _closed(
    horizontal: list[Rule],
    vertical: list[Rule],
    xs: list[float],
    ys: list[float],
    r0: int,
    c0: int,
    r1: int,
    c1: int,
) -> bool:
    """Whether rules bound the cell on its top and bottom, or on its left and right: a
    region outside the table (no rule around it) is no cell."""
    top = _covered(horizontal, ys[r0], xs[c0], xs[c1 + 1])
    bottom = _covered(horizontal, ys[r1 + 1], xs[c0], xs[c1 + 1])
    left = _covered(vertical, xs[c0], ys[r1 + 1], ys[r0])
    right = _covered(vertical, xs[c1 + 1], ys[r1 + 1], ys[r0])
    return (top and bottom) or (left and right)


def split_spans(grid: Grid, boxes: list[Box]) -> None:
    """Split cells that span columns only because a body rule is missing: where the words
    (boxes) in the cell leave the column edge free and stand on both sides of it, the column
    runs on without its rule (partial rules), so the cell is two."""
    cells: list[GridCell] = []
    for cell in grid.cells:
        if cell.col_span == 1:
            cells.append(cell)
            continue
        inside = [b for b in boxes if center_in(b, cell.box)]
        cuts = [cell.col]
        for c in range(cell.col + 1, cell.col + cell.col_span):
            x = grid.column_edges[c]
            if (
                not any(b.x0 < x < b.x1 for b in inside)
                and any(b.x1 <= x and b.x0 >= grid.column_edges[cuts[-1]] for b in inside)
                and any(b.x0 >= x for b in inside)
            ):
                cuts.append(c)
        cuts.append(cell.col + cell.col_span)
        for start, end in itertools.pairwise(cuts):
            box = Box(grid.column_edges[start], cell.box.y0, grid.column_edges[end], cell.box.y1)
            cells.append(GridCell(cell.row, start, cell.row_span, end - start, box))
    grid.cells = cells


def center_in(box: Box, cell: Box) -> bool:
    """Whether the box's centre lies in the cell (a word belongs to the cell it centres in)."""
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return cell.x0 <= x <= cell.x1 and cell.y0 <= y <= cell.y1


def split_rows(grid: Grid, boxes: list[Box], numeric: list[bool]) -> None:
    """Split grid rows whose horizontal rules are missing: where most filled cells of a row
    (two at least) hold MIN_SPLIT_LINES or more lines on the same baselines, each line is a
    row of its own (ruled columns over unruled body rows), when the row holds a number per
    line at least (a body's values; `numeric` flags the boxes that hold digits). A cell with
    one line spans the new rows. Multi-line header cells are words wrapped, not values."""
    row = 0
    while row < len(grid.row_edges) - 1:
        cells = [c for c in grid.cells if c.row == row and c.row_span == 1]
        lines = {id(c): _line_bands([b for b in boxes if center_in(b, c.box)]) for c in cells}
        numbers = sum(
            1 for b, n in zip(boxes, numeric, strict=True) if n and any(center_in(b, c.box) for c in cells)
        )
        many = [c for c in cells if len(lines[id(c)]) >= MIN_SPLIT_LINES]
        bands = _line_bands([b for c in many for b in boxes if center_in(b, c.box)])
        # Lines on other baselines in another cell would merge bands: fewer than the most lines.
        filled = sum(1 for c in cells if lines[id(c)])
        if (
            len(many) < 2
            or 2 * len(many) <= filled
            or numbers < len(bands)
            or len(bands) != max(len(lines[id(c)]) for c in many)
        ):
            row += 1
            continue
        edges = [(upper[0] + lower[1]) / 2 for upper, lower in itertools.pairwise(bands)]
        _insert_rows(grid, row, edges)
        row += len(edges) + 1


# A cell's lines that make rows of their own when rules are missing: a wrapped cell has two
# or so, and a two-line header is common; three on shared baselines in two cells is a body.
MIN_SPLIT_LINES: Final = 3


def _line_bands(boxes: list[Box]) -> list[tuple[float, float]]:
    """The vertical extents (bottom, top) of the text lines of these boxes, top to bottom."""
    bands: list[tuple[float, float]] = []
    for box in sorted(boxes, key=lambda b: -b.y1):
        if bands:
            low, high = bands[-1]
            if min(high, box.y1) - max(low, box.y0) >= 0.5 * min(high - low, box.height):
                bands[-1] = (min(low, box.y0), max(high, box.y1))
                continue
        bands.append((box.y0, box.y1))
    return bands


def _insert_rows(grid: Grid, row: int, edges: list[float]) -> None:
    """Cut grid row `row` at the y positions `edges` (top to bottom) into len(edges) + 1 rows."""
    extra = len(edges)
    bounds = [grid.row_edges[row], *edges, grid.row_edges[row + 1]]
    cells: list[GridCell] = []
    for cell in grid.cells:
        if cell.row > row:
            cell.row += extra
        elif cell.row + cell.row_span - 1 >= row and (cell.row < row or cell.row_span > 1):
            cell.row_span += extra
        elif cell.row == row:
            for k in range(extra + 1):
                box = Box(cell.box.x0, bounds[k + 1], cell.box.x1, bounds[k])
                cells.append(GridCell(row + k, cell.col, 1, cell.col_span, box))
            continue
        cells.append(cell)
    grid.cells = cells
    grid.row_edges[row + 1 : row + 1] = edges


def extend_columns(grid: Grid, boxes: list[Box]) -> None:
    """Add the columns a table has outside its rules: text beside the grid, on its rows,
    in columns of their own (rules drawn only round the value columns)."""
    top, bottom = grid.row_edges[0], grid.row_edges[-1]
    n_rows = len(grid.row_edges) - 1
    rows = [b for b in boxes if bottom <= (b.y0 + b.y1) / 2 <= top]
    if not rows:
        return
    reach = EXTEND_REACH * median(b.height for b in rows)
    for side in (-1, 1):
        edge = grid.column_edges[0] if side < 0 else grid.column_edges[-1]
        outside = [b for b in rows if (b.x1 <= edge if side < 0 else b.x0 >= edge)]
        for x0, x1 in _column_spans(outside, side, edge):
            if (edge - x1 if side < 0 else x0 - edge) > reach:
                break
            inside = [b for b in outside if x0 <= b.x0 and b.x1 <= x1]
            used = {r for b in inside for r in range(n_rows) if _in_row(grid, r, b)}
            fitting = sum(1 for b in inside if any(_fits_row(grid, r, b) for r in used))
            stacked = any(len(_line_bands([b for b in inside if _in_row(grid, r, b)])) > 1 for r in used)
            if (
                len(used) < 2
                or len(used) < EXTEND_SHARE * n_rows
                or fitting < EXTEND_FIT * len(inside)
                or stacked
            ):
                break
            _add_column(grid, x0 if side < 0 else x1, side)
            edge = x0 if side < 0 else x1


# Text beside a grid this far away (in text heights) or closer may be a column of it, when
# it stands in this share of the grid's rows (a stub column of group labels, one per group)
# and nearly all its words sit inside one row each, one line to a row (a legend or a
# paragraph beside a table runs on its own line pitch).
EXTEND_REACH: Final = 6.0
EXTEND_SHARE: Final = 0.25
EXTEND_FIT: Final = 0.8


def _in_row(grid: Grid, row: int, box: Box) -> bool:
    return grid.row_edges[row + 1] <= (box.y0 + box.y1) / 2 <= grid.row_edges[row]


def _fits_row(grid: Grid, row: int, box: Box) -> bool:
    slack = MIN_CELL_SIZE
    return grid.row_edges[row + 1] - slack <= box.y0 and box.y1 <= grid.row_edges[row] + slack


def _column_spans(boxes: list[Box], side: int, edge: float) -> list[tuple[float, float]]:
    """The x extents of the columns the boxes stand in (separated by gaps no box covers),
    nearest to `edge` first."""
    spans: list[list[float]] = []
    for box in sorted(boxes, key=lambda b: b.x0):
        if spans and box.x0 <= spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], box.x1)
        else:
            spans.append([box.x0, box.x1])
    result = [(a, b) for a, b in spans]
    return result[::-1] if side < 0 else result


def _add_column(grid: Grid, outer: float, side: int) -> None:
    """A column from the grid's edge to `outer`, one cell per row, on the left (-1) or right."""
    edges = grid.row_edges
    if side < 0:
        inner = grid.column_edges[0]
        for cell in grid.cells:
            cell.col += 1
        grid.column_edges.insert(0, outer)
        col = 0
    else:
        inner = grid.column_edges[-1]
        grid.column_edges.append(outer)
        col = len(grid.column_edges) - 2
    x0, x1 = min(inner, outer), max(inner, outer)
    for r in range(len(edges) - 1):
        grid.cells.append(GridCell(r, col, 1, 1, Box(x0, edges[r + 1], x1, edges[r])))
