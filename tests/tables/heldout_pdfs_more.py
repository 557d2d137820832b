"""Held-out table pages, continued: a ruled invoice, turned headers, a captioned table with a
footnote, two captioned tables side by side, turned tables, a table in a two-column text page,
a bank statement, a league table and two-line header cells."""

from __future__ import annotations

from typing import Any

from tests.tables.class_pdfs import Grid, Style, hrule, pdf, put
from tests.tables.heldout_pdfs import bold, col_widths

# F. A ruled invoice: full grid, "Subtotal" and "Total" cells spanning three columns, a notes
# cell spanning the whole width with three lines of text.
NOTES = (
    "Notes: payment due within 30 days of the invoice date.\n"
    "Bank: IBAN DE44 5001 0517 5407 3249 31\n"
    "Please quote invoice number 2024-0318 with your payment."
)
INVOICE: Grid = [
    ["Description", "Qty", "Unit price", "Amount"],
    ["Website redesign, phase 1", "1", "4,800.00", "4,800.00"],
    ["Content migration (hours)", "24", "85.00", "2,040.00"],
    ["Hosting, 12 months", "12", "39.00", "468.00"],
    ["Domain renewal", "2", "18.50", "37.00"],
    ["Subtotal", "", "", "7,345.00"],
    ["VAT 19%", "", "", "1,395.55"],
    ["Total", "", "", "8,740.55"],
    [NOTES, "", "", ""],
]


def invoice(style: Style) -> bytes:
    def draw(c: Any) -> None:
        edges = [66.0, 300.0, 350.0, 440.0, 530.0]
        leading = style.size * 1.2
        heights = [style.pitch * 1.5] * 8 + [leading * 2 + style.pitch * 1.5]
        tops = [650.0]
        for h in heights:
            tops.append(tops[-1] - h)
        c.setLineWidth(0.5)
        for y in tops:
            c.line(edges[0], y, edges[-1], y)
        for r, row in enumerate(INVOICE):
            spanned = r >= 5
            for i, x in enumerate(edges):
                inner = 0 < i < len(edges) - 1
                if (r == 8 and inner) or (spanned and i in (1, 2)):
                    continue
                c.line(x, tops[r], x, tops[r + 1])
            y = tops[r] - style.pitch * 0.5 - style.size * 0.8
            s = bold(style) if r in (0, 7) else style
            if r == 8:
                put(c, (edges[0] + 5, "l"), y, row[0], style, leading)
            elif spanned:
                put(c, (edges[3] - 5, "r"), y, row[0], s)
                put(c, (edges[4] - 5, "r"), y, row[3], s)
            else:
                put(c, (edges[0] + 5, "l"), y, row[0], s)
                for i in range(1, 4):
                    put(c, (edges[i + 1] - 5, "r"), y, row[i], s)
        put(c, (66, "l"), 700, "INVOICE 2024-0318", Style("Helvetica-Bold", 14, 16))
        put(c, (66, "l"), 680, "Date: 18 March 2024", style)

    return pdf(draw)


# G. Headers turned 90 degrees over nine narrow numeric columns.
VACCINES = ["Measles", "Polio", "Hepatitis B", "Diphtheria", "Tetanus", "Pertussis", "Rotavirus"]
VACCINES += ["Pneumococcal"]
COVERAGE: Grid = [
    ["Country", *VACCINES],
    ["Austria", "94", "85", "85", "85", "85", "85", "74", "87"],
    ["Belgium", "96", "98", "97", "98", "98", "98", "86", "94"],
    ["Czechia", "96", "94", "94", "94", "94", "94", "18", "72"],
    ["Finland", "94", "90", "25", "90", "90", "90", "91", "86"],
    ["Portugal", "99", "99", "98", "99", "99", "99", "55", "98"],
    ["Slovenia", "93", "93", "86", "93", "93", "93", "31", "63"],
]


def turned_header(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0, first_w, col_w, base = 150.0, 70.0, 26.0, 600.0
        rights = [x0 + first_w + col_w * (i + 1) for i in range(8)]
        c.setLineWidth(0.8)
        c.line(x0, base + 70, rights[-1] + 2, base + 70)
        put(c, (x0, "l"), base + 4, "Country", bold(style))
        for x, text in zip(rights, VACCINES, strict=True):
            c.saveState()
            c.translate(x - 2, base + 4)
            c.rotate(90)
            put(c, (0, "l"), 0, text, bold(style))
            c.restoreState()
        hrule(c, x0, rights[-1] + 2, base - 2, 0.5)
        for r, row in enumerate(COVERAGE[1:]):
            y = base - 2 - (r + 1) * style.pitch
            put(c, (x0, "l"), y, row[0], style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x - 2, "r"), y, text, style)
        hrule(c, x0, rights[-1] + 2, y - 4, 0.8)
        put(c, (x0, "l"), base + 82, "Vaccination coverage of one-year-olds, 2022 (%)", style)

    return pdf(draw)


# H. A table under its caption, with a footnote under it and body text around.
INCOME: Grid = [
    ["Region", "2019", "2021", "2023", "Change (%)"],
    ["North", "31,240", "32,015", "33,870", "8.4"],
    ["East", "27,905", "28,110", "29,460", "5.6"],
    ["South", "35,118", "35,902", "37,655", "7.2"],
    ["West", "29,760", "30,480", "31,004", "4.2"],
    ["Capital", "41,330", "42,975", "45,210", "9.4"],
]
ABOVE = [
    "Household incomes rose in every region over the period, although the gap between the",
    "capital and the other regions widened further, as Table 4 shows.",
]
BELOW = [
    "The smallest increase was recorded in the West, where manufacturing employment fell",
    "for the third year in a row.",
]


