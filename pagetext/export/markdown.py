"""Markdown: headings, paragraphs, lists, tables, code and links rebuilt from the pages.

Two passes over the pages, both one page at a time (memory stays flat on long documents):

1. statistics: each page's lines (content order, running headers and footers marked) feed
   counters only: characters per text size and heading candidates
   (pagetext.layout.headings), and the document's words (for undoing hyphenation:
   pagetext.layout.hyphens). Memory: the distinct words, a few MB for a long book.
2. emission: each page's tables (page.tables()) are taken out of its lines in reading
   order and written where their first line is read; the other lines are cut into
   paragraphs (pagetext.layout.paragraphs, the model every export shares), which become
   headings, paragraphs, list items (nested by indentation), captions and code blocks,
   one Markdown string per page starting `<!-- page N -->`. Heading levels come from the
   structure tree's H1-H6 where order="auto" trusts it, else from the typography.

Cost: every page is read twice (interpretation, assembly), plus the furniture pass the
document makes once for Line.role, plus the table finder. A page passed in a sequence is
read once and assembled twice: it keeps its glyphs while the caller holds it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from pagetext.errors import PdfError
from pagetext.export.markdown_render import MarkdownBlock, render_block
from pagetext.export.page_view import PageView
from pagetext.geometry import Box
from pagetext.layout.headings import FURNITURE, HeadingStats, numbered_depth
from pagetext.layout.hyphens import Vocabulary
from pagetext.layout.paragraphs import Paragraph, paragraphs
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line
from pagetext.tables.records import Table
from pagetext.tables.ruled import center_in

__all__ = ["joined_pages", "markdown_pages", "numbered_depth", "page_markdown", "statistics", "to_markdown"]

DEFAULT: Final = LayoutParams()
# A line is a table's when this share of its words' centres lie in the table's box.
TABLE_SHARE: Final = 0.5
# Footnotes are set smaller than the body: at most this × its size (LaTeX 0.8, Word 0.83).
FOOTNOTE_SIZE: Final = 0.9
_NOTE_MARK: Final = re.compile(r"^(?:\d{1,3}|[*†‡§¶])$")
# A word's centre up to this many points outside a table's box is still inside (rounding).
TABLE_MARGIN: Final = 1.0


class Statistics:
    """What the first pass counts: heading typography and the document's words."""

    def __init__(self) -> None:
        self.headings = HeadingStats()
        self.vocabulary = Vocabulary()


def _table_of(line: Line, tables: Sequence[Table]) -> int:
    """The index of the table the line belongs to, -1 for none."""
    for index, table in enumerate(tables):
        box = table.bbox
        grown = Box(
            box.x0 - TABLE_MARGIN, box.y0 - TABLE_MARGIN, box.x1 + TABLE_MARGIN, box.y1 + TABLE_MARGIN
        )
        inside = sum(1 for word in line.words if center_in(word.bbox, grown))
        if inside and inside >= TABLE_SHARE * len(line.words):
            return index
    return -1


def _page_tables(page: PageView, hidden: str) -> list[Table]:
    try:
        return page.tables(hidden=hidden)
    except PdfError as error:
        page.warnings.append(f"tables left as text: {error}")
        return []


def _marker_width(marker: str) -> int:
    """How wide the marker is written: "3." as it is, anything else as "-"."""
    return len(marker) if marker[:-1].isdigit() else 1


def _nest_items(blocks: list[MarkdownBlock], edge: float) -> None:
    """Nest consecutive list items by where their markers start: an item further right than
    the one before by more than `edge` × its height is one level deeper, indented to its
    parent's text (CommonMark: a nested item starts where its parent's content does)."""
    stack: list[tuple[float, int]] = []  # marker start, column of the item's text
    for block in blocks:
        if block.kind != "item" or block.paragraph is None:
            stack = []
            continue
        start = block.paragraph.lines[0].start
        margin = edge * block.paragraph.lines[0].height
        while stack and start < stack[-1][0] - margin:
            stack.pop()
        if stack and abs(start - stack[-1][0]) <= margin:
            stack.pop()
        indent = stack[-1][1] if stack else 0
        stack.append((start, indent + _marker_width(block.marker) + 1))
        block.level = len(stack) - 1
        block.indent = " " * indent


