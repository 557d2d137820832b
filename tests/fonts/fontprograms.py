"""Tiny embedded font programs built with fontTools, for tests of the font chain."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

import pikepdf
from fontTools.cffLib import CFFFontSet, cffStandardStrings
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable


def _box(pen: TTGlyphPen | T2CharStringPen) -> None:
    pen.moveTo((50, 0))
    pen.lineTo((450, 0))
    pen.lineTo((450, 700))
    pen.lineTo((50, 700))
    pen.closePath()


def truetype(
    glyph_names: list[str],
    unicode_cmap: dict[int, str],
    *,
    symbolic_cmap: dict[int, str] | None = None,
    keep_glyph_names: bool = True,
) -> bytes:
    """A TrueType font with one box glyph per name, a (3,1) cmap and optionally a (3,0) one."""
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(glyph_names)
    builder.setupCharacterMap(unicode_cmap)
    glyphs = {}
    for glyph in glyph_names:
        pen = TTGlyphPen(None)
        _box(pen)
        glyphs[glyph] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({glyph: (500, 50) for glyph in glyph_names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost(keepGlyphNames=keep_glyph_names)
    font = builder.font
    if symbolic_cmap is not None:
        table = CmapSubtable.newSubtable(4)
        table.platformID, table.platEncID, table.language = 3, 0, 0
        table.cmap = dict(symbolic_cmap)
        font["cmap"].tables = [table]
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def cff(glyph_names: list[str], encoding: dict[int, str] | None = None) -> bytes:
    """The bare CFF data (FontFile3 /Type1C) of a name-keyed font with these glyphs, and a
    built-in encoding of its own (code → glyph name) when given."""
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(glyph_names)
    builder.setupCharacterMap({})
    charstrings = {}
    for glyph in glyph_names:
        pen = T2CharStringPen(500, None)
        _box(pen)
        charstrings[glyph] = pen.getCharString()
    builder.setupCFF("Test", {"FullName": "Test"}, charstrings, {})
    builder.setupHorizontalMetrics({glyph: (500, 50) for glyph in glyph_names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    font_set = builder.font["CFF "].cff
    if encoding is not None:
        table = [".notdef"] * 256
        for code, glyph in encoding.items():
            table[code] = glyph
        font_set[font_set.fontNames[0]].Encoding = table
    out = io.BytesIO()
    font_set.compile(out, builder.font)
    return out.getvalue()


def with_encoding_supplements(data: bytes, supplements: dict[int, str | int]) -> bytes:
    """A CFF program (cff() with a format 0 encoding) rewritten in place, at the same length,
    so that its encoding ends in these supplements (code → the name of a standard string, or
    a SID as written; Adobe TN #5176 §12): the format's list of codes gives up
    1 + 3 × len(supplements) of its last glyphs' codes, and the rest keeps its offsets."""
    font_set = CFFFontSet()
    font_set.decompile(io.BytesIO(data), otFont=None)
    at = font_set[font_set.fontNames[0]].rawDict["Encoding"]
    codes = data[at + 1]
    kept = codes - 1 - 3 * len(supplements)
    assert data[at] == 0 and kept >= 0, "needs a format 0 encoding with enough codes"
    pairs = b""
    for code, name in supplements.items():
        sid = name if isinstance(name, int) else cffStandardStrings.index(name)
        pairs += bytes([code]) + sid.to_bytes(2, "big")
    encoding = bytes([0x80, kept]) + data[at + 2 : at + 2 + kept] + bytes([len(supplements)]) + pairs
    return data[:at] + encoding + data[at + 2 + codes :]


def type1_cleartext(encoding: dict[int, str]) -> bytes:
    """The clear-text part of a Type 1 font program with a custom built-in encoding."""
    entries = "".join(f"dup {code} /{glyph} put\n" for code, glyph in encoding.items())
    return (
        "%!PS-AdobeFont-1.0: Test 001.000\n/FontName /Test def\n/Encoding 256 array\n"
        "0 1 255 {1 index exch /.notdef put} for\n" + entries + "readonly def\ncurrentfile eexec\n"
    ).encode() + bytes(range(16))


def corpus_programs(
    corpus: Path, program_of: Callable[[pikepdf.Dictionary], bytes | None]
) -> Iterator[tuple[Path, bytes]]:
    """Each distinct font program of the corpus that `program_of` finds in an object (a font
    descriptor), with the file it first came from; files and objects pikepdf cannot read are
    passed over."""
    seen: set[bytes] = set()
    for path in sorted(corpus.glob("*/*.pdf")):
        try:
            pdf = pikepdf.open(path)
        except (pikepdf.PdfError, pikepdf.PasswordError):
            continue
        with pdf:
            for obj in pdf.objects:
                try:
                    data = program_of(obj) if isinstance(obj, pikepdf.Dictionary) else None
                except (pikepdf.PdfError, AttributeError, ValueError):
                    continue
                if data is not None and data not in seen:
                    seen.add(data)
                    yield path, data


Tables = TypeVar("Tables")


def read_as_reference_reads(
    programs: Iterable[tuple[Path, bytes]],
    read: Callable[[bytes], Tables | None],
    reference: Callable[[bytes], Tables],
) -> tuple[int, int]:
    """Each program that `read` reads (not None) read as `reference` reads it (asserted, naming
    the file); the number of programs and of those read."""
    count = done = 0
    for path, data in programs:
        count += 1
        tables = read(data)
        if tables is not None:
            done += 1
            assert tables == reference(data), path
    return count, done
