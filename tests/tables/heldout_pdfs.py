"""Held-out table pages (issue 36): realistic tables drawn independently of class_pdfs, in
other places, fonts, sizes and gutters, each with the grid a reader sees on the rendered page.
More pages in heldout_pdfs_more."""

from __future__ import annotations

from typing import Any

from tests.tables.class_pdfs import Grid, Style, hrule, pdf, put, width

BOLD = {"Helvetica": "Helvetica-Bold", "Times-Roman": "Times-Bold", "Courier": "Courier-Bold"}


def col_widths(rows: Grid, style: Style) -> list[float]:
    return [max(width(row[i], style) for row in rows) for i in range(len(rows[0]))]


def bold(style: Style) -> Style:
    return Style(BOLD[style.font], style.size, style.pitch)


# A. Statement of profit or loss: bold section labels, indented items, amounts in parentheses,
# a single rule over the total and a double rule under it.
STATEMENT: Grid = [
    ["", "2024", "2023", "2022"],
    ["Revenue", "", "", ""],
    ["Sales of goods", "48,215", "45,930", "41,062"],
    ["Services", "12,407", "11,885", "10,214"],
    ["Cost of sales", "(31,660)", "(30,118)", "(27,431)"],
    ["Operating expenses", "", "", ""],
    ["Selling and distribution", "(9,874)", "(9,410)", "(8,702)"],
    ["Administrative expenses", "(6,311)", "(6,052)", "(5,890)"],
    ["Research and development", "(3,205)", "(2,980)", "(2,415)"],
    ["Other operating income", "417", "(96)", "233"],
    ["Operating profit", "9,989", "9,159", "7,071"],
]


def statement(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0, label_w, col_w = 56.0, 250.0, 66.0
        put(c, (x0, "l"), 780, "Consolidated statement of profit or loss", Style(BOLD[style.font], 12, 14))
        put(c, (x0, "l"), 765, "for the year ended 31 December (in thousands of euros)", style)
        rights = [x0 + label_w + col_w * (i + 1) for i in range(3)]
        top = 730.0
        for r, row in enumerate(STATEMENT):
            y = top - r * style.pitch
            section = r > 0 and row[1] == ""
            total = r == len(STATEMENT) - 1
            label_style = bold(style) if section or total else style
            put(c, (x0 if section or total else x0 + 9, "l"), y, row[0], label_style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x, "r"), y, text, bold(style) if r == 0 or total else style)
        last = top - (len(STATEMENT) - 1) * style.pitch
        hrule(c, rights[0] - 50, rights[-1], top - 4, 0.6)
        hrule(c, rights[0] - 50, rights[-1], last + style.size + 1, 0.6)
        hrule(c, rights[0] - 50, rights[-1], last - 4, 0.6)
        hrule(c, rights[0] - 50, rights[-1], last - 6, 0.6)

    return pdf(draw)


# B. Balance sheet extract with leader dots after the labels and a note column.
LEADERED: Grid = [
    ["", "Note", "31.12.2024", "31.12.2023"],
    ["Property, plant and equipment", "12", "84,310", "79,955"],
    ["Right-of-use assets", "13", "6,102", "6,840"],
    ["Goodwill", "14", "22,500", "22,500"],
    ["Deferred tax assets", "9", "1,874", "2,216"],
    ["Non-current assets", "", "114,786", "111,511"],
    ["Inventories", "16", "18,045", "16,372"],
    ["Trade receivables", "17", "25,733", "23,908"],
    ["Cash and cash equivalents", "18", "9,281", "11,047"],
    ["Current assets", "", "53,059", "51,327"],
]


