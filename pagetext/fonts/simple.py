"""Simple fonts: Type1, MMType1, TrueType, Type3 (ISO 32000-1 §9.6).

Each of the 256 codes gets its Unicode text from the first source that knows it:
/ToUnicode, the glyph name of the encoding (/Differences over the base encoding), the
embedded font program (glyph ids, its cmap), a name that spells out its own code (`a235`),
and at last the code itself read as Latin-1.
"""

from __future__ import annotations

import re
from functools import cache, partial
from typing import Any, Final

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.encodings import (
    char,
    core14_metrics,
    encoding_table,
    glyph_name_to_unicode,
    text_of_glyph,
    without_controls,
)
from pagetext.fonts.font import UNMAPPED, SimpleFont, read_to_unicode, strip_subset_prefix, vertical_extent
from pagetext.fonts.program import FontProgram, load_program
from pagetext.pdf.objects import integer, name, number, optional_entry, plain_array

DEFAULT_WIDTH: Final = 0.5  # a font with neither /Widths nor standard-14 metrics
_FLAG_SYMBOLIC = 1 << 2  # FontDescriptor /Flags bit 3 (§9.8.2, Table 123)
_FLAG_FIXED_PITCH = 1  # FontDescriptor /Flags bit 1 (§9.8.2, Table 123)
# Equal /Widths tell a monospaced font only over this many codes: a subset of a few glyphs
# (tabular digits) may share one width in any font.
_MIN_EQUAL_WIDTHS: Final = 8
_GLYPH_ID_NAME = re.compile(r"^(?:g|glyph|gid|cid|index)(\d+)$", re.IGNORECASE)
# Names that spell out their own code in decimal (a235, c65) or hex (G41, x41), as Type3
# fonts and some converters write them; trusted only when the number is the code.
_DECIMAL_CODE_NAME = re.compile(r"^[A-Za-z]{1,3}(\d{2,3})$")
_HEX_CODE_NAME = re.compile(r"^[A-Za-z]{1,2}([0-9A-Fa-f]{2})$")
# ZapfDingbats' own glyph names (a1 … a191), which subsets of it keep under other font names.
_DINGBAT_NAME = re.compile(r"^a\d{1,3}$")


def standard14_name(base_font: str) -> str | None:
    """The standard-14 font a BaseFont stands for, through the usual aliases, or None."""
    lower = strip_subset_prefix(base_font).replace(" ", "").lower()
    bold = any(word in lower for word in ("bold", "black", "heavy", "semibold", "demi"))
    italic = "italic" in lower or "oblique" in lower
    if lower.startswith("symbol"):
        return "Symbol"
    if lower.startswith(("zapfdingbats", "dingbats")):
        return "ZapfDingbats"
    if lower.startswith("courier"):
        family, regular, slant = "Courier", "Courier", "Oblique"
    elif lower.startswith(("helvetica", "arial")):
        family, regular, slant = "Helvetica", "Helvetica", "Oblique"
    elif lower.startswith("times"):
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


def _table(encoding_name: str) -> list[str | None]:
    return list(encoding_table(encoding_name) or [None] * 256)


def _glyph_names(
    font: Any,
    symbolic: bool,
    std14_name: str | None,
    std14: dict[str, Any] | None,
    program: FontProgram | None,
    warn: Warn,
) -> tuple[list[str | None], bytes]:
    """Code → glyph name from /Encoding (§9.6.6), else the font's own encoding; and the
    codes that the program's own (built-in) encoding names."""
    encoding = font.get("/Encoding")
    base: list[str | None] | None = None
    own: set[int] = set()
    differences: Any = None
    if isinstance(encoding, pikepdf.Name):
        base = encoding_table(name(encoding))
        if base is None:
            warn(f"unknown encoding {encoding}; the font's own encoding used")
    elif isinstance(encoding, pikepdf.Dictionary):
        base_name = optional_entry(encoding, "/BaseEncoding")
        if isinstance(base_name, pikepdf.Name):
            base = encoding_table(name(base_name))
        differences = encoding.get("/Differences")
    if base is None:
        if std14 is not None and std14_name in ("Symbol", "ZapfDingbats"):
            base = std14["encoding"]
        elif program is not None and program.builtin_encoding and (symbolic or encoding is None):
            base = [program.builtin_encoding.get(code) for code in range(256)]
            own = set(program.builtin_encoding)
        elif symbolic and std14 is None:
            # A symbolic font's codes select glyphs directly (its cmap, §9.6.6.4): no names.
            base = [None] * 256
        else:
            base = _table("StandardEncoding")
    names = list(base)
    if isinstance(differences, pikepdf.Array):
        items = plain_array(differences)  # names as str: one call into pikepdf, not one per item
        code = 0
        for item in differences if items is None else items:
            if isinstance(item, (str, pikepdf.Name)):
                if 0 <= code < 256:
                    names[code] = item if isinstance(item, str) else name(item)
                    own.discard(code)
                code += 1
            else:
                code = integer(item, -1)
    return names, bytes(sorted(code for code in own if 0 <= code < 256))


