"""Tables of a page: ruled grids from its rules, then aligned tables from its remaining words.

The page's text is read in its dominant direction (a rotated page or table is turned
upright in a Frame), so every rule here is stated for upright text: x right, y up.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.content.paths import PathRecord
from pagetext.geometry import Box, Point
from pagetext.layout.records import Line
from pagetext.tables.aligned import aligned_grids, holds_table
from pagetext.tables.captions import caption_rows, without_rows
from pagetext.tables.columns import is_number
from pagetext.tables.gutters import across_gutter, column_parts, page_gutters
from pagetext.tables.headers import header_rows
from pagetext.tables.partial import row_ruled_grids, split_columns
from pagetext.tables.records import Cell, Table, TextWord
from pagetext.tables.ruled import (
    Grid,
    center_in,
    extend_columns,
    rule_groups,
    ruled_grid,
    split_rows,
    split_spans,
)
from pagetext.tables.rules import Frame, Rule, page_rules, slanted_marks
from pagetext.tables.vertical import add_header_row, inside_words

# Quarter-turn text directions a table can run in; other directions are left alone.
DIRECTIONS: Final = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))
# A word whose direction is this close to a quarter turn runs in it.
DIRECTION_TOLERANCE: Final = 0.05
# A ruled grid needs text in this many cells, in two columns at least, to be a table, not a
# box or a frame around a paragraph.
MIN_FILLED_CELLS: Final = 2

# This many slanted strokes inside a table's box make it a chart (a plot's polyline has many
# more; a table draws none, a diagonal in a corner cell one or two).
MIN_CHART_MARKS: Final = 8
# A grid drawn by cell fills has this many rows at least: one shaded row of cells is a band
# of a table shaded in bands (its rows come from the bands), not a table.
MIN_FILL_ROWS: Final = 2
# A table inside a layout's cell holds values (numbers) in this many rows at least.
MIN_NESTED_VALUE_ROWS: Final = 2
# Text of a layout's other cells level with this share of a nested table's rows makes it
# part of one table with them (its stub column beyond a rule), not a table of its own.
LEVEL_SHARE: Final = 0.75
# A word reaching this far (points) past its cell's side crosses into the next cell.
CROSS_SLACK: Final = 1.0
# A ruled cell over this share of its grid's height that holds rows and columns of its own
# is rules drawn round part of a table (a group header, a frame): the alignment reads it.
COARSE_SHARE: Final = 0.5


def _direction(line: Line) -> tuple[float, float] | None:
    ux, uy = line.direction
    for d in DIRECTIONS:
        if abs(ux - d[0]) <= DIRECTION_TOLERANCE and abs(uy - d[1]) <= DIRECTION_TOLERANCE:
            return d
    return None


def find_tables(
    lines: list[Line], paths: list[PathRecord], visible: Box, bold_fonts: set[str], page: int
) -> list[Table]:
    """The tables of a page from its lines (the assembly's) and painted paths."""
    counts: Counter[tuple[float, float]] = Counter()
    for line in lines:
        direction = _direction(line)
        if direction is not None:
            counts[direction] += len(line.text)
    tables: list[Table] = []
    for direction, _ in counts.most_common():
        frame = Frame(direction)
        words = [
            TextWord(w.text, frame.box(w.bbox), i, w.font_name in bold_fonts, w.font_size, w.glyphs)
            for i, line in enumerate(lines)
            if _direction(line) == direction
            for w in line.words
        ]
        cross = [
            TextWord(w.text, frame.box(w.bbox), i, w.font_name in bold_fonts, w.font_size, w.glyphs)
            for i, line in enumerate(lines)
            if _direction(line) in _quarter_turns(direction)
            for w in line.words
        ]
        rules = page_rules(paths, visible, frame)
        tables.extend(_frame_tables(words, cross, rules, slanted_marks(paths, frame), frame, page))
    tables.sort(key=lambda t: (-t.bbox.y1, t.bbox.x0))
    return tables


def _quarter_turns(direction: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    ux, uy = direction
    return ((-uy, ux), (uy, -ux))


def _frame_tables(
    words: list[TextWord],
    cross: list[TextWord],
    rules: list[Rule],
    marks: list[Point],
    frame: Frame,
    page: int,
) -> list[Table]:
    """The tables of words running in one direction; cross: the words turned a quarter from
    it (vertical header text)."""
    grids: list[Grid] = []
    taken: list[Box] = []
    nested: list[Grid] = []  # tables inside a cell of a ruled layout: tables of their own
    # Drawn lines first; where they make no grid, the edges of cell fills too.
    hard = [r for r in rules if not r.soft]
    gutters = page_gutters(words, rules)
    for candidates in (hard, rules):
        for group in rule_groups(candidates):
            grid = ruled_grid(group)
            if grid is None or (len(grid.row_edges) < MIN_FILL_ROWS + 1 and any(r.soft for r in group)):
                continue
            split_spans(grid, [w.box for w in words])
            box = _grid_box(grid)
            if any(_overlap(box, other) for other in taken):
                continue
            contents = cell_words(grid, words)
            filled = [cell for cell, inside in zip(grid.cells, contents, strict=True) if inside]
            if len(filled) < MIN_FILLED_CELLS or len({cell.col for cell in filled}) < 2:
                continue
            height = grid.row_edges[0] - grid.row_edges[-1]
            inner = _nested(grid, contents, rules, [w for w in words if center_in(w.box, box)])
            coarse = [
                cell
                for cell, inside in zip(grid.cells, contents, strict=True)
                if holds_table(inside) and cell.box.height > COARSE_SHARE * height
            ]
            # A big cell holding a table is rules drawn round part of a table (a frame, a
            # group header), unless that table is one of the layout's own (nested).
            if all(any(center_in(_grid_box(g), cell.box) for g in inner) for cell in coarse):
                nested += inner
                inner_boxes = [_grid_box(g) for g in inner]
                own = [w for w in words if not any(center_in(w.box, b) for b in inner_boxes)]
                boxes = [w.box for w in own]
                split_rows(grid, boxes, [any(ch.isdigit() for ch in w.text) for w in own])
                split_columns(grid, [w for w in own if center_in(w.box, box)])
                # Text beyond a page gutter is the other column's, never a column of this grid.
                beside = [b for b in boxes if not across_gutter(gutters, b, box)]
                extend_columns(grid, [b for b in beside if not any(center_in(b, t) for t in taken)])
                box = _grid_box(grid)
                grids.append(grid)
                taken.append(box)
    for grid in row_ruled_grids(rules, words, taken):
        grids.append(grid)
        taken.append(_grid_box(grid))
    rest = [w for w in words if not any(center_in(w.box, box) for box in taken)]
    horizontal = [r for r in rules if r.horizontal]
    for part, column in column_parts(rest, gutters):
        grids.extend(aligned_grids(part, horizontal, column))
    grids.extend(nested)
    nested_boxes = [_grid_box(g) for g in nested]
    outside_nested = [w for w in words if not any(center_in(w.box, b) for b in nested_boxes)]
    tables = []
    for grid in grids:
        if _chart(_grid_box(grid), marks):
            continue
        if grid.method == "ruled":
            held = _split_at_cells(outside_nested, grid, frame) + inside_words(grid, cross)
        else:
            held = add_header_row(grid, cross)  # the grid holds its own words (Grid.held)
        tables.append(_table(grid, held, frame, page))
    return tables


def _nested(
    grid: Grid, contents: list[list[TextWord]], rules: list[Rule], words: list[TextWord]
) -> list[Grid]:
    """The tables set inside single cells of a ruled grid (a layout drawn as a grid, a form):
    a cell whose words are laid out as a table, with values in MIN_NESTED_VALUE_ROWS rows,
    holds a table of its own (a spanning header cell's stacked sub-headers hold none), when
    the text of the grid's other cells stands level with few of its rows (labels level with
    every row are the rest of one table whose rules part its stub from its values)."""
    found = []
    for cell, inside in zip(grid.cells, contents, strict=True):
        if len(grid.cells) > 1 and holds_table(inside):
            box = cell.box
            within = [r for r in rules if r.horizontal and box.y0 < r.position < box.y1 and box.x0 <= r.start]
            outside = [w for w in words if not center_in(w.box, box)]
            for inner in aligned_grids(inside, within):
                held = inner.held or []
                rows = {c.row for c, own in zip(inner.cells, held, strict=True) if any(map(is_number, own))}
                bands = list(itertools.pairwise(inner.row_edges))
                level = sum(1 for high, low in bands if any(low <= w.center[1] <= high for w in outside))
                if len(rows) >= MIN_NESTED_VALUE_ROWS and level < LEVEL_SHARE * len(bands):
                    found.append(inner)
    return found


def _split_at_cells(words: list[TextWord], grid: Grid, frame: Frame) -> list[TextWord]:
    """Words cut where they cross a cell's side: glyphs set tight against a rule on either
    side of it run together in the assembly (and ideographs have no spaces to part them),
    but the rule between them parts two cells. Each glyph goes with the cell its centre is in."""
    result: list[TextWord] = []
    for word in words:
        x, y = word.center
        home = next(
            (c.box for c in grid.cells if c.box.x0 <= x <= c.box.x1 and c.box.y0 <= y <= c.box.y1), None
        )
        if home is None or (word.box.x0 >= home.x0 - CROSS_SLACK and word.box.x1 <= home.x1 + CROSS_SLACK):
            result.append(word)
            continue
        row = [
            c.box
            for c in grid.cells
            if c.box.y0 <= y <= c.box.y1 and c.box.x0 < word.box.x1 and word.box.x0 < c.box.x1
        ]
        pieces: list[tuple[int, list[tuple[Glyph, Box]]]] = []
        for glyph in word.glyphs:
            gx0, gy0 = frame.point(*glyph.quad[0])
            gx1, gy1 = frame.point(*glyph.quad[2])
            box = Box.from_corners(gx0, gy0, gx1, gy1)
            middle = (box.x0 + box.x1) / 2
            cell = next((i for i, b in enumerate(row) if b.x0 <= middle <= b.x1), -1)
            if pieces and pieces[-1][0] == cell:
                pieces[-1][1].append((glyph, box))
            else:
                pieces.append((cell, [(glyph, box)]))
        for _, part in pieces:
            boxes = [b for _, b in part]
            box = Box(min(b.x0 for b in boxes), word.box.y0, max(b.x1 for b in boxes), word.box.y1)
            text = "".join(g.text for g, _ in part)
            result.append(TextWord(text, box, word.line, word.bold, word.size, tuple(g for g, _ in part)))
    return result


def _chart(box: Box, marks: list[Point]) -> bool:
    """Whether slanted strokes cross the box as a chart's lines do: its axis labels align
    in rows and columns, but it is no table."""
    return sum(1 for x, y in marks if box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1) >= MIN_CHART_MARKS


def _grid_box(grid: Grid) -> Box:
    return Box(grid.column_edges[0], grid.row_edges[-1], grid.column_edges[-1], grid.row_edges[0])


def _overlap(a: Box, b: Box) -> bool:
    return min(a.x1, b.x1) > max(a.x0, b.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)


def cell_words(grid: Grid, words: list[TextWord]) -> list[list[TextWord]]:
    """The words of each of the grid's cells (by the slot their centre falls in)."""
    slots: dict[tuple[int, int], int] = {}
    for index, cell in enumerate(grid.cells):
        for r in range(cell.row, cell.row + cell.row_span):
            for c in range(cell.col, cell.col + cell.col_span):
                slots[(r, c)] = index
    columns = grid.column_edges
    downward = [-y for y in grid.row_edges]  # row edges run top to bottom: ascending negated
    result: list[list[TextWord]] = [[] for _ in grid.cells]
    for word in words:
        x, y = word.center
        if not (columns[0] <= x <= columns[-1] and downward[0] <= -y <= downward[-1]):
            continue
        col = min(bisect.bisect_right(columns, x) - 1, len(columns) - 2)
        row = min(bisect.bisect_right(downward, -y) - 1, len(downward) - 2)
        owner = slots.get((row, col))
        if owner is not None:
            result[owner].append(word)
    return result


def cell_text(words: list[TextWord]) -> str:
    """A cell's words as the assembly put them: word spaces within a line, "\\n" between lines
    (top to bottom), each line's words left to right."""
    by_line: dict[int, list[TextWord]] = {}
    for word in words:
        by_line.setdefault(word.line, []).append(word)
    rows = sorted(by_line.values(), key=lambda ws: -max(w.box.y1 for w in ws))
    return "\n".join(" ".join(w.text for w in sorted(ws, key=lambda w: w.box.x0)) for ws in rows)


def _contents(grid: Grid, words: list[TextWord]) -> list[list[TextWord]]:
    """Each cell's words: those the grid holds (placed by runs), and the words given by the
    slot their centre falls in."""
    found = cell_words(grid, words)
    if grid.held is None:
        return found
    return [own + extra for own, extra in zip(grid.held, found, strict=True)]


def _table(grid: Grid, words: list[TextWord], frame: Frame, page: int) -> Table:
    contents = _contents(grid, words)
    caption = caption_rows(grid, contents)
    if caption:
        grid = without_rows(grid, caption)
        contents = _contents(grid, words)
    cells: list[Cell] = []
    for grid_cell, inside in zip(grid.cells, contents, strict=True):
        cells.append(
            Cell(
                grid_cell.row,
                grid_cell.col,
                frame.to_user(grid_cell.box),
                cell_text(inside),
                grid_cell.row_span,
                grid_cell.col_span,
                page=page,
            )
        )
    n_rows, n_cols = len(grid.row_edges) - 1, len(grid.column_edges) - 1
    headers = header_rows(grid, contents)
    for cell in cells:
        cell.header = cell.row < headers
    cells.sort(key=lambda c: (c.row, c.col))
    return Table(
        page,
        frame.to_user(_grid_box(grid)),
        n_rows,
        n_cols,
        cells,
        header_rows=headers,
        column_edges=list(grid.column_edges),
        method=grid.method,
        pages=[page],
    )
