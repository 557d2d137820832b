"""Table classes 8-14 for test_table_classes: rotated headers and pages, section and totals
rows, wrapped cells, captions and footnotes, glued cells (helpers in class_pdfs)."""

from __future__ import annotations

from typing import Any

from tests.tables.class_pdfs import Grid, Style, columns, draw_rows, hrule, pdf, put, width

# 8. Header cells drawn turned 90 degrees (reading upwards) above numeric columns.
VERTICAL: Grid = [
    ["County", "Population", "Households", "Median income"],
    ["Ashford", "132,700", "54,210", "38,400"],
    ["Bexley", "248,300", "97,050", "41,250"],
    ["Dover", "116,400", "50,980", "33,900"],
    ["Kent", "1,578,500", "652,300", "36,700"],
]


def vertical_header(style: Style, gutter: float) -> bytes:
    def draw(c: Any) -> None:
        x0, base = 90.0, 600.0  # base: the line the turned headers start from
        anchors, right = columns(VERTICAL[1:], style, x0, gutter, "lrrr")
        put(c, anchors[0], base + 2, VERTICAL[0][0], style)
        for anchor, text in zip(anchors[1:], VERTICAL[0][1:], strict=True):
            c.saveState()
            c.translate(anchor[0] - style.size * 0.3, base + 2)
            c.rotate(90)
            put(c, (0, "l"), 0, text, style)
            c.restoreState()
        hrule(c, x0, right, base - style.pitch * 0.3)
        draw_rows(c, VERTICAL[1:], anchors, base - style.pitch, style)

    return pdf(draw)


# 9. Section rows: a label across the table with no values, between data rows.
SECTIONS: Grid = [
    ["Item", "2023", "2022"],
    ["Current assets", "", ""],
    ["Cash", "1,250", "980"],
    ["Receivables", "3,400", "3,120"],
    ["Inventory", "2,010", "2,250"],
    ["Non-current assets", "", ""],
    ["Property", "12,800", "13,100"],
    ["Intangibles", "950", "1,020"],
]
# A section label longer than the first column: it runs on under the value columns.
LONG_SECTION = "Non-current assets held for sale"


def section_grid(long_label: bool) -> Grid:
    return [
        [LONG_SECTION, "", ""] if long_label and row[0] == "Non-current assets" else row for row in SECTIONS
    ]


def section_rows(style: Style, bold_sections: bool, indent: float, long_label: bool = False) -> bytes:
    bold = {"Helvetica": "Helvetica-Bold", "Times-Roman": "Times-Bold", "Courier": "Courier-Bold"}
    rows = section_grid(long_label)

    def draw(c: Any) -> None:
        x0 = 100.0
        anchors, right = columns(SECTIONS, style, x0, [40.0, 24.0], "lrr")
        for r, row in enumerate(rows):
            y = 700 - r * style.pitch
            section = row[1] == "" and r > 0
            font = bold[style.font] if section and bold_sections else style.font
            cell_style = Style(font, style.size, style.pitch)
            put(c, (x0 if section or r == 0 else x0 + indent, "l"), y, row[0], cell_style)
            for anchor, text in zip(anchors[1:], row[1:], strict=True):
                if text:
                    put(c, anchor, y, text, style)
        hrule(c, x0, right, 700 - style.pitch * 0.3)

    return pdf(draw)


# 10. A totals row after a vertical gap, its numbers in the columns above.
TOTALS: Grid = [
    ["Department", "Staff", "Budget", "Spent"],
    ["Finance", "14", "1,200,000", "1,145,300"],
    ["Legal", "6", "640,000", "602,150"],
    ["Marketing", "21", "2,350,000", "2,410,900"],
    ["Research", "33", "4,100,000", "3,875,400"],
    ["Total", "74", "8,290,000", "8,033,750"],
]


def totals_gap(style: Style, gap_lines: float, rule: bool) -> bytes:
    def draw(c: Any) -> None:
        x0 = 80.0
        anchors, right = columns(TOTALS, style, x0, 28, "lrrr")
        ys = draw_rows(c, TOTALS[:-1], anchors, 700, style)
        total_y = ys[-1] - style.pitch * (1 + gap_lines)
        draw_rows(c, TOTALS[-1:], anchors, total_y, style)
        hrule(c, x0, right, ys[0] - style.pitch * 0.3)
        if rule:
            hrule(c, x0, right, total_y + style.size + 2)

    return pdf(draw)


# 11. A table on a page read turned: /Rotate 90 (or 270) with the content drawn the other way,
# or a landscape table drawn turned on a portrait page.
TURNED: Grid = [
    ["Year", "Exports", "Imports", "Balance", "Growth %"],
    ["2019", "412.6", "398.1", "14.5", "2.1"],
    ["2020", "371.0", "360.4", "10.6", "-4.8"],
    ["2021", "455.2", "441.7", "13.5", "5.3"],
    ["2022", "498.9", "502.3", "-3.4", "3.0"],
]


