"""The glyph names and character maps of a TrueType font program (the OpenType 'maxp', 'post'
and 'cmap' tables), read from its bytes: what pagetext asks of an embedded TrueType program.

fontTools reads them in interpreted Python, and where the 'post' table names no glyphs
(format 3, most subsets in PDFs) it parses the cmap twice to make names up from it: 0.2-4 ms
a program, 11 ms for a CJK one. The reading here is fontTools' (program.py keeps it as the
reference and reads every program left to it): names as its TTFont.getGlyphOrder gives them,
the maps of cmap formats 0, 4, 6 and 12 as its subtables decode them, each code to the name of
its glyph. Anything else (a collection, a CFF outline, another 'post' or cmap format, a table
out of the file or of the size fontTools asserts, an index out of range): None, and fontTools
reads it as before, errors included.
"""

from __future__ import annotations

from typing import Final

from pagetext.fonts.encodings import aglfn_name, glyph_name_list, glyph_name_to_unicode
from pagetext.fonts.program_bytes import Unread, u16, u32

# (platform id, encoding id, code → glyph name), in the order of the cmap's directory.
Subtables = list[tuple[int, int, dict[int, str]]]
TrueTypeTables = tuple[list[str], Subtables]

_TRUETYPE_VERSIONS: Final = (b"\x00\x01\x00\x00", b"true")
# Tables whose presence changes how fontTools names glyphs or reads the program.
_LEFT_TO_FONTTOOLS: Final = frozenset([b"CFF ", b"CFF2", b"DMAP", b"MAXP"])
_MAXP_SHORT: Final = 0x00005000  # version 0.5: numGlyphs only, 6 bytes; 1.0: 32 bytes
_POST_HEADER: Final = 32
_POST_NAMES: Final = 0x00020000
_POST_STANDARD: Final = 0x00010000
_POST_NO_NAMES: Final = 0x00030000
_STANDARD_NAMES: Final = 258  # the Macintosh glyph names post formats 1 and 2 index
# The Unicode subtables whose codes give a glyph its text, read in this order (a later
# one's text over an earlier one's).
_UNICODE_CMAPS: Final = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def read_truetype_tables(data: bytes) -> TrueTypeTables | None:
    """The program's glyph names by glyph id and its cmap subtables; None when fontTools is
    to read it."""
    try:
        return _read(data)
    except (Unread, IndexError, ValueError):
        return None


def made_up_name(glyph: int) -> str:
    """fontTools' name for a glyph that has none, "glyph00012" (f"glyph{glyph:05d}": five
    times slower compiled, and programs have tens of thousands of glyphs)."""
    return "glyph" + str(glyph).zfill(5)


def is_made_up(name: str) -> bool:
    """Whether a glyph name is one fontTools made up (re's ^glyph\\d+$: a decimal digit or
    more, a line end allowed at the end); such a name carries no meaning."""
    digits = name[5:-1] if name.endswith("\n") else name[5:]
    return name.startswith("glyph") and digits.isdecimal()


def glyph_texts(names: list[str], subtables: Subtables) -> tuple[dict[int, str], set[int], dict[int, int]]:
    """What the program tells of its glyphs' text: the text of each glyph (from the Unicode
    subtables in _UNICODE_CMAPS's order, a later one's over an earlier one's, within one the
    least code point outside the private use area; else from its name), the code points the
    Unicode subtables map, and the glyph of each code 0-255 of the symbolic subtable (3,0),
    else (1,0) (0xF000-0xF0FF read as 0x00-0xFF, the first met kept)."""
    glyph_of = {name: glyph for glyph, name in enumerate(names)}
    texts: dict[int, str] = {}
    codes_mapped: set[int] = set()
    symbolic_glyphs: dict[int, int] = {}
    tables = {(platform, encoding): codes for platform, encoding, codes in subtables}
    for key in _UNICODE_CMAPS:
        for code, name in sorted(tables.get(key, {}).items(), reverse=True):
            glyph = glyph_of.get(name)
            if glyph is not None and not 0xE000 <= code <= 0xF8FF:
                texts[glyph] = chr(code)  # lowest code point wins
                codes_mapped.add(code)
    symbolic = tables.get((3, 0)) or tables.get((1, 0)) or {}
    for code, name in symbolic.items():
        glyph = glyph_of.get(name)
        if glyph is not None and (code <= 0xFF or 0xF000 <= code <= 0xF0FF):
            symbolic_glyphs.setdefault(code & 0xFF, glyph)
    texts.update(texts_from_names(names, texts))
    return texts, codes_mapped, symbolic_glyphs