def leadered(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0, dots_to = 64.0, 250.0
        note_x, a1, a2 = 272.0, 360.0, 430.0
        dot = width(". ", style)
        put(c, (x0, "l"), 760, "Statement of financial position (EUR thousand)", bold(style))
        top = 735.0
        for r, row in enumerate(LEADERED):
            y = top - r * style.pitch
            subtotal = r > 0 and row[1] == ""
            s = bold(style) if r == 0 or subtotal else style
            put(c, (x0, "l"), y, row[0], s)
            if r > 0:
                start = x0 + width(row[0], s) + width(" ", s)
                put(c, (start, "l"), y, ". " * int((dots_to - start) / dot), style)
            put(c, (note_x, "l"), y, row[1], s)
            put(c, (a1, "r"), y, row[2], s)
            put(c, (a2, "r"), y, row[3], s)
            if subtotal:
                hrule(c, a1 - 45, a2, y + style.size + 1, 0.5)
        hrule(c, x0, a2, top - 4, 0.8)

    return pdf(draw)


def strip_leaders(rows: Grid) -> Grid:
    """The first column without its trailing leader dots: a reader may copy them or not."""
    return [[row[0].rstrip(". "), *row[1:]] for row in rows]


# C. Booktabs results: a header spanning two sub-columns with a short rule under it, values
# with their uncertainty, decimal-aligned.
RESULTS: Grid = [
    ["", "CIFAR-100", "", "ImageNet", "", ""],
    ["Method", "Top-1", "Top-5", "Top-1", "Top-5", "Params (M)"],
    ["ResNet-50", "77.39 ± 0.21", "93.95 ± 0.12", "76.13 ± 0.08", "92.86 ± 0.05", "25.6"],
    ["DenseNet-121", "78.72 ± 0.30", "94.41 ± 0.18", "74.43 ± 0.11", "91.97 ± 0.07", "8.0"],
    ["ViT-B/16", "81.06 ± 0.44", "95.63 ± 0.20", "79.88 ± 0.15", "94.51 ± 0.09", "86.6"],
    ["MobileNetV3", "69.84 ± 0.52", "90.12 ± 0.33", "75.21 ± 0.10", "92.20 ± 0.06", "5.4"],
    ["Ours", "82.47 ± 0.19", "96.08 ± 0.14", "80.95 ± 0.07", "95.12 ± 0.04", "112.3"],
]


def results(style: Style) -> bytes:
    def point_w(text: str) -> float:  # the width of a value up to its decimal point
        return width(text.split(".")[0], style)

    def draw(c: Any) -> None:
        x0, gutter = 104.0, 18.0
        put(c, (x0, "l"), 640, "Table 2: Classification accuracy (%), mean ± std over 5 runs.", style)
        w = col_widths(RESULTS[1:], style)
        lefts = [x0]
        for i in range(1, 6):
            lefts.append(lefts[-1] + w[i - 1] + gutter)
        right = lefts[-1] + w[-1]
        points = [lefts[i] + max(point_w(row[i]) for row in RESULTS[2:]) for i in range(1, 6)]
        top = 612.0
        hrule(c, x0 - 4, right + 4, top + style.size + 3, 1.0)
        for i, name in ((1, "CIFAR-100"), (3, "ImageNet")):
            mid = (lefts[i] + lefts[i + 1] + w[i + 1]) / 2
            c.setFont(style.font, style.size)
            c.drawCentredString(mid, top, name)
            hrule(c, lefts[i], lefts[i + 1] + w[i + 1], top - 4, 0.4)
        y1 = top - style.pitch
        put(c, (x0, "l"), y1, "Method", style)
        for i in range(1, 6):
            c.drawCentredString(lefts[i] + w[i] / 2, y1, RESULTS[1][i])
        hrule(c, x0 - 4, right + 4, y1 - 5, 0.6)
        for r, row in enumerate(RESULTS[2:]):
            y = y1 - 5 - (r + 1) * style.pitch + 2
            put(c, (x0, "l"), y, row[0], style)
            for i in range(1, 6):
                put(c, (points[i - 1] - point_w(row[i]), "l"), y, row[i], style)
            last = y
        hrule(c, x0 - 4, right + 4, last - 5, 1.0)

    return pdf(draw)


# D. A timetable: many narrow columns of times, zebra rows filled the width of the table.
STATIONS = ["Amsterdam C.", "Amsterdam Zuid", "Schiphol", "Leiden C.", "Den Haag HS", "Delft"]
STATIONS += ["Schiedam C.", "Rotterdam C.", "Dordrecht", "Roosendaal", "Breda"]
TRAINS = ["1901", "2103", "1905", "2107", "1909", "2111", "1913", "2115", "1917"]


def timetable_grid() -> Grid:
    rows: Grid = [["Station", *TRAINS]]
    offsets = [0, 9, 17, 33, 44, 51, 60, 66, 81, 105, 121]
    for s, name in enumerate(STATIONS):
        row = [name]
        for t in range(len(TRAINS)):
            start = 6 * 60 + 15 + t * 30
            fast = t % 2 == 1  # the 21xx trains do not stop at Schiedam and Dordrecht
            if fast and name in ("Schiedam C.", "Dordrecht"):
                row.append("-")
                continue
            m = start + offsets[s] - (4 if fast and s > 6 else 0)
            row.append(f"{m // 60:02d}:{m % 60:02d}")
        rows.append(row)
    return rows


TIMETABLE = timetable_grid()


def timetable(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0, gutter, pad = 38.0, 9.0, 3.0
        w = col_widths(TIMETABLE, style)
        xs = [x0]
        for i in range(1, len(w)):
            xs.append(xs[-1] + w[i - 1] + gutter + (6.0 if i == 1 else 0.0))
        right = xs[-1] + w[-1]
        top = 560.0
        c.setFillGray(0.85)
        for r in range(2, len(TIMETABLE), 2):
            y = top - r * style.pitch - style.pitch * 0.28
            c.rect(x0 - pad, y, right - x0 + 2 * pad, style.pitch, stroke=0, fill=1)
        c.setFillGray(0)
        for r, row in enumerate(TIMETABLE):
            y = top - r * style.pitch
            s = bold(style) if r == 0 else style
            put(c, (x0, "l"), y, row[0], s)
            for i in range(1, len(row)):
                put(c, (xs[i] + w[i], "r"), y, row[i], s)
        hrule(c, x0 - pad, right + pad, top - style.pitch * 0.28, 0.8)
        put(c, (x0, "l"), top + 22, "Intercity Amsterdam - Breda, Monday to Friday", bold(style))

    return pdf(draw)


# E. A price list without rules: left-aligned names, some wrapped onto a second line.
PRICES: Grid = [
    ["SKU", "Product", "Pack", "Price"],
    ["HX-2041", "Hex bolt M8 x 40, zinc plated", "100", "12.90"],
    ["HX-2046", "Hex bolt M10 x 60, zinc plated,\nDIN 931 partial thread", "50", "17.45"],
    ["WS-0810", "Flat washer M8", "200", "4.20"],
    ["NT-3308", "Nylon lock nut M8, stainless\nsteel A2", "100", "9.80"],
    ["AN-1125", "Wall anchor 10 mm", "50", "6.35"],
    ["SC-7740", "Wood screw 5 x 70, countersunk\nhead, Torx T25", "200", "21.10"],
    ["TH-0006", "Threaded rod M6, 1 m", "10", "14.75"],
]


def prices(style: Style) -> bytes:
    def draw(c: Any) -> None:
        xs = [112.0, 176.0, 372.0, 452.0]
        leading = style.size * 1.15
        y = 690.0
        for r, row in enumerate(PRICES):
            s = bold(style) if r == 0 else style
            for x, text, align in zip(xs, row, "lllr", strict=True):
                put(c, (x, align), y, text, s, leading)
            y -= style.pitch + leading * row[1].count("\n")
        put(c, (112, "l"), 720, "Fasteners - trade prices in EUR, excl. VAT (valid from 1 March)", style)

    return pdf(draw)
