"""Markdown text of a page's blocks: headings, paragraphs, list items, captions, code blocks
and tables. A block's lines are joined (hyphenation undone by the rule of
pagetext.layout.hyphens), emphasis is marked over runs of words of one style, words under a
link annotation become `[text](uri)`, and Markdown syntax in the text is escaped
(CommonMark). pagetext.export.markdown decides the blocks."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from pagetext.fonts.style import PLAIN, FontStyle
from pagetext.geometry import Box
from pagetext.layout.hyphens import SOFT_HYPHEN, Vocabulary, hyphen_join
from pagetext.layout.line_style import LineStyle
from pagetext.layout.list_markers import is_bullet
from pagetext.layout.paragraphs import Paragraph
from pagetext.layout.records import Word
from pagetext.layout.scripts import is_unspaced
from pagetext.tables.records import Table
from pagetext.tables.ruled import center_in

__all__ = ["MarkdownBlock", "escape_block_start", "escape_inline", "render_block"]

# Markdown syntax in text: at the start of a block, and inline.
_BLOCK_START: Final = re.compile(r"^(#{1,6}(?=\s|$)|>|[-+*](?=\s)|=+$|-+$|(\d{1,9})([.)])(?=\s|$))")
_INLINE: Final = re.compile(r"([\\`*_\[\]])|<(?=[A-Za-z/!?])")
_ARABIC_MARKER: Final = re.compile(r"^\d{1,9}[.)]$")
# Digits whose baseline stands this × the line height above the line's are a raised mark.
RAISED: Final = 0.2


class LinkArea(Protocol):
    """A link annotation: where it is on the page and the URI it opens."""

    @property
    def boxes(self) -> tuple[Box, ...]: ...
    @property
    def uri(self) -> str: ...


def escape_inline(text: str) -> str:
    def escape(match: re.Match[str]) -> str:
        char = match.group(1)
        if char == "_":  # intra-word underscores (snake_case) are no emphasis in CommonMark
            start, end = match.span()
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if before.isalnum() and after.isalnum():
                return char
        return "\\" + (char or "<")

    return _INLINE.sub(escape, text)


def escape_block_start(text: str) -> str:
    match = _BLOCK_START.match(text)
    if not match:
        return text
    if match.group(2):  # "1. " would start an ordered list
        return match.group(2) + "\\" + text[len(match.group(2)) :]
    return "\\" + text


@dataclass(slots=True)
class MarkdownBlock:
    """kind: "heading", "paragraph", "item", "caption", "code", "footnote" (marker: its
    number) or "table"; level: a
    heading's level, a list item's depth (0 at the outside); marker: a list item's marker as
    printed ("•", "3.", "(iv)"); indent: the spaces before a nested item."""

    kind: str
    paragraph: Paragraph | None
    level: int = 0
    marker: str = ""
    table: Table | None = None
    indent: str = ""


@dataclass(slots=True)
class _Token:
    text: str
    bold: bool
    italic: bool
    uri: str
    glued: bool = False  # no space before it (CJK, a hyphenated word's second part)
    note: str = ""  # the footnote mark set raised after it ("1" of "freedom¹")
    code: bool = False  # set in a typewriter font inside prose: inline code


def _uri(word: Word, links: Sequence[LinkArea]) -> str:
    """The URI of the link the word centres in, "" for none."""
    box = word.bbox
    for link in links:
        if any(center_in(box, area) for area in link.boxes):
            return link.uri
    return ""


def _raised_digits(word: Word, line: LineStyle) -> str:
    """The digits a word ends in that are set raised above its line (a footnote mark)."""
    ux, uy = line.line.direction
    count = 0
    for glyph in reversed(word.glyphs):
        x, y = glyph.baseline_start
        if not glyph.text.isdigit() or (y * ux - x * uy) - line.baseline < RAISED * line.height:
            break
        count += 1
    return word.text[-count:] if 0 < count < len(word.glyphs) and word.text[-count:].isdigit() else ""


def _tokens(
    lines: Sequence[LineStyle],
    styles: Mapping[str, FontStyle],
    vocabulary: Vocabulary,
    links: Sequence[LinkArea],
    notes: frozenset[str] = frozenset(),
) -> list[_Token]:
    """The words of the lines, a word hyphenated across a line end joined, footnote marks
    (of the notes the page has) split off."""
    tokens: list[_Token] = []
    previous = ""
    for line in lines:
        words = []
        for word in line.line.words:
            style = styles.get(word.font_name, PLAIN)
            token = _Token(word.text, style.bold, style.italic, _uri(word, links) if links else "")
            token.code = style.monospaced and not line.monospaced and not is_unspaced(word.text[:1])
            mark = _raised_digits(word, line) if notes else ""
            if mark in notes:
                token.text, token.note = word.text[: -len(mark)], mark
            words.append(token)
        if tokens and words and previous:
            last, text = tokens[-1], line.text
            join = hyphen_join(previous, text, vocabulary)
            if join == "join":
                last.text = last.text[:-1] + words.pop(0).text
            elif join == "glue":
                last.text += words.pop(0).text
            elif is_unspaced(previous[-1]) or is_unspaced(text[0]):
                words[0].glued = True
        tokens.extend(words)
        previous = line.text
    for token in tokens:
        token.text = token.text.replace(SOFT_HYPHEN, "")
    return [token for token in tokens if token.text]


def _joined(tokens: Sequence[_Token], escape: bool = True) -> str:
    parts: list[str] = []
    for token in tokens:
        if parts and not token.glued:
            parts.append(" ")
        parts.append(escape_inline(token.text) if escape else token.text)
        if token.note:
            parts.append(f"[^{token.note}]")
    return "".join(parts)


def _styled(tokens: list[_Token]) -> str:
    """The words as Markdown: runs of one style and link marked once."""
    out: list[str] = []
    start = 0
    while start < len(tokens):
        first = tokens[start]
        end = start + 1
        key = (first.bold, first.italic, first.uri, first.code)
        while (
            end < len(tokens)
            and (tokens[end].bold, tokens[end].italic, tokens[end].uri, tokens[end].code) == key
        ):
            end += 1
        if first.code:
            text = _code_span(_joined(tokens[start:end], escape=False))
        else:
            mark = ("**" if first.bold else "") + ("*" if first.italic else "")
            text = mark + _joined(tokens[start:end]) + mark[::-1]
        if first.uri:
            text = f"[{text}]({first.uri.replace(' ', '%20').replace(')', '%29')})"
        if out and not first.glued:
            out.append(" ")
        out.append(text)
        start = end
    return "".join(out)


def _code_span(text: str) -> str:
    """Inline code (CommonMark §6.1): fenced by one more backtick than the text's longest run."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return fence + pad + text + pad + fence