def texts_from_names(names: list[str], known: dict[int, str]) -> dict[int, str]:
    """The text of each glyph that `known` gives none, from its name (the AGL's rules), by
    glyph id in order; made-up names and names that say nothing left out."""
    texts: dict[int, str] = {}
    for glyph in range(len(names)):
        name = names[glyph]
        if glyph not in known and not is_made_up(name):
            text = glyph_name_to_unicode(name)
            if text:
                texts[glyph] = text
    return texts


def _read(data: bytes) -> TrueTypeTables:
    if data[:4] not in _TRUETYPE_VERSIONS:
        raise Unread
    places: dict[bytes, tuple[int, int]] = {}  # tag → offset, length
    for index in range(u16(data, 4)):
        record = 12 + 16 * index
        tag = data[record : record + 4]
        offset = u32(data, record + 8)
        length = u32(data, record + 12)
        if tag in places or tag in _LEFT_TO_FONTTOOLS or offset + length > len(data):
            raise Unread
        places[tag] = (offset, length)
    glyph_count = _glyph_count(_table(data, places, b"maxp"))
    cmap = _table(data, places, b"cmap")
    post = _table(data, places, b"post")
    subtables = _subtables(cmap) if cmap is not None else []
    order = _post_names(post, glyph_count) if post is not None else None
    if order is None:
        order = _names_from_cmap(subtables, glyph_count)
    # Each code to its glyph's name, as fontTools' maps give it; shared subtables share one.
    named: dict[int, dict[int, str]] = {}
    count = len(order)
    for _, _, glyphs in subtables:
        if id(glyphs) not in named:
            named[id(glyphs)] = {
                code: order[glyph] if glyph < count else made_up_name(glyph) for code, glyph in glyphs.items()
            }
    return order, [(platform, encoding, named[id(glyphs)]) for platform, encoding, glyphs in subtables]


def _table(data: bytes, places: dict[bytes, tuple[int, int]], tag: bytes) -> bytes | None:
    place = places.get(tag)
    return data[place[0] : place[0] + place[1]] if place is not None else None


def _glyph_count(maxp: bytes | None) -> int:
    # fontTools asserts that the table holds its version's fields and nothing more.
    if maxp is None or len(maxp) != (6 if u32(maxp, 0) == _MAXP_SHORT else 32):
        raise Unread
    return u16(maxp, 4)


def _post_names(post: bytes, glyph_count: int) -> list[str] | None:
    """The names the 'post' table gives, as fontTools reads them; None for none (format 3,
    or format 1 with more glyphs than the standard names, where fontTools makes them up)."""
    if len(post) < _POST_HEADER:
        raise Unread
    version = u32(post, 0)
    if version == _POST_NO_NAMES:
        return None
    if version == _POST_STANDARD:
        names = glyph_name_list("mac-glyph-names")[:glyph_count]
        return names if len(names) == glyph_count else None
    if version != _POST_NAMES:
        raise Unread
    count = min(u16(post, _POST_HEADER), glyph_count)
    start = _POST_HEADER + 2
    if start + 2 * count > len(post):
        raise Unread
    indices = [u16(post, start + 2 * glyph) for glyph in range(count)]
    extra = _pascal_strings(post[start + 2 * count :], max(indices, default=0) - (_STANDARD_NAMES - 1))
    names = [""] * glyph_count
    standard = glyph_name_list("mac-glyph-names")
    for glyph in range(count):
        index = indices[glyph]
        if index >= _STANDARD_NAMES:
            names[glyph] = extra[index - _STANDARD_NAMES] if index - _STANDARD_NAMES < len(extra) else ""
        else:
            names[glyph] = standard[index]
    return _unique(names)


