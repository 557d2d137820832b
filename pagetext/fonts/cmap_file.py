"""An embedded CMap or ToUnicode stream read into a CMap (ISO 32000-1 §9.7.5.3, §9.10.3): its
codespace, bf/cid chars and ranges, and the predefined CMap it names with usecmap."""

from __future__ import annotations

import re
from typing import Final

from pagetext.errors import Warn
from pagetext.fonts.cmap import LAZY_RANGE_SPAN, CMap, decode_unicode_bytes
from pagetext.fonts.encodings import char, glyph_name_to_unicode
from pagetext.fonts.predefined import predefined_cmap
from pagetext.syntax.lexer import iter_operations
from pagetext.syntax.literals import Operand

MAX_RANGE_SPAN: Final = 0x10000  # a longer bfrange/cidrange is damage, not data: it is clipped
# A bfchar or bfrange section of hex strings and white space only, how nearly every ToUnicode
# CMap is written: read without the lexer, which costs most of reading a CMap (see
# _read_plain_sections). One character class: a pattern per string costs as much again.
_SECTION: Final = re.compile(rb"begin(bfchar|bfrange)([0-9A-Fa-f<>\x00\t\n\x0c\r ]*)end\1")
_WHITE_SPACE: Final = b"\x00\t\n\x0c\r "  # §7.2.2, Table 1
_HEX_DIGITS: Final = b"0123456789ABCDEFabcdef"


def _increment_text(base: bytes, offset: int) -> str:
    # bfrange destinations count up in their last code unit (§9.10.3).
    if len(base) < 2:
        return char((base[0] if base else 0) + offset)
    last = int.from_bytes(base[-2:], "big") + offset
    if last > 0xFFFF:
        return decode_unicode_bytes(base) + char(last & 0xFFFF)
    return decode_unicode_bytes(base[:-2] + last.to_bytes(2, "big"))


def _code(data: bytes) -> int:
    """A code written as bytes, big-endian (§9.7.6.2): one- and two-byte codes, nearly all
    of them, without a call through int.from_bytes (a method call, compiled)."""
    if len(data) == 2:
        return data[0] << 8 | data[1]
    if len(data) == 1:
        return data[0]
    return int.from_bytes(data, "big")


def parse_cmap(data: bytes, warn: Warn) -> tuple[CMap, str | None]:
    """Parse a CMap stream; return the CMap and the name it builds on (`usecmap`), if any.

    A `usecmap` naming a predefined CMap is resolved here; any other name is returned
    so that the caller can resolve it.
    """
    read = _read_plain_sections(data, warn) if b"beginbf" in data else None
    cmap, parent = read if read is not None else _read_operations(data, warn)
    if parent is not None:
        base = predefined_cmap(parent)
        if base is not None:
            cmap.inherit(base)
            parent = None
    return cmap, parent


def _read_operations(data: bytes, warn: Warn) -> tuple[CMap, str | None]:
    """The CMap of `data` and its usecmap name, read operation by operation from the lexer."""
    cmap = CMap()
    parent: str | None = None
    for operator, operands, _ in iter_operations(data, warn):
        parent = _apply(cmap, operator, operands, parent, warn)
    return cmap, parent


