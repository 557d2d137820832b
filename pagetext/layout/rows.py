"""Row and column evidence shared by reading order and the table finder: items on one
baseline form a row; the X ranges no item of a set of rows covers are its column gaps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# Boxes overlapping across by this share of the smaller height stand on one baseline: a
# line's own boxes overlap fully, the next line's (leading ≥ 1.1) by a few hundredths.
ROW_OVERLAP: Final = 0.5
# A table has at least this many rows of two or more cells (two rows may be a label and its
# wrapped value; three aligned alike are a pattern).
MIN_TABLE_ROWS: Final = 3
# Rows further apart than this many row heights (gap between boxes) are not one table: a
# blank line or two inside a statement is, a new block of the page is not.
MAX_ROW_GAP: Final = 2.2


def baseline_rows(extents: Sequence[tuple[float, float]]) -> list[list[int]]:
    """Indices of items grouped by baseline, top row first (y up): `extents` are each item's
    (bottom, top) across the writing direction. An item joins the row above it when their
    boxes overlap by ROW_OVERLAP of the smaller height."""
    order = sorted(range(len(extents)), key=lambda i: -(extents[i][0] + extents[i][1]))
    rows: list[list[int]] = []
    row_bottom = row_top = 0.0
    for index in order:
        bottom, top = extents[index]
        if rows:
            overlap = min(top, row_top) - max(bottom, row_bottom)
            if overlap >= ROW_OVERLAP * min(top - bottom, row_top - row_bottom):
                rows[-1].append(index)
                row_bottom, row_top = min(row_bottom, bottom), max(row_top, top)
                continue
        rows.append([index])
        row_bottom, row_top = bottom, top
    return rows


def free_gaps(extents: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The X intervals, left to right, that no extent (x0, x1) covers between the leftmost
    and the rightmost: the column gaps of a table's rows."""
    if not extents:
        return []
    ordered = sorted(extents)
    gaps = []
    right = ordered[0][1]
    for x0, x1 in ordered[1:]:
        if x0 > right:
            gaps.append((right, x0))
        right = max(right, x1)
    return gaps


def uncovered(start: float, end: float, covered: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The parts of start..end that none of the covered intervals (x0, x1) covers."""
    parts = []
    position = start
    for x0, x1 in sorted(covered):
        if x0 > position:
            parts.append((position, min(x0, end)))
        position = max(position, x1)
        if position >= end:
            break
    if position < end:
        parts.append((position, end))
    return [(x0, x1) for x0, x1 in parts if x1 > x0]
