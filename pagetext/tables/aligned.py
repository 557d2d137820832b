"""Borderless tables: rows from baselines, columns from the gaps that stay empty down the rows.

In the table frame (rules.Frame): x right, y up. A text row is the words on one baseline;
a chunk is a run of its words with no column-sized gap inside. A table is a run of rows
most of which have several chunks, whose chunks leave the same vertical gaps free.
"""

from __future__ import annotations

import itertools
from statistics import median
from typing import TYPE_CHECKING, Final

from pagetext.geometry import Box
from pagetext.layout.rows import MAX_ROW_GAP, MIN_TABLE_ROWS
from pagetext.tables.columns import (
    ALIGN_TOLERANCE,
    MAX_CHUNK_WORDS,
    WIDE_SPACE,
    chunks,
    column_gaps,
    is_number,
    text_lines,
)
from pagetext.tables.gutters import justified, marker_column
from pagetext.tables.ruled import Grid, GridCell
from pagetext.tables.rules import Rule
from pagetext.tables.sides import side_split

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# Cells of running text are long: a table's non-empty cells average at most this many words.
# (Rows of one cell outnumbering the rows of several are running text too: a table's rows of
# one cell are its few group headers and notes.)
MAX_MEAN_WORDS: Final = 4.5
# Its first rows may be headers whose cells span columns; the column gaps are read below them.
MAX_HEADER_ROWS: Final = 3
# A continuation line of a wrapped cell follows its row this close (line heights, gap between boxes).
WRAP_GAP: Final = 0.6
# A rule between two rows (within this slack, points, of their boxes) across this share of
# the table's width is a rule under the upper row.
RULE_SLACK: Final = 1.0
RULE_SPAN: Final = 0.5
# A row this far under a table (its row heights, gap between boxes) whose runs stand in the
# table's columns is its totals row, set off by up to three blank lines at the usual leading.
TOTALS_REACH: Final = 5.0
# A word space, as a share of the text height (a third of it and less, even justified).
WORD_SPACE: Final = 0.35
# A line with entries in fewer than this share of the key columns may continue the row above.
KEY_SHARE_OF_ROW: Final = 0.5
# A column whose cells are filled in this share of the rows is a key column.
KEY_SHARE: Final = 0.8


class _Row:
    __slots__ = ("bottom", "chunks", "top")

    def __init__(self, chunks: list[list[TextWord]]) -> None:
        self.chunks = chunks
        words = [w for chunk in chunks for w in chunk]
        self.top = max(w.box.y1 for w in words)
        self.bottom = min(w.box.y0 for w in words)

    @property
    def height(self) -> float:
        return self.top - self.bottom


def _text_rows(words: list[TextWord]) -> list[_Row]:
    """Words grouped by baseline, top to bottom, each row cut into chunks."""
    return [_Row(chunks(line)) for line in text_lines(words)]


def _word_count(words: list[TextWord]) -> int:
    """Words with a letter or digit: leader dots and dashes are no words of running text."""
    return sum(1 for w in words if any(ch.isalnum() for ch in w.text))


def _runs(rows: list[_Row], column: bool) -> list[tuple[list[_Row], int, list[_Row]]]:
    """Runs of rows close enough together to be one table, from a row of several chunks to
    the last such, holding at least MIN_TABLE_ROWS of them; with up to MAX_HEADER_ROWS rows
    above that may be group headers, and how many those are; and the row just below the
    run after a wider gap that may be its totals (checked against its columns in _grid).
    column: the rows are a column of text's (between gutters), its lines too short to tell by
    length: a justified one is running text too."""
    runs: list[list[_Row]] = []
    current: list[_Row] = []
    for row in rows:
        words = [w for chunk in row.chunks for w in chunk]
        if any(_word_count(chunk) > MAX_CHUNK_WORDS for chunk in row.chunks) or (column and justified(words)):
            runs.append(current)  # a line of running text: no table goes through it
            current = []
            continue
        if current:
            pitch = median(r.height for r in current)
            if current[-1].bottom - row.top > MAX_ROW_GAP * pitch:
                runs.append(current)
                current = []
        current.append(row)
    runs.append(current)
    following = {id(r): rows[i + 1] for i, r in enumerate(rows[:-1])}
    tables = [run for run in runs if sum(1 for r in run if len(r.chunks) >= 2) >= MIN_TABLE_ROWS]
    in_table = {id(r) for run in tables for r in run}
    result = []
    for run in tables:
        multi = [i for i, r in enumerate(run) if len(r.chunks) >= 2]
        start = max(0, multi[0] - MAX_HEADER_ROWS)
        last = run[multi[-1]]
        below = following.get(id(last))
        pitch = median(r.height for r in run)
        tail = (
            [below]
            if below is not None
            and id(below) not in in_table
            and len(below.chunks) >= 2
            and last.bottom - below.top <= TOTALS_REACH * pitch
            else []
        )
        result.append((run[start : multi[-1] + 1], multi[0] - start, tail))
    return result


