"""The glyph names and built-in encoding of a CFF font program (Adobe Technical Note #5176),
read from its bytes: what pagetext asks of a program, fast enough to ask of every one.

fontTools reads a CFF program in about a millisecond of interpreted Python, and a document
embeds dozens (a 117-page atlas: 53, 11 ms). Only the tables that name glyphs are read here:
the header, the Name, Top DICT and String INDEXes, the Top DICT, the CharStrings INDEX's
count, the charset and the encoding. The reading is fontTools' (program.py keeps it as the
reference): names as fontTools makes them ("cid00042" in a CID-keyed font), the encoding as
its list of 256 names, supplements included. A program that is not plainly one font, a
predefined charset, a glyph name given twice, anything out of range: None, and fontTools
reads it as before.
"""

from __future__ import annotations

from typing import Final

from pagetext.fonts.encodings import glyph_name_list
from pagetext.fonts.program_bytes import Unread, u16

# Top DICT operators (TN #5176 Table 9): charset, Encoding, CharStrings, ROS (12 30).
_CHARSET: Final = 15
_ENCODING: Final = 16
_CHAR_STRINGS: Final = 17
_ROS: Final = 0x0C1E
# The operators a Top DICT may hold (Table 9 and the CID-keyed ones, Table 10); any other
# is damage fontTools decides about.
_TOP_OPERATORS: Final = frozenset(
    [0, 1, 2, 3, 4, 5, 13, 14, 15, 16, 17, 18]
    + [0x0C00 | op for op in (0, 1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23, 30, 31, 32, 33, 34, 35, 36, 37, 38)]
)
_PREDEFINED_CHARSETS: Final = 2  # offsets 0-2: ISOAdobe, Expert, ExpertSubset
_CODES: Final = 256
# The high bit of an encoding's format byte: supplements follow its codes (TN #5176 §12).
_SUPPLEMENTED: Final = 0x80

CffTables = tuple[list[str], str | None, str | list[str] | None, int]

# SIDs below this name one of the standard strings (TN #5176 Appendix A), those after it
# the String INDEX's.
STANDARD_STRING_COUNT: Final = 391


def read_cff_tables(data: bytes) -> CffTables | None:
    """The program's glyph names by glyph id (its charset), the Ordering of its ROS (None
    when it is not CID-keyed), its encoding ("StandardEncoding", "ExpertEncoding" or the
    glyph name of each of the 256 codes) and the offset the Top DICT gives for it; None
    when fontTools is to read it."""
    try:
        return _read(data)
    except (Unread, IndexError, ValueError):
        return None


def _read(data: bytes) -> CffTables:
    if len(data) < 4 or data[0] != 1:  # CFF2 and other versions: fontTools
        raise Unread
    names, after_names = _index(data, data[2])
    if len(names) != 1:
        raise Unread
    top_dicts, after_top = _index(data, after_names)
    if len(top_dicts) != 1:
        raise Unread
    strings, _ = _index(data, after_top)
    top = _dict(data, top_dicts[0][0], top_dicts[0][1])
    if _CHAR_STRINGS not in top:
        raise Unread
    glyphs = u16(data, _offset(top[_CHAR_STRINGS]))  # the CharStrings INDEX's count
    charset_offset = _offset(top.get(_CHARSET, [0]))
    if glyphs == 0 or charset_offset <= _PREDEFINED_CHARSETS:
        raise Unread
    ros = top.get(_ROS)
    ordering: str | None = _string(data, strings, _offset(ros[1:2])) if ros is not None else None
    charset = _charset(data, charset_offset, glyphs, strings, ordering is not None)
    if ordering is not None:  # a CID-keyed font has no encoding (§18)
        return charset, ordering, "StandardEncoding", 0
    encoding_offset = _offset(top.get(_ENCODING, [0]))
    encoding: str | list[str] | None = (
        "StandardEncoding"
        if encoding_offset == 0
        else "ExpertEncoding"
        if encoding_offset == 1
        else _encoding(data, encoding_offset, charset, strings)
    )
    return charset, ordering, encoding, encoding_offset


def _index(data: bytes, at: int) -> tuple[list[tuple[int, int]], int]:
    """An INDEX's items (start, end) and where the data after it starts (TN #5176 §5)."""
    count = u16(data, at)
    if count == 0:
        return [], at + 2
    size = data[at + 2]
    if not 1 <= size <= 4:
        raise Unread
    first = at + 3
    offsets = []
    for index in range(count + 1):
        value = 0
        for byte in data[first + index * size : first + (index + 1) * size]:
            value = value << 8 | byte
        offsets.append(value)
    base = first + (count + 1) * size - 1  # offsets count from the byte before the data
    end = base + offsets[-1]
    if end > len(data) or any(offsets[i] > offsets[i + 1] for i in range(count)) or offsets[0] != 1:
        raise Unread
    return [(base + offsets[i], base + offsets[i + 1]) for i in range(count)], end


