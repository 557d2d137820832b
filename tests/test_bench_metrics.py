"""The bench's number-token rule and its F1 (bench/metrics.py), on small strings."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench.corpus import Case
from bench.metrics import Overlap, number_tokens, score, word_tokens


def test_number_tokens_strip_edge_punctuation_and_keep_inner() -> None:
    text = "Total (12), 1,234.5; $3.50 and 45%. Paid 2019-05-01 at 12:30: 'x7' −4 +5"
    assert number_tokens(text) == Counter(
        ["12", "1,234.5", "3.50", "45", "2019-05-01", "12:30", "x7", "−4", "+5"]
    )


def test_number_tokens_read_hyphens_as_hyphen_minus_but_keep_minus_signs() -> None:
    assert number_tokens("22203\u20102114 DARPA\u2011BAA\u201015 \u22124 15\u201320") == Counter(
        ["22203-2114", "DARPA-BAA-15", "\u22124", "15\u201320"]
    )


def test_number_tokens_skip_words_without_digits() -> None:
    assert number_tokens("(see) the table, p.") == Counter()


def test_number_tokens_after_corpus_normalisation() -> None:
    # NFC and whitespace runs (form feeds too) as FORMAT.md says; Arabic-Indic digits are digits.
    assert number_tokens("٣٤\f\u00a012\n\t12") == Counter({"٣٤": 1, "12": 2})


def _number_f1(output: str, expected: str) -> float | None:
    return Overlap.of(number_tokens(output), number_tokens(expected)).f1


def test_glued_digits_count_as_wrong() -> None:
    # Four cells 0 1 0 0 glued into one token: 0 of 4 expected found, 1 extra.
    assert _number_f1("Guam 0100", "Guam 0 1 0 0") == 0.0
    # `267 4` glued into `2674`, and its `4` gone from `459627`: only 8,785 is right.
    assert _number_f1("8,785 2674 59627", "8,785 267 459627") == pytest.approx(1 / 3)
    assert _number_f1("8,785 267 2674", "8,785 267 4") == pytest.approx(2 * 2 / (3 + 3))


def test_score_carries_word_and_number_overlaps() -> None:
    case = Case(Path("x.pdf"), {"text": "Iowa 8,785 267 4\fTotal (12)"})
    result = score(case, "Iowa 8,785 2674\fTotal 12")
    assert result.words == Overlap(common=3, got=5, want=6)
    assert result.numbers == Overlap(common=2, got=3, want=4)
    assert score(Case(Path("x.pdf"), {"contains": ["1"]}), "1").numbers is None


def test_split_number_counts_as_wrong() -> None:
    # `1,234` split in two: got {1, 234, 7}, want {1,234, 7}: common 1, F1 = 2 / (3 + 2).
    assert _number_f1("1, 234 and 7", "1,234 and 7") == pytest.approx(0.4)


def test_punctuation_around_a_number_is_layout() -> None:
    assert _number_f1("( 12 ) , $ 1,234 .", "(12), $1,234.") == 1.0


def test_altered_number_counts_as_wrong() -> None:
    assert _number_f1("within 5000.", "within 500″.") == 0.0


def test_no_numbers_anywhere_has_no_score() -> None:
    assert _number_f1("just words", "only words") is None
    assert _number_f1("page 3", "no numbers") == 0.0


def test_overlap_sums_are_micro_averages() -> None:
    small = Overlap.of(number_tokens("1 2"), number_tokens("1 3"))  # F1 0.5 over 2 tokens
    eight = number_tokens("0 1 2 3 4 5 6 7")
    large = Overlap.of(eight, eight)  # F1 1 over 8 tokens
    assert (small + large).f1 == pytest.approx(2 * 9 / (10 + 10))


def test_word_f1_is_two_p_r_over_p_plus_r() -> None:
    # got {a, b, c}, want {a, b, d, e}: P = 2/3, R = 1/2, F1 = 4/7.
    assert Overlap.of(word_tokens("a b c"), word_tokens("a b d e")).f1 == pytest.approx(4 / 7)
    assert Overlap.of(word_tokens(""), word_tokens("a")).f1 == 0.0
