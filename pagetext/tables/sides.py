"""Two tables set side by side on shared baselines: one gutter far wider than the others,
two columns or more on each side, and a sign that the sides are two tables: rows that
only one side has at the top or bottom (one table longer than the other), rules that
break at the gutter, or a gutter so wide that a column of labels after it starts a table.

In the table frame (rules.Frame): x right, y up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# The gutter between two tables side by side is this many times the widest of the others.
SIDE_GAP_RATIO: Final = 1.5
# A gutter this many times the widest other parts two tables when a column of labels (words,
# not amounts: a table's stub) stands after it.
WIDE_GAP_RATIO: Final = 2.5
# Columns each side of that gutter, at least: one column beside a table is its stub.
MIN_SIDE_COLUMNS: Final = 2

Extent = tuple[float, float]


def side_split(
    rows: Sequence[Sequence[Extent]],
    labels: Sequence[Sequence[bool]],
    gaps: list[Extent],
    rules: Sequence[Extent],
) -> float | None:
    """Where to part the rows (each its runs' x extents, top to bottom; labels: whether each
    run holds words, not amounts) into two tables side by side, or None when they are one
    table. rules: the x extents of the horizontal rules over or under them."""
    if len(gaps) < 2 * MIN_SIDE_COLUMNS - 1:
        return None
    widths = [b - a for a, b in gaps]
    widest = max(range(len(gaps)), key=lambda i: widths[i])
    if not MIN_SIDE_COLUMNS - 1 <= widest <= len(gaps) - MIN_SIDE_COLUMNS:
        return None
    ratio = widths[widest] / max(w for i, w in enumerate(widths) if i != widest)
    if ratio < SIDE_GAP_RATIO:
        return None
    a, b = gaps[widest]
    x = (a + b) / 2
    sides = [(any(x1 <= x for _, x1 in row), any(x0 >= x for x0, _ in row)) for row in rows]
    both = [i for i, (left, right) in enumerate(sides) if left and right]
    if not both:
        return None
    # Rows of one side only above or below the rows both sides share: two tables' ends.
    alone = any(left != right and (i < both[0] or i > both[-1]) for i, (left, right) in enumerate(sides))
    broken = (
        any(r1 < x for _, r1 in rules)
        and any(r0 > x for r0, _ in rules)
        and not any(r0 < x < r1 for r0, r1 in rules)
    )
    return x if alone or broken or (ratio >= WIDE_GAP_RATIO and _labels_after(rows, labels, b)) else None


def _labels_after(rows: Sequence[Sequence[Extent]], labels: Sequence[Sequence[bool]], b: float) -> bool:
    """Whether the first run after the gutter holds words in most rows that have one."""
    firsts = []
    for row, kinds in zip(rows, labels, strict=True):
        after = [(x0, kind) for (x0, _), kind in zip(row, kinds, strict=True) if x0 >= b]
        if after:
            firsts.append(min(after)[1])
    return 2 * sum(firsts) > len(firsts)
