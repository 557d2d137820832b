"""The real table finder and doc.tables() together: a table printed over three pages, its
header repeated on each, comes out as one typed table with the header once."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path

import pagetext
from tests.tables.paged import HEADER, body_row, build


def test_three_pages_with_a_repeated_header_are_one_table(tmp_path: Path) -> None:
    with pagetext.open(build(tmp_path / "three.pdf", (20, 34, 3))) as doc:
        tables = doc.tables()
        parts = doc.tables(merge=False)
    assert len(tables) == 1
    table = tables[0]
    assert table.to_list() == [HEADER, *(body_row(n) for n in range(57))]
    assert (table.pages, table.header_rows, table.n_cols) == ([1, 2, 3], 1, 4)
    assert len(table.merged_from) == 2 and all("repeated header dropped" in m for m in table.merged_from)
    row = {c.col: c for c in table.cells if c.row == 2}
    assert (row[1].kind, row[1].value) == ("date", datetime.date(2024, 3, 2))
    assert (row[2].kind, row[2].value, row[2].currency) == ("currency", Decimal("1007.50"), "€")
    assert (row[3].kind, row[3].value) == ("percent", Decimal("1.5"))
    assert [(p.pages, p.n_rows) for p in parts] == [([1], 21), ([2], 35), ([3], 4)]
