"""Tables continued across pages merged: furniture between, column structure, repeated headers."""

from __future__ import annotations

from pagetext.geometry import Box
from pagetext.layout.records import Line
from pagetext.tables.merge import PageTables, merge_runs, page_tables
from pagetext.tables.records import Table
from tests.tables.build import LEFT, build_table

HEADER = ["Region", "Quarter", "Sales", "Share"]


def line(text: str, y: float, role: str = "", x: float = 72.0) -> Line:
    box = Box(x, y, x + 200, y + 10)
    quad = ((box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1))
    return Line(text, box, quad, (1.0, 0.0), "Helvetica", 10.0, (), role)


def rows(first: int, count: int) -> list[list[str]]:
    return [[f"R{n}", f"Q{n % 4 + 1}", f"{n * 100}", f"{n}%"] for n in range(first, first + count)]


def piece(
    page: int,
    body: list[list[str]],
    header: bool = True,
    top: float = 700.0,
    left: float = LEFT,
    widths: list[float] | None = None,
) -> Table:
    """A part of the table: its header row (unless header=False) and these body rows."""
    return build_table([HEADER, *body] if header else body, 1 if header else 0, page, top, left, widths)


def whole(page: int, table: Table) -> PageTables:
    return PageTables(page, [table], first_at_top=True, last_at_bottom=True)


def test_three_pages_with_a_repeated_header_merge_into_one() -> None:
    parts = [piece(1, rows(0, 3)), piece(2, rows(3, 4)), piece(3, rows(7, 2))]
    merged = merge_runs([whole(n + 1, t) for n, t in enumerate(parts)])
    assert len(merged) == 1
    table = merged[0]
    assert table.to_list() == [HEADER, *rows(0, 9)]
    assert (table.n_rows, table.header_rows, table.pages) == (10, 1, [1, 2, 3])
    assert table.merged_from == [
        "page 2: same 5 column edges within 2 pt; repeated header dropped",
        "page 3: same 5 column edges within 2 pt; repeated header dropped",
    ]
    assert [c.page for c in table.cells if c.col == 0] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    assert sum(c.header for c in table.cells) == 4
    assert [t.n_rows for t in parts] == [4, 5, 3]  # the parts are left as they were


def test_continuation_without_a_header_merges_by_its_edges() -> None:
    merged = merge_runs([whole(1, piece(1, rows(0, 3))), whole(2, piece(2, rows(3, 2), header=False))])
    assert len(merged) == 1
    assert merged[0].merged_from == ["page 2: same 5 column edges within 2 pt"]
    assert merged[0].to_list()[1:] == rows(0, 5)


def test_repeated_header_merges_when_the_edges_differ() -> None:
    widths = [80.0, 120.0, 100.0, 100.0]
    merged = merge_runs([whole(1, piece(1, rows(0, 2))), whole(2, piece(2, rows(2, 2), widths=widths))])
    assert len(merged) == 1
    assert merged[0].merged_from == ["page 2: the same 1 header row(s) repeated; repeated header dropped"]


def test_edges_shifted_as_a_whole_merge() -> None:
    merged = merge_runs(
        [whole(1, piece(1, rows(0, 2))), whole(2, piece(2, rows(2, 2), header=False, left=90.0))]
    )
    assert [t.merged_from for t in merged] == [["page 2: same 5 column edges shifted +18.0 pt"]]


def test_different_column_structures_are_not_merged() -> None:
    three = build_table([["a", "b", "c"], ["1", "2", "3"]], page=2)
    other_widths = piece(2, rows(2, 2), header=False, widths=[60.0, 60.0, 150.0, 100.0])
    other_header = build_table([["Name", "Quarter", "Sales", "Share"], *rows(2, 2)], page=2)
    for second in (three, other_widths, other_header):
        merged = merge_runs([whole(1, piece(1, rows(0, 2))), whole(2, second)])
        assert [t.pages for t in merged] == [[1], [2]]
        assert merged[1].merged_from == []


def test_only_consecutive_pages_merge() -> None:
    merged = merge_runs([whole(1, piece(1, rows(0, 2))), whole(3, piece(3, rows(2, 2)))])
    assert [t.pages for t in merged] == [[1], [3]]


def test_table_not_at_the_bottom_of_its_page_is_not_merged() -> None:
    first = piece(1, rows(0, 3), top=400.0)  # ends at y 320
    second = piece(2, rows(3, 2), top=760.0)
    footer = line("Page 1", 30.0, role="footer")
    header = line("Annual report", 800.0, role="header")
    body = line("The figures above are unaudited.", 200.0)

    at_bottom = page_tables(1, [first], [header, footer])
    assert at_bottom.last_at_bottom
    assert not page_tables(1, [first], [header, body, footer]).last_at_bottom
    top = page_tables(2, [second], [header, line("Page 2", 30.0, role="footer")])
    assert top.first_at_top
    assert len(merge_runs([at_bottom, top])) == 1
    pages = [page_tables(1, [first], [header, body, footer]), top]
    assert [t.pages for t in merge_runs(pages)] == [[1], [2]]


def test_text_above_the_continuation_stops_the_merge() -> None:
    first = page_tables(1, [piece(1, rows(0, 2), top=200.0)], [])
    caption = line("Table 2: Costs", 780.0)
    second = page_tables(2, [piece(2, rows(2, 2), top=760.0)], [caption])
    assert not second.first_at_top
    assert [t.pages for t in merge_runs([first, second])] == [[1], [2]]


def test_lines_inside_a_table_are_its_own() -> None:
    table = piece(1, rows(0, 3), top=300.0)
    inside = line("R1 Q2 100 1%", 250.0)
    assert page_tables(1, [table], [inside]).last_at_bottom


def test_the_lowest_of_several_tables_continues() -> None:
    upper = build_table([["x", "y"], ["1", "2"]], top=700.0)
    lower = piece(1, rows(0, 2), top=400.0)
    found = page_tables(1, [lower, upper], [])
    assert found.tables == [upper, lower]
    merged = merge_runs([found, whole(2, piece(2, rows(2, 2)))])
    assert [t.pages for t in merged] == [[1], [1, 2]]


def test_rotated_page_reads_top_and_bottom_as_shown() -> None:
    # /Rotate 90: the shown page's bottom is the right side of user space (large x).
    table = build_table([["a", "b"], ["1", "2"]], left=100.0)  # x 100..300
    left_of_it = Line(
        "note", Box(20, 600, 60, 610), ((20, 600), (60, 600), (60, 610), (20, 610)), (0.0, 1.0), "F", 10, ()
    )
    right_of_it = Line(
        "note",
        Box(400, 600, 440, 610),
        ((400, 600), (440, 600), (440, 610), (400, 610)),
        (0.0, 1.0),
        "F",
        10,
        (),
    )
    assert page_tables(1, [table], [left_of_it], rotation=90).last_at_bottom
    assert not page_tables(1, [table], [left_of_it], rotation=90).first_at_top
    assert not page_tables(1, [table], [right_of_it], rotation=90).last_at_bottom


def test_a_run_over_pages_of_one_table_each_stops_where_a_part_is_not_at_the_bottom() -> None:
    parts = [
        whole(1, piece(1, rows(0, 2))),
        PageTables(2, [piece(2, rows(2, 2))], True, False),
        whole(3, piece(3, rows(4, 2))),
    ]
    assert [t.pages for t in merge_runs(parts)] == [[1, 2], [3]]
