"""Which characters belong to which writing system, as far as assembly needs to know."""

from __future__ import annotations

import re
from typing import Final

# Scripts written without spaces between words, whose justification gaps are no word gaps:
# CJK radicals, symbols and punctuation, kana, Han (with extensions), Hangul syllables,
# compatibility ideographs, half- and full-width forms.
_CJK: Final = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
    "\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f"
    "\uff00-\uffef\U00020000-\U0003ffff]"
)
# Strong right-to-left letters: Hebrew, Arabic (with supplements and presentation forms),
# Syriac, Thaana, NKo.
_RTL: Final = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_LTR: Final = re.compile(r"[^\W\d_]")  # a letter (any script); RTL letters are tested first

_MIRRORED: Final = str.maketrans("()[]{}<>«»", ")(][}{><»«")


def is_cjk(char: str) -> bool:
    return _CJK.match(char) is not None


def has_rtl(text: str) -> bool:
    return _RTL.search(text) is not None


def strong_direction(text: str) -> int:
    """+1 for left-to-right letters, -1 for right-to-left ones, 0 for neither (digits, signs)."""
    if _RTL.search(text):
        return -1
    if _LTR.search(text):
        return 1
    return 0


def mirror(text: str) -> str:
    """Swap paired brackets, as when a right-to-left run is reversed (Unicode BidiMirroring)."""
    return text.translate(_MIRRORED)
