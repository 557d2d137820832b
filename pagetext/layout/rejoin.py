"""Lines the stream draws in parts, joined into one line again: a viewer shows one line there.

Word draws a line in pieces, producers draw a bold word after the rest of its line, a form
draws all its labels and then the amounts their leader dots lead to. A part joins an
earlier line on its baseline when it stands within a word gap of it, within LEADER_GAP
after leader dots, or in a column of amounts that leader dots lead to on other rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pagetext.geometry import Point
from pagetext.layout.leaders import LEADER_CHARS, ends_in_leaders, leader_run, leader_word
from pagetext.layout.records import Extent, Line, Word, quad_extent, words_extent, words_quad
from pagetext.layout.spans import Span

_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string at each use
# Two lines are on one baseline when their baselines are closer than this × the smaller box
# height: a line drawn in parts lands on exactly the same one; the next line is a full
# line spacing away.
SAME_BASELINE: Final = 0.1
# Parts of one line are set in about one size: a box at least this share of the other's. A
# drop cap stands on its paragraph's third baseline but is no part of that line.
PART_SIZE: Final = 0.8
# A line drawn right under the line before it in the stream, at the same left edge (within
# half a box height) and at most this many box heights lower, is the next line of a
# paragraph, not a part of a line drawn elsewhere: a side label's line beside it stays apart.
PARAGRAPH_LEADING: Final = 1.6
# How many lines back a line's earlier part is looked for.
REJOIN_WINDOW: Final = 64
# Leader dots lead the eye from an entry to its page number (a table of contents, a form's
# line to its amount box): the number may stand this many box heights past the dots, in a
# right-aligned column, and still belong to the line.
LEADER_GAP: Final = 6.0


class _Part:
    """A line of the page, as far as rejoining its parts needs it."""

    __slots__ = ("baseline", "extent", "frame", "height", "joinable", "line", "spans", "x0")

    def __init__(self, line: Line, frame: Point, whole: Span | None) -> None:
        """`whole`: the line's one span, when reading order left it whole: measured already."""
        ux, uy = frame
        self.line = line
        self.frame = frame
        # A right-to-left line's parts have an order of their own; a blank line has no parts.
        self.joinable = bool(line.text.strip()) and not line.rtl
        first = line.words[0].glyphs[0]
        self.baseline = first.baseline_start[1] * ux - first.baseline_start[0] * uy
        if whole is None:
            extent = words_extent(line.words, ux, uy)
        else:
            extent = (whole.x0, whole.x1, whole.y0, whole.y1)
        # The extent of the line as it stands, parts joined; height and x0 stay the first
        # part's, as the parts after it are compared with.
        self.extent = extent
        self.height = max(extent[3] - extent[2], 1e-6)  # indexed: a "_" target would box
        self.x0 = extent[0]
        self.spans: list[tuple[float, float]] | None = None  # see word_spans

    def word_spans(self) -> list[tuple[float, float]]:
        """Each word's extent along the frame; made when first asked, as most parts are never
        compared that far."""
        spans = self.spans
        if spans is None:
            ux, uy = self.frame
            spans = self.spans = []
            for word in self.line.words:
                word_extent = quad_extent(word.quad, ux, uy)
                spans.append((word_extent[0], word_extent[1]))
        return spans


def _flows_under(part: _Part, above: _Part) -> bool:
    """Whether `part` is the next line of a paragraph after `above`: same left edge, one
    line spacing lower."""
    drop = above.baseline - part.baseline
    return abs(part.x0 - above.x0) <= 0.5 * part.height and 0 < drop <= PARAGRAPH_LEADING * part.height


def _leaders(text: str) -> bool:
    """Whether a line's text ends in leader dots."""
    # Most lines do not even end in a leader character: no list of their words to make.
    return text.rstrip()[-1:] in LEADER_CHARS and ends_in_leaders(text.split())


