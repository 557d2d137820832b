"""Blocks of a page the XY-cut leaves whole: a block drawn out of place is read where it stands.

Producers draw a page number right after the running head, a title after the table it heads,
footnotes first. The lines are cut into blocks at clear vertical gaps (Y-bands), and the
stream's run through one band is a unit. The heaviest run of units the stream already draws
top to bottom stays as it is; a unit outside it moves to where it stands on the page, but
only when it is its band's whole text, so that side-by-side material the stream draws in
turns (label and value columns, unsplit columns, table columns) keeps its stream order, and
only when it is shown: invisible text keeps its stream place.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Final

from pagetext.geometry import Point
from pagetext.layout.records import Extent, Line, quad_extent, words_extent

_INVISIBLE: Final = (3, 7)  # text render modes that neither fill nor stroke (§9.3.6)
_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string at each use
# Directions closer than this (cos 5°) are one direction.
SAME_DIRECTION: Final = 0.996
# A line in another direction set at least this × the main text's median height is display
# type, a form's name along the edge of its header: headings run to ≈ 1.4 × the body, and
# rotated sidebars and stamps are set about body size.
ROTATED_TITLE_SIZE: Final = 1.5


def median(values: list[float]) -> float:
    """The median, as statistics.median gives it; compiled, not interpreted with a generator."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def y_bands(tops: list[float], bottoms: list[float], gap: float) -> tuple[list[int], list[int]]:
    """The items' indices top first (equal tops in their order), and the band of each item
    (0 = top): bands are cut at empty horizontal strips at least `gap` × the median item
    height tall. Along the order the bands only grow."""
    # Indexed, not zipped: compiled, zip(..., strict=True) is the builtin, a tuple per item.
    height = median([max(tops[i] - bottoms[i], 1e-6) for i in range(len(tops))])
    bands = [0] * len(tops)
    band = 0
    bottom = 0.0
    order = _top_first(tops)
    for rank, index in enumerate(order):
        if rank and bottom - tops[index] > gap * height:
            band += 1
        if not rank or bottoms[index] < bottom:
            bottom = bottoms[index]
        bands[index] = band
    return order, bands


def _top_first(tops: list[float]) -> list[int]:
    """Indices of the tops, highest first, equal tops in their order: the sort is left out
    when the tops already come so (a band the XY-cut made, most lines of a page), where its
    key costs a call per item."""
    previous = _INFINITY
    for top in tops:
        if not top <= previous:  # higher than the one before (or NaN): sorted
            # The key is a list's own __getitem__, not a lambda: the sort calls it once per item.
            below = [-value for value in tops]
            return sorted(range(len(tops)), key=below.__getitem__)
        previous = top
    return list(range(len(tops)))


class _Unit:
    """Consecutive lines of the stream in one band."""

    __slots__ = ("band", "chars", "invisible", "lines", "x0", "x1")

    def __init__(self, band: int) -> None:
        self.band = band
        self.lines: list[Line] = []
        self.chars = 0
        self.invisible = True  # every glyph drawn with an invisible render mode
        self.x0 = _INFINITY
        self.x1 = -_INFINITY


def _invisible(line: Line) -> bool:
    """Whether every glyph of the line is drawn with an invisible render mode. Its words read
    in place: Line.glyphs would build the tuple of all of them, and the first glyph mostly
    answers."""
    for word in line.words:
        for glyph in word.glyphs:
            if glyph.run.render_mode not in _INVISIBLE:
                return False
    return True


def _units(lines: Sequence[Line], extents: list[Extent], gap: float) -> list[_Unit]:
    bands = y_bands([e[3] for e in extents], [e[2] for e in extents], gap)[1]
    units: list[_Unit] = []
    for line, (x0, x1, _, _), band in zip(lines, extents, bands, strict=True):
        if not units or units[-1].band != band:
            units.append(_Unit(band))
        unit = units[-1]
        unit.lines.append(line)
        unit.chars += len(line.text)
        if unit.invisible and not _invisible(line):
            unit.invisible = False
        unit.x0 = min(unit.x0, x0)
        unit.x1 = max(unit.x1, x1)
    return units