def _dict(data: bytes, start: int, end: int) -> dict[int, list[int]]:
    """A DICT's entries (§4): operator → its integer operands, a real as -1 (no offset or
    SID is one)."""
    entries: dict[int, list[int]] = {}
    operands: list[int] = []
    at = start
    while at < end:
        b0 = data[at]
        if b0 <= 21:
            operator = b0
            at += 1
            if b0 == 12:
                operator = 0x0C00 | data[at]
                at += 1
            if operator not in _TOP_OPERATORS or operator in entries:
                raise Unread
            entries[operator] = operands
            operands = []
        elif 32 <= b0 <= 246:
            operands.append(b0 - 139)
            at += 1
        elif 247 <= b0 <= 250:
            operands.append((b0 - 247) * 256 + data[at + 1] + 108)
            at += 2
        elif 251 <= b0 <= 254:
            operands.append(-(b0 - 251) * 256 - data[at + 1] - 108)
            at += 2
        elif b0 == 28:
            operands.append(int.from_bytes(data[at + 1 : at + 3], "big", signed=True))
            at += 3
        elif b0 == 29:
            operands.append(int.from_bytes(data[at + 1 : at + 5], "big", signed=True))
            at += 5
        elif b0 == 30:  # a real: nibbles up to the one that ends it (0xf)
            at += 1
            while data[at] >> 4 != 0xF and data[at] & 0xF != 0xF:
                at += 1
            at += 1
            operands.append(-1)
        else:  # a reserved byte
            raise Unread
    if at != end or operands:
        raise Unread
    return entries


def _offset(operands: list[int]) -> int:
    if len(operands) != 1 or operands[0] < 0:
        raise Unread
    return operands[0]


def _string(data: bytes, strings: list[tuple[int, int]], sid: int) -> str:
    """The string a SID names (§10): a standard one, or one of the String INDEX."""
    if sid < STANDARD_STRING_COUNT:
        return glyph_name_list("cff-standard-strings")[sid]
    start, end = strings[sid - STANDARD_STRING_COUNT]
    return data[start:end].decode("latin-1")


def _charset(data: bytes, at: int, glyphs: int, strings: list[tuple[int, int]], cid_keyed: bool) -> list[str]:
    """The glyph names by glyph id (§13): formats 0, 1 and 2."""
    charset = [".notdef"]
    form = data[at]
    at += 1
    ids: list[int] = []
    if form == 0:
        for _ in range(glyphs - 1):
            ids.append(u16(data, at))
            at += 2
    elif form in (1, 2):
        while len(ids) < glyphs - 1:
            first = u16(data, at)
            left = data[at + 2] if form == 1 else u16(data, at + 2)
            at += 3 if form == 1 else 4
            ids.extend(range(first, first + left + 1))
        if len(ids) != glyphs - 1:
            raise Unread
    else:
        raise Unread
    for number in ids:
        charset.append("cid" + str(number).zfill(5) if cid_keyed else _string(data, strings, number))
    if len(set(charset)) != len(charset):  # fontTools makes the names unique its own way
        raise Unread
    return charset


def _encoding(data: bytes, at: int, charset: list[str], strings: list[tuple[int, int]]) -> list[str]:
    """The glyph name of each code (§12): formats 0 and 1, code 0 left out as fontTools
    leaves it (program.py reads it from the bytes), then the supplements: codes that name a
    glyph by its string (SID), one more code for a glyph the format gave one already."""
    form = data[at] & ~_SUPPLEMENTED
    if form > 1:  # unknown formats
        raise Unread
    supplemented = data[at] & _SUPPLEMENTED
    encoding = [".notdef"] * _CODES
    count = data[at + 1]
    at += 2
    if form == 0:
        for glyph in range(1, count + 1):
            code = data[at]
            at += 1
            if code != 0:
                encoding[code] = charset[glyph]
    else:
        glyph = 1
        for _ in range(count):
            code = data[at]
            left = data[at + 1]
            at += 2
            for _ in range(left + 1):
                encoding[code] = charset[glyph]
                code += 1
                glyph += 1
    if supplemented:
        for _ in range(data[at]):
            encoding[data[at + 1]] = _string(data, strings, u16(data, at + 2))
            at += 3
    return encoding
