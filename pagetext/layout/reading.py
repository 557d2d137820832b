"""Reading order: a guarded recursive XY-cut over the spans of a page (SPEC §3.8).

Lines from assembly are cut into spans at gaps wide enough to be gutters. The spans of the
page's main direction are cut recursively: first along X at a vertical gutter (columns),
where spans crossing the gutter (titles, full-width captions, tables) split the region into
bands that keep their place; else along Y at empty horizontal bands. Leaves are read top to
bottom, and spans on one baseline inside a leaf are joined into one line again. A page with
no column split keeps its stream's lines, with blocks drawn out of place moved to where
they stand (blocks.py). Spans in other directions (rotated sidebars, stamps) follow the
page's main text in content order, before its footer, but a rotated title at the top in
the page's largest type comes first (placement.py); a page written mostly vertically
keeps the column order assembly gave it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Final

from pagetext.geometry import Point
from pagetext.layout.grid import numbered_rows
from pagetext.layout.gutters import cut_at_gutter, x_gutters
from pagetext.layout.list_markers import is_marker
from pagetext.layout.params import LayoutParams
from pagetext.layout.placement import place_blocks, place_other_directions, y_bands
from pagetext.layout.records import Line, words_quad
from pagetext.layout.rejoin import rejoin_lines
from pagetext.layout.spans import Span, spans_bottom, spans_top, split_line
from pagetext.layout.table_rows import TableBlock, table_blocks

_SAME_DIRECTION: Final = 0.996  # cos 5°: directions closer than this count as the same
_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string each call


def _line_parts(minor: list[Span], major: list[Span]) -> bool:
    """Whether most spans of the smaller side were cut from lines that continue on the other."""
    lines = {span.order for span in major}
    return 2 * sum(span.order in lines for span in minor) > len(minor)


def _side_by_side(minor: list[Span], major: list[Span]) -> bool:
    """Whether two sides of a gutter share some height of the page."""
    top = min(spans_top(minor), spans_top(major))
    bottom = max(spans_bottom(minor), spans_bottom(major))
    return top > bottom


def _bands_around(spans: list[Span], crossing: list[Span]) -> list[list[Span]]:
    """Cut a region into horizontal bands at the spans that cross its gutter, keeping order."""
    marks = sorted(crossing, key=lambda s: -s.center_y)
    bands: list[list[Span]] = [[] for _ in range(2 * len(marks) + 1)]
    crossing_ids = {id(span) for span in crossing}
    for position, mark in enumerate(marks):
        bands[2 * position + 1].append(mark)
    for span in spans:
        if id(span) in crossing_ids:
            continue
        # A span on a crossing span's baseline is part of its row (a form's line number
        # before "Scholarship and fellowship grants ..."), not a band above or below it.
        row = next((p for p, mark in enumerate(marks) if _same_row(span, mark)), -1)
        if row >= 0:
            bands[2 * row + 1].append(span)
            continue
        above = sum(1 for mark in marks if mark.center_y > span.center_y)
        bands[2 * above].append(span)
    return [band for band in bands if band]


def _same_row(a: Span, b: Span) -> bool:
    """Whether two spans stand on one baseline, as _rows joins them into one line."""
    return abs(a.center_y - b.center_y) < 0.5 * min(a.height, b.height)


def _y_bands(spans: list[Span], gap: float) -> list[list[Span]]:
    """Cut a region at empty horizontal bands at least `gap` × the median text height tall."""
    bands: list[list[Span]] = []
    order, span_bands = y_bands([s.y1 for s in spans], [s.y0 for s in spans], gap)
    for index in order:
        band = span_bands[index]
        if band == len(bands):
            bands.append([])
        bands[band].append(spans[index])
    return bands


def _flows(side: list[Span], params: LayoutParams) -> bool:
    """Whether one side of a gutter holds text lines, not cells: most of its characters are
    in spans at least min_column_chars long."""
    least = params.min_column_chars  # read once: LayoutParams is a plain Python object
    return 2 * sum(s.chars for s in side if s.chars >= least) >= sum(s.chars for s in side)


class _Leaf:
    """Spans the XY-cut leaves uncut, and how they are read: "auto" (see _rows), "stream" (in
    content order: a table the stream draws row by row, cell by cell, whose wrapped cells'
    lines stay together) or "rows" (top to bottom: the rows of a table drawn by columns)."""

    __slots__ = ("mode", "spans")

    def __init__(self, spans: list[Span], mode: str = "auto") -> None:
        self.spans = spans
        self.mode = mode


def _around_tables(
    spans: list[Span], blocks: list[TableBlock], params: LayoutParams, depth: int, log: CutLog
) -> list[_Leaf]:
    """A region holding tables: each table one leaf, read by rows (their cells joined when
    the stream draws them a column at a time, else in stream order), and the rest of the
    region cut above, between and below them."""
    in_tables = {id(span) for block in blocks for span in block.spans}
    tops = [max(span.y1 for span in block.spans) for block in blocks]  # blocks come top first
    between: list[list[Span]] = [[] for _ in range(len(blocks) + 1)]
    for span in spans:
        if id(span) not in in_tables:
            # After every table whose top stands above the span's middle: beside a table
            # (between its rows) counts as after it.
            between[sum(1 for top in tops if top > span.center_y)].append(span)
    leaves: list[_Leaf] = []
    for index, part in enumerate(between):
        if part:
            leaves.extend(_cut(part, params, depth + 1, log))
        if index < len(blocks):
            block = blocks[index]
            if block.by_columns:
                leaves.append(_Leaf(block.row_spans(), "rows"))
            else:
                leaves.append(_Leaf(block.spans, "stream"))
    return leaves


def _gutter_marker(span: Span, gap_x0: float, gap_x1: float) -> bool:
    """A list marker ("•", "–", "(ii)") alone in its span, centred in the gutter."""
    return len(span.words) == 1 and gap_x0 <= span.center_x <= gap_x1 and is_marker(span.words[0].text)


def _cut(spans: list[Span], params: LayoutParams, depth: int, log: CutLog) -> list[_Leaf]:
    """Leaves of the XY-cut, in reading order; `log` records the decisions."""
    if len(spans) < 2 or depth >= params.max_cut_depth:
        return [_Leaf(spans)]
    gutters = x_gutters(spans, params)
    if gutters:
        gap_x0, gap_x1 = gutters[0]
        spans = cut_at_gutter(spans, gap_x0, gap_x1, params)
        # Spans crossing any gutter (titles, full-width captions, table rows) or centred in
        # one (page numbers) keep their place as bands between the column parts.
        # A list marker in the gutter (a bullet hanging left of its column) is no page number:
        # it starts an item of the column after it.
        markers = {id(s) for s in spans if _gutter_marker(s, gap_x0, gap_x1)}
        crossing = [
            s
            for s in spans
            if id(s) not in markers
            and any((s.x0 < g0 and s.x1 > g1) or g0 <= s.center_x <= g1 for g0, g1 in gutters)
        ]
        middle = (gap_x0 + gap_x1) / 2
        rest = [s for s in spans if not (s.x0 < gap_x0 and s.x1 > gap_x1)]
        left = [s for s in rest if s.center_x < middle and id(s) not in markers]
        right = [s for s in rest if s.center_x >= middle or id(s) in markers]
        major, minor = (left, right) if len(left) >= len(right) else (right, left)
        columns = bool(
            minor
            # A page whose apparent columns all hold only a few spans (a title page, a
            # colophon) is not split ...
            and len(major) >= params.min_column_spans
            # ... nor a table: text columns hold lines of words, tables short cells, read row
            # by row ...
            and _flows(major, params)
            # ... nor a few labels cut off the lines they start ("1.9.  Modifications means") ...
            and (len(minor) >= params.min_column_spans or not _line_parts(minor, major))
            # ... nor a block standing wholly above or below the other side (a stamp over
            # the text): columns stand side by side.
            and _side_by_side(minor, major)
        )
        # Text on both sides of the gap standing on the same baselines row after row is a
        # table, a form or label/value pairs, read row by row, unless both sides flow as
        # text (columns whose lines may share baselines too, or too short to be cut).
        if not (_flows(left, params) and _flows(right, params)):
            blocks = table_blocks(spans, gap_x0, gap_x1)
            in_tables = {id(span) for block in blocks for span in block.spans}
            # Columns the cut would make give way to tables holding most of both sides; a few
            # margin notes sharing baselines with a text column's lines do not.
            if blocks and (
                not columns
                or all(2 * sum(id(s) in in_tables for s in side) >= len(side) for side in (minor, major))
            ):
                if log.explaining:
                    log.note(depth, "; ".join(block.describe() for block in blocks))
                # A page read from its layout (the gutter would have cut it, or a table's
                # cells are drawn a column at a time) stays read from its layout.
                log.from_layout |= columns or any(block.by_columns for block in blocks)
                return _around_tables(spans, blocks, params, depth, log)
        if columns:
            if crossing:
                bands = _bands_around(spans, crossing)
                if len(bands) > 1:
                    if log.explaining:
                        log.note(
                            depth,
                            f"{len(crossing)} spans cross the gutter x {gap_x0:.0f}-{gap_x1:.0f}: bands",
                        )
                    return [leaf for band in bands for leaf in _cut(band, params, depth + 1, log)]
            else:
                log.from_layout = True
                bands = _y_bands(spans, params.band_gap)
                if numbered_rows(bands, middle):
                    if log.explaining:
                        log.note(
                            depth,
                            f"a grid of {len(bands)} numbered rows across the gutter"
                            f" x {gap_x0:.0f}-{gap_x1:.0f}",
                        )
                    return [leaf for band in bands for leaf in _cut(band, params, depth + 1, log)]
                if log.explaining:
                    log.note(depth, f"columns cut at the gutter x {gap_x0:.0f}-{gap_x1:.0f}")
                first, second = _cut(left, params, depth + 1, log), _cut(right, params, depth + 1, log)
                if 2 * sum(s.rtl_chars for s in spans) > sum(s.chars for s in spans):
                    first, second = second, first  # right-to-left text reads its columns from the right
                return first + second
    bands = _y_bands(spans, params.band_gap)
    if len(bands) > 1:
        return [leaf for band in bands for leaf in _cut(band, params, depth + 1, log)]
    return [_Leaf(spans)]


def _rows(leaf: list[Span], mode: str = "auto") -> list[list[Span]]:
    """The spans of a leaf as rows: in content order while that runs top to bottom (no
    re-sorting of well-ordered columns), or always in mode "stream"; sorted by position when
    the stream is shuffled, or always in mode "rows". Consecutive spans of one baseline form
    one row."""
    in_content_order = leaf if _in_content_order(leaf) else sorted(leaf, key=lambda s: (s.order, s.x0))
    upward = sum(
        1
        for prev, span in itertools.pairwise(in_content_order)
        if span.center_y - prev.center_y > prev.height
    )
    in_order = mode == "stream" or (mode == "auto" and upward <= 0.1 * len(leaf))
    ordered = in_content_order if in_order else sorted(leaf, key=lambda s: -s.center_y)
    rows: list[list[Span]] = []
    for span in ordered:
        row = rows[-1] if rows else None
        if row is not None and _same_row(row[-1], span):
            row.append(span)
        else:
            rows.append([span])
    return [
        row
        if len(row) < 2  # most rows are one span
        else sorted(row, key=lambda s: -s.x1)
        if 2 * sum(s.rtl_chars for s in row) > sum(s.chars for s in row)
        else sorted(row, key=lambda s: s.x0)
        for row in rows
    ]


def _in_content_order(spans: list[Span]) -> bool:
    """Whether sorting the spans by (order, x0) would leave them as they are (no span before
    one it sorts after), as the XY-cut mostly leaves them: a sort by a tuple key makes a
    tuple per span and compares them."""
    for index in range(1, len(spans)):
        prev, span = spans[index - 1], spans[index]
        if span.order < prev.order or (span.order == prev.order and span.x0 < prev.x0):
            return False
    return True


def _join(spans: Sequence[Span], frame: Point) -> Line:
    words = tuple(word for span in spans for word in span.words)
    quad, bbox = words_quad(words, frame)
    first = words[0]
    text = " ".join([word.text for word in words])
    # A span counts its right-to-left letters when the page has any line with them.
    rtl = any(span.rtl_chars for span in spans)
    return Line(text, bbox, quad, frame, first.font_name, first.font_size, words, rtl=rtl)


def _frame(lines: Sequence[Line]) -> Point:
    """The page's main writing direction: the one most characters follow."""
    # Directions by hundredths, as integers: round(x, 2) formats a decimal string per call.
    weights: dict[tuple[int, int], int] = {}
    # Counted by runs of lines in one direction (most pages have a single run), each run
    # added once: keys still enter the dict in the order the lines first give them.
    run_x, run_y = lines[0].direction
    run_chars = 0
    for line in lines:
        ux, uy = line.direction
        if ux != run_x or uy != run_y:
            _weigh(weights, run_x, run_y, run_chars)
            run_x, run_y, run_chars = ux, uy, 0
        run_chars += len(line.text)
    _weigh(weights, run_x, run_y, run_chars)
    x, y = max(weights, key=lambda k: weights[k])
    norm = math.hypot(x, y) or 1.0
    return x / norm, y / norm