def _led_to(part: _Part, into: _Part) -> bool:
    """Whether `part` stands right of leader dots of `into`: the dots lead to it, or to an
    amount before it on the row ("Cash . . . . $" then "1,204", "2,118")."""
    ux, uy = into.frame
    run: list[str] = []
    for word in into.line.words:
        if not leader_word(word.text):
            run = []
            continue
        run.append(word.text)
        if leader_run(run) and part.x0 > quad_extent(word.quad, ux, uy)[1]:
            return True
    return False


def _fits(part: _Part, into: _Part, span_gap: float, in_led_column: bool) -> bool:
    """Whether `part` continues `into` on its baseline: no word of one overlaps a word of the
    other, and part stands within a word gap (not a gutter) of into's words, within
    LEADER_GAP after leader dots, or anywhere on the baseline when it stands in a column of
    amounts that leader dots lead to on other rows (a total's row has no dots)."""
    small, big = (part.height, into.height) if part.height <= into.height else (into.height, part.height)
    if small < PART_SIZE * big or abs(part.baseline - into.baseline) > SAME_BASELINE * small:
        return False
    if in_led_column and part.x0 > into.x0:
        limit = _INFINITY
    else:
        limit = (LEADER_GAP if _led_to(part, into) else span_gap) * big
    nearest = _INFINITY
    into_spans = into.word_spans()
    for low, high in part.word_spans():
        for other_low, other_high in into_spans:
            if low < other_high and other_low < high:
                return False
            gap = other_low - high if other_low >= high else low - other_high
            if gap < nearest:
                nearest = gap
    return nearest <= limit


def _in_columns(part: _Part, columns: list[tuple[float, float]]) -> bool:
    """Whether a part overlaps along the line any of these extents."""
    spans = part.word_spans()
    low, high = min(span[0] for span in spans), max(span[1] for span in spans)
    return any(a < high and low < b for a, b in columns)


def rejoin_lines(
    lines: Sequence[Line], whole: list[Span | None], frame: Point, span_gap: float
) -> tuple[list[Line], list[Extent]]:
    """Lines the stream draws in parts with other lines between (two lines of different
    sizes drawn a word at a time in turns, a bold word drawn after the rest of its line)
    joined into one line again, words in position order: a viewer shows one line there.
    `whole`: each line's one span, or None where it was cut into several; the lines' extents
    in the frame are returned with them, for place_blocks."""
    parts: list[_Part] = []
    previous: _Part | None = None
    led: list[tuple[float, float]] = []  # the extents of parts joined after leader dots
    for line_index, line in enumerate(lines):
        part = _Part(line, frame, whole[line_index])
        into = None
        in_led_column = bool(led) and part.joinable and _in_columns(part, led)
        # Leader dots under leader dots are the next entry's, not a paragraph's next line; a
        # page number under a page number still ends the entry whose leader dots lead to it.
        under = previous is not None and _flows_under(part, previous) and not _leaders(line.text)
        if part.joinable:
            for index in range(len(parts) - 1, max(-1, len(parts) - 1 - REJOIN_WINDOW), -1):
                candidate = parts[index]
                if (
                    candidate.joinable
                    and _fits(part, candidate, span_gap, in_led_column)
                    and (
                        not under
                        or in_led_column
                        or _leaders(candidate.line.text)
                        or _led_to(part, candidate)
                    )
                ):
                    into = candidate
                    break
        previous = part
        if into is None:
            parts.append(part)
            continue
        if _led_to(part, into):
            spans = part.word_spans()
            led.append((spans[0][0], max(span[1] for span in spans)))
        into.word_spans().extend(part.word_spans())
        into.line = _merged(into.line, line, frame)
        into.extent = words_extent(into.line.words, frame[0], frame[1])
    return [part.line for part in parts], [part.extent for part in parts]


def _merged(first: Line, second: Line, frame: Point) -> Line:
    ux, uy = frame
    words: list[Word] = [*first.words, *second.words]
    words.sort(key=lambda word: quad_extent(word.quad, ux, uy)[0])
    quad, bbox = words_quad(words, frame)
    text = " ".join([word.text.strip() for word in words])
    rtl = first.rtl or second.rtl
    return Line(text, bbox, quad, frame, first.font_name, first.font_size, tuple(words), first.role, rtl)