def _apply(cmap: CMap, operator: str, operands: list[Operand], parent: str | None, warn: Warn) -> str | None:
    """Take one operation of a CMap stream into `cmap`; return the usecmap name so far."""
    if operator == "endcodespacerange":
        for i in range(0, len(operands) - 1, 2):
            low, high = operands[i], operands[i + 1]
            if isinstance(low, bytes) and isinstance(high, bytes) and 1 <= len(low) == len(high) <= 4:
                cmap.codespace.append((len(low), low, high))
        cmap.codespace.sort(key=lambda r: r[0])
    elif operator == "endbfchar":
        for i in range(0, len(operands) - 1, 2):
            src, dst = operands[i], operands[i + 1]
            if isinstance(src, bytes) and isinstance(dst, bytes):
                cmap.unicode[_code(src)] = decode_unicode_bytes(dst)
            elif isinstance(src, bytes) and isinstance(dst, str):
                cmap.unicode[_code(src)] = glyph_name_to_unicode(dst)
    elif operator == "endbfrange":
        for i in range(0, len(operands) - 2, 3):
            low, high, dst = operands[i], operands[i + 1], operands[i + 2]
            if isinstance(low, bytes) and isinstance(high, bytes):
                _bfrange(cmap, _code(low), _code(high), dst, warn)
    elif operator == "endcidchar":
        for i in range(0, len(operands) - 1, 2):
            src, cid = operands[i], operands[i + 1]
            if isinstance(src, bytes) and isinstance(cid, int):
                cmap.cids[_code(src)] = cid
    elif operator == "endcidrange":
        for i in range(0, len(operands) - 2, 3):
            low, high, cid = operands[i], operands[i + 1], operands[i + 2]
            if isinstance(low, bytes) and isinstance(high, bytes) and isinstance(cid, int):
                first = _code(low)
                cmap.add_cid_range(first, min(_code(high), first + MAX_RANGE_SPAN), cid)
    elif operator == "usecmap" and operands and isinstance(operands[-1], str):
        return operands[-1]
    elif operator == "def" and len(operands) >= 2:
        key, value = operands[-2], operands[-1]
        if key == "WMode" and isinstance(value, int):
            cmap.wmode = value
        elif key == "CMapName" and isinstance(value, str):
            cmap.name = value
    return parent


def _read_plain_sections(data: bytes, warn: Warn) -> tuple[CMap, str | None] | None:
    """The CMap of `data` read with its plain bfchar and bfrange sections (hex strings of
    whole bytes between white space, `_plain_strings`) taken without the lexer; None when
    that reading may differ from the lexer's, for the general reading to take over.

    The lexer reads the stream with each plain section's strings blanked out (spaces: the
    offsets its warnings give stay those of the stream). A blanked section reads as the
    lexer would read it when the lexer finds its end operator an operation (neither in a
    comment, a string, an array nor inline-image data) and so the begin operator before it:
    then the lexer would have read the strings between them as that operation's operands,
    and nothing else differently. That holds when every end operator in the blanked stream
    is an operation.
    """
    pieces: list[bytes] = []
    # (end operator, its ordinal among the end operators of its kind) → the section's strings
    sections: dict[tuple[str, int], list[str]] = {}
    ends = {"endbfchar": 0, "endbfrange": 0}
    pos = 0
    for match in _SECTION.finditer(data):
        start = match.start()
        if start > 0 and data[start - 1] not in _WHITE_SPACE:
            continue  # the begin operator is no token of its own
        strings = _plain_strings(match.group(2))
        if strings is None:
            continue
        kind = match.group(1)
        operator = "endbfchar" if kind == b"bfchar" else "endbfrange"
        for name in ends:
            ends[name] += data.count(name.encode(), pos, start)
        ends[operator] += 1
        sections[operator, ends[operator]] = strings
        pieces += (data[pos:start], b"begin", kind, b" " * len(match.group(2)), b"end", kind)
        pos = match.end()
    if not sections:
        return None
    pieces.append(data[pos:])
    for name in ends:
        ends[name] += data.count(name.encode(), pos)
    # The warnings of the lexer and of reading the sections, in order, given when the reading holds.
    notes: list[str] = []
    cmap = CMap()
    parent: str | None = None
    seen = {"endbfchar": 0, "endbfrange": 0}
    for operator, operands, _ in iter_operations(b"".join(pieces), notes.append):
        if operator == "endbfchar" or operator == "endbfrange":
            seen[operator] += 1
            strings = sections.get((operator, seen[operator]))
            if strings is not None:
                if operands:
                    return None
                if operator == "endbfchar":
                    _plain_bfchar(cmap, strings)
                else:
                    _plain_bfrange(cmap, strings, notes.append)
                continue
        parent = _apply(cmap, operator, operands, parent, notes.append)
    if seen != ends:
        return None
    for note in notes:
        warn(note)
    return cmap, parent