def _in_stream_place(units: list[_Unit]) -> list[bool]:
    """The units of the heaviest (by characters) run the stream draws top to bottom: a
    weighted longest non-decreasing subsequence of band numbers, O(n log n) with a Fenwick
    tree of prefix maxima over the bands."""
    size = max(unit.band for unit in units) + 1
    tree_weight = [0] * (size + 1)
    tree_unit = [-1] * (size + 1)
    previous = [-1] * len(units)
    best_weight, best_unit = 0, -1
    for index, unit in enumerate(units):
        weight, before = 0, -1
        position = unit.band + 1
        while position > 0:  # the best chain ending in a band at or above this one
            if tree_weight[position] > weight:
                weight, before = tree_weight[position], tree_unit[position]
            position -= position & -position
        weight += unit.chars + 1  # +1: an empty line still counts
        previous[index] = before
        if weight > best_weight:
            best_weight, best_unit = weight, index
        position = unit.band + 1
        while position <= size:
            if weight > tree_weight[position]:
                tree_weight[position], tree_unit[position] = weight, index
            position += position & -position
    kept = [False] * len(units)
    while best_unit >= 0:
        kept[best_unit] = True
        best_unit = previous[best_unit]
    return kept


def _side_by_side_bands(units: list[_Unit]) -> set[int]:
    """Bands holding two units side by side (no common X range): columns or label/value pairs
    the stream draws in turns, whose order only a column split could tell."""
    by_band: dict[int, list[_Unit]] = {}
    for unit in units:
        by_band.setdefault(unit.band, []).append(unit)
    return {
        band
        for band, group in by_band.items()
        if any(a.x1 < b.x0 or b.x1 < a.x0 for i, a in enumerate(group) for b in group[i + 1 :])
    }


def place_blocks(lines: Sequence[Line], extents: list[Extent], gap: float) -> list[Line]:
    """Lines in stream order → the same lines with each block drawn out of place moved to
    where it stands (top to bottom); lines inside a block keep their stream order.
    `extents`: each line's words' extent in the page's frame (rejoin_lines measures them)."""
    if len(lines) < 2:
        return list(lines)
    units = _units(lines, extents, gap)
    # Invisible text on a page that shows text has no place a reader sees (a producer's
    # hidden "Powered by" line): it keeps its stream place and is no anchor for the rest. A
    # page of nothing but invisible text (an OCR layer over a scan) is ordered like any other.
    hidden = [unit.invisible for unit in units]
    if all(hidden):
        hidden = [False] * len(units)
    shown = [index for index in range(len(units)) if not hidden[index]]
    kept = [True] * len(units)
    for index, in_place in zip(shown, _in_stream_place([units[i] for i in shown]), strict=True):
        kept[index] = in_place
    if all(kept):
        return list(lines)
    units_in_band: dict[int, int] = {}
    for unit in units:
        units_in_band[unit.band] = units_in_band.get(unit.band, 0) + 1
    anchors = [index for index in shown if kept[index]]
    anchor_bands = [units[index].band for index in anchors]  # non-decreasing
    side_by_side = _side_by_side_bands(units)
    targets: dict[int, int] = {}  # moving unit → the stream index of the unit it goes before
    for index, unit in enumerate(units):
        if kept[index] or units_in_band[unit.band] > 1:
            continue  # in place (or not shown), or part of a band the stream draws in turns
        after = bisect.bisect_right(anchor_bands, unit.band)
        target = anchors[after] if after < len(anchors) else len(units)
        jumped = range(index + 1, target) if index < target else range(target, index)
        # Moving past material drawn in turns side by side could cut between its columns.
        if not any(units[j].band in side_by_side for j in jumped):
            targets[index] = target
    arriving: dict[int, list[_Unit]] = {}
    for index, target in targets.items():
        arriving.setdefault(target, []).append(units[index])
    result: list[Line] = []
    for index in range(len(units) + 1):
        for unit in sorted(arriving.get(index, []), key=lambda u: u.band):
            result.extend(unit.lines)
        if index < len(units) and index not in targets:
            result.extend(units[index].lines)
    return result


