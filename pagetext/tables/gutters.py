"""Page gutters: the white channel between two columns of running text on a page set in
columns. A column's lines level with a table in the other column share its baselines and
stand beside it, but they are no column of that table, and the two columns' short lines
(a paragraph's last line, a heading, code) are no rows of one table across the page.

In the table frame (rules.Frame): x right, y up.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from statistics import median
from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.layout.list_markers import is_marker
from pagetext.layout.params import LayoutParams
from pagetext.tables.columns import (
    ALIGN_TOLERANCE,
    MAX_CHUNK_WORDS,
    cell_break,
    chunks,
    is_number,
    text_lines,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from pagetext.tables.records import TextWord
    from pagetext.tables.rules import Rule

# Lines of running text beside a channel, at least, for it to part two columns of text (an
# indented quotation or a hanging list has running text on one side only).
MIN_GUTTER_LINES: Final = 3
# A gutter is at least this many text heights wide, and a part of a line this many
# characters long is a line of text, not a cell (text flows on a side of a channel when most
# of its characters are in such parts): the reading order's own thresholds, so that tables
# and reading order see the same columns.
MIN_GUTTER_WIDTH: Final = LayoutParams().min_gutter
MIN_LINE_CHARS: Final = LayoutParams().min_column_chars


@dataclass(frozen=True)
class Gutter:
    """A channel between two columns of text: words left of x are the left column's, from
    bottom to top (the extent of the running text on its two sides)."""

    x: float
    bottom: float
    top: float


def page_gutters(words: list[TextWord], rules: list[Rule]) -> list[Gutter]:
    """The page's gutters: a left margin where MIN_GUTTER_LINES runs of words (chunks) start,
    with a channel MIN_GUTTER_WIDTH text heights wide before it that no run and no rule
    crosses, text flowing on both sides of it next to it, and MIN_GUTTER_LINES lines of
    running text there (table columns are no gutter). A run or a rule across the channel (a
    heading, a table or a band of text over the whole page) ends the gutter."""
    if not words:
        return []
    height = median(w.box.height for w in words)
    lines = [sorted(line, key=lambda w: w.box.x0) for line in text_lines(words)]
    runs = [_box(run) for line in lines for run in chunks(line)]
    gutters: list[Gutter] = []
    # Margins most lines start at first: a column's; the text next to a later channel stops
    # at the gutters found (a narrow justified paragraph's spaces line up like a channel,
    # and the other column's text beyond the gutter is not its side).
    for margin in _margins([b.x0 for b in runs]):
        channel = margin - MIN_GUTTER_WIDTH * height
        crossings = sorted(
            [(b.y0 + b.y1) / 2 for b in runs if b.x0 < channel and b.x1 > margin - ALIGN_TOLERANCE]
            + [r.position for r in rules if r.horizontal and r.start < channel and r.end > margin]
        )
        for low, high in zip([-float("inf"), *crossings], [*crossings, float("inf")], strict=True):
            level = [line for line in lines if low < (line[0].box.y0 + line[0].box.y1) / 2 < high]
            walled = [_within(line, gutters, channel) for line in level]
            gutter = _gutter([line for line in walled if line], channel, margin)
            if gutter is not None:
                gutters.append(gutter)
    return gutters


def _gutter(lines: list[list[TextWord]], channel: float, margin: float) -> Gutter | None:
    """The gutter before the margin beside these lines (none crossing the channel), if the
    text next to it on both sides flows and holds running text."""
    ends = [max(w.box.x1 for w in line if w.box.x1 <= channel) for line in lines if line[0].box.x1 <= channel]
    if not ends:
        return None
    # The channel's width here, from where most lines before it end (a ragged column's lines
    # end short of it, a page number below a column may stand in it).
    end = median(ends)
    width = margin - end
    sides: tuple[list[list[TextWord]], list[list[TextWord]]] = ([], [])
    for line in lines:
        left = [w for w in line if w.box.x1 <= channel]
        right = [w for w in line if w.box.x0 >= margin - ALIGN_TOLERANCE]
        if left and left[-1].box.x1 > end - width:
            sides[0].append(_next_to(left[::-1], width))
        if right and right[0].box.x0 < margin + width:
            sides[1].append(_next_to(right, width))
    if any(len(side) < MIN_GUTTER_LINES or not _flows(side) for side in sides):
        return None
    if sum(len(_words(part)) > MAX_CHUNK_WORDS for side in sides for part in side) < MIN_GUTTER_LINES:
        return None
    boxes = [_box(part) for side in sides for part in side]
    x = (max(w.box.x1 for part in sides[0] for w in part) + margin) / 2  # the channel's middle
    return Gutter(x, min(b.y0 for b in boxes), max(b.y1 for b in boxes))


def _next_to(words: list[TextWord], width: float) -> list[TextWord]:
    """The words of a line next to the channel (nearest first): up to a gap as wide as it."""
    part = [words[0]]
    for word in words[1:]:
        if min(abs(word.box.x0 - part[-1].box.x1), abs(part[-1].box.x0 - word.box.x1)) >= width:
            break
        part.append(word)
    return part


def _flows(parts: list[list[TextWord]]) -> bool:
    """Whether most characters of these parts of lines are in parts MIN_LINE_CHARS long."""
    sizes = [sum(len(w.text) for w in _words(part)) for part in parts]
    return 2 * sum(n for n in sizes if n >= MIN_LINE_CHARS) >= sum(sizes)


def _words(part: list[TextWord]) -> list[TextWord]:
    """The words proper, with a letter or digit: leader dots lead to a value, no text."""
    return [w for w in part if any(ch.isalnum() for ch in w.text)]


def _box(words: list[TextWord]) -> Box:
    return Box(
        min(w.box.x0 for w in words),
        min(w.box.y0 for w in words),
        max(w.box.x1 for w in words),
        max(w.box.y1 for w in words),
    )


def _margins(starts: list[float]) -> list[float]:
    """The x where MIN_GUTTER_LINES or more runs start (within ALIGN_TOLERANCE), the most
    used first."""
    margins: list[list[float]] = []
    for x in sorted(starts):
        if margins and x - margins[-1][-1] <= ALIGN_TOLERANCE:
            margins[-1].append(x)
        else:
            margins.append([x])
    ordered = sorted(margins, key=len, reverse=True)
    return [group[0] for group in ordered if len(group) >= MIN_GUTTER_LINES]


def _within(line: list[TextWord], gutters: list[Gutter], x: float) -> list[TextWord]:
    """The words of a line between the gutters level with it that stand either side of x."""
    y = (line[0].box.y0 + line[0].box.y1) / 2
    walls = [g.x for g in gutters if g.bottom <= y <= g.top]
    low = max((w for w in walls if w < x), default=-float("inf"))
    high = min((w for w in walls if w > x), default=float("inf"))
    return [w for w in line if low < w.center[0] < high]


def _sides(gutters: list[Gutter], box: Box) -> tuple[bool | None, ...]:
    """Which side of each gutter the box's centre lies on (None: not level with it)."""
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return tuple(x > g.x if g.bottom <= y <= g.top else None for g in gutters)