def _weigh(weights: dict[tuple[int, int], int], ux: float, uy: float, chars: int) -> None:
    key = (_hundredths(ux), _hundredths(uy))
    weights[key] = weights.get(key, 0) + chars


def _hundredths(value: float) -> int:
    """round(value * 100), ties to even as round() rounds them; compiled, round() is a call
    to the builtin looked up by name, which costs more than the rest of _frame."""
    scaled = value * 100
    floor = float(int(scaled))  # toward zero, then down
    if floor > scaled:
        floor -= 1.0
    rest = scaled - floor  # exact
    if rest > 0.5 or (rest == 0.5 and floor % 2.0 == 1.0):
        floor += 1.0
    return int(floor)


def _runs_down(line: Line) -> bool:
    """Whether a line is a vertical column: vertical writing read down its glyphs' advance (not
    a vertical font set side by side), or glyphs of a horizontal font set one under another."""
    glyph = line.words[0].glyphs[0]
    ux, uy = glyph.direction
    if glyph.writing_mode == 1:
        return line.direction[0] * ux + line.direction[1] * uy > _SAME_DIRECTION
    return line.direction[0] * uy - line.direction[1] * ux > _SAME_DIRECTION  # down the glyph's up axis


def _is_vertical_page(lines: Sequence[Line]) -> bool:
    down = sum(len(line.text) for line in lines if line.words and _runs_down(line))
    return down * 2 > sum(len(line.text) for line in lines)