def holds_table(words: list[TextWord]) -> bool:
    """Whether these words (a ruled cell's) are laid out as a table themselves: rules drawn
    round parts of a table (under a group header, a frame) are no grid of its cells."""
    return sum(1 for row in _text_rows(words) if len(row.chunks) >= 2) >= MIN_TABLE_ROWS


def _column_gaps(run: list[_Row]) -> list[tuple[float, float]]:
    """The column gaps of a run: those its rows of several chunks leave free, read below up to
    MAX_HEADER_ROWS first rows when that frees more (header cells spanning columns, or set
    closer than the body's), keeping MIN_TABLE_ROWS rows to read them from."""
    best: list[tuple[float, float]] = []
    for skip in range(MAX_HEADER_ROWS + 1):
        body = [r for r in run[skip:] if len(r.chunks) >= 2]
        if len(body) < MIN_TABLE_ROWS:
            break
        gaps = column_gaps([[w for chunk in row.chunks for w in chunk] for row in body])
        if len(gaps) > len(best):
            best = gaps
    return best


def aligned_grids(words: list[TextWord], rules: list[Rule], column: bool = False) -> list[Grid]:
    """The borderless tables among the words (horizontal rules mark rows with a rule under).
    column: the words are a column of text's, between the page's gutters (gutters.py)."""
    grids = []
    for rows, above, tail in _runs(_text_rows(words), column):
        run = rows[above:]
        gaps = _column_gaps(run)
        x = side_split(
            [[(c[0].box.x0, max(w.box.x1 for w in c)) for c in r.chunks] for r in run],
            [[not any(is_number(w) for w in c) for c in r.chunks] for r in run],
            gaps,
            [
                (r.start, r.end)
                for r in rules
                if run[-1].bottom - RULE_SLACK <= r.position <= run[0].top + RULE_SLACK
            ],
        )
        if x is not None:
            held = [w for r in [*rows, *tail] for c in r.chunks for w in c]
            for side in ([w for w in held if w.center[0] < x], [w for w in held if w.center[0] > x]):
                grids += aligned_grids(side, rules, column)
            continue
        grid = _grid(rows, above, gaps, rules, tail)
        if grid is not None:
            grids.append(grid)
    return grids


def _grid(
    rows: list[_Row],
    above: int,
    gaps: list[tuple[float, float]],
    rules: list[Rule],
    tail: list[_Row],
) -> Grid | None:
    run = rows[above:]
    if not gaps:
        return None
    left = min(w.box.x0 for r in run for c in r.chunks for w in c)
    right = max(w.box.x1 for r in run for c in r.chunks for w in c)
    edges = [left, *((a + b) / 2 for a, b in gaps), right]
    # A row below a gap whose runs each stand in one column, within the table: its totals.
    if tail and all(
        left <= c[0].box.x0
        and max(w.box.x1 for w in c) <= right
        and not any(c[0].box.x0 < e < max(w.box.x1 for w in c) for e in edges[1:-1])
        for c in tail[0].chunks
    ):
        run = [*run, tail[0]]
    # Rows of one chunk just above, over the value columns: group headers spanning them (a
    # caption starts over the first column; text wider than the table is no header).
    while above and all(
        edges[1] <= c[0].box.x0 and max(w.box.x1 for w in c) <= right for c in rows[above - 1].chunks
    ):
        above -= 1
        run = [rows[above], *run]
    n_cols = len(edges) - 1
    starts, ends = _column_extents(run, edges)
    slots = [_slots(row, edges, starts, ends) for row in run]
    run, slots = _join_header_lines(run, slots, rules)
    rows, slots = _join_wrapped(run, slots, [*starts, edges[-1]])
    filled = [chunk for row_slots in slots for chunk in row_slots.values()]
    words_per_cell = [sum(_word_count(c) for c in cell) for cell in filled]
    if len(rows) < 2 or not words_per_cell or sum(words_per_cell) / len(words_per_cell) > MAX_MEAN_WORDS:
        return None
    multi = sum(1 for row_slots in slots if len(row_slots) >= 2)
    if multi < MIN_TABLE_ROWS or sum(1 for row_slots in slots if len(row_slots) == 1) > multi:
        return None  # ... or mostly lines of running text with a few numbered headings
    if marker_column(slots):
        return None  # a list's markers and its items' text
    row_edges = [rows[0].top]
    for upper, lower in itertools.pairwise(rows):
        row_edges.append((upper.bottom + lower.top) / 2)
    row_edges.append(rows[-1].bottom)
    cells = []
    held: list[list[TextWord]] = []
    for r, row_slots in enumerate(slots):
        covered: set[int] = set()
        for (c0, c1), runs in sorted(row_slots.items()):
            covered.update(range(c0, c1 + 1))
            cells.append(
                GridCell(r, c0, 1, c1 - c0 + 1, Box(edges[c0], row_edges[r + 1], edges[c1 + 1], row_edges[r]))
            )
            held.append([w for run in runs for w in run])
        for c in range(n_cols):
            if c not in covered:
                cells.append(
                    GridCell(r, c, 1, 1, Box(edges[c], row_edges[r + 1], edges[c + 1], row_edges[r]))
                )
                held.append([])
    grid = Grid(cells, edges, row_edges, "aligned", held=held)
    width = right - left
    for r in range(len(rows) - 1):
        low, high = rows[r + 1].top - RULE_SLACK, rows[r].bottom + RULE_SLACK
        if any(
            low <= rule.position <= high and min(rule.end, right) - max(rule.start, left) >= RULE_SPAN * width
            for rule in rules
        ):
            grid.rule_rows.add(r)
    return grid


