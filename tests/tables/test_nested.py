"""A table set inside one cell of a ruled page layout (a form drawn as a grid) is a table of
its own, not text flattened into that cell."""

from __future__ import annotations

from typing import Any

from tests.tables.test_finder import _grid, _pdf, _tables

INNER = [
    ["Item", "Qty", "Amount"],
    ["Paper", "12", "48.00"],
    ["Toner", "2", "130.50"],
    ["Pens", "40", "16.00"],
]


def test_a_table_inside_a_layout_cell_is_its_own_table() -> None:
    def draw(c: Any) -> None:
        c.grid([50, 300, 550], [780, 700, 560, 480])  # a 2 x 3 layout of boxes
        c.setFont("Helvetica", 10)
        c.drawString(60, 760, "Supplier: Acme Office Ltd")
        c.drawString(310, 760, "Order no. 4471")
        c.drawString(60, 540, "Signed: J. Smith")
        c.drawString(310, 540, "Date: 3 March 2026")
        c.drawString(60, 680, "Delivery address")
        c.drawString(60, 666, "12 High Street, Leeds")
        for r, row in enumerate(INNER):  # the order lines, in the right-hand middle box
            y = 680 - 16 * r
            c.drawString(310, y, row[0])
            c.drawRightString(430, y, row[1])
            c.drawRightString(530, y, row[2])

    tables = _tables(_pdf(draw))
    grids = [_grid(t) for t in tables]
    assert INNER in grids
    layout = next(g for g in grids if g != INNER)
    assert layout[1] == ["Delivery address\n12 High Street, Leeds", ""]
