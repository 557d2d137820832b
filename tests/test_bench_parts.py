"""The parts of a read timed inside the bench's workers while the libraries take turns
(bench/parts.py, bench/parts_worker.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.corpus import Case
from bench.parts import PART_NAMES, chosen_cases, read_in_turns, summary, table

ROOT = Path(__file__).resolve().parent.parent


def test_a_library_is_summed_up_over_its_reads_without_errors() -> None:
    answers = {
        "a": [
            {"seconds": 0.004, "parts": [0.001, 0.0, 0.002, 0.001]},
            {"seconds": 0.002, "parts": [0.0, 0.0, 0.001, 0.001]},
        ],
        "b": [{"seconds": 0.010, "parts": [0.002, 0.0, 0.006, 0.002]}, {"error": "boom", "seconds": 0.5}],
        "c": [{"error": "boom", "seconds": 0.5}],
    }
    count, median, parts = summary(answers)
    assert count == 2  # c gave no read
    assert median == pytest.approx(0.0065)  # the median of a's 0.003 and b's 0.010
    assert parts == pytest.approx([0.00125, 0.0, 0.00375, 0.0015])
    # A library that times no parts gives its seconds alone.
    assert summary({"a": [{"seconds": 0.003, "parts": None}]}) == (1, 0.003, None)
    assert table({"x": answers})[2].startswith("| x | 2 | 6.500 | 1.250 | 0.000 | 3.750 | 1.500 |")


def test_one_page_cases_are_told_by_their_expectation(tmp_path: Path) -> None:
    for name, pages in (("one", 1), ("two", 2)):
        (tmp_path / f"{name}.pdf").write_bytes(b"%PDF-1.4")
        (tmp_path / f"{name}.expect.json").write_text(json.dumps({"pages": pages}), "utf-8")
    assert [case.name for case in chosen_cases([tmp_path], one_page=True, limit=None)] == ["one"]
    assert [case.name for case in chosen_cases([tmp_path], one_page=False, limit=1)] == ["one"]
    assert [case.name for case in chosen_cases([tmp_path / "two.pdf"], one_page=False, limit=None)] == ["two"]


def test_pagetext_and_pdfium_reads_are_timed_part_by_part_in_turns() -> None:
    pytest.importorskip("pypdfium2")
    cases = [Case(ROOT / "examples" / "sample.pdf")]
    answers = read_in_turns(["pagetext", "pypdfium2"], cases, passes=2, timeout=120)
    for library in ("pagetext", "pypdfium2"):
        reads = answers[library]["sample"]
        assert len(reads) == 2
        for read in reads:
            assert "error" not in read and read["pages"] >= 1
            assert len(read["parts"]) == len(PART_NAMES) and all(part >= 0 for part in read["parts"])
            assert sum(read["parts"]) <= read["seconds"]
