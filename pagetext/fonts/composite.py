"""Type0 fonts and their CIDFonts (ISO 32000-1 §9.7).

A code becomes a CID through the encoding CMap (Identity, predefined or embedded); its
width comes from /W and /DW (vertical: /W2 and /DW2), and its Unicode text from the first
source that knows it: /ToUnicode, the code itself when the CMap is a Unicode one
(UniJIS-UTF16-H, …), the character collection's CID → Unicode table, and the embedded font
program (CIDToGIDMap → glyph → its cmap or glyph name).
"""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.cid_metrics import CidWidths, cid_vertical_metrics, cid_widths
from pagetext.fonts.cmap import CMap, UnicodeMap
from pagetext.fonts.encodings import char, text_of_glyph, without_controls
from pagetext.fonts.font import (
    UNMAPPED,
    DecodedGlyph,
    Font,
    read_embedded_cmap,
    read_to_unicode,
    vertical_extent,
)
from pagetext.fonts.predefined import CollectionText, cid_to_unicode_table, predefined_cmap
from pagetext.fonts.program import FontProgram, load_program
from pagetext.pdf.file_objects import ARRAY, DICTIONARY, NAME, STREAM
from pagetext.pdf.objects import Entries, integer, name, number, optional_entry, read_stream, text_string

DEFAULT_VERTICAL = (0.88, -1.0)  # DW2 = [880 -1000] (§9.7.4.3)


def _unicode_encoding(cmap_name: str) -> str | None:
    """The codec of a predefined Unicode CMap's codes (the code is the text), or None."""
    if not cmap_name.startswith("Uni"):
        return None
    for marker, codec in (
        ("UCS2", "utf-16-be"),
        ("UTF16", "utf-16-be"),
        ("UTF8", "utf-8"),
        ("UTF32", "utf-32-be"),
    ):
        if marker in cmap_name:
            return codec
    return None


