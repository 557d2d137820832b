"""The pagetext-tables/1 JSON: every kind of value, optional fields, and the schema's own checks."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal

import jsonschema
import pytest

from pagetext.export.tables import cell_record, schema, table_record, tables_json
from pagetext.geometry import Box
from pagetext.tables.records import Cell, Table
from pagetext.tables.values import type_table
from tests.tables.build import build_table

BOX = Box(72.0, 700.123456, 172.0, 720.0)


@pytest.mark.parametrize(
    ("kind", "value", "expected"),
    [
        ("integer", -1234, -1234),
        ("decimal", Decimal("-1234.50"), "-1234.50"),
        ("decimal", Decimal("1E-7"), "0.0000001"),
        ("percent", Decimal("12.5"), "12.5"),
        ("date", datetime.date(2024, 3, 1), "2024-03-01"),
        ("text", None, None),
        ("empty", None, None),
    ],
)
def test_values(kind: str, value: int | Decimal | datetime.date | None, expected: object) -> None:
    record = cell_record(Cell(0, 0, BOX, "x", kind=kind, value=value, page=2))
    assert record["value"] == expected
    assert record["bbox"] == [72.0, 700.123, 172.0, 720.0]
    assert "currency" not in record and "note" not in record


def test_currency_and_note_only_when_present() -> None:
    record = cell_record(Cell(1, 2, BOX, "$5*", kind="currency", value=Decimal("5"), currency="$", note="*"))
    assert (record["currency"], record["note"], record["value"]) == ("$", "*", "5")


def test_a_typed_table_is_valid() -> None:
    table = build_table([["a", "b", "c"], ["1.234,5", "12 %", "1. Mai 2024"], ["(3)", "", "2.5.2024"]])
    table.cells[0].col_span = 2
    type_table(table)
    document = json.loads(tables_json([table]))
    jsonschema.validate(document, schema())
    assert document["tables"][0] == table_record(table)
    assert [c["kind"] for c in document["tables"][0]["cells"]][3:] == [
        "decimal",
        "percent",
        "date",
        "integer",
        "empty",
        "date",
    ]


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "number"},
        {"kind": "integer", "value": "12"},
        {"kind": "text", "value": 3},
        {"kind": "currency", "value": "5"},  # no currency
        {"kind": "date", "value": "03/01/2024"},
        {"row_span": 0},
    ],
)
def test_the_schema_rejects_what_the_format_never_writes(change: dict[str, object]) -> None:
    table = Table(1, BOX, 1, 1, [Cell(0, 0, BOX, "x")], pages=[1])
    document = json.loads(tables_json([table]))
    document["tables"][0]["cells"][0].update(change)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, schema())
