"""Probe pages holding tables: a 10-K balance sheet alone and inside a text column, and a
paper with a small table in one column. Each builder returns the PDF and its reading."""

from __future__ import annotations

import random

from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.layout.probe_draw import (
    COLUMN,
    LEFT_X,
    RIGHT_X,
    WIDTH,
    Piece,
    Probe,
    column,
    draw,
    draw_rules,
    finish,
    new_page,
    prose,
)

# 1. A 10-K balance sheet ---------------------------------------------------------------

# label, indent level (0 section / 1 item / 2 total), values, dollar sign, rule above
BALANCE = [
    ("Current assets:", 0, None, False, False),
    ("Cash and cash equivalents", 1, ("1,204", "987"), True, False),
    ("Short-term investments", 1, ("310", "295"), False, False),
    (
        "Accounts receivable, net of allowance for doubtful accounts of $12 and $9",
        1,
        ("2,456", "2,118"),
        False,
        False,
    ),
    ("Inventories", 1, ("812", "777"), False, False),
    ("Total current assets", 2, ("4,782", "4,177"), False, True),
    ("Property and equipment, net", 1, ("3,301", "3,120"), False, False),
    ("Goodwill", 1, ("1,150", "1,150"), False, False),
    ("Total assets", 2, ("9,233", "8,447"), True, True),
    ("Current liabilities:", 0, None, False, False),
    ("Accounts payable", 1, ("1,045", "998"), False, False),
    ("Accumulated other comprehensive loss", 1, ("(1,234)", "(876)"), False, False),
    ("Total liabilities", 2, ("(189)", "122"), True, True),
]


# The note each line cites, in a "Note" column left of the numbers (10-K statements often have one)
NOTES = {"Cash and cash equivalents": "3", "Inventories": "4", "Goodwill": "6", "Accounts payable": "7"}


def _statement_rows(
    left: float,
    top: float,
    right: float,
    columns: int,
    size: float,
    wrap: float,
    leading: float,
    notes: bool,
    leaders: bool = False,
) -> tuple[list[list[Piece]], list[tuple[float, float, float]], list[str]]:
    """Printed rows of the statement (label pieces, notes, dollar signs, numbers), the rules
    and the lines a reader reads; the number columns end at `right`, 60 pt apart. With
    `notes`, a "December 31," header spans the years and a Note column stands left of them;
    with `leaders`, dot leaders run from each item's label to its first number's column."""
    edges = [right - 60 * (columns - 1 - index) for index in range(columns)]
    note_x = edges[0] - 75
    rows: list[list[Piece]] = []
    rules: list[tuple[float, float, float]] = []
    expected: list[str] = []
    y = top
    if notes:
        span = "December 31,"
        middle = (edges[0] - 30 + edges[-1]) / 2 - stringWidth(span, "Helvetica-Bold", size) / 2
        rows.append([(middle, y, span, "Helvetica-Bold", size, "left")])
        expected.append(span)
        y -= leading
    header = [
        (edge, y, year, "Helvetica-Bold", size, "right")
        for edge, year in zip(edges, ("2024", "2023")[:columns], strict=True)
    ]
    if notes:
        header.insert(0, (note_x, y, "Note", "Helvetica-Bold", size, "right"))
    rows.append(header)
    expected.append(" ".join(year for _, _, year, *_ in header))
    rules.append((edges[0] - 45, right, y - 3))
    y -= leading
    for label, level, values, dollar, rule in BALANCE:
        font = "Helvetica-Bold" if level != 1 else "Helvetica"
        x = left + (12 if level == 1 else 24 if level == 2 else 0)
        parts = [label]
        if stringWidth(label, font, size) > wrap:  # wraps onto a second, further indented line
            words = label.split()
            for cut in range(len(words) - 1, 0, -1):
                if stringWidth(" ".join(words[:cut]), font, size) <= wrap:
                    parts = [" ".join(words[:cut]), " ".join(words[cut:])]
                    break
        for part in parts[:-1]:
            rows.append([(x, y, part, font, size, "left")])
            expected.append(part)
            y -= leading
            x += 8
        row: list[Piece] = [(x, y, parts[-1], font, size, "left")]
        line = [parts[-1]]
        if leaders and values and level == 1:
            start = x + stringWidth(parts[-1], font, size) + 4
            dots = " ." * int((edges[0] - 56 - start) / stringWidth(" .", font, size))
            row.append((start, y, dots, font, size, "left"))
            line.append(dots.strip())
        if notes and label in NOTES:
            row.append((note_x - 8, y, NOTES[label], font, size, "right"))
            line.append(NOTES[label])
        for edge, value in zip(edges, (values or ())[:columns], strict=bool(values)):
            if rule:
                rules.append((edge - 45, edge + 4, y + size + 1))
            if dollar:
                row.append((edge - 48, y, "$", font, size, "left"))
                line.append("$")
            row.append((edge + (4 if value.endswith(")") else 0), y, value, font, size, "right"))
            line.append(value)
        rows.append(row)
        expected.append(" ".join(line))
        y -= leading
    return rows, rules, expected


