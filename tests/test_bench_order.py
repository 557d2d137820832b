"""python -m bench.order: its page lookup and fail-list line, and a one-folder run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.corpus import Case
from bench.order import Read, failure_line, main, snippet_page
from tests.pdfbuild import text_pdf


def test_snippet_page_takes_the_first_source_that_holds_it() -> None:
    expected = ("expected text", ["Intro", "Body  text\nmore", "End"])
    output = ("lib output", ["Intro Body text", "End"])
    assert snippet_page("Body text", [expected, output]) == (2, "expected text")
    assert snippet_page("Body text", [output, expected]) == (1, "lib output")
    assert snippet_page("nowhere", [expected, output]) is None


def test_failure_line_says_missing_or_out_of_order_and_where() -> None:
    case = Case(Path("x.pdf"), {"order": ["A one", "B two", "C three"], "text": "A one\fB two\fC three"})
    swapped = Read(["A one", "C three B two"], None, 2)
    assert failure_line(case, swapped, []) == "x: snippet 3/3 out of order, p. 3 (expected text): 'C three'"
    lost = Read(["A one", "B two"], None, 2)
    assert failure_line(case, lost, []) == "x: snippet 3/3 missing, p. 3 (expected text): 'C three'"
    no_text = Case(Path("y.pdf"), {"order": ["A one", "B two"]})
    found = Read(["B two", "A one"], None, 1)
    line = failure_line(no_text, found, [("lib output", found.pages)])
    assert line == "y: snippet 2/2 out of order, p. 1 (lib output): 'B two'"


def test_main_counts_and_lists_failing_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.pdf").write_bytes(text_pdf([["First line", "Second line"]]))
    (tmp_path / "good.expect.json").write_text(json.dumps({"order": ["First", "Second"]}), "utf-8")
    # A dot in a case's name (`2201.00069.pdf`) is part of it: its sidecar is bad.v2.expect.json.
    (tmp_path / "bad.v2.pdf").write_bytes(text_pdf([["Second line"], ["First line"]]))
    (tmp_path / "bad.v2.expect.json").write_text(json.dumps({"order": ["First", "Second"]}), "utf-8")
    (tmp_path / "none.pdf").write_bytes(text_pdf([["Anything"]]))
    assert main([str(tmp_path), "--fail-list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{tmp_path.name}/: 2 cases with an order list"
    assert lines[2].split()[:3] == ["pagetext", "1/2", "(50.0%)"]
    assert lines[4:] == [
        "pagetext: 1 failing order cases",
        f"{tmp_path.name}/bad.v2: snippet 2/2 out of order, p. 1 (pagetext output): 'Second'",
    ]
