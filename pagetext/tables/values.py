"""Typed cell values: each body cell read as a number, amount, percentage or date, by its column.

Rules (type_table):
- Header cells and cells whose text is blank are not read: kind "text" (or "empty").
- A column's type is the type most of its non-empty body cells share (a tie: text); cells
  that say "nothing here" do not vote (a dash or dots alone, "n/a": statistical tables
  write them for nil or not available, often more of them than numbers). Integers,
  decimals, amounts and percentages count as one numeric type, each cell keeping its own
  kind: a column of amounts with the currency symbol only on its first and total rows, or
  of counts with each one's share below it, is one column. Dates are a type of their own.
  A cell that does not read as its column's type stays text.
- Decimal marks: a cell like "1.234,56" or "12,5" proves the comma convention, "1,234.56" or
  "0.5" the point convention; the column's proofs decide (a tie: the table's), and a cell
  valid only in the other convention stays text. Without any proof, a single mark followed
  by exactly three digits ("1,234", "1.234") groups thousands: counts and amounts are
  written so far more often than values with exactly three decimals.
- Day and month order in numeric dates ("03/04/2024"): likewise by the column's proofs (a day
  above 12), then the table's, else day first, the order most of the world writes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from pagetext.tables.dates import DAY_FIRST, MONTH_FIRST, DateText, read_date
from pagetext.tables.numbers import COMMA, POINT, NumberText, read_number
from pagetext.tables.records import Cell, CellValue, Table

DEFAULT_DATE_ORDER: Final = DAY_FIRST
# Footnote marks are the exception in a column: letters after more than this share of its
# numbers make them labels.
LABEL_SHARE: Final = 0.5
# A first row of words counts as the header over at least this many typed columns: over one,
# it could be a body row whose value is missing.
MIN_TYPED_COLUMNS: Final = 2
# Column headings run over at most this many rows; more rows of words are part of the body.
MAX_TYPED_HEADER_ROWS: Final = 3

# Nil and not-available marks: punctuation alone (-, –, —, .., …, *), or the abbreviations of
# "not available" in English, German and French (n/a, n.a., k.A., n.d., s.o.).
_PLACEHOLDER: Final = re.compile(
    r"[^\w\s]+|(?:n/a|n\.\s?a\.?|na|k\.\s?a\.?|n\.\s?d\.?|n/d|s\.\s?o\.?)", re.IGNORECASE
)

# The types a column can have; "number" stands for integer, decimal, currency and percent
# cells. A placeholder is text that does not vote on its column's type.
_NUMBER, _DATE, _TEXT, _EMPTY = "number", "date", "text", "empty"
_PLACE = "placeholder"


@dataclass(frozen=True, slots=True)
class _Reading:
    """What a body cell's text reads as on its own, before its column decides."""

    type: str
    number: NumberText | None = None
    date: DateText | None = None


def _read(text: str) -> _Reading:
    if not text.strip():
        return _Reading(_EMPTY)
    date = read_date(text)
    if date is not None:
        return _Reading(_DATE, date=date)
    number = read_number(text)
    if number is not None:
        return _Reading(_NUMBER, number=number)
    return _Reading(_PLACE if _PLACEHOLDER.fullmatch(text.strip()) else _TEXT)


def _labels_to_text(readings: dict[int, _Reading], indices: list[int]) -> None:
    """Numbers with a letter after them in most of a column's numeric cells are labels
    ("1a", "1b", "2a"), not numbers with footnote marks: they are text."""
    numbers = sum(1 for i in indices if readings[i].number is not None)
    lettered = [i for i in indices if (number := readings[i].number) is not None and number.note.isalpha()]
    if len(lettered) > LABEL_SHARE * numbers:
        for i in lettered:
            readings[i] = _Reading(_TEXT)


def _column_type(readings: Iterable[_Reading]) -> str:
    votes = Counter(reading.type for reading in readings if reading.type not in (_EMPTY, _PLACE))
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return _TEXT
    return ranked[0][0]


def _proven(evidence: Counter[str], first: str, second: str, fallback: str) -> str:
    """The convention proved more often (first or second), else fallback."""
    if evidence[first] != evidence[second]:
        return first if evidence[first] > evidence[second] else second
    return fallback