def _statement_title(center: float, top: float, size: float) -> list[list[Piece]]:
    """The centred title and unit note over a statement."""
    title, note = "CONSOLIDATED BALANCE SHEETS", "(in millions, except per share data)"
    return [
        [
            (
                center - stringWidth(title, "Helvetica-Bold", size + 2) / 2,
                top,
                title,
                "Helvetica-Bold",
                size + 2,
                "left",
            )
        ],
        [
            (
                center - stringWidth(note, "Helvetica", size) / 2,
                top - size * 1.5,
                note,
                "Helvetica",
                size,
                "left",
            )
        ],
    ]


def _statement_order(rows: list[list[Piece]], order: str) -> list[list[Piece]]:
    """The statement's rows as drawn: "rows" as printed; "columns" the labels top to bottom,
    then each number column with its dollar signs; "numbers_first" the numbers and dollar
    signs right to left, then the labels (producers that fill values before captions);
    "shuffled" every cell in an order of its own (a fixed shuffle)."""
    if order == "rows":
        return rows
    pieces = [piece for row in rows for piece in row]
    if order == "shuffled":
        return [[piece] for piece in random.Random(34).sample(pieces, len(pieces))]
    labels = [[piece] for piece in pieces if piece[5] == "left" and piece[2] != "$"]
    rest = [[piece] for piece in sorted((p for p in pieces if [p] not in labels), key=lambda piece: piece[0])]
    return labels + rest if order == "columns" else rest[::-1] + labels


def balance_sheet(columns: int, order: str, notes: bool = False, leaders: bool = False) -> Probe:
    canvas, buffer = new_page()
    title = _statement_title(WIDTH / 2, 720, 9)
    rows, rules, lines = _statement_rows(72, 680, 540, columns, 9, 250, 13, notes, leaders)
    draw_rules(canvas, rules)
    draw(canvas, title + _statement_order(rows, order), "stream")
    return finish(canvas, buffer), [row[0][2] for row in title] + lines


# 2. The statement inside the right column of a two-column page ----------------------------


def statement_in_column(order: str, shared: bool = False) -> Probe:
    """Columns drawn one after the other with the table drawn `order` ("rows", "columns"),
    or the whole page drawn baseline by baseline ("across"). With `shared`, the table's rows
    stand on the left column's 12 pt baselines (a typesetter keeping the grid)."""
    canvas, buffer = new_page()
    left = prose(56, COLUMN, 0)
    above, below = prose(14, COLUMN, 3), prose(14, COLUMN, 5)
    top = 740 - (len(above) + 1) * 12 if shared else 740 - len(above) * 12 - 14
    leading = 12 if shared else 7 * 1.45
    title = _statement_title(RIGHT_X + COLUMN / 2, top, 7)
    rows, rules, lines = _statement_rows(
        RIGHT_X, top - 2 * leading, RIGHT_X + COLUMN, 2, 7, 120, leading, False
    )
    y = top - (len(rows) + 3) * leading
    draw_rules(canvas, rules)
    table = _statement_order(rows, "rows" if order == "across" else order)
    page = column(LEFT_X, 740, left) + column(RIGHT_X, 740, above) + title + table + column(RIGHT_X, y, below)
    draw(canvas, page, "across" if order == "across" else "stream")
    expected = left + above + [row[0][2] for row in title] + lines + below
    return finish(canvas, buffer), expected


# 3. A paper page with a small table in the left column --------------------------------------

TABLE = [
    ("Method", "Acc.", "Time"),
    ("Baseline", "71.2", "1.0 s"),
    ("Rows only", "78.5", "1.4 s"),
    ("Columns only", "74.9", "1.3 s"),
    ("Ours", "83.1", "1.6 s"),
]


def paper_with_table(order: str) -> Probe:
    """The table's rows on the right column's baselines; drawn "across" the page one text
    object per printed row, or column after column ("stream")."""
    canvas, buffer = new_page()
    left_top, left_bottom = prose(14, COLUMN, 11), prose(18, COLUMN, 13)
    caption = "Table 1: Accuracy and time per page."
    right = prose(len(left_top) + 1 + len(TABLE) + len(left_bottom), COLUMN, 17)
    left = column(LEFT_X, 740, left_top)
    y = 740 - len(left_top) * 12
    left.append(
        [
            (
                LEFT_X + COLUMN / 2 - stringWidth(caption, "Times-Roman", 9) / 2,
                y,
                caption,
                "Times-Roman",
                9,
                "left",
            )
        ]
    )
    for index, (name, accuracy, time) in enumerate(TABLE):
        font, row_y = ("Times-Bold" if index == 0 else "Times-Roman"), y - (index + 1) * 12
        left.append(
            [
                (LEFT_X + 20, row_y, name, font, 9, "left"),
                (LEFT_X + 150, row_y, accuracy, font, 9, "right"),
                (LEFT_X + 215, row_y, time, font, 9, "right"),
            ]
        )
    left += column(LEFT_X, y - (len(TABLE) + 1) * 12, left_bottom)
    draw_rules(canvas, [(LEFT_X + 15, LEFT_X + 225, y - 12 + dy) for dy in (10, -3, -len(TABLE) * 12 + 9)])
    draw(canvas, left + column(RIGHT_X, 740, right), order)
    expected = [" ".join(piece[2] for piece in pieces) for pieces in left]
    return finish(canvas, buffer), expected + right