def place_other_directions(main: list[Line], other: list[Line], frame: Point, gap: float) -> list[Line]:
    """Main text in reading order and the text in other directions → the page's lines: a
    rotated title first (see _titles), the rest of that text before the main text's footer."""
    titles = _titles(main, other, frame, gap)
    if not titles:
        return before_footer(main, other, frame, gap)
    title_ids = {id(line) for line in titles}
    return titles + before_footer(main, [line for line in other if id(line) not in title_ids], frame, gap)


def _titles(main: list[Line], other: list[Line], frame: Point, gap: float) -> list[Line]:
    """The lines in other directions a reader reads before the main text: display type (at
    least ROTATED_TITLE_SIZE × the main text's median height, none of it in larger type) that
    stands at the top of the text, reaching the first block of the main text or above it,
    and lies wholly in its upper half (a watermark across the page, a sidebar down the whole
    margin do not)."""
    if not other or not main:
        return []
    ux, uy = frame
    extents = [words_extent(line.words, ux, uy) for line in main]
    heights = [max(e[3] - e[2], 1e-6) for e in extents]
    smallest = max(ROTATED_TITLE_SIZE * median(heights), max(_largest_type(line) for line in main))
    bands = y_bands([e[3] for e in extents], [e[2] for e in extents], gap)[1]
    first_bottom = min(e[2] for e, band in zip(extents, bands, strict=True) if band == 0)
    middle = (max(e[3] for e in extents) + min(e[2] for e in extents)) / 2
    titles: list[Line] = []
    for line in other:
        if _largest_type(line) < smallest:
            continue
        _, _, bottom, top = words_extent(line.words, ux, uy)
        if top >= first_bottom and bottom >= middle:
            titles.append(line)
    return _title_block(titles, other)


def _title_block(titles: list[Line], other: list[Line]) -> list[Line]:
    """The titles with the lines of their direction set close beside them (the small "Form"
    over a form's number), in their reading order: the first line of the block is the one
    furthest up in the title's own direction."""
    if not titles:
        return titles
    block = list(titles)
    for line in other:
        if any(line is title for title in block):
            continue
        for title in titles:
            near = _largest_type(title)
            box, title_box = line.bbox, title.bbox
            apart = max(
                box.x0 - title_box.x1, title_box.x0 - box.x1, box.y0 - title_box.y1, title_box.y0 - box.y1
            )
            same = (
                line.direction[0] * title.direction[0] + line.direction[1] * title.direction[1]
                > SAME_DIRECTION
            )
            if same and apart <= near:
                block.append(line)
                break
    ux, uy = titles[0].direction
    return sorted(block, key=lambda line: -(line.quad[0][1] * ux - line.quad[0][0] * uy))


def _largest_type(line: Line) -> float:
    """The height of a line's tallest word, each across its own direction: a line assembly
    joined from words in several directions (a rotated axis label and a slanted tick label)
    is not as tall as it is long in one of them."""
    tallest = 0.0
    for word in line.words:
        _, _, below, above = quad_extent(word.quad, word.direction[0], word.direction[1])
        tallest = max(tallest, above - below)
    return tallest


def before_footer(main: list[Line], other: list[Line], frame: Point, gap: float) -> list[Line]:
    """Text in other directions (rotated sidebars, stamps, diagonal watermarks) after the
    main text but before its footer: a last line standing apart below the rest of the text
    (a block gap) and below all the rotated text, like the page number under a sidebar."""
    if not other or len(main) < 2:
        return main + other
    ux, uy = frame
    extents = [words_extent(line.words, ux, uy) for line in main]
    height = median([max(e[3] - e[2], 1e-6) for e in extents])
    footer_top = extents[-1][3]
    apart = min(e[2] for e in extents[:-1]) - footer_top > gap * height
    below_other = all(words_extent(line.words, ux, uy)[2] > footer_top for line in other)
    if apart and below_other:
        return main[:-1] + other + main[-1:]
    return main + other
