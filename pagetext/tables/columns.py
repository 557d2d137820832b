"""Column gaps from evidence across rows: an X interval no word covers is a column gap when
enough text lines stand on both sides of it as separate cells, even where one line's cell
runs close to it (a long word) or numbers stand a narrow gutter apart.

In the table frame (rules.Frame): x right, y up. Each line is the words of one baseline.
"""

from __future__ import annotations

import itertools
from statistics import median
from typing import TYPE_CHECKING, Final

from pagetext.layout.rows import MIN_TABLE_ROWS, baseline_rows, uncovered

if TYPE_CHECKING:
    from pagetext.tables.records import TextWord

# A gap between words wider than this share of their height separates chunks (cells): word
# spaces are a third to half of it, even justified; table columns are set further apart.
CHUNK_GAP: Final = 0.9
# A space wider than a word space, as a share of the text height. A number this far from its
# neighbour is a cell of its own (amounts, codes and dates are not words of a phrase, and
# narrow gutters beside them are common); a column edge in such a space parts two cells.
WIDE_SPACE: Final = 0.4
LEADER_CHARACTERS: Final = frozenset(".·…")
# A run of words this long on one line is running text (a paragraph's line), not a cell.
MAX_CHUNK_WORDS: Final = 8
# Cells of one column start within this many points of each other (left-aligned text).
ALIGN_TOLERANCE: Final = 1.0
# A gap no word covers is a column gap when the lines with text on both sides of it keep the
# two sides apart (a chunk gap) in this share of them: a long word in one line may come
# within a word space of the next cell, and the other lines still show the column.
SEPARATE_SHARE: Final = 0.75
_NUMBER_CHARACTERS: Final = frozenset("0123456789.,-−–()%$€£¥+/")


def is_leader(word: TextWord) -> bool:
    """Leader dots: they lead the eye to the next column, so a cell ends with them."""
    return len(word.text) >= 1 and all(ch in LEADER_CHARACTERS for ch in word.text)


def is_number(word: TextWord) -> bool:
    """A word made of a number's characters only, with a digit: an amount, a count, a date
    (2014/09/14), a phone number's parts."""
    return any(ch.isdigit() for ch in word.text) and all(ch in _NUMBER_CHARACTERS for ch in word.text)


def cell_break(last: TextWord, word: TextWord) -> bool:
    """Whether `word` starts a new chunk after `last` on their line."""
    gap = word.box.x0 - last.box.x1
    height = min(last.box.height, word.box.height)
    if gap > CHUNK_GAP * height or (is_leader(last) and not is_leader(word)):
        return True
    return gap > WIDE_SPACE * height and is_number(last) and is_number(word)


def text_lines(words: list[TextWord]) -> list[list[TextWord]]:
    """The words grouped by baseline, top line first."""
    return [[words[i] for i in row] for row in baseline_rows([(w.box.y0, w.box.y1) for w in words])]


def chunks(line: list[TextWord]) -> list[list[TextWord]]:
    """A line's words, left to right, in runs with no cell break inside."""
    ordered = sorted(line, key=lambda w: w.box.x0)
    result = [[ordered[0]]]
    for word in ordered[1:]:
        if cell_break(result[-1][-1], word):
            result.append([word])
        else:
            result[-1].append(word)
    return result


