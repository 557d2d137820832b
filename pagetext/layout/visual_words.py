"""A line with right-to-left text: its glyphs in visual order, grouped into words.

Producers draw such a line in visual order, in logical order, or in pieces: Word draws a
line as several visual runs, so one word's letters may be drawn far apart in the stream
("من" as "م", then the rest of the line, then "ن"). Word boundaries are therefore judged
between the glyphs that stand next to each other on the page, not between the glyphs drawn
one after the other; the drawing order's verdicts are kept where the two coincide.

A combining mark (harakat, Hebrew points: Unicode categories Mn and Me) is a zero-width glyph
placed over its base letter, and may be drawn before or after it. It belongs to the base
letter its box lies over, and follows that letter in logical order (Unicode §2.11): in the
visual string of a right-to-left letter it stands just left of the letter, of a
left-to-right one just right. A mark never starts or ends a word. A glyph for a directional
formatting character (RLM, ALM, ...: some producers draw them, with zero width) goes with
the nearest letter in the same way: where it stands is arbitrary, and between two letters
of a Latin word it would reverse them (bidi_text leaves its text out of the visual string).

Glyphs are ordered by where they start, then by where they end: a zero-width glyph at a
letter's start stands before that letter, after the one ending there.
"""

from __future__ import annotations

import bisect
import math
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.geometry import Point, projection
from pagetext.layout.gaps import decide
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import quad_extent
from pagetext.layout.scripts import BIDI_CONTROLS, category, has_rtl, joins_next, joins_previous

# A mark's letter is looked for among this many glyphs either side of where it stands: a
# letter holds a handful of marks at most (Hebrew: point, dagesh, cantillation).
_NEIGHBOURS: Final = 8


def is_mark(text: str) -> bool:
    """Whether the text is combining marks (Unicode general categories Mn, Me) or directional
    formatting characters only."""
    # No ASCII character is either: a glyph's one character by its code point (compiled,
    # len and ord are inline), a longer text ("" too) by its ASCII flag.
    if len(text) == 1:
        if ord(text) < 128:
            return False
    elif text.isascii():
        return False
    return all(char in BIDI_CONTROLS or category(char) in ("Mn", "Me") for char in text)


def _base_of(
    mark: Glyph, bases: list[Glyph], starts: list[float], ends: list[float], ux: float, uy: float
) -> int:
    """The index of the base letter the mark's box lies over (the nearest one, then the one
    whose middle is nearest), or -1 when none is within a box height (any distance for a
    directional formatting character). `bases` are sorted by where they start: only the
    few either side of the mark's middle are looked at."""
    extent = quad_extent(mark.quad, ux, uy)
    centre = (extent[0] + extent[1]) / 2
    best = -1
    reach = math.inf if mark.text[0] in BIDI_CONTROLS else mark.box_height
    best_key = (reach, 0.0)
    middle = bisect.bisect_right(starts, centre)
    for index in range(max(0, middle - _NEIGHBOURS), min(len(bases), middle + _NEIGHBOURS)):
        if bases[index].text.isspace():
            continue
        start, end = starts[index], ends[index]
        distance = start - centre if centre < start else centre - end if centre > end else 0.0
        key = (distance, abs(centre - (start + end) / 2))
        if key < best_key:
            best = index
            best_key = key
    return best


def visual_words(
    glyphs: list[Glyph], spaces: list[bool], direction: Point, params: LayoutParams
) -> list[list[Glyph]]:
    """The words of a line, left to right along `direction`, each word's glyphs in visual
    order with its marks placed; `glyphs` in drawing order, `spaces[i]` whether a word space
    comes before glyph i in that order (white-space glyphs separate words too)."""
    ux, uy = direction
    drawn = {id(glyph): index for index, glyph in enumerate(glyphs)}
    marks: list[Glyph] = []
    bases: list[Glyph] = []
    for glyph in glyphs:
        (marks if is_mark(glyph.text) else bases).append(glyph)
    # Lambdas, not a nested function: compiled, a nested function and its closure refer to
    # each other, a cycle left to the collector at every call.
    bases.sort(
        key=lambda glyph: (projection(glyph.baseline_start, ux, uy), projection(glyph.glyph_end, ux, uy))
    )
    attached: dict[int, list[Glyph]] = {}  # a letter's id → its marks
    if marks:
        extents = [quad_extent(glyph.quad, ux, uy) for glyph in bases]
        starts = [extent[0] for extent in extents]
        ends = [extent[1] for extent in extents]
        alone: list[Glyph] = []  # marks over no letter: placed by their own position
        for mark in marks:
            index = _base_of(mark, bases, starts, ends, ux, uy)
            if index >= 0:
                attached.setdefault(id(bases[index]), []).append(mark)
            else:
                alone.append(mark)
        if alone:
            bases.extend(alone)
            bases.sort(
                key=lambda glyph: (
                    projection(glyph.baseline_start, ux, uy),
                    projection(glyph.glyph_end, ux, uy),
                )
            )
    words: list[list[Glyph]] = []
    word: list[Glyph] = []
    previous: Glyph | None = None
    for glyph in bases:
        if glyph.text.isspace():
            previous = None
            if word:
                words.append(word)
                word = []
            continue
        if previous is not None and _word_space(previous, glyph, drawn, spaces, params):
            words.append(word)
            word = []
        own = attached.get(id(glyph), [])
        if has_rtl(glyph.text):  # read backwards with it: the marks reversed keep their order
            word.extend(own[::-1])
            word.append(glyph)
        else:
            word.append(glyph)
            word.extend(own)
        previous = glyph
    if word:
        words.append(word)
    return words


def _word_space(
    left: Glyph, right: Glyph, drawn: dict[int, int], spaces: list[bool], params: LayoutParams
) -> bool:
    """Whether a word space stands between two glyphs next to each other on the page."""
    if _joined(left, right):
        ux, uy = left.direction
        gap = projection(right.baseline_start, ux, uy) - projection(left.glyph_end, ux, uy)
        if gap <= params.joined_gap * right.box_height:
            return False
    first, second = drawn[id(left)], drawn[id(right)]
    if abs(first - second) == 1:  # drawn one after the other: assembly's verdict
        return spaces[max(first, second)]
    return decide(left, right, params).space


def _joined(left: Glyph, right: Glyph) -> bool:
    """Whether the shapes the font maps the glyphs to (presentation forms, a tatweel) join
    them: a right-to-left letter joins its logical predecessor on its right and its successor
    on its left, a left-to-right one (Mongolian read across) the other way round."""
    before, after = left.mapped_text, right.mapped_text
    if not before or not after:
        return False
    rightwards = joins_previous(before[0]) if has_rtl(before) else joins_next(before[-1])
    if has_rtl(after):
        return rightwards or joins_next(after[-1])
    return rightwards or joins_previous(after[0])