class CompositeFont(Font):
    """A Type0 font: multi-byte codes, CIDs, per-CID metrics; text resolved once per code."""

    __slots__ = (
        "_cid_to_gid",
        "_decoded",
        "_glyphs",
        "_identity_decoded",
        "cid_to_gid_source",
        "cid_widths",
        "cmap",
        "codes_by_character",
        "collection_table",
        "default_vertical",
        "default_width",
        "embedded",
        "program",
        "program_source",
        "to_unicode",
        "unicode_codec",
        "vertical",
        "word_space_code",
    )

    def __init__(self, base_font: str, ascent: float, descent: float) -> None:
        super().__init__(base_font, "Type0", ascent, descent)
        self.cmap: CMap | None = None  # None: Identity-H or Identity-V
        self.to_unicode = UnicodeMap({}, [])
        self.unicode_codec: str | None = None
        self.collection_table: CollectionText | None = None
        self.program: FontProgram | None = None
        self.embedded = False  # whether the descriptor holds a font program
        # Whether a font that is not embedded gives widths to characters, not glyph ids.
        self.codes_by_character = False
        # The descriptor whose program is read at the first code the PDF leaves unmapped:
        # parsing a program costs more than most pages, and ToUnicode usually makes it moot.
        self.program_source: tuple[Any, Warn] | None = None
        # A CIDToGIDMap stream (§9.7.4.2) and the warn of the font's loading, read (cid_to_gid)
        # when a code first needs it: the stream covers a two-byte font's whole range (128 KB
        # inflated from Tesseract's GlyphLessFont, PDFBox's, ...), and ToUnicode gives most of
        # those fonts' text without it.
        self.cid_to_gid_source: tuple[Any, Warn] | None = None
        self._cid_to_gid: bytes | None = None  # None: identity (or the stream unreadable)
        self.cid_widths = CidWidths([])
        self.default_width = 1.0
        self.vertical: dict[int, tuple[float, float, float]] = {}
        self.default_vertical = DEFAULT_VERTICAL
        self.word_space_code = -1
        self._glyphs: dict[int, tuple[str, str, float, int]] = {}  # code → text, mapped text, width, CID
        # (code << 3 | byte length) → the decoded record, shared by every string that shows it.
        self._decoded: dict[int, DecodedGlyph] = {}
        # Identity's two-byte codes' records by first byte, then second: compiled, list indexes
        # need no int objects, where a dictionary key past 255 is a new one for each glyph.
        self._identity_decoded: list[list[DecodedGlyph | None] | None] = [None] * 256

    def _codes(self, data: bytes) -> list[tuple[int, int]]:
        if self.cmap is None:
            pairs = [((data[i] << 8) | data[i + 1], 2) for i in range(0, len(data) - 1, 2)]
            if len(data) % 2:
                pairs.append((data[-1], 1))
            return pairs
        return list(self.cmap.split(data))

    def code_lengths(self, data: bytes) -> list[int]:
        return [length for _, length in self._codes(data)]

    def cid(self, code: int) -> int:
        cmap = self.cmap
        if cmap is None or not cmap.has_cids():
            return code
        cid = cmap.cid(code)
        return 0 if cid is None else cid

    def _text(self, code: int, length: int, cid: int) -> str:
        text = self.to_unicode.get(code)
        if text:
            return text
        if self.unicode_codec is not None:
            raw = code.to_bytes(length, "big")
            text = raw.decode(self.unicode_codec, errors="ignore")
            if text and text.isprintable():
                return text
        if self.program_source is not None:
            self._read_program()
        table = self.collection_table
        if table is not None:
            text = table.get(cid)
            if text:
                return text
        program = self.program
        if program is not None:
            if program.gid_by_cid:
                gid = program.gid_by_cid.get(cid)
            else:
                gid = cid
                mapping = self.cid_to_gid()
                if mapping is not None:
                    gid = (
                        int.from_bytes(mapping[2 * cid : 2 * cid + 2], "big")
                        if 2 * cid + 2 <= len(mapping)
                        else 0
                    )
            text = program.unicode_by_gid.get(gid, "") if gid is not None else ""
            if text:
                return text
        if self._cid_is_unicode(cid, code):
            return char(cid)
        # A code the ToUnicode map gives control characters only is no text (not U+FFFD).
        return "" if code in self.to_unicode.dropped else UNMAPPED

    def _cid_is_unicode(self, cid: int, code: int) -> bool:
        """Whether a CID that nothing else names reads as the Unicode character it is, as
        poppler reads CIDs of the Identity collection and PDFium codes without text; only
        when the font gives evidence for it."""
        if not 32 <= cid < 0xD800 or code in self.to_unicode.dropped or not char(cid).isprintable():
            return False
        # CIDs remapped to glyphs by a CIDToGIDMap stream are the producer's own numbers, and
        # most often Unicode (as pdf.js reads them); so are codes the embedded font's own
        # Unicode cmap maps (PDFium draws them through it), and those of a font that is not
        # embedded whose /W widths no CID below 32: glyph ids start at 0 (Word writes the
        # glyph ids of the system's font: its space is CID 3), no character there.
        if self.cid_to_gid() is not None:
            return True
        if self.collection_table is not None:
            return False
        program = self.program
        if not self.embedded:
            return self.codes_by_character
        return program is not None and cid in program.unicode_codes

    def cid_to_gid(self) -> bytes | None:
        """The CIDToGIDMap stream's bytes, read at the first call; None for identity."""
        source = self.cid_to_gid_source
        if source is not None:
            self.cid_to_gid_source = None
            stream, warn = source
            self._cid_to_gid = read_stream(stream, f"CIDToGIDMap of font {self.base_font}", warn)
        return self._cid_to_gid

    def _read_program(self) -> None:
        assert self.program_source is not None
        descriptor, warn = self.program_source
        self.program_source = None
        self.program = load_program(descriptor, warn)
        if self.program is not None and self.program.ordering:
            self.collection_table = cid_to_unicode_table(self.program.ordering)

    def decode(self, data: bytes) -> list[DecodedGlyph]:
        decoded = self._decoded
        result: list[DecodedGlyph] = []
        if self.cmap is None:  # Identity-H/V, the common case: two bytes per code, no pairs made
            by_first = self._identity_decoded
            for i in range(0, len(data) - 1, 2):
                first = data[i]
                second = data[i + 1]
                by_second = by_first[first]
                if by_second is None:
                    by_second = by_first[first] = [None] * 256
                glyph = by_second[second]
                if glyph is None:
                    glyph = by_second[second] = self._decode_code(first << 8 | second, 2)
                result.append(glyph)
            if len(data) % 2 == 0:
                return result
            data = data[-1:]  # an odd last byte is a code of its own, as _codes reads it
        for code, length in self._codes(data):
            key = code << 3 | length
            glyph = decoded.get(key)
            if glyph is None:
                glyph = decoded[key] = self._decode_code(code, length)
            result.append(glyph)
        return result

    def _decode_code(self, code: int, length: int) -> DecodedGlyph:
        entry = self._glyphs.get(code)  # text and width by code alone, whatever its length
        if entry is None:
            cid = self.cid(code)
            mapped = without_controls(self._text(code, length, cid))  # no glyph shows a control
            entry = self._glyphs[code] = (
                text_of_glyph(mapped),
                mapped,
                self.cid_widths.get(cid, self.default_width),
                cid,
            )
        is_space = code == self.word_space_code and length == 1
        if self.wmode != 1:
            return DecodedGlyph(code, entry[0], entry[1], entry[2], is_space)
        # The CID and its width as found above: not looked up again in the CMap and /W.
        w1, vx, _ = self._vertical_metrics_of(entry[3], entry[2])
        return DecodedGlyph(code, entry[0], entry[1], entry[2], is_space, w1, vx)

    def vertical_metrics(self, code: int) -> tuple[float, float, float]:
        cid = self.cid(code)
        return self._vertical_metrics_of(cid, self.cid_widths.get(cid, self.default_width))

    def _vertical_metrics_of(self, cid: int, width: float) -> tuple[float, float, float]:
        """(w1, vx, vy) of a CID whose horizontal width is `width` (§9.7.4.3): /W2's entry,
        else /DW2's, the position vector's x half the width."""
        entry = self.vertical.get(cid)
        if entry is not None:
            return entry
        vy, w1 = self.default_vertical
        return w1, width / 2, vy


