"""Grids of blocks (cards, numbered panels) read in the order their numbering gives.

A region that a gutter would cut into two columns may be a grid: blocks standing in rows,
each row cut from the next by an empty horizontal band across the whole region. Text
columns can share such a band by chance; what tells a grid is its numbering: when the
blocks start with numbers that count up along the rows (1 2 / 3 4) and not down the
columns, the region is read row by row.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Final

from pagetext.layout.spans import Span

# A block's number: its first word, "3", "3.", "3)", "(3)", "[3]" or "3:".
_NUMBER: Final = re.compile(r"[(\[]?(\d{1,3})[.):\]]?")


def _number(block: Sequence[Span]) -> int | None:
    """The number the block starts with (its top span's first word), or None."""
    top = min(block, key=lambda s: (-s.y1, s.x0))
    if not top.words:
        return None
    match = _NUMBER.fullmatch(top.words[0].text)
    return int(match.group(1)) if match else None


def numbered_rows(bands: Sequence[Sequence[Span]], middle: float) -> bool:
    """Whether horizontal bands, each holding a block on both sides of `middle`, are the rows
    of a numbered grid: their blocks' numbers count up by one along the rows."""
    if len(bands) < 2:
        return False
    numbers: list[int] = []
    for band in bands:
        left = [s for s in band if s.center_x < middle]
        right = [s for s in band if s.center_x >= middle]
        if not left or not right:
            return False
        for block in (left, right):
            number = _number(block)
            if number is None:
                return False
            numbers.append(number)
    return all(b == a + 1 for a, b in itertools.pairwise(numbers))
