"""doc.tables(): page.tables() per page, then merged across pages and typed.

These tests stand a small finder in for page.tables() that knows the column edges the test
PDF draws its table on and reads the rows from the page's words, so that they test merging
alone (tests/tables/test_pages_merge.py runs the real finder). What is real: the PDF
(reportlab), its words and lines, the running header and footer found by pagetext's
furniture detection, and doc.tables() deciding from them which parts continue one another,
merging and typing them.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from reportlab.pdfgen import canvas

import pagetext
from pagetext.page import Page
from tests.tables.paged import HEADER, body_row, build, stand_in_finder


@pytest.fixture(autouse=True)
def finder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Page, "tables", stand_in_finder, raising=False)


def test_three_pages_merge_into_one_table_with_its_header_once(tmp_path: Path) -> None:
    with pagetext.open(build(tmp_path / "three.pdf", (20, 34, 3))) as doc:
        tables = doc.tables()
    assert len(tables) == 1
    table = tables[0]
    assert table.to_list() == [HEADER, *(body_row(n) for n in range(57))]
    assert (table.page, table.pages, table.header_rows, table.n_rows) == (1, [1, 2, 3], 1, 58)
    assert table.merged_from == [
        "page 2: same 5 column edges within 2 pt; repeated header dropped",
        "page 3: same 5 column edges within 2 pt; repeated header dropped",
    ]
    assert {c.page for c in table.cells if c.row == 21} == {2}
    # Typed after merging: the comma convention and the day-first dots hold in every part.
    last = sorted((c for c in table.cells if c.row == 57), key=lambda c: c.col)
    assert [(c.kind, c.value, c.currency) for c in last] == [
        ("text", None, ""),
        ("date", datetime.date(2024, 3, 1), ""),
        ("currency", Decimal("56392.50"), "€"),
        ("percent", Decimal("6.5"), ""),
    ]


def test_merge_false_gives_one_table_per_page(tmp_path: Path) -> None:
    with pagetext.open(build(tmp_path / "three.pdf", (20, 34, 3))) as doc:
        tables = doc.tables(merge=False)
        middle = doc.tables(pages="2-3")
    assert [(t.pages, t.n_rows, t.merged_from) for t in tables] == [
        ([1], 21, []),
        ([2], 35, []),
        ([3], 4, []),
    ]
    assert tables[2].cells[4].kind == "text" and tables[2].cells[6].kind == "currency"
    assert [t.pages for t in middle] == [[2, 3]]


def test_text_below_the_table_keeps_page_one_apart(tmp_path: Path) -> None:
    with pagetext.open(build(tmp_path / "notes.pdf", (20, 34, 3), text_below_first=True)) as doc:
        tables = doc.tables()
    assert [t.pages for t in tables] == [[1], [2, 3]]


def test_no_tables(tmp_path: Path) -> None:
    path = tmp_path / "plain.pdf"
    c = canvas.Canvas(str(path))
    c.drawString(72, 700, "No table here.")
    c.save()
    with pagetext.open(path) as doc:
        assert doc.tables() == []


def test_build_draws_what_the_finder_reads(tmp_path: Path) -> None:
    with pagetext.open(build(tmp_path / "three.pdf", (20, 34, 3))) as doc:
        roles = {line.text: line.role for line in doc[1].lines(roles=True)}
    assert roles["Quarterly sales report"] == "header" and roles["Page 2"] == "footer"
