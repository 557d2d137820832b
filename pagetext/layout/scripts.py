"""Which characters belong to which writing system, as far as assembly needs to know."""

from __future__ import annotations

import re
import unicodedata
from typing import Final, TypeVar

# East Asian scripts, for telling a column of glyphs set one under the other: CJK radicals,
# symbols and punctuation, kana, Bopomofo, Hangul, Han (with extensions), compatibility
# ideographs, half- and full-width forms. First and last code point of each range, ascending;
# typed as a tuple of any length, so that compiled it is one object, not rebuilt at each use.
CJK_RANGES: Final[tuple[tuple[int, int], ...]] = (
    (0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x3130, 0x318F),
    (0x31A0, 0x31FF), (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF),
)  # fmt: skip
# The scripts written without spaces between words, whose justification gaps are no word
# gaps: the East Asian ones above less Hangul, which separates words by spaces as Latin does
# (compatibility jamo U+3130-318F, syllables U+AC00-D7AF, half-width jamo U+FFA0-FFDC).
UNSPACED_RANGES: Final[tuple[tuple[int, int], ...]] = (
    (0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x31A0, 0x31FF),
    (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F),
    (0xFF00, 0xFF9F), (0xFFE0, 0xFFEF), (0x20000, 0x3FFFF),
)  # fmt: skip
# Strong right-to-left letters: Hebrew, Arabic (with supplements and presentation forms),
# Syriac, Thaana, NKo.
_RTL: Final = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
# The directional formatting characters (UAX #9 §2): marks (LRM, RLM, ALM), embeddings,
# overrides and isolates. Invisible; their effect is already in where the glyphs stand.
BIDI_CONTROLS: Final = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters that join the letters either side (UAX #9 / ArabicShaping.txt joining type C):
# tatweel (kashida) and the zero-width joiner.
_JOIN_CAUSING: Final = frozenset("\u0640\u07fa\u180a\u200d")
# The positional presentation forms (decompositions tagged <initial>, <medial>, <final>) are
# all in Arabic Presentation Forms-A and -B: below this no character's decomposition is asked.
_FIRST_POSITIONAL_FORM: Final = 0xFB50
# Below this code point no character is right-to-left: one comparison answers for Latin
# text, which assembly asks about for every glyph pair (a regex match costs a hundred times
# more). Compared as code points: compiled, ord(s[0]) is read inline, where a comparison of
# two strings is a call.
FIRST_RTL: Final = 0x0590


# The UAX #9 bidi class and the mirrored property of each ASCII character, read from the
# Unicode database once: a line's Latin letters, digits and punctuation are answered by an
# index, not a call into the database per character.
_ASCII_BIDI: Final = [unicodedata.bidirectional(chr(code)) for code in range(128)]
_ASCII_MIRRORED: Final = [unicodedata.mirrored(chr(code)) == 1 for code in range(128)]


# Other characters' properties, kept as they are first asked for: a dictionary lookup costs a
# fifth of a call into the Unicode database, and right-to-left lines ask for each character's
# several times. Bounded, as a file may show any number of distinct characters.
MAX_CACHED_CHARACTERS: Final = 1 << 16
_BIDI: Final[dict[str, str]] = {}
_MIRRORED: Final[dict[str, bool]] = {}
_CATEGORY: Final[dict[str, str]] = {}
_Property = TypeVar("_Property", str, bool)


def bidi_class(char: str) -> str:
    """unicodedata.bidirectional of one character."""
    code = ord(char)
    if code < 128:
        return _ASCII_BIDI[code]
    known = _BIDI.get(char)
    return known if known is not None else _remember(_BIDI, char, unicodedata.bidirectional(char))


def mirrored(char: str) -> bool:
    """unicodedata.mirrored of one character, as a bool."""
    code = ord(char)
    if code < 128:
        return _ASCII_MIRRORED[code]
    known = _MIRRORED.get(char)
    return known if known is not None else _remember(_MIRRORED, char, unicodedata.mirrored(char) == 1)


def category(char: str) -> str:
    """unicodedata.category of one character."""
    known = _CATEGORY.get(char)
    return known if known is not None else _remember(_CATEGORY, char, unicodedata.category(char))


def _remember(memo: dict[str, _Property], char: str, value: _Property) -> _Property:
    if len(memo) < MAX_CACHED_CHARACTERS:
        memo[char] = value
    return value


def is_cjk(char: str) -> bool:
    """Whether the text's first character is East Asian (CJK_RANGES)."""
    return char != "" and _in_ranges(ord(char[0]), CJK_RANGES)


def is_unspaced(char: str) -> bool:
    """Whether the text's first character belongs to a script written without spaces between
    words (UNSPACED_RANGES)."""
    return char != "" and _in_ranges(ord(char[0]), UNSPACED_RANGES)


def _in_ranges(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    """Whether the code point lies in one of the ascending ranges: compared, not matched (a
    pattern match costs some fifteen hundred instructions, and assembly asks about every
    glyph pair of East Asian text); the first range answers for Latin text."""
    for first, last in ranges:
        if code <= last:
            return code >= first
    return False


def has_rtl(text: str) -> bool:
    # A glyph's text, mostly: its code point compared (compiled, len and ord are inline where
    # isascii is a method call); a longer text matched unless its flag says it is ASCII.
    if len(text) == 1:
        return rtl_code(ord(text))
    return not text.isascii() and _RTL.search(text) is not None


def rtl_code(code: int) -> bool:
    """Whether the code point is one of _RTL's letters (its ranges, compared)."""
    return 0x0590 <= code <= 0x08FF or 0xFB1D <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF


def joins_next(char: str) -> bool:
    """Whether the character is shaped to join the next letter in logical order: an initial or
    medial presentation form (Unicode decomposition tag), or a join-causing character."""
    if char in _JOIN_CAUSING:
        return True
    return ord(char) >= _FIRST_POSITIONAL_FORM and unicodedata.decomposition(char).startswith(
        ("<initial>", "<medial>")
    )


def joins_previous(char: str) -> bool:
    """Whether the character is shaped to join the previous letter in logical order."""
    if char in _JOIN_CAUSING:
        return True
    return ord(char) >= _FIRST_POSITIONAL_FORM and unicodedata.decomposition(char).startswith(
        ("<medial>", "<final>")
    )