def _pascal_strings(data: bytes, count: int) -> list[str]:
    """`count` Pascal strings, "" for each the data holds no whole one of."""
    strings: list[str] = []
    at = 0
    for _ in range(count):
        length = data[at] if at < len(data) else 0
        at += 1
        strings.append("" if len(data) <= at + length - 1 else data[at : at + length].decode("latin-1"))
        at += length
    return strings


def _unique(names: list[str]) -> list[str]:
    """fontTools' names for the glyphs: "glyph00012" for one without, "name.1" for a name
    given again (the next free number)."""
    given = set(names)
    used: dict[str, int] = {}
    for glyph in range(len(names)):
        name = names[glyph] or made_up_name(glyph)
        if name in used:
            number = used[name]
            while f"{name}.{number}" in given:
                number += 1
            used[name] = number + 1
            name = f"{name}.{number}"
        used[name] = 1
        names[glyph] = name
    return names


def _names_from_cmap(subtables: list[tuple[int, int, dict[int, int]]], glyph_count: int) -> list[str]:
    """The names fontTools makes up without 'post' names: a glyph a Unicode subtable maps
    is named after its least code point (AGL name, uniXXXX or uXXXXX, ".altN" when another
    glyph has that name already), any other "glyph00012"."""
    if not glyph_count:
        raise Unread  # fontTools fails on it
    names = [made_up_name(glyph) for glyph in range(glyph_count)]
    names[0] = ".notdef"
    least: dict[int, int] = {}
    for platform, encoding, glyphs in subtables:
        if platform == 0 or (platform == 3 and encoding in (0, 1, 10)):  # fontTools' isUnicode
            for code, glyph in glyphs.items():
                if glyph < glyph_count and (glyph not in least or code < least[glyph]):
                    least[glyph] = code
    if not least:
        return names
    uses: dict[str, int] = {}
    for glyph in range(glyph_count):
        if glyph in least:
            code = least[glyph]
            digits = hex(code)[2:].upper()
            name = aglfn_name(code) or ("uni" + digits.zfill(4) if code <= 0xFFFF else "u" + digits)
            count = uses[name] = uses.get(name, 0) + 1
            names[glyph] = f"{name}.alt{count - 1}" if count > 1 else name
    return names


def _subtables(cmap: bytes) -> list[tuple[int, int, dict[int, int]]]:
    """Each subtable's map, code → glyph id (glyph 0 left out), as fontTools decodes it;
    subtables that share an offset share it."""
    if len(cmap) < 4:
        raise Unread
    read: dict[int, dict[int, int]] = {}
    subtables: list[tuple[int, int, dict[int, int]]] = []
    for index in range(u16(cmap, 2)):
        record = 4 + 8 * index
        if record + 8 > len(cmap):
            raise Unread
        platform = u16(cmap, record)
        encoding = u16(cmap, record + 2)
        offset = u32(cmap, record + 4)
        if offset + 4 > len(cmap):
            raise Unread
        kind = u16(cmap, offset)
        if kind == 12:
            length = u32(cmap, offset + 4)
        elif kind == 14:
            length = u32(cmap, offset + 2)
        elif kind in (0, 4, 6):
            length = u16(cmap, offset + 2)
        else:
            raise Unread
        if not length:
            continue  # fontTools skips it
        if offset not in read:
            if offset + length > len(cmap):
                raise Unread
            read[offset] = _decoded(kind, cmap[offset : offset + length])
        subtables.append((platform, encoding, read[offset]))
    return subtables


