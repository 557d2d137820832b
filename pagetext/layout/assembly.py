"""Text assembly: glyphs in drawing order → words and lines (SPEC §3.1–3.3).

Word spaces and line breaks come from geometry alone. `decide` holds both rules; assembly
and `explain` call it, so what a user is shown is exactly what was decided.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pagetext.content.glyph import Glyph
from pagetext.layout.advance import follow_advance, restore
from pagetext.layout.bidi_text import logical_words, rtl_page
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line, make_word, quad_extent, words_quad
from pagetext.layout.scripts import has_rtl, is_cjk, is_unspaced


# A plain class, not a NamedTuple: one is made per glyph pair, and compiled (mypyc) a native
# class is built several times faster.
@dataclass(slots=True, init=False)
class Decision:
    """Why a glyph starts a new line, follows a space, or joins its predecessor."""

    gap: float  # distance between the two boxes along the previous glyph's direction
    height: float  # the current glyph's box height
    space_limit: float  # word_gap × height
    shift: float  # move of the origin across the previous glyph's direction
    line_limit: float  # line_shift × the larger box height
    space: bool
    line_break: bool
    reason: str

    def __init__(
        self,
        gap: float,
        height: float,
        space_limit: float,
        shift: float,
        line_limit: float,
        space: bool,
        line_break: bool,
        reason: str,
    ) -> None:
        self.gap = gap
        self.height = height
        self.space_limit = space_limit
        self.shift = shift
        self.line_limit = line_limit
        self.space = space
        self.line_break = line_break
        self.reason = reason


def decide(prev: Glyph, glyph: Glyph, params: LayoutParams, gap_shift: float = 0.0) -> Decision:
    """Apply the line-break rule, then the word-space rule, to two consecutive glyphs.

    `gap_shift` (a share of the box height) moves the word-gap limit for the line the glyphs
    are on: up by a letter-spaced line's tracking, down for a tightly set line.
    """
    return _decide(prev, glyph, params.line_shift, params.word_gap + gap_shift, params.script_size)


# The thresholds come as floats: assembly reads them from LayoutParams once per page, not
# once per glyph pair (compiled, a LayoutParams attribute is a dictionary lookup).
def _decide(prev: Glyph, glyph: Glyph, line_shift: float, word_gap: float, script_size: float) -> Decision:
    ux, uy = prev.direction
    px, py = prev.baseline_start
    cx, cy = glyph.baseline_start
    shift = (cx - px) * -uy + (cy - py) * ux
    along = (cx - px) * ux + (cy - py) * uy
    height = glyph.box_height
    line_limit = line_shift * max(prev.box_height, height)
    # The gap between the boxes, whichever way the pen went: right-to-left text drawn in
    # logical order moves backwards, and its word gaps count too.
    ex, ey = prev.glyph_end
    gx, gy = glyph.glyph_end
    gap = max((cx - ex) * ux + (cy - ey) * uy, (px - gx) * ux + (py - gy) * uy)
    space_limit = word_gap * height
    apart = nested = False
    if abs(shift) > 0.25 * min(prev.box_height, height):
        _, _, prev_low, prev_high = quad_extent(prev.quad, ux, uy)
        _, _, glyph_low, glyph_high = quad_extent(glyph.quad, ux, uy)
        overlap = min(prev_high, glyph_high) - max(prev_low, glyph_low)
        small, big = (prev.box_height, height) if prev.box_height <= height else (height, prev.box_height)
        # Boxes that do not overlap across the direction are on different lines, however big
        # one of them is (a large heading over a small caption below it) ...
        apart = overlap <= 0
        # ... and a small glyph mostly inside a bigger one's box is a superscript or a
        # subscript, however far it is raised or lowered (a footnote mark at 0.6 em).
        nested = small <= script_size * big and overlap >= 0.5 * small
    # A glyph the text rise moves off the baseline (Ts, §9.3.7: superscripts and subscripts)
    # stays on its line however far it is raised: lines are told by the baselines without it.
    # Read through the runs, not the properties: plain Python pays a call per property read.
    rise = glyph.run.rise
    prev_rise = prev.run.rise
    risen = rise != prev_rise and abs(shift - (rise - prev_rise)) <= line_limit
    if ((abs(shift) > line_limit and not nested) or apart) and not risen:
        # CJK set one glyph under the other with a horizontal font is a vertical line.
        if (
            prev.writing_mode == 0
            and is_cjk(prev.text[-1])
            and is_cjk(glyph.text[0])
            and -shift < 1.6 * max(prev.box_height, height)
            and shift < 0
            and abs(along) < line_limit
        ):
            return Decision(gap, height, space_limit, shift, line_limit, False, False, "cjk column")
        return Decision(gap, height, space_limit, shift, line_limit, False, True, "new line")
    if gap <= space_limit:
        return Decision(gap, height, space_limit, shift, line_limit, False, False, "no gap")
    # The characters either side, read only here: most pairs are decided without them.
    before = prev.text[-1]
    after = glyph.text[0]
    if before.isspace() or after.isspace():
        return Decision(gap, height, space_limit, shift, line_limit, False, False, "whitespace glyph")
    # The seed: no space between two CJK characters (Han, kana, CJK punctuation), whose
    # gaps are justification; Hangul and a Latin word beside CJK are spaced by the gap.
    if is_unspaced(before) and is_unspaced(after):
        return Decision(gap, height, space_limit, shift, line_limit, False, False, "cjk")
    return Decision(gap, height, space_limit, shift, line_limit, True, False, "gap")


def drop_duplicates(glyphs: list[Glyph], params: LayoutParams) -> list[Glyph]:
    """Remove fake-bold copies: the same text drawn again at almost the same place.

    A glyph that starts where the previous one ended continues its run and is no copy; any
    other is compared with the glyphs of the same text among the last `duplicate_window`
    (kept per text as indices, newest last, so the search stops at the first one out of the
    window; indices, not positions: compiled, a glyph's position is stored unboxed).
    """
    kept: list[Glyph] = []
    by_text: dict[str, list[int]] = {}
    window = params.duplicate_window
    tolerance = params.duplicate_tolerance
    pen_x = pen_y = float("nan")
    for index in range(len(glyphs)):
        glyph = glyphs[index]
        x, y = glyph.baseline_start
        limit = tolerance * glyph.box_height or 1e-6
        text = glyph.text
        seen = by_text.get(text)
        if seen is None:
            seen = by_text[text] = []
        elif not (-limit <= x - pen_x <= limit and -limit <= y - pen_y <= limit):
            oldest = index - window
            duplicate = False
            for position in range(len(seen) - 1, -1, -1):
                seen_index = seen[position]
                if seen_index < oldest:
                    break
                seen_x, seen_y = glyphs[seen_index].baseline_start
                if -limit <= x - seen_x <= limit and -limit <= y - seen_y <= limit:
                    duplicate = True
                    break
            if duplicate:
                continue
        seen.append(index)
        kept.append(glyph)
        pen_x, pen_y = glyph.baseline_end
    return kept


def _column_order(run: list[Glyph]) -> list[Glyph]:
    """A run of vertical glyphs read as columns: right to left, each top to bottom (SPEC §3.3).

    A run drawn in that order already (tier after tier included) is kept as drawn.
    """
    ux, uy = run[0].direction
    nx, ny = -uy, ux  # across the columns; for upright vertical text it points right

    def across(glyph: Glyph) -> float:
        return glyph.baseline_start[0] * nx + glyph.baseline_start[1] * ny

    def along(glyph: Glyph) -> float:
        return glyph.baseline_start[0] * ux + glyph.baseline_start[1] * uy

    column_end = along(run[0])
    in_order = True
    for prev, glyph in itertools.pairwise(run):
        step = across(glyph) - across(prev)
        limit = 0.5 * max(prev.box_height, glyph.box_height)
        if abs(step) <= limit:
            if along(glyph) < along(prev) - limit:
                in_order = False
                break
        elif step > 0 and along(glyph) <= column_end:  # back to the right, but not a new tier
            in_order = False
            break
        column_end = max(column_end, along(glyph))
    if in_order:
        return run
    by_across = sorted(run, key=across, reverse=True)
    columns: list[list[Glyph]] = [[by_across[0]]]
    for glyph in by_across[1:]:
        last = columns[-1][-1]
        if across(last) - across(glyph) > 0.5 * max(last.box_height, glyph.box_height):
            columns.append([])
        columns[-1].append(glyph)
    return [glyph for column in columns for glyph in sorted(column, key=along)]


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
    kept: list[Glyph] = []
    for index, glyph in enumerate(glyphs):
        if glyph.text.isspace() and index + 1 < len(glyphs):
            after = glyphs[index + 1]
            ux, uy = glyph.direction
            ox, oy = glyph.baseline_start
            ex, ey = glyph.glyph_end
            advance = (ex - ox) * ux + (ey - oy) * uy
            step = (after.baseline_start[0] - ox) * ux + (after.baseline_start[1] - oy) * uy
            across = (after.baseline_start[0] - ox) * -uy + (after.baseline_start[1] - oy) * ux
            covered = -0.5 * advance < step < 0.25 * advance
            if advance > 0 and covered and abs(across) < 0.5 * glyph.box_height:
                continue
        kept.append(glyph)
    return kept


def join_actual_text(glyphs: list[Glyph], originals: dict[int, Glyph]) -> list[Glyph]:
    """Glyphs with text, the span of an /ActualText as one: the glyph carrying the replacement
    stretched (a copy, mapped back through `originals`) over the covered glyphs after it on
    its line, so that word gaps are measured from the span's end (ISO 32000-1 §14.9.4)."""
    kept: list[Glyph] = []
    for glyph in glyphs:
        if glyph.text:
            kept.append(glyph)
            continue
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
    return kept


def _prepare(glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]) -> list[Glyph]:
    kept = join_actual_text(glyphs, originals)
    if params.drop_duplicates:
        kept = drop_duplicates(kept, params)
    return order_vertical_runs(follow_advance(drop_hidden_whitespace(kept), params, originals))


