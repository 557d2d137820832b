"""Tables as JSON: the ``pagetext-tables/1`` schema (``schema/pagetext-tables-1.schema.json``).

    {"schema": "pagetext-tables/1", "tables": [
        {"page", "pages", "bbox", "n_rows", "n_cols", "header_rows", "column_edges", "method",
         "merged_from", "cells": [
             {"row", "col", "row_span", "col_span", "page", "bbox", "text", "header",
              "kind", "value", "currency"?, "note"?}]}]}

Boxes are PDF user space of the page the item is on (cells of a merged table name theirs).
Values keep their exactness: integers as JSON integers, decimals, amounts and percentages as
decimal strings ("-1234.50", "12.5" for 12.5 %), dates as ISO 8601 strings, null for text.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Final

from pagetext.geometry import Box
from pagetext.tables.records import Cell, Table

SCHEMA: Final = "pagetext-tables/1"
SCHEMA_FILE: Final = "schema/pagetext-tables-1.schema.json"


def _num(value: float) -> float:
    rounded = round(value, 3)  # as in pagetext/1: 3 decimals, no -0.0
    return rounded + 0.0 if rounded else 0.0


def _box(box: Box) -> list[float]:
    return [_num(value) for value in box]


def _value(cell: Cell) -> int | str | None:
    value = cell.value
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):
        return format(value, "f")  # never exponent notation (1E-7)
    if isinstance(value, datetime.date):
        return value.isoformat()
    return None


def cell_record(cell: Cell) -> dict[str, Any]:
    record: dict[str, Any] = {
        "row": cell.row,
        "col": cell.col,
        "row_span": cell.row_span,
        "col_span": cell.col_span,
        "page": cell.page,
        "bbox": _box(cell.bbox),
        "text": cell.text,
        "header": cell.header,
        "kind": cell.kind,
        "value": _value(cell),
    }
    if cell.currency:
        record["currency"] = cell.currency
    if cell.note:
        record["note"] = cell.note
    return record


def table_record(table: Table) -> dict[str, Any]:
    """A table as a JSON-ready dict (one item of "tables")."""
    return {
        "page": table.page,
        "pages": table.pages or [table.page],
        "bbox": _box(table.bbox),
        "n_rows": table.n_rows,
        "n_cols": table.n_cols,
        "header_rows": table.header_rows,
        "column_edges": [_num(edge) for edge in table.column_edges],
        "method": table.method,
        "merged_from": list(table.merged_from),
        "cells": [cell_record(cell) for cell in sorted(table.cells, key=lambda c: (c.row, c.col))],
    }


def tables_json(tables: Iterable[Table]) -> str:
    """The tables as one pagetext-tables/1 JSON document."""
    document = {"schema": SCHEMA, "tables": [table_record(table) for table in tables]}
    return json.dumps(document, ensure_ascii=False)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the pagetext-tables/1 format."""
    from importlib.resources import files

    text = files("pagetext.export").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
