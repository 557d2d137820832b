"""How a font looks: bold, italic, and how tall its box is per unit of size.

For consumers that rebuild document structure (Markdown headings, emphasis). Read from the
font dictionary once per font, never per glyph: the name (Bold, Black, Heavy, Semibold,
Italic, Oblique and TeX's CMBX, CMTI, ...) and the font descriptor (ISO 32000-1 §9.8.2: the
ForceBold and Italic flags, /FontWeight, /ItalicAngle).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

import pikepdf

from pagetext.fonts.font import Font, strip_subset_prefix
from pagetext.pdf.objects import OBJECT_ERRORS, integer, name, number

FLAG_ITALIC: Final = 1 << 6  # bit 7
FLAG_FORCE_BOLD: Final = 1 << 18  # bit 19
BOLD_WEIGHT: Final = 600  # /FontWeight: 400 is normal, 700 bold; 600 is semibold
MIN_ITALIC_ANGLE: Final = 3.0  # degrees: an /ItalicAngle below this is an upright font's rounding

# Weight words in font names. "Medi" is URW's Nimbus Roman bold (NimbusRomNo9L-Medi); the
# TeX fonts name weight and shape in a prefix: CMBX (bold extended), CMB, CMTI, CMSL, CMBXTI.
_BOLD = re.compile(r"bold|black|heavy|semibold|demi|[-,]medi$|^(cm|ec|sf|lm)bx|^cmb\d", re.IGNORECASE)
# Monospaced families by name (TeX's typewriter fonts: CMTT, LMMono) ...
_MONO = re.compile(r"courier|mono|consol|menlo|monaco|typewriter|inconsolata|^(cm|ec|lm|sf)tt", re.IGNORECASE)
# ... and proportional ones: equal /Widths under such a name are a producer's shortcut, not code.
_PROPORTIONAL = re.compile(
    r"helvetica|arial|times|roman|georgia|verdana|calibri|cambria|palatino", re.IGNORECASE
)
_ITALIC = re.compile(r"italic|oblique|ital\b|[-,](it|ital|obl)$|^(cm|ec|sf)(ti|sl|bxti|bxsl)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class FontStyle:
    """bold, italic; extent: ascent - descent per unit of font size (what Glyph.box_height
    is measured with), so that box_height / extent is the size the glyph is set in;
    monospaced: a typewriter font (code): by its name, or every glyph one advance wide
    under a name that is no proportional family's."""

    bold: bool = False
    italic: bool = False
    extent: float = 1.0
    monospaced: bool = False


PLAIN: Final = FontStyle()


def name_style(font_name: str) -> tuple[bool, bool]:
    """(bold, italic) from a font's name alone."""
    bare = strip_subset_prefix(font_name)
    return bool(_BOLD.search(bare)), bool(_ITALIC.search(bare))


def _descriptor(font_dict: Any) -> Any:
    descriptor = font_dict.get("/FontDescriptor")
    if descriptor is None and name(font_dict.get("/Subtype")) == "Type0":
        descendants = font_dict.get("/DescendantFonts")
        if isinstance(descendants, pikepdf.Array) and len(descendants):
            descendant = descendants[0]
            if isinstance(descendant, pikepdf.Dictionary):
                descriptor = descendant.get("/FontDescriptor")
    return descriptor if isinstance(descriptor, pikepdf.Dictionary) else None


def font_style(font_dict: Any, font: Font, font_name: str) -> FontStyle:
    """The style of a font resource; `font` is what the interpreter built from it."""
    bold, italic = name_style(font_name)
    try:
        descriptor = _descriptor(font_dict) if isinstance(font_dict, pikepdf.Dictionary) else None
        if descriptor is not None:
            flags = integer(descriptor.get("/Flags"))
            bold = (
                bold or bool(flags & FLAG_FORCE_BOLD) or number(descriptor.get("/FontWeight")) >= BOLD_WEIGHT
            )
            italic = (
                italic
                or bool(flags & FLAG_ITALIC)
                or abs(number(descriptor.get("/ItalicAngle"))) >= MIN_ITALIC_ANGLE
            )
    except (*OBJECT_ERRORS, OverflowError):
        pass
    extent = font.ascent - font.descent
    bare = strip_subset_prefix(font_name)
    # A composite font's fixed pitch is a CJK font's: every ideograph one em wide, no code.
    fixed = font.monospaced and font.subtype != "Type0" and not _PROPORTIONAL.search(bare)
    monospaced = bool(_MONO.search(bare)) or fixed
    return FontStyle(bold, italic, extent if extent > 0 else 1.0, monospaced)
