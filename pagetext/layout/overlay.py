"""Lines drawn on top of the page (annotation appearances, form field values) put in place.

Annotations are drawn after the page content (ISO 32000-1 §12.5), so in stream order their
text would all come last. Reading order keeps the stream order of the lines inside each
region it finds, so before it runs, the lines of each annotation, kept together as a block,
are moved to where the block stands among the page's lines: before the first line that comes
after it on the page (lower down, or on its row and further along). A field value then
follows its label, a stamp sits between the paragraphs it covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pagetext.geometry import Box
from pagetext.layout.records import Line

# Two lines are on one row when their boxes overlap across by at least half the smaller height.
SAME_ROW_OVERLAP: Final = 0.5
_HORIZONTAL: Final = 0.996  # cos 5°: lines read left to right within this angle are placed


def _horizontal(line: Line) -> bool:
    return line.direction[0] >= _HORIZONTAL


def _comes_after(box: Box, block: Box) -> bool:
    """Whether a line in `box` is read after a block in `block`, top to bottom, left to right."""
    overlap = min(box.y1, block.y1) - max(box.y0, block.y0)
    if overlap > 0 and overlap >= SAME_ROW_OVERLAP * min(box.height, block.height):
        return box.x0 > block.x0
    return (box.y0 + box.y1) < (block.y0 + block.y1)


def place_overlay(lines: Sequence[Line], blocks: Sequence[Sequence[Line]]) -> list[Line]:
    """The page lines with each overlay block (the lines of one annotation, kept together)
    inserted where it stands (see the module doc). Blocks that are not horizontal go last,
    where reading order puts rotated text."""
    result = list(lines)
    placed: list[tuple[Box, list[Line]]] = []
    rotated: list[Line] = []
    for block in blocks:
        if not block:
            continue
        if not all(_horizontal(line) for line in block):
            rotated.extend(block)
            continue
        box = Box(
            min(line.bbox.x0 for line in block),
            min(line.bbox.y0 for line in block),
            max(line.bbox.x1 for line in block),
            max(line.bbox.y1 for line in block),
        )
        placed.append((box, list(block)))
    placed.sort(key=lambda item: (-item[0].y1, item[0].x0))
    for box, block in placed:
        index = len(result)
        for i, line in enumerate(result):
            if _horizontal(line) and _comes_after(line.bbox, box):
                index = i
                break
        result[index:index] = block
    result.extend(rotated)
    return result
