"""Fonts as the interpreter needs them: codes → (Unicode, advance) and vertical box extents.

All metrics are in text-space units per unit of font size (glyph-space units × FontMatrix,
i.e. /1000 for every font kind but Type3), so the interpreter multiplies by Tfs only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from pagetext.errors import Warn
from pagetext.fonts.cmap import CMap, UnicodeMap
from pagetext.fonts.cmap_file import parse_cmap
from pagetext.fonts.code_texts import UNMAPPED as UNMAPPED
from pagetext.fonts.code_texts import CodeTexts, prepared_texts
from pagetext.pdf.file_objects import ARRAY, DICTIONARY, STREAM
from pagetext.pdf.objects import Entries, integer, number, optional_entry, read_stream


class DecodedGlyph:
    """One code of a string as its font reads it: the code, its text (see Glyph.text) and
    mapped text, its horizontal advance w0, and whether Tw applies (a one-byte code 32).
    In a font of vertical writing (WMode 1, composite fonts only), also its vertical
    displacement w1 and the x of its position vector, vx (§9.7.4.3; Font.vertical_metrics):
    looked up once per code, not per glyph shown. 0 in a font of horizontal writing.

    A class, not a tuple: fonts make one per code and every string that shows the code shares
    it, where a tuple would be unpacked and built again per glyph in compiled code.
    """

    __slots__ = ("code", "is_space", "mapped_text", "text", "vx", "w1", "width")

    def __init__(
        self,
        code: int,
        text: str,
        mapped_text: str,
        width: float,
        is_space: bool,
        w1: float = 0.0,
        vx: float = 0.0,
    ) -> None:
        self.code = code
        self.text = text
        self.mapped_text = mapped_text
        self.width = width
        self.is_space = is_space
        self.w1 = w1
        self.vx = vx


DEFAULT_ASCENT: Final = 0.8
DEFAULT_DESCENT: Final = -0.2
# Ascent to descent beyond 1.6 em is no line height: producers copy the FontBBox of CJK fonts
# (NotoSansCJK: 1806 / -1046) into Ascent/Descent, and such boxes would hide word gaps.
MAX_LINE_EXTENT: Final = 1.6
_SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")


class Font:
    """A font resource, parsed once per document."""

    __slots__ = ("ascent", "base_font", "descent", "monospaced", "subtype", "wmode")

    def __init__(self, base_font: str, subtype: str, ascent: float, descent: float) -> None:
        self.base_font = base_font
        self.subtype = subtype
        self.wmode = 0
        # Every glyph one advance wide (FontDescriptor /Flags FixedPitch, §9.8.2, or equal
        # /Widths): a gap of one advance is a space, never letter spacing.
        self.monospaced = False
        self.ascent = ascent
        self.descent = descent

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        raise NotImplementedError

    def code_lengths(self, data: bytes) -> list[int]:
        """The byte length of each code in `data`, as decode() splits it (for editing)."""
        return [1] * len(data)

    def settle(self) -> None:
        """Complete any tables read lazily, before they are read directly (for editing)."""

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        """(w1, vx, vy) for vertical writing: displacement and position vector (§9.7.4.3)."""
        raise NotImplementedError


class SimpleFont(Font):
    """Type1, MMType1, TrueType and Type3 fonts: one byte per code, 256-entry tables (§9.6).

    Each code's text is worked out when a string first shows it (CodeTexts). Codes whose
    text only the embedded font program can give wait for it: the program is parsed, by
    `settle`, when a string first shows a code the PDF leaves without text. Fonts leave such
    gaps for codes they never use (WinAnsi's five unnamed codes, holes in a /Differences
    range), and parsing a program costs more than the rest of the font.
    """

    __slots__ = ("_codes", "_decoded", "_settle", "widths")

    def __init__(
        self,
        base_font: str,
        subtype: str,
        ascent: float,
        descent: float,
        texts: list[str] | CodeTexts,
        widths: tuple[float, ...],
        settle: Callable[[CodeTexts], CodeTexts] | None = None,
    ) -> None:
        super().__init__(base_font, subtype, ascent, descent)
        self._codes = texts if isinstance(texts, CodeTexts) else prepared_texts(texts)
        self.widths = widths
        # Reads the program when the PDF leaves a code the font has without text (simple.py).
        self._settle = settle
        # Each code's decoded record, made when a string first shows the code and shared by
        # every string after (most fonts show a few dozen of their 256 codes).
        self._decoded: list[DecodedGlyph | None] = [None] * 256

    @property
    def texts(self) -> list[str]:
        """The text of every code (settle() first for the program's)."""
        return self._codes.texts()

    def settle(self) -> None:
        """Give the codes the PDF leaves without text theirs from the font program (once)."""
        settle = self._settle
        if settle is not None:
            self._settle = None  # asked once: decode() would ask again and again
            codes = settle(self._codes)
            if codes is not self._codes:
                self._codes = codes
                self._decoded = [None] * 256

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        table = self._decoded
        result: list[DecodedGlyph] = []
        for index in range(len(data)):  # indexed: compiled, iterating bytes boxes each code
            code = data[index]
            entry = table[code]
            if entry is None:
                codes = self._codes
                if self._settle is not None and not codes.found(code):
                    self.settle()  # the program may name it: read it, then decode again
                    return self.decode(data)
                entry = table[code] = DecodedGlyph(
                    code, codes.text(code), codes.mapped_text(code), self.widths[code], code == 32
                )
            result.append(entry)
        return result

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        return -1.0, self.widths[code & 0xFF] / 2, 0.88


def strip_subset_prefix(base_font: str) -> str:
    return _SUBSET_PREFIX.sub("", base_font)


def vertical_extent(
    descriptor: Any, scale: float, fallback: tuple[float, float] | None, font_bbox: Any
) -> tuple[float, float]:
    """Ascent and descent per unit size: descriptor, else FontBBox, else `fallback`, else defaults."""
    ascent = descent = 0.0
    bbox: Any = font_bbox
    if isinstance(descriptor, DICTIONARY):
        ascent = number(descriptor.get("/Ascent")) * scale
        descent = number(descriptor.get("/Descent")) * scale
        if bbox is None:
            bbox = descriptor.get("/FontBBox")
    if descent > 0:
        descent = -descent  # a positive Descent is a producer's sign error
    if ascent - descent <= 0.05 and isinstance(bbox, ARRAY) and len(bbox) == 4:
        low, high = number(bbox[1]) * scale, number(bbox[3]) * scale
        ascent, descent = max(low, high), min(low, high, 0.0)
    if ascent - descent <= 0.05 and fallback is not None:
        ascent, descent = fallback
    if ascent - descent <= 0.05 or ascent - descent > MAX_LINE_EXTENT:
        ascent, descent = DEFAULT_ASCENT, DEFAULT_DESCENT
    return ascent, descent


def read_to_unicode(font: Entries, base_font: str, warn: Warn) -> UnicodeMap:
    """The /ToUnicode map of a font (its entries; `base_font` names it in warnings), empty when
    it has none or it cannot be read."""
    stream = font.get("/ToUnicode")
    if not isinstance(stream, STREAM):
        return UnicodeMap({}, [])
    data = read_stream(stream, f"ToUnicode CMap of font {base_font}", warn)
    if data is None:
        return UnicodeMap({}, [])
    cmap, parent = parse_cmap(data, warn)
    if parent is not None:
        warn(f"ToUnicode CMap uses {parent}, which is not a predefined CMap; ignored")
    return UnicodeMap(cmap.unicode, cmap.unicode_ranges)


def read_embedded_cmap(stream: Any, what: str, warn: Warn) -> CMap | None:
    data = read_stream(stream, what, warn)
    if data is None:
        return None
    cmap, parent = parse_cmap(data, warn)
    if parent is not None:
        warn(f"{what} uses {parent}, which is not a predefined CMap; ignored")
    wmode = optional_entry(stream, "/WMode") if isinstance(stream, STREAM) else None
    if wmode is not None:
        cmap.wmode = integer(wmode)
    return cmap
