"""Small realistic pages for the Markdown rules (test_markdown_rules.py), built with reportlab.

Body text is Helvetica 10 pt on a 12 pt leading (1.2), one column 72 pt from the page edges,
as a report or paper sets it. Pages whose line breaks matter (hyphenation, emphasis across a
line end, code, lists, links) are drawn line by line on a canvas; running prose goes through
platypus paragraphs, which break and justify it as a typesetter does.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

MARGIN = 72.0
TOP = 720.0  # baseline of a page's first line
BODY = 10.0
LEADING = 12.0  # 1.2 × the body size
WIDTH = letter[0] - 2 * MARGIN
# Bullets ◦ and ▪ are not in WinAnsi (the standard fonts' encoding): they come from DejaVu Sans,
# where the system has it (tests of those pages skip without it).
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SYMBOLS = "DejaVuSans"
# Bitstream Vera, shipped with reportlab: a TrueType font whose subset maps a soft hyphen back to
# U+00AD, where WinAnsi's code 173 reads as a plain hyphen.
VERA = "Vera"

Run = tuple[str, str]  # (font name, text)


def _register() -> None:
    registered = pdfmetrics.getRegisteredFontNames()
    if VERA not in registered:
        pdfmetrics.registerFont(TTFont(VERA, "Vera.ttf"))
    if SYMBOLS not in registered and DEJAVU.exists():
        pdfmetrics.registerFont(TTFont(SYMBOLS, str(DEJAVU)))


def canvas_pdf(*pages: Callable[[Canvas], None]) -> bytes:
    """A PDF with one letter page per drawing function."""
    _register()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=letter, pageCompression=0)
    for draw in pages:
        draw(canvas)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def story_pdf(story: Sequence[Flowable]) -> bytes:
    """A PDF of platypus flowables in the one-column frame."""
    _register()
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out, pagesize=letter, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN
    )
    doc.build(list(story))
    return out.getvalue()


def body_style(**options: object) -> ParagraphStyle:
    base: dict[str, object] = {"fontName": "Helvetica", "fontSize": BODY, "leading": LEADING}
    base.update(options)
    return ParagraphStyle("body", **base)  # type: ignore[arg-type]


def runs(canvas: Canvas, x: float, y: float, parts: Sequence[Run], size: float = BODY) -> float:
    """Draw runs of text one after another on a baseline; the x where the last one ends."""
    for font, text in parts:
        canvas.setFont(font, size)
        canvas.drawString(x, y, text)
        x += pdfmetrics.stringWidth(text, font, size)
    return x


def lines(canvas: Canvas, x: float, top: float, texts: Sequence[str], font: str = "Helvetica") -> float:
    """Draw lines of body text down from `top`; the baseline below the last one."""
    y = top
    for text in texts:
        runs(canvas, x, y, [(font, text)])
        y -= LEADING
    return y


# -- paragraphs ------------------------------------------------------------------------------

SURVEY = [
    "The survey covered four stretches of the river between the weir and the estuary. Each "
    "stretch was walked twice a month from April to September, always in the first three hours "
    "after sunrise, when most birds are active and easy to count.",
    "Observers recorded every bird seen or heard within fifty metres of the bank. Birds flying "
    "over without landing were noted separately, so that the counts of resident species are not "
    "inflated by passing flocks of gulls and starlings.",
    "All counts were entered on the day into a shared spreadsheet. A second observer checked "
    "every entry against the field notes before the data were frozen at the end of the season.",
]


def block_paragraphs() -> bytes:
    """Three flush-left paragraphs with half a line of space between them."""
    style = body_style(spaceAfter=6)
    return story_pdf([Paragraph(text, style) for text in SURVEY])


def indented_paragraphs() -> bytes:
    """Three justified paragraphs, first lines indented 18 pt, no space between them (a book)."""
    style = body_style(firstLineIndent=18, alignment=TA_JUSTIFY)
    return story_pdf([Paragraph(text, style) for text in SURVEY])


REFERENCES = [
    "Baker, J. and Ellis, M. (2018). Counting birds along rivers: a comparison of walked "
    "transects and fixed points. Journal of Field Ornithology 89, 112-125.",
    "Carter, S. (2020). Seasonal movements of the grey wagtail in lowland England. Bird Study 67, 301-318.",
    "Dunn, R., Patel, A. and Moore, K. (2021). Observer effects in volunteer bird surveys. "
    "Ecological Indicators 124, 107-119.",
]


def hanging_references() -> bytes:
    """A reference list: each entry's first line at the margin, its other lines 18 pt in."""
    style = body_style(leftIndent=18, firstLineIndent=-18, alignment=TA_JUSTIFY)
    intro = Paragraph("The following works are cited in this report.", body_style(spaceAfter=6))
    return story_pdf([intro, *(Paragraph(text, style) for text in REFERENCES)])


