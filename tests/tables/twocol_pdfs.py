"""Two-column text pages drawn with reportlab: a ruled table in one column level with the
other column's text or table, and a column's code, list or narrow justified text level with
the other column's lines. Each column is COL_W wide; the gutter between them is a parameter,
so the finder sees different geometries."""

from __future__ import annotations

from typing import Any

from reportlab.lib.utils import simpleSplit

from tests.tables.class_pdfs import Grid, Style, pdf, put
from tests.tables.heldout_pdfs_text import PROSE, PROSE_2, paragraph

LEFT = 56.0
COL_W = 226.0
ROW_H = 16.5
DASH_INDENT = 14.0  # a list item's text after its dash
ITEM_INDENT = 48.0  # a nested list item's text, its marker a third of the way in

LEFT_TABLE: Grid = [
    ["Containing", "Irreversible", "Submitted"],
    ["Program", "940", "20"],
    ["Years", "depends", "634"],
    ["Incorporate", "544", "associated"],
    ["Existence", "99.1", "9.7"],
]
RIGHT_TABLE: Grid = [
    ["Very", "Makes", "Dealing"],
    ["English", "66.6", "41.1"],
    ["Address", "57.0", "639"],
    ["Complete", "equivalent", "combine"],
    ["Cannot", "41", "surrender"],
    ["Fall", "66.9", "certain"],
]
CODE = ["def scale(area, users):", "    total = area + 98", "    if total > users:", "        return total"]
ITEMS = [
    "Such new versions will be similar in spirit to the present version.",
    "Each version is given a distinguishing version number.",
    "You may extract a single document from such a collection.",
    "The requirement applies to the work as a whole.",
]


def ruled_table(c: Any, rows: Grid, x0: float, top: float, style: Style) -> float:
    """A table ruled all round, its columns a third of the column each; its bottom."""
    xs = [x0 + k * COL_W / 3 for k in range(4)]
    ys = [top - r * ROW_H for r in range(len(rows) + 1)]
    c.setLineWidth(0.5)
    c.grid(xs, ys)
    for r, row in enumerate(rows):
        for x, text in zip(xs, row, strict=False):
            put(c, (x + 4, "l"), ys[r] - ROW_H + 5, text, style)
    return ys[-1]


def justified_line(c: Any, line: str, x0: float, y: float, width: float, style: Style) -> None:
    """One line of text at baseline y, its word spaces stretched to fill `width`."""
    t = c.beginText(x0, y)
    t.setFont(style.font, style.size)
    t.setWordSpace((width - c.stringWidth(line, style.font, style.size)) / max(1, line.count(" ")))
    t.textLine(line)
    c.drawText(t)


def prose_above(c: Any, x0: float, bottom: float, style: Style) -> None:
    """Justified lines from the top of the column down to the baseline `bottom` at most."""
    lines = simpleSplit(PROSE_2 + PROSE, style.font, style.size, COL_W)
    y = 770.0
    while y >= bottom:
        justified_line(c, lines.pop(0), x0, y, COL_W, style)
        y -= style.pitch


def two_columns(style: Style, gutter: float, left: str, right: str) -> bytes:
    """A page of two columns `gutter` apart. The left side is "prose" (paragraphs), "table"
    (prose, then a ruled table, then prose), "code" (prose, a code block, prose), "list"
    (prose, a nested list of items marked "a)" to "d)", prose) or "dashes" (prose, a list of
    items marked with a dash, prose); the right one any of those, or "other table": a ruled
    table whose last two rows stand level with the first two of the left one, then a caption
    and prose."""
    top: list[float] = []

    def column(c: Any, kind: str, x0: float) -> None:
        if kind == "other table":
            bottom = top[0] - 2 * ROW_H
            prose_above(c, x0, bottom + ROW_H * len(RIGHT_TABLE) + style.pitch, style)
            y = ruled_table(c, RIGHT_TABLE, x0, bottom + ROW_H * len(RIGHT_TABLE), style) - style.pitch
            y = paragraph(c, "Table 2. Terms for the distribution of such executables.", x0, y, COL_W, style)
            paragraph(c, PROSE_2 + PROSE, x0, y - style.pitch, COL_W, style)
            return
        y = paragraph(c, PROSE, x0, 770, COL_W, style) - style.pitch
        if kind == "table":
            top.append(y)
            y = ruled_table(c, LEFT_TABLE, x0, y, style) - 2 * style.pitch
        elif kind == "code":
            for line in CODE:
                put(c, (x0 + 12, "l"), y, line, Style("Courier", style.size - 1, style.pitch))
                y -= style.pitch
            y -= style.pitch
        elif kind == "list":
            for marker, item in zip("abcd", ITEMS, strict=True):
                put(c, (x0 + ITEM_INDENT / 3, "l"), y, marker + ")", style)
                y = paragraph(c, item, x0 + ITEM_INDENT, y, COL_W - ITEM_INDENT, style)
            y -= style.pitch
        elif kind == "dashes":
            for item in ITEMS:
                put(c, (x0, "l"), y, "–", style)
                y = paragraph(c, item, x0 + DASH_INDENT, y, COL_W - DASH_INDENT, style)
            y -= style.pitch
        paragraph(c, PROSE_2 + PROSE, x0, y, COL_W, style)

    def draw(c: Any) -> None:
        column(c, left, LEFT)
        column(c, right, LEFT + COL_W + gutter)

    return pdf(draw)


# A paragraph set justified in a narrow box beside the other column: four words to a line,
# its stretched spaces wider than a cell break and lined up from line to line like gutters.
NARROW_LINES = [
    "coastal marsh carbon stores",
    "shrank during recent decades",
    "storms moved sediment inland",
    "tidal creeks carried debris",
    "across lower marsh plains",
    "before the spring tides.",
]


def justified_box(style: Style, gutter: float, width: float) -> bytes:
    """Prose in the left column; in the right one prose, then NARROW_LINES justified to
    `width` (all but the last), then prose."""

    def draw(c: Any) -> None:
        paragraph(c, PROSE_2 + PROSE + PROSE_2, LEFT, 770, COL_W, style)
        x0 = LEFT + COL_W + gutter
        y = paragraph(c, PROSE, x0, 770, COL_W, style) - style.pitch
        for line in NARROW_LINES[:-1]:
            justified_line(c, line, x0, y, width, style)
            y -= style.pitch
        put(c, (x0, "l"), y, NARROW_LINES[-1], style)
        y -= style.pitch
        paragraph(c, PROSE_2, x0, y - style.pitch, COL_W, style)

    return pdf(draw)
