"""What an embedded font program tells about its glyphs: TrueType and CFF tables read from
their bytes (truetype_tables, cff_tables), fontTools reading whatever those leave to it.

Used only when the PDF's own dictionaries leave a code without Unicode: the program's cmap
(TrueType/OpenType), its glyph names (post table, CFF charset) and its built-in encoding
(Type1, CFF) fill the gap (ISO 32000-1 §9.6.6.4, §9.9).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Final

from pagetext.errors import Warn
from pagetext.fonts.cff_tables import CffTables, read_cff_tables
from pagetext.fonts.encodings import encoding_table, glyph_name_to_unicode
from pagetext.fonts.truetype_tables import TrueTypeTables, glyph_texts, read_truetype_tables
from pagetext.pdf.file_objects import DICTIONARY, STREAM
from pagetext.pdf.objects import integer, name, optional_entry, read_stream, read_stream_start

# fontTools logs what it repairs in damaged programs; that is not ours to print.
logging.getLogger("fontTools").addHandler(logging.NullHandler())

_TYPE1_ENCODING_ENTRY = re.compile(rb"dup\s+(\d+)\s*/([^\s/\[\]{}()<>]+)\s+put")


@dataclass(slots=True)
class FontProgram:
    """Facts read from an embedded font program; every field may be empty. Shared by the
    fonts that embed the same program (ProgramCache): nothing changes one once read."""

    # By glyph id; a tuple: programs are kept across documents, and a tuple of names leaves
    # the cycle collector's lists (fonts.code_texts.CodeTexts says why that matters).
    glyph_names: tuple[str, ...] = ()
    unicode_by_gid: dict[int, str] = field(default_factory=dict)
    symbolic_cmap: dict[int, int] = field(default_factory=dict)  # code 0..255 → glyph id
    builtin_encoding: dict[int, str] = field(default_factory=dict)  # code → glyph name
    gid_by_cid: dict[int, int] = field(default_factory=dict)  # CID-keyed CFF charset
    unicode_codes: set[int] = field(default_factory=set)  # the code points its cmap maps
    ordering: str = ""  # CID-keyed CFF: the Ordering of its ROS

    def gid_for_name(self, glyph_name: str) -> int | None:
        try:
            return self.glyph_names.index(glyph_name)
        except ValueError:
            return None

    def size(self) -> int:
        """Its entries (names, map entries): what it holds in memory, roughly."""
        return (
            len(self.glyph_names)
            + len(self.unicode_by_gid)
            + len(self.symbolic_cmap)
            + len(self.builtin_encoding)
            + len(self.gid_by_cid)
            + len(self.unicode_codes)
        )


# Programs kept across fonts and documents: a batch of documents from one producer embeds
# the same subsets again and again, and so do fonts of one document that are not one object;
# parsing one costs milliseconds. A few dozen programs cover a run of such documents; the
# entries bound the memory, as a CJK program holds tens of thousands of names and map
# entries (about 100 bytes each: a 2^17 budget keeps the cache within some 15 MB).
MAX_CACHED_PROGRAMS: Final = 32
MAX_CACHED_ENTRIES: Final = 1 << 17


class ProgramCache:
    """Programs read, least recently used first out, by what was parsed: the parser and a
    digest of the bytes (the same bytes read the same). A program that could not be read
    is kept with its warning, which every font that embeds it gives again."""

    def __init__(self, max_programs: int, max_entries: int) -> None:
        self.max_programs = max_programs
        self.max_entries = max_entries
        self._programs: dict[tuple[str, bytes], tuple[FontProgram | None, str]] = {}  # oldest first
        self._entries = 0

    def get(self, kind: str, data: bytes, warn: Warn) -> FontProgram | None:
        key = (kind, hashlib.blake2b(data, digest_size=16).digest())
        known = self._programs.pop(key, None)
        if known is None:
            known = _read(kind, data)
            size = known[0].size() if known[0] is not None else 0
            if size > self.max_entries:
                return _warned(known, warn)
            self._entries += size
            while self._programs and (
                len(self._programs) >= self.max_programs or self._entries > self.max_entries
            ):
                oldest = next(iter(self._programs))
                dropped = self._programs.pop(oldest)[0]
                self._entries -= dropped.size() if dropped is not None else 0
        self._programs[key] = known  # now the most recently used
        return _warned(known, warn)

    def __len__(self) -> int:
        return len(self._programs)


PROGRAMS: Final = ProgramCache(MAX_CACHED_PROGRAMS, MAX_CACHED_ENTRIES)


def _warned(known: tuple[FontProgram | None, str], warn: Warn) -> FontProgram | None:
    program, problem = known
    if problem:
        warn(problem)
    return program


def load_program(descriptor: Any, warn: Warn) -> FontProgram | None:
    """Read the font program embedded in a font descriptor, if there is one."""
    if not isinstance(descriptor, DICTIONARY):
        return None
    for key in ("/FontFile2", "/FontFile3", "/FontFile"):
        stream = optional_entry(descriptor, key)  # a descriptor holds one of them at most
        if not isinstance(stream, STREAM):
            continue
        what = f"embedded font program {key[1:]}"
        clear_length = integer(stream.get("/Length1")) if key == "/FontFile" else 0
        if clear_length > 0:
            # Type 1: only the clear-text part (Length1 bytes, before eexec) is read here;
            # inflating the encrypted rest costs more than the rest of the font.
            data = read_stream_start(stream, what, warn, clear_length + len(b"eexec"))
            if data is not None and b"eexec" not in data:
                data = read_stream(stream, what, warn)  # a wrong Length1: read it all
        else:
            data = read_stream(stream, what, warn)
        if not data:
            return None
        if key == "/FontFile":
            kind = "type1"
        elif key == "/FontFile3" and name(stream.get("/Subtype")) in ("Type1C", "CIDFontType0C"):
            kind = "cff"
        else:
            kind = "truetype"
        return PROGRAMS.get(kind, data, warn)
    return None


def _read(kind: str, data: bytes) -> tuple[FontProgram | None, str]:
    """The program in `data`, or None and the warning why it cannot be read."""
    try:
        if kind == "type1":
            return _type1(data), ""
        if kind == "cff":
            return _cff(data), ""
        return _truetype(data), ""
    # fontTools raises many kinds of errors on damaged programs; none may escape.
    except Exception as error:
        return None, f"embedded font program could not be read ({type(error).__name__}: {error})"


def _truetype(data: bytes) -> FontProgram:
    order, subtables = read_truetype_tables(data) or _fonttools_truetype_tables(data)
    program = FontProgram()
    program.glyph_names = tuple(order)
    program.unicode_by_gid, program.unicode_codes, program.symbolic_cmap = glyph_texts(order, subtables)
    return program


def _fonttools_truetype_tables(data: bytes) -> TrueTypeTables:
    """read_truetype_tables, by fontTools: the reference, and the reading of any program that
    one leaves to it."""
    from fontTools.ttLib import TTFont  # here, not at import: most reads never need it (20 ms)

    font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0)
    order = font.getGlyphOrder()
    if "cmap" not in font:
        return order, []
    return order, [(table.platformID, table.platEncID, table.cmap) for table in font["cmap"].tables]


def _cff(data: bytes) -> FontProgram:
    tables = read_cff_tables(data) or _fonttools_cff_tables(data)
    charset, ordering, encoding, encoding_offset = tables
    program = FontProgram()
    if ordering is not None:
        program.ordering = ordering
        for gid, glyph in enumerate(charset):
            if glyph.startswith("cid") and glyph[3:].isdigit():
                program.gid_by_cid[int(glyph[3:])] = gid
        return program
    program.glyph_names = tuple(charset)
    for gid, glyph in enumerate(charset):
        text = glyph_name_to_unicode(glyph)
        if text:
            program.unicode_by_gid[gid] = text
    if isinstance(encoding, str):
        table = encoding_table("StandardEncoding" if encoding == "StandardEncoding" else "ExpertEncoding")
        program.builtin_encoding = {code: glyph for code, glyph in enumerate(table or []) if glyph}
    elif isinstance(encoding, list):
        program.builtin_encoding = {
            code: glyph for code, glyph in enumerate(encoding) if glyph and glyph != ".notdef"
        }
        zero = _format0_code_zero(data, encoding_offset, charset)
        if zero:
            program.builtin_encoding.setdefault(0, zero)
    return program


def _fonttools_cff_tables(data: bytes) -> CffTables:
    """read_cff_tables, by fontTools: the reference, and the reading of any program that
    one leaves to it."""
    from fontTools.cffLib import CFFFontSet  # here, not at import: most reads never need it (20 ms)

    fonts = CFFFontSet()
    fonts.decompile(io.BytesIO(data), otFont=None)
    top = fonts[fonts.fontNames[0]]
    charset = list(getattr(top, "charset", None) or [])
    ros = getattr(top, "ROS", None)
    if ros:
        return charset, str(ros[1]), "StandardEncoding", 0
    encoding = getattr(top, "Encoding", None)
    offset = getattr(top, "rawDict", {}).get("Encoding")
    return charset, None, encoding, offset if isinstance(offset, int) else 0


def _format0_code_zero(data: bytes, offset: object, charset: list[str]) -> str:
    """The glyph a CFF encoding of format 0 gives code 0 (Adobe TN #5176 §12: one code per
    glyph from GID 1 on), which fontTools leaves out: TeX's cmsy puts its minus there."""
    if not isinstance(offset, int) or not 1 < offset < len(data) - 1 or data[offset] & 0x7F != 0:
        return ""
    count = data[offset + 1]
    codes = data[offset + 2 : offset + 2 + count]
    for index, code in enumerate(codes):
        if code == 0 and index + 1 < len(charset):
            return charset[index + 1]
    return ""


def _type1(data: bytes) -> FontProgram:
    # The built-in encoding sits in the clear-text part, before eexec (Type 1 spec §2.3).
    clear = data.split(b"eexec", 1)[0]
    program = FontProgram()
    if b"/Encoding StandardEncoding" in clear:
        table = encoding_table("StandardEncoding") or []
        program.builtin_encoding = {code: glyph for code, glyph in enumerate(table) if glyph}
    else:
        for match in _TYPE1_ENCODING_ENTRY.finditer(clear):
            code = int(match.group(1))
            if code < 256:
                program.builtin_encoding[code] = match.group(2).decode("latin-1")
    return program