def _decoded(kind: int, table: bytes) -> dict[int, int]:
    if kind == 14:
        _check_variation_sequences(table)
        return {}  # fontTools gives it an empty map (its sequences are apart)
    if kind == 12:
        glyphs = _format12(table)
    elif kind == 4:
        glyphs = _format4(table)
    elif kind == 6:
        glyphs = _format6(table)
    else:
        if len(table) != 262:  # fontTools asserts it
            raise Unread
        glyphs = {code: table[6 + code] for code in range(256)}
    return {code: glyph for code, glyph in glyphs.items() if glyph}


def _format4(table: bytes) -> dict[int, int]:
    """Segment mapping to delta values: later segments override earlier ones, a missing
    glyph does not erase an earlier mapping; the last segment (0xFFFF) is left out."""
    if len(table) < 14 or len(table) % 2:
        raise Unread
    segments = u16(table, 6) // 2
    words = [u16(table, at) for at in range(14, len(table), 2)]
    ends = words[:segments]
    rest = words[segments + 1 :]  # past the reserved pad
    starts = rest[:segments]
    deltas = rest[segments : 2 * segments]
    range_offsets = rest[2 * segments : 3 * segments]
    glyph_ids = rest[3 * segments :]
    gids: dict[int, int] = {}
    for segment in range(len(starts) - 1):
        start = starts[segment]
        delta = deltas[segment]
        range_offset = range_offsets[segment]
        shift = range_offset // 2 - start + segment - len(range_offsets)
        for code in range(start, ends[segment] + 1):
            if range_offset == 0:
                gid = (code + delta) & 0xFFFF
            else:
                index = code + shift
                if not 0 <= index < len(glyph_ids):
                    raise Unread
                gid = (glyph_ids[index] + delta) & 0xFFFF if glyph_ids[index] else 0
            if gid:
                gids[code] = gid
    return gids


def _format6(table: bytes) -> dict[int, int]:
    first = u16(table, 6)
    count = u16(table, 8)
    body = table[10 : 10 + 2 * count]
    if len(body) % 2:
        raise Unread
    return {first + index: u16(body, 2 * index) for index in range(len(body) // 2)}


def _format12(table: bytes) -> dict[int, int]:
    """Segmented coverage, as fontTools reads it: groups clamped to U+10FFFF, an inverted one
    or one that starts before the last one ended skipped, glyph 0 mapping nothing."""
    groups = u32(table, 12)
    if len(table) < 16 or len(table) != 16 + 12 * groups:
        raise Unread
    gids: dict[int, int] = {}
    last_end = 0
    for group in range(groups):
        at = 16 + 12 * group
        start = u32(table, at)
        end = min(u32(table, at + 4), 0x10FFFF)
        gid = u32(table, at + 8)
        if start > end or start < last_end:
            continue
        last_end = end
        if gid == 0:
            start += 1
            gid = 1
        for code in range(start, end + 1):
            gids[code] = gid + code - start
    return gids


def _chunk(data: bytes, start: int, size: int) -> bytes:
    """data[start:start + size] as fontTools slices it (a negative start counts from the end),
    which must hold `size` bytes, or struct fails there."""
    chunk = data[start : start + size]
    if len(chunk) != size:
        raise Unread
    return chunk


def _check_variation_sequences(table: bytes) -> None:
    """Format 14 (Unicode variation sequences) maps no code; fontTools reads its records all
    the same, and fails where one lies outside the table: the same reads, to fail alike."""
    if len(table) < 10:
        raise Unread
    data = table[10:]
    for record in range(u32(table, 6)):
        entry = _chunk(data, 11 * record, 11)
        default_offset = u32(entry, 3)
        other_offset = u32(entry, 7)
        if default_offset:
            start = default_offset - 10
            count = u32(_chunk(data, start, 4), 0)
            for value in range(count):
                _chunk(data, start + 4 + 4 * value, 4)
        if other_offset:
            start = other_offset - 10
            count = u32(_chunk(data, start, 4), 0)
            for value in range(count):
                _chunk(data, start + 4 + 5 * value, 5)