def _text_from_program(code: int, glyph_name: str | None, program: FontProgram) -> str:
    gid = None
    if glyph_name:
        gid = program.gid_for_name(glyph_name)
        if gid is None:
            match = _GLYPH_ID_NAME.match(glyph_name)
            if match:
                gid = int(match.group(1))
    if gid is None:
        gid = program.symbolic_cmap.get(code)
    return program.unicode_by_gid.get(gid, "") if gid is not None else ""


def _text_from_code_name(code: int, glyph_name: str | None) -> str:
    if not glyph_name:
        return ""
    match = _DECIMAL_CODE_NAME.match(glyph_name)
    if match and int(match.group(1)) == code:
        return char(code)
    match = _HEX_CODE_NAME.match(glyph_name)
    if match and int(match.group(1), 16) == code:
        return char(code)
    return ""


def _last_resort(code: int, glyph_name: str | None, own: bytes) -> str:
    if glyph_name and _DINGBAT_NAME.match(glyph_name):
        text = glyph_name_to_unicode(glyph_name, True)
        if text:
            return text
    if code in own and glyph_name and not glyph_name.startswith(".") and not _GLYPH_ID_NAME.match(glyph_name):
        # The program's own encoding says which glyph the code shows (§9.6.6.1): its code
        # is no character code, so an unknown glyph is unknown text, not the Latin-1 letter.
        return UNMAPPED
    # Codes that name nothing are most often plain ASCII/Latin-1 in custom encodings.
    return char(code) if 32 <= code < 127 or 160 <= code < 256 else UNMAPPED


def _widths(
    font: Any, names: list[str | None], scale: float, std14: dict[str, Any] | None, descriptor: Any
) -> list[float]:
    missing = 0.0
    if isinstance(descriptor, pikepdf.Dictionary):
        missing = number(optional_entry(descriptor, "/MissingWidth")) * scale
    widths_array = font.get("/Widths")
    if isinstance(widths_array, pikepdf.Array):
        widths = [missing] * 256
        first = integer(font.get("/FirstChar"))
        values = plain_array(widths_array)
        for i, value in enumerate(widths_array if values is None else values):
            if 0 <= first + i < 256:
                widths[first + i] = number(value) * scale
        return widths
    if std14 is not None:
        afm_widths = std14["widths"]
        return [afm_widths.get(glyph, 0) / 1000 if glyph else 0.0 for glyph in names]
    if isinstance(descriptor, pikepdf.Dictionary) and number(descriptor.get("/AvgWidth")) > 0:
        return [number(descriptor.get("/AvgWidth")) * scale] * 256
    return [missing or DEFAULT_WIDTH] * 256


def _may_have_builtin_encoding(descriptor: Any) -> bool:
    """Whether the embedded program has an encoding of its own (Type 1, CFF: §9.6.6.1). A
    TrueType program has none: its cmap names only the codes that nothing else names, so it
    is read when a string first shows such a code, like any other program."""
    return isinstance(descriptor, pikepdf.Dictionary) and not isinstance(
        descriptor.get("/FontFile2"), pikepdf.Stream
    )


def load_simple_font(font: Any, subtype: str, warn: Warn) -> SimpleFont:
    base_font = name(font.get("/BaseFont")) or name(font.get("/Name"))
    descriptor = font.get("/FontDescriptor")
    flags = integer(descriptor.get("/Flags")) if isinstance(descriptor, pikepdf.Dictionary) else 0
    symbolic = bool(flags & _FLAG_SYMBOLIC)
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
        std14 = std14_name = None
    # The embedded program is parsed only when the PDF leaves something to it: the built-in
    # encoding of a font without a base encoding, or codes whose text nothing else gives.
    embedded = subtype != "Type3" and std14_name not in ("Symbol", "ZapfDingbats")
    encoding = font.get("/Encoding")
    has_base = isinstance(encoding, pikepdf.Name) or (
        isinstance(encoding, pikepdf.Dictionary) and optional_entry(encoding, "/BaseEncoding") is not None
    )
    to_unicode = read_to_unicode(font, warn)
    mapped = to_unicode.byte_texts()
    first = integer(font.get("/FirstChar"))
    last = integer(font.get("/LastChar"), 255)
    # A ToUnicode map that covers every code the font has widths for leaves the built-in
    # encoding nothing to name (parsing the program costs milliseconds).
    covered = isinstance(font.get("/Widths"), pikepdf.Array) and all(
        mapped[max(first, 0) : min(last, 255) + 1]
    )
    program = (
        load_program(descriptor, warn)
        if embedded
        and not has_base
        and (encoding is None or symbolic)
        and not covered
        and _may_have_builtin_encoding(descriptor)
        else None
    )
    names, own = _glyph_names(font, symbolic, std14_name, std14, program, warn)
    dropped = bytes(code for code, text in enumerate(mapped) if text == "")  # controls only
    # A Type3 font names its glyph procedures as its producer likes ("square" for a glyph
    # that shows "a"): only the AGL's names are read there, as viewers do.
    found, texts, mapped_texts = _code_texts(
        names, mapped, std14_name == "ZapfDingbats", subtype != "Type3", program, own, dropped
    )
    # When codes the font has are left without text, the program may give them theirs: it is
    # read when a string first shows a code without text.
    needs_program = (
        program is None
        and embedded
        and any(not text and (names[code] or first <= code <= last) for code, text in enumerate(found))
    )
    pending = bytes(code for code, text in enumerate(found) if not text) if needs_program else b""
    # A partial, not a nested function: compiled, a nested function and its closure refer to
    # each other, and the font would be freed by the cycle collector only.
    settle = partial(_texts_from_program, names, found, dropped, descriptor, warn)
    widths = _widths(font, names, scale, std14, descriptor)
    std14_extent = (std14["ascent"] / 1000, std14["descent"] / 1000) if std14 else None
    ascent, descent = vertical_extent(descriptor, vscale, std14_extent, font_bbox)
    result = SimpleFont(base_font, subtype, ascent, descent, texts, widths, mapped_texts, pending, settle)
    result.monospaced = bool(flags & _FLAG_FIXED_PITCH) or _equal_widths(widths)
    return result