_TAGGED_HEADING: Final = re.compile(r"^H([1-6])$")


def _tagged_levels(page: PageView) -> dict[int, int]:
    """When order="auto" trusts the page's structure tree: the heading level (H1-H6,
    ISO 32000-1 §14.8.4.3.2) of each glyph a heading element owns, by the glyph's id."""
    if not page.structure_trust.ok:
        return {}
    glyphs = page.glyphs(forms=True)
    levels: dict[int, int] = {}
    elements = list(page.structure())
    while elements:
        element = elements.pop()
        match = _TAGGED_HEADING.match(element.type)
        if match:
            level = int(match.group(1))
            levels.update((id(glyphs[i]), level) for i in element.all_glyphs() if 0 <= i < len(glyphs))
        else:
            elements.extend(element.children)
    return levels


def _tagged_level(paragraph: Paragraph, tagged: dict[int, int]) -> int:
    """The heading level the structure tree gives most of the paragraph's glyphs, 0 for none."""
    found = Counter(tagged.get(id(glyph), 0) for style in paragraph.lines for glyph in style.line.glyphs)
    level, count = found.most_common(1)[0] if found else (0, 0)
    return level if 2 * count > sum(found.values()) else 0


def _footnote_number(paragraph: Paragraph, body: float) -> str:
    first = paragraph.lines[0]
    words = first.line.words
    if len(words) < 2 or first.size > FOOTNOTE_SIZE * body:
        return ""
    return words[0].text if _NOTE_MARK.match(words[0].text) else ""


def _footnotes(blocks: list[MarkdownBlock], body: float) -> list[MarkdownBlock]:
    """Footnotes: paragraphs set smaller than the body that start with a number, one per
    number (notes printed one under the other run together as one paragraph)."""
    out: list[MarkdownBlock] = []
    for block in blocks:
        paragraph = block.paragraph
        is_text = paragraph is not None and block.kind == "paragraph"
        number = _footnote_number(paragraph, body) if paragraph is not None and is_text else ""
        if paragraph is None or not number:
            out.append(block)
            continue
        notes = [Paragraph([paragraph.lines[0]], "text")]
        for style in paragraph.lines[1:]:
            mark = style.line.words[0].text if style.line.words else ""
            if number.isdigit() and mark == str(int(number) + 1) and len(style.line.words) > 1:
                number = mark
                notes.append(Paragraph([style], "text"))
            else:
                notes[-1].lines.append(style)
        out.extend(MarkdownBlock("footnote", note, marker=note.lines[0].line.words[0].text) for note in notes)
    return out


def _blocks(
    page: PageView, lines: list[Line], stats: Statistics, params: LayoutParams, hidden: str
) -> list[MarkdownBlock]:
    tables = _page_tables(page, hidden) if lines else []
    styles = page.font_styles()
    blocks: list[MarkdownBlock] = []
    run: list[Line] = []
    placed: set[int] = set()

    tagged = _tagged_levels(page)

    def flush() -> None:
        for paragraph in paragraphs(run, styles, params):
            level = _tagged_level(paragraph, tagged) if tagged else 0
            if not level and paragraph.kind in ("text", "item"):
                level = stats.headings.heading_level(paragraph)
            kind = "heading" if level else "paragraph" if paragraph.kind == "text" else paragraph.kind
            blocks.append(MarkdownBlock(kind, paragraph, level, paragraph.marker if kind == "item" else ""))
        run.clear()

    for line in lines:
        index = _table_of(line, tables) if tables else -1
        if index < 0:
            run.append(line)
            continue
        if index not in placed:
            flush()
            placed.add(index)
            blocks.append(MarkdownBlock("table", None, table=tables[index]))
    flush()
    _nest_items(blocks, params.paragraph_edge)
    return _footnotes(blocks, stats.headings.body)


