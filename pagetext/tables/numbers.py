"""Numbers as tables write them: signs, currency, percent, footnote marks and both decimal marks.

A number's text alone often cannot say which mark is the decimal one ("1,234" is 1234 in
English and 1.234 in German), so a reading keeps the value under each convention it is valid
in; the column's other cells decide (pagetext.tables.values).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

# The two conventions: "point" writes 1,234.56 (English), "comma" writes 1.234,56 (German).
POINT: Final = "point"
COMMA: Final = "comma"
_DECIMAL_MARK: Final = {POINT: ".", COMMA: ","}

# Marks that group thousands in either convention: spaces (French, ISO 31-0 thin spaces) and
# apostrophes (Swiss). The other convention's decimal mark groups too ("," in 1,234.56).
_GROUP_ANY: Final = " \u00a0\u2009\u202f'\u2019"
_SEPARATORS: Final = ".," + _GROUP_ANY
GROUP_DIGITS: Final = 3  # digits in every group after the first (thousands)
# More digits than any quantity a table prints (a double holds 15): "412,413,414,417,421,423"
# is a list of codes, and a long digit string an identifier.
MAX_DIGITS: Final = 15

# Hyphen-minus, minus sign, en dash (set for a minus by many typesetters), small and full-width.
_MINUS: Final = "-\u2212\u2013\ufe63\uff0d"
_PLUS: Final = "+"
_PERCENT: Final = "%\uff05"

# Currency symbols and ISO 4217 codes a cell may carry before or after its number. Codes are
# a list, not any three capitals, so that "ABC 123" (a product code) stays text.
_SYMBOLS: Final = (
    "US$", "CA$", "C$", "A$", "AU$", "NZ$", "HK$", "S$", "R$", "MX$",
    "€", "$", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₫", "₴", "₦", "฿", "¢", "₱", "₡", "₲", "₵",
    "Fr.", "kr", "zł", "Kč", "Ft",
)  # fmt: skip
_CODES: Final = (
    "EUR USD GBP JPY CHF CNY RMB CAD AUD NZD SEK NOK DKK ISK PLN CZK HUF RON BGN RUB UAH TRY "
    "ILS INR PKR BDT IDR MYR SGD HKD TWD KRW THB VND PHP BRL MXN ARS CLP COP PEN ZAR NGN EGP "
    "KES MAD SAR AED QAR KWD"
).split()
CURRENCIES: Final = tuple(sorted((*_SYMBOLS, *_CODES), key=len, reverse=True))  # longest first

# Footnote marks set after a number: superscript digits, the traditional symbols, or one
# letter a–f right after the number (statistical tables); later letters are left alone so
# that units and magnitudes ("5m", "3k") are not taken for marks.
_SUPERSCRIPTS: Final = "\u00b9\u00b2\u00b3\u2070\u2074-\u2079"
_NOTE: Final = re.compile(r"(?:\s?([" + _SUPERSCRIPTS + r"]+|[*\u2020\u2021\u00a7\u00b6]+)|([a-f]))$")

_BODY: Final = re.compile(r"[0-9]*(?:[" + re.escape(_SEPARATORS) + r"][0-9]+)*")
_SPLIT: Final = re.compile(r"([" + re.escape(_SEPARATORS) + r"])")


@dataclass(frozen=True, slots=True)
class NumberText:
    """What a number-like cell text reads as. base: "number", "percent" or "currency".
    values: the value under each convention the digits are valid in (POINT, COMMA), sign
    applied; both present when the text cannot tell ("1,234"). currency: the code or symbol
    as written. note: a footnote mark split off the end ("" when none)."""

    base: str
    values: dict[str, Decimal]
    currency: str = ""
    note: str = ""

    @property
    def evidence(self) -> str:
        """The convention this text proves (the only one it is valid in), else ""."""
        return next(iter(self.values)) if len(self.values) == 1 else ""


def _grouped(groups: list[str], separators: list[str]) -> bool:
    """Digits grouped in thousands with one mark: 1-3 digits (not a lone 0), then groups of 3."""
    if not separators:
        return True
    first = groups[0]
    return (
        len(set(separators)) == 1
        and 1 <= len(first) <= GROUP_DIGITS
        and first != "0"
        and all(len(group) == GROUP_DIGITS for group in groups[1:])
    )


def _read_digits(body: str, convention: str) -> Decimal | None:
    """body's value when its decimal mark is the convention's, else None."""
    parts = _SPLIT.split(body)
    groups, separators = parts[0::2], parts[1::2]
    mark = _DECIMAL_MARK[convention]
    fraction = ""
    if separators and separators[-1] == mark:
        fraction = groups.pop()
        separators.pop()
    if mark in separators:
        return None
    integer = groups
    if integer == [""]:  # ".5": a fraction alone
        return Decimal("0." + fraction) if fraction else None
    if any(not group for group in integer) or not _grouped(integer, separators):
        return None
    digits = "".join(integer)
    if len(digits) + len(fraction) > MAX_DIGITS:
        return None
    # A leading zero marks an identifier (postcode, account, "007"), not a quantity.
    if len(digits) > 1 and digits[0] == "0":
        return None
    return Decimal(digits + ("." + fraction if fraction else ""))


def _digits(body: str) -> dict[str, Decimal]:
    if not body or not _BODY.fullmatch(body) or not body[-1].isdigit():
        return {}
    values = {}
    for convention in (POINT, COMMA):
        value = _read_digits(body, convention)
        if value is not None:
            values[convention] = value
    return values


def _strip_sign(text: str) -> tuple[str, int]:
    """text without one leading or trailing sign, and the sign (-1, +1, or 0 when none)."""
    if text[:1] in _MINUS:
        return text[1:].lstrip(), -1
    if text[:1] == _PLUS:
        return text[1:].lstrip(), 1
    if text[-1:] in _MINUS:  # a trailing minus (accounting systems: 1.234,56-)
        return text[:-1].rstrip(), -1
    return text, 0


def _strip_currency(text: str) -> tuple[str, str]:
    for currency in CURRENCIES:
        if text.startswith(currency):
            rest = text[len(currency) :]
            if currency.isalpha() and rest[:1].isalpha():
                continue
            return rest.lstrip(), currency
        if text.endswith(currency):
            rest = text[: -len(currency)]
            if currency.isalpha() and rest[-1:].isalpha():
                continue
            return rest.rstrip(), currency
    return text, ""


def _read(text: str) -> NumberText | None:
    """The reading of text without a footnote mark."""
    negative = False
    if len(text) > 2 and text[0] == "(" and text[-1] == ")":  # accounting negatives: (1,234)
        text, negative = text[1:-1].strip(), True
    base = "number"
    if text[-1:] in _PERCENT:
        text, base = text[:-1].rstrip(), "percent"
    text, sign = _strip_sign(text)
    if base == "number":
        text, currency = _strip_currency(text)
        if currency:
            base = "currency"
            if not sign:  # the sign may stand inside the symbol: $-5, € -5
                text, sign = _strip_sign(text)
            if len(text) > 2 and not negative and text[0] == "(" and text[-1] == ")":  # $(1,234)
                text, negative = text[1:-1].strip(), True
    else:
        currency = ""
    if sign and negative:
        return None
    values = _digits(text)
    if not values:
        return None
    if sign < 0 or negative:
        values = {convention: -value for convention, value in values.items()}
    return NumberText(base, values, currency)


def read_number(text: str) -> NumberText | None:
    """The number, percentage or amount text writes, or None when it is not one.

    Whitespace runs count as one space. A footnote mark at the end is split off (kept in
    `note`) only when the rest reads as a number; "12a" is 12 with mark "a", "12m" is text.
    """
    text = " ".join(text.split())
    if not text or not any(ch.isdigit() for ch in text):
        return None
    found = _read(text)
    if found is not None:
        return found
    mark = _NOTE.search(text)
    if mark is None or mark.start() == 0:
        return None
    rest = text[: mark.start()]
    if mark.group(2) and not (rest[-1:].isdigit() or rest[-1:] in ")%"):
        return None
    rest = rest.rstrip()
    found = _read(rest) if rest else None
    if found is None:
        return None
    return NumberText(found.base, found.values, found.currency, mark.group(1) or mark.group(2))
