"""Glyphs made ready for assembly: what a viewer shows once, in the order it is read.

Each step takes the glyphs in drawing order and gives them back with copies and reorderings
a reader would make before spacing words (SPEC §3.1): ActualText spans (§14.9.4), overstruck
copies, separate accents, hidden white space, vertical runs.
"""

from __future__ import annotations

import math
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.geometry import projection
from pagetext.layout.accents import accent_mark, compose_accents
from pagetext.layout.advance import follow_advance, is_along
from pagetext.layout.params import LayoutParams
from pagetext.layout.scripts import FIRST_RTL

# What _survey finds in a page's glyphs, the steps that act on it (bits of one int).
_EMPTY: Final = 1  # a glyph without text: an ActualText span to join
_ACCENT: Final = 2  # a glyph that may be an accent to compose
_VERTICAL: Final = 4  # a glyph of vertical writing, to read in columns
# Printable ASCII: no white space, and no accent but the grave.
_FIRST_PRINTABLE: Final = 0x21
_LAST_PRINTABLE: Final = 0x7E
_GRAVE: Final = 0x60


class _Run:
    """Glyphs glyphs[first:end], the kept ones each starting where the one before ended or
    in line with those before, and the box of their starts (a segment of a line, mostly)."""

    __slots__ = ("end", "first", "high_x", "high_y", "low_x", "low_y")

    def __init__(self, first: int) -> None:
        self.first = first
        self.end = first
        self.low_x = self.low_y = math.inf
        self.high_x = self.high_y = -math.inf


def drop_duplicates(glyphs: list[Glyph], params: LayoutParams) -> list[Glyph]:
    """Remove fake-bold copies: the same text drawn again at almost the same place.

    A glyph that starts where the previous one ended continues its run and is no copy (nine
    glyphs in ten); any other is compared with the glyphs kept among the last
    `duplicate_window` whose start lies within its limit. Nothing is kept per glyph for
    that (a record per text, grown per glyph, cost five times more): the glyphs are grouped
    into runs with the box of their starts, and only a run whose box the glyph's start is
    near is searched (see _repeats). A glyph kerned along a level (or upright) run stays in
    it, the box still a segment of the line: a line set with kerns is one run to look at.
    """
    kept: list[Glyph] | None = None  # made at the first copy: most pages have none
    dropped = [False] * len(glyphs)  # by index
    runs: list[_Run] = []
    run: _Run | None = None  # the open run, the last of runs
    window = params.duplicate_window
    tolerance = params.duplicate_tolerance
    pen_x = pen_y = math.nan
    # The open run's box, kept here as the glyphs come and stored at the next jump.
    low_x = low_y = math.inf
    high_x = high_y = -math.inf
    for index in range(len(glyphs)):
        glyph = glyphs[index]
        x = glyph.baseline_start_x
        y = glyph.baseline_start_y
        limit = tolerance * glyph.box_height or 1e-6
        if not (-limit <= x - pen_x <= limit and -limit <= y - pen_y <= limit):
            if run is not None:
                run.end = index
                run.low_x, run.high_x, run.low_y, run.high_y = low_x, high_x, low_y, high_y
            if _repeats(glyphs, dropped, runs, index, index - window, x, y, limit):
                dropped[index] = True
                if kept is None:
                    kept = glyphs[:index]
                continue
            level = low_y == high_y == y and low_x < high_x
            upright = low_x == high_x == x and low_y < high_y
            if run is None or not (level or upright):
                run = _Run(index)
                runs.append(run)
                low_x = low_y = math.inf
                high_x = high_y = -math.inf
        # Comparisons leave a NaN start out of the box: it matches no glyph anyway.
        if x < low_x:
            low_x = x
        if x > high_x:
            high_x = x
        if y < low_y:
            low_y = y
        if y > high_y:
            high_y = y
        if kept is not None:
            kept.append(glyph)
        pen_x = glyph.baseline_end_x
        pen_y = glyph.baseline_end_y
    return glyphs if kept is None else kept


