"""Probe pages of flowing text: a reference list and an index in two columns, a report with a
title block and a figure. Each builder returns the PDF and its reading."""

from __future__ import annotations

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
    finish,
    new_page,
    prose,
)

# 4. A reference list and an index in two columns --------------------------------------------


def _two_columns(left: list[list[Piece]], right: list[list[Piece]], order: str) -> bytes:
    canvas, buffer = new_page()
    draw(canvas, left + right, order)
    return finish(canvas, buffer)


def _references(x: float, first: int, count: int, right_aligned: bool) -> tuple[list[list[Piece]], list[str]]:
    """Entries with hanging indents; their labels left-aligned, or right-aligned against the
    body ("right_aligned", as LaTeX sets [1] to [30])."""
    rows: list[list[Piece]] = []
    expected: list[str] = []
    for number in range(first, first + count):
        body = prose(1 + number % 3, COLUMN - 50, number * 5, size=9)  # room for the year
        body[-1] += f", {1990 + number}."
        for index, line in enumerate(body):
            y = 740 - len(rows) * 11
            if index == 0:
                rows.append(
                    [
                        (x + 16, y, f"[{number}]", "Times-Roman", 9, "right")
                        if right_aligned
                        else (x, y, f"[{number}]", "Times-Roman", 9, "left"),
                        (x + 18, y, line, "Times-Roman", 9, "left"),
                    ]
                )
                expected.append(f"[{number}] {line}")
            else:
                rows.append([(x + 18, y, line, "Times-Roman", 9, "left")])
                expected.append(line)
    return rows, expected


