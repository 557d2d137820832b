"""Held-out table pages, last part: a table inside the left column of a two-column text page,
a bank statement in a monospaced font, a league table and header cells on two lines."""

from __future__ import annotations

from typing import Any

from reportlab.lib.utils import simpleSplit

from tests.tables.class_pdfs import Grid, Style, hrule, pdf, put
from tests.tables.heldout_pdfs import bold, col_widths

PROSE = (
    "Coastal wetlands store large amounts of carbon in their soils, yet their extent has declined "
    "steadily over the last century. We measured sediment accretion and organic carbon content at "
    "twelve sites along the estuary between 2019 and 2023, using marker horizons and cores taken "
    "at low tide. Sites were chosen to cover the gradient from the freshwater reaches to the "
    "outer marsh, and each was visited four times a year. "
)
PROSE_2 = (
    "Accretion rates were highest in the lower marsh, where tidal flooding is most frequent, and "
    "fell towards the upland edge. Carbon burial followed the same pattern but varied more between "
    "years, which we attribute to storm deposits in the winter of 2021. The parameters of the "
    "model used to scale the measurements to the whole estuary are listed in the table. "
)
PARAMS: Grid = [
    ["Parameter", "Value", "Unit"],
    ["Bulk density", "0.62", "g cm-3"],
    ["Organic carbon", "4.8", "%"],
    ["Accretion rate", "5.1", "mm yr-1"],
    ["Marsh area", "38.7", "km2"],
    ["Tidal range", "3.4", "m"],
]


def paragraph(c: Any, text: str, x0: float, y: float, col_w: float, style: Style) -> float:
    """Justified lines of text from baseline y down; the baseline after the last line."""
    lines = simpleSplit(text, style.font, style.size, col_w)
    for k, line in enumerate(lines):
        t = c.beginText(x0, y)
        t.setFont(style.font, style.size)
        spaces = line.count(" ")
        if k < len(lines) - 1 and spaces:
            t.setWordSpace((col_w - c.stringWidth(line, style.font, style.size)) / spaces)
        t.textLine(line)
        c.drawText(t)
        y -= style.pitch
    return y


def two_column_page(style: Style, table_style: Style) -> bytes:
    def draw(c: Any) -> None:
        left, right, col_w = 56.0, 313.0, 226.0
        y = paragraph(c, PROSE + PROSE_2, left, 770, col_w, style)
        y -= style.pitch
        put(c, (left, "l"), y, "Table 1. Model parameters.", bold(table_style))
        top = y - 2 * table_style.pitch
        w = col_widths(PARAMS, table_style)
        xs = [(left + 12, "l"), (left + 12 + w[0] + 34 + w[1], "r"), (left + 12 + w[0] + 56 + w[1], "l")]
        end = xs[2][0] + w[2]
        hrule(c, left + 8, end + 4, top + table_style.size + 3, 0.8)
        for r, row in enumerate(PARAMS):
            ty = top - r * table_style.pitch
            for anchor, text in zip(xs, row, strict=True):
                put(c, anchor, ty, text, bold(table_style) if r == 0 else table_style)
        hrule(c, left + 8, end + 4, top - 3, 0.4)
        hrule(c, left + 8, end + 4, ty - 4, 0.8)
        y = ty - 2.2 * style.pitch
        y = paragraph(c, PROSE_2 + PROSE, left, y, col_w, style)
        ry = 770.0
        for text in (PROSE_2, PROSE, PROSE + PROSE_2, PROSE_2):
            ry = paragraph(c, text, right, ry, col_w, style) - style.pitch * 0.6

    return pdf(draw)


# K. A bank statement in Courier: dates, descriptions, debit or credit, running balance.
STATEMENT_LINES: Grid = [
    ["Date", "Description", "Debit", "Credit", "Balance"],
    ["01/03/2024", "Opening balance", "", "", "2,431.07"],
    ["02/03/2024", "Card payment SUPERMARKT 0412", "84.35", "", "2,346.72"],
    ["04/03/2024", "Salary ACME GMBH", "", "3,180.00", "5,526.72"],
    ["05/03/2024", "Standing order RENT", "1,150.00", "", "4,376.72"],
    ["07/03/2024", "Direct debit STADTWERKE", "96.00", "", "4,280.72"],
    ["11/03/2024", "Transfer from J SMITH", "", "45.50", "4,326.22"],
    ["15/03/2024", "Cash withdrawal ATM 2291", "200.00", "", "4,126.22"],
    ["21/03/2024", "Card payment RAIL TICKETS", "63.90", "", "4,062.32"],
    ["28/03/2024", "Interest", "", "1.84", "4,064.16"],
]


