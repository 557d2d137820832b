"""Fonts as the interpreter needs them: codes → (Unicode, advance) and vertical box extents.

All metrics are in text-space units per unit of font size (glyph-space units × FontMatrix,
i.e. /1000 for every font kind but Type3), so the interpreter multiplies by Tfs only.
"""

from __future__ import annotations

import re
from typing import Any

import pikepdf

from pagetext.content.lexer import Warn
from pagetext.fonts.cmap import CMap, parse_cmap
from pagetext.fonts.encodings import core14_metrics, encoding_table, glyph_name_to_unicode
from pagetext.objects import OBJECT_ERRORS, name, number, read_stream

# (code, Unicode text, horizontal advance w0, whether Tw applies: a single-byte code 32)
DecodedGlyph = tuple[int, str, float, bool]

UNMAPPED = "\ufffd"
DEFAULT_ASCENT = 0.8
DEFAULT_DESCENT = -0.2
DEFAULT_WIDTH = 0.5  # a simple font with neither /Widths nor standard-14 metrics
_SUBSET_PREFIX = re.compile(r"^[A-Z]{6}\+")
_FLAG_SYMBOLIC = 1 << 2  # FontDescriptor /Flags bit 3 (§9.8.2, Table 123)


class Font:
    """A font resource, parsed once per document."""

    __slots__ = ("ascent", "base_font", "descent", "subtype", "wmode")

    def __init__(self, base_font: str, subtype: str, ascent: float, descent: float) -> None:
        self.base_font = base_font
        self.subtype = subtype
        self.wmode = 0
        self.ascent = ascent
        self.descent = descent

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        raise NotImplementedError

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        """(w1, vx, vy) for vertical writing: displacement and position vector (§9.7.4.3)."""
        raise NotImplementedError


class SimpleFont(Font):
    """Type1, MMType1, TrueType and Type3 fonts: one byte per code (§9.6)."""

    __slots__ = ("texts", "widths")

    def __init__(
        self,
        base_font: str,
        subtype: str,
        ascent: float,
        descent: float,
        texts: list[str],
        widths: list[float],
    ) -> None:
        super().__init__(base_font, subtype, ascent, descent)
        self.texts = texts
        self.widths = widths

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        texts = self.texts
        widths = self.widths
        return [(b, texts[b], widths[b], b == 32) for b in data]

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        width = self.widths[code & 0xFF]
        return -1.0, width / 2, 0.88


class CompositeFont(Font):
    """A Type0 font with its CIDFont descendant (§9.7)."""

    __slots__ = (
        "cid_widths",
        "cmap",
        "default_vertical",
        "default_width",
        "identity",
        "to_unicode",
        "vertical",
        "word_space_code",
    )

    def __init__(self, base_font: str, ascent: float, descent: float) -> None:
        super().__init__(base_font, "Type0", ascent, descent)
        self.cmap: CMap | None = None  # None: Identity-H or Identity-V
        self.identity = True
        self.to_unicode: dict[int, str] = {}
        self.cid_widths: dict[int, float] = {}
        self.default_width = 1.0
        self.vertical: dict[int, tuple[float, float, float]] = {}
        self.default_vertical = (0.88, -1.0)  # DW2 = [880 -1000]
        self.word_space_code = -1

    def _codes(self, data: bytes) -> list[tuple[int, int]]:
        if self.cmap is None:
            pairs = [((data[i] << 8) | data[i + 1], 2) for i in range(0, len(data) - 1, 2)]
            if len(data) % 2:
                pairs.append((data[-1], 1))
            return pairs
        return list(self.cmap.split(data))

    def cid(self, code: int) -> int:
        if self.cmap is None or self.identity:
            return code
        return self.cmap.cids.get(code, 0)

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        to_unicode = self.to_unicode
        widths = self.cid_widths
        default = self.default_width
        space = self.word_space_code
        result = []
        for code, length in self._codes(data):
            cid = self.cid(code)
            text = to_unicode.get(code, UNMAPPED)
            result.append((code, text, widths.get(cid, default), code == space and length == 1))
        return result

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        cid = self.cid(code)
        entry = self.vertical.get(cid)
        if entry is not None:
            return entry
        vy, w1 = self.default_vertical
        return w1, self.cid_widths.get(cid, self.default_width) / 2, vy


def standard14_name(base_font: str) -> str | None:
    """The standard-14 font a BaseFont stands for, through the usual aliases, or None."""
    name = _SUBSET_PREFIX.sub("", base_font).replace(" ", "")
    lower = name.lower()
    bold = "bold" in lower or "black" in lower or "heavy" in lower
    italic = "italic" in lower or "oblique" in lower
    if lower.startswith("symbol"):
        return "Symbol"
    if lower.startswith(("zapfdingbats", "dingbats")):
        return "ZapfDingbats"
    if lower.startswith(("courier",)):
        family, regular, slant = "Courier", "Courier", "Oblique"
    elif lower.startswith(("helvetica", "arial")):
        family, regular, slant = "Helvetica", "Helvetica", "Oblique"
    elif lower.startswith(("times",)):
        family, regular, slant = "Times", "Times-Roman", "Italic"
    else:
        return None
    if bold and italic:
        return f"{family}-Bold{slant}"
    if bold:
        return f"{family}-Bold"
    if italic:
        return f"{family}-{slant}"
    return regular


