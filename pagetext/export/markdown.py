"""Markdown: headings, paragraphs, lists and emphasis rebuilt from the page lines.

Two passes over the pages, both one page at a time (memory stays flat on long documents):

1. statistics: each page's lines (content order, running headers and footers marked) feed
   counters only: characters per text size (the body size is the most common one), the short
   lines that could be headings by (size, bold, numbering depth), and the set of words of the
   document (for undoing hyphenation). Memory: the distinct words, a few MB for a long book.
2. emission: each page's lines in reading order become blocks (headings, paragraphs, list
   items), written out as one Markdown string per page, starting `<!-- page N -->`.

Cost: every page is read twice (interpretation, assembly), plus the furniture pass the
document makes once for Line.role. A page passed in a sequence is read once and assembled
twice: it keeps its glyphs while the caller holds it.

Sizes are the sizes text is set in, measured from the glyph boxes (box height / the font's
ascent-descent extent): producers that write `1 Tf` and scale with the text matrix give
every line font_size 1. All thresholds are relative to the body size, never points.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from pagetext.export.markdown_render import BULLET, ORDERED, LineFeatures, MarkdownBlock, render_block
from pagetext.export.page_view import PageView
from pagetext.fonts.style import PLAIN, FontStyle
from pagetext.layout.hyphens import words_of
from pagetext.layout.records import Line

# -- thresholds (relative to the body size or the line's own height) -------------------------

# A line this much larger than the body is a heading whatever its weight: LaTeX's \section is
# 1.2-1.44 × the body, HTML h1-h3 1.17-2 ×; an author line at \large (1.2 ×) must stay body
# text, hence "clearly" larger for plain weight...
CLEARLY_LARGER: Final = 1.3
# ... and somewhat larger when bold or numbered (ps2pdf/reportlab sections: 1.1 × bold).
LARGER: Final = 1.07
# Sizes within this share of each other are one size (rounding, different fonts' extents).
SAME_SIZE: Final = 0.05
# A body-size heading must be bold and numbered ("2.3 Title", groff .NH), or bold and alone:
BODY_SIZE: Final = 0.95  # ... at least this × the body (a bold footnote line is no heading)
STANDALONE_SIZE: Final = 0.85  # "Abstract" in LaTeX is bold at \small
MAX_STANDALONE_WORDS: Final = 4
# Headings are short: longer lines, or more lines in one heading run, are body text.
MAX_HEADING_CHARS: Final = 120
MAX_HEADING_WORDS: Final = 16
MAX_HEADING_LINES: Final = 3
MAX_LEVEL: Final = 6
# Words further apart than this × the line height are table cells, not words of a title.
CELL_GAP: Final = 1.5
# Blocks: a new paragraph starts after a gap between lines this × the line height wider than
# the page's usual gap between the lines of a paragraph (its leading: the median gap), ...
PARAGRAPH_GAP: Final = 0.4
# (a line stands alone, for a bold "Abstract", with a gap this × its height around it)
ALONE_GAP: Final = 0.5
# ... at a first-line indent of more than this × the line height, ...
INDENT: Final = 0.8
# ... after a line that ends a sentence this share of the block's width short of its right edge.
SHORT_LINE: Final = 0.15
# ... or where the size changes by more than this share.
SIZE_CHANGE: Final = 0.12
# A list item's continuation lines are indented at least this × the line height (hanging).
HANGING: Final = 0.3
# Lines in one heading run are at most this × the line height apart.
HEADING_GAP: Final = 1.2

_NUMBERED = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z](?:\.\d{1,3})+\.?)\s+(?=\S)")
# Letters: lower case only before "." or ")"; "R. K. Lindqvist" is an author, not a list.
_LETTERED = re.compile(r"^([a-z][.)]|\((?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})\))\s+(?=\S)")
_SENTENCE_END = re.compile(r"[.!?:;。．！？」』)]$")
_FURNITURE: Final = ("header", "footer", "artifact")


def numbered_depth(text: str) -> int:
    """How deep a numbered title's number is ("2" and "2." are 1, "2.3.1" 3, "A.1" 2); 0
    when the text does not start with a section number."""
    match = _NUMBERED.match(text)
    if not match:
        return 0
    return match.group().strip().rstrip(".").count(".") + 1


# -- line features -------------------------------------------------------------------------


def _features(line: Line, styles: dict[str, FontStyle]) -> LineFeatures:
    """A line's text size (the size most of its characters are set in), weight and slant."""
    by_size: Counter[float] = Counter()
    bold = italic = letters = 0
    for word in line.words:
        style = styles.get(word.font_name, PLAIN)
        count = sum(1 for char in word.text if not char.isspace())
        letters += count
        if style.bold:
            bold += count
        if style.italic:
            italic += count
        glyph = word.glyphs[0] if word.glyphs else None
        if glyph is None:
            continue
        size = glyph.box_height / (style.extent if glyph.writing_mode == 0 else 1.0)
        by_size[round(size, 1)] += count
    size = by_size.most_common(1)[0][0] if by_size else line.font_size
    dx, dy = line.direction
    upright = abs(dx) > 0.99 or abs(dy) > 0.99  # along an axis: no diagonal watermark
    text = line.text.strip()
    return LineFeatures(line, text, size, bold * 2 > letters, italic * 2 > letters, upright)