def bank_statement(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0 = 48.0
        w = col_widths(STATEMENT_LINES, style)
        desc = x0 + w[0] + 14
        rights = [desc + w[1] + 14 + w[2]]
        rights += [rights[0] + 14 + w[3], rights[0] + 28 + w[3] + w[4]]
        top = 640.0
        put(c, (x0, "l"), top + 40, "ACCOUNT STATEMENT  No. 3/2024   IBAN DE12 3704 0044 0532 0130 00", style)
        for r, row in enumerate(STATEMENT_LINES):
            y = top - r * style.pitch
            put(c, (x0, "l"), y, row[0], style)
            put(c, (desc, "l"), y, row[1], style)
            for x, text in zip(rights, row[2:], strict=True):
                put(c, (x, "r"), y, text, style)
        hrule(c, x0, rights[-1], top - 3, 0.5)
        put(c, (x0, "l"), y - 2 * style.pitch, "Closing balance on 31/03/2024:  EUR 4,064.16", style)

    return pdf(draw)


# L. A league table: ten columns, signed goal difference, bold header.
LEAGUE: Grid = [
    ["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "Pts"],
    ["1", "Riverside United", "34", "24", "6", "4", "71", "28", "+43", "78"],
    ["2", "Northgate Athletic", "34", "22", "7", "5", "64", "31", "+33", "73"],
    ["3", "Harbour City", "34", "19", "8", "7", "58", "37", "+21", "65"],
    ["4", "Old Mill Rovers", "34", "15", "10", "9", "49", "44", "+5", "55"],
    ["5", "St Bride's", "34", "12", "9", "13", "41", "45", "-4", "45"],
    ["6", "Kingsbridge Town", "34", "9", "11", "14", "38", "52", "-14", "38"],
    ["7", "Ashworth Park", "34", "6", "8", "20", "29", "66", "-37", "26"],
]


def league(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0 = 132.0
        w = col_widths(LEAGUE, style)
        team = x0 + 22
        rights = [team + w[1] + 16 + w[2]]
        for i in range(3, 10):
            rights.append(rights[-1] + 12 + w[i])
        top = 500.0
        for r, row in enumerate(LEAGUE):
            y = top - r * style.pitch
            s = bold(style) if r == 0 else style
            put(c, (x0 + w[0], "r"), y, row[0], s)
            put(c, (team, "l"), y, row[1], s)
            for x, text in zip(rights, row[2:], strict=True):
                put(c, (x, "r"), y, text, s)
        hrule(c, x0 - 2, rights[-1] + 2, top - 3.5, 0.6)

    return pdf(draw)


# M. Header cells on two lines, set on the baseline of the lower line.
SEGMENTS: Grid = [
    ["Segment", "Revenue", "Operating\nincome", "Capital\nexpenditure", "Employees"],
    ["Industrial", "4,812", "603", "211", "11,420"],
    ["Healthcare", "2,975", "418", "146", "6,905"],
    ["Consumer", "1,634", "97", "58", "4,112"],
    ["Energy", "3,208", "352", "390", "5,870"],
]


def two_line_header(style: Style) -> bytes:
    def draw(c: Any) -> None:
        x0 = 76.0
        rights = [x0 + 150 + 82 * i for i in range(4)]
        top, leading = 660.0, style.size * 1.1
        put(c, (x0, "l"), top, SEGMENTS[0][0], bold(style))
        for x, text in zip(rights, SEGMENTS[0][1:], strict=True):
            lines = text.split("\n")
            put(c, (x, "r"), top + leading * (len(lines) - 1), text, bold(style), leading)
        hrule(c, x0, rights[-1], top - 4, 0.6)
        for r, row in enumerate(SEGMENTS[1:]):
            y = top - (r + 1) * style.pitch - 2
            put(c, (x0, "l"), y, row[0], style)
            for x, text in zip(rights, row[1:], strict=True):
                put(c, (x, "r"), y, text, style)
        hrule(c, x0, rights[-1], y - 4, 0.6)
        put(c, (x0, "l"), top + 40, "Segment information 2024 (EUR million)", bold(style))

    return pdf(draw)
