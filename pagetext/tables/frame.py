"""A table as a pandas DataFrame (the optional extra: pip install pagetext[pandas])."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from pagetext.errors import UnsupportedError
from pagetext.tables.serialize import header_names
from pagetext.tables.shape import CellShape, TableShape

_NUMERIC_KINDS = ("integer", "decimal", "currency", "percent")


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as error:
        raise UnsupportedError("Table.to_pandas needs pandas: pip install 'pagetext[pandas]'") from error
    return pandas


def _column(cells: list[CellShape | None], pandas: Any) -> Any:
    """A column's values in the dtype its body cells' kinds give: Int64 for integers,
    Float64 for any other number (amounts and percentages as written: 12.5 for "12.5%"),
    datetime64 for dates, else the texts. Cells that stayed text in a typed column (a dash,
    "n/a"), empty cells and slots covered by a span are missing values there."""
    kinds = {cell.kind for cell in cells if cell is not None and cell.kind not in ("empty", "text")}
    if kinds and kinds <= set(_NUMERIC_KINDS):
        values = [
            cell.value if cell is not None and isinstance(cell.value, (int, Decimal)) else None
            for cell in cells
        ]
        if kinds == {"integer"}:
            return pandas.array(values, dtype="Int64")
        return pandas.array([None if v is None else float(v) for v in values], dtype="Float64")
    if kinds == {"date"}:
        dates = [
            cell.value if cell is not None and isinstance(cell.value, datetime.date) else None
            for cell in cells
        ]
        return pandas.to_datetime(pandas.Series(dates, dtype="object"))
    return [cell.text if cell is not None else "" for cell in cells]


def to_pandas(table: TableShape) -> Any:
    """The body rows as a DataFrame. Column names: the header row's texts; with several
    header rows a MultiIndex, one level per header row, a spanning header's text repeated
    in every column it covers; with none, 0..n_cols-1. Column dtypes from the typed cells
    (see _column): call pagetext.tables.values.type_table first on a table built by hand."""
    pandas = _pandas()
    body_rows = range(table.header_rows, table.n_rows)
    slots: list[list[CellShape | None]] = [[None] * len(body_rows) for _ in range(table.n_cols)]
    for cell in table.cells:
        if cell.row >= table.header_rows and 0 <= cell.col < table.n_cols and cell.row < table.n_rows:
            slots[cell.col][cell.row - table.header_rows] = cell
    data = {index: _column(column, pandas) for index, column in enumerate(slots)}
    frame = pandas.DataFrame(data, index=pandas.RangeIndex(len(body_rows)))
    names = header_names(table)
    if table.header_rows == 1:
        frame.columns = pandas.Index([name[0] for name in names])
    elif table.header_rows > 1:
        frame.columns = pandas.MultiIndex.from_tuples(names)
    return frame
