"""Small table PDFs drawn with reportlab, one builder per table class, each with the cells a
reader sees on the rendered page. Columns are laid out from the real string widths of the
font, so each variant (font, size, gutter) gives the finder a different geometry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

import pagetext
from pagetext.tables.records import Table
from tests.tables.test_finder import _pdf as pdf

Grid = list[list[str]]
Anchor = tuple[float, str]  # x of a column and how its texts sit on it: "l" starts there, "r" ends there


@dataclass(frozen=True)
class Style:
    """The font of a table's text and its line pitch (baseline to baseline of two rows)."""

    font: str
    size: float
    pitch: float


def tables(data: bytes) -> list[Table]:
    """The page's tables, left to right."""
    with pagetext.open(data) as doc:
        found = doc[0].tables()
    return sorted(found, key=lambda t: (t.bbox.x0, -t.bbox.y1))


def grid(table: Table) -> Grid:
    """n_rows × n_cols texts: a cell's text in its top-left slot, "" in the slots it spans."""
    rows = [[""] * table.n_cols for _ in range(table.n_rows)]
    for cell in table.cells:
        rows[cell.row][cell.col] = cell.text
    return rows


def only_table(data: bytes, expected: Grid) -> Table:
    """Exactly one table on the page, of the expected shape and cells."""
    found = tables(data)
    assert len(found) == 1, [grid(t) for t in found]
    (table,) = found
    assert (table.n_rows, table.n_cols) == (len(expected), len(expected[0])), grid(table)
    assert grid(table) == expected
    return table


def width(text: str, style: Style) -> float:
    return max((stringWidth(line, style.font, style.size) for line in text.split("\n")), default=0.0)


def columns(
    rows: Grid, style: Style, x0: float, gutters: float | list[float], aligns: str
) -> tuple[list[Anchor], float]:
    """Anchors of columns as wide as their widest text, gutters between them; and the right edge."""
    n = len(aligns)
    gaps = gutters if isinstance(gutters, list) else [gutters] * (n - 1)
    widths = [max(width(row[i], style) for row in rows if i < len(row)) for i in range(n)]
    anchors: list[Anchor] = []
    x = x0
    for i, align in enumerate(aligns):
        anchors.append((x + widths[i], "r") if align == "r" else (x, "l"))
        x += widths[i] + (gaps[i] if i < n - 1 else 0.0)
    return anchors, x


def put(c: Any, anchor: Anchor, y: float, text: str, style: Style, leading: float = 0.0) -> None:
    """One cell's text: its lines one under the other, `leading` apart."""
    c.setFont(style.font, style.size)
    for k, line in enumerate(text.split("\n")):
        if anchor[1] == "r":
            c.drawRightString(anchor[0], y - k * leading, line)
        else:
            c.drawString(anchor[0], y - k * leading, line)


def draw_rows(c: Any, rows: Grid, anchors: list[Anchor], top: float, style: Style) -> list[float]:
    """Rows of single-line cells one pitch apart from the baseline `top`; their baselines."""
    ys = [top - r * style.pitch for r in range(len(rows))]
    for row, y in zip(rows, ys, strict=True):
        for anchor, text in zip(anchors, row, strict=False):
            if text:
                put(c, anchor, y, text, style)
    return ys


def hrule(c: Any, x0: float, x1: float, y: float, lw: float = 0.5) -> None:
    c.setLineWidth(lw)
    c.line(x0, y, x1, y)


# 1. Zebra shading: body rows on alternating light grey bands the width of the table.
ZEBRA: Grid = [
    ["Product", "Region", "Units", "Revenue"],
    ["Widget", "North", "120", "1,440.00"],
    ["Gadget", "South", "85", "2,125.50"],
    ["Sprocket", "East", "230", "690.00"],
    ["Gizmo", "West", "42", "1,008.00"],
    ["Doohickey", "North", "17", "340.00"],
    ["Flange", "South", "301", "903.00"],
]


def zebra(style: Style, header_rule: bool, cell_fills: bool = False) -> bytes:
    """cell_fills: each cell of a shaded row filled on its own, white seams between them (as an
    HTML table with border-spacing prints)."""

    def draw(c: Any) -> None:
        x0, gutter, pad, seam = 80.0, 24.0, 5.0, 1.5
        anchors, right = columns(ZEBRA, style, x0, gutter, "llrr")
        widths = [max(width(row[i], style) for row in ZEBRA) for i in range(4)]
        top = 720.0
        lefts = [x0 - pad]
        for w in widths[:-1]:
            lefts.append(lefts[-1] + w + gutter)
        for r in range(1, len(ZEBRA), 2):
            y = top - r * style.pitch - style.pitch * 0.3
            c.setFillGray(0.88)
            if cell_fills:
                for i, left in enumerate(lefts):
                    end = lefts[i + 1] if i + 1 < len(lefts) else right + pad
                    c.rect(left, y + seam / 2, end - left - seam, style.pitch - seam, stroke=0, fill=1)
            else:
                c.rect(x0 - pad, y, right - x0 + 2 * pad, style.pitch, stroke=0, fill=1)
        c.setFillGray(0)
        draw_rows(c, ZEBRA, anchors, top, style)
        if header_rule:
            hrule(c, x0 - pad, right + pad, top - style.pitch * 0.3)

    return pdf(draw)