def _vertical_extent(
    descriptor: Any, scale: float, std14: dict[str, Any] | None, font_bbox: Any
) -> tuple[float, float]:
    """Ascent and descent per unit size: descriptor, else FontBBox, else standard-14, else defaults."""
    ascent = descent = 0.0
    bbox: Any = font_bbox
    if isinstance(descriptor, pikepdf.Dictionary):
        ascent = number(descriptor.get("/Ascent")) * scale
        descent = number(descriptor.get("/Descent")) * scale
        if bbox is None:
            bbox = descriptor.get("/FontBBox")
    if descent > 0:
        descent = -descent  # a positive Descent is a producer's sign error
    if ascent - descent <= 0.05 and isinstance(bbox, pikepdf.Array) and len(bbox) == 4:
        low, high = number(bbox[1]) * scale, number(bbox[3]) * scale
        ascent, descent = max(low, high), min(low, high, 0.0)
    if ascent - descent <= 0.05 and std14 is not None:
        ascent, descent = std14["ascent"] / 1000, std14["descent"] / 1000
    if ascent - descent <= 0.05 or ascent - descent > 20:
        ascent, descent = DEFAULT_ASCENT, DEFAULT_DESCENT
    return ascent, descent


def _to_unicode(font: Any, warn: Warn) -> dict[int, str]:
    stream = font.get("/ToUnicode")
    if not isinstance(stream, pikepdf.Stream):
        return {}
    data = read_stream(stream, f"ToUnicode CMap of font {font.get('/BaseFont', '?')}", warn)
    if data is None:
        return {}
    cmap, _ = parse_cmap(data, warn)
    return {code: text for code, text in cmap.unicode.items() if text and text != "\x00"}


def _simple_encoding(
    font: Any, std14_name: str | None, std14: dict[str, Any] | None, warn: Warn
) -> list[str | None]:
    encoding = font.get("/Encoding")
    base: list[str | None] | None = None
    differences: Any = None
    if isinstance(encoding, pikepdf.Name):
        base = encoding_table(name(encoding))
        if base is None:
            warn(f"unknown encoding {encoding}; StandardEncoding used")
    elif isinstance(encoding, pikepdf.Dictionary):
        base_name = encoding.get("/BaseEncoding")
        if isinstance(base_name, pikepdf.Name):
            base = encoding_table(name(base_name))
        differences = encoding.get("/Differences")
    if base is None:
        if std14 is not None and std14_name in ("Symbol", "ZapfDingbats"):
            base = std14["encoding"]
        else:
            base = encoding_table("StandardEncoding")
    table = list(base or [None] * 256)
    if isinstance(differences, pikepdf.Array):
        code = 0
        for item in differences:
            if isinstance(item, pikepdf.Name):
                if 0 <= code < 256:
                    table[code] = name(item)
                code += 1
            else:
                code = int(number(item, -1))
    return table


def _simple_widths(
    font: Any, names: list[str | None], scale: float, std14: dict[str, Any] | None, descriptor: Any
) -> list[float]:
    missing = 0.0
    if isinstance(descriptor, pikepdf.Dictionary):
        missing = number(descriptor.get("/MissingWidth")) * scale
    widths_array = font.get("/Widths")
    if isinstance(widths_array, pikepdf.Array):
        widths = [missing] * 256
        first = int(number(font.get("/FirstChar"), 0))
        for i, value in enumerate(widths_array):
            if 0 <= first + i < 256:
                widths[first + i] = number(value) * scale
        return widths
    if std14 is not None:
        afm_widths = std14["widths"]
        return [afm_widths.get(name, 0) / 1000 if name else 0.0 for name in names]
    return [missing or DEFAULT_WIDTH] * 256


def load_simple_font(font: Any, subtype: str, warn: Warn) -> SimpleFont:
    base_font = name(font.get("/BaseFont")) or name(font.get("/Name"))
    descriptor = font.get("/FontDescriptor")
    std14_name = standard14_name(base_font)
    std14 = core14_metrics(std14_name) if std14_name else None
    scale = vscale = 0.001
    font_bbox = None
    if subtype == "Type3":
        # Type3 glyph space maps to text space through /FontMatrix, not a fixed 1/1000 (§9.6.5).
        matrix = font.get("/FontMatrix")
        if isinstance(matrix, pikepdf.Array) and len(matrix) == 6:
            scale = number(matrix[0], 0.001) or 0.001
            vscale = abs(number(matrix[3], 0.001)) or 0.001
        font_bbox = font.get("/FontBBox")
        std14 = None
    names = _simple_encoding(font, std14_name, std14, warn)
    zapf = std14_name == "ZapfDingbats"
    texts = [(glyph_name_to_unicode(name, zapf) or UNMAPPED) if name else UNMAPPED for name in names]
    for code, text in _to_unicode(font, warn).items():
        if 0 <= code < 256:
            texts[code] = text
    widths = _simple_widths(font, names, scale, std14, descriptor)
    ascent, descent = _vertical_extent(descriptor, vscale, std14, font_bbox)
    return SimpleFont(base_font, subtype, ascent, descent, texts, widths)