def _plain_strings(body: bytes) -> list[str] | None:
    """The hex digits of each string of a section body, None unless the body is hex strings of
    whole bytes and white space only: strings the lexer decodes as bytes.fromhex does the
    digits, white space within left out, with no warning."""
    digits = body.translate(None, _WHITE_SPACE)
    count = digits.count(b"<")
    if not count or digits.translate(None, _HEX_DIGITS) != b"<>" * count or b"<>" in digits:
        return None
    strings = digits[1:-1].decode("latin-1").split("><")
    for string in strings:
        if len(string) % 2:
            return None  # the lexer pads an odd string with a 0
    return strings


def _plain_bfchar(cmap: CMap, strings: list[str]) -> None:
    """A bfchar section's (source, destination) pairs, as hex digits."""
    pairs = len(strings) // 2  # an unpaired last string is ignored, as _apply ignores it
    codes = _codes(strings[0 : 2 * pairs : 2])
    destinations = strings[1 : 2 * pairs : 2]
    texts: list[str]
    if all(len(string) == 4 for string in destinations):
        # One UTF-16 code unit each, the common case: all decoded in one call, as UTF-32 (a
        # surrogate is U+FFFD there, as decode_unicode_bytes gives it alone).
        texts = list(bytes.fromhex("0000" + "0000".join(destinations)).decode("utf-32-be", "replace"))
    else:
        texts = [decode_unicode_bytes(bytes.fromhex(string)) for string in destinations]
    unicode = cmap.unicode
    for i in range(pairs):
        unicode[codes[i]] = texts[i]


def _plain_bfrange(cmap: CMap, strings: list[str], warn: Warn) -> None:
    """A bfrange section's (low, high, destination) triples, as hex digits."""
    triples = len(strings) // 3
    lows = _codes(strings[0 : 3 * triples : 3])
    highs = _codes(strings[1 : 3 * triples : 3])
    for i in range(triples):
        _bfrange(cmap, lows[i], highs[i], bytes.fromhex(strings[3 * i + 2]), warn)


def _codes(strings: list[str]) -> list[int]:
    """The codes hex digits stand for (§9.7.6.2): decoded in one call when all are one byte
    long, or all two, as nearly all are (int(digits, 16) is a call by name, compiled)."""
    size = len(strings[0]) if strings else 0
    if (size == 2 or size == 4) and all(len(string) == size for string in strings):
        data = bytes.fromhex("".join(strings))
        if size == 2:
            return list(data)
        return [data[i] << 8 | data[i + 1] for i in range(0, len(data), 2)]
    return [_code(bytes.fromhex(string)) for string in strings]


def _bfrange(cmap: CMap, first: int, last: int, dst: object, warn: Warn) -> None:
    if last - first > MAX_RANGE_SPAN:
        warn("ToUnicode bfrange too long; clipped")
        last = first + MAX_RANGE_SPAN
    if isinstance(dst, bytes):
        start = _code(dst) if len(dst) == 2 else -1
        stop = start + last - first + 1
        if start >= 0 and stop <= 0x10000:
            # One BMP code unit counting up: the code point itself, a lone surrogate U+FFFD.
            if last - first >= LAZY_RANGE_SPAN:
                cmap.unicode_ranges.append((first, last, start))
                return
            # Entry by entry: most bfranges are one code, and a list zipped into the table
            # costs more than the entries (zip with strict= is a call with keywords, compiled).
            unicode = cmap.unicode
            for offset in range(last - first + 1):
                value = start + offset
                unicode[first + offset] = "\ufffd" if 0xD800 <= value < 0xE000 else chr(value)
            return
        for code in range(first, last + 1):
            cmap.unicode[code] = _increment_text(dst, code - first)
    elif isinstance(dst, list):
        for code, item in zip(range(first, last + 1), dst, strict=False):
            if isinstance(item, bytes):
                cmap.unicode[code] = decode_unicode_bytes(item)
