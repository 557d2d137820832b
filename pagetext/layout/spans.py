"""Spans: a line, or the parts of it between gaps wide enough to be gutters, in the page's
reading frame (SPEC §3.8). The XY-cut of reading.py cuts and orders these."""

from __future__ import annotations

from typing import Final

from pagetext.geometry import Point
from pagetext.layout.leaders import ends_in_leaders, has_leader_char, leader_run, leader_word
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Extent, Line, Word, quad_extent, words_extent
from pagetext.layout.scripts import has_rtl

_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string each call


class Span:
    """A line, or the part of one between gutter-wide gaps, in the page's reading frame."""

    __slots__ = ("cells", "chars", "frame", "height", "order", "rtl_chars", "words", "x0", "x1", "y0", "y1")

    def __init__(self, words: list[Word], order: int, frame: Point, rtl: bool, extent: Extent) -> None:
        """`rtl`: whether the words may hold right-to-left text (most pages have none, and
        then no word is searched for it); `extent`: the words' extent in the frame (see
        measured_span). Required: compiled, an optional tuple would be boxed, a float
        object per value, for every span."""
        self.words = words
        self.order = order
        self.frame = frame
        self.cells: list[Span] = []  # a table row kept whole: the parts it was cut into
        self.x0, self.x1, self.y0, self.y1 = extent
        self.height = max(self.y1 - self.y0, 1e-6)
        chars = rtl_chars = 0
        for word in words:
            length = len(word.text)
            chars += length
            if rtl and has_rtl(word.text):
                rtl_chars += length
        self.chars = chars
        self.rtl_chars = rtl_chars

    @property
    def center_x(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def center_y(self) -> float:
        return (self.y0 + self.y1) / 2


def measured_span(words: list[Word], order: int, frame: Point, rtl: bool) -> Span:
    """A span of words whose extent the caller has not measured."""
    return Span(words, order, frame, rtl, words_extent(words, frame[0], frame[1]))


def spans_top(spans: list[Span]) -> float:
    """max(s.y1 for s in spans), as a loop: compiled, max() of a generator is the builtin
    over a list of boxed floats. Compared as max() compares, from the first span on."""
    top = spans[0].y1
    for span in spans:
        if span.y1 > top:
            top = span.y1
    return top


def spans_bottom(spans: list[Span]) -> float:
    """min(s.y0 for s in spans), as spans_top is max()."""
    bottom = spans[0].y0
    for span in spans:
        if span.y0 < bottom:
            bottom = span.y0
    return bottom


def tallest(spans: list[Span]) -> float:
    """max(s.height for s in spans), as spans_top is max()."""
    height = spans[0].height
    for span in spans:
        if span.height > height:
            height = span.height
    return height


def split_line(line: Line, order: int, frame: Point, rtl: bool, params: LayoutParams) -> list[Span]:
    """Cut a line at gaps of at least span_gap × its height: they may be gutters.

    Gaps are measured with the words in position order (a line may be drawn out of order);
    each span keeps its words in the line's own order.
    """
    ux, uy = frame
    extent = quad_extent(line.quad, ux, uy)  # indexed: a "_" target would box
    limit = params.span_gap * (extent[3] - extent[2])
    spans = spans_in_order(line, order, frame, rtl, limit)
    if spans is None:
        spans = spans_by_position(line, order, frame, rtl, limit)
    # A line of one span is one entry at most, and most lines hold no leader character at
    # all: no entries to look for.
    entries = _entries(spans) if len(spans) >= 2 and has_leader_char(line.text) else None
    if entries is not None:
        return entries
    if len(spans) >= 3 and 2 * sum(s.chars < params.min_column_chars for s in spans) > len(spans):
        # Short cells side by side: a table row. Kept whole, it is wide, stays out of the
        # gutter search, and keeps its place as a band across the columns.
        row = measured_span(list(line.words), order, frame, rtl)
        row.cells = spans
        return [row]
    return spans


def _entry_ends(span: Span) -> int:
    """How an entry of a list in columns ends at this span: 1 when the span ends with leader
    dots and the page number they lead to; 2 when the span is leader dots only (the number
    is the next span); 0 otherwise."""
    words = [word.text for word in span.words]
    if all(leader_word(text) for text in words):
        return 2 if leader_run(words) else 0
    return 1 if len(words) >= 2 and ends_in_leaders(words[:-1]) else 0


def _entries(spans: list[Span]) -> list[Span] | None:
    """A line holding entries of a list set in columns side by side (a table of contents in
    two columns drawn row by row) cut into its entries, each ending with the page number its
    leader dots lead to. None unless the line is two or more entries ending so."""
    ends = []
    for index, span in enumerate(spans):
        kind = _entry_ends(span)
        if kind == 1:
            ends.append(index + 1)
        elif kind == 2 and index + 1 < len(spans):
            ends.append(index + 2)
    if len(ends) < 2 or ends[-1] != len(spans):
        return None  # text after the last entry (an index's sub-entry): no telling where entries start
    entries: list[Span] = []
    start = 0
    for end in ends:
        if end > start:
            entries.append(joined_span(spans[start:end]))
            start = end
    return entries


def joined_span(parts: list[Span]) -> Span:
    """Spans made one span again, words in the parts' order, the parts (or the cells they
    were made of) kept as its cells: a contents entry, a table row."""
    if len(parts) == 1:
        return parts[0]
    first = min(parts, key=lambda part: part.order)
    rtl = any(part.rtl_chars for part in parts)
    joined = measured_span([word for part in parts for word in part.words], first.order, first.frame, rtl)
    joined.cells = [cell for part in parts for cell in (part.cells or [part])]
    return joined


def spans_in_order(line: Line, order: int, frame: Point, rtl: bool, limit: float) -> list[Span] | None:
    """The spans of a line whose words are drawn in position order, as most are: cut as the
    words come, each span's extent gathered on the way. None for any other line."""
    ux, uy = frame
    spans: list[Span] = []
    words: list[Word] = []
    x0 = y0 = _INFINITY
    x1 = y1 = previous_start = -_INFINITY
    for word in line.words:
        low, high, bottom, top = quad_extent(word.quad, ux, uy)
        if not low >= previous_start:  # out of order (or NaN): sort them
            return None
        previous_start = low
        if words and low - x1 > limit:
            spans.append(Span(words, order, frame, rtl, (x0, x1, y0, y1)))
            words = []
            x0 = y0 = _INFINITY
            x1 = y1 = -_INFINITY
        # Grown as words_extent grows an extent, so that the span measures the same.
        x0 = low if low < x0 else x0
        x1 = high if high > x1 else x1
        y0 = bottom if bottom < y0 else y0
        y1 = top if top > y1 else y1
        words.append(word)
    if words:
        spans.append(Span(words, order, frame, rtl, (x0, x1, y0, y1)))
    return spans


def spans_by_position(line: Line, order: int, frame: Point, rtl: bool, limit: float) -> list[Span]:
    """The spans of a line whose words are not drawn in position order: the words taken by
    where they start, a span cut where a word starts more than `limit` past the furthest end
    before it; each span's words in the line's order. Words that start at one place join one
    span whichever comes first (each ends at or after its start), so the sort is by start
    alone, on floats: no (start, end, index) tuple made per word (pdfminer__i1040nr: this
    function 54.0 → 50.8 M instructions, callgrind)."""
    ux, uy = frame
    words = line.words
    starts: list[float] = []
    ends: list[float] = []
    for word in words:
        low, high, _, _ = quad_extent(word.quad, ux, uy)
        starts.append(low)
        ends.append(high)
    groups: list[list[int]] = []
    previous_end = -_INFINITY
    for index in sorted(range(len(words)), key=starts.__getitem__):
        if not groups or starts[index] - previous_end > limit:
            groups.append([])
        groups[-1].append(index)
        if ends[index] > previous_end:
            previous_end = ends[index]
    return [measured_span([words[i] for i in sorted(group)], order, frame, rtl) for group in groups]
