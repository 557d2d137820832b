"""Dates as tables write them, each read on its own: ISO, numeric forms, en/de/fr month names."""

from __future__ import annotations

import datetime

import pytest

from pagetext.tables.dates import DAY_FIRST, MONTH_FIRST, read_date

d = datetime.date


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2024-01-05", d(2024, 1, 5)),
        ("2024/1/5", d(2024, 1, 5)),
        ("05.01.2024", d(2024, 1, 5)),
        ("5.1.2024", d(2024, 1, 5)),
        ("5.1.24", d(2024, 1, 5)),
        ("31.12.99", d(1999, 12, 31)),
        ("1 January 2024", d(2024, 1, 1)),
        ("January 1, 2024", d(2024, 1, 1)),
        ("Jan 1st 2024", d(2024, 1, 1)),
        ("Sept. 22, 2023", d(2023, 9, 22)),
        ("22 Sep 2023", d(2023, 9, 22)),
        ("01-Jan-24", d(2024, 1, 1)),
        ("1. Januar 2024", d(2024, 1, 1)),
        ("3. März 2024", d(2024, 3, 3)),
        ("3. Mrz. 2024", d(2024, 3, 3)),
        ("15. Okt. 2024", d(2024, 10, 15)),
        ("24. Dez 2024", d(2024, 12, 24)),
        ("1. Jänner 2024", d(2024, 1, 1)),
        ("1er janvier 2024", d(2024, 1, 1)),
        ("15 févr. 2024", d(2024, 2, 15)),
        ("15 fevrier 2024", d(2024, 2, 15)),
        ("14 juillet 1789", d(1789, 7, 14)),
        ("15 août 2024", d(2024, 8, 15)),
        ("25 déc. 2024", d(2024, 12, 25)),
        ("1 MAI 2024", d(2024, 5, 1)),
    ],
)
def test_dates_of_one_reading(text: str, date: datetime.date) -> None:
    found = read_date(text)
    assert found is not None
    assert found.dates == {"": date}
    assert found.evidence == ""


@pytest.mark.parametrize(
    ("text", "dates", "evidence"),
    [
        ("03/04/2024", {DAY_FIRST: d(2024, 4, 3), MONTH_FIRST: d(2024, 3, 4)}, ""),
        ("13/04/2024", {DAY_FIRST: d(2024, 4, 13)}, DAY_FIRST),
        ("04/13/2024", {MONTH_FIRST: d(2024, 4, 13)}, MONTH_FIRST),
        ("12-25-23", {MONTH_FIRST: d(2023, 12, 25)}, MONTH_FIRST),
        ("07/07/2024", {DAY_FIRST: d(2024, 7, 7), MONTH_FIRST: d(2024, 7, 7)}, ""),
    ],
)
def test_numeric_dates_keep_both_orders(text: str, dates: dict[str, datetime.date], evidence: str) -> None:
    found = read_date(text)
    assert found is not None
    assert (found.dates, found.evidence) == (dates, evidence)


@pytest.mark.parametrize(
    "text",
    [
        "31.02.2024",
        "13/13/2024",
        "2024-13-01",
        "Dez. 2024",
        "1 Smarch 2024",
        "1.234",
        "2024",
        "12/2024",
        "x 1 Jan 2024",
    ],
)
def test_not_dates(text: str) -> None:
    assert read_date(text) is None
