"""Table.to_pandas: header rows as column names, typed columns (the pandas extra)."""

from __future__ import annotations

import datetime

import pytest

from pagetext.tables.values import type_table
from tests.tables.build import build_table
from tests.tables.test_output import spanned

pd = pytest.importorskip("pandas")


def test_typed_columns_and_one_header_row() -> None:
    table = build_table(
        [
            ["Name", "Count", "Price", "Share", "Date"],
            ["a", "1,234", "$5.50", "12.5%", "2024-01-05"],
            ["b", "7", "$0.25", "n/a", "6 Jan 2024"],
            ["c", "", "3.00", "50%", "07.01.2024"],
        ]
    )
    type_table(table)
    frame = table.to_pandas()
    assert list(frame.columns) == ["Name", "Count", "Price", "Share", "Date"]
    assert str(frame["Count"].dtype) == "Int64"
    assert str(frame["Price"].dtype) == "Float64"
    assert str(frame["Share"].dtype) == "Float64"
    assert pd.api.types.is_datetime64_any_dtype(frame["Date"])
    assert pd.api.types.is_string_dtype(frame["Name"]) or frame["Name"].dtype == object
    assert frame["Name"].tolist() == ["a", "b", "c"]
    assert frame["Count"].tolist()[:2] == [1234, 7] and frame["Count"].isna().tolist() == [False, False, True]
    assert frame["Price"].tolist() == [5.5, 0.25, 3.0]
    assert frame["Share"].isna().tolist() == [False, True, False]  # "n/a" stayed text: missing here
    assert frame["Date"].tolist() == [pd.Timestamp(datetime.date(2024, 1, d)) for d in (5, 6, 7)]


def test_two_header_rows_give_a_multiindex() -> None:
    table = spanned()
    type_table(table)
    frame = table.to_pandas()
    assert list(frame.columns) == [("Region", "Region"), ("Sales", "2023"), ("Sales", "2024")]
    assert frame[("Sales", "2024")].tolist() == [2, 4]
    assert frame[("Region", "Region")].tolist() == ["North", ""]  # the slot a span covers: no text


def test_no_header_rows_numbers_the_columns() -> None:
    table = build_table([["x", "1"], ["y", "2"]], header_rows=0)
    type_table(table)
    frame = table.to_pandas()
    assert list(frame.columns) == [0, 1]
    assert str(frame[1].dtype) == "Int64"
