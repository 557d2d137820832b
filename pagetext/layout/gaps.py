"""The two rules of assembly (SPEC §3.1–3.2) between consecutive glyphs: whether the second
starts a new line, and whether a word space comes before it; and how a line's own letter
gaps move its word-gap limit (letter spacing, tight setting).

`judge` applies the rules; assembly calls it for every glyph pair and keeps only the verdict.
`decide` gives the same verdict as a `Decision`, with its reason, for `explain`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pagetext.content.glyph import Glyph
from pagetext.fonts.font import MAX_LINE_EXTENT
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import glyph_extent_along
from pagetext.layout.scripts import is_cjk, is_unspaced

# What judge found, as a code: one int per glyph pair, not an object.
NO_GAP: Final = 0
GAP: Final = 1  # a word space comes before the glyph
NEW_LINE: Final = 2
CJK_COLUMN: Final = 3  # CJK set one glyph under the other: the line runs down
WHITESPACE_GLYPH: Final = 4
CJK: Final = 5  # two unspaced characters: their gap is justification
REASONS: Final = ("no gap", "gap", "new line", "cjk column", "whitespace glyph", "cjk")

# (verdict, gap, height, space_limit, shift, line_limit), the fields of Decision. A tuple:
# compiled, it is returned unboxed.
Judgement = tuple[int, float, float, float, float, float]


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

    def __init__(self, judgement: Judgement) -> None:
        verdict, self.gap, self.height, self.space_limit, self.shift, self.line_limit = judgement
        self.space = verdict == GAP
        self.line_break = verdict == NEW_LINE
        self.reason = REASONS[verdict]

    def tracked(self, tracking: float, params: LayoutParams) -> None:
        """The gap was letter spacing of `tracking` (× height): the letter gaps around it are
        spaced alike (see tracking.TrackedGaps)."""
        self.space = False
        self.space_limit = (tracking + params.word_gap) * self.height
        self.reason = f"letter-spaced: the letter gaps around it are {tracking:.2f} × box height"


def decide(prev: Glyph, glyph: Glyph, params: LayoutParams, gap_shift: float = 0.0) -> Decision:
    """Apply the line-break rule, then the word-space rule, to two consecutive glyphs.

    `gap_shift` (a share of the box height) moves the word-gap limit for the line the glyphs
    are on: down for a tightly set line (letter spacing is told per gap: Decision.tracked).
    """
    return Decision(
        judge(
            prev,
            glyph,
            params.line_shift,
            params.word_gap + gap_shift,
            params.script_size,
            params.overstrike_overlap,
        )
    )


# The thresholds come as floats: assembly reads them from LayoutParams once per page, not
# once per glyph pair (compiled, a LayoutParams attribute is a dictionary lookup).
def judge(
    prev: Glyph, glyph: Glyph, line_shift: float, word_gap: float, script_size: float, overstrike: float
) -> Judgement:
    """decide, as a verdict code and the measures it was taken on."""
    ux = prev.direction_x
    uy = prev.direction_y
    px = prev.baseline_start_x
    py = prev.baseline_start_y
    cx = glyph.baseline_start_x
    cy = glyph.baseline_start_y
    shift = (cx - px) * -uy + (cy - py) * ux
    along = (cx - px) * ux + (cy - py) * uy
    height = glyph.box_height
    prev_height = prev.box_height
    # Comparisons, not max() and min(): the same compiled, and faster as plain Python; each
    # picks as the builtin does (the first of equals).
    line_limit = line_shift * (height if height > prev_height else prev_height)
    # The gap between the boxes, whichever way the pen went: right-to-left text drawn in
    # logical order moves backwards, and its word gaps count too.
    ex = prev.glyph_end_x
    ey = prev.glyph_end_y
    gx = glyph.glyph_end_x
    gy = glyph.glyph_end_y
    forward = (cx - ex) * ux + (cy - ey) * uy
    backward = (px - gx) * ux + (py - gy) * uy
    gap = backward if backward > forward else forward
    space_limit = word_gap * height
    apart = nested = drawn_over = False
    if abs(shift) > 0.25 * (height if height < prev_height else prev_height):
        prev_extent = glyph_extent_along(prev, ux, uy)  # indexed: a "_" target would box
        glyph_extent = glyph_extent_along(glyph, ux, uy)
        prev_low, prev_high = prev_extent[2], prev_extent[3]
        glyph_low, glyph_high = glyph_extent[2], glyph_extent[3]
        overlap = min(prev_high, glyph_high) - max(prev_low, glyph_low)
        small, big = (prev.box_height, height) if prev.box_height <= height else (height, prev.box_height)
        # Boxes that do not overlap across the direction are on different lines, however big
        # one of them is (a large heading over a small caption below it) ...
        apart = overlap <= 0
        # ... and a small glyph mostly inside a bigger one's box is a superscript or a
        # subscript, however far it is raised or lowered (a footnote mark at 0.6 em).
        nested = small <= script_size * big and overlap >= 0.5 * small
        # ... and a glyph drawn over the one before it is an accent or an overstrike.
        shared = min(prev_extent[1], glyph_extent[1]) - max(prev_extent[0], glyph_extent[0])
        narrow = min(prev_extent[1] - prev_extent[0], glyph_extent[1] - glyph_extent[0])
        drawn_over = narrow > 0 and shared >= 0.5 * narrow and overlap >= overstrike * small
    # A glyph the text rise moves off the baseline (Ts, §9.3.7: superscripts and subscripts)
    # stays on its line however far it is raised: lines are told by the baselines without it.
    # Read through the runs, not the properties: plain Python pays a call per property read.
    rise = glyph.run.rise
    prev_rise = prev.run.rise
    risen = rise != prev_rise and abs(shift - (rise - prev_rise)) <= line_limit
    verdict = GAP
    if ((abs(shift) > line_limit and not nested and not drawn_over) or apart) and not risen:
        verdict = NEW_LINE
        # CJK set one glyph under the other with a horizontal font is a vertical line.
        if (
            prev.writing_mode == 0
            and is_cjk(prev.text[-1])
            and is_cjk(glyph.text[0])
            and -shift < 1.6 * max(prev.box_height, height)
            and shift < 0
            and abs(along) < line_limit
        ):
            verdict = CJK_COLUMN
    elif gap <= space_limit:
        verdict = NO_GAP
    else:
        # The characters either side, read only here: most pairs are decided without them.
        before = prev.text[-1]
        after = glyph.text[0]
        if before.isspace() or after.isspace():
            verdict = WHITESPACE_GLYPH
        # The seed: no space between two CJK characters (Han, kana, CJK punctuation), whose
        # gaps are justification; Hangul and a Latin word beside CJK are spaced by the gap.
        elif is_unspaced(before) and is_unspaced(after):
            verdict = CJK
    return verdict, gap, height, space_limit, shift, line_limit


def is_letter_gap(before: Glyph, after: Glyph, height: float) -> bool:
    """Whether the gap between two glyphs of a line counts among its letter gaps."""
    if not height > 0:  # NaN too
        return False
    # A one-character text is its own last and first character: compiled, indexing a str
    # makes (or looks up) a new one.
    last = before.text
    first = after.text
    if len(last) != 1:
        last = last[-1]
    if len(first) != 1:
        first = first[0]
    return not last.isspace() and not first.isspace()


def tight_limit(glyph: Glyph, params: LayoutParams) -> float:
    """A tightly set line's word-gap limit before `glyph`, × its box height: tight_word_gap,
    at most tight_word_gap_em of an em where the font's box is taller than an em."""
    return tight_share(glyph.run.font, params.tight_word_gap, params.tight_word_gap_em)


