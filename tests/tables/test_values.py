"""Typing a table: each column's evidence decides decimal marks, date order and the column's type."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from pagetext.tables.values import type_table
from tests.tables.build import build_table, column

D = Decimal


def typed(*columns: list[str], header: list[str] | None = None) -> list[list[tuple[str, object]]]:
    """(kind, value) of every body cell, column by column, of a table with these columns."""
    height = max(len(c) for c in columns)
    rows = [[c[r] if r < len(c) else "" for c in columns] for r in range(height)]
    table = build_table([header or [f"h{i}" for i in range(len(columns))], *rows])
    type_table(table)
    return [[(cell.kind, cell.value) for cell in column(table, i)][: len(c)] for i, c in enumerate(columns)]


def test_en_column() -> None:
    assert typed(["1,234", "2,500.75", "3.5", "-0.25"]) == [
        [("integer", 1234), ("decimal", D("2500.75")), ("decimal", D("3.5")), ("decimal", D("-0.25"))]
    ]


def test_de_column() -> None:
    assert typed(["1.234", "2.500,75", "3,5", "-0,25"]) == [
        [("integer", 1234), ("decimal", D("2500.75")), ("decimal", D("3.5")), ("decimal", D("-0.25"))]
    ]


def test_ambiguous_cell_read_by_its_column() -> None:
    # "12,5" proves the comma convention: "1,234" is then 1.234, not 1234.
    assert typed(["1,234", "12,5"]) == [[("decimal", D("1.234")), ("decimal", D("12.5"))]]
    assert typed(["1.234", "2.5"]) == [[("decimal", D("1.234")), ("decimal", D("2.5"))]]


def test_ambiguous_without_proof_groups_thousands() -> None:
    assert typed(["1,234", "5,678"], ["1.234", "5.678"]) == [
        [("integer", 1234), ("integer", 5678)],
        [("integer", 1234), ("integer", 5678)],
    ]


def test_the_tables_proof_decides_a_column_without_one() -> None:
    assert typed(["1,234", "7"], ["12,5", "0,75"]) == [
        [("decimal", D("1.234")), ("integer", 7)],
        [("decimal", D("12.5")), ("decimal", D("0.75"))],
    ]


def test_cell_of_the_other_convention_stays_text() -> None:
    assert typed(["1,234.5", "2.25", "12,5"]) == [
        [("decimal", D("1234.5")), ("decimal", D("2.25")), ("text", None)]
    ]


def test_negatives_in_both_conventions() -> None:
    assert typed(["(1,234.56)", "1,234.56-", "\u22121,234.56"], ["(1.234,56)", "1.234,56-", "-1.234,56"]) == [
        [("decimal", D("-1234.56"))] * 3,
        [("decimal", D("-1234.56"))] * 3,
    ]


def test_amounts_with_the_symbol_on_some_rows_are_one_column() -> None:
    table = build_table(
        [["Item", "Amount"], ["Rent", "$1,200.00"], ["Food", "300.00"], ["Total", "$1,500.00"]]
    )
    type_table(table)
    cells = column(table, 1)
    assert [(c.kind, c.value, c.currency) for c in cells] == [
        ("currency", D("1200.00"), "$"),
        ("decimal", D("300.00"), ""),
        ("currency", D("1500.00"), "$"),
    ]
    assert [c.kind for c in column(table, 0)] == ["text", "text", "text"]


def test_currency_codes_and_symbols_kept() -> None:
    table = build_table([["a"], ["EUR 1.000,00"], ["1.234,56 €"], ["CHF 5"], ["(£2,50)"]])
    type_table(table)
    assert [(c.kind, c.value, c.currency) for c in column(table, 0)] == [
        ("currency", D("1000.00"), "EUR"),
        ("currency", D("1234.56"), "€"),
        ("currency", D("5"), "CHF"),
        ("currency", D("-2.50"), "£"),
    ]


def test_percentages_and_counts_share_a_numeric_column() -> None:
    assert typed(["12.5%", "(3%)", "7", "100 %"], ["93", "18.8%", "81", "16.4%"]) == [
        [("percent", D("12.5")), ("percent", D("-3")), ("integer", 7), ("percent", D("100"))],
        [("integer", 93), ("percent", D("18.8")), ("integer", 81), ("percent", D("16.4"))],
    ]


def test_placeholders_do_not_vote() -> None:
    column = ["-", "10", "–", "1 000", "..", "n/a", "k.A.", "5", "—"]
    assert typed(column) == [
        [("integer", n) if n else ("text", None) for n in (0, 10, 0, 1000, 0, 0, 0, 5, 0)]
    ]


def test_column_type_is_what_most_body_cells_share() -> None:
    assert typed(["Anna", "Bert", "42", "Cleo"], ["12", "n/a", "\u2013", "7", "9"]) == [
        [("text", None)] * 4,
        [("integer", 12), ("text", None), ("text", None), ("integer", 7), ("integer", 9)],
    ]


def test_a_tie_is_text() -> None:
    assert typed(["abc", "12"]) == [[("text", None), ("text", None)]]


def test_empty_cells_and_header_cells() -> None:
    table = build_table([["2023", "", "Total"], ["5", " ", "x"]])
    type_table(table)
    assert [(c.kind, c.value) for c in table.cells] == [
        ("text", None),
        ("empty", None),
        ("text", None),
        ("integer", 5),
        ("empty", None),
        ("text", None),
    ]


def test_footnote_marks_kept_in_note() -> None:
    table = build_table([["n"], ["1,234\u00b9"], ["56*"], ["7a"], ["x*"]])
    type_table(table)
    assert [(c.kind, c.value, c.note) for c in column(table, 0)] == [
        ("integer", 1234, "\u00b9"),
        ("integer", 56, "*"),
        ("integer", 7, "a"),
        ("text", None, ""),
    ]


def test_date_order_by_the_column() -> None:
    d = datetime.date
    assert typed(
        ["03/04/2024", "13/04/2024"], ["03/04/2024", "04/13/2024"], ["03/04/2024", "05/06/2024"]
    ) == [
        [("date", d(2024, 4, 3)), ("date", d(2024, 4, 13))],
        [("date", d(2024, 3, 4)), ("date", d(2024, 4, 13))],
        [("date", d(2024, 4, 3)), ("date", d(2024, 6, 5))],  # no proof: day first
    ]


def test_date_of_the_other_order_stays_text() -> None:
    d = datetime.date
    assert typed(["13/01/2024", "14/01/2024", "01/13/2024"]) == [
        [("date", d(2024, 1, 13)), ("date", d(2024, 1, 14)), ("text", None)]
    ]


def test_month_names_of_several_languages_in_one_column() -> None:
    d = datetime.date
    assert typed(["1 March 2024", "2. März 2024", "3 mars 2024", "2024-03-04"]) == [
        [("date", d(2024, 3, 1)), ("date", d(2024, 3, 2)), ("date", d(2024, 3, 3)), ("date", d(2024, 3, 4))]
    ]


def test_typing_again_gives_the_same() -> None:
    table = build_table([["a", "b"], ["1,5", "x"], ["2,25", "3 Jan 2024"], ["n/a", "4 Jan 2024"]])
    type_table(table)
    first = [(c.kind, c.value, c.currency, c.note) for c in table.cells]
    type_table(table)
    assert [(c.kind, c.value, c.currency, c.note) for c in table.cells] == first


@pytest.mark.parametrize("text", ["1,234", "12.5%", "$5", "2024-01-01"])
def test_header_cells_stay_text(text: str) -> None:
    table = build_table([[text], ["1"]])
    type_table(table)
    assert (table.cells[0].kind, table.cells[0].value) == ("text", None)


def test_letters_after_most_numbers_of_a_column_are_labels() -> None:
    assert typed(["1a", "1b", "2a", "3"], ["12a", "13", "14", "15"]) == [
        [("text", None)] * 4,  # a column of labels: the "3" among them too
        [("integer", 12), ("integer", 13), ("integer", 14), ("integer", 15)],
    ]


def test_a_first_row_of_words_over_typed_columns_is_the_header() -> None:
    rows = [["", "Q1", "Q2", "Total"], ["2004", "34.7", "36.2", "70.9"], ["2005", "58.1", "63.4", "121.5"]]
    table = build_table(rows, header_rows=0)
    type_table(table)
    assert table.header_rows == 1
    assert [c.header for c in table.cells] == [True] * 4 + [False] * 8
    assert [(c.kind, c.value) for c in table.cells if c.row == 1][1:] == [
        ("decimal", D("34.7")), ("decimal", D("36.2")), ("decimal", D("70.9"))
    ]  # fmt: skip
    type_table(table)
    assert table.header_rows == 1


def test_words_over_one_typed_column_or_over_text_are_no_header() -> None:
    one_typed = build_table([["Name", "Age"], ["Ann", "34"], ["Bob", "41"]], header_rows=0)
    all_text = build_table([["Name", "City"], ["Ann", "Graz"], ["Bob", "Linz"]], header_rows=0)
    for table in (one_typed, all_text):
        type_table(table)
        assert table.header_rows == 0 and not any(c.header for c in table.cells)
