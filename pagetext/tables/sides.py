"""Two tables set side by side on shared baselines: one gutter far wider than the others,
two columns or more on each side, and rows that only one side has at the top or bottom
(one table longer than the other, or starting lower).

In the table frame (rules.Frame): x right, y up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# The gutter between two tables side by side is this many times the widest of the others.
SIDE_GAP_RATIO: Final = 1.5
# Columns each side of that gutter, at least: one column beside a table is its stub.
MIN_SIDE_COLUMNS: Final = 2


def side_split(
    rows: Sequence[Sequence[tuple[float, float]]], gaps: list[tuple[float, float]]
) -> float | None:
    """Where to part the rows (each its runs' x extents, top to bottom) into two tables side
    by side, or None when they are one table."""
    if len(gaps) < 2 * MIN_SIDE_COLUMNS - 1:
        return None
    widths = [b - a for a, b in gaps]
    widest = max(range(len(gaps)), key=lambda i: widths[i])
    if not MIN_SIDE_COLUMNS - 1 <= widest <= len(gaps) - MIN_SIDE_COLUMNS:
        return None
    if widths[widest] < SIDE_GAP_RATIO * max(w for i, w in enumerate(widths) if i != widest):
        return None
    a, b = gaps[widest]
    x = (a + b) / 2
    sides = [(any(x1 <= x for _, x1 in row), any(x0 >= x for x0, _ in row)) for row in rows]
    both = [i for i, (left, right) in enumerate(sides) if left and right]
    if not both:
        return None
    # Rows of one side only above or below the rows both sides share: two tables' ends.
    alone = [i for i, (left, right) in enumerate(sides) if left != right and (i < both[0] or i > both[-1])]
    return x if alone else None
