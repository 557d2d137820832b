"""Draw a bench.markdown_docs model as a PDF with reportlab's platypus.

Headings and paragraphs are Paragraphs, lists ListFlowables, tables Tables with grid lines
(and SPAN for a header over two columns), code XPreformatted in Courier, references
Paragraphs with a hanging indent. One or two columns are Frames of one PageTemplate whose
onPage draws the running head and the page number (furniture: returned, so that the
benchmark can tolerate it in an output without expecting it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
    XPreformatted,
)

from bench.markdown_docs import Block, Model

MARGIN = 72.0  # one inch all round, as a letter-size paper
GUTTER = 18.0  # between two columns: a quarter inch, the usual journal gap
FACES = {
    "Times": ("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
    "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"),
}
# Every fourth paragraph carries a link over three of its words, as a "see ..." link in a
# paper: often enough that every document has some, rare enough to stay incidental.
LINK_EVERY = 4


def _styles(params: dict[str, Any]) -> dict[str, ParagraphStyle]:
    regular, bold, italic, bolditalic = FACES[params["font"]]
    size = float(params["body_size"])
    lead = size * 1.2
    indent = params["indent_first"]
    body = ParagraphStyle(
        "body",
        fontName=regular,
        fontSize=size,
        leading=lead,
        alignment=TA_JUSTIFY if params["justify"] else TA_LEFT,
        firstLineIndent=1.5 * size if indent else 0,
        spaceAfter=0 if indent else 0.6 * size,
    )
    h3_face = {"bold": bold, "italic": italic, "bolditalic": bolditalic}[params["h3_style"]]

    def heading(name: str, face: str, scale: float) -> ParagraphStyle:
        return ParagraphStyle(
            name,
            fontName=face,
            fontSize=size * scale,
            leading=size * scale * 1.2,
            spaceBefore=size * scale * 0.8,
            spaceAfter=size * 0.5,
            keepWithNext=True,
        )

    return {
        "body": body,
        "h1": heading("h1", bold, params["h1_scale"]),
        "h2": heading("h2", bold if params["h2_bold"] else regular, params["h2_scale"]),
        "h3": heading("h3", h3_face, params["h3_scale"]),
        "item": ParagraphStyle("item", parent=body, firstLineIndent=0, spaceAfter=size * 0.2),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=size * 0.9, leading=size * 1.05),
        "head": ParagraphStyle("head", fontName=bold, fontSize=size * 0.9, leading=size * 1.05),
        "caption": ParagraphStyle(
            "caption", parent=body, firstLineIndent=0, fontName=italic, spaceAfter=size * 0.6
        ),
        "code": ParagraphStyle(
            "code",
            fontName="Courier",
            fontSize=size * 0.85,
            leading=size * 1.05,
            leftIndent=size,
            spaceBefore=size * 0.4,
            spaceAfter=size * 0.6,
        ),
        "ref": ParagraphStyle(
            "ref", parent=body, firstLineIndent=-2 * size, leftIndent=2 * size, spaceAfter=size * 0.3
        ),
    }


def _linked(text: str, number: int) -> str:
    """The paragraph as reportlab markup, a few words of every LINK_EVERY-th one a link."""
    words = text.split(" ")
    if number % LINK_EVERY or len(words) < 8:
        return escape(text)
    start = 2
    link = " ".join(words[start : start + 3])
    rest = " ".join(words[start + 3 :])
    anchor = f'<a href="https://example.org/{number}" color="blue">{escape(link)}</a>'
    return f"{escape(' '.join(words[:start]))} {anchor} {escape(rest)}"


def _list(block: Block, styles: dict[str, ParagraphStyle]) -> ListFlowable:
    style = block["style"]
    items = []
    for item in block["items"]:
        content: list[Flowable] = [Paragraph(escape(item["text"]), styles["item"])]
        if item["children"]:
            content.append(_list(item["children"], styles))
        items.append(ListItem(content))
    size = styles["body"].fontSize
    common: dict[str, Any] = {
        "leftIndent": 2.2 * size,
        "bulletFontName": styles["body"].fontName,
        "bulletFontSize": size,
    }
    if style in ("•", "–"):
        return ListFlowable(items, bulletType="bullet", start=style, **common)
    kind, form = {"1.": ("1", "%s."), "a)": ("a", "%s)"), "(iv)": ("i", "(%s)")}[style]
    return ListFlowable(items, bulletType=kind, bulletFormat=form, **common)


def _table(block: Block, styles: dict[str, ParagraphStyle], width: float) -> Table:
    grid: list[list[Any]] = []
    commands: list[tuple[Any, ...]] = [
        ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for r, row in enumerate(block["rows"]):
        cells: list[Any] = []
        for cell in row:
            cells.append(Paragraph(escape(cell["text"]), styles["head" if r == 0 else "cell"]))
            if cell["span"] == 2:
                commands.append(("SPAN", (len(cells) - 1, r), (len(cells), r)))
                cells.append("")
        grid.append(cells)
    columns = len(grid[0])
    return Table(grid, colWidths=[width / columns] * columns, style=TableStyle(commands), hAlign="LEFT")


def flowables(model: Model, width: float) -> list[Flowable]:
    styles = _styles(model["params"])
    out: list[Flowable] = []
    paragraphs = 0
    for block in model["blocks"]:
        kind = block["kind"]
        if kind == "heading":
            out.append(Paragraph(escape(block["text"]), styles[f"h{block['level']}"]))
        elif kind == "paragraph":
            paragraphs += 1
            out.append(Paragraph(_linked(block["text"], paragraphs), styles["body"]))
        elif kind == "caption":
            out.append(Paragraph(escape(block["text"]), styles["caption"]))
        elif kind == "list":
            out.extend((_list(block, styles), Spacer(1, styles["body"].fontSize * 0.5)))
        elif kind == "table":
            out.extend((_table(block, styles, width), Spacer(1, styles["body"].fontSize * 0.6)))
        elif kind == "code":
            out.append(KeepTogether(XPreformatted(escape("\n".join(block["lines"])), styles["code"])))
        elif kind == "references":
            out.extend(Paragraph(escape(item), styles["ref"]) for item in block["items"])
    return out


def _footer(style: str, page: int) -> str:
    return {"plain": str(page), "page": f"Page {page}", "dash": f"– {page} –", "of": f"{page}"}[style]


def render(model: Model, target: Path) -> list[str]:
    """Write the PDF; the furniture strings drawn (running heads, page numbers)."""
    params = model["params"]
    width, height = letter
    inner = width - 2 * MARGIN
    columns = int(params["columns"])
    column = (inner - GUTTER * (columns - 1)) / columns
    frames = [
        Frame(MARGIN + i * (column + GUTTER), MARGIN, column, height - 2 * MARGIN, id=f"c{i}")
        for i in range(columns)
    ]
    regular = FACES[params["font"]][0]
    title = next(b["text"] for b in model["blocks"] if b["kind"] == "heading")
    head = " ".join(title.split()[:3])
    drawn: list[str] = []

    def furniture(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(regular, 8)
        if params["running_head"] and doc.page > 1:
            canvas.drawString(MARGIN, height - MARGIN / 2, head)
            drawn.append(head)
        label = _footer(params["footer"], doc.page)
        canvas.drawCentredString(width / 2, MARGIN / 2, label)
        drawn.append(label)
        canvas.restoreState()

    doc = BaseDocTemplate(
        str(target),
        pagesize=letter,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        invariant=1,
    )
    doc.addPageTemplates([PageTemplate(id="body", frames=frames, onPage=furniture)])
    doc.build(flowables(model, column))
    return drawn