def page_markdown(
    page: PageView,
    stats: Statistics,
    furniture: bool = False,
    annotations: bool = True,
    params: LayoutParams = DEFAULT,
    hidden: str = "keep",
) -> str:
    """One page as Markdown, given the document's statistics; hidden="drop" leaves out what
    a viewer does not show (Page.lines), in its tables too."""
    lines = page.lines(order="reading", roles=True, annotations=annotations, hidden=hidden)
    lines = [line for line in lines if line.text.strip() and (furniture or line.role not in FURNITURE)]
    parts = [f"<!-- page {page.number} -->"]
    styles = page.font_styles()
    links = page.links()
    blocks = _blocks(page, lines, stats, params, hidden)
    notes = frozenset(block.marker for block in blocks if block.kind == "footnote")
    for block in blocks:
        parts.append(render_block(block, styles, stats.vocabulary, links, notes))
    return "\n\n".join(parts) + "\n"


def statistics(pages: Iterable[PageView], annotations: bool = True, hidden: str = "keep") -> Statistics:
    """The first pass: counters over all the pages' lines."""
    stats = Statistics()
    for page in pages:
        lines = page.lines(order="content", roles=True, annotations=annotations, hidden=hidden)
        stats.headings.add(lines, page.font_styles())
        stats.vocabulary.add(line.text for line in lines if line.role not in FURNITURE)
    stats.headings.finish()
    return stats


def markdown_pages(
    pages: Iterable[PageView], furniture: bool = False, annotations: bool = True, hidden: str = "keep"
) -> Iterator[str]:
    """The pages as Markdown, one string per page, each starting `<!-- page N -->`.

    Reads the pages twice (see the module docstring); a one-shot iterator of pages is fine:
    its pages are opened again from their document for the second pass, so that no page
    keeps its glyphs longer than it is needed. furniture=True keeps running headers, footers
    and artifacts (as paragraphs); annotations=False leaves out annotation and field text;
    hidden="drop" leaves out what a viewer does not show (Page.lines).
    """
    if isinstance(pages, Sequence):
        stats = statistics(pages, annotations, hidden)
        again: Iterable[PageView] = pages
    else:
        seen: list[PageView] = []

        def first_pass() -> Iterator[PageView]:
            for page in pages:
                seen.append(page.fresh())
                yield page

        stats = statistics(first_pass(), annotations, hidden)
        again = seen
    for page in again:
        yield page_markdown(page, stats, furniture, annotations, hidden=hidden)


_PAGE_START: Final = re.compile(r"\A(<!-- page \d+ -->)\n\n(?=[^\W\d_])")
_OPEN_END: Final = re.compile(r"(?:\A|\n\n)(?![#>|<`~\s*+-]|\d+[.)] )[^\n]*[\w,]\n\Z")


def joined_pages(texts: Iterable[str]) -> Iterator[str]:
    """The pages' Markdown as one document, in pieces, blank lines between pages; a paragraph
    running on from one page to the next (the page's last paragraph ends without a full stop,
    the next page's first one starts in lower case) stays one paragraph, the next page's
    comment inside it: "… we have designed this <!-- page 2 --> in order to …"."""
    held = ""
    for text in texts:
        start = _PAGE_START.match(text)
        if held and start is not None and text[start.end()].islower() and _OPEN_END.search(held):
            yield held[:-1] + " " + start.group(1) + " "
            held = text[start.end() :]
            continue
        if held:
            yield held + "\n"
        held = text
    if held:
        yield held


def to_markdown(
    pages: Iterable[PageView], furniture: bool = False, annotations: bool = True, hidden: str = "keep"
) -> str:
    """All the pages as one Markdown document."""
    return "".join(joined_pages(markdown_pages(pages, furniture, annotations, hidden)))
