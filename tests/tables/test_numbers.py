"""Numbers as tables write them, each read on its own: every form in en and de conventions."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagetext.tables.numbers import COMMA, POINT, read_number

D = Decimal


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # en: point decimal, comma thousands
        ("1,234.56", {POINT: D("1234.56")}),
        ("1,234,567", {POINT: D("1234567")}),
        ("0.5", {POINT: D("0.5")}),
        (".5", {POINT: D("0.5")}),
        ("1234.5", {POINT: D("1234.5")}),
        ("-12.25", {POINT: D("-12.25")}),
        ("(1,234.50)", {POINT: D("-1234.50")}),
        ("\u22127.5", {POINT: D("-7.5")}),
        ("+3.0", {POINT: D("3.0")}),
        # de: comma decimal, point thousands
        ("1.234,56", {COMMA: D("1234.56")}),
        ("1.234.567", {COMMA: D("1234567")}),
        ("12,5", {COMMA: D("12.5")}),
        ("0,500", {COMMA: D("0.500")}),
        (",5", {COMMA: D("0.5")}),
        ("-1.234,56", {COMMA: D("-1234.56")}),
        ("1.234,56-", {COMMA: D("-1234.56")}),
        ("1.234,56\u2212", {COMMA: D("-1234.56")}),
        ("(12,5)", {COMMA: D("-12.5")}),
        ("\u2013 12,5", {COMMA: D("-12.5")}),
        # spaces and apostrophes group in both; the decimal mark decides
        ("1\u00a0234\u00a0567,89", {COMMA: D("1234567.89")}),
        ("1\u202f234.5", {POINT: D("1234.5")}),
        ("1'234.50", {POINT: D("1234.50")}),
        ("1\u2019234,50", {COMMA: D("1234.50")}),
        # the text alone cannot tell: both readings kept
        ("1,234", {POINT: D("1234"), COMMA: D("1.234")}),
        ("1.234", {POINT: D("1.234"), COMMA: D("1234")}),
        ("(1,234)", {POINT: D("-1234"), COMMA: D("-1.234")}),
        ("1,234-", {POINT: D("-1234"), COMMA: D("-1.234")}),
        # no mark at all: the same in both
        ("1234", {POINT: D("1234"), COMMA: D("1234")}),
        ("0", {POINT: D("0"), COMMA: D("0")}),
        ("1 234", {POINT: D("1234"), COMMA: D("1234")}),
    ],
)
def test_plain_numbers(text: str, values: dict[str, Decimal]) -> None:
    number = read_number(text)
    assert number is not None
    assert (number.base, number.values, number.currency, number.note) == ("number", values, "", "")
    assert number.evidence == (next(iter(values)) if len(values) == 1 else "")


@pytest.mark.parametrize(
    ("text", "values", "currency"),
    [
        ("$1,234.56", {POINT: D("1234.56")}, "$"),
        ("1.234,56 €", {COMMA: D("1234.56")}, "€"),
        ("€1.234,56", {COMMA: D("1234.56")}, "€"),
        ("EUR 1,000.00", {POINT: D("1000.00")}, "EUR"),
        ("1 000 CHF", {POINT: D("1000"), COMMA: D("1000")}, "CHF"),
        ("£0.99", {POINT: D("0.99")}, "£"),
        ("¥1,000", {POINT: D("1000"), COMMA: D("1.000")}, "¥"),
        ("US$ 12", {POINT: D("12"), COMMA: D("12")}, "US$"),
        ("5 kr", {POINT: D("5"), COMMA: D("5")}, "kr"),
        ("-$5.00", {POINT: D("-5.00")}, "$"),
        ("$-5.00", {POINT: D("-5.00")}, "$"),
        ("($5.00)", {POINT: D("-5.00")}, "$"),
        ("$(5.00)", {POINT: D("-5.00")}, "$"),
        ("€ -12,50", {COMMA: D("-12.50")}, "€"),
        ("12,50 €-", {COMMA: D("-12.50")}, "€"),
    ],
)
def test_amounts(text: str, values: dict[str, Decimal], currency: str) -> None:
    number = read_number(text)
    assert number is not None
    assert (number.base, number.values, number.currency) == ("currency", values, currency)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("12.5%", {POINT: D("12.5")}),
        ("12,5 %", {COMMA: D("12.5")}),
        ("-3%", {POINT: D("-3"), COMMA: D("-3")}),
        ("(2.5%)", {POINT: D("-2.5")}),
        ("100 %", {POINT: D("100"), COMMA: D("100")}),
    ],
)
def test_percentages(text: str, values: dict[str, Decimal]) -> None:
    number = read_number(text)
    assert number is not None
    assert (number.base, number.values) == ("percent", values)


@pytest.mark.parametrize(
    ("text", "base", "value", "note"),
    [
        ("1,234.5\u00b9", "number", D("1234.5"), "\u00b9"),
        ("1.234,5\u00b2\u00b3", "number", D("1234.5"), "\u00b2\u00b3"),
        ("12.5*", "number", D("12.5"), "*"),
        ("12.5 **", "number", D("12.5"), "**"),
        ("(123.0)\u2020", "number", D("-123.0"), "\u2020"),
        ("42.0a", "number", D("42.0"), "a"),
        ("12.5%\u00b9", "percent", D("12.5"), "\u00b9"),
        ("$5.25b", "currency", D("5.25"), "b"),
    ],
)
def test_footnote_marks_split_off(text: str, base: str, value: Decimal, note: str) -> None:
    number = read_number(text)
    assert number is not None
    assert (number.base, next(iter(number.values.values())), number.note) == (base, value, note)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "n/a",
        "\u2013",
        "12m",  # a magnitude, not a footnote mark
        "12 a",  # a letter mark stands right after its number
        "007",  # an identifier: a leading zero
        "01234",
        "ABC 123",  # three capitals that are no currency code
        "12,34,56",
        "1,23,456",
        "1.2.3",
        "--5",
        "(-5)",
        "5%$",
        "12.",
        "1,234.567,8",
        "Q3 2024",
        "412,413,414,417,421,423",  # more digits than a quantity: a list of codes
        "1234567890123456",
    ],
)
def test_not_numbers(text: str) -> None:
    assert read_number(text) is None


@given(st.decimals(min_value=-(10**12), max_value=10**12, places=2, allow_nan=False, allow_infinity=False))
def test_formatted_amounts_read_back_in_both_conventions(value: Decimal) -> None:
    en = f"{value:,.2f}"
    de = en.replace(",", "_").replace(".", ",").replace("_", ".")
    for text, convention in ((en, POINT), (de, COMMA)):
        number = read_number(text)
        assert number is not None
        assert number.values == {convention: value.quantize(D("0.01"))}
