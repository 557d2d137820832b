"""Page furniture: running headers, footers and page numbers that repeat across pages.

They stay in the text, in their place; lines found to repeat are marked with a role so that
users can drop them. A line is furniture when a line with the same text (digits aside) sits
at the same height in the top or bottom band of enough other pages.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence

from pagetext.geometry import Box
from pagetext.layout.records import Line

_DIGITS = re.compile(r"\d+")
EDGE_BAND = 0.12  # share of the page height, at the top and at the bottom, where furniture lives
POSITION_STEP = 6.0  # points: heights are compared after rounding to this step
MIN_PAGE_SHARE = 0.1  # a repeat on at least this share of the pages (and on two pages at least)

Signature = tuple[str, str, int]


def signatures(lines: Iterable[Line], box: Box) -> set[Signature]:
    """The (zone, text with digits as #, rounded height) of the lines in a page's edge bands."""
    found: set[Signature] = set()
    band = EDGE_BAND * box.height
    for line in lines:
        center = (line.bbox.y0 + line.bbox.y1) / 2
        if center >= box.y1 - band:
            zone = "header"
        elif center <= box.y0 + band:
            zone = "footer"
        else:
            continue
        text = _DIGITS.sub("#", line.text.strip())
        if text:
            found.add((zone, text, round(center / POSITION_STEP)))
    return found


class Furniture:
    """The signatures that repeat across a document's pages."""

    def __init__(self, pages: Sequence[set[Signature]]) -> None:
        counts: dict[Signature, int] = defaultdict(int)
        for page in pages:
            for signature in page:
                counts[signature] += 1
        needed = max(2, math.ceil(MIN_PAGE_SHARE * len(pages)))
        self.repeated = {signature for signature, count in counts.items() if count >= needed}

    def mark(self, lines: list[Line], box: Box) -> list[Line]:
        """Set the role of every line whose signature repeats."""
        if not self.repeated:
            return lines
        for line in lines:
            for zone, text, height in signatures([line], box):
                if (zone, text, height) in self.repeated:
                    line.role = zone
        return lines