Slots = dict[tuple[int, int], list[list["TextWord"]]]


def _column_extents(run: list[_Row], edges: list[float]) -> tuple[list[float], list[float]]:
    """Where each column's cells start and end: the far left and right of the runs that
    start in it (the column's edges when none does)."""
    starts, ends = [], []
    for left, right in itertools.pairwise(edges):
        inside = [c for r in run for c in r.chunks if left <= c[0].box.x0 < right]
        starts.append(min((c[0].box.x0 for c in inside), default=left))
        ends.append(max((max(w.box.x1 for w in c) for c in inside), default=right))
    return starts, ends


def _slots(row: _Row, edges: list[float], starts: list[float], ends: list[float]) -> Slots:
    """The row's chunks by the columns they cover (first, last): a chunk across a column gap
    spans, unless it ends flush with the next column's cells. starts, ends: where each
    column's cells start and end (their far left and right)."""
    result: Slots = {}
    for chunk in _split_at_edges(row.chunks, edges, starts):
        x0, x1 = chunk[0].box.x0, max(w.box.x1 for w in chunk)
        cols = [c for c in range(len(edges) - 1) if min(x1, edges[c + 1]) - max(x0, edges[c]) > 0]
        if not cols:
            continue
        if len(cols) == 2 and abs(x1 - ends[cols[1]]) <= ALIGN_TOLERANCE:
            cols = cols[1:]  # flush right with the amounts it heads, reaching into the gutter
        key = (cols[0], cols[-1])
        result.setdefault(key, []).append(chunk)
    return _resolve_overlaps(result)


def _split_at_edges(
    chunks: list[list[TextWord]], edges: list[float], starts: list[float]
) -> list[list[TextWord]]:
    """Chunks cut where a column edge falls in a gap between their words wider than a word
    space (header cells set closer together than the body's columns), or in any gap when
    the next word starts where that column's cells start (a long word set close to it)."""
    result = []
    for chunk in chunks:
        piece = [chunk[0]]
        for word in chunk[1:]:
            last = piece[-1]
            gap = word.box.x0 - last.box.x1
            wide = gap > WIDE_SPACE * min(last.box.height, word.box.height)
            lined_up = gap > 0 and any(abs(word.box.x0 - s) <= ALIGN_TOLERANCE for s in starts)
            if (wide or lined_up) and any(last.box.x1 <= x <= word.box.x0 for x in edges):
                result.append(piece)
                piece = [word]
            else:
                piece.append(word)
        result.append(piece)
    return result


def _resolve_overlaps(slots: Slots) -> Slots:
    """Chunks whose column ranges overlap become one cell over their union."""
    merged: list[tuple[int, int, list[list[TextWord]]]] = []
    for (c0, c1), runs in sorted(slots.items()):
        if merged and c0 <= merged[-1][1]:
            a0, a1, previous = merged[-1]
            merged[-1] = (a0, max(a1, c1), previous + runs)
        else:
            merged.append((c0, c1, list(runs)))
    return {(c0, c1): chunks for c0, c1, chunks in merged}