def turned(style: Style, how: str) -> bytes:
    def table(c: Any) -> None:
        anchors, right = columns(TURNED, style, 100, 16, "lrrrr")
        ys = draw_rows(c, TURNED, anchors, 450, style)
        hrule(c, 100, right, ys[0] + style.size + 2, 0.8)
        hrule(c, 100, right, ys[0] - style.pitch * 0.3)
        hrule(c, 100, right, ys[-1] - style.pitch * 0.3, 0.8)

    def draw(c: Any) -> None:
        # /Rotate turns the page clockwise on screen: the content is drawn turned the other way
        # so that the table reads upright in a viewer.
        if how == "rotate90":
            c.translate(842, 0)
            c.rotate(90)
        elif how == "rotate270":
            c.translate(0, 595)
            c.rotate(-90)
        else:  # drawn turned on a portrait page: the reader turns the page clockwise
            c.translate(595, 0)
            c.rotate(90)
        table(c)

    if how == "drawn":
        return pdf(draw)
    return pdf(draw, size=(842, 595), rotate=90 if how == "rotate90" else 270)


# 12. A cell whose text wraps onto several lines, in a ruled and in a borderless table.
WRAPPED: Grid = [
    ["Code", "Description", "Amount"],
    ["A-101", "Steel beams, galvanised,\ncut to length on site", "4,250.00"],
    ["B-220", "Concrete", "1,980.00"],
    ["C-305", "Scaffolding hire for\nsix weeks, including\nassembly", "3,120.50"],
    ["D-410", "Skip", "240.00"],
]


def wrapped(style: Style, ruled: bool) -> bytes:
    def draw(c: Any) -> None:
        x0 = 90.0
        leading = style.size * 1.2
        pad = 6.0 if ruled else 4.0  # rows stand further apart than the lines of a cell
        anchors, right = columns(WRAPPED, style, x0, 22, "llr")
        y = 700.0
        bounds = [y + style.size + 2]
        for row in WRAPPED:
            for anchor, text in zip(anchors, row, strict=True):
                put(c, anchor, y, text, style, leading)
            y -= leading * row[1].count("\n") + style.pitch + pad
            bounds.append(y + style.size + 2)
        if ruled:
            c.setLineWidth(0.5)
            c.grid(
                [x0 - 5, anchors[1][0] - 11, anchors[2][0] - width("4,250.00", style) - 11, right + 5], bounds
            )
        else:
            hrule(c, x0, right, 700 - style.pitch * 0.3)

    return pdf(draw)


# 13. A running head, a caption above and footnotes below a borderless table.
CAPTIONED: Grid = [
    ["Sector", "Men", "Women", "Total"],
    ["Agriculture", "412", "188", "600"],
    ["Industry", "1,905", "702", "2,607"],
    ["Construction", "688", "71", "759"],
    ["Services", "3,210", "3,904", "7,114"],
]


def captioned(style: Style, header_rule: bool, caption_gap: float = 2.0) -> bytes:
    """caption_gap: baseline of the caption to the header row, in line pitches."""
    small = Style(style.font, style.size - 2, style.pitch)

    def draw(c: Any) -> None:
        x0 = 72.0
        put(c, (x0, "l"), 800, "Labour Force Survey 2022", small)
        put(c, (523, "r"), 800, "Page 12", small)
        hrule(c, x0, 523, 795)
        put(c, (x0, "l"), 740, "Table 3: Employed persons by sector and sex, 2022 (thousands)", style)
        anchors, right = columns(CAPTIONED, style, x0, 36, "lrrr")
        ys = draw_rows(c, CAPTIONED, anchors, 740 - caption_gap * style.pitch, style)
        if header_rule:
            hrule(c, x0, right, ys[0] - style.pitch * 0.3)
        note_y = ys[-1] - caption_gap * style.pitch
        put(c, (x0, "l"), note_y, "Source: National Statistics Office.", small)
        put(c, (x0, "l"), note_y - small.pitch, "a) Provisional figures for 2022.", small)
        put(c, (x0, "l"), note_y - 3 * style.pitch, "Employment grew fastest in services, where", style)
        put(c, (x0, "l"), note_y - 4 * style.pitch, "women now hold more than half of all jobs.", style)

    return pdf(draw)


# 14. Ruled cells whose texts nearly touch across the rule between them.
GLUED: Grid = [
    ["Account", "Balance", "Opened"],
    ["Savings", "1,200.00", "2019-03-01"],
    ["Current", "310.45", "2020-11-15"],
    ["Deposit", "25,000.00", "2021-06-30"],
]


def glued(style: Style, gap: float) -> bytes:
    """`gap`: the white space between a right-aligned amount and the date left-aligned in the
    next cell, across the rule between columns 1 and 2."""

    def draw(c: Any) -> None:
        x0 = 120.0
        w = [max(width(row[i], style) for row in GLUED) for i in range(3)]
        rule = x0 + w[0] + 24 + w[1] + gap / 2
        edges = [x0, x0 + w[0] + 12, rule, rule + gap / 2 + w[2] + 6]
        height = style.pitch * 1.4
        tops = [700 - r * height for r in range(len(GLUED) + 1)]
        c.setLineWidth(0.4)
        c.grid(edges, tops)
        for r, row in enumerate(GLUED):
            y = tops[r] - height / 2 - style.size * 0.35
            put(c, (x0 + 5, "l"), y, row[0], style)
            put(c, (rule - gap / 2, "r"), y, row[1], style)
            put(c, (rule + gap / 2, "l"), y, row[2], style)

    return pdf(draw)
