"""Held-out probes for issue 34's reading-order rules: realistic structured pages drawn with
reportlab (base-14 fonts with their real metrics, varied sizes, bold headings, rules and
boxes) in several stream orders, each checked line by line against what a reader reads.
The pages are built in tests/layout/probe_pages.py; known failures are marked xfail(strict)
with what comes out instead."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

import pagetext
from tests.layout.probe_draw import Probe, collapse
from tests.layout.probe_forms import form, paired_form
from tests.layout.probe_lists import PLOT_LABELS, index_page, reference_list, report
from tests.layout.probe_tables import balance_sheet, paper_with_table, statement_in_column

# Each page class in the stream orders producers use: "rows" one text object per printed row,
# "columns" a column at a time, "across" every baseline across the whole page at once,
# "stream" column after column as typesetters write, others as their builders say.
PROBES: dict[str, Callable[[], Probe]] = {
    **{
        f"balance_{count}col_{order}": partial(balance_sheet, count, order)
        for count in (1, 2)
        for order in ("rows", "columns", "numbers_first", "shuffled")
    },
    **{
        f"statement_in_column_{order}": partial(statement_in_column, order)
        for order in ("rows", "columns", "across")
    },
    **{f"paper_with_table_{order}": partial(paper_with_table, order) for order in ("across", "stream")},
    **{f"references_{order}": partial(reference_list, order) for order in ("across", "stream")},
    **{f"index_{order}": partial(index_page, order) for order in ("across", "stream")},
    **{f"form_{order}": partial(form, order) for order in ("rows", "values_last")},
    **{f"report_{order}": partial(report, order) for order in ("stream", "across", "title_last")},
    **{f"balance_notes_{order}": partial(balance_sheet, 2, order, True) for order in ("rows", "columns")},
    **{
        f"balance_leaders_{count}col_{order}": partial(balance_sheet, count, order, False, True)
        for count in (1, 2)
        for order in ("rows", "columns", "shuffled")
    },
    **{
        f"statement_on_grid_{order}": partial(statement_in_column, order, True)
        for order in ("columns", "across")
    },
    **{
        f"references_right_aligned_{order}": partial(reference_list, order, True, 18)
        for order in ("across", "stream")
    },
    **{f"index_headings_{order}": partial(index_page, order, True) for order in ("across", "stream")},
    **{
        f"index_long_entry_{order}": partial(index_page, order, False, True) for order in ("across", "stream")
    },
    **{
        f"references_mid_entry_{order}": partial(reference_list, order, False, 15, True)
        for order in ("across", "stream")
    },
    "form_untitled_values_last": partial(form, "values_last", False),
    **{f"form_paired_{order}": partial(paired_form, order) for order in ("rows", "values_last")},
    **{
        f"report_abstract_{order}": partial(report, order, True)
        for order in ("stream", "across", "title_last")
    },
}
# The report with tick labels on its figure: a reader reads them with the figure, after the
# text above it and before its caption, in no particular order among themselves.
PLOT_PROBES: dict[str, Callable[[], Probe]] = {
    f"report_plot_{order}": partial(report, order, False, True)
    for order in ("stream", "across", "title_last")
}

FORM_VALUES_LAST = (
    "with the amounts drawn after all the labels, the amount column is cut "
    "off as a text column: lines '1 Wages ... 1' .. '8 Add ... 8', then 'OMB No. 1545-0074', "
    "then '48,250' .. '49,617' one per line, instead of each amount ending its row"
)
FORM_AMOUNTS_APART = (
    "with the amounts drawn after all the labels (no title), the amount column is cut off as "
    "a text column at a gutter through the leader dots: '1 Wages ... 1' .. '8 Add ... 8', then "
    "'OMB No. 1545-0074', then '48,250' .. '49,617' one per line, instead of each amount "
    "ending its row"
)
INDEX_LONG_ENTRY = (
    "an index column whose entries are short but for one long entry (the 'analysis' page "
    "list): that entry is taken for a band across the gutter, so the right column's first "
    "lines on its baselines are joined to the left column's rows: 'A lower, 19', "
    "'analysis, 5, ... 93 upper, 20', and 'lower, 19', 'upper, 20' are missing from the right "
    "column's place after 'bound, 18'"
)
FORM_PAIRED_VALUES_LAST = (
    "with each amount drawn after all the labels, the amounts are not put "
    "back in their rows: the six label lines come first ('2a Tax-exempt interest ... 2a b "
    "Taxable interest ... 2b'), then the amounts one row per line ('48,250', '120 1,032', "
    "'600 815', ...): a first-field amount stands between its row's parts, inside the "
    "label line's extent"
)
INDEX_LONG_ENTRY_ONLY = (
    "the same without letter headings: the long entry is banded across the gutter, and the "
    "eight rows above it, sharing baselines with the right column's first eight lines, are "
    "taken for a table read by rows: 'abstraction, 3, 17-19 lower, 19', 'accumulator, 44 "
    "upper, 20', ... 'analysis, 5, ... 93 closure, 130-132'"
)
STATEMENT_LEADERS = (
    "a statement whose dot leaders run from each label to 8 pt short of its first number "
    "column, drawn a column at a time: no gap is wide enough to be a gutter, so the page is "
    "read in stream order; each row is put back together after its leader dots (totals "
    "without dots by the column of amounts the dots lead to), but the year header over the "
    "amounts, drawn after the rows in the same block, is read last instead of first"
)
STATEMENT_LEADERS_SHUFFLED = (
    "the same statement drawn cell by cell in a random order: rows are put back together, "
    "but read in the order the stream happens to draw them, not top to bottom: no gutter is "
    "found, and a page read in stream order keeps the stream's order inside a block"
)
KNOWN_FAILURES = {
    "balance_leaders_1col_columns": STATEMENT_LEADERS,
    "balance_leaders_2col_columns": STATEMENT_LEADERS,
    "balance_leaders_1col_shuffled": STATEMENT_LEADERS_SHUFFLED,
    "form_paired_values_last": FORM_PAIRED_VALUES_LAST,
    "form_values_last": FORM_VALUES_LAST,
    "form_untitled_values_last": FORM_AMOUNTS_APART,
    "index_headings_across": INDEX_LONG_ENTRY,
    "index_headings_stream": INDEX_LONG_ENTRY,
    "index_long_entry_across": INDEX_LONG_ENTRY_ONLY,
    "index_long_entry_stream": INDEX_LONG_ENTRY_ONLY,
}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name]))
        if name in KNOWN_FAILURES
        else name
        for name in PROBES
    ],
)
def test_a_structured_page_reads_as_a_reader_reads_it(name: str) -> None:
    pdf, expected = PROBES[name]()
    with pagetext.open(pdf) as document:
        assert collapse(document[0].text()) == expected


def _tick_line(line: str) -> bool:
    """A line of tick labels only: the labels along one axis may be read as one line."""
    return all(word in PLOT_LABELS for word in line.split())


@pytest.mark.parametrize("name", list(PLOT_PROBES))
def test_a_figures_tick_labels_stay_inside_the_figure(name: str) -> None:
    pdf, expected = PLOT_PROBES[name]()
    with pagetext.open(pdf) as document:
        lines = collapse(document[0].text())
    assert [line for line in lines if not _tick_line(line)] == [
        line for line in expected if not _tick_line(line)
    ]
    caption = lines.index(next(line for line in expected if line.startswith("Figure 1:")))
    ticks = [index for index, line in enumerate(lines) if _tick_line(line)]
    assert sorted(word for index in ticks for word in lines[index].split()) == sorted(PLOT_LABELS)
    assert ticks == list(range(caption - len(ticks), caption))  # right before the caption
