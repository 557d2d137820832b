"""Paragraph blocks of a page: the one grouping of lines every export format uses.

    paragraph_blocks(lines: Sequence[Line]) -> list[list[Line]]

`lines` are a page's lines in the order they are read (``page.lines(...)``); the result is
the same lines, in the same order, cut into consecutive runs — the blocks (paragraphs,
headings, captions) that JSON ``blocks``, hOCR ``ocr_carea``/``ocr_par``, ALTO
``TextBlock`` and Markdown paragraphs are made of. No line is dropped, moved or copied:
``[line for block in paragraph_blocks(lines) for line in block] == list(lines)``.

A line continues the block of the line before it when all of these hold:

- both run in the same direction (a rotated sidebar is a block of its own);
- both have the same role ("" for body text, "header", "footer", "artifact");
- the line lies below the previous one (across the writing direction), by a gap between
  them — previous line's bottom to this line's top — of at most ``LINE_GAP`` × the larger
  of the two line heights, and they do not overlap by more than ``OVERLAP`` × the smaller
  height (a jump back up to the top of the next column starts a new block);
- their extents along the line overlap, or their start edges align within
  ``EDGE`` × the larger height (an indented first line or a short last line still overlaps);
- their sizes (line heights) differ by less than ``SIZE_RATIO`` (a heading above its
  paragraph is a block of its own).

Heights are box heights across the writing direction, in user space; directions are the
lines' own, so vertical (top-to-bottom) columns group the same way as horizontal lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pagetext.layout.records import Line, words_extent

# A paragraph's leading is under a line height of white; a wider gap is a new block.
LINE_GAP: Final = 1.0
# Lines overlapping by more than half a height are not one above the other: the next column.
OVERLAP: Final = 0.5
# Start edges within a line height: an indented first line, a short last line, still align.
EDGE: Final = 1.0
# A quarter larger is another size: a heading above its paragraph.
SIZE_RATIO: Final = 1.25
_SAME_DIRECTION: Final = 0.999  # cosine of the angle between two directions (under 2.6°)


def _same_direction(a: Line, b: Line) -> bool:
    (ax, ay), (bx, by) = a.direction, b.direction
    return ax * bx + ay * by >= _SAME_DIRECTION


def _continues(prev: Line, line: Line) -> bool:
    if not _same_direction(prev, line) or prev.role != line.role:
        return False
    ux, uy = prev.direction
    a0, a1, p_low, p_high = words_extent(prev.words, ux, uy)
    b0, b1, l_low, l_high = words_extent(line.words, ux, uy)
    p_height = max(p_high - p_low, 1e-6)
    l_height = max(l_high - l_low, 1e-6)
    larger = max(p_height, l_height)
    if larger / min(p_height, l_height) >= SIZE_RATIO:
        return False
    gap = p_low - l_high  # > 0: a strip of white between the two lines
    if gap > LINE_GAP * larger or gap < -OVERLAP * min(p_height, l_height):
        return False
    if l_high >= p_high:  # not below the previous line
        return False
    overlap = min(a1, b1) - max(a0, b0)
    return overlap > 0 or abs(a0 - b0) <= EDGE * larger


def paragraph_blocks(lines: Sequence[Line]) -> list[list[Line]]:
    """The lines, in their order, cut into blocks (see the module docstring)."""
    result: list[list[Line]] = []
    for line in lines:
        last = result[-1][-1] if result else None
        if last is not None and last.words and line.words and _continues(last, line):
            result[-1].append(line)
        else:
            result.append([line])
    return result
