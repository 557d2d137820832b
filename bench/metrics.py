"""Accuracy of one output against a case's expectations (../shared/corpus/FORMAT.md)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from bench.corpus import Case, normalise

_WHITESPACE = re.compile(r"\s+")


def word_tokens(text: str) -> Counter[str]:
    """The multiset of words: the corpus normalisation (FORMAT.md), split at whitespace."""
    return Counter(normalise(text).split())


# Unicode categories stripped from both ends of a number token: brackets, quotes, other
# punctuation (, . : ; ! ? % * / ...) and currency signs. Where a peer puts them (glued or
# spaced, `(12)` or `( 12 )`, `$1,234` or `$ 1,234`) is layout, not the number. Kept: dashes
# and math signs (a leading `-`, `−`, `+` is the number's sign) and everything inside the
# token (`1,234.5`, `12:30`, `2019-05-01` stay whole).
_EDGE_CATEGORIES = frozenset({"Ps", "Pe", "Pi", "Pf", "Po", "Sc"})


def _strip_edges(token: str) -> str:
    start, end = 0, len(token)
    while start < end and unicodedata.category(token[start]) in _EDGE_CATEGORIES:
        start += 1
    while end > start and unicodedata.category(token[end - 1]) in _EDGE_CATEGORIES:
        end -= 1
    return token[start:end]


# U+2010 HYPHEN and U+2011 NON-BREAKING HYPHEN are "-" in meaning (the second differs only
# in line breaking): which code a library gives a hyphen glyph (`22203‐2114`) is not the
# number. U+2212 MINUS SIGN and the dashes are distinct characters and stay.
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})


def number_tokens(text: str) -> Counter[str]:
    """The multiset of number tokens: the corpus normalisation (FORMAT.md), split at whitespace,
    edge punctuation stripped (_EDGE_CATEGORIES), hyphens as "-" (_HYPHENS), kept when a
    decimal digit (any script) is left. A number glued to its neighbour (`1005`), split
    (`10 05`) or altered is a different token, so it counts as missing and as extra."""
    tokens = (_strip_edges(token).translate(_HYPHENS) for token in normalise(text).split())
    return Counter(token for token in tokens if any(ch.isdecimal() for ch in token))


@dataclass(frozen=True)
class Overlap:
    """Multiset agreement of an output's tokens with the expected ones; sums of Overlaps give
    micro averages (every token of a corpus weighs the same)."""

    common: int
    got: int
    want: int

    @classmethod
    def of(cls, got: Counter[str], want: Counter[str]) -> Overlap:
        return cls(sum((got & want).values()), sum(got.values()), sum(want.values()))

    def __add__(self, other: Overlap) -> Overlap:
        return Overlap(self.common + other.common, self.got + other.got, self.want + other.want)

    @property
    def f1(self) -> float | None:
        """None when there is nothing to score (no token expected nor produced)."""
        if not self.got and not self.want:
            return None
        # F1 = 2PR/(P+R) with P = common/got, R = common/want.
        return 2 * self.common / (self.got + self.want)


@dataclass
class Score:
    similarity: float | None  # normalised Levenshtein similarity to `text`
    words: Overlap | None  # word tokens against `text`'s
    numbers: Overlap | None  # number tokens against `text`'s
    line_score: float | None  # share of expected lines found as a whole output line
    checks_passed: int
    checks_total: int
    failed: list[str]
    order_passed: bool | None  # the whole `order` list found in order; None without one

    @property
    def all_passed(self) -> bool:
        return self.checks_passed == self.checks_total


def line_score(output: str, expected: str) -> float:
    lines = {_WHITESPACE.sub(" ", line).strip() for line in output.splitlines()}
    wanted = [_WHITESPACE.sub(" ", line).strip() for line in expected.splitlines()]
    wanted = [line for line in wanted if line]
    return sum(line in lines for line in wanted) / len(wanted) if wanted else 1.0


def first_out_of_order(order: list[str], output: str) -> int | None:
    """The index of the first `order` snippet not found after the previous one in `output`
    (both normalised alike), None when every snippet is found in order."""
    flat = normalise(output)
    position = 0
    for index, snippet in enumerate(order):
        wanted = normalise(snippet)
        found = flat.find(wanted, position)
        if found < 0:
            return index
        position = found + len(wanted)
    return None


def score(case: Case, output: str) -> Score:
    expect = case.expect
    flat = normalise(output)
    failed: list[str] = []
    total = 0
    for snippet in expect.get("contains", []):
        total += 1
        if normalise(snippet) not in flat:
            failed.append(f"contains {snippet[:40]!r}")
    for snippet in expect.get("absent", []):
        total += 1
        if normalise(snippet) in flat:
            failed.append(f"absent {snippet[:40]!r}")
    for snippet in expect.get("raw_absent", []):
        total += 1
        if snippet in output:
            failed.append(f"raw_absent {snippet[:40]!r}")
    order = expect.get("order", [])
    order_passed = None
    if order:
        total += 1
        missed = first_out_of_order(order, output)
        order_passed = missed is None
        if missed is not None:
            failed.append(f"order at {order[missed][:40]!r}")
    text = expect.get("text")
    if not text:
        return Score(None, None, None, None, total - len(failed), total, failed, order_passed)
    return Score(
        Levenshtein.normalized_similarity(flat, normalise(text)),
        Overlap.of(word_tokens(output), word_tokens(text)),
        Overlap.of(number_tokens(output), number_tokens(text)),
        line_score(output, text),
        total - len(failed),
        total,
        failed,
        order_passed,
    )
