"""An embedded CMap or ToUnicode stream read into a CMap (ISO 32000-1 §9.7.5.3, §9.10.3): its
codespace, bf/cid chars and ranges, and the predefined CMap it names with usecmap."""

from __future__ import annotations

from typing import Final

from pagetext.errors import Warn
from pagetext.fonts.cmap import LAZY_RANGE_SPAN, CMap, decode_unicode_bytes
from pagetext.fonts.encodings import char, glyph_name_to_unicode
from pagetext.fonts.predefined import predefined_cmap
from pagetext.syntax.lexer import iter_operations

MAX_RANGE_SPAN: Final = 0x10000  # a longer bfrange/cidrange is damage, not data: it is clipped


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
    cmap = CMap()
    parent: str | None = None
    for operator, operands, _ in iter_operations(data, warn):
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
                _bfrange(cmap, operands[i], operands[i + 1], operands[i + 2], warn)
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
            parent = operands[-1]
        elif operator == "def" and len(operands) >= 2:
            key, value = operands[-2], operands[-1]
            if key == "WMode" and isinstance(value, int):
                cmap.wmode = value
            elif key == "CMapName" and isinstance(value, str):
                cmap.name = value
    if parent is not None:
        base = predefined_cmap(parent)
        if base is not None:
            cmap.inherit(base)
            parent = None
    return cmap, parent


def _bfrange(cmap: CMap, low: object, high: object, dst: object, warn: Warn) -> None:
    if not isinstance(low, bytes) or not isinstance(high, bytes):
        return
    first = _code(low)
    last = _code(high)
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
                unicode[first + offset] = "\ufffd" if 0xD800 <= value < 0xE000 else char(value)
            return
        for code in range(first, last + 1):
            cmap.unicode[code] = _increment_text(dst, code - first)
    elif isinstance(dst, list):
        for code, item in zip(range(first, last + 1), dst, strict=False):
            if isinstance(item, bytes):
                cmap.unicode[code] = decode_unicode_bytes(item)