def tight_share(font: Any, tight_word_gap: float, tight_word_gap_em: float) -> float:
    """tight_limit for a glyph of this font, the parameters read once by the caller."""
    # Read into floats: compiled, the font's fields are untyped here (glyph.run.font), and
    # arithmetic on them would be generic.
    ascent: float = font.ascent
    descent: float = font.descent
    extent = ascent - descent  # the box height in ems
    if extent > 0 and tight_word_gap * extent > tight_word_gap_em:
        return tight_word_gap_em / extent
    return tight_word_gap


def own_advance(glyph: Glyph) -> float:
    ux = glyph.direction_x
    uy = glyph.direction_y
    return (glyph.glyph_end_x - glyph.baseline_start_x) * ux + (
        glyph.glyph_end_y - glyph.baseline_start_y
    ) * uy


def tracking_allows(
    prev: Glyph, glyph: Glyph, gap: float, height: float, tracking: float, params: LayoutParams
) -> bool:
    """Whether a gap past the word-gap limit is letter spacing of `tracking` (× height): the
    adaptation is bounded (max_tracking), never more than the tracking plus the word-gap
    limit, and never across a gap of about a character's width between two digits or in a
    monospaced font, where such a gap is a space (a row of numbers may be spaced as evenly
    as tracked letters, and a number that changes is the worst error an extractor can make)."""
    if tracking > params.max_tracking or gap > (tracking + params.word_gap) * height:
        return False
    if gap < params.digit_gap * own_advance(prev):
        return True
    if prev.run.font.monospaced or glyph.run.font.monospaced:
        return False
    return not (prev.text[-1].isdigit() and glyph.text[0].isdigit())