# 2. Rules between all rows, none between columns.
ROW_RULED: Grid = [
    ["Country", "Capital", "Population", "Area km2"],
    ["Austria", "Vienna", "9,104,772", "83,879"],
    ["Belgium", "Brussels", "11,742,796", "30,689"],
    ["Croatia", "Zagreb", "3,850,894", "56,594"],
    ["Denmark", "Copenhagen", "5,932,654", "42,943"],
    ["Estonia", "Tallinn", "1,365,884", "45,339"],
]


def row_rules(style: Style, gutter: float, filled: bool = False) -> bytes:
    """filled: each rule a thin filled rectangle (as word processors draw them), not a stroke."""

    def draw(c: Any) -> None:
        x0 = 90.0
        anchors, right = columns(ROW_RULED, style, x0, gutter, "llrr")
        ys = draw_rows(c, ROW_RULED, anchors, 700, style)
        below = style.pitch * 0.35
        for y in [ys[0] + style.pitch, *ys]:
            if filled:
                c.rect(x0 - 3, y - below - 0.3, right - x0 + 6, 0.6, stroke=0, fill=1)
            else:
                hrule(c, x0 - 3, right + 3, y - below)

    return pdf(draw)


# 3. Booktabs: a heavy rule above the header, a light one under it, a heavy one at the bottom.
BOOKTABS: Grid = [
    ["Model", "Params", "Accuracy", "F1"],
    ["Baseline", "1.2M", "81.4", "0.79"],
    ["Small", "7.5M", "86.9", "0.85"],
    ["Medium", "31M", "89.2", "0.88"],
    ["Large", "118M", "90.7", "0.90"],
]


def booktabs(style: Style, gutter: float) -> bytes:
    def draw(c: Any) -> None:
        x0 = 150.0
        anchors, right = columns(BOOKTABS, style, x0, gutter, "lrrr")
        head = draw_rows(c, BOOKTABS[:1], anchors, 650, style)
        ys = head + draw_rows(c, BOOKTABS[1:], anchors, head[0] - style.pitch - 4, style)
        hrule(c, x0 - 6, right + 6, ys[0] + style.size + 3, 1.0)
        hrule(c, x0 - 6, right + 6, ys[0] - 5, 0.5)
        hrule(c, x0 - 6, right + 6, ys[-1] - 5, 1.0)

    return pdf(draw)


# 4. A form drawn as a 2x2 ruled frame; its lower left box holds a small table of its own.
INNER: Grid = [
    ["Item", "Qty", "Price"],
    ["Paper A4", "10", "4.50"],
    ["Toner", "2", "61.00"],
    ["Stapler", "1", "8.90"],
]
FORM_TEXT = {
    (0, 0): ["1. Applicant", "Jane Doe", "14 Elm Street, Springfield"],
    (0, 1): ["2. Period", "January to June 2024"],
    (1, 1): ["4. Declaration", "I confirm that the items", "listed are for office use."],
}


def nested(style: Style, inner_ruled: bool) -> bytes:
    def draw(c: Any) -> None:
        xs, ys = [50.0, 300.0, 545.0], [760.0, 640.0, 440.0]
        c.setLineWidth(1)
        c.grid(xs, ys)
        for (r, col), lines in FORM_TEXT.items():
            for k, line in enumerate(lines):
                put(c, (xs[col] + 8, "l"), ys[r] - 16 - k * style.pitch, line, style)
        put(c, (58, "l"), ys[1] - 16, "3. Items ordered", style)
        x0, top = 70.0, ys[1] - 50
        anchors, right = columns(INNER, style, x0 + 5, 30, "lrr")
        rows_y = draw_rows(c, INNER, anchors, top, style)
        if inner_ruled:
            w = [max(width(row[i], style) for row in INNER) for i in range(3)]
            edges = [x0, (anchors[0][0] + w[0] + anchors[1][0] - w[1]) / 2]
            edges += [(anchors[1][0] + anchors[2][0] - w[2]) / 2, right + 5]
            c.setLineWidth(0.5)
            c.grid(edges, [rows_y[0] + style.pitch * 0.7 - r * style.pitch for r in range(len(INNER) + 1)])
        else:
            hrule(c, x0, right + 5, rows_y[0] - style.pitch * 0.3)

    return pdf(draw)


