"""Issue 36: one small PDF per table class, nobody's corpus, each variant in other fonts, sizes
and widths; the test asserts the tables and cells a reader sees on the rendered page."""

from __future__ import annotations

import pytest

pytest.importorskip("reportlab")

from tests.tables import class_pdfs as cp
from tests.tables import class_pdfs_more as cm
from tests.tables.class_pdfs import Style, grid, only_table, tables

HELV10 = Style("Helvetica", 10, 14)
HELV9 = Style("Helvetica", 9, 13)
HELV7 = Style("Helvetica", 7, 10)
TIMES9 = Style("Times-Roman", 9, 12)
TIMES11 = Style("Times-Roman", 11, 15)
COUR8 = Style("Courier", 8, 11)
COUR9 = Style("Courier", 9, 12)


@pytest.mark.parametrize(
    ("style", "header_rule", "cell_fills"),
    [
        (HELV10, False, False),
        (TIMES9, True, False),
        (COUR9, False, False),
        (HELV9, False, True),
    ],
    ids=["helv", "times-rule", "cour", "helv-cell-fills"],
)
def test_zebra_shading(style: Style, header_rule: bool, cell_fills: bool) -> None:
    only_table(cp.zebra(style, header_rule, cell_fills), cp.ZEBRA)


@pytest.mark.parametrize(
    ("style", "gutter", "filled"),
    [(TIMES11, 20.0, False), (COUR8, 14.0, False), (HELV9, 16.0, True)],
    ids=["times", "cour", "helv-filled"],
)
def test_row_rules_only(style: Style, gutter: float, filled: bool) -> None:
    only_table(cp.row_rules(style, gutter, filled), cp.ROW_RULED)


@pytest.mark.parametrize(("style", "gutter"), [(HELV9, 18.0), (TIMES11, 26.0)], ids=["helv", "times"])
def test_booktabs_rules(style: Style, gutter: float) -> None:
    only_table(cp.booktabs(style, gutter), cp.BOOKTABS)


@pytest.mark.parametrize(
    ("style", "inner_ruled"),
    [
        (HELV10, True),
        (TIMES11, False),
    ],
    ids=["ruled", "aligned"],
)
def test_nested_table_in_a_form_frame(style: Style, inner_ruled: bool) -> None:
    found = tables(cp.nested(style, inner_ruled))
    inner_words = {text for row in cp.INNER[1:] for text in row}
    holding = [t for t in found if any(cell.text in inner_words for cell in t.cells)]
    assert [grid(t) for t in holding] == [cp.INNER]
    # The frame itself, if it is reported, is its 2x2 boxes with the small table left out.
    others = [t for t in found if t not in holding]
    assert all((t.n_rows, t.n_cols) == (2, 2) for t in others), [grid(t) for t in others]


@pytest.mark.parametrize(
    ("style", "gutter", "gap", "rules"),
    [(HELV10, 12.0, 45.0, False), (TIMES9, 14.0, 32.0, True), (COUR8, 10.0, 40.0, False)],
    ids=["helv-45", "times-32-rules", "cour-40"],
)
def test_two_tables_side_by_side(style: Style, gutter: float, gap: float, rules: bool) -> None:
    found = tables(cp.side_by_side(style, gutter, gap, rules))
    assert [grid(t) for t in found] == [cp.LEFT_T, cp.RIGHT_T]


@pytest.mark.parametrize(
    ("style", "gutter", "n_values"),
    [
        (HELV7, 6.0, 11),
        (TIMES9, 8.0, 8),
        (COUR8, 10.0, 9),
        (HELV9, 7.0, 10),
    ],
    ids=["helv7-6pt-11", "times9-8pt-8", "cour8-10pt-9", "helv9-7pt-10"],
)
def test_right_aligned_numbers_narrow_gutters(style: Style, gutter: float, n_values: int) -> None:
    data, expected = cp.numeric(style, gutter, n_values)
    only_table(data, expected)


@pytest.mark.parametrize(
    ("style", "room", "wrapped"),
    [
        (HELV10, 3.0, False),
        (TIMES11, 4.0, False),
        (HELV9, 3.5, True),
    ],
    ids=["helv-3pt", "times-4pt", "helv-wrapped"],
)
def test_long_word_nearly_fills_a_gutter(style: Style, room: float, wrapped: bool) -> None:
    data, expected = cp.long_word(style, room, wrapped)
    only_table(data, expected)


@pytest.mark.parametrize(("style", "gutter"), [(HELV9, 14.0), (TIMES11, 18.0)], ids=["helv", "times"])
def test_vertical_header_text(style: Style, gutter: float) -> None:
    data = cm.vertical_header(style, gutter)
    only_table(data, cm.VERTICAL)
    (table,) = tables(data)
    assert table.header_rows == 1


@pytest.mark.parametrize(
    ("style", "bold", "indent", "long_label"),
    [(HELV10, True, 10.0, False), (TIMES9, False, 0.0, False), (HELV9, True, 8.0, True)],
    ids=["helv-bold", "times-plain", "helv-long-label"],
)
def test_section_rows(style: Style, bold: bool, indent: float, long_label: bool) -> None:
    only_table(cm.section_rows(style, bold, indent, long_label), cm.section_grid(long_label))


@pytest.mark.parametrize(
    ("style", "gap_lines", "rule"),
    [(HELV10, 1.5, False), (TIMES11, 2.0, False), (COUR8, 1.5, True)],
    ids=["helv-1.5", "times-2", "cour-1.5-rule"],
)
def test_totals_row_after_a_gap(style: Style, gap_lines: float, rule: bool) -> None:
    only_table(cm.totals_gap(style, gap_lines, rule), cm.TOTALS)


@pytest.mark.parametrize(
    ("style", "how"),
    [(HELV10, "rotate90"), (TIMES11, "rotate270"), (HELV9, "drawn")],
    ids=["rotate90", "rotate270", "drawn-turned"],
)
def test_turned_page_table_read_upright(style: Style, how: str) -> None:
    only_table(cm.turned(style, how), cm.TURNED)


@pytest.mark.parametrize(
    ("style", "ruled"),
    [
        (TIMES11, True),
        (HELV9, False),
    ],
    ids=["ruled", "borderless"],
)
def test_wrapped_cell_text(style: Style, ruled: bool) -> None:
    only_table(cm.wrapped(style, ruled), cm.WRAPPED)


@pytest.mark.parametrize(
    ("style", "header_rule", "gap"),
    [(TIMES11, True, 2.0), (HELV9, False, 2.0), (HELV10, True, 1.3), (COUR9, False, 1.4)],
    ids=["times-rule", "helv-plain", "helv-rule-close", "cour-plain-close"],
)
def test_caption_header_and_footnote_outside_the_table(style: Style, header_rule: bool, gap: float) -> None:
    only_table(cm.captioned(style, header_rule, gap), cm.CAPTIONED)


@pytest.mark.parametrize(
    ("style", "gap"), [(HELV10, 2.8), (TIMES11, 2.75), (COUR9, 5.4)], ids=["helv", "times", "cour"]
)
def test_glued_cells_in_a_ruled_grid(style: Style, gap: float) -> None:
    only_table(cm.glued(style, gap), cm.GLUED)
