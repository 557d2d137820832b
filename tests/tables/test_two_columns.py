"""Tables on two-column text pages (twocol_pdfs): a table stays inside its column, the other
column's text and tables level with it are none of its cells, and the two columns' short
lines (code, list items, narrow justified text) are no table across the page or inside one
column."""

from __future__ import annotations

import pytest

pytest.importorskip("reportlab")

import pagetext
from pagetext.geometry import Box
from pagetext.tables.gutters import justified, page_gutters
from pagetext.tables.records import TextWord
from pagetext.tables.rules import Frame
from tests.tables import heldout_pdfs as hp
from tests.tables import twocol_pdfs as tp
from tests.tables.class_pdfs import Style, grid, only_table, tables

TIMES95 = Style("Times-Roman", 9.5, 11.5)
TIMES11 = Style("Times-Roman", 11, 13)
HELV10 = Style("Helvetica", 10, 12)
GUTTERS = [14.0, 18.0, 30.0]


def _right_edge(gutter: float) -> float:
    return tp.LEFT + tp.COL_W + gutter


@pytest.mark.parametrize("gutter", GUTTERS)
def test_ruled_tables_level_in_both_columns_stay_apart(gutter: float) -> None:
    """The left table's rows stand level with the right table's last rows, its caption and
    prose: no column of the left table reaches across the gutter."""
    left, right = tables(tp.two_columns(TIMES95, gutter, "table", "other table"))
    assert grid(left) == tp.LEFT_TABLE
    assert grid(right) == tp.RIGHT_TABLE
    assert left.bbox.x1 <= tp.LEFT + tp.COL_W + 1
    assert right.bbox.x0 >= _right_edge(gutter) - 1


@pytest.mark.parametrize("gutter", GUTTERS)
@pytest.mark.parametrize("sides", [("table", "prose"), ("prose", "table")])
def test_ruled_table_beside_the_other_columns_prose(gutter: float, sides: tuple[str, str]) -> None:
    table = only_table(tp.two_columns(TIMES95, gutter, *sides), tp.LEFT_TABLE)
    assert table.bbox.width == pytest.approx(tp.COL_W, abs=1)


@pytest.mark.parametrize("style", [TIMES11, HELV10])
@pytest.mark.parametrize(
    "sides",
    [("code", "dashes"), ("dashes", "code"), ("dashes", "dashes"), ("code", "list"), ("list", "list")],
)
def test_code_and_list_items_in_two_columns_are_no_table(style: Style, sides: tuple[str, str]) -> None:
    """Short lines of both columns on shared baselines (code, a nested list's items with
    their markers) are no rows of a table across the page, nor the list one in its column."""
    assert tables(tp.two_columns(style, 18, *sides)) == []


@pytest.mark.parametrize("style", [TIMES95, HELV10])
@pytest.mark.parametrize("width", [150.0, 190.0])
def test_narrow_justified_paragraph_is_no_table(style: Style, width: float) -> None:
    """Four words to a line, justified: the stretched spaces line up like column gaps."""
    assert tables(tp.justified_box(style, 18, width)) == []


def _words(data: bytes) -> list[TextWord]:
    frame = Frame((1.0, 0.0))
    with pagetext.open(data) as doc:
        lines = doc[0].lines()
    return [
        TextWord(w.text, frame.box(w.bbox), i, False, w.font_size, w.glyphs)
        for i, line in enumerate(lines)
        for w in line.words
    ]


@pytest.mark.parametrize("gutter", GUTTERS)
def test_page_gutter_between_the_columns(gutter: float) -> None:
    (found,) = page_gutters(_words(tp.two_columns(TIMES95, gutter, "table", "prose")), [])
    assert tp.LEFT + tp.COL_W < found.x < _right_edge(gutter)
    assert found.top > 700 and found.bottom < 450  # the whole height of both columns


def test_single_column_tables_have_no_gutter() -> None:
    """A table's column gaps are no gutter: its cells do not flow as lines of text do."""
    for data in (hp.statement(TIMES95), hp.prices(HELV10), hp.leadered(HELV10)):
        assert page_gutters(_words(data), []) == []


def _line(texts: list[str], gaps: list[float], width: float = 20.0) -> list[TextWord]:
    words, x = [], 100.0
    for text, gap in zip(texts, [*gaps, 0.0], strict=True):
        words.append(TextWord(text, Box(x, 500, x + width, 509), 0, False, 9.5, ()))
        x += width + gap
    return words


def test_justified_line() -> None:
    stretched = 12.0  # wider than a cell break at this size
    assert justified(_line(["coastal", "marsh", "carbon", "stores"], [stretched] * 3))
    assert justified(_line(["a)", "coastal", "marsh", "carbon", "stores"], [20.0] + [stretched] * 3))
    assert not justified(_line(["coastal", "marsh", "carbon", "stores"], [2.5] * 3))  # one run anyway
    assert not justified(_line(["Bulk", "density", "0.62", "g"], [2.5, 30.0, 20.0]))  # a table's row
    assert not justified(_line(["12.5", "13.1", "14.0", "15.2"], [stretched] * 3))  # amounts
    assert not justified(_line(["Name", "Type", "Size"], [stretched] * 2))  # too few words to tell