SHORT_LAST = [
    "The pilot season showed that a single observer misses many of the small birds that call from "
    "dense cover along the bank, especially warblers and wrens in the early summer months when the "
    "reeds are tall. Two observers were therefore used.",
    "Walking speed was kept at about two kilometres an hour, which left enough time to scan the far "
    "bank with binoculars and to note the birds on the water without stopping on the path for long.",
]


def short_last_lines() -> bytes:
    """Two justified paragraphs, not indented, no space between: the first ends in a short line."""
    style = body_style(alignment=TA_JUSTIFY)
    return story_pdf([Paragraph(text, style) for text in SHORT_LAST])


# -- headings --------------------------------------------------------------------------------


def headings() -> bytes:
    """A title (18 pt bold), two sections (14 pt bold), a subsection (11 pt bold), body 10 pt."""
    title = body_style(fontName="Helvetica-Bold", fontSize=18, leading=22, spaceAfter=12)
    section = body_style(fontName="Helvetica-Bold", fontSize=14, leading=17, spaceBefore=10, spaceAfter=6)
    subsection = body_style(fontName="Helvetica-Bold", fontSize=11, leading=13, spaceBefore=8, spaceAfter=4)
    body = body_style(spaceAfter=6)
    return story_pdf(
        [
            Paragraph("Field Survey of River Birds", title),
            Paragraph("Methods", section),
            Paragraph(SURVEY[0], body),
            Paragraph("Sampling sites", subsection),
            Paragraph(SURVEY[1], body),
            Paragraph("Results", section),
            Paragraph(SURVEY[2], body),
        ]
    )


# -- lists -----------------------------------------------------------------------------------

ITEM_INDENT = 12.0  # from a marker's x to its item's text


def _item(
    canvas: Canvas,
    x: float,
    y: float,
    marker: str,
    texts: Sequence[str],
    font: str,
    indent: float = ITEM_INDENT,
) -> float:
    """A list item: the marker at x, the text (and its continuation lines) `indent` further."""
    canvas.setFont(font, BODY)
    canvas.drawString(x, y, marker)
    return lines(canvas, x + indent, y, texts)


def bullets() -> bytes:
    """Prose, a list of three • items (the first wraps), prose, a list of ▪ items."""

    def draw(c: Canvas) -> None:
        y = lines(c, MARGIN, TOP, ["The survey recorded three kinds of disturbance along the river:"])
        y -= 4
        wrapped = [
            "anglers on the bank, who were counted in every stretch and",
            "whose positions were marked on the map;",
        ]
        y = _item(c, MARGIN, y, "\u2022", wrapped, "Helvetica")
        y = _item(c, MARGIN, y, "\u2022", ["dogs off the lead near the water;"], "Helvetica")
        y = _item(c, MARGIN, y, "\u2022", ["boats, mostly canoes in the summer."], "Helvetica")
        y -= 4
        y = lines(c, MARGIN, y, ["Each kind of disturbance was scored on a simple scale:"])
        y -= 4
        y = _item(c, MARGIN, y, "\u25aa", ["none seen during the walk;"], SYMBOLS)
        _item(c, MARGIN, y, "\u25aa", ["seen, but the birds did not move away."], SYMBOLS)

    return canvas_pdf(draw)