def _repeats(
    glyphs: list[Glyph],
    dropped: list[bool],
    runs: list[_Run],
    index: int,
    oldest: int,
    x: float,
    y: float,
    limit: float,
) -> bool:
    """Whether a kept glyph of glyphs[oldest:index] (the runs hold them all) has the text of
    glyphs[index] and a start within `limit` of (x, y) on both axes.

    A run is searched only when the start could be within `limit` of its box. The test is
    exact, not a heuristic: rounding is monotonic, so for any start s in [low, high],
    x - high <= x - s <= x - low as computed; a glyph of the run within the limit keeps
    x - low >= -limit and x - high <= limit. It is written as "not beyond", so that a NaN
    (infinite coordinates) searches the run rather than skip it.
    """
    text = glyphs[index].text
    k = len(runs) - 1
    while k >= 0:
        run = runs[k]
        k -= 1
        if run.end <= oldest:
            break
        if (
            x - run.low_x < -limit
            or x - run.high_x > limit
            or y - run.low_y < -limit
            or y - run.high_y > limit
        ):
            continue
        begin = run.first if run.first > oldest else oldest
        # Compiled, a slice is read natively where an index is bounds-checked.
        for offset, other in enumerate(glyphs[begin : run.end]):
            if (
                -limit <= x - other.baseline_start_x <= limit
                and -limit <= y - other.baseline_start_y <= limit
                and other.text == text
                and not dropped[begin + offset]
            ):
                return True
    return False


def _column_order(run: list[Glyph]) -> list[Glyph]:
    """A run of vertical glyphs read as columns: right to left, each top to bottom (SPEC §3.3).

    A run drawn in that order already (tier after tier included) is kept as drawn.
    """
    ux, uy = run[0].direction
    nx, ny = -uy, ux  # across the columns; for upright vertical text it points right
    # Positions by index, not nested key functions: compiled, a nested function and its
    # closure refer to each other, a cycle left to the collector at every call.
    along = [projection(glyph.baseline_start, ux, uy) for glyph in run]
    across = [projection(glyph.baseline_start, nx, ny) for glyph in run]
    column_end = along[0]
    in_order = True
    for i in range(1, len(run)):
        prev, glyph = run[i - 1], run[i]
        step = across[i] - across[i - 1]
        limit = 0.5 * max(prev.box_height, glyph.box_height)
        if abs(step) <= limit:
            if along[i] < along[i - 1] - limit:
                in_order = False
                break
        elif step > 0 and along[i] <= column_end:  # back to the right, but not a new tier
            in_order = False
            break
        column_end = max(column_end, along[i])
    if in_order:
        return run
    by_across = sorted(range(len(run)), key=across.__getitem__, reverse=True)
    columns: list[list[int]] = [[by_across[0]]]
    for index in by_across[1:]:
        last = columns[-1][-1]
        if across[last] - across[index] > 0.5 * max(run[last].box_height, run[index].box_height):
            columns.append([])
        columns[-1].append(index)
    return [run[index] for column in columns for index in sorted(column, key=along.__getitem__)]


def order_vertical_runs(glyphs: list[Glyph]) -> list[Glyph]:
    if not any(glyph.writing_mode == 1 for glyph in glyphs):
        return glyphs
    result: list[Glyph] = []
    start = 0
    count = len(glyphs)
    while start < count:
        end = start
        while end < count and glyphs[end].writing_mode == 1:
            end += 1
        if end > start:
            result.extend(_column_order(list(glyphs[start:end])))
            start = end
        else:
            result.append(glyphs[start])
            start += 1
    return result


def drop_hidden_whitespace(glyphs: list[Glyph]) -> list[Glyph]:
    """Remove white-space glyphs that the next glyph is drawn over: they leave no gap on the
    page (a producer that writes "字 " for every character and then moves one em on)."""
    kept: list[Glyph] | None = None  # made at the first one dropped: most pages have none
    for index, glyph in enumerate(glyphs):
        if glyph.text.isspace() and index + 1 < len(glyphs) and _covered(glyphs, index):
            if kept is None:
                kept = glyphs[:index]
            continue
        if kept is not None:
            kept.append(glyph)
    return glyphs if kept is None else kept


def _covered(glyphs: list[Glyph], index: int) -> bool:
    """Whether the glyph after glyphs[index] (a white-space glyph, not the last) is drawn over it."""
    glyph = glyphs[index]
    after = glyphs[index + 1]
    ux = glyph.direction_x
    uy = glyph.direction_y
    ox = glyph.baseline_start_x
    oy = glyph.baseline_start_y
    advance = (glyph.glyph_end_x - ox) * ux + (glyph.glyph_end_y - oy) * uy
    step = (after.baseline_start_x - ox) * ux + (after.baseline_start_y - oy) * uy
    across = (after.baseline_start_x - ox) * -uy + (after.baseline_start_y - oy) * ux
    covered = -0.5 * advance < step < 0.25 * advance
    return advance > 0 and covered and abs(across) < 0.5 * glyph.box_height


