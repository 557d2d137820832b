"""List item markers: the bullet or number a line starts with, as printed.

    list_marker(line) -> str      "" when the line starts no list item

A bullet is one of the usual bullet characters, or a single glyph from a symbol font
(Symbol, ZapfDingbats, Wingdings: their bullets map to letters or to the Private Use Area);
a number is 1. 1) (1) [1] a) a. (a) i. iv) (iv), lower-case letters only, so that initials
("R. K. Lindqvist") start no list. The marker is a word of its own: "1.5 mm" starts none.
"""

from __future__ import annotations

import re
from typing import Final

from pagetext.layout.records import Line

BULLETS: Final = frozenset("•◦▪▫‣●○■□◆◇►▸▹➢➤✓✔❖–—-*·⁃∙")
_NUMBER: Final = re.compile(
    r"^(?:\d{1,3}[.)]|\(\d{1,3}\)|\[\d{1,3}\]|[a-z][.)]|\([a-z]\)|[ivxlc]{1,6}[.)]|\([ivxlc]{1,6}\))$"
)
_SYMBOL_FONT: Final = re.compile(r"symbol|dingbat|wingding|webding", re.IGNORECASE)
_PRIVATE_USE: Final = range(0xE000, 0xF900)


def _symbol_glyph(text: str, font_name: str) -> bool:
    return len(text) == 1 and (ord(text) in _PRIVATE_USE or bool(_SYMBOL_FONT.search(font_name)))


def list_marker(line: Line) -> str:
    """The marker the line starts with ("•", "3.", "(iv)"), or "" when it starts no list item:
    the marker must be followed by a word on the same line. A symbol font's glyph is "•"."""
    if len(line.words) < 2:
        return ""
    first = line.words[0]
    text = first.text
    if all(char.isdigit() or char in BULLETS for word in line.words[1:] for char in word.text):
        return ""  # a page number between dashes: "– 12 –"
    if _symbol_glyph(text, first.font_name):
        return "•"
    return text if text in BULLETS or _NUMBER.match(text) else ""


def is_marker(text: str) -> bool:
    """Whether a text, alone, is a list marker ("•", "3.", "(iv)")."""
    return text in BULLETS or bool(_NUMBER.match(text))


def is_bullet(marker: str) -> bool:
    """Whether a marker is a bullet (no number or letter): Markdown writes it as "-"."""
    return bool(marker) and not any(char.isalnum() for char in marker)


def ordinal(marker: str) -> int:
    """The number of an Arabic-numbered marker ("3." -> 3, "(12)" -> 12); 0 for others."""
    digits = marker.strip("().")
    return int(digits) if digits.isdigit() else 0
