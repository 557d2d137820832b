"""Text assembly: glyphs in drawing order → words and lines (SPEC §3.1–3.3).

Word spaces and line breaks come from geometry alone. `judge` (gaps.py) holds both rules;
assembly and `explain` call it, so what a user is shown is exactly what was decided.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Final

from pagetext.content.glyph import Glyph, GlyphRun
from pagetext.layout.advance import restore
from pagetext.layout.bidi_text import logical_words, rtl_page
from pagetext.layout.gaps import (
    CJK_COLUMN,
    GAP,
    NEW_LINE,
    Decision,
    LetterGaps,
    decide,
    is_letter_gap,
    judge,
    tight_limit,
    tight_share,
    tracking_allows,
)
from pagetext.layout.params import LayoutParams
from pagetext.layout.prepare import prepare_glyphs
from pagetext.layout.records import Line, Word, word_of, words_quad
from pagetext.layout.scripts import has_rtl
from pagetext.layout.tracking import TrackedGaps

# ASCII letters by code point (str.isalpha of a character below 128 is true for these only).
_FIRST_NON_ASCII: Final = 0x80
_ASCII_UPPER_A: Final = ord("A")
_ASCII_UPPER_Z: Final = ord("Z")
_ASCII_LOWER_A: Final = ord("a")
_ASCII_LOWER_Z: Final = ord("z")


def _line(
    glyphs: tuple[Glyph, ...],
    spaces: list[bool],
    stacked: bool,
    page_rtl: bool | None,
    normalize: bool,
    params: LayoutParams,
) -> Line | None:
    """A line from its glyphs and whether a word space comes before each; `stacked`: CJK
    glyphs set one under the other; `page_rtl`: whether the page is mostly right-to-left, or
    None when it has no right-to-left text at all; `normalize`: params.normalize_text (read
    once a page: compiled, a LayoutParams attribute read is a lookup by name)."""
    texts = [glyph.text for glyph in glyphs]
    joined = "".join(texts)  # the glyphs' texts once for the line: a word's text is a slice of it
    direction = glyphs[0].direction
    if stacked:  # the line runs down the glyphs' own up-down axis
        direction = (direction[1], -direction[0])
    if page_rtl is not None and has_rtl(joined):
        words = logical_words(list(glyphs), spaces, direction, page_rtl, params)
    else:
        words = _words(glyphs, texts, spaces, joined, normalize)
        if not words:  # whitespace only
            return None
    text = " ".join([word.text.strip() for word in words])
    quad, bbox = words_quad(words, direction)
    font_name, font_size = _commonest_font(glyphs)
    # Normalised words hold only the glyphs' texts, and a page whose glyphs have no
    # right-to-left letter has no such line; mapped texts are searched.
    rtl = has_rtl(text) if page_rtl is not None or not normalize else False
    return Line(text, bbox, quad, direction, font_name, font_size, tuple(words), rtl=rtl)


def _words(
    row: tuple[Glyph, ...], texts: list[str], spaces: list[bool], joined: str, normalize: bool
) -> list[Word]:
    """The words of a line's glyphs `row` (texts: theirs, joined: those joined): split at
    word spaces, whitespace glyphs dropped. Each word's glyphs a slice of the row (a tuple,
    kept by the word as it is), its text a slice of `joined` (one join for the line)."""
    words: list[Word] = []
    start = 0  # where the current word starts
    offset = 0  # where glyph `index`'s text starts in joined
    begin = 0  # where the current word's text starts in joined
    for index in range(len(row)):
        text = texts[index]
        if text.isspace():
            if index > start:
                words.append(_word(row, start, index, joined, begin, offset, normalize))
            start = index + 1
            offset += len(text)
            begin = offset
            continue
        if spaces[index] and index > start:
            words.append(_word(row, start, index, joined, begin, offset, normalize))
            start = index
            begin = offset
        offset += len(text)
    if len(row) > start:
        words.append(_word(row, start, len(row), joined, begin, offset, normalize))
    return words


def _word(
    row: tuple[Glyph, ...], start: int, end: int, joined: str, begin: int, stop: int, normalize: bool
) -> Word:
    """The word of row[start:end], its text joined[begin:stop] (a one-glyph word's text its own)."""
    if not normalize:
        return word_of(row[start:end], "".join([glyph.mapped_text for glyph in row[start:end]]))
    if end - start == 1:
        return word_of(row[start:end], row[start].text)
    return word_of(row[start:end], joined[begin:stop])


def _commonest_font(glyphs: tuple[Glyph, ...]) -> tuple[str, float]:
    """The most common font and size of the glyphs (the first of equals). Counted by runs:
    a line's glyphs mostly share one font, and a key made and hashed per glyph costs more
    than the rest of the line. The few fonts of a line are kept as the first GlyphRun of
    each, searched in turn: a (name, size) key hashed in a dict costs more than the search,
    and a run's name and size are native fields (compiled), where floats kept in a list
    are boxed."""
    fonts: list[GlyphRun] = []
    counts: list[int] = []
    first = glyphs[0].run
    font = first  # the first run of the current stretch of one font
    name = first.font_name
    size = first.font_size
    run = 0
    last = first
    for glyph in glyphs:
        glyph_run = glyph.run
        # The glyphs of one string share their run: one identity test answers for them.
        if glyph_run is last or (glyph_run.font_size == size and glyph_run.font_name == name):
            last = glyph_run
            run += 1
            continue
        last = glyph_run
        _count_font(fonts, counts, font, run)
        font = glyph_run
        name = glyph_run.font_name
        size = glyph_run.font_size
        run = 1
    if not counts:
        return name, size
    _count_font(fonts, counts, font, run)
    best = 0
    for index in range(1, len(counts)):
        if counts[index] > counts[best]:
            best = index
    return fonts[best].font_name, fonts[best].font_size


def _count_font(fonts: list[GlyphRun], counts: list[int], font: GlyphRun, run: int) -> None:
    name = font.font_name
    size = font.font_size
    for index in range(len(counts)):
        seen = fonts[index]
        if seen.font_size == size and seen.font_name == name:
            counts[index] = counts[index] + run  # compiled, "+=" on a list item is a generic add
            return
    fonts.append(font)
    counts.append(run)


class _DecidedLine:
    """A line's glyphs, whether a word space comes before each, whether it runs down its
    glyphs (CJK set one under the other), per glyph the tracking (× height) that made the gap
    before it a letter gap (0.0: none), and whether the line's limit was lowered to
    tight_word_gap."""

    __slots__ = ("glyphs", "spaces", "stacked", "tight", "trackings")

    def __init__(
        self,
        glyphs: tuple[Glyph, ...],
        spaces: list[bool],
        stacked: bool,
        trackings: list[float] | None,
        tight: bool,
    ) -> None:
        self.glyphs = glyphs
        self.spaces = spaces
        self.stacked = stacked
        self.trackings = trackings
        self.tight = tight


def _decided_lines(
    glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]
) -> tuple[list[_DecidedLine], list[str]]:
    """Glyphs grouped into lines, each glyph with whether a word space comes before it, and
    the texts of `glyphs` that may hold a right-to-left letter (prepare_glyphs). One
    verdict code per glyph pair, no record: the pair's gap counts into the line's LetterGaps
    as it is judged. A line set tight, or one that may hold letter-spaced runs, is judged
    again (see _finished). Glyphs read across their font's direction are
    re-oriented copies (see advance.py), `originals` maps them back."""
    lines: list[_DecidedLine] = []
    # A list, each line's glyphs copied into a tuple as the line ends, while they are still in
    # the processor's cache (each word's glyphs a slice of the line's): a tuple of the page's
    # glyphs would write each glyph's reference count once more, and again when freed, when
    # the page's glyphs no longer fit in that cache.
    prepared, searched = prepare_glyphs(glyphs, params, originals)
    count = len(prepared)
    if not count:
        return lines, searched
    # Lines as slices of the glyphs and of one list of word spaces for the page, not lists
    # grown a glyph at a time.
    spaces = [False] * count
    start = 0  # where the current line starts
    stacked = False
    gaps = LetterGaps(params)  # the current line's, reset at each line break
    # The gap and height measured at the break before the line (NaN: the page's first).
    break_gap = break_height = math.nan
    line_shift = params.line_shift
    word_gap = params.word_gap
    script_size = params.script_size
    overstrike = params.overstrike_overlap
    prev = prepared[0]
    # is_letter_gap, inline: whether a glyph's text starts and ends in white space is read
    # once a glyph, not once for each of the two pairs it is in (prepared texts are not "").
    spaced_end = _ends_in_space(prev.text)  # the previous glyph's
    for index in range(1, count):
        glyph = prepared[index]
        text = glyph.text
        # A one-character text is its own first and last: compiled, indexing makes a str.
        spaced_start = text.isspace() if len(text) == 1 else text[0].isspace()
        # Unpacked into named targets: compiled, a "_" target would box the float it drops.
        verdict, gap, height, _limit, _shift, _line_limit = judge(
            prev, glyph, line_shift, word_gap, script_size, overstrike
        )
        if verdict == NEW_LINE:
            lines.append(
                _finished(prepared, spaces, start, index, stacked, gaps, break_gap, break_height, params)
            )
            start = index
            stacked = False
            gaps.reset()
            break_gap = gap
            break_height = height
        else:
            spaces[index] = verdict == GAP
            if verdict == CJK_COLUMN:
                stacked = True
            if height > 0 and not spaced_end and not spaced_start:  # is_letter_gap(prev, glyph)
                gaps.add(gap, height, glyph)
        prev = glyph
        spaced_end = spaced_start if len(text) == 1 else _ends_in_space(text)
    lines.append(_finished(prepared, spaces, start, count, stacked, gaps, break_gap, break_height, params))
    return lines, searched