class LetterGaps:
    """A line's letter gaps (as shares of the box height), counted: whether the line is set
    tight, and whether it may hold letter-spaced runs.

    A tightly set line whose letters touch (median gap ≈ 0) has the limit dropped to
    tight_word_gap, since its word gaps may shrink below the general limit (TeX
    justification at 0.18 em in a 1.3 em box). A line may be letter-spaced somewhere when
    tracking_min_gaps gaps between word_gap and max_tracking come without two narrower ones
    in a row between them (the letters of prose touch, two gaps in a row at least): only
    then are its gaps looked at in their neighbourhoods (see tracking.TrackedGaps).
    """

    __slots__ = (
        "above", "below_touching", "between", "count", "lowest_tight", "max_tracking", "min_gaps",
        "narrow_before", "spaced", "streak", "tight_word_gap", "tight_word_gap_em", "touching_gap",
        "touching_low", "tracking_min_gaps", "unordered", "word_gap",
    )  # fmt: skip

    # The thresholds as fields: compiled, each LayoutParams attribute read is a dictionary
    # lookup, and a line's gaps are added one by one.
    def __init__(self, params: LayoutParams) -> None:
        self.word_gap = params.word_gap
        self.tight_word_gap = params.tight_word_gap
        self.tight_word_gap_em = params.tight_word_gap_em
        # No font's limit is lower: its box is at most MAX_LINE_EXTENT ems tall.
        self.lowest_tight = min(params.tight_word_gap, params.tight_word_gap_em / MAX_LINE_EXTENT)
        self.touching_gap = params.touching_gap
        self.max_tracking = params.max_tracking
        self.min_gaps = params.tight_min_gaps
        self.tracking_min_gaps = params.tracking_min_gaps
        self.reset()

    def reset(self) -> None:
        """No gaps counted: the record is reused for the page's next line (made once a page,
        not once a line: each threshold read from LayoutParams is a lookup by name)."""
        self.count = 0
        self.above = 0  # ratio > word_gap
        self.streak = 0  # gaps in (word_gap, max_tracking] since two narrower ones in a row
        self.narrow_before = False  # the last gap was at most word_gap
        self.spaced = False  # a streak reached tracking_min_gaps: maybe letter-spaced
        self.between = 0  # tight limit < ratio <= word_gap
        self.touching_low = 0  # ratio <= -touching_gap
        self.below_touching = 0  # ratio < touching_gap
        self.unordered = False  # a NaN from damaged geometry: no order to count in

    def add(self, gap: float, height: float, glyph: Glyph) -> None:
        """Count the gap before `glyph`."""
        ratio = gap / height
        if ratio != ratio:
            self.unordered = True
            return
        self.count += 1
        if ratio > self.word_gap:
            self.above += 1
            self.narrow_before = False
            if ratio <= self.max_tracking:
                self.streak += 1
                if self.streak >= self.tracking_min_gaps:
                    self.spaced = True
        else:
            if self.narrow_before:
                self.streak = 0
            self.narrow_before = True
            if ratio > self.lowest_tight and ratio > tight_share(
                glyph.run.font, self.tight_word_gap, self.tight_word_gap_em
            ):
                self.between += 1
        if ratio <= -self.touching_gap:
            self.touching_low += 1
        if ratio < self.touching_gap:
            self.below_touching += 1

    def tight(self) -> bool:
        """Whether the line's letters touch (|median| < touching_gap) and some of its gaps lie
        between the tight limit and word_gap: its word gaps are shrunk."""
        if self.unordered or self.count < self.min_gaps:
            return False
        middle = self.count // 2  # the median is the ratio at this index of the sorted ratios
        if self.count - self.above <= middle:  # the median exceeds word_gap
            return False
        return self.touching_low <= middle < self.below_touching and self.between > 0