def reference_list(
    order: str, right_aligned: bool = False, split: int = 15, mid_entry: bool = False
) -> Probe:
    """Thirty references, the first `split` in the left column; or (`mid_entry`) the column
    broken inside an entry, the right column starting with its indented continuation."""
    if not mid_entry:
        left, left_text = _references(LEFT_X, 1, split, right_aligned)
        right, right_text = _references(RIGHT_X, split + 1, 30 - split, right_aligned)
        return _two_columns(left, right, order), left_text + right_text
    rows, text = _references(LEFT_X, 1, 30, right_aligned)
    cut = next(index for index in range(len(rows) // 2, len(rows)) if len(rows[index]) == 1)
    moved = [
        [
            (x + RIGHT_X - LEFT_X, 740.0 - index * 11, string, font, size, align)
            for x, _, string, font, size, align in row
        ]
        for index, row in enumerate(rows[cut:])
    ]
    return _two_columns(rows[:cut], moved, order), text


INDEX_TERMS = [
    ("abstraction", "3, 17-19"),
    ("accumulator", "44"),
    ("  register", "45, 48"),
    ("  variable", "46"),
    ("address space", "102-110"),
    ("algorithm", "1, 7"),
    ("  greedy", "220"),
    ("  randomized", "231-235"),
    ("alias", "88"),
    ("allocation", "140"),
    ("  dynamic", "141-143"),
    ("  static", "139"),
    ("array", "12, 60-66"),
    ("assertion", "301"),
    ("binary search", "72"),
    ("bit vector", "95"),
    ("block", "33"),
    ("  basic", "250"),
    ("bound", "18"),
    ("  lower", "19"),
    ("  upper", "20"),
    ("branch", "251"),
    ("buffer", "160-163"),
    ("cache", "170"),
    ("  miss", "172"),
    ("  line", "171"),
    ("call stack", "120"),
    ("closure", "130-132"),
    ("compiler", "240"),
    ("concurrency", "300-320"),
    ("constant", "10"),
    ("context switch", "322"),
    ("control flow", "249"),
    ("data race", "311"),
    ("deadlock", "315-317"),
    ("debugger", "280"),
    ("dependency", "252"),
    ("dictionary", "80"),
    ("dominator", "256"),
    ("  tree", "257"),
]


# An entry whose page list turns over onto a further indented line
ANALYSIS = ("analysis", "5, 9, 14, 22-25, 31, 40, 52-57, 61, 66, 70, 88, 93, 101-104, 112, 130")


def _index_rows(x: float, entries: list[tuple[str, str]]) -> tuple[list[list[Piece]], list[str]]:
    """Entries in Times 9, sub-entries indented 12 pt; a bold letter heading (pages "")
    after a blank line; a page list too long for the column turns over, indented 24 pt."""
    rows: list[list[Piece]] = []
    expected: list[str] = []
    y = 740.0
    for term, pages in entries:
        if not pages:
            y -= 11 if rows else 0
            rows.append([(x, y, term, "Times-Bold", 11, "left")])
            expected.append(term)
            y -= 13
            continue
        indent = 12 if term.startswith("  ") else 0
        label = f"{term.strip()}, "
        start = x + indent + stringWidth(label, "Times-Roman", 9)
        numbers, turned = pages, ""
        while stringWidth(numbers, "Times-Roman", 9) > x + COLUMN - 20 - start:
            numbers, _, last = numbers.rpartition(", ")
            turned = f"{last}, {turned}" if turned else last
        rows.append(
            [(x + indent, y, label, "Times-Roman", 9, "left"), (start, y, numbers, "Times-Roman", 9, "left")]
        )
        expected.append(f"{label}{numbers}")
        if turned:
            y -= 11
            rows.append([(x + 24, y, turned, "Times-Roman", 9, "left")])
            expected.append(turned)
        y -= 11
    return rows, expected


def _with_headings(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The index under letter headings, with the long "analysis" entry under A."""
    out: list[tuple[str, str]] = []
    for term, pages in entries:
        letter = term.strip()[0].upper()
        if not term.startswith("  ") and not any(t == letter for t, _ in out):
            out.append((letter, ""))
            if letter == "A":
                out.append(ANALYSIS)
        out.append((term, pages))
    return out


def index_page(order: str, headings: bool = False, long_entry: bool = False) -> Probe:
    """The index in two columns; with letter `headings` (and the long "analysis" entry
    under A), or with only the long entry (`long_entry`)."""
    terms = _with_headings(INDEX_TERMS) if headings else INDEX_TERMS
    if long_entry:
        terms = [*terms[:8], ANALYSIS, *terms[8:]]
    half = len(terms) // 2
    left, left_text = _index_rows(LEFT_X, terms[:half])
    right, right_text = _index_rows(RIGHT_X, terms[half:])
    return _two_columns(left, right, order), left_text + right_text


# 6. A report: title block, two columns, a figure in the right column ------------------------


# The tick labels of the plot in the report's figure, each a line of its own
PLOT_LABELS = frozenset({"0", "50", "100", "1", "2", "3"})


def report(order: str, abstract: bool = False, plot: bool = False) -> Probe:
    """Drawn title first then column after column ("stream"), baseline by baseline
    ("across"), or with the title block and the caption drawn last ("title_last"). With
    `abstract`, a full-width abstract under the title, a section heading over the left
    column and a page number at the foot; with `plot`, tick labels on the figure's axes
    (PLOT_LABELS), drawn with the figure, read after the text above it."""
    canvas, buffer = new_page()
    block = [
        ("Reading Order on Structured Pages", "Helvetica-Bold", 20, 730),
        ("A Field Report on Tables, Forms and Lists", "Helvetica", 13, 708),
        ("A. Author and B. Writer - Department of Documents", "Helvetica", 10, 690),
        ("December 2026", "Helvetica-Oblique", 9, 676),
    ]
    title: list[list[Piece]] = [
        [(WIDTH / 2 - stringWidth(text, font, size) / 2, y, text, font, size, "left")]
        for text, font, size, y in block
    ]
    canvas.line(LEFT_X, 664, WIDTH - LEFT_X, 664)
    top, extra, foot, heading_rows = 640, [], [], []
    if abstract:
        full = WIDTH - 2 * LEFT_X
        lines = prose(5, full, 41)
        heading = [
            (
                WIDTH / 2 - stringWidth("Abstract", "Helvetica-Bold", 10) / 2,
                646,
                "Abstract",
                "Helvetica-Bold",
                10,
                "left",
            )
        ]
        extra = [heading] + [
            [(LEFT_X, 630 - index * 12, line, "Times-Roman", 10, f"justify:{full}" if index < 4 else "left")]
            for index, line in enumerate(lines)
        ]
        top = 630 - len(lines) * 12 - 14
        foot = [[(WIDTH / 2 - 2.5, 40, "3", "Times-Roman", 10, "left")]]
        heading_rows = [[(LEFT_X, top, "1 Introduction", "Helvetica-Bold", 11, "left")]]
    left = prose(52 if not abstract else 40, COLUMN, 21)
    above, below = prose(14, COLUMN, 23), prose(20 if not abstract else 12, COLUMN, 29)
    figure_top = top - len(above) * 12 - 4
    canvas.rect(RIGHT_X + 20, figure_top - 150, COLUMN - 40, 150)
    canvas.line(RIGHT_X + 20, figure_top - 150, RIGHT_X + COLUMN - 20, figure_top)
    ticks: list[list[Piece]] = []
    if plot:
        for index, label in enumerate(("100", "50", "0")):
            ticks.append([(RIGHT_X + 16, figure_top - 3 - index * 75, label, "Helvetica", 7, "right")])
        for index, label in enumerate(("1", "2", "3")):
            ticks.append([(RIGHT_X + 20 + (index + 1) * 50, figure_top - 159, label, "Helvetica", 7, "left")])
    caption = "Figure 1: Words read in order against page position."
    caption_row: list[Piece] = [
        (
            RIGHT_X + COLUMN / 2 - stringWidth(caption, "Times-Italic", 9) / 2,
            figure_top - 172,
            caption,
            "Times-Italic",
            9,
            "left",
        )
    ]
    body = (
        heading_rows
        + column(LEFT_X, top - 16 * len(heading_rows), left)
        + column(RIGHT_X, top, above, ragged_end=False)
        + column(RIGHT_X, figure_top - 192, below)
    )
    if order == "title_last":
        draw(canvas, [*extra, *body, *ticks, caption_row, *foot, *title], "stream")
    else:
        split = len(heading_rows) + len(left) + len(above)
        draw(canvas, [*title, *extra, *body[:split], *ticks, caption_row, *body[split:], *foot], order)
    expected = [text for text, *_ in block] + [row[0][2] for row in extra + heading_rows] + left + above
    expected += [row[0][2] for row in ticks] + [caption] + below
    return finish(canvas, buffer), expected + [row[0][2] for row in foot]
