"""Accents drawn as glyphs of their own over a letter compose with it (TeX's \\'a is `´` and
`a`, the accent centred over the letter, before or after it in the stream): the letter's
glyph takes the text of the accented letter (NFC: J´an → Ján) and the accent glyph leaves
the text, so word gaps are measured between letters as the page shows them."""

from __future__ import annotations

import unicodedata
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import quad_extent

# Spacing accents (and modifier letters TeX-like producers map them to) → combining marks.
_COMBINING: Final[dict[str, str]] = {
    "\u00b4": "\u0301",  # ´ acute
    "\u02ca": "\u0301",
    "\u0060": "\u0300",  # ` grave
    "\u02cb": "\u0300",
    "\u02c6": "\u0302",  # ˆ circumflex
    "\u02dc": "\u0303",  # ˜ tilde
    "\u00af": "\u0304",  # ¯ macron
    "\u02c9": "\u0304",
    "\u02d8": "\u0306",  # ˘ breve
    "\u02d9": "\u0307",  # ˙ dot above
    "\u00a8": "\u0308",  # ¨ dieresis
    "\u02da": "\u030a",  # ˚ ring
    "\u02dd": "\u030b",  # ˝ double acute
    "\u02c7": "\u030c",  # ˇ caron
    "\u00b8": "\u0327",  # ¸ cedilla
    "\u02db": "\u0328",  # ˛ ogonek
}
# Dotless i and j take an accent above as i and j do (TeX's \'\i).
_DOTLESS: Final[dict[str, str]] = {"\u0131": "i", "\u0237": "j"}
# The combining marks (U+0300–U+036F): an accent glyph's text may be one of them already.
_FIRST_MARK: Final = 0x300
_LAST_MARK: Final = 0x36F
_GRAVE: Final = 0x60  # the one spacing accent in ASCII
_FIRST_NON_ASCII: Final = 0x80
_FIRST_MARK_BELOW: Final = "\u0316"  # U+0300–U+0315 are marks above the letter
# TeX's \not: a long solidus drawn over a relation (= < ∈ ...), which composes with it (≠).
_NEGATION: Final = "\u0338"


def accent_mark(text: str) -> str:
    """The combining mark an accent glyph's text stands for, or ""."""
    if len(text) != 1:
        return ""
    # By code point first: most glyphs are ASCII, whose one accent is the grave, or lie past
    # the combining marks (CJK), and are told without a lookup. Compiled, comparing strings
    # and looking one up cost more than the rest of a glyph's accent check.
    point = ord(text)
    if point > _LAST_MARK or (point < _FIRST_NON_ASCII and point != _GRAVE):
        return ""
    if point >= _FIRST_MARK:
        return text
    return _COMBINING.get(text, "")


def _overlap(accent: Glyph, base: Glyph) -> float:
    """How far the two boxes overlap along the base's direction, as a share of the accent's
    width; 0 when they do not overlap across it (another line)."""
    ux, uy = base.direction
    a = quad_extent(accent.quad, ux, uy)
    b = quad_extent(base.quad, ux, uy)
    if min(a[3], b[3]) <= max(a[2], b[2]):
        return 0.0
    width = a[1] - a[0]
    if width <= 0:
        return 0.0
    return (min(a[1], b[1]) - max(a[0], b[0])) / width


def _takes(base: str, mark: str) -> bool:
    """Whether a glyph's text takes the mark: a letter, or a symbol the negation slash
    composes with into one character."""
    if base.isalpha():
        return True
    return mark == _NEGATION and len(unicodedata.normalize("NFC", base + mark)) == 1


def _composed(base: Glyph, mark: str) -> str:
    letter = base.text
    if letter in _DOTLESS and mark < _FIRST_MARK_BELOW:
        letter = _DOTLESS[letter]
    return unicodedata.normalize("NFC", letter + mark)


def compose_accents(glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]) -> list[Glyph]:
    """The glyphs with each accent glyph drawn over a neighbouring letter (before or after it
    in the stream, boxes overlapping by `params.accent_overlap` of the accent's width) merged
    into that letter; the letter's copy keeps its geometry and maps back through `originals`."""
    kept: list[Glyph] | None = None  # made at the first accent composed: most pages have none
    skip = -1  # the letter after an accent, taken into the kept list with it
    for index in range(len(glyphs)):
        if index == skip:
            continue
        glyph = glyphs[index]
        mark = accent_mark(glyph.text)
        base_index = -1
        if mark:
            best = params.accent_overlap
            for candidate in (index - 1, index + 1):
                if 0 <= candidate < len(glyphs):
                    other = glyphs[candidate]
                    if _takes(other.text, mark) and other.direction == glyph.direction:
                        share = _overlap(glyph, other)
                        if share >= best:
                            best, base_index = share, candidate
        if base_index < 0:
            if kept is not None:
                kept.append(glyph)
            continue
        if kept is None:
            kept = glyphs[:index]
        # A letter before the accent is the last one kept (composed already, if it has two).
        base = kept.pop() if base_index < index else glyphs[base_index]
        text = _composed(base, mark)
        composed = base.retexted(text, text, base.original_text)
        originals[id(composed)] = originals.get(id(glyphs[base_index]), glyphs[base_index])
        kept.append(composed)
        skip = base_index
    return glyphs if kept is None else kept