def _ordering(cid_font: Entries) -> str:
    info = cid_font.get("/CIDSystemInfo")
    if not isinstance(info, DICTIONARY):
        return ""
    registry = text_string(info.get("/Registry")) or ""
    ordering = text_string(info.get("/Ordering")) or ""
    return ordering if registry == "Adobe" else ""


def load_composite_font(font: Any, warn: Warn) -> CompositeFont:
    entries = Entries(font)
    base_font = name(entries.get("/BaseFont"))
    descendants = entries.get("/DescendantFonts")
    cid_font: Any = descendants[0] if isinstance(descendants, ARRAY) and len(descendants) else None
    if not isinstance(cid_font, DICTIONARY):
        warn(f"Type0 font {base_font} has no CIDFont; default metrics used")
        cid_font = pikepdf.Dictionary()
    cid_entries = Entries(cid_font)
    descriptor = cid_entries.get("/FontDescriptor")
    ascent, descent = vertical_extent(descriptor, 0.001, None, None)
    result = CompositeFont(base_font, ascent, descent)
    if isinstance(descriptor, DICTIONARY):
        result.monospaced = bool(integer(descriptor.get("/Flags")) & 1)  # FixedPitch (§9.8.2)

    collection = ""
    encoding = entries.get("/Encoding")
    if isinstance(encoding, NAME):
        cmap_name = name(encoding)
        if cmap_name in ("Identity-H", "Identity-V"):
            result.wmode = 1 if cmap_name == "Identity-V" else 0
        else:
            cmap = predefined_cmap(cmap_name)
            if cmap is None:
                warn(f"unknown CMap {cmap_name}; codes read as 2-byte CIDs")
            else:
                result.cmap = cmap
                result.wmode = cmap.wmode
                result.unicode_codec = _unicode_encoding(cmap_name)
                collection = cmap.collection
    elif isinstance(encoding, STREAM):
        cmap = read_embedded_cmap(encoding, f"encoding CMap of font {base_font}", warn)
        if cmap is not None:
            result.cmap = cmap
            result.wmode = cmap.wmode
            collection = cmap.collection
    if result.cmap is not None:
        for length, low, high in result.cmap.codespace:
            if length == 1 and low[0] <= 32 <= high[0]:
                result.word_space_code = 32  # Tw applies to a one-byte code 32 only (§9.3.3)

    result.to_unicode = read_to_unicode(entries, base_font, warn)
    if name(entries.get("/ToUnicode")) in ("Identity-H", "Identity-V"):
        result.unicode_codec = (
            "utf-16-be"  # not a stream but a name: the codes are UTF-16 (as viewers read it)
        )
    ordering = _ordering(cid_entries) or collection.removeprefix("Adobe-")
    result.collection_table = cid_to_unicode_table(ordering) if ordering and ordering != "Identity" else None
    result.embedded = isinstance(descriptor, DICTIONARY) and any(
        isinstance(optional_entry(descriptor, key), STREAM)
        for key in ("/FontFile", "/FontFile2", "/FontFile3")
    )
    if result.collection_table is None:
        result.program_source = (descriptor, warn)
        gid_map = cid_entries.get("/CIDToGIDMap")
        if isinstance(gid_map, STREAM):
            result.cid_to_gid_source = (gid_map, warn)

    result.default_width = number(cid_entries.get("/DW"), 1000) / 1000
    w = cid_entries.get("/W")
    if isinstance(w, ARRAY):
        result.cid_widths = cid_widths(w)
        result.codes_by_character = not result.embedded and result.cid_widths.first_cid() >= 32
    dw2 = cid_entries.get("/DW2")
    if isinstance(dw2, ARRAY) and len(dw2) == 2:
        result.default_vertical = (number(dw2[0]) / 1000, number(dw2[1]) / 1000)
    w2 = cid_entries.get("/W2")
    if isinstance(w2, ARRAY):
        result.vertical = cid_vertical_metrics(w2)
    return result


def load_legacy_cjk_font(font: Any, base_font: str, cmap_name: str, ordering: str) -> CompositeFont:
    """A simple font that is really a legacy two-byte CJK font (see loader): its codes are
    read through the predefined CMap of that encoding, its text through the collection."""
    descriptor = font.get("/FontDescriptor")
    ascent, descent = vertical_extent(descriptor, 0.001, None, None)
    result = CompositeFont(base_font, ascent, descent)
    cmap = predefined_cmap(cmap_name)
    result.cmap = cmap
    result.collection_table = cid_to_unicode_table(ordering)
    result.word_space_code = 32
    if cmap is not None:
        for code in range(0x20, 0x7F):  # one-byte codes are half-width Latin
            cid = cmap.cid(code)
            result.cid_widths.set(0 if cid is None else cid, 0.5)
    return result
