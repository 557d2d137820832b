"""Markdown text of a page's blocks: headings, paragraphs and list items, their lines joined
(hyphenation undone against the document's words), emphasis marked and Markdown syntax in the
text escaped (CommonMark). pagetext.export.markdown decides the blocks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pagetext.fonts.style import PLAIN, FontStyle
from pagetext.layout.hyphens import SOFT_HYPHEN, hyphen_break, joins
from pagetext.layout.records import Line
from pagetext.layout.scripts import is_unspaced

BULLET = re.compile(r"^([•◦▪▫‣●○■□–\-*·])\s+(?=\S)")
ORDERED = re.compile(r"^(\d{1,3}[.)])\s+(?=\S)")

# Markdown syntax in text: at the start of a block, and inline.
_BLOCK_START = re.compile(r"^(#{1,6}(?=\s|$)|>|[-+*](?=\s)|=+$|-+$|(\d{1,9})([.)])(?=\s|$))")
_INLINE = re.compile(r"([\\`*_])|<(?=[A-Za-z/!?])")


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
class LineFeatures:
    line: Line
    text: str
    size: float
    bold: bool  # most of its letters bold
    italic: bool
    upright: bool  # along a page axis (vertical Japanese sets its headings turned)


@dataclass(slots=True)
class MarkdownBlock:
    kind: str  # "heading", "paragraph", "item"
    lines: list[LineFeatures]
    level: int = 0  # heading level
    marker: str = ""  # list item marker as written ("-", "3.", "(a)")


def _join(left: str, right: str, words: set[str]) -> str:
    """Two lines of one paragraph as one: a hyphenated line end joins its word (the rule of
    pagetext.layout.hyphens, the document's words as vocabulary); another hyphen between
    letters stays, without a space ("non-" + "exclusive"); CJK lines join without a space."""
    if not left:
        return right
    if joins(left, right, words):
        return left[:-1] + right
    if hyphen_break(left, right):
        return left + right
    if is_unspaced(left[-1]) or is_unspaced(right[0]):
        return left + right
    return left + " " + right


def _styled_text(f: LineFeatures, styles: dict[str, FontStyle]) -> str:
    """The line's text with bold and italic spans marked (word by word)."""
    parts: list[str] = []
    current: tuple[bool, bool] = (False, False)
    run: list[str] = []

    def flush() -> None:
        if run:
            text = " ".join(run)
            mark = ("**" if current[0] else "") + ("*" if current[1] else "")
            parts.append(mark + text + mark[::-1])

    for word in f.line.words:
        style = styles.get(word.font_name, PLAIN)
        key = (style.bold, style.italic)
        if key != current:
            flush()
            run = []
            current = key
        run.append(escape_inline(word.text))
    flush()
    return " ".join(parts)


def render_block(block: MarkdownBlock, styles: dict[str, FontStyle], words: set[str]) -> str:
    if block.kind == "heading":
        text = ""
        for f in block.lines:
            text = _join(text, escape_inline(f.text), words)
        return "#" * block.level + " " + text.replace(SOFT_HYPHEN, "")
    text = ""
    for index, f in enumerate(block.lines):
        line = _styled_text(f, styles)
        if index == 0 and block.kind == "item":
            line = _strip_marker(line, block.marker)
        text = _join(text, line, words)
    text = text.replace(SOFT_HYPHEN, "")
    if block.kind == "item":
        marker = block.marker
        if BULLET.match(marker + " x"):
            return "- " + text
        if ORDERED.match(marker + " x"):
            return marker + " " + text
        return "- " + escape_inline(marker) + " " + text
    return escape_block_start(text)


def _strip_marker(line: str, marker: str) -> str:
    escaped = escape_inline(marker)
    for candidate in (escaped, marker):
        if line.startswith(candidate):
            return line[len(candidate) :].lstrip()
    return line
