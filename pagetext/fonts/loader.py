"""Building a Font from a font dictionary, whatever its kind (ISO 32000-1 §9.5)."""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.composite import load_composite_font, load_legacy_cjk_font
from pagetext.fonts.font import Font
from pagetext.fonts.simple import helvetica, load_simple_font
from pagetext.pdf.file_objects import DICTIONARY
from pagetext.pdf.objects import name, name_bytes, optional_entry


def fallback_font() -> Font:
    """What text is measured with when its font is missing or unreadable: Helvetica."""
    return helvetica()


def load_font(font: Any, warn: Warn) -> Font:
    """Build a Font from a font dictionary; damage gives warnings and fallbacks, not errors."""
    if not isinstance(font, DICTIONARY):
        warn("font resource is not a dictionary; Helvetica metrics used")
        return fallback_font()
    subtype = name(font.get("/Subtype")) or "Type1"
    try:
        if subtype == "Type0":
            return load_composite_font(font, warn)
        legacy = _legacy_cjk_encoding(font, subtype)
        if legacy is not None:
            return load_legacy_cjk_font(font, *legacy)
        return load_simple_font(font, subtype, warn)
    except (pikepdf.PdfError, RuntimeError, ValueError, TypeError, IndexError, KeyError) as error:
        warn(f"font {name(font.get('/BaseFont'))} could not be read ({error}); Helvetica metrics used")
        return fallback_font()


# Chinese producers write non-embedded GBK fonts as simple TrueType fonts: WinAnsi in the
# dictionary, GBK double bytes in the strings, and the font's name in GBK (宋体, 小标宋).
_LEGACY_CJK = (("gbk", "GBK-EUC-H", "GB1"),)


def _legacy_cjk_encoding(font: Any, subtype: str) -> tuple[str, str, str] | None:
    """(name, CMap, ordering) when a simple font is a non-embedded legacy CJK font, else None."""
    if subtype not in ("TrueType", "Type1"):
        return None
    # The name first: it rules out nearly every font, before the entries below are read.
    raw = name_bytes(font.get("/BaseFont")).split(b",")[0]
    if not raw or raw.isascii() or optional_entry(font, "/ToUnicode") is not None:
        return None
    descriptor = font.get("/FontDescriptor")
    if isinstance(descriptor, DICTIONARY) and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
    ):
        return None
    for codec, cmap_name, ordering in _LEGACY_CJK:
        try:
            decoded = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        if all(char.isascii() or 0x4E00 <= ord(char) <= 0x9FFF for char in decoded):
            return decoded, cmap_name, ordering
    return None
