"""Probe pages of forms: a tax form's lines with leader dots, boxed amounts and line numbers on
both sides, under a rotated "Form 1234" title. Each builder returns the PDF and its reading."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from tests.layout.probe_draw import Piece, Probe, draw_row, finish, new_page


def _header(canvas: Canvas) -> list[str]:
    """The form's header block and the rule under it; its lines in reading order."""
    header = [
        "Department of the Treasury - Internal Revenue Service",
        "U.S. Individual Income Tax Return 2024",
        "OMB No. 1545-0074",
    ]
    canvas.setFont("Helvetica", 7)
    canvas.drawString(100, 752, header[0])
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawString(100, 738, header[1])
    canvas.setFont("Helvetica", 7)
    canvas.drawRightString(560, 752, header[2])
    canvas.line(36, 730, 576, 730)
    return header


def _title(canvas: Canvas) -> None:
    """ "Form" over "1234", rotated to read upwards along the header's left edge."""
    canvas.saveState()
    canvas.translate(62, 736)
    canvas.rotate(90)
    canvas.setFont("Helvetica-Bold", 18)
    canvas.drawString(0, 0, "1234")
    canvas.setFont("Helvetica", 7)
    canvas.drawString(0, 18, "Form")
    canvas.restoreState()


def _leaders(x0: float, x1: float) -> str:
    """Leader dots filling x0..x1 in Helvetica 8."""
    return " ." * int((x1 - x0) / stringWidth(" .", "Helvetica", 8))


# A form with a rotated title drawn last

FORM_LINES = [
    ("1", "Wages, salaries, tips, etc. Attach Form(s) W-2", "48,250"),
    ("2a", "Tax-exempt interest", "120"),
    ("2b", "Taxable interest", "1,032"),
    ("3", "Ordinary dividends", "815"),
    ("4", "IRA distributions", "0"),
    ("5", "Pensions and annuities", "2,400"),
    ("6", "Social security benefits", "0"),
    ("7", "Capital gain or (loss)", "(3,000)"),
    ("8", "Add lines 1 through 7. This is your total income", "49,617"),
]


def form(order: str, title: bool = True) -> Probe:
    """Rows drawn whole ("rows") or the amounts after all the labels ("values_last"); the
    rotated "Form 1234" title drawn last, or left out."""
    canvas, buffer = new_page()
    header = _header(canvas)
    rows: list[list[Piece]] = []
    expected: list[str] = []
    for index, (number, label, amount) in enumerate(FORM_LINES):
        y = 710 - index * 16
        dots_x = 60 + stringWidth(label, "Helvetica", 8) + 4
        dots = _leaders(dots_x, 430)
        rows.append(
            [
                (40, y, number, "Helvetica-Bold", 8, "left"),
                (60, y, label, "Helvetica", 8, "left"),
                (dots_x, y, dots, "Helvetica", 8, "left"),
                (446, y, number, "Helvetica-Bold", 8, "left"),
                (570, y, amount, "Helvetica", 8, "right"),
            ]
        )
        expected.append(" ".join((number, label, dots.strip(), number, amount)))
        canvas.rect(440, y - 5, 136, 16)
        canvas.line(462, y - 5, 462, y + 11)
    if order == "rows":
        for row in rows:
            draw_row(canvas, row)
    else:  # the fields' values drawn after all the printed labels, as filled forms are
        for row in rows:
            draw_row(canvas, row[:4])
        for row in rows:
            draw_row(canvas, row[4:])
    if not title:
        return finish(canvas, buffer), [*header, *expected]
    _title(canvas)
    return finish(canvas, buffer), ["Form", "1234", *header, *expected]


# Lines with two fields side by side, as on Form 1040: "2a Tax-exempt interest . . 2a [ ]
# b Taxable interest . . 2b [ ]", a single field on the first and last lines.
PAIRED_LINES = [
    ("1", "Wages, salaries, tips, etc. Attach Form(s) W-2", "48,250", None),
    ("2", "Tax-exempt interest", "120", ("Taxable interest", "1,032")),
    ("3", "Qualified dividends", "600", ("Ordinary dividends", "815")),
    ("4", "IRA distributions", "0", ("Taxable amount", "0")),
    ("5", "Pensions and annuities", "2,400", ("Taxable amount", "2,400")),
    ("6", "Add lines 1 through 5b. This is your total income", "52,047", None),
]


def paired_form(order: str) -> Probe:
    """The 1040 layout; rows drawn whole ("rows") or the amounts after all the labels
    ("values_last"), the rotated title last."""
    canvas, buffer = new_page()
    header = _header(canvas)
    labels: list[list[Piece]] = []
    values: list[list[Piece]] = []  # each line's amounts
    expected: list[str] = []
    for index, (number, label, amount, second) in enumerate(PAIRED_LINES):
        y = 710 - index * 16
        a = f"{number}a" if second else number
        end = 196 if second else 430
        dots_x = 60 + stringWidth(label, "Helvetica", 8) + 4
        dots = _leaders(dots_x, end)
        row: list[Piece] = [
            (40, y, a, "Helvetica-Bold", 8, "left"),
            (60, y, label, "Helvetica", 8, "left"),
            (dots_x, y, dots, "Helvetica", 8, "left"),
        ]
        field_x, amount_x = (206, 288) if second else (446, 570)
        row.append((field_x, y, a, "Helvetica-Bold", 8, "left"))
        canvas.rect(field_x - 6, y - 5, amount_x + 6 - field_x + 6, 16)
        amounts: list[Piece] = [(amount_x, y, amount, "Helvetica", 8, "right")]
        line = [a, label, dots.strip(), a]
        if second:
            line.append(amount)
            second_label, second_amount = second
            second_dots = _leaders(300 + 8 + stringWidth(second_label, "Helvetica", 8) + 4, 430)
            row += [
                (300, y, "b", "Helvetica-Bold", 8, "left"),
                (308, y, second_label, "Helvetica", 8, "left"),
                (308 + stringWidth(second_label, "Helvetica", 8) + 4, y, second_dots, "Helvetica", 8, "left"),
                (446, y, f"{number}b", "Helvetica-Bold", 8, "left"),
            ]
            canvas.rect(440, y - 5, 136, 16)
            amounts.append((570, y, second_amount, "Helvetica", 8, "right"))
            line += ["b", second_label, second_dots.strip(), f"{number}b", second_amount]
        else:
            line.append(amount)
        labels.append(row)
        values.append(amounts)
        expected.append(" ".join(line))
    if order == "rows":
        for row, amounts in zip(labels, values, strict=True):
            draw_row(canvas, sorted(row + amounts, key=lambda piece: piece[0]))
    else:  # each field's value its own text object, after all the printed labels
        for row in labels + [[amount] for amounts in values for amount in amounts]:
            draw_row(canvas, row)
    _title(canvas)
    return finish(canvas, buffer), ["Form", "1234", *header, *expected]