def _ends_in_space(text: str) -> bool:
    return text.isspace() if len(text) == 1 else text[-1].isspace()


def _finished(
    glyphs: list[Glyph],
    spaces: list[bool],
    start: int,
    end: int,
    stacked: bool,
    gaps: LetterGaps,
    break_gap: float,
    break_height: float,
    params: LayoutParams,
) -> _DecidedLine:
    """The line glyphs[start:end], its word spaces judged again where its own letter gaps
    say so: a tightly set line with the lowered limit; a line that may be letter-spaced gap
    by gap, each word gap against the tracking of its neighbourhood (tracking.TrackedGaps).
    break_gap, break_height: measured at the break before the line (NaN for the first line)."""
    line = tuple(glyphs[start:end])
    tight = False
    if end - start >= gaps.min_gaps:
        # The break counts among the line's letter gaps, its glyphs taken as the line's last
        # and first (tight_min_gaps was tuned with that count); a NaN height is no letter gap.
        if is_letter_gap(line[-1], line[0], break_height):
            gaps.add(break_gap, break_height, line[0])
        tight = gaps.tight()
    if tight:
        line_shift = params.line_shift
        script_size = params.script_size
        overstrike = params.overstrike_overlap
        # The limit depends on the glyph's font only: found again where the font changes,
        # not read from the font (untyped, its reads and arithmetic generic) glyph by glyph.
        tight_word_gap = params.tight_word_gap
        tight_word_gap_em = params.tight_word_gap_em
        last: object = None
        limit = 0.0
        for i in range(start + 1, end):
            glyph = glyphs[i]
            font = glyph.run.font
            if font is not last:
                last = font
                limit = tight_share(font, tight_word_gap, tight_word_gap_em)
            verdict = judge(glyphs[i - 1], glyph, line_shift, limit, script_size, overstrike)[0]
            spaces[i] = verdict == GAP
    trackings = _join_tracked(glyphs, spaces, start, end, params) if not tight and gaps.spaced else None
    return _DecidedLine(line, spaces[start:end], stacked, trackings, tight)