def nested_bullets() -> bytes:
    """• items with – items under the first and ◦ items under one of those."""

    def draw(c: Canvas) -> None:
        y = lines(c, MARGIN, TOP, ["Each stretch was described by three features:"])
        y -= 4
        y = _item(c, MARGIN, y, "\u2022", ["the bank, which was one of"], "Helvetica")
        inner = MARGIN + ITEM_INDENT
        y = _item(c, inner, y, "\u2013", ["natural earth with reeds,"], "Helvetica")
        y = _item(c, inner, y, "\u2013", ["stone walls, built in two ways:"], "Helvetica")
        y = _item(c, inner + ITEM_INDENT, y, "\u25e6", ["dry stone,"], SYMBOLS)
        y = _item(c, inner + ITEM_INDENT, y, "\u25e6", ["mortared stone;"], SYMBOLS)
        y = _item(c, MARGIN, y, "\u2022", ["the width of the water;"], "Helvetica")
        _item(c, MARGIN, y, "\u2022", ["the speed of the current."], "Helvetica")

    return canvas_pdf(draw)


def numbered_nested() -> bytes:
    """A numbered list 1-3 with lettered items a) b) under item 2, then a list numbered 7-8."""

    def draw(c: Canvas) -> None:
        y = lines(c, MARGIN, TOP, ["Each count followed the same steps:"])
        y -= 4
        y = _item(c, MARGIN, y, "1.", ["Walk the stretch from the downstream end."], "Helvetica")
        y = _item(c, MARGIN, y, "2.", ["Record each bird with its position:"], "Helvetica")
        inner = MARGIN + ITEM_INDENT
        y = _item(c, inner, y, "a)", ["on the water or the bank;"], "Helvetica")
        y = _item(c, inner, y, "b)", ["in the trees behind the bank."], "Helvetica")
        y = _item(c, MARGIN, y, "3.", ["Check the notes with the second observer."], "Helvetica")
        y -= 4
        y = lines(c, MARGIN, y, ["After the last count of the season two more steps follow:"])
        y -= 4
        y = _item(c, MARGIN, y, "7.", ["Enter the counts into the shared spreadsheet."], "Helvetica")
        _item(c, MARGIN, y, "8.", ["Freeze the data for the annual report."], "Helvetica")

    return canvas_pdf(draw)


def roman_items() -> bytes:
    """Items marked (i) to (iv), as a legal or technical text writes them."""

    def draw(c: Canvas) -> None:
        y = lines(c, MARGIN, TOP, ["A count is void if any of the following holds:"])
        y -= 4
        for marker, text in (
            ("(i)", "it started more than three hours after sunrise;"),
            ("(ii)", "the wind was stronger than force five;"),
            ("(iii)", "rain fell for more than half the walk;"),
            ("(iv)", "the observer could not finish the stretch."),
        ):
            # Markers of different widths: the items' text starts at one x, as a list sets it.
            y = _item(c, MARGIN, y, marker, [text], "Helvetica", indent=24)

    return canvas_pdf(draw)


# -- tables ----------------------------------------------------------------------------------

GRID = [
    ("GRID", (0, 0), (-1, -1), 0.5, "black"),
    ("FONT", (0, 0), (-1, -1), "Helvetica", BODY),
    ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", BODY),
]


def pipe_table(caption_below: bool = False) -> bytes:
    """Prose, a caption, a ruled table with a header row (one cell holds a |), prose; the
    caption above the table, or below it."""
    body = body_style(spaceAfter=6)
    data = [
        ["Site", "Walks", "Birds", "Status"],
        ["Weir", "12", "418", "open"],
        ["Mill", "12", "377", "open|fenced"],
        ["Bridge", "11", "295", "closed"],
    ]
    table = Table(data, colWidths=[90, 60, 60, 90], hAlign="LEFT")
    table.setStyle(TableStyle(GRID))
    caption = Paragraph("Table 1. Walks and birds counted at each site.", body)
    parts: list[Flowable] = (
        [table, Spacer(1, 8), caption] if caption_below else [caption, table, Spacer(1, 8)]
    )
    return story_pdf(
        [
            Paragraph(
                "The counts per site are given below; one walk at the bridge was lost to a flood.", body
            ),
            *parts,
            Paragraph("The weir had the most birds in every month of the season.", body),
        ]
    )


