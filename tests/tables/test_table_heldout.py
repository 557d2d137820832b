"""Issue 36, held out: realistic table pages built apart from the class probes (class_pdfs) the
finder was tuned on, in other places, fonts and gutters. Each test asserts the tables and the
cells a reader sees on the rendered page; pages the finder does not read yet are strict xfails
that say what comes out instead."""

from __future__ import annotations

import pytest

pytest.importorskip("reportlab")

from pagetext.tables.records import Table
from tests.tables import heldout_pdfs as hp
from tests.tables import heldout_pdfs_more as hm
from tests.tables import heldout_pdfs_text as ht
from tests.tables.class_pdfs import Style, grid, only_table, tables

TIMES9 = Style("Times-Roman", 9, 12)
TIMES10 = Style("Times-Roman", 10, 13)
TIMES95 = Style("Times-Roman", 9.5, 11.5)
HELV7 = Style("Helvetica", 7, 10)
HELV8 = Style("Helvetica", 8, 11)
HELV8_OPEN = Style("Helvetica", 8, 12.5)
HELV85 = Style("Helvetica", 8.5, 12)
HELV9 = Style("Helvetica", 9, 14)
HELV12 = Style("Helvetica", 12, 16)
COUR8 = Style("Courier", 8, 11)


def spans(table: Table) -> dict[tuple[int, int], tuple[int, int]]:
    """The cells that span more than one slot: top-left slot -> (row_span, col_span)."""
    return {(c.row, c.col): (c.row_span, c.col_span) for c in table.cells if c.row_span * c.col_span > 1}


def test_statement_of_profit_or_loss() -> None:
    only_table(hp.statement(TIMES9), hp.STATEMENT)


def test_balance_sheet_with_leader_dots() -> None:
    found = tables(hp.leadered(HELV8_OPEN))
    assert len(found) == 1, [grid(t) for t in found]
    assert hp.strip_leaders(grid(found[0])) == hp.LEADERED


def test_booktabs_results_with_spanning_header() -> None:
    table = only_table(hp.results(TIMES10), hp.RESULTS)
    assert spans(table) == {(0, 1): (1, 2), (0, 3): (1, 2)}


def test_timetable_with_zebra_rows() -> None:
    only_table(hp.timetable(HELV7), hp.TIMETABLE)


def test_price_list_with_wrapped_names() -> None:
    only_table(hp.prices(HELV9), hp.PRICES)


def test_ruled_invoice_with_merged_cells() -> None:
    table = only_table(hm.invoice(HELV9), hm.INVOICE)
    assert spans(table) == {(5, 0): (1, 3), (6, 0): (1, 3), (7, 0): (1, 3), (8, 0): (1, 4)}


def test_turned_headers_over_narrow_columns() -> None:
    only_table(hm.turned_header(HELV8), hm.COVERAGE)


def test_table_under_caption_with_footnote() -> None:
    only_table(hm.captioned_footnote(TIMES10), hm.INCOME)


def test_two_captioned_tables_side_by_side() -> None:
    found = tables(hm.two_captioned(HELV85))
    assert [grid(t) for t in found] == [hm.FLEET, hm.FUEL]


def test_quarterly_table_upright() -> None:
    """The same table as the two turned ones below, upright: what they miss is not the turn."""
    only_table(hm.quarterly(TIMES9, "upright"), hm.QUARTERS)


def test_rotate_90_page() -> None:
    only_table(hm.quarterly(TIMES9, "rotate90"), hm.QUARTERS)


def test_table_drawn_sideways_on_a_portrait_page() -> None:
    only_table(hm.quarterly(HELV8, "drawn"), hm.QUARTERS)


def test_table_in_a_two_column_text_page() -> None:
    only_table(ht.two_column_page(TIMES95, HELV8), ht.PARAMS)


def test_bank_statement_in_courier() -> None:
    only_table(ht.bank_statement(COUR8), ht.STATEMENT_LINES)


def test_league_table() -> None:
    only_table(ht.league(HELV85), ht.LEAGUE)


def test_two_line_header_cells() -> None:
    only_table(ht.two_line_header(HELV12), ht.SEGMENTS)
