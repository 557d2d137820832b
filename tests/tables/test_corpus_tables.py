"""The table finder on the corpus's human-made table ground truth (ICDAR 2013, and the camelot
cases of real/), scored with the ICDAR-2013 cell-adjacency measure as bench.tables scores it."""

from __future__ import annotations

import pytest

from bench.adjacency import Counts, score_document
from bench.table_extractors import pagetext_tables
from tests.corpus import NO_CORPUS, cases

TABLE_CASES = [case for folder in ("tables", "real") for case in cases(folder) if case.expect.get("tables")]
# Floors a little under what the finder scores today (F1 0.983 on tables/, 0.886 on the real/
# camelot cases): a change to rules, cells or text that loses relations fails here.
MIN_F1 = {"tables": 0.97, "real": 0.86}


@pytest.mark.skipif(not TABLE_CASES, reason=NO_CORPUS)
@pytest.mark.parametrize("folder", sorted(MIN_F1))
def test_cell_adjacency_f1(folder: str) -> None:
    total = Counts()
    for case in TABLE_CASES:
        if case.pdf.parent.name == folder:
            total.add(score_document(pagetext_tables(str(case.pdf), case.password), case.expect["tables"]))
    assert total.expected > 0
    assert total.f1 >= MIN_F1[folder], (
        f"{folder}: P {total.precision:.3f} R {total.recall:.3f} F1 {total.f1:.3f}"
    )
