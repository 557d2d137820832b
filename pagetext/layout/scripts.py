"""Which characters belong to which writing system, as far as assembly needs to know."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

# East Asian scripts, for telling a column of glyphs set one under the other: CJK radicals,
# symbols and punctuation, kana, Bopomofo, Hangul, Han (with extensions), compatibility
# ideographs, half- and full-width forms.
_CJK: Final = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
    "\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f"
    "\uff00-\uffef\U00020000-\U0003ffff]"
)
# The scripts written without spaces between words, whose justification gaps are no word
# gaps: the East Asian ones above less Hangul, which separates words by spaces as Latin does
# (compatibility jamo U+3130-318F, syllables U+AC00-D7AF, half-width jamo U+FFA0-FFDC).
_UNSPACED: Final = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff"
    "\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f"
    "\uff00-\uff9f\uffe0-\uffef\U00020000-\U0003ffff]"
)
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
# Below these code points no character is right-to-left, or East Asian: one comparison
# answers for Latin text, which assembly asks about for every glyph pair (a regex match costs a
# hundred times more). Compared as code points: compiled, ord(s[0]) is read inline, where a
# comparison of two strings is a call.
FIRST_RTL: Final = 0x0590
_FIRST_EAST_ASIAN: Final = 0x2E80


# The UAX #9 bidi class and the mirrored property of each ASCII character, read from the
# Unicode database once: a line's Latin letters, digits and punctuation are answered by an
# index, not a call into the database per character.
_ASCII_BIDI: Final = [unicodedata.bidirectional(chr(code)) for code in range(128)]
_ASCII_MIRRORED: Final = [unicodedata.mirrored(chr(code)) == 1 for code in range(128)]


def bidi_class(char: str) -> str:
    """unicodedata.bidirectional of one character."""
    code = ord(char)
    return _ASCII_BIDI[code] if code < 128 else unicodedata.bidirectional(char)


def mirrored(char: str) -> bool:
    """unicodedata.mirrored of one character, as a bool."""
    code = ord(char)
    return _ASCII_MIRRORED[code] if code < 128 else unicodedata.mirrored(char) == 1


def is_cjk(char: str) -> bool:
    return char != "" and ord(char[0]) >= _FIRST_EAST_ASIAN and _CJK.match(char) is not None


def is_unspaced(char: str) -> bool:
    """Whether the character belongs to a script written without spaces between words."""
    return char != "" and ord(char[0]) >= _FIRST_EAST_ASIAN and _UNSPACED.match(char) is not None


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
