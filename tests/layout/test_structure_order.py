"""order="structure" and order="auto", with the per-page trust check."""

from __future__ import annotations

import pagetext
from pagetext.errors import UsageError
from tests.pdfbuild import add_page, new_pdf, to_bytes
from tests.structure.tagged import build, element, tagged_page

# Drawn bottom line first; the tree reads "Second" before "First" (neither stream nor page order).
CONTENT = (
    b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (Second) Tj EMC ET "
    b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 720 Td (First) Tj EMC ET "
    b"BT /F1 10 Tf 72 600 Td (Untagged) Tj ET"
)


def test_structure_order_differs_from_stream_and_reading_order() -> None:
    page = tagged_page(CONTENT, [element("Document", element("P", 0), element("P", 1))])
    assert page.text(order="content") == "Second\nFirst\nUntagged"
    assert page.text() == "First\nSecond\nUntagged"
    # Untagged text comes last, in reading order.
    assert page.text(order="structure") == "Second\nFirst\nUntagged"
    trust = page.structure_trust
    assert not trust.ok  # 8 of 19 visible letters untagged
    assert trust.reasons == ["the tags cover 58% of the visible text"]
    assert page.text(order="auto") == page.text()


def test_auto_follows_a_trusted_tree() -> None:
    content = CONTENT.replace(b"BT /F1 10 Tf 72 600 Td (Untagged) Tj ET", b"")
    page = tagged_page(content, [element("Document", element("P", 1), element("Caption", 0))])
    assert page.structure_trust.ok and page.structure_trust.reasons == []
    assert page.text(order="auto") == page.text(order="structure") == "First\nSecond"
    try:
        page.text(order="tree")
    except UsageError as error:
        assert "structure" in str(error)
    else:
        raise AssertionError("an unknown order must be refused")


def test_suspects_and_tag_suspect_are_not_trusted() -> None:
    content = CONTENT.replace(b"BT /F1 10 Tf 72 600 Td (Untagged) Tj ET", b"")
    pdf = new_pdf()
    page = add_page(pdf, content)
    build(pdf, page, [element("Document", element("P", 0), element("P", 1))])
    pdf.Root.MarkInfo.Suspects = True
    opened = pagetext.open(to_bytes(pdf))[0]
    assert opened.structure_trust.reasons == ["/MarkInfo /Suspects is true"]
    assert opened.text(order="auto") == "First\nSecond"  # reading order
    suspect = tagged_page(
        b"/TagSuspect <</TagSoftware (x)>> BDC " + content + b" EMC",
        [element("Document", element("P", 0), element("P", 1))],
    )
    assert suspect.structure_trust.reasons == ["TagSuspect content on the page"]


def test_unresolved_parent_tree_entries_break_the_tree() -> None:
    content = CONTENT.replace(b"BT /F1 10 Tf 72 600 Td (Untagged) Tj ET", b"")
    page = tagged_page(content, [element("Document", element("P", 0), element("P", 1))], parent_tree=False)
    assert (
        "broken tree: the /ParentTree resolves 100% of the page's MCIDs to nothing"
        in page.structure_trust.reasons
    )
    assert not page.structure_trust.sound


def test_a_tree_that_jumps_back_up_the_page_is_not_trusted() -> None:
    rows = b"".join(
        b"BT /F1 10 Tf /P <</MCID %d>> BDC 72 %d Td (Line%d) Tj EMC ET " % (i, 700 - 20 * i, i)
        for i in range(8)
    )
    # The tree reads bottom to top: every step jumps back up the page.
    page = tagged_page(rows, [element("Document", *[element("P", i) for i in reversed(range(8))])])
    assert page.structure_trust.reasons == [
        "structure order jumps back up the page 7 times (0 column changes)"
    ]
    assert page.text(order="auto") == page.text() == "\n".join(f"Line{i}" for i in range(8))


def test_table_cells_follow_the_tree_and_column_changes_are_not_jumps() -> None:
    cells = b"".join(
        b"BT /F1 10 Tf /TD <</MCID %d>> BDC %d %d Td (c%d) Tj EMC ET "
        % (i, 72 + 100 * (i % 2), 700 - 20 * (i // 2), i)
        for i in range(6)
    )
    # Cells read column by column, each column bottom-up: jumps inside a table do not count.
    order = [4, 2, 0, 5, 3, 1]
    rows = [
        element("TR", *[element("TD", i) for i in order[:3]]),
        element("TR", *[element("TD", i) for i in order[3:]]),
    ]
    page = tagged_page(cells, [element("Table", *rows)])
    assert page.structure_trust.ok
    assert page.text(order="auto") == "c4\nc2\nc0\nc5\nc3\nc1"


def test_auto_reads_table_cells_by_a_sound_tree_it_does_not_follow() -> None:
    cells = b"".join(
        b"BT /F1 10 Tf /TD <</MCID %d>> BDC %d %d Td (c%d) Tj EMC ET "
        % (i, 72 + 100 * (i % 2), 700 - 20 * (i // 2), i)
        for i in range(6)
    )
    heading = b"BT /F1 10 Tf 72 760 Td (An untagged heading over the table, long enough) Tj ET "
    order = [0, 2, 4, 1, 3, 5]  # the tree reads the cells column by column
    rows = [
        element("TR", *[element("TD", i) for i in order[:3]]),
        element("TR", *[element("TD", i) for i in order[3:]]),
    ]
    page = tagged_page(heading + cells, [element("Table", *rows)])
    trust = page.structure_trust
    assert not trust.ok and trust.sound  # the untagged heading: coverage too low
    # Reading order for the page, but the table's cells as the tree has them.
    heading_line = "An untagged heading over the table, long enough\n"
    assert page.text() == heading_line + "c0 c1\nc2 c3\nc4 c5"
    assert page.text(order="auto") == heading_line + "c0\nc2\nc4\nc1\nc3\nc5"
