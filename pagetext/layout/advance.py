"""Writing direction from where the glyphs actually are, not from the font's writing mode.

A glyph's nominal direction comes from its font (WMode, ISO 32000-1 §9.7.4.3) and the text
matrix. Producers do not always follow it: a vertical font (Identity-V) may have every glyph
placed side by side on one baseline by Td or TJ, and a horizontal font may have each glyph
set one under the other by its own Td (a stacked label, Japanese set vertically). Read along
the nominal direction, such a run falls apart into one line (or one column) per glyph.

This stage finds runs of consecutive glyphs whose origins step, one glyph box after another,
across their nominal direction, and hands assembly re-oriented copies of them: the same
glyph box, with direction, origin, end and box height taken along the actual advance. The
records users see are the originals: `restore` puts them back into the words built.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.geometry import Point
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line, glyph_extent_along
from pagetext.layout.scripts import is_cjk

_NOT_ACROSS: Final = math.inf  # the gap given for a step that does not go across


def _em(glyph: Glyph) -> float:
    """The glyph's extent that every glyph of its font at its size shares: the box height
    (ascent to descent) of a horizontal glyph, the vertical displacement w1 × size of a
    vertical one (§9.7.4.3; widths differ per glyph in both modes)."""
    if glyph.writing_mode == 1:
        return math.hypot(
            glyph.glyph_end_x - glyph.baseline_start_x, glyph.glyph_end_y - glyph.baseline_start_y
        )
    return glyph.box_height


def _across(glyph: Glyph) -> Point:
    """The way a run going across the nominal direction advances, in the glyph's own upright
    frame: to the right of a vertical glyph, below a horizontal one."""
    ux = glyph.direction_x
    uy = glyph.direction_y
    if glyph.writing_mode == 1:
        return -uy, ux
    return uy, -ux


def _step_gap(prev: Glyph, glyph: Glyph, line_shift: float, params: LayoutParams) -> float:
    """For a step from `prev` to `glyph` that goes across prev's nominal direction, forward
    along `_across`, between glyphs of one size, aligned: the gap between their boxes along
    it, as a share of the em. Any other step: _NOT_ACROSS. (line_shift: params.line_shift,
    read once per page.)"""
    ux = prev.direction_x
    uy = prev.direction_y
    dx = glyph.baseline_start_x - prev.baseline_start_x
    dy = glyph.baseline_start_y - prev.baseline_start_y
    # The common case, one comparison: the origin moves along the nominal direction (§9.4.4).
    if is_along(dx, dy, ux, uy, line_shift * prev.box_height):
        return _NOT_ACROSS
    if glyph.writing_mode != prev.writing_mode or glyph.direction_x != ux or glyph.direction_y != uy:
        return _NOT_ACROSS
    em = _em(prev)
    if em <= 0 or abs(_em(glyph) - em) > params.stack_size * em:
        return _NOT_ACROSS
    ex, ey = _across(prev)
    # Aligned: the origins stay level along the nominal direction (one baseline, one column).
    if dx * ex + dy * ey <= 0 or abs(dx * ux + dy * uy) > params.line_shift * em:
        return _NOT_ACROSS
    prev_high = glyph_extent_along(prev, ex, ey)[1]  # indexed: a "_" target would box
    glyph_low = glyph_extent_along(glyph, ex, ey)[0]
    gap = (glyph_low - prev_high) / em
    return gap if gap >= -params.stack_overlap else _NOT_ACROSS


def _reoriented(glyph: Glyph) -> Glyph:
    """A copy of the glyph read along `_across`: same box, box height the em, origin and end
    where a glyph of the mode it is now read in has them (§9.7.4.3), so that it lines up
    with such glyphs next to it: read down, half-way across the box (a vertical origin is at
    the top centre); read across, on the box's bottom edge (a baseline lies just above it)."""
    ex, ey = _across(glyph)
    low, high, below, above = glyph_extent_along(glyph, ex, ey)
    level = below if glyph.writing_mode == 1 else (below + above) / 2
    start = (low * ex - level * ey, low * ey + level * ex)
    end = (high * ex - level * ey, high * ey + level * ex)
    # Read as a line (writing mode 0): vertical column ordering must not sort it into columns.
    return glyph.moved(glyph.quad, start, end, end, (ex, ey), _em(glyph), 0)