def spanning_table() -> bytes:
    """A ruled table whose first header row has cells spanning two columns each."""
    body = body_style(spaceAfter=6)
    data = [
        ["", "2023", "", "2024", ""],
        ["Site", "Spring", "Summer", "Spring", "Summer"],
        ["Weir", "210", "208", "198", "225"],
        ["Mill", "180", "197", "176", "190"],
    ]
    table = Table(data, colWidths=[80, 60, 60, 60, 60], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                *GRID,
                ("FONT", (0, 1), (-1, 1), "Helvetica-Bold", BODY),
                ("SPAN", (1, 0), (2, 0)),
                ("SPAN", (3, 0), (4, 0)),
                ("ALIGN", (1, 0), (-1, 0), "CENTER"),
            ]
        )
    )
    return story_pdf(
        [
            Paragraph("Table 2. Birds counted per season and year.", body),
            table,
            Spacer(1, 8),
            Paragraph("Both sites had fewer birds in the spring of 2024.", body),
        ]
    )


# -- hyphenation, emphasis, code, links ------------------------------------------------------

Placed = tuple[str, float, float]  # a word drawn, its left and right x


def justified(canvas: Canvas, top: float, rows: Sequence[Sequence[Run]]) -> list[list[Placed]]:
    """A justified paragraph drawn word by word (each word its own text showing, as producers
    that place words write it): every row but the last spread to the column's width. Returns
    the words of each row with their x extents."""
    placed: list[list[Placed]] = []
    for index, row in enumerate(rows):
        words = [(font, word) for font, text in row for word in text.split()]
        widths = [pdfmetrics.stringWidth(word, font, BODY) for font, word in words]
        space = pdfmetrics.stringWidth(" ", words[0][0], BODY)
        last = index == len(rows) - 1
        gap = space if last or len(words) < 2 else (WIDTH - sum(widths)) / (len(words) - 1)
        x, y = MARGIN, top - index * LEADING
        done: list[Placed] = []
        for (font, word), width in zip(words, widths, strict=True):
            runs(canvas, x, y, [(font, word)])
            done.append((word, x, x + width))
            x += width + gap
        placed.append(done)
    return placed


# Lines of a paragraph broken after a hyphen: a word hyphenated by the typesetter, a compound
# broken at its own hyphen, a compound whose other form the text does not show.
HYPHEN_KNOWN = [
    "Long words at the end of a printed line are often broken in two parts by the automatic hyphen-",
    "ation of the typesetter, which is common in justified text. Before the text is indexed, hyphenation",
    "must be undone, or a search for the word will miss it.",
]
HYPHEN_COMPOUND = [
    "The sampling method that we chose for the survey is simple and cheap, and it is also quite well-",
    "known among volunteer observers in the region; a well-known survey of this kind was run on the",
    "Thames in 1998 and repeated ten years later.",
]
HYPHEN_UNKNOWN = [
    "Funding has been agreed for five more seasons, and the survey is now planned as a long-",
    "term study of the river and its birds.",
]


def hyphenated(texts: Sequence[str]) -> bytes:
    """One justified paragraph of the given lines (line breaks as given)."""

    def draw(c: Canvas) -> None:
        justified(c, TOP, [[("Helvetica", text)] for text in texts])

    return canvas_pdf(draw)


SOFT_HYPHEN = [
    "All the counts of the whole season were checked by a second observer for their consis\u00ad",
    "tency with the field notes before the data were frozen.",
]


def soft_hyphen() -> bytes:
    """A word broken at a soft hyphen (U+00AD shown at the line end, in Vera)."""

    def draw(c: Canvas) -> None:
        justified(c, TOP, [[(VERA, text)] for text in SOFT_HYPHEN])

    return canvas_pdf(draw)


