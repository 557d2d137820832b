"""Building a Font from a font dictionary, whatever its kind (ISO 32000-1 §9.5)."""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.content.lexer import Warn
from pagetext.fonts.composite import load_composite_font
from pagetext.fonts.font import Font
from pagetext.fonts.simple import helvetica, load_simple_font
from pagetext.objects import name


def fallback_font() -> Font:
    """What text is measured with when its font is missing or unreadable: Helvetica."""
    return helvetica()


def load_font(font: Any, warn: Warn) -> Font:
    """Build a Font from a font dictionary; damage gives warnings and fallbacks, not errors."""
    if not isinstance(font, pikepdf.Dictionary):
        warn("font resource is not a dictionary; Helvetica metrics used")
        return fallback_font()
    subtype = name(font.get("/Subtype")) or "Type1"
    try:
        if subtype == "Type0":
            return load_composite_font(font, warn)
        return load_simple_font(font, subtype, warn)
    except (pikepdf.PdfError, RuntimeError, ValueError, TypeError, IndexError, KeyError) as error:
        warn(f"font {name(font.get('/BaseFont'))} could not be read ({error}); Helvetica metrics used")
        return fallback_font()