def _tabular(f: LineFeatures) -> bool:
    """Whether a line has a gap between words wider than CELL_GAP × its height: a table row
    (a bold header row is no heading)."""
    words = f.line.words
    height = max(f.line.bbox.y1 - f.line.bbox.y0, 1e-6)
    return f.line.direction[0] > 0.99 and any(
        b.bbox.x0 - a.bbox.x1 > CELL_GAP * height for a, b in itertools.pairwise(words)
    )


def _short(f: LineFeatures) -> bool:
    return f.upright and 0 < len(f.text) <= MAX_HEADING_CHARS and len(f.text.split()) <= MAX_HEADING_WORDS


# -- pass 1: document statistics -----------------------------------------------------------


@dataclass
class Statistics:
    """What the first pass counts: characters per size, heading candidates, words."""

    size_chars: Counter[float] = field(default_factory=Counter)
    candidates: Counter[tuple[float, bool, int]] = field(default_factory=Counter)  # size, bold, depth
    words: set[str] = field(default_factory=set)
    body: float = 0.0
    levels: list[float] = field(default_factory=list)  # heading sizes, largest first
    min_depth: dict[int, int] = field(default_factory=dict)  # size level -> shallowest number

    def add(self, lines: Sequence[Line], styles: dict[str, FontStyle]) -> None:
        for line in lines:
            if line.role in _FURNITURE:
                continue
            f = _features(line, styles)
            self.size_chars[f.size] += sum(1 for char in f.text if not char.isspace())
            self.words.update(words_of(f.text))
            if _short(f):
                self.candidates[(f.size, f.bold, numbered_depth(f.text))] += 1

    def finish(self) -> None:
        """The body size, and the distinct heading sizes (levels) of the document."""
        self.body = (
            max(self.size_chars.items(), key=lambda item: (item[1], -item[0]))[0] if self.size_chars else 0
        )
        sizes = sorted(
            {size for size, bold, depth in self.candidates if self.larger_heading(size, bold, depth)},
            reverse=True,
        )
        self.levels = []
        for size in sizes:
            if not self.levels or size < self.levels[-1] * (1 - SAME_SIZE):
                self.levels.append(size)
        for size, bold, depth in self.candidates:
            if depth and (self.larger_heading(size, bold, depth) or (bold and size >= BODY_SIZE * self.body)):
                level = self.size_level(size)
                self.min_depth[level] = min(self.min_depth.get(level, depth), depth)

    def larger_heading(self, size: float, bold: bool, depth: int) -> bool:
        """Whether a short line of this size is a heading by its size (with weight or number)."""
        if self.body <= 0:
            return False
        ratio = size / self.body
        return ratio >= CLEARLY_LARGER or (ratio >= LARGER and (bold or depth > 0))

    def size_level(self, size: float) -> int:
        """1 for the largest heading size; body-size headings come after all sizes."""
        for index, level_size in enumerate(self.levels):
            if size >= level_size * (1 - SAME_SIZE):
                return index + 1
        return len(self.levels) + 1

    def heading_level(self, f: LineFeatures, alone: bool) -> int:
        """The heading level of a line (1 = "#"), 0 for body text. `alone`: the line is a
        block by itself (a gap or a change of weight around it)."""
        if not _short(f) or self.body <= 0 or not any(char.isalnum() for char in f.text):
            return 0
        depth = numbered_depth(f.text)
        ratio = f.size / self.body
        if self.larger_heading(f.size, f.bold, depth):
            level = self.size_level(f.size)
        elif f.bold and (
            (depth and ratio >= BODY_SIZE)
            or (
                alone
                and not _tabular(f)
                and ratio >= STANDALONE_SIZE
                and len(f.text.split()) <= MAX_STANDALONE_WORDS
                and not _SENTENCE_END.search(f.text)
            )
        ):
            level = len(self.levels) + 1
        else:
            return 0
        if depth:
            level += max(0, depth - self.min_depth.get(level, depth))
        return min(level, MAX_LEVEL)


