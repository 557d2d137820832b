"""Drawing helpers for the reading-order probes (tests/layout/test_reading_probes.py): pages
drawn with reportlab in base-14 fonts with their real metrics, in a chosen stream order."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

Probe = tuple[bytes, list[str]]
# One printed piece: x, baseline, text, font, size, "left" or "right" alignment.
Piece = tuple[float, float, str, str, float, str]

WIDTH, HEIGHT = 612.0, 792.0
LEFT_X, RIGHT_X, COLUMN = 54.0, 318.0, 240.0  # two 240 pt columns, a 24 pt gutter

WORDS = (
    "the model of reading order must follow the flow of text across columns while tables "
    "keep their rows whole and a reader expects each paragraph to continue where it left "
    "off so that extracted text can be searched quoted indexed and summarised without "
    "surprises in the middle of a sentence or between the cells of a statement"
).split()


def prose(count: int, width: float, seed: int, font: str = "Times-Roman", size: float = 10) -> list[str]:
    """`count` lines of made-up prose, each filled to `width` points in `font`."""
    lines: list[str] = []
    current: list[str] = []
    index = seed
    while len(lines) < count:
        word = WORDS[index % len(WORDS)]
        index += 7
        if current and stringWidth(" ".join((*current, word)), font, size) > width:
            lines.append(" ".join(current))
            current = []
        current.append(word)
    return lines


def collapse(text: str) -> list[str]:
    """The non-blank lines of `text`, whitespace collapsed, for comparison."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def new_page() -> tuple[Canvas, io.BytesIO]:
    buffer = io.BytesIO()
    return Canvas(buffer, pagesize=(WIDTH, HEIGHT), pageCompression=0), buffer


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_row(canvas: Canvas, pieces: Sequence[Piece]) -> None:
    """One text object for one printed row, as producers that draw row by row do. A piece
    aligned "justify" is set to the column's width with word spacing (Tw), "justify:W" to W."""
    text = canvas.beginText()
    for x, y, string, font, size, align in pieces:
        left = x - stringWidth(string, font, size) if align == "right" else x
        text.setFont(font, size)
        text.setTextOrigin(left, y)
        gaps = string.count(" ")
        natural = stringWidth(string, font, size)
        width = float(align.partition(":")[2] or COLUMN)
        text.setWordSpace((width - natural) / gaps if align.startswith("justify") and gaps else 0)
        text.textOut(string)
    canvas.drawText(text)


def draw(canvas: Canvas, rows: Sequence[Sequence[Piece]], order: str) -> None:
    """Rows in the order given ("stream"), or every baseline across the whole page as one
    text object, top to bottom ("across"), as some producers write pages."""
    if order != "across":
        for row in rows:
            draw_row(canvas, row)
        return
    baselines: dict[float, list[Piece]] = {}
    for piece in (piece for row in rows for piece in row):
        baselines.setdefault(round(piece[1], 1), []).append(piece)
    for y in sorted(baselines, reverse=True):
        draw_row(canvas, sorted(baselines[y], key=lambda piece: piece[0]))


def column(x: float, top: float, lines: list[str], ragged_end: bool = True) -> list[list[Piece]]:
    """Justified Times 10 lines of a column, 12 pt apart; a paragraph's last line is set ragged
    (`ragged_end` False: the paragraph continues below a figure)."""
    last = len(lines) - 1 if ragged_end else -1
    return [
        [(x, top - index * 12, line, "Times-Roman", 10, "left" if index == last else "justify")]
        for index, line in enumerate(lines)
    ]


def draw_rules(canvas: Canvas, rules: list[tuple[float, float, float]]) -> None:
    canvas.setLineWidth(0.5)
    for x0, x1, y in rules:
        canvas.line(x0, y, x1, y)