def _parse_w(array: Any) -> dict[int, float]:
    """CID widths from a /W array: `c [w1 w2 …]` and `c_first c_last w` entries (§9.7.4.3)."""
    widths: dict[int, float] = {}
    items = list(array)
    i = 0
    while i < len(items) - 1:
        first = int(number(items[i]))
        following = items[i + 1]
        if isinstance(following, pikepdf.Array):
            for offset, value in enumerate(following):
                widths[first + offset] = number(value) / 1000
            i += 2
        elif i + 2 < len(items):
            last = min(int(number(following)), first + 0x10000)
            width = number(items[i + 2]) / 1000
            for cid in range(first, last + 1):
                widths[cid] = width
            i += 3
        else:
            break
    return widths


def _parse_w2(array: Any) -> dict[int, tuple[float, float, float]]:
    """Vertical metrics from /W2: `c [w1y vx vy …]` and `c_first c_last w1y vx vy` entries."""
    metrics: dict[int, tuple[float, float, float]] = {}
    items = list(array)
    i = 0
    while i < len(items) - 1:
        first = int(number(items[i]))
        following = items[i + 1]
        if isinstance(following, pikepdf.Array):
            values = [number(v) / 1000 for v in following]
            for j in range(0, len(values) - 2, 3):
                metrics[first + j // 3] = (values[j], values[j + 1], values[j + 2])
            i += 2
        elif i + 4 < len(items):
            last = min(int(number(following)), first + 0x10000)
            entry = (number(items[i + 2]) / 1000, number(items[i + 3]) / 1000, number(items[i + 4]) / 1000)
            for cid in range(first, last + 1):
                metrics[cid] = entry
            i += 5
        else:
            break
    return metrics


def load_composite_font(font: Any, warn: Warn) -> CompositeFont:
    base_font = name(font.get("/BaseFont"))
    descendants = font.get("/DescendantFonts")
    cid_font: Any = descendants[0] if isinstance(descendants, pikepdf.Array) and len(descendants) else None
    if not isinstance(cid_font, pikepdf.Dictionary):
        warn(f"Type0 font {base_font} has no CIDFont; default metrics used")
        cid_font = pikepdf.Dictionary()
    descriptor = cid_font.get("/FontDescriptor")
    ascent, descent = _vertical_extent(descriptor, 0.001, None, None)
    result = CompositeFont(base_font, ascent, descent)

    encoding = font.get("/Encoding")
    if isinstance(encoding, pikepdf.Name):
        cmap_name = name(encoding)
        if cmap_name == "Identity-V":
            result.wmode = 1
        elif cmap_name != "Identity-H":
            result.wmode = 1 if cmap_name.endswith("-V") else 0
            warn(f"predefined CMap {cmap_name} is not supported yet; codes read as 2-byte CIDs")
    elif isinstance(encoding, pikepdf.Stream):
        data = read_stream(encoding, f"encoding CMap of font {base_font}", warn)
        if data is not None:
            cmap, parent = parse_cmap(data, warn)
            if parent and parent not in ("Identity-H", "Identity-V"):
                warn(f"CMap {cmap.name or '?'} uses {parent}, which is not supported yet")
            cmap_wmode = encoding.get("/WMode")
            result.wmode = int(number(cmap_wmode)) if cmap_wmode is not None else cmap.wmode
            result.cmap = cmap
            result.identity = not cmap.cids
            for length, low, high in cmap.codespace:
                if length == 1 and low[0] <= 32 <= high[0]:
                    result.word_space_code = 32
    result.to_unicode = _to_unicode(font, warn)

    result.default_width = number(cid_font.get("/DW"), 1000) / 1000
    w = cid_font.get("/W")
    if isinstance(w, pikepdf.Array):
        result.cid_widths = _parse_w(w)
    dw2 = cid_font.get("/DW2")
    if isinstance(dw2, pikepdf.Array) and len(dw2) == 2:
        result.default_vertical = (number(dw2[0]) / 1000, number(dw2[1]) / 1000)
    w2 = cid_font.get("/W2")
    if isinstance(w2, pikepdf.Array):
        result.vertical = _parse_w2(w2)
    return result


def fallback_font() -> SimpleFont:
    """What text is measured with when its font is missing or unreadable: Helvetica."""
    std14 = core14_metrics("Helvetica")
    assert std14 is not None
    names = encoding_table("StandardEncoding") or [None] * 256
    texts = [(glyph_name_to_unicode(name) or UNMAPPED) if name else UNMAPPED for name in names]
    widths = [std14["widths"].get(name, 0) / 1000 if name else 0.0 for name in names]
    return SimpleFont("Helvetica", "Type1", std14["ascent"] / 1000, std14["descent"] / 1000, texts, widths)


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
    except (*OBJECT_ERRORS, IndexError, KeyError) as error:
        warn(f"font {font.get('/BaseFont', '?')} could not be read ({error}); Helvetica metrics used")
        return fallback_font()