def _number_evidence(readings: Iterable[_Reading]) -> Counter[str]:
    return Counter(r.number.evidence for r in readings if r.number is not None and r.number.evidence)


def _date_evidence(readings: Iterable[_Reading]) -> Counter[str]:
    return Counter(r.date.evidence for r in readings if r.date is not None and r.date.evidence)


def _number_value(number: NumberText, convention: str) -> Decimal | None:
    if convention:
        return number.values.get(convention)
    if len(number.values) == 1:
        return next(iter(number.values.values()))
    # No proof anywhere: the reading in which the single mark groups thousands (no fraction).
    grouped = [value for value in number.values.values() if int(value.as_tuple().exponent) >= 0]
    return grouped[0] if grouped else number.values[POINT]


def _set(cell: Cell, kind: str, value: CellValue = None, currency: str = "", note: str = "") -> None:
    cell.kind, cell.value, cell.currency, cell.note = kind, value, currency, note


def _type_cell(cell: Cell, reading: _Reading, column_type: str, convention: str, order: str) -> None:
    if reading.type == _EMPTY:
        _set(cell, "empty")
    elif reading.type != column_type:
        _set(cell, "text")
    elif reading.date is not None:
        date = reading.date.dates.get("") or reading.date.dates.get(order)
        if date is None:
            _set(cell, "text")
        else:
            _set(cell, "date", date)
    elif reading.number is not None:
        number = reading.number
        value = _number_value(number, convention)
        if value is None:
            _set(cell, "text")
        elif number.base == "percent":
            _set(cell, "percent", value, note=number.note)
        elif number.base == "currency":
            _set(cell, "currency", value, number.currency, number.note)
        elif int(value.as_tuple().exponent) >= 0:
            _set(cell, "integer", int(value), note=number.note)
        else:
            _set(cell, "decimal", value, note=number.note)


def type_table(table: Table) -> None:
    """Set kind, value, currency and note of every cell of the table from its text, by the
    rules of this module. Reads only the text, so typing a table again (after merging it
    with its continuation) gives the same result as typing the merged table once."""
    readings: dict[int, _Reading] = {}
    columns: dict[int, list[int]] = {}
    for index, cell in enumerate(table.cells):
        if cell.header:
            _set(cell, "empty" if not cell.text.strip() else "text")
            continue
        readings[index] = _read(cell.text)
        columns.setdefault(cell.col, []).append(index)
    for indices in columns.values():
        _labels_to_text(readings, indices)
    table_numbers = _number_evidence(readings.values())
    table_dates = _date_evidence(readings.values())
    table_convention = _proven(table_numbers, POINT, COMMA, "")
    table_order = _proven(table_dates, DAY_FIRST, MONTH_FIRST, DEFAULT_DATE_ORDER)
    for indices in columns.values():
        column = [readings[i] for i in indices]
        column_type = _column_type(column)
        convention = _proven(_number_evidence(column), POINT, COMMA, table_convention)
        order = _proven(_date_evidence(column), DAY_FIRST, MONTH_FIRST, table_order)
        for i in indices:
            _type_cell(table.cells[i], readings[i], column_type, convention, order)
    _header_from_types(table)


def _header_from_types(table: Table) -> None:
    """With no header found from rules or type faces: the first rows that hold only words
    over columns of typed values (numbers, amounts, dates) are the column headings, as in a
    table of figures whose first row names its columns ("Q1", "Q2", "Total")."""
    if table.header_rows:
        return
    typed_columns = {c.col for c in table.cells if c.kind not in ("text", "empty")}
    if len(typed_columns) < MIN_TYPED_COLUMNS:
        return
    rows = 0
    while rows < MAX_TYPED_HEADER_ROWS and rows < table.n_rows - 1:
        cells = [c for c in table.cells if c.row == rows]
        if any(c.kind not in ("text", "empty") for c in cells):
            break
        if sum(1 for c in cells if c.kind == "text" and c.col in typed_columns) < MIN_TYPED_COLUMNS:
            break
        rows += 1
    if rows and any(c.row >= rows and c.kind not in ("text", "empty") for c in table.cells):
        for cell in table.cells:
            if cell.row < rows:
                cell.header = True
        table.header_rows = rows