def _line(
    glyphs: list[Glyph], spaces: list[bool], stacked: bool, page_rtl: bool | None, params: LayoutParams
) -> Line | None:
    """A line from its glyphs and whether a word space comes before each; `stacked`: CJK
    glyphs set one under the other; `page_rtl`: whether the page is mostly right-to-left, or
    None when it has no right-to-left text at all."""
    groups: list[list[Glyph]] = []
    current: list[Glyph] = []
    for index in range(len(glyphs)):
        glyph = glyphs[index]
        if glyph.text.isspace():
            if current:
                groups.append(current)
                current = []
            continue
        if spaces[index] and current:
            groups.append(current)
            current = []
        current.append(glyph)
    if current:
        groups.append(current)
    if not groups:
        return None
    direction = glyphs[0].direction
    if stacked:  # the line runs down the glyphs' own up-down axis
        direction = (direction[1], -direction[0])
    if page_rtl is not None and has_rtl("".join([glyph.text for glyph in glyphs])):
        words = logical_words(groups, direction, page_rtl, params)
    elif params.normalize_text:
        words = [make_word(group) for group in groups]
    else:
        words = [make_word(group, "".join([glyph.mapped_text for glyph in group])) for group in groups]
    text = " ".join([word.text.strip() for word in words])
    quad, bbox = words_quad(words, direction)
    font_name, font_size = _commonest_font(glyphs)
    return Line(text, bbox, quad, direction, font_name, font_size, tuple(words))