def _wraps(above: Slots, below: Slots, starts: list[float]) -> bool:
    """Whether the line below can be the wrapped rest of the cells above. A line with no
    entry in the first column, or starting in lower case, goes on a cell. One in the first
    column (where a section label would stand) does only if it is set like the line above
    (not further left, not bold where that is not) and its first word would not have fitted
    on that line before the next column's text (starts: where each column's text starts,
    the right end of the table last): a cell's line breaks where the next word does not fit."""
    for (c0, c1), runs in below.items():
        first = min(runs, key=lambda c: c[0].box.x0)[0]
        if c0 > 0 or first.text[:1].islower():
            continue
        target = next(k for k in above if k[0] <= c0 and c1 <= k[1])
        last = min(above[target], key=lambda c: c[0].box.y0)
        room = starts[target[1] + 1] - WORD_SPACE * first.box.height - max(w.box.x1 for w in last)
        if first.box.x0 < last[0].box.x0 - WORD_SPACE * first.box.height or first.bold != last[0].bold:
            return False
        if first.box.width + WORD_SPACE * first.box.height <= room:
            return False
    return True


def _join_header_lines(
    run: list[_Row], slots: list[Slots], rules: list[Rule]
) -> tuple[list[_Row], list[Slots]]:
    """Header cells of two lines set on the lower line's baseline: a first line with fewer
    entries than the next, each over one of the next line's cells and set as close as a
    cell's lines are, joins that line when a rule runs under it (the header's rule)."""
    if len(run) < 3 or not 0 < len(slots[0]) < len(slots[1]):
        return run, slots
    upper, lower, below = run[0], run[1], run[2]
    close = upper.bottom - lower.top <= WRAP_GAP * min(upper.height, lower.height)
    inside = all(any(a0 <= c0 and c1 <= a1 for a0, a1 in slots[1]) for c0, c1 in slots[0])
    left = min(c[0].box.x0 for c in lower.chunks)
    right = max(w.box.x1 for c in lower.chunks for w in c)
    ruled = any(
        below.top - RULE_SLACK <= rule.position <= lower.bottom + RULE_SLACK
        and min(rule.end, right) - max(rule.start, left) >= RULE_SPAN * (right - left)
        for rule in rules
    )
    if not (close and inside and ruled):
        return run, slots
    joined = dict(slots[1])
    for key, runs in slots[0].items():
        target = next(k for k in joined if k[0] <= key[0] and key[1] <= k[1])
        joined[target] = runs + joined[target]
    return [_Row([c for runs in joined.values() for c in runs]), *run[2:]], [joined, *slots[2:]]


def _join_wrapped(run: list[_Row], slots: list[Slots], starts: list[float]) -> tuple[list[_Row], list[Slots]]:
    """A line with no entry in most key columns (filled in nearly every row), set as close
    under its row as a cell's lines are, is the wrapped rest of that row's cells: joined
    into them, not a new row (starts: where each column's text starts, the table's right
    end last)."""
    # Key columns are read over the lines with two entries or more: the rows proper, not
    # the wrapped rests (a description wrapping onto three lines in most rows).
    n_cols = len(starts) - 1
    full = [row_slots for row_slots in slots if len(row_slots) >= 2]
    filled = [0] * n_cols
    for row_slots in full:
        for c0, c1 in row_slots:
            for c in range(c0, c1 + 1):
                filled[c] += 1
    keys = {c for c in range(n_cols) if filled[c] >= KEY_SHARE * len(full)}
    rows: list[_Row] = [run[0]]
    joined: list[Slots] = [slots[0]]
    for row, row_slots in zip(run[1:], slots[1:], strict=False):
        previous = rows[-1]
        entries = sum(1 for k in keys if any(c0 <= k <= c1 for c0, c1 in row_slots))
        close = previous.bottom - row.top <= WRAP_GAP * min(previous.height, row.height)
        fits = all(any(a0 <= c0 and c1 <= a1 for a0, a1 in joined[-1]) for c0, c1 in row_slots)
        if (
            keys
            and entries < KEY_SHARE_OF_ROW * len(keys)
            and close
            and fits
            and _wraps(joined[-1], row_slots, starts)
        ):
            for key, chunks in row_slots.items():
                target = next(k for k in joined[-1] if k[0] <= key[0] and key[1] <= k[1])
                joined[-1][target] = joined[-1][target] + chunks
            rows[-1] = _Row([c for chunks in joined[-1].values() for c in chunks])
            continue
        rows.append(row)
        joined.append(row_slots)
    return rows, joined