def _equal_widths(widths: list[float]) -> bool:
    shown = [width for width in widths if width > 0]
    return len(shown) >= _MIN_EQUAL_WIDTHS and min(shown) == max(shown)


# The texts of the 256 codes depend on the glyph names and the ToUnicode texts alone when no
# font program has a say; fonts of one document, and documents of one producer, repeat them.
# Emptied when full: a batch of documents with their own encodings does not grow it without end.
MAX_KNOWN_ENCODINGS: Final = 256
_KNOWN_CODE_TEXTS: Final[dict[tuple[object, ...], tuple[list[str], list[str], list[str]]]] = {}


def _code_texts(
    names: list[str | None],
    mapped: list[str | None],
    zapf: bool,
    tex: bool,
    program: FontProgram | None,
    own: bytes,
    dropped: bytes,
) -> tuple[list[str], list[str], list[str]]:
    """Per code: the text the PDF's own mappings give ("" for none), the text the font
    shows, and that text before glyph-text folding. The lists are shared between the fonts
    that have the same mappings; nothing changes them."""
    key = (tuple(names), tuple(mapped), zapf, tex) if program is None else None
    if key is not None:
        known = _KNOWN_CODE_TEXTS.get(key)
        if known is not None:
            return known
    found = [
        mapped[code] or (glyph_name_to_unicode(name, zapf, tex) if name else "")
        for code, name in enumerate(names)
    ]
    texts, mapped_texts = _texts_with(names, found, program, own, dropped)
    if key is not None:
        if len(_KNOWN_CODE_TEXTS) >= MAX_KNOWN_ENCODINGS:
            _KNOWN_CODE_TEXTS.clear()
        _KNOWN_CODE_TEXTS[key] = (found, texts, mapped_texts)
    return found, texts, mapped_texts


def _texts_from_program(
    names: list[str | None], found: list[str], dropped: bytes, descriptor: Any, warn: Warn
) -> tuple[list[str], list[str]]:
    """The texts of a font whose program is read late (SimpleFont.settle)."""
    return _texts_with(names, found, load_program(descriptor, warn), b"", dropped)


def _texts_with(
    names: list[str | None], found: list[str], program: FontProgram | None, own: bytes, dropped: bytes
) -> tuple[list[str], list[str]]:
    """The texts the font shows and their unfolded form: `found`, else what the program
    gives, else what the glyph name spells out, else (see _last_resort) the code read as
    Latin-1. `own`: the codes the program's built-in encoding names; `dropped`: the codes
    the ToUnicode map gives control characters only, which have no text but a name's.
    Control characters a name or the program gives are left out the same way."""
    texts: list[str] = []
    mapped_texts: list[str] = []
    for code, glyph_name in enumerate(names):
        text = found[code]
        if not text and program is not None:
            text = _text_from_program(code, glyph_name, program)
        named = bool(text)
        if named:
            text = without_controls(text)
        if not named and code not in dropped:
            text = _text_from_code_name(code, glyph_name) or _last_resort(code, glyph_name, own)
        mapped_texts.append(text)
        texts.append(text_of_glyph(text))
    return texts, mapped_texts


@cache
def _helvetica_tables() -> tuple[list[str], list[float], float, float]:
    std14 = core14_metrics("Helvetica")
    assert std14 is not None
    names = _table("WinAnsiEncoding")
    texts = [
        (glyph_name_to_unicode(n) or UNMAPPED) if n else _last_resort(c, n, b"") for c, n in enumerate(names)
    ]
    widths = [std14["widths"].get(n, 0) / 1000 if n else 0.0 for n in names]
    return texts, widths, std14["ascent"] / 1000, std14["descent"] / 1000


def helvetica() -> SimpleFont:
    texts, widths, ascent, descent = _helvetica_tables()
    return SimpleFont("Helvetica", "Type1", ascent, descent, texts, widths)
