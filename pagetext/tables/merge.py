"""Tables continued across pages, merged into one.

A table on page n continues on page n+1 when it is the last thing on page n and the table
it continues into the first thing on page n+1, with only page furniture (running headers
and footers, page numbers: Line.role) beyond them, and both have the same columns: the same
column edges within COLUMN_TOLERANCE, the same edges shifted as a whole (mirrored margins of
facing pages), or the first table's header rows repeated. A repeated header is dropped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pagetext.geometry import Box
from pagetext.layout.records import Line
from pagetext.tables.records import Table

COLUMN_TOLERANCE: Final = 2.0  # points: the same rule drawn again, or columns aligned by the same widths
FURNITURE: Final = ("header", "footer", "artifact")  # Line.role of what may stand between the parts


@dataclass(slots=True)
class PageTables:
    """The tables of one page, top to bottom as shown, and whether the first has only
    furniture above it and the last only furniture below it."""

    page: int
    tables: list[Table]
    first_at_top: bool = False
    last_at_bottom: bool = False


def _downward(box: Box, rotation: int) -> tuple[float, float]:
    """The box's top and bottom on the shown page (/Rotate applied), growing downwards."""
    if rotation == 90:
        return box.x0, box.x1
    if rotation == 180:
        return box.y0, box.y1
    if rotation == 270:
        return -box.x1, -box.x0
    return -box.y1, -box.y0


def _inside(line: Line, box: Box) -> bool:
    x = (line.bbox.x0 + line.bbox.x1) / 2
    y = (line.bbox.y0 + line.bbox.y1) / 2
    return box.contains(x, y)


def page_tables(page: int, tables: Sequence[Table], lines: Iterable[Line], rotation: int = 0) -> PageTables:
    """PageTables for a page's tables and its lines (with their roles marked:
    page.lines(roles=True)); lines inside a table are its own."""
    ordered = sorted(tables, key=lambda table: _downward(table.bbox, rotation)[0])
    if not ordered:
        return PageTables(page, [])
    top = _downward(ordered[0].bbox, rotation)[0]
    bottom = max(_downward(table.bbox, rotation)[1] for table in ordered)
    above = below = False
    for line in lines:
        if line.role in FURNITURE or not line.text.strip() or any(_inside(line, t.bbox) for t in ordered):
            continue
        line_top, line_bottom = _downward(line.bbox, rotation)
        middle = (line_top + line_bottom) / 2
        above = above or middle < top
        below = below or middle > bottom
    last_at_bottom = not below and _downward(ordered[-1].bbox, rotation)[1] >= bottom
    return PageTables(page, ordered, not above, last_at_bottom)


def _first_rows(table: Table, count: int) -> list[list[str]]:
    """The texts of the table's first rows, whitespace runs as one space."""
    return [[" ".join(text.split()) for text in row] for row in table.to_list()[:count]]


def _same_edges(first: Table, second: Table) -> str:
    """Why the two have the same columns by their edges, else ""."""
    a, b = first.column_edges, second.column_edges
    if len(a) != len(b) or len(a) < 2:
        return ""
    if all(abs(x - y) <= COLUMN_TOLERANCE for x, y in zip(a, b, strict=True)):
        return f"same {len(a)} column edges within {COLUMN_TOLERANCE:g} pt"
    shift = b[0] - a[0]
    if all(abs(y - x - shift) <= COLUMN_TOLERANCE for x, y in zip(a, b, strict=True)):
        return f"same {len(a)} column edges shifted {shift:+.1f} pt"
    return ""


def continues(run: Table, last: Table, table: Table) -> tuple[str, int]:
    """Why `table` continues the merged `run` (whose piece on the page before is `last`),
    and how many of its first rows repeat the run's header; ("", 0) when it does not."""
    if table.n_cols != run.n_cols:
        return "", 0
    header = _first_rows(run, run.header_rows)
    repeated = bool(header) and _first_rows(table, len(header)) == header
    why = _same_edges(last, table)
    if not why:
        if not repeated:
            return "", 0
        why = f"the same {len(header)} header row(s) repeated"
    elif table.header_rows and not repeated:
        return "", 0  # a header of its own: a new table in the same columns
    if repeated:
        why += "; repeated header dropped"
    return why, len(header) if repeated else 0


def _append(run: Table, table: Table, dropped: int, why: str) -> None:
    offset = run.n_rows - dropped
    for cell in table.cells:
        if cell.row < dropped:
            continue
        run.cells.append(dataclasses.replace(cell, row=cell.row + offset, page=cell.page or table.page))
    run.n_rows += table.n_rows - dropped
    run.pages.append(table.page)
    run.merged_from.append(f"page {table.page}: {why}")


def _start(table: Table) -> Table:
    cells = [dataclasses.replace(cell, page=cell.page or table.page) for cell in table.cells]
    return dataclasses.replace(table, cells=cells, pages=[table.page], merged_from=[])


def merge_runs(pages: Sequence[PageTables]) -> list[Table]:
    """The tables of consecutive pages (in page order), those continued on the next page
    merged: rows renumbered, repeated headers dropped, pages and merged_from filled. The
    input tables are left as they are."""
    result: list[Table] = []
    open_run: tuple[Table, Table] | None = None  # a run that may continue, and its last piece
    previous: PageTables | None = None
    for current in pages:
        for index, table in enumerate(current.tables):
            candidate = (
                open_run is not None
                and index == 0
                and current.first_at_top
                and previous is not None
                and previous.page + 1 == current.page
            )
            why, dropped = continues(*open_run, table) if candidate and open_run else ("", 0)
            if why and open_run is not None:
                _append(open_run[0], table, dropped, why)
                open_run = (open_run[0], table)
            else:
                result.append(_start(table))
                open_run = (result[-1], table)
        if not (current.tables and current.last_at_bottom):
            open_run = None
        previous = current
    return result