def _code(paragraph: Paragraph) -> str:
    """A fenced code block: the lines as printed, indented as printed relative to each other."""
    lines = paragraph.lines
    widths = sorted((line.end - line.start) / len(line.text) for line in lines if line.text)
    char = widths[len(widths) // 2] if widths else 1.0
    left = min(line.start for line in lines)
    body = [" " * round((line.start - left) / char) + line.line.text.strip() for line in lines]
    fence = "~~~" if any("```" in text for text in body) else "```"
    return "\n".join([fence, *body, fence])


def _table(table: Table) -> str:
    spans = any(cell.row_span > 1 or cell.col_span > 1 for cell in table.cells)
    return (table.to_html() if spans else table.to_markdown()).rstrip("\n")


def render_block(
    block: MarkdownBlock,
    styles: Mapping[str, FontStyle],
    vocabulary: Vocabulary,
    links: Sequence[LinkArea],
    notes: frozenset[str] = frozenset(),
) -> str:
    """A block as Markdown; `notes`: the numbers of the page's footnotes, whose raised marks
    in the text become [^n] references."""
    if block.table is not None:
        return _table(block.table)
    paragraph = block.paragraph
    if paragraph is None:
        return ""
    if block.kind == "code":
        return _code(paragraph)
    tokens = _tokens(paragraph.lines, styles, vocabulary, links, notes)
    if block.kind == "heading":
        return "#" * block.level + " " + _joined(tokens)
    if block.kind == "footnote":
        return f"[^{block.marker}]: " + _styled(tokens[1:])
    if block.kind != "item":
        return escape_block_start(_styled(tokens))
    text = _styled(tokens[1:])  # the marker is written as Markdown's own
    if is_bullet(block.marker):
        return f"{block.indent}- {text}"
    if _ARABIC_MARKER.match(block.marker):
        return f"{block.indent}{block.marker} {text}"
    return f"{block.indent}- {escape_inline(block.marker)} {text}"