# 5. Two tables side by side on the same baselines.
LEFT_T: Grid = [
    ["City", "Pop.", "Area"],
    ["Lyon", "522,250", "47.9"],
    ["Lille", "236,234", "34.8"],
    ["Nice", "342,669", "71.9"],
    ["Nantes", "320,732", "65.2"],
]
RIGHT_T: Grid = [
    ["River", "Length", "Basin"],
    ["Loire", "1,006", "117,000"],
    ["Seine", "777", "79,000"],
    ["Rhone", "813", "98,000"],
    ["Garonne", "529", "56,000"],
]


def side_by_side(style: Style, gutter: float, gap: float, rules: bool) -> bytes:
    def draw(c: Any) -> None:
        x0 = 70.0
        a_left, right_l = columns(LEFT_T, style, x0, gutter, "lrr")
        a_right, right_r = columns(RIGHT_T, style, right_l + gap, gutter, "lrr")
        ys = draw_rows(c, LEFT_T, a_left, 700, style)
        draw_rows(c, RIGHT_T, a_right, 700, style)
        if rules:
            for lo, hi in ((x0, right_l), (right_l + gap, right_r)):
                hrule(c, lo - 2, hi + 2, ys[0] + style.size + 2, 0.8)
                hrule(c, lo - 2, hi + 2, ys[0] - style.pitch * 0.3)
                hrule(c, lo - 2, hi + 2, ys[-1] - style.pitch * 0.3, 0.8)

    return pdf(draw)


# 6. Many right-aligned amounts with narrow gutters, no rules between the columns.
NUMERIC: Grid = [
    ["", "2013", "2014", "2015", "2016", "2017", "2018", "2019", "2020", "2021", "2022", "2023"],
    [
        "Revenue",
        "1,098",
        "1,176",
        "1,234",
        "1,318",
        "1,402",
        "1,511",
        "1,603",
        "1,287",
        "1,455",
        "1,702",
        "1,845",
    ],
    [
        "Cost of sales",
        "(498)",
        "(530)",
        "(567)",
        "(602)",
        "(644)",
        "(701)",
        "(733)",
        "(690)",
        "(712)",
        "(801)",
        "(866)",
    ],
    ["Gross profit", "600", "646", "667", "716", "758", "810", "870", "597", "743", "901", "979"],
    ["Margin %", "54.6", "54.9", "54.1", "54.3", "54.1", "53.6", "54.3", "46.4", "51.1", "52.9", "53.1"],
    ["Other income", "3.1", "(0.4)", "12.5", "8.0", "(3.2)", "15.1", "9.9", "22.0", "4.4", "(1.0)", "7.7"],
    ["Net result", "351", "388", "412", "455", "470", "521", "566", "301", "489", "610", "655"],
]


def numeric(style: Style, gutter: float, n_values: int) -> tuple[bytes, Grid]:
    rows = [row[:1] + row[len(row) - n_values :] for row in NUMERIC]  # the latest n_values years

    def draw(c: Any) -> None:
        x0 = 60.0
        anchors, right = columns(rows, style, x0, [24.0] + [gutter] * n_values, "l" + "r" * n_values)
        ys = draw_rows(c, rows, anchors, 700, style)
        hrule(c, x0, right, ys[0] + style.size + 2, 0.8)
        hrule(c, x0, right, ys[0] - style.pitch * 0.3)
        hrule(c, x0, right, ys[-1] - style.pitch * 0.3, 0.8)

    return pdf(draw), rows


# 7. One row's long word nearly fills the gutter that separates two columns everywhere else.
LONG_WORD = "Telecommunicationsinfrastructure"
LONG: Grid = [
    ["Sector", "Description", "Share"],
    ["Agriculture", "Crops and livestock", "12.4"],
    [LONG_WORD, "Networks and towers", "8.1"],
    ["Mining", "Ores and quarrying", "3.7"],
    ["Retail", "Shops and markets", "15.9"],
    ["Transport", "Rail, road and air", "6.2"],
]


def long_word(style: Style, room: float, wrapped: bool) -> tuple[bytes, Grid]:
    """`room`: the space left between the long word and the next column."""
    expected = [row[:] for row in LONG]
    if wrapped:
        expected[3][1] = "Ores, quarrying and\noil extraction"

    def draw(c: Any) -> None:
        x0 = 80.0
        col1 = x0 + width(LONG_WORD, style) + room
        anchors = [(x0, "l"), (col1, "l"), (col1 + width("Crops and livestock", style) + 60, "r")]
        y = 700.0
        for row in expected:
            for anchor, text in zip(anchors, row, strict=True):
                put(c, anchor, y, text, style, leading=style.size * 1.15)
            y -= style.pitch + style.size * 1.15 * row[1].count("\n")
        hrule(c, x0, anchors[2][0], 700 - style.pitch * 0.3)

    return pdf(draw), expected
