"""A table over three PDF pages (reportlab) and a finder standing in for page.tables().

page.tables() (the table finder) is not on this branch: stand_in_finder knows the column
edges build() draws its table on and reads the rows from the page's words, so that
doc.tables() and the tables command can be tested on real pages, lines and furniture.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen import canvas

import pagetext
from pagetext.geometry import Box
from pagetext.page import Page
from pagetext.tables.records import Cell, Table

EDGES = [72.0, 200.0, 300.0, 400.0, 500.0]
ALIGN = 2.0  # points: a word starts a cell when it starts this close to a column's left edge
ROW_STEP = 18.0
HEADER = ["Region", "Date", "Sales", "Share"]


def body_row(n: int) -> list[str]:
    return [f"Region {n}", f"{n % 28 + 1:02d}.03.2024", f"{n}.{n * 7 % 1000:03d},50 €", f"{n % 10},5 %"]


def _row(c: canvas.Canvas, y: float, texts: list[str], bold: bool) -> None:
    c.setFont("Helvetica-Bold" if bold else "Helvetica", 9)
    for x, text in zip(EDGES, texts, strict=False):
        c.drawString(x, y, text)


def build(path: Path, counts: tuple[int, int, int], text_below_first: bool = False) -> Path:
    """Three pages with a running header and footer; a table from the bottom half of page 1
    over all of page 2 to the top of page 3, its header row repeated on each page."""
    c = canvas.Canvas(str(path), pagesize=(612, 792))
    n = 0
    for index, count in enumerate(counts):
        c.setFont("Helvetica", 9)
        c.drawString(72, 760, "Quarterly sales report")
        c.drawString(72, 30, f"Page {index + 1}")
        top = 720.0
        if index == 0:
            c.setFont("Helvetica", 11)
            c.drawString(72, 720, "Sales by region")
            c.drawString(72, 700, "The table below lists every region.")
            top = 660.0
        _row(c, top, HEADER, bold=True)
        for r in range(count):
            _row(c, top - (r + 1) * ROW_STEP, body_row(n), bold=False)
            n += 1
        if index == 0 and text_below_first:
            c.setFont("Helvetica", 11)
            c.drawString(72, 90, "Notes follow.")
        if index == 2:
            c.setFont("Helvetica", 11)
            c.drawString(72, top - (count + 3) * ROW_STEP, "End of report.")
        c.showPage()
    c.save()
    return path


def stand_in_finder(page: Page, hidden: str = "keep") -> list[Table]:
    """The rows of words that start at every column edge, as one table (header: bold rows)."""
    by_baseline: dict[int, list[pagetext.Word]] = {}
    for word in page.words(order="content", hidden=hidden):
        by_baseline.setdefault(round(word.bbox.y0), []).append(word)
    rows = []
    for y in sorted(by_baseline, reverse=True):
        words = sorted(by_baseline[y], key=lambda w: w.bbox.x0)
        if all(any(abs(w.bbox.x0 - edge) <= ALIGN for w in words) for edge in EDGES[:-1]):
            rows.append(words)
    if not rows:
        return []
    cells = []
    for r, words in enumerate(rows):
        for col in range(len(EDGES) - 1):
            inside = [w for w in words if EDGES[col] - ALIGN <= w.bbox.x0 < EDGES[col + 1] - ALIGN]
            box = Box(
                EDGES[col], min(w.bbox.y0 for w in words), EDGES[col + 1], max(w.bbox.y1 for w in words)
            )
            header = all("Bold" in w.font_name for w in words)
            cells.append(Cell(r, col, box, " ".join(w.text for w in inside), header=header, page=page.number))
    header_rows = len([r for r in range(len(rows)) if cells[r * 4].header])
    bbox = Box(EDGES[0], cells[-1].bbox.y0 - 2, EDGES[-1], cells[0].bbox.y1 + 2)
    return [Table(page.number, bbox, len(rows), 4, cells, header_rows, list(EDGES), "aligned", [page.number])]