class CutLog:
    """What the XY-cut decided on a page: whether the page is read from its layout (columns
    cut, or tables read by rows) rather than in stream order, and, when `explain` asks
    (notes is a list), each decision with its evidence."""

    __slots__ = ("from_layout", "notes")

    def __init__(self, explain: bool = False) -> None:
        self.from_layout = False
        self.notes: list[str] | None = [] if explain else None

    @property
    def explaining(self) -> bool:
        """Whether notes are kept: a note that formats its evidence is written only then (a
        table's description alone costs more than reading order does on a short page)."""
        return self.notes is not None

    def note(self, depth: int, text: str) -> None:
        if self.notes is not None:
            self.notes.append("  " * depth + text)


def reading_order(lines: Sequence[Line], params: LayoutParams, log: CutLog | None = None) -> list[Line]:
    """Lines of one page (content order) → lines in reading order; `log`, when given,
    receives the decisions made."""
    if len(lines) < 2:
        return list(lines)
    if _is_vertical_page(lines):
        return list(lines)  # assembly already reads the columns right to left
    frame = _frame(lines)
    rtl = any(line.rtl for line in lines)
    main: list[Span] = []
    main_lines: list[Line] = []
    # A line left one span is measured already: its span's extent is its words' extent.
    whole: list[Span | None] = []
    other: list[Line] = []
    for order, line in enumerate(lines):
        if line.direction[0] * frame[0] + line.direction[1] * frame[1] >= _SAME_DIRECTION:
            spans = split_line(line, order, frame, rtl, params)
            main.extend(spans)
            main_lines.append(line)
            whole.append(spans[0] if len(spans) == 1 else None)
        else:
            other.append(line)
    if log is None:
        log = CutLog()
    leaves = _cut(main, params, 0, log) if main else []
    if log.from_layout:
        log.note(0, "read from the layout: the leaves above, top to bottom, each row left to right")
        result = [_join(row, frame) for leaf in leaves for row in _rows(leaf.spans, leaf.mode)]
    else:  # one column: the stream's lines, with blocks drawn out of place moved
        log.note(0, "one column: the stream's lines, blocks drawn out of place moved to where they stand")
        rejoined, measured = rejoin_lines(main_lines, whole, frame, params.span_gap)
        result = place_blocks(rejoined, measured, params.block_gap)
    if other and log.explaining:
        log.note(
            0, f"{len(other)} lines in other directions: a prominent title at the top first, the rest last"
        )
    return place_other_directions(result, other, frame, params.block_gap)
