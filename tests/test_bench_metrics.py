"""The bench's number-token rule and its F1 (bench/metrics.py), on small strings."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench.__main__ import _accuracy_rows
from bench.adjacency import in_scope
from bench.corpus import Case
from bench.metrics import Overlap, first_out_of_order, number_tokens, score, word_tokens
from bench.table_extractors import displayed_box


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


def test_first_out_of_order_is_the_snippet_not_found_after_the_previous() -> None:
    order = ["Title", "left column", "right column"]
    assert first_out_of_order(order, "Title\nleft  column\fright column") is None
    assert first_out_of_order(order, "Title right column left column") == 2
    assert first_out_of_order(order, "left column Title right column") == 1
    assert first_out_of_order(order, "Title left column") == 2
    # A snippet is found after the end of the previous one, not inside it.
    assert first_out_of_order(["abcabc", "abc"], "abcabc") == 1


def test_order_figure_counts_cases_whose_whole_order_list_passes() -> None:
    ordered = Case(Path("a.pdf"), {"order": ["one", "two"], "contains": ["two"]})
    reversed_ = Case(Path("b.pdf"), {"order": ["one", "two"], "text": "one two"})
    unordered = Case(Path("c.pdf"), {"contains": ["one"]})
    cases = [ordered, reversed_, unordered]
    outputs = {"a": "one two", "b": "two one", "c": "one"}
    scores = {"lib": {case.name: score(case, outputs[case.name]) for case in cases}}
    assert [scores["lib"][case.name].order_passed for case in cases] == [True, False, None]
    header, _, row = _accuracy_rows(["lib"], cases, scores, {"lib": {}})
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert header.split("|")[-3].strip() == "order checks passed"
    # Checks: a 2 of 2, b 0 of 1 (order), c 1 of 1; order: a passes, b fails, c has none.
    assert cells[5] == "3/4 (75.0%)"
    assert cells[-2] == "1/2 (50.0%)"


def test_tables_count_on_their_pages_and_in_the_cropped_area() -> None:
    expect = {"table_pages": [1], "table_area": [[1, 0, 0, 300, 400], [1, 300, 0, 600, 400]]}
    inside = {"page": 1, "bbox": [310, 50, 580, 200], "cells": []}
    barely = {"page": 1, "bbox": [290, 50, 320, 200], "cells": []}  # a third of it in an area
    elsewhere = {"page": 1, "bbox": [100, 500, 400, 700], "cells": []}  # below both areas
    later = {"page": 2, "bbox": [310, 50, 580, 200], "cells": []}
    assert in_scope([inside, barely, elsewhere, later], expect) == [inside, barely]
    assert in_scope([inside, later], {"table_pages": [2]}) == [later]
    assert in_scope([[["a"]], inside], {}) == [[["a"]], inside]


def test_boxes_in_the_displayed_frame_of_a_turned_page() -> None:
    crop = (0.0, 0.0, 612.0, 792.0)  # portrait; turned 90 degrees it shows 792 x 612
    box = (100.0, 50.0, 200.0, 700.0)
    assert displayed_box(box, crop, 0) == [100.0, 92.0, 200.0, 742.0]
    assert displayed_box(box, crop, 90) == [50.0, 100.0, 700.0, 200.0]
    assert displayed_box(box, crop, 180) == [412.0, 50.0, 512.0, 700.0]
    assert displayed_box(box, crop, 270) == [92.0, 412.0, 742.0, 512.0]
    assert displayed_box(box, (10.0, 20.0, 622.0, 812.0), 0) == [90.0, 112.0, 190.0, 762.0]