def _commonest_font(glyphs: list[Glyph]) -> tuple[str, float]:
    """The most common font and size of the glyphs (the first of equals). Counted by runs:
    a line's glyphs mostly share one font, and a key made and hashed per glyph costs more
    than the rest of the line."""
    counts: dict[tuple[str, float], int] = {}
    first = glyphs[0].run
    name = first.font_name
    size = first.font_size
    run = 0
    for glyph in glyphs:
        glyph_run = glyph.run
        if glyph_run.font_size == size and glyph_run.font_name == name:
            run += 1
            continue
        counts[(name, size)] = counts.get((name, size), 0) + run
        name = glyph_run.font_name
        size = glyph_run.font_size
        run = 1
    if not counts:
        return name, size
    counts[(name, size)] = counts.get((name, size), 0) + run
    return max(counts, key=counts.__getitem__)


def _word_gap_shift(glyphs: list[Glyph], decisions: list[Decision | None], params: LayoutParams) -> float:
    """How far a line's own letter gaps move its word-gap limit (a share of the box height).

    A letter-spaced line (ashow, CSS letter-spacing) whose median letter gap exceeds the
    word-gap limit: that median, its tracking, is added. A tightly set line whose letters
    touch (median gap ≈ 0): the limit drops to tight_word_gap, since its word gaps may shrink
    below the general limit (TeX justification at 0.18 em in a 1.3 em box). Else 0.
    """
    if len(glyphs) < params.tracking_min_gaps:  # too few gaps to tell
        return 0.0
    ratios: list[float] = []
    for index in range(len(glyphs)):
        d = decisions[index]
        # At index 0 the line-break decision before the line is counted too, its glyphs
        # taken as the line's last and first: tracking_min_gaps was tuned with that count.
        if (
            d is not None
            and d.height > 0
            and not glyphs[index - 1].text[-1].isspace()
            and not glyphs[index].text[0].isspace()
        ):
            ratios.append(d.gap / d.height)
    ratios.sort()
    if len(ratios) < params.tracking_min_gaps:
        return 0.0
    median = ratios[len(ratios) // 2]
    word_gap = params.word_gap
    if median > word_gap:
        return median
    tight_word_gap = params.tight_word_gap
    if abs(median) < params.touching_gap and any(tight_word_gap < ratio <= word_gap for ratio in ratios):
        return tight_word_gap - word_gap
    return 0.0


def _decided_lines(
    glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]
) -> list[tuple[list[Glyph], list[Decision | None]]]:
    """Glyphs grouped into lines, each glyph with the decision taken before it (the line
    break for a line's first glyph, None for the page's first); a line whose own gaps move
    its word-gap limit (letter spacing, tight setting) is decided again with that limit.
    Two lists per line, not a pair per glyph: compiled, that is an object less per glyph.
    Glyphs read across their font's direction are re-oriented copies (see advance.py),
    `originals` maps them back."""
    lines: list[tuple[list[Glyph], list[Decision | None]]] = []
    line_glyphs: list[Glyph] = []
    decisions: list[Decision | None] = []
    prev: Glyph | None = None
    line_shift = params.line_shift
    word_gap = params.word_gap
    script_size = params.script_size
    for glyph in _prepare(glyphs, params, originals):
        decision = _decide(prev, glyph, line_shift, word_gap, script_size) if prev is not None else None
        if decision is None or decision.line_break:
            line_glyphs = []
            decisions = []
            lines.append((line_glyphs, decisions))
        line_glyphs.append(glyph)
        decisions.append(decision)
        prev = glyph
    for line_glyphs, decisions in lines:
        shift = _word_gap_shift(line_glyphs, decisions, params)
        if shift:
            limit = word_gap + shift
            for i in range(1, len(line_glyphs)):
                decisions[i] = _decide(line_glyphs[i - 1], line_glyphs[i], line_shift, limit, script_size)
    return lines


