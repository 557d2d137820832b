"""Dates as tables write them: ISO, numeric day-month-year forms and month names (en, de, fr).

"03/04/2024" is 3 April or March 4 depending on the writer, so a numeric reading keeps both
orders it is valid in; the column's other cells decide (pagetext.tables.values).
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from dataclasses import dataclass
from typing import Final

DAY_FIRST: Final = "day-first"
MONTH_FIRST: Final = "month-first"

# Two-digit years: 00–68 are 20xx, 69–99 are 19xx (the POSIX strptime %y pivot).
CENTURY_PIVOT: Final = 69

# Month names and their abbreviations, compared without case, accents or a final period.
_MONTHS: Final = {
    # English
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
    # German (and Austrian Jänner)
    "januar": 1, "janner": 1, "jann": 1, "februar": 2, "marz": 3, "mrz": 3, "mai": 5, "juni": 6,
    "juli": 7, "oktober": 10, "okt": 10, "dezember": 12, "dez": 12,
    # French
    "janvier": 1, "janv": 1, "fevrier": 2, "fevr": 2, "fev": 2, "mars": 3, "avril": 4, "avr": 4,
    "juin": 6, "juillet": 7, "juil": 7, "aout": 8, "septembre": 9, "octobre": 10,
    "novembre": 11, "decembre": 12,
}  # fmt: skip

_ISO: Final = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")
_NUMERIC: Final = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})")
_WORD: Final = r"([^\W\d_]+\.?)"
_DAY: Final = r"(\d{1,2})(?:\.|er|st|nd|rd|th)?"
# 1 January 2024, 1. Januar 2024, 1er janvier 2024, 1-Jan-2024, 01 Jan. 24
_DAY_MONTH: Final = re.compile(_DAY + r"[\s-]*" + _WORD + r"[\s-]*(\d{4}|\d{2})")
# January 1, 2024; Jan 1st 2024; Jan-01-2024
_MONTH_DAY: Final = re.compile(_WORD + r"[\s-]*" + _DAY + r",?[\s-]*(\d{4})")


@dataclass(frozen=True, slots=True)
class DateText:
    """What a date-like cell text reads as: the date under each order it is valid in
    (DAY_FIRST, MONTH_FIRST); one entry for forms that fix the order, such as ISO, d.m.yyyy
    or month names, under the key "" when no order is involved."""

    dates: dict[str, datetime.date]

    @property
    def evidence(self) -> str:
        """The order this text proves (the only one it is valid in), else ""."""
        return next(iter(self.dates)) if len(self.dates) == 1 else ""


def _year(text: str) -> int:
    year = int(text)
    if len(text) == 2:
        year += 1900 if year >= CENTURY_PIVOT else 2000
    return year


def _date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _month(word: str) -> int:
    """The month a name or abbreviation stands for, 0 when it is none."""
    folded = unicodedata.normalize("NFKD", word.rstrip(".").casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return _MONTHS.get(folded, 0)


def _single(date: datetime.date | None) -> DateText | None:
    return DateText({"": date}) if date is not None else None


def read_date(text: str) -> DateText | None:
    """The date text writes, or None when it is not one of the forms read here."""
    text = " ".join(text.split())
    if not text or not text[0].isalnum():
        return None
    match = _ISO.fullmatch(text)
    if match:
        return _single(_date(int(match[1]), int(match[3]), int(match[4])))
    match = _NUMERIC.fullmatch(text)
    if match:
        first, mark, second, year = int(match[1]), match[2], int(match[3]), _year(match[4])
        if mark == ".":  # dots are written day first (de, fr, most of Europe)
            return _single(_date(year, second, first))
        dates = {}
        for order, day, month in ((DAY_FIRST, first, second), (MONTH_FIRST, second, first)):
            date = _date(year, month, day)
            if date is not None:
                dates[order] = date
        return DateText(dates) if dates else None
    match = _DAY_MONTH.fullmatch(text)
    if match and _month(match[2]):
        return _single(_date(_year(match[3]), _month(match[2]), int(match[1])))
    match = _MONTH_DAY.fullmatch(text)
    if match and _month(match[1]):
        return _single(_date(int(match[3]), _month(match[1]), int(match[2])))
    return None
