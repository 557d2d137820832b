"""Vertical gutters of a region of spans: the X ranges almost no span covers (SPEC §3.8),
and the table rows cut where a gutter runs through them."""

from __future__ import annotations

from pagetext.layout.params import LayoutParams
from pagetext.layout.placement import median
from pagetext.layout.spans import Span, measured_span


def cut_at_gutter(spans: list[Span], gap_x0: float, gap_x1: float, params: LayoutParams) -> list[Span]:
    """Cut the table rows that hold a line of column text across an empty part of the gutter.

    A table inside one column, drawn on the baselines of the other column's lines, is
    assembled into lines holding a table row and a column line; kept whole they would cross
    the gutter and break the columns. The row is cut at the gap between its cells that
    overlaps the gutter when one side of it is a single long span: the other column's line.
    A row of a full-width table has cells on both sides and stays whole.
    """
    result: list[Span] = []
    for span in spans:
        if len(span.cells) < 2:  # most spans: no gap between cells to cut at
            result.append(span)
            continue
        cells = sorted(span.cells, key=lambda cell: cell.x0)
        cut = 0
        for index in range(1, len(cells)):
            start, end = cells[index - 1].x1, cells[index].x0
            if start < gap_x1 and end > gap_x0:  # the gap between these cells meets the gutter
                sides = (cells[:index], cells[index:])
                if any(len(side) == 1 and side[0].chars >= params.min_column_chars for side in sides):
                    cut = index
        if not cut:
            result.append(span)
            continue
        first = {id(word) for cell in cells[:cut] for word in cell.words}
        rtl = span.rtl_chars > 0
        result.append(measured_span([w for w in span.words if id(w) in first], span.order, span.frame, rtl))
        result.append(
            measured_span([w for w in span.words if id(w) not in first], span.order, span.frame, rtl)
        )
    return result


def x_gutters(spans: list[Span], params: LayoutParams) -> list[tuple[float, float]]:
    """The vertical gutters of a region, widest first: X ranges almost no span covers."""
    # min() and max() of generators, as loops: compiled, each item would go through the
    # builtin boxed. Compared as min() and max() compare, from the first span on.
    left = spans[0].x0
    right = spans[0].x1
    for span in spans:
        if span.x0 < left:
            left = span.x0
        if span.x1 > right:
            right = span.x1
    width = right - left
    if width <= 0:
        return []
    # Spans too wide to be column text and single characters (table cells, bullets) do not
    # shape columns: they are left out of the projection (the seed's guards).
    widest = params.wide_span * width  # read once: LayoutParams is a plain Python object
    projected = [s for s in spans if s.x1 - s.x0 <= widest and s.chars > 1]
    if len(projected) < 2:
        return []
    height = median([span.height for span in projected])
    step = max(height / 4, width / 2000)
    bins = int(width / step) + 1
    # How many spans cover each bin: +1 where a span starts, -1 after it ends, summed up
    # (one step per span and per bin, where filling each span's bins costs width / step).
    changes = [0] * (bins + 1)
    for span in projected:
        # Read and written back, not "+=": compiled, that adds the list's items boxed.
        opens = int((span.x0 - left) / step)
        changes[opens] = changes[opens] + 1
        closes = min(int((span.x1 - left) / step), bins - 1) + 1
        changes[closes] = changes[closes] - 1
    allowed = int(params.gutter_noise * len(projected))
    gutters: list[tuple[float, float]] = []
    min_width = params.min_gutter * height
    covering = 0
    start = -1  # the first bin of the run of bins almost nothing covers, -1 outside one
    for index in range(bins):
        covering += changes[index]
        if covering <= allowed:
            if start < 0:
                start = index
            continue
        # An empty margin at the region's left edge is no gutter, nor one at its right edge
        # (a run still open after the last bin).
        if start > 0:
            gap_x0 = left + start * step
            gap_x1 = left + index * step
            if gap_x1 - gap_x0 > min_width:
                gutters.append((gap_x0, gap_x1))
        start = -1
    if len(gutters) < 2:
        return gutters
    return sorted(gutters, key=lambda gap: gap[0] - gap[1])  # the widest first