def assemble(glyphs: Sequence[Glyph], params: LayoutParams) -> list[Line]:
    """Group glyphs, in the order given, into lines of words."""
    lines: list[Line] = []
    glyph_list = list(glyphs)  # typed as a list: compiled, its items are read natively
    page_rtl = rtl_page(glyph_list)
    originals: dict[int, Glyph] = {}
    for line_glyphs, decisions in _decided_lines(glyph_list, params, originals):
        spaces = [decision is not None and decision.space for decision in decisions]
        stacked = any(decision is not None and decision.reason == "cjk column" for decision in decisions)
        line = _line(line_glyphs, spaces, stacked, page_rtl, params)
        if line is not None:
            lines.append(line)
    if originals:
        restore(lines, originals)
    return lines


def explain(glyphs: Sequence[Glyph], params: LayoutParams) -> Iterator[tuple[Glyph, Glyph, Decision]]:
    """Each consecutive glyph pair that assembly looks at, with the decision taken."""
    prev: Glyph | None = None
    originals: dict[int, Glyph] = {}
    for line_glyphs, decisions in _decided_lines(list(glyphs), params, originals):
        for glyph, decision in zip(line_glyphs, decisions, strict=True):
            if prev is not None:
                decision = decision or decide(prev, glyph, params)
                yield originals.get(id(prev), prev), originals.get(id(glyph), glyph), decision
            prev = glyph


def lines_text(lines: Sequence[Line]) -> str:
    return "\n".join([line.text for line in lines])
