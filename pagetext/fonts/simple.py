"""Simple fonts: Type1, MMType1, TrueType, Type3 (ISO 32000-1 §9.6).

A font's codes get their glyph names from /Encoding (/Differences over the base encoding),
else the font's own encoding; their Unicode text from those names, /ToUnicode and the
embedded program (code_texts.py), and their widths from /Widths or the standard-14 metrics.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any, Final

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.code_texts import UNMAPPED, CodeTexts, last_resort
from pagetext.fonts.encodings import Core14Metrics, core14_metrics, encoding_table, glyph_name_to_unicode
from pagetext.fonts.font import SimpleFont, read_to_unicode, strip_subset_prefix, vertical_extent
from pagetext.fonts.program import FontProgram, load_program
from pagetext.pdf.file_objects import ARRAY, DICTIONARY, NAME, STREAM, FileDictionary
from pagetext.pdf.objects import Entries, integer, name, number, optional_entry, plain_array

DEFAULT_WIDTH: Final = 0.5  # a font with neither /Widths nor standard-14 metrics
_FLAG_SYMBOLIC = 1 << 2  # FontDescriptor /Flags bit 3 (§9.8.2, Table 123)
_FLAG_FIXED_PITCH = 1  # FontDescriptor /Flags bit 1 (§9.8.2, Table 123)
# Equal /Widths tell a monospaced font only over this many codes: a subset of a few glyphs
# (tabular digits) may share one width in any font.
_MIN_EQUAL_WIDTHS: Final = 8


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
    encoding: Any,
    symbolic: bool,
    std14_name: str | None,
    std14: Core14Metrics | None,
    program: FontProgram | None,
    warn: Warn,
) -> tuple[list[str | None], bytes]:
    """Code → glyph name from /Encoding (§9.6.6), else the font's own encoding; and the
    codes that the program's own (built-in) encoding names. `encoding`: the font's /Encoding."""
    base: list[str | None] | None = None
    own: set[int] = set()
    differences: Any = None
    if isinstance(encoding, NAME):
        base = encoding_table(name(encoding))
        if base is None:
            warn(f"unknown encoding {encoding}; the font's own encoding used")
    elif isinstance(encoding, DICTIONARY):
        base_name = optional_entry(encoding, "/BaseEncoding")
        if isinstance(base_name, NAME):
            base = encoding_table(name(base_name))
        differences = encoding.get("/Differences")
    if base is None:
        if std14 is not None and std14_name in ("Symbol", "ZapfDingbats"):
            base = std14.encoding()
        elif program is not None and program.builtin_encoding and (symbolic or encoding is None):
            builtin = program.builtin_encoding  # read once: compiled, each read is a lookup
            base = [builtin.get(code) for code in range(256)]
            own = set(builtin)
        elif symbolic and std14 is None:
            # A symbolic font's codes select glyphs directly (its cmap, §9.6.6.4): no names.
            base = [None] * 256
        else:
            base = _table("StandardEncoding")
    names = list(base)
    if isinstance(differences, ARRAY):
        items = plain_array(differences)  # names as str: one call into pikepdf, not one per item
        if items is None:
            items = [name(item) if isinstance(item, pikepdf.Name) else item for item in differences]
        _apply_differences(names, own, items)
    return names, bytes(sorted(code for code in own if 0 <= code < 256))


def _apply_differences(names: list[str | None], own: set[int], items: list[Any]) -> None:
    """Name the codes of a /Differences array (§9.6.6.1), its names as str: each name the
    code after the number or name before it."""
    code = 0
    for item in items:
        if isinstance(item, str):
            if 0 <= code < 256:
                names[code] = item
                if own:
                    own.discard(code)
            code += 1
        else:
            code = integer(item, -1)


def _widths(
    widths_array: Any,
    first: int,
    names: tuple[str | None, ...],
    scale: float,
    std14: Core14Metrics | None,
    descriptor: Any,
) -> tuple[float, ...]:
    """Code → advance: /Widths (`widths_array`, from code `first`), else the standard-14
    metrics (`names`: the glyph name of each code), else the descriptor's. A tuple, which
    the cycle collector leaves out of its lists (CodeTexts says why)."""
    missing = 0.0
    if isinstance(descriptor, DICTIONARY):
        missing = number(optional_entry(descriptor, "/MissingWidth")) * scale
    if isinstance(widths_array, ARRAY):
        widths = [missing] * 256
        values = plain_array(widths_array)
        if values is None:
            values = list(widths_array)
        # Only the values of codes 0–255, by index: iterating would box each index anew.
        for i in range(max(0, -first), min(len(values), 256 - first)):
            widths[first + i] = number(values[i]) * scale
        return tuple(widths)
    if std14 is not None:
        return _standard14_widths(std14, names)
    if isinstance(descriptor, DICTIONARY) and number(optional_entry(descriptor, "/AvgWidth")) > 0:
        return (number(descriptor.get("/AvgWidth")) * scale,) * 256
    return (missing or DEFAULT_WIDTH,) * 256


def _may_have_builtin_encoding(descriptor: Any) -> bool:
    """Whether the embedded program has an encoding of its own (Type 1, CFF: §9.6.6.1). A
    TrueType program has none: its cmap names only the codes that nothing else names, so it
    is read when a string first shows such a code, like any other program. A descriptor read
    from the file's bytes tells whether its /FontFile2 is a stream without qpdf parsing the
    stream's dictionary (about 50 k instructions, a tenth of a small page's read)."""
    if isinstance(descriptor, FileDictionary):
        told = descriptor.names_stream("/FontFile2")
        if told is not None:
            return not told
    return isinstance(descriptor, DICTIONARY) and not isinstance(
        optional_entry(descriptor, "/FontFile2"), STREAM
    )


def load_simple_font(font: Any, subtype: str, warn: Warn) -> SimpleFont:
    # Through its keys (Entries): a standard 14 font has no /FontDescriptor, /FirstChar,
    # /LastChar or /Widths, a Type3 font no /BaseFont.
    entries = Entries(font)
    base_font = name(entries.get("/BaseFont")) or name(entries.get("/Name"))
    descriptor = entries.get("/FontDescriptor")
    flags = integer(descriptor.get("/Flags")) if isinstance(descriptor, DICTIONARY) else 0
    symbolic = bool(flags & _FLAG_SYMBOLIC)
    std14_name = standard14_name(base_font)
    std14 = core14_metrics(std14_name) if std14_name else None
    scale = vscale = 0.001
    font_bbox = None
    if subtype == "Type3":
        # Type3 glyph space maps to text space through /FontMatrix, not a fixed 1/1000 (§9.6.5).
        matrix = entries.get("/FontMatrix")
        if isinstance(matrix, ARRAY) and len(matrix) == 6:
            scale = number(matrix[0], 0.001) or 0.001
            vscale = abs(number(matrix[3], 0.001)) or 0.001
        font_bbox = entries.get("/FontBBox")
        std14 = std14_name = None
    # The embedded program is parsed only when the PDF leaves something to it: the built-in
    # encoding of a font without a base encoding, or codes whose text nothing else gives.
    embedded = subtype != "Type3" and std14_name not in ("Symbol", "ZapfDingbats")
    encoding = entries.get("/Encoding")
    has_base = isinstance(encoding, NAME) or (
        isinstance(encoding, DICTIONARY) and optional_entry(encoding, "/BaseEncoding") is not None
    )
    to_unicode = read_to_unicode(entries, base_font, warn)
    mapped = to_unicode.byte_texts()
    first = integer(entries.get("/FirstChar"))
    last = integer(entries.get("/LastChar"), 255)
    # A ToUnicode map that covers every code the font has widths for leaves the built-in
    # encoding nothing to name (parsing the program costs milliseconds).
    widths_array = entries.get("/Widths")
    covered = isinstance(widths_array, ARRAY) and all(mapped[max(first, 0) : min(last, 255) + 1])
    program = (
        load_program(descriptor, warn)
        if embedded
        and not has_base
        and (encoding is None or symbolic)
        and not covered
        and _may_have_builtin_encoding(descriptor)
        else None
    )
    names, own = _glyph_names(encoding, symbolic, std14_name, std14, program, warn)
    dropped = bytes(code for code, text in enumerate(mapped) if text == "")  # controls only
    # A Type3 font names its glyph procedures as its producer likes ("square" for a glyph
    # that shows "a"): only the AGL's names are read there, as viewers do.
    names_key = tuple(names)  # the key of the tables shared between fonts of the same names
    codes = _code_texts(
        names_key, mapped, std14_name == "ZapfDingbats", subtype != "Type3", program, own, dropped
    )
    # When codes the font has are left without text, the program may give them theirs: it is
    # read when a string first shows a code without text. A partial, not a nested function:
    # compiled, a nested function and its closure refer to each other, and the font would be
    # freed by the cycle collector only.
    settle = (
        partial(_with_late_program, first, last, descriptor, warn) if program is None and embedded else None
    )
    widths = _widths(widths_array, first, names_key, scale, std14, descriptor)
    std14_extent = (std14.ascent / 1000, std14.descent / 1000) if std14 else None
    ascent, descent = vertical_extent(descriptor, vscale, std14_extent, font_bbox)
    result = SimpleFont(base_font, subtype, ascent, descent, codes, widths, settle)
    result.monospaced = bool(flags & _FLAG_FIXED_PITCH) or _equal_widths(widths)
    return result


def _equal_widths(widths: tuple[float, ...]) -> bool:
    """Whether the positive widths are all one, over at least _MIN_EQUAL_WIDTHS codes."""
    shown = 0
    width = 0.0
    for index in range(len(widths)):  # indexed: compiled, a list iterator boxes nothing less
        value = widths[index]
        if value > 0:
            if shown and value != width:
                return False
            width = value
            shown += 1
    return shown >= _MIN_EQUAL_WIDTHS


# The texts of the 256 codes depend on the glyph names and the ToUnicode texts alone when no
# font program has a say; fonts of one document, and documents of one producer, repeat them,
# and share what the codes they show have worked out. Emptied when full: a batch of documents
# with their own encodings does not grow it without end.
MAX_KNOWN_ENCODINGS: Final = 256
_KNOWN_CODE_TEXTS: Final[dict[tuple[object, ...], CodeTexts]] = {}


def _code_texts(
    names: tuple[str | None, ...],
    to_unicode: list[str | None],
    zapf: bool,
    tex: bool,
    program: FontProgram | None,
    own: bytes,
    dropped: bytes,
) -> CodeTexts:
    """The code texts of these mappings: shared between the fonts that have the same."""
    texts = tuple(to_unicode)
    if program is not None:
        return CodeTexts(names, texts, zapf, tex, program, own, dropped)
    key = (names, texts, zapf, tex)
    known = _KNOWN_CODE_TEXTS.get(key)
    if known is None:
        known = CodeTexts(names, texts, zapf, tex, None, own, dropped)
        _remember(_KNOWN_CODE_TEXTS, key, known)
    return known


def _remember(table: dict[tuple[object, ...], Any], key: tuple[object, ...], value: object) -> None:
    """Keep `value` in one of the tables shared between fonts, emptied when full."""
    if len(table) >= MAX_KNOWN_ENCODINGS:
        table.clear()
    table[key] = value


# The standard-14 widths of the 256 codes, by font and glyph names: the fonts without /Widths
# are a handful (Helvetica in WinAnsiEncoding, the forms' ZapfDingbats), and a table is 256
# lookups. Shared, never changed; emptied when full, like the code texts.
_KNOWN_STANDARD14_WIDTHS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {}


def _standard14_widths(std14: Core14Metrics, names: tuple[str | None, ...]) -> tuple[float, ...]:
    key = (std14, names)
    known = _KNOWN_STANDARD14_WIDTHS.get(key)
    if known is None:
        afm_widths = std14.widths
        known = tuple([afm_widths.get(glyph, 0) / 1000 if glyph else 0.0 for glyph in names])
        _remember(_KNOWN_STANDARD14_WIDTHS, key, known)
    return known


def _with_late_program(first: int, last: int, descriptor: Any, warn: Warn, codes: CodeTexts) -> CodeTexts:
    """A font's code texts once its program is read (SimpleFont.settle), when a code it has
    (one with a glyph name, or from FirstChar to LastChar) has no text from the PDF."""
    if not codes.lacks_text(first, last):
        return codes
    return codes.with_program(load_program(descriptor, warn))


@cache
def _helvetica_tables() -> tuple[list[str], tuple[float, ...], float, float]:
    std14 = core14_metrics("Helvetica")
    assert std14 is not None
    names = _table("WinAnsiEncoding")
    texts = [
        (glyph_name_to_unicode(n) or UNMAPPED) if n else last_resort(c, n, b"") for c, n in enumerate(names)
    ]
    return texts, _standard14_widths(std14, tuple(names)), std14.ascent / 1000, std14.descent / 1000


def helvetica() -> SimpleFont:
    texts, widths, ascent, descent = _helvetica_tables()
    return SimpleFont("Helvetica", "Type1", ascent, descent, texts, widths)