# -- pass 2: blocks ------------------------------------------------------------------------


def _height(f: LineFeatures) -> float:
    box = f.line.bbox
    return max(box.y1 - box.y0 if f.line.direction[0] > 0.5 else box.x1 - box.x0, 1e-6)


def _span(f: LineFeatures) -> tuple[float, float]:
    """Where the line starts and ends along its writing direction (left to right, or top
    to bottom for vertical writing), growing in reading direction."""
    box = f.line.bbox
    return (box.x0, box.x1) if f.line.direction[0] > 0.5 else (-box.y1, -box.y0)


def _gap(prev: LineFeatures, line: LineFeatures) -> float:
    """The white space between two lines across their writing direction (negative: the line
    is not after the previous one, e.g. the top of the next column)."""
    a, b = prev.line.bbox, line.line.bbox
    if line.line.direction[0] > 0.5:
        return a.y0 - b.y1
    return a.x0 - b.x1  # vertical writing: lines right to left


def _number_only(text: str) -> bool:
    return bool(text) and all(char.isdigit() or char in ". " for char in text)


def _leading(features: list[LineFeatures]) -> float:
    """The usual gap between the lines of a paragraph on the page: the median of the gaps
    between lines in sequence that are set in one size and less than a line apart."""
    gaps = sorted(
        gap
        for prev, line in itertools.pairwise(features)
        if abs(prev.size - line.size) <= SIZE_CHANGE * max(prev.size, line.size)
        and 0 <= (gap := _gap(prev, line)) < _height(line)
    )
    return gaps[len(gaps) // 2] if gaps else 0.0


def _list_marker(text: str) -> str:
    for pattern in (BULLET, ORDERED, _LETTERED):
        match = pattern.match(text)
        if match:
            return match.group(1)
    return ""


def _markdown_blocks(features: list[LineFeatures], stats: Statistics) -> list[MarkdownBlock]:
    """Headings, paragraphs and list items from the page's lines in reading order.

    Tables: once page.tables() exists, the lines inside each table's box are taken out of
    `features` before this and the table is written as a pipe table (`|` escaped) at the
    reading position of its first line.
    """
    blocks: list[MarkdownBlock] = []
    count = len(features)
    leading = _leading(features)
    for index, f in enumerate(features):
        prev = features[index - 1] if index else None
        nxt = features[index + 1] if index + 1 < count else None
        block = blocks[-1] if blocks else None
        height = _height(f)
        gap_before = _gap(prev, f) if prev is not None else float("inf")
        gap_after = _gap(f, nxt) if nxt is not None else float("inf")
        alone = (gap_before > ALONE_GAP * height or (prev is not None and prev.bold != f.bold)) and (
            gap_after > ALONE_GAP * height or (nxt is not None and nxt.bold != f.bold)
        )
        level = stats.heading_level(f, alone) if f.line.role not in _FURNITURE else 0
        if level:
            if (
                block is not None
                and prev is not None
                and block.kind == "heading"
                and block.level == level
                and len(block.lines) < MAX_HEADING_LINES
                and 0 <= gap_before <= HEADING_GAP * max(height, _height(prev))
                and (not numbered_depth(f.text) or _number_only(prev.text))
            ):
                block.lines.append(f)
            else:
                blocks.append(MarkdownBlock("heading", [f], level))
            continue
        marker = _list_marker(f.text)
        if block is None or prev is None or block.kind == "heading" or marker:
            blocks.append(MarkdownBlock("item" if marker else "paragraph", [f], marker=marker))
            continue
        first = block.lines[0]
        prev_height = _height(prev)
        right = max(_span(line)[1] for line in block.lines)
        width = right - min(_span(line)[0] for line in block.lines)
        x0, prev_x0 = _span(f)[0], _span(prev)[0]
        new = (
            gap_before < 0
            or f.line.direction != prev.line.direction
            or gap_before > leading + PARAGRAPH_GAP * max(height, prev_height)
            or abs(f.size - prev.size) > SIZE_CHANGE * max(f.size, prev.size)
            or (len(block.lines) > 1 and _span(prev)[1] < right - SHORT_LINE * width
                and _SENTENCE_END.search(prev.text) is not None)
        )  # fmt: skip
        if block.kind == "item":
            hanging = x0 > _span(first)[0] + HANGING * height
            if not new and not hanging and len(block.lines) == 1 and not BULLET.match(first.text):
                block.kind, block.marker = "paragraph", ""  # a paragraph that starts with a number
            elif new or not hanging:
                blocks.append(MarkdownBlock("paragraph", [f]))
                continue
        elif new or x0 > prev_x0 + INDENT * height:
            blocks.append(MarkdownBlock("paragraph", [f]))
            continue
        block.lines.append(f)
    for block in blocks:  # a number alone (a big page number, a chapter number without title)
        if block.kind == "heading" and all(_number_only(f.text) for f in block.lines):
            block.kind = "paragraph"
    return blocks


# -- rendering -----------------------------------------------------------------------------


def page_markdown(
    page: PageView, stats: Statistics, furniture: bool = False, annotations: bool = True
) -> str:
    """One page as Markdown, given the document's statistics."""
    styles = page.font_styles()
    lines = page.lines(order="reading", roles=True, annotations=annotations)
    if not furniture:
        lines = [line for line in lines if line.role not in _FURNITURE]
    features = [_features(line, styles) for line in lines if line.text.strip()]
    parts = [f"<!-- page {page.number} -->"]
    parts.extend(render_block(block, styles, stats.words) for block in _markdown_blocks(features, stats))
    return "\n\n".join(parts) + "\n"


def statistics(pages: Iterable[PageView], annotations: bool = True) -> Statistics:
    """The first pass: counters over all the pages' lines."""
    stats = Statistics()
    for page in pages:
        stats.add(page.lines(order="content", roles=True, annotations=annotations), page.font_styles())
    stats.finish()
    return stats


def markdown_pages(
    pages: Iterable[PageView], furniture: bool = False, annotations: bool = True
) -> Iterator[str]:
    """The pages as Markdown, one string per page, each starting `<!-- page N -->`.

    Reads the pages twice (see the module docstring); a one-shot iterator of pages is fine:
    its pages are opened again from their document for the second pass, so that no page
    keeps its glyphs longer than it is needed. furniture=True keeps running headers, footers
    and artifacts (as paragraphs); annotations=False leaves out annotation and field text.
    """
    if isinstance(pages, Sequence):
        stats = statistics(pages, annotations)
        again: Iterable[PageView] = pages
    else:
        seen: list[PageView] = []

        def first_pass() -> Iterator[PageView]:
            for page in pages:
                seen.append(page.fresh())
                yield page

        stats = statistics(first_pass(), annotations)
        again = seen
    for page in again:
        yield page_markdown(page, stats, furniture, annotations)


def to_markdown(pages: Iterable[PageView], furniture: bool = False, annotations: bool = True) -> str:
    """All the pages as one Markdown document."""
    return "\n".join(markdown_pages(pages, furniture, annotations))