def join_actual_text(glyphs: list[Glyph], originals: dict[int, Glyph]) -> list[Glyph]:
    """Glyphs with text, the span of an /ActualText as one: the glyph carrying the replacement
    stretched (a copy, mapped back through `originals`) over the covered glyphs after it on
    its line, so that word gaps are measured from the span's end (ISO 32000-1 §14.9.4)."""
    kept: list[Glyph] | None = None  # made at the first glyph without text: most pages have none
    for index in range(len(glyphs)):
        glyph = glyphs[index]
        if glyph.text:
            if kept is not None:
                kept.append(glyph)
            continue
        if kept is None:
            kept = glyphs[:index]
        if glyph.original_text is None or not kept:
            continue
        first = kept[-1]
        if first.original_text is None or first.direction != glyph.direction:
            continue
        ux, uy = first.direction
        shift = (glyph.baseline_start[0] - first.baseline_start[0]) * -uy + (
            glyph.baseline_start[1] - first.baseline_start[1]
        ) * ux
        if abs(shift) > 0.5 * first.box_height:
            continue
        q = first.quad
        e = glyph.quad
        copy = first.moved(
            (q[0], e[1], e[2], q[3]), first.baseline_start, glyph.baseline_end, glyph.glyph_end,
            first.direction, first.box_height, first.writing_mode,
        )  # fmt: skip
        originals[id(copy)] = originals.get(id(first), first)
        kept[-1] = copy
    return glyphs if kept is None else kept


def _survey(glyphs: list[Glyph], line_shift: float) -> tuple[int, list[int], list[int], list[str]]:
    """What the glyphs hold that a step of prepare_glyphs acts on (_EMPTY, _ACCENT, _VERTICAL
    or'ed), the indices of the white-space glyphs, those of the glyphs stepping off the
    line of the one before (follow_advance's steps; line_shift: params.line_shift), and the
    texts that may hold a right-to-left letter (not one code point below scripts.FIRST_RTL:
    bidi_text.rtl_page searches them). One loop for all, most glyphs told by one code point
    test: a loop per step cost more than the steps on most pages, which hold none of these
    but a few line breaks, and each pass over a page's glyphs finds few of them still in
    the processor's cache."""
    found = 0
    spaces: list[int] = []
    steps: list[int] = []
    searched: list[str] = []
    px = py = ux = uy = shift = 0.0  # the glyph before's origin, direction and line limit
    for index in range(len(glyphs)):
        glyph = glyphs[index]
        gx = glyph.baseline_start_x
        gy = glyph.baseline_start_y
        if index and not is_along(gx - px, gy - py, ux, uy, shift):
            steps.append(index)
        px = gx
        py = gy
        ux = glyph.direction_x
        uy = glyph.direction_y
        shift = line_shift * glyph.box_height
        if glyph.writing_mode == 1:
            found |= _VERTICAL
        text = glyph.text
        if len(text) == 1:
            point = ord(text)
            if _FIRST_PRINTABLE <= point <= _LAST_PRINTABLE and point != _GRAVE:
                continue  # no accent, no white space
            if point >= FIRST_RTL:
                searched.append(text)
        else:
            searched.append(text)
        if not text:
            found |= _EMPTY
        elif accent_mark(text):
            found |= _ACCENT
        elif text.isspace():
            spaces.append(index)
    return found, spaces, steps, searched


def prepare_glyphs(
    glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]
) -> tuple[list[Glyph], list[str]]:
    """The glyphs as assembly reads them: ActualText spans joined, fake-bold copies dropped,
    accents composed, hidden white space out, runs read along their advance and vertical columns
    in reading order. `originals` maps each glyph made here to the glyph it stands for. With
    them, the texts of `glyphs` that may hold a right-to-left letter, for bidi_text.rtl_page
    (found here, they take no pass of their own over the page's glyphs).

    A step that the survey shows has nothing to act on is left out: the steps before it drop
    glyphs, copy them with their text and writing mode, or give a letter its accent (never
    white space), and follow_advance's copies are horizontal, so what the survey did not find
    in the page's glyphs is not in theirs either. While no step changed the list, the
    white-space glyphs and the steps off a line are where the survey found them."""
    line_shift = params.line_shift
    found, spaces, steps, searched = _survey(glyphs, line_shift)
    kept = join_actual_text(glyphs, originals) if found & _EMPTY else glyphs
    if params.drop_duplicates:
        kept = drop_duplicates(kept, params)
    if found & _ACCENT:
        kept = compose_accents(kept, params, originals)
    if kept is glyphs:  # only the white-space glyphs found are looked at
        last = len(kept) - 1
        for index in spaces:
            if index < last and _covered(kept, index):
                kept = drop_hidden_whitespace(kept)
                break
    else:
        kept = drop_hidden_whitespace(kept)
    if kept is not glyphs:
        steps = _survey(kept, line_shift)[2]
    kept = follow_advance(kept, params, originals, steps)
    return (order_vertical_runs(kept) if found & _VERTICAL else kept), searched