def column_parts(words: list[TextWord], gutters: list[Gutter]) -> list[tuple[list[TextWord], bool]]:
    """The words parted by the gutters level with them, each column's on its own; and whether
    the part is a column of text (level with a gutter), not text across the page."""
    parts: dict[tuple[bool | None, ...], list[TextWord]] = {}
    for word in words:
        parts.setdefault(_sides(gutters, word.box), []).append(word)
    return [(part, any(side is not None for side in key)) for key, part in parts.items()]


def across_gutter(gutters: list[Gutter], box: Box, grid: Box) -> bool:
    """Whether a gutter level with the box parts it from the grid (a grid across the gutter,
    a table over both columns, has text on both sides)."""
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return any(g.bottom <= y <= g.top and (grid.x1 <= g.x < x or x < g.x <= grid.x0) for g in gutters)


# Inside a column of text (between gutters) a line holds few words, so running text is told
# by its setting, not its length: a justified line stretches every word space alike. Word
# spaces this close (points) are alike; a line of this many words or more shows it.
JUSTIFY_TOLERANCE: Final = 0.3
MIN_JUSTIFIED_WORDS: Final = 4
# A list in a column of text has markers in more than this share of its first column's cells.
MARKER_SHARE: Final = 0.5


def justified(words: list[TextWord]) -> bool:
    """Whether a column's line (its words, left to right) is a justified line of running text:
    words, not amounts, with all spaces alike (a list marker's gap before them aside) and
    some of them stretched past a cell break (else the line is one run anyway). Table cells
    are set apart by gutters sized to their columns, not alike along a row."""
    if words and is_marker(words[0].text):
        words = words[1:]
    if len(words) < MIN_JUSTIFIED_WORDS or any(is_number(w) for w in words):
        return False
    gaps = [b.box.x0 - a.box.x1 for a, b in itertools.pairwise(words)]
    return max(gaps) - min(gaps) <= JUSTIFY_TOLERANCE and any(
        cell_break(a, b) for a, b in itertools.pairwise(words)
    )


def marker_column(rows: Sequence[Mapping[tuple[int, int], list[list[TextWord]]]]) -> bool:
    """Whether a grid of two columns (its rows' runs by the columns they cover) holds list
    markers, one to a cell, in most cells of its first: the grid is a list (across the page
    or in a column of text), its items' text the second column (a line of the text between items, or an item
    that runs on from its marker, fills the first column's other cells). A table numbering
    its rows has columns of values after the numbers."""
    if any(c1 > 1 for row in rows for _, c1 in row):
        return False
    first = [[w for run in runs for w in run] for row in rows for (c0, _), runs in row.items() if c0 == 0]
    markers = sum(1 for cell in first if len(cell) == 1 and is_marker(cell[0].text))
    return markers > MARKER_SHARE * len(first)
