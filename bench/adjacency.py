"""The ICDAR 2013 cell-adjacency measure (../shared/corpus/tables/README.md, *Metric*).

A table is given as cells with spans (dicts with row, col, row_end, col_end inclusive, text)
or as a grid (rows of strings, None as ""). Relations link each non-empty cell to the nearest
non-empty different cell to its right and below; a relation is (text A, text B, direction)
with text normalised (NFKC, whitespace removed, lowercased), counted as a multiset.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

_WHITESPACE = re.compile(r"\s+")

CellSpec = tuple[int, int, int, int, str]  # row, col, row_end, col_end (inclusive), text


def normalise_cell(text: str | None) -> str:
    return _WHITESPACE.sub("", unicodedata.normalize("NFKC", text or "")).lower()


def table_cells(table: Any) -> list[CellSpec]:
    """Cells of a table given as a list of cell dicts or as a grid of strings."""
    if isinstance(table, dict):
        table = table["cells"]
    cells: list[CellSpec] = []
    if table and isinstance(table[0], dict):
        for c in table:
            cells.append(
                (c["row"], c["col"], c.get("row_end", c["row"]), c.get("col_end", c["col"]), c["text"])
            )
        return cells
    for r, row in enumerate(table or []):
        for col, text in enumerate(row or []):
            cells.append((r, col, r, col, text if isinstance(text, str) else ""))
    return cells


def relations(table: Any) -> Counter[tuple[str, str, str]]:
    """The adjacency relations of one table."""
    cells = [(r0, c0, r1, c1, normalise_cell(t)) for r0, c0, r1, c1, t in table_cells(table)]
    slots: dict[tuple[int, int], int] = {}
    for index, (r0, c0, r1, c1, text) in enumerate(cells):
        if not text:
            continue
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                slots.setdefault((r, c), index)
    pairs: set[tuple[int, int, str]] = set()
    for direction, key in (("h", 0), ("v", 1)):
        lines: dict[int, list[tuple[int, int]]] = {}
        for (r, c), index in slots.items():
            line, position = (r, c) if key == 0 else (c, r)
            lines.setdefault(line, []).append((position, index))
        for members in lines.values():
            members.sort()
            previous = None
            for _, index in members:
                if previous is not None and index != previous:
                    pairs.add((previous, index, direction))
                previous = index
    return Counter((cells[a][4], cells[b][4], d) for a, b, d in pairs)


@dataclass
class Counts:
    true_positive: int = 0
    predicted: int = 0
    expected: int = 0

    def add(self, other: Counts) -> None:
        self.true_positive += other.true_positive
        self.predicted += other.predicted
        self.expected += other.expected

    @property
    def precision(self) -> float:
        return self.true_positive / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_positive / self.expected if self.expected else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def score_document(predicted: list[Any], expected: list[Any]) -> Counts:
    """TP, predicted and expected relation counts of one document (tables not matched)."""
    ours: Counter[tuple[str, str, str]] = Counter()
    for table in predicted:
        ours.update(relations(table))
    truth: Counter[tuple[str, str, str]] = Counter()
    for table in expected:
        truth.update(relations(table))
    return Counts(sum((ours & truth).values()), sum(ours.values()), sum(truth.values()))


# A predicted table counts for a cropped test when its box overlaps the area by this share of
# the smaller of the two (../shared/corpus/tables-upstream/README.md, Metric).
AREA_OVERLAP = 0.1


def in_scope(predicted: list[Any], expect: dict[str, Any]) -> list[Any]:
    """The predicted tables the expectation covers: on one of its `table_pages` (all pages
    without the key) and, on a page with a `table_area`, overlapping one of its areas by
    AREA_OVERLAP of the smaller box. Tables given without page and box all count."""
    pages = expect.get("table_pages")
    areas = expect.get("table_area") or []
    if areas and not isinstance(areas[0], list):
        areas = [areas]
    kept = []
    for table in predicted:
        if not isinstance(table, dict) or "page" not in table:
            kept.append(table)
            continue
        if pages and table["page"] not in pages:
            continue
        mine = [area[1:] for area in areas if area[0] == table["page"]]
        if mine and not any(_overlaps(table["bbox"], area) for area in mine):
            continue
        kept.append(table)
    return kept


def _overlaps(a: list[float], b: list[float]) -> bool:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return width > 0 and height > 0 and width * height >= AREA_OVERLAP * smaller