def _join_tracked(
    glyphs: list[Glyph], spaces: list[bool], start: int, end: int, params: LayoutParams
) -> list[float]:
    """Word spaces of glyphs[start:end] that the tracking of their neighbourhood explains
    become letter gaps; per glyph of the line, the tracking that joined the gap before it
    (0.0: none)."""
    trackings = [0.0] * (end - start)
    gaps = TrackedGaps(params)  # the line's letter gaps, in order
    at = [-1] * (end - start)  # each glyph's gap before it, as an index into gaps
    line_shift = params.line_shift
    word_gap = params.word_gap
    script_size = params.script_size
    overstrike = params.overstrike_overlap
    tracking_size = params.tracking_size
    for i in range(start + 1, end):
        prev = glyphs[i - 1]
        glyph = glyphs[i]
        # Unpacked into named targets: compiled, a "_" target would box the float it drops.
        _verdict, gap, height, _limit, _shift, _line_limit = judge(
            prev, glyph, line_shift, word_gap, script_size, overstrike
        )
        if is_letter_gap(prev, glyph, height) and gap == gap:
            at[i - start] = len(gaps.ratios)
            letters = _is_letter(prev.text, -1) and _is_letter(glyph.text, 0)
            gaps.add(gap, height, letters, abs(prev.box_height - height) <= tracking_size * height)
    for i in range(start + 1, end):
        position = at[i - start]
        if not spaces[i] or position < 0:
            continue
        tracking = gaps.tracking(position)
        # A tracking is found only where the gap's height is its glyph's own (not NaN).
        gap = gaps.gaps[position]
        height = gaps.heights[position]
        if tracking and tracking_allows(glyphs[i - 1], glyphs[i], gap, height, tracking, params):
            spaces[i] = False
            trackings[i - start] = tracking
    return trackings