def column_gaps(lines: list[list[TextWord]]) -> list[tuple[float, float]]:
    """The column gaps of these text lines (top to bottom), left to right. A gap is an
    interval that the runs (chunks) of at most k lines reach into, with text on both sides
    kept apart in MIN_TABLE_ROWS lines at least and in SEPARATE_SHARE of the lines reaching
    into it, each of those crossing it as a table lets a run cross a gutter (_tolerated);
    k from 0 up to the share of lines that may do so, the least that shows it. The edge
    goes where the fewest lines reach (_edge_room)."""
    runs = [chunks(line) for line in lines if line]
    words = [w for line in lines for w in line]
    spans = [[(c[0].box.x0, max(w.box.x1 for w in c)) for c in run] for run in runs]
    xs = sorted({x for line in spans for span in line for x in span})
    pieces = [
        (a, b, sum(1 for line in spans if any(x0 < b and a < x1 for x0, x1 in line)))
        for a, b in itertools.pairwise(xs)
    ]
    found: dict[tuple[float, float], tuple[float, float, set[int]]] = {}
    for level in range(int((1 - SEPARATE_SHARE) * len(runs)) + 1):
        for a, b, depth in _intervals(pieces, level):
            if any(a <= x0 and x1 <= b for x0, x1 in found):
                continue
            apart = [i for i, line in enumerate(spans) if _apart(line, a, b)]
            crossing = [i for i, line in enumerate(spans) if any(x0 < b and a < x1 for x0, x1 in line)]
            if len(apart) < MIN_TABLE_ROWS or len(apart) < SEPARATE_SHARE * (len(apart) + len(crossing)):
                continue
            starts = [min(x0 for x0, _ in spans[i] if x0 >= b) for i in apart]
            if all(_tolerated(runs[i], i < apart[0], a, b, starts) for i in crossing):
                found[(a, b)] = (*_edge_room(pieces, words, a, b, depth, min(starts)), set(apart))
    # Gutters that the same lines keep apart with nothing of theirs between are one: what
    # stands between is one line's cell (a "Total" set in from its column), not a column.
    result: list[tuple[float, float, set[int]]] = []
    for a, b, kept in sorted(found.values(), key=lambda f: f[0]):
        if result and not _between(spans, result[-1][2] & kept, result[-1][1], a):
            if b - a > result[-1][1] - result[-1][0]:
                result[-1] = (a, b, result[-1][2] | kept)
            continue
        result.append((a, b, kept))
    return [(a, b) for a, b, _ in result]


def _between(spans: list[list[tuple[float, float]]], lines: set[int], a: float, b: float) -> bool:
    """Whether any of these lines has a run between a and b."""
    return any(x0 < b and a < x1 for i in lines for x0, x1 in spans[i])


def _apart(line: list[tuple[float, float]], a: float, b: float) -> bool:
    """Whether the line has runs on both sides of a..b and none reaching into it."""
    return (
        any(x1 <= a for _, x1 in line)
        and any(x0 >= b for x0, _ in line)
        and not any(x0 < b and a < x1 for x0, x1 in line)
    )


def _tolerated(run: list[list[TextWord]], above: bool, a: float, b: float, starts: list[float]) -> bool:
    """Whether a line reaching into the gutter a..b crosses it as a table allows: above the
    rows that show the gutter (a header spanning columns), alone on its line (a section
    label, a title), or with a word that starts where the next column's cells start (a long
    word set close to it). An entry of one column reaching into it otherwise (a wider number
    of a right-aligned column) says the gutter is not one."""
    if above or len(run) == 1:
        return True
    room = WIDE_SPACE * median(w.box.height for chunk in run for w in chunk)
    low, high = min(starts) - room, max(starts) + room
    return any(
        a <= word.box.x0 and low <= word.box.x0 <= high
        for chunk in run
        if chunk[0].box.x0 < b and a < chunk[-1].box.x1
        for word in chunk[1:]
    )


def _intervals(pieces: list[tuple[float, float, int]], level: int) -> list[tuple[float, float, int]]:
    """Maximal runs of pieces reached by at most `level` lines, with the least depth in each."""
    result = []
    run: list[tuple[float, float, int]] = []
    for piece in [*pieces, (0.0, 0.0, level + 1)]:
        if piece[2] <= level:
            run.append(piece)
        elif run:
            result.append((run[0][0], run[-1][1], min(p[2] for p in run)))
            run = []
    return result


def _edge_room(
    pieces: list[tuple[float, float, int]],
    words: list[TextWord],
    a: float,
    b: float,
    depth: int,
    start: float,
) -> tuple[float, float]:
    """Where in the gutter a..b the edge goes: the widest run that the fewest lines reach
    into, and in it the space between words that ends where the next column's cells start
    (start), or else the widest one wider than a word space (WIDE_SPACE): a run crossing
    the gutter at a long word is cut there, not in its middle."""
    runs = [(x0, x1) for x0, x1, _ in _intervals([p for p in pieces if a <= p[0] and p[1] <= b], depth)]
    low, high = max(runs, key=lambda r: r[1] - r[0])
    inside = [w for w in words if w.box.x0 < high and low < w.box.x1]
    if not inside:
        return low, high
    spaces = uncovered(low, high, [(w.box.x0, w.box.x1) for w in inside])
    aligned = [(x0, x1) for x0, x1 in spaces if abs(x1 - start) <= ALIGN_TOLERANCE]
    if aligned:
        return aligned[0]
    space = WIDE_SPACE * median(w.box.height for w in inside)
    free = [(x0, x1) for x0, x1 in spaces if x1 - x0 > space]
    return max(free, key=lambda r: r[1] - r[0]) if free else (low, high)
