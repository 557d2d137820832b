"""Accuracy of one output against a case's expectations (../shared/corpus/FORMAT.md)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from bench.corpus import Case, normalise

_WHITESPACE = re.compile(r"\s+")


@dataclass
class Score:
    similarity: float | None  # normalised Levenshtein similarity to `text`
    word_f1: float | None
    line_score: float | None  # share of expected lines found as a whole output line
    checks_passed: int
    checks_total: int
    failed: list[str]

    @property
    def all_passed(self) -> bool:
        return self.checks_passed == self.checks_total


def _words(text: str) -> Counter[str]:
    return Counter(normalise(text).split())


def word_f1(output: str, expected: str) -> float:
    got, want = _words(output), _words(expected)
    common = sum((got & want).values())
    if not common:
        return 0.0
    precision, recall = common / sum(got.values()), common / sum(want.values())
    return 2 * precision * recall / (precision + recall)


def line_score(output: str, expected: str) -> float:
    lines = {_WHITESPACE.sub(" ", line).strip() for line in output.splitlines()}
    wanted = [_WHITESPACE.sub(" ", line).strip() for line in expected.splitlines()]
    wanted = [line for line in wanted if line]
    return sum(line in lines for line in wanted) / len(wanted) if wanted else 1.0


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
    if order:
        total += 1
        position = 0
        for snippet in order:
            found = flat.find(normalise(snippet), position)
            if found < 0:
                failed.append(f"order at {snippet[:40]!r}")
                break
            position = found + len(normalise(snippet))
    text = expect.get("text")
    if not text:
        return Score(None, None, None, total - len(failed), total, failed)
    similarity = Levenshtein.normalized_similarity(flat, normalise(text))
    return Score(
        similarity, word_f1(output, text), line_score(output, text), total - len(failed), total, failed
    )