def _is_letter(text: str, index: int) -> bool:
    """text[index].isalpha(), ASCII told by its code point: compiled, ord() of an indexed
    character makes no string, and isalpha is a method call by name."""
    point = ord(text[index])
    if point < _FIRST_NON_ASCII:
        return _ASCII_UPPER_A <= point <= _ASCII_UPPER_Z or _ASCII_LOWER_A <= point <= _ASCII_LOWER_Z
    return text[index].isalpha()


def assemble(glyphs: Sequence[Glyph], params: LayoutParams) -> list[Line]:
    """Group glyphs, in the order given, into lines of words."""
    lines: list[Line] = []
    # Typed as a list: compiled, its items are read natively. Not copied when it is one (no
    # step changes the list it is given): a copy writes each glyph's reference count twice.
    glyph_list = glyphs if isinstance(glyphs, list) else list(glyphs)
    originals: dict[int, Glyph] = {}
    normalize = params.normalize_text
    decided_lines, searched = _decided_lines(glyph_list, params, originals)
    page_rtl = rtl_page(glyph_list, searched)
    for decided in decided_lines:
        line = _line(decided.glyphs, decided.spaces, decided.stacked, page_rtl, normalize, params)
        if line is not None:
            lines.append(line)
    if originals:
        restore(lines, originals)
    return lines


def explain(glyphs: Sequence[Glyph], params: LayoutParams) -> Iterator[tuple[Glyph, Glyph, Decision]]:
    """Each consecutive glyph pair that assembly looks at, with the decision taken."""
    prev: Glyph | None = None
    originals: dict[int, Glyph] = {}
    for decided in _decided_lines(list(glyphs), params, originals)[0]:
        for index, glyph in enumerate(decided.glyphs):
            if prev is not None:
                # The break before a line is judged with the general limit, as assembly did.
                lowered = tight_limit(glyph, params) - params.word_gap if decided.tight and index else 0.0
                decision = decide(prev, glyph, params, lowered)
                tracking = decided.trackings[index] if decided.trackings is not None and index else 0.0
                if tracking:
                    decision.tracked(tracking, params)
                elif lowered and decision.reason in ("gap", "no gap"):
                    decision.reason += " (tight line: its letters touch, limit lowered)"
                yield originals.get(id(prev), prev), originals.get(id(glyph), glyph), decision
            prev = glyph


def lines_text(lines: Sequence[Line]) -> str:
    return "\n".join([line.text for line in lines])