def captioned_footnote(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0 = 84.0
        small = Style(style.font, style.size - 2, style.pitch - 2)
        for k, line in enumerate(ABOVE):
            put(c, (x0, "l"), 720 - k * style.pitch, line, style)
        put(c, (x0, "l"), 680, "Table 4. Median disposable household income by region (EUR)", bold(style))
        rights = [x0 + 60 + 70 * (i + 1) for i in range(4)]
        top = 680 - style.pitch * 1.8
        hrule(c, x0, rights[-1], top + style.size + 3, 0.8)
        for r, row in enumerate(INCOME):
            y = top - r * style.pitch
            put(c, (x0, "l"), y, row[0], style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x, "r"), y, text, style)
            if r == 0:
                hrule(c, x0, rights[-1], y - 4, 0.4)
        hrule(c, x0, rights[-1], y - 4, 0.8)
        note_y = y - 4 - small.pitch
        put(c, (x0, "l"), note_y + 3, "a", Style(style.font, style.size - 4, 0))
        put(c, (x0 + 4, "l"), note_y, "Adjusted for inflation with the 2023 consumer price index.", small)
        for k, line in enumerate(BELOW):
            put(c, (x0, "l"), note_y - 2.2 * style.pitch - k * style.pitch, line, style)

    return pdf(draw)


# I. Two small tables side by side, each under its own caption.
FLEET: Grid = [
    ["Type", "Units", "Avg. age"],
    ["Buses", "412", "7.9"],
    ["Trams", "118", "14.2"],
    ["Metro cars", "264", "21.5"],
    ["Ferries", "6", "18.0"],
]
FUEL: Grid = [
    ["Fuel", "2022", "2023", "Share"],
    ["Diesel", "18.4", "15.1", "41%"],
    ["Electric", "12.9", "14.8", "40%"],
    ["CNG", "4.2", "3.9", "11%"],
    ["Hydrogen", "0.6", "1.1", "3%"],
    ["Other", "2.0", "1.8", "5%"],
]


def two_captioned(style: Style) -> bytes:
    def one(c: Any, rows: Grid, x0: float, caption: str) -> None:
        w = col_widths(rows, style)
        rights = [x0 + w[0] + 28]
        for i in range(1, len(w) - 1):
            rights.append(rights[-1] + w[i + 1] + 20)
        right = rights[-1]
        top = 600.0
        put(c, (x0, "l"), top + 2 * style.pitch, caption, bold(style))
        hrule(c, x0, right, top + style.size + 3, 0.8)
        for r, row in enumerate(rows):
            y = top - r * style.pitch
            put(c, (x0, "l"), y, row[0], style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x, "r"), y, text, style)
        hrule(c, x0, right, top - 4, 0.4)
        hrule(c, x0, right, y - 4, 0.8)

    def draw(c: Any) -> None:
        one(c, FLEET, 70.0, "Table 1. Fleet in service")
        one(c, FUEL, 318.0, "Table 2. Energy use (GWh)")

    return pdf(draw)


# J. A wide quarterly table on a landscape page: upright, shown turned by /Rotate 90, or drawn
# turned on a portrait page.
QUARTERS: Grid = [
    ["Indicator", "Q1 2022", "Q2 2022", "Q3 2022", "Q4 2022", "Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023"],
    ["GDP growth (%)", "0.6", "0.9", "0.4", "-0.1", "0.1", "0.2", "-0.1", "0.0"],
    ["Unemployment (%)", "6.8", "6.7", "6.6", "6.6", "6.5", "6.4", "6.5", "6.4"],
    ["Inflation (%)", "6.1", "8.0", "9.3", "10.0", "8.0", "6.2", "4.9", "2.9"],
    ["Policy rate (%)", "0.00", "0.00", "1.25", "2.50", "3.50", "4.00", "4.50", "4.50"],
    ["Exports (bn)", "712.4", "738.0", "745.9", "751.2", "749.8", "741.3", "736.5", "744.0"],
]


def quarterly(style: Style, how: str) -> bytes:
    def table(c: Any, x0: float, top: float) -> None:
        w = col_widths(QUARTERS, style)
        rights = [x0 + w[0] + 30 + 52 * i for i in range(8)]
        for r, row in enumerate(QUARTERS):
            y = top - r * style.pitch - (3.0 if r else 0.0)  # room for the rule under the header
            put(c, (x0, "l"), y, row[0], bold(style) if r == 0 else style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x, "r"), y, text, bold(style) if r == 0 else style)
        hrule(c, x0, rights[-1], top + style.size + 3, 0.8)
        hrule(c, x0, rights[-1], top - 4, 0.4)
        hrule(c, x0, rights[-1], y - 4, 0.8)
        put(c, (x0, "l"), top + 2.5 * style.pitch, "Key economic indicators, 2022-2023", bold(style))

    def draw(c: Any) -> None:
        if how == "upright":
            table(c, 120, 420)
        elif how == "rotate90":
            c.translate(595, 0)  # a 595 x 842 page shown turned clockwise: draw the other way
            c.rotate(90)
            table(c, 120, 420)
        else:  # a sideways table: its top towards the left edge, the page number upright
            c.saveState()
            c.translate(595, 0)
            c.rotate(90)
            table(c, 150, 380)
            c.restoreState()
            put(c, (297, "l"), 40, "23", style)

    if how == "upright":
        return pdf(draw, size=(842, 595))
    if how == "rotate90":
        return pdf(draw, size=(842, 595), rotate=90)  # reportlab swaps the box of a turned page
    return pdf(draw)