# A bold phrase, an italic one, and a bold phrase that runs on into the next line.
EMPHASIS: list[list[Run]] = [
    [("Helvetica", "In the final review of the annual plan the committee marked"),
     ("Helvetica-Bold", "three bold words"), ("Helvetica", "as essential, and")],
    [("Helvetica", "it set"), ("Helvetica-Oblique", "two italic"),
     ("Helvetica", "terms aside for a later meeting of the board. In the end the"),
     ("Helvetica-Bold", "revised budget was")],
    [("Helvetica-Bold", "approved without changes"), ("Helvetica", "at the meeting in March.")],
]  # fmt: skip


def emphasis() -> bytes:
    def draw(c: Canvas) -> None:
        justified(c, TOP, EMPHASIS)

    return canvas_pdf(draw)


CODE = [
    (0, "def mean_count(counts):"),
    (4, "total = 0"),
    (4, "for walk in counts:"),
    (8, "total += walk.birds"),
    (4, "return total / len(counts)"),
]
CODE_SIZE = 9.0


def code_block() -> bytes:
    """Prose, five lines of Courier 9 pt indented by position (not by spaces), prose."""

    def draw(c: Canvas) -> None:
        y = lines(c, MARGIN, TOP, ["The mean count per walk is computed as follows:"])
        y -= 6
        space = pdfmetrics.stringWidth(" ", "Courier", CODE_SIZE)
        for indent, text in CODE:
            c.setFont("Courier", CODE_SIZE)
            c.drawString(MARGIN + 18 + indent * space, y, text)
            y -= 11
        y -= 6
        lines(c, MARGIN, y, ["The function is called once per site and season."])

    return canvas_pdf(draw)


LINK_URI = "https://example.org/birds/survey"
DATA_URI = "https://example.org/birds/data.csv"


LINK_ROWS: list[list[Run]] = [
    [("Helvetica", "The methods used at each of the four sites are described in detail on the project"
                   " website and the raw")],
    [("Helvetica", "counts of every walk can be downloaded as a spreadsheet for further analysis by"
                   " anyone who asks.")],
]  # fmt: skip
# The linked words: (row, first word, last word, URI).
LINKED = [(0, "project", "website", LINK_URI), (1, "spreadsheet", "spreadsheet", DATA_URI)]


def links() -> bytes:
    """A justified paragraph with two words under one URI link and one word under another."""

    def draw(c: Canvas) -> None:
        placed = justified(c, TOP, LINK_ROWS)
        for row, first, last, uri in LINKED:
            x0 = next(left for word, left, _ in placed[row] if word == first)
            x1 = next(right for word, _, right in placed[row] if word == last)
            y = TOP - row * LEADING
            c.linkURL(uri, (x0, y - 2.5, x1, y + 9), relative=0, thickness=0)

    return canvas_pdf(draw)


# -- furniture -------------------------------------------------------------------------------

RUNNING_HEAD = "River Birds Survey: Interim Report"
PAGE_TEXTS = [
    "The first month of counts was slow, as the reeds had not yet grown and many migrants were still "
    "to arrive.",
    "By June every stretch held breeding birds, and the counts rose to their highest level of the season.",
    "In September the numbers fell again as the young birds left the river for the fields and the coast.",
]


def furniture_pages() -> bytes:
    """Three pages, each with the running head at the top, one paragraph, its number below."""

    def page(number: int) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.setFont("Helvetica", 8)
            c.drawString(MARGIN, 750, RUNNING_HEAD)
            story = Paragraph(PAGE_TEXTS[number - 1], body_style())
            _, height = story.wrap(WIDTH, 600)
            story.drawOn(c, MARGIN, TOP - height + BODY)
            c.setFont("Helvetica", 9)
            c.drawCentredString(letter[0] / 2, 40, str(number))

        return draw

    return canvas_pdf(*(page(n) for n in (1, 2, 3)))
