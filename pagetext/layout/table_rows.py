"""Tables as atoms of the reading order: rows aligned across a gap are read whole.

A gap the XY-cut might take for a column gutter is a table's column gap when the text on
its two sides stands on the same baselines row after row (a statement's labels and their
amounts, a form's labels and values, an entry and its page number). Such a block is never
cut along the gap. A table the stream draws a column at a time has its rows joined, read
left to right and top to bottom; one it draws row by row, cell by cell, keeps the stream's
order, so that a wrapped cell's lines stay together.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Final

from pagetext.layout.rows import MAX_ROW_GAP, MIN_TABLE_ROWS, baseline_rows
from pagetext.layout.spans import Span, joined_span, spans_bottom, spans_top, tallest

# A table's rows with text on both sides of its gap are at least this share of its rows (a
# paragraph beside a few margin notes, a journal's running head beside its first lines,
# shares a few baselines among many); and most of those rows are no list items, nor entries
# of one shape on both sides (lists set in columns).
MIN_SHARED: Final = 0.5
# Entries of a list in columns have some structure: at least this many words (a symbol, its
# name and its code; a section number, title, leaders and page).
ENTRY_WORDS: Final = 3
# List markers: bullets, and numbers or letters followed by "." or ")" ("3.", "b)", "(iv)").
_BULLETS: Final = frozenset("•◦▪▫‣⁃∙·●○■□◆◇►▸–—-*")
_ENUMERATOR: Final = re.compile(r"\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)]")


def _list_item(row: Sequence[Span], gap_x0: float, gap_x1: float) -> bool:
    """Whether the text right of the gap starts with a list marker: lists set side by side
    (a slide's boxes of bullets) are separate flows, not a table's columns."""
    right = [span for span in row if _side(span, (gap_x0 + gap_x1) / 2) == 1]
    if not right or not right[0].words:
        return False
    first = right[0].words[0].text
    if first[0] in _BULLETS:
        return len(first) == 1 or not (first[1].isdigit() or first[1] in ".,")  # not "-5" or "–.5"
    return _ENUMERATOR.fullmatch(first) is not None


def _shape(spans: Sequence[Span]) -> str:
    """The kinds of a row part's words: "n" holding a decimal digit (not ①), "a" letters,
    "p" anything else."""
    return "".join(
        "n" if any(c.isdecimal() for c in word.text) else "a" if word.text.isalpha() else "p"
        for span in spans
        for word in span.words
    )


def _same_shape(row: Sequence[Span], gap_x0: float, gap_x1: float) -> bool:
    """Whether the text right of the gap is an entry of the same shape as the one ending
    left of it ("✫ a38 [x272B]" beside "❞ a100 [x275E]"): a list set in columns, read column
    by column; a table's columns hold different kinds (labels beside amounts). An entry of
    fewer than ENTRY_WORDS words ("$ 1,204") proves nothing."""
    middle = (gap_x0 + gap_x1) / 2
    left = _shape([span for span in row if _side(span, middle) == -1])
    right = _shape([span for span in row if _side(span, middle) == 1])
    return len(right) >= ENTRY_WORDS and left.endswith(right)


class TableBlock:
    """Rows of spans (top row first, spans left to right) aligned across a gap."""

    __slots__ = ("by_columns", "gap", "rows")

    def __init__(self, rows: list[list[Span]], gap: tuple[float, float]) -> None:
        self.rows = rows
        self.gap = gap
        self.by_columns = self._drawn_by_columns()

    @property
    def spans(self) -> list[Span]:
        return [span for row in self.rows for span in row]

    def _drawn_by_columns(self) -> bool:
        """Whether the content stream draws the table a column at a time (all labels, then
        all amounts): it jumps back up over half the table's rows. A stream drawing row by
        row, cell by cell, jumps back up only over the lines of a wrapped cell, and its order
        is kept (a cell's lines stay together)."""
        row_of = {id(span): index for index, row in enumerate(self.rows) for span in row}
        ordered = sorted(self.spans, key=lambda s: (s.order, s.x0))
        jump = max((row_of[id(a)] - row_of[id(b)] for a, b in itertools.pairwise(ordered)), default=0)
        return jump >= max(MIN_TABLE_ROWS, len(self.rows) // 2)

    def row_spans(self) -> list[Span]:
        """Each row made one span, top row first: its cells' words left to right (from the
        right when most of its text is right-to-left), the cells kept as `cells`."""
        return [
            joined_span(
                sorted(row, key=lambda s: -s.x1)
                if 2 * sum(s.rtl_chars for s in row) > sum(s.chars for s in row)
                else row
            )
            for row in self.rows
        ]

    def describe(self) -> str:
        """The evidence, as `explain --order` prints it."""
        shared = sum(1 for row in self.rows if _across(row, *self.gap))
        first = " ".join(word.text for word in self.rows[0][0].words)[:40]
        drawn = "drawn by columns, read by rows" if self.by_columns else "drawn by rows, stream order kept"
        return (
            f"table of {len(self.rows)} rows kept whole: {shared} rows share baselines across the gap "
            f"x {self.gap[0]:.0f}-{self.gap[1]:.0f}, from {first!r}; {drawn}"
        )


def _side(span: Span, middle: float) -> int:
    """-1 for a span left of the gap's middle, 1 right of it, 0 across it (the gap's edges
    are measured in bins: a cell may reach a little into the gap)."""
    if span.x1 <= middle:
        return -1
    return 1 if span.x0 >= middle else 0


def _across(row: Sequence[Span], gap_x0: float, gap_x1: float) -> bool:
    """Whether a row has text on both sides of the gap and none across it."""
    return {_side(span, (gap_x0 + gap_x1) / 2) for span in row} == {-1, 1}


def _crosses(row: Sequence[Span], gap_x0: float, gap_x1: float) -> bool:
    return any(_side(span, (gap_x0 + gap_x1) / 2) == 0 for span in row)


def table_blocks(spans: Sequence[Span], gap_x0: float, gap_x1: float) -> list[TableBlock]:
    """The blocks of rows that share baselines across the gap (x0, x1), top block first.

    A block runs from a row with text on both sides to the last such row, through rows with
    text on one side only (a section label, a wrapped label's second line); a row crossing
    the gap (a paragraph's line) or a vertical gap wider than MAX_ROW_GAP rows ends it.
    """
    rows: list[list[Span]] = []
    for indices in baseline_rows([(span.y0, span.y1) for span in spans]):
        row = [spans[i] for i in indices]
        if len(row) > 1:  # most rows are one span: no sort to make
            row.sort(key=lambda s: s.x0)
        rows.append(row)
    blocks: list[TableBlock] = []
    current: list[list[Span]] = []

    def close() -> None:
        while current and not _across(current[-1], gap_x0, gap_x1):
            current.pop()  # one-sided rows after the last shared one are no part of it
        shared = [row for row in current if _across(row, gap_x0, gap_x1)]
        if (
            len(shared) >= MIN_TABLE_ROWS
            and len(shared) >= MIN_SHARED * len(current)
            and sum(1 for row in shared if _list_item(row, gap_x0, gap_x1)) < MIN_SHARED * len(shared)
            and sum(1 for row in shared if _same_shape(row, gap_x0, gap_x1)) < MIN_SHARED * len(shared)
        ):
            blocks.append(TableBlock(list(current), (gap_x0, gap_x1)))
        current.clear()

    for row in rows:
        if _crosses(row, gap_x0, gap_x1):
            close()
            continue
        if current:
            above = current[-1]
            bottom = spans_bottom(above)
            top = spans_top(row)
            # min() of the two, as min() compares them: compiled, not through the builtin.
            above_height, height = tallest(above), tallest(row)
            height = height if height < above_height else above_height
            if bottom - top > MAX_ROW_GAP * height:
                close()
        if current or _across(row, gap_x0, gap_x1):
            current.append(row)
    close()
    return blocks