def is_along(dx: float, dy: float, ux: float, uy: float, shift: float) -> bool:
    """Whether a step (dx, dy) from a glyph of direction (ux, uy) stays within `shift` of its
    line: the step is along the direction, and no run across it goes on there."""
    return abs(dy * ux - dx * uy) <= shift


def follow_advance(
    glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph], steps: list[int]
) -> list[Glyph]:
    """The glyphs, with those of runs that advance across their nominal direction replaced
    by re-oriented copies (`originals` maps each copy's id to its glyph).

    A run is a chain of consecutive steps across, each with a box gap of at most
    stack_run_gap (word gaps, an empty cell); it counts when stack_steps consecutive steps in
    it leave boxes (almost) touching, as glyphs of one word do. Rows of a table or lines of a
    paragraph, one line spacing apart, leave a wider gap and are not a run. Steps from or to
    a glyph that is not a letter or a digit, and steps between CJK glyphs of a horizontal
    font, count neither way.

    steps: in increasing order, the indices i whose step from glyph i - 1 is not along
    (is_along with params.line_shift × that glyph's box height), or any more: only they are
    looked at, a step along ends a run (a page's few line breaks, not its every glyph).
    """
    count = len(glyphs)
    if not count:
        return glyphs
    result: list[Glyph] | None = None
    start = 0
    tight = most = 0
    line_shift = params.line_shift
    run_gap = params.stack_run_gap
    stack_gap = params.stack_gap
    stack_steps = params.stack_steps  # read once: compiled, each read is a lookup by name
    if run_gap >= _NOT_ACROSS:  # a step along may continue a run too: every step looked at
        steps = list(range(1, count))
    previous = 0  # the last step looked at
    for k in range(len(steps) + 1):
        index = steps[k] if k < len(steps) else count  # the end: a step along, as it were
        if index > previous + 1:  # steps along in between: the first ends the run
            if most >= stack_steps:
                result = _reoriented_run(glyphs, result, start, previous + 1, originals)
            start = index - 1
            tight = most = 0
        previous = index
        gap = _NOT_ACROSS
        if index < count:
            gap = _step_gap(glyphs[index - 1], glyphs[index], line_shift, params)
        if gap <= run_gap:
            # Only letters and digits make a run; other glyphs neither make nor break one: an
            # empty paragraph is a lone space one line (one box) below the last, and a tall
            # brace or bracket is built of pieces set one on the other. Two CJK glyphs of a
            # horizontal font one under the other are assembly's "cjk column" already.
            before = glyphs[index - 1].text
            after = glyphs[index].text
            if not (before.isalnum() and after.isalnum()) or (
                glyphs[index].writing_mode == 0 and is_cjk(before[-1]) and is_cjk(after[0])
            ):
                continue
            tight = tight + 1 if gap <= stack_gap else 0
            if tight > most:
                most = tight
            continue
        if most >= stack_steps:
            result = _reoriented_run(glyphs, result, start, index, originals)
        start = index
        tight = most = 0
    return glyphs if result is None else result


def _reoriented_run(
    glyphs: list[Glyph], result: list[Glyph] | None, start: int, end: int, originals: dict[int, Glyph]
) -> list[Glyph]:
    """result (a copy of glyphs, made here for the first run) with glyphs[start:end] re-oriented."""
    if result is None:
        result = list(glyphs)
    for position in range(start, end):
        copy = _reoriented(glyphs[position])
        originals[id(copy)] = glyphs[position]
        result[position] = copy
    return result


def restore(lines: Sequence[Line], originals: dict[int, Glyph]) -> None:
    """Put the original glyph records back into the words built from re-oriented copies."""
    # A page holds few copies, made after its glyphs: most glyphs' ids lie outside the
    # copies' range, told without a dictionary lookup. Only a word holding one is made again.
    if not originals:
        return
    low = min(originals)
    high = max(originals)
    for line in lines:
        for word in line.words:
            for glyph in word.glyphs:
                key = id(glyph)
                if low <= key <= high and key in originals:
                    word.glyphs = tuple([originals.get(id(each), each) for each in word.glyphs])
                    break
