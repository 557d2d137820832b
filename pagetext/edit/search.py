"""Search over a page's reading-order text, with each match mapped back to its glyphs.

The text searched is the page's lines as page.text() gives them, read with SEARCH_PARAMS
(the glyphs' own text, LayoutParams.actual_text off). A match may run across line
breaks (a space in the query matches any run of word spaces and line breaks) and across a
hyphenated line end ("exam-" + "ple" matches "example"); the word spaces the assembly
inserted belong to no glyph, so a hit holds only the glyphs of the characters it matched
(the hyphen of a hyphenated line end included: it is part of the word as drawn).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pagetext.content.glyph import Glyph, Quad
from pagetext.errors import UsageError
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line, glyphs_quad

# Hyphens that may end a line inside a hyphenated word: hyphen-minus, hyphen, soft hyphen.
LINE_END_HYPHENS: Final = "-\u2010\u00ad"
_SEPARATOR: Final = re.compile(r"\s+")
# The lines searched read the glyphs' own text, not /ActualText: a replacement text belongs to
# a whole span, and a match inside it could not tell which glyphs show the matched part.
SEARCH_PARAMS: Final = LayoutParams(actual_text=False)


@dataclass(slots=True, frozen=True)
class Hit:
    """One match: the page (1-based), the text matched as the page reads, its glyphs in
    reading order, and one quad per line it covers (for highlighting)."""

    page_number: int
    text: str
    glyphs: tuple[Glyph, ...]
    quads: tuple[Quad, ...]


class _PageText:
    """A page's text with, per character, the glyphs it came from (None for inserted spaces)."""

    def __init__(self, lines: Sequence[Line]) -> None:
        chars: list[str] = []
        owners: list[tuple[Glyph, ...] | None] = []
        self.line_of: list[int] = []
        for number, line in enumerate(lines):
            if number:
                chars.append("\n")
                owners.append(None)
                self.line_of.append(number)
            for index, word in enumerate(line.words):
                if index:
                    chars.append(" ")
                    owners.append(None)
                    self.line_of.append(number)
                _append_word(word.text, word.glyphs, chars, owners)
                self.line_of.extend([number] * (len(chars) - len(self.line_of)))
        self.text = "".join(chars)
        self.owners = owners


def _append_word(
    text: str, glyphs: tuple[Glyph, ...], chars: list[str], owners: list[tuple[Glyph, ...] | None]
) -> None:
    """A word's characters, each owned by its glyph; when the word's text is not its glyphs'
    (an /ActualText, a ligature read as letters), characters are shared out in order."""
    own: list[tuple[Glyph, ...]] = []
    for glyph in glyphs:
        own.extend([(glyph,)] * len(glyph.text))
    if len(own) != len(text) or "".join(g.text for g in glyphs) != text:
        own = [glyphs] * len(text)  # no character-exact map: each character owns the whole word
    chars.extend(text)
    owners.extend(own)


def _literal_pattern(query: str) -> str:
    """A pattern for a plain query: its spaces match any white space, and a hyphenated line
    end may fall between any two of its letters."""
    words = [w for w in _SEPARATOR.split(query) if w]
    if not words:
        raise UsageError("the search text is empty")
    break_ = f"(?:[{re.escape(LINE_END_HYPHENS)}]\\n)?"
    parts = [break_.join(re.escape(char) for char in word) for word in words]
    return r"\s+".join(parts)


def compile_query(query: str, ignore_case: bool, regex: bool, whole_words: bool) -> re.Pattern[str]:
    pattern = query if regex else _literal_pattern(query)
    if whole_words:
        pattern = rf"(?<!\w)(?:{pattern})(?!\w)"
    try:
        return re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as error:
        raise UsageError(f"invalid regular expression {query!r}: {error}") from error


def search_lines(page_number: int, lines: Sequence[Line], pattern: re.Pattern[str]) -> list[Hit]:
    """The non-overlapping matches of `pattern` in the text of `lines`."""
    page_text = _PageText(lines)
    hits: list[Hit] = []
    for match in pattern.finditer(page_text.text):
        start, end = match.span()
        if start == end:
            continue
        glyphs: list[Glyph] = []
        by_line: dict[int, list[Glyph]] = {}
        for offset in range(start, end):
            owned = page_text.owners[offset]
            if owned is None:
                continue
            for glyph in owned:
                if not glyphs or glyphs[-1] is not glyph:
                    glyphs.append(glyph)
                    by_line.setdefault(page_text.line_of[offset], []).append(glyph)
        if not glyphs:
            continue
        quads = tuple(glyphs_quad(tuple(group), group[0].direction)[0] for group in by_line.values())
        hits.append(Hit(page_number, match.group(), tuple(glyphs), quads))
    return hits
