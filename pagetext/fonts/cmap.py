"""CMaps: codespace ranges, code → CID and code → Unicode maps (ISO 32000-1 §9.7.5, §9.10.3).

One parser reads both kinds of CMap stream a PDF embeds: the /Encoding CMap of a Type0 font
(cidrange, cidchar) and a /ToUnicode CMap (bfrange, bfchar). CMap files use content-stream
syntax, so the content lexer tokenises them.
"""

from __future__ import annotations

from collections.abc import Iterator

from pagetext.content.lexer import Warn, iter_operations
from pagetext.fonts.encodings import glyph_name_to_unicode

# A codespace range (§9.7.6.2): codes of `length` bytes whose every byte lies within the
# per-byte bounds of low and high.
CodespaceRange = tuple[int, bytes, bytes]

MAX_RANGE_SPAN = 0x10000  # a longer bfrange/cidrange is damage, not data: it is clipped


class CMap:
    """Codespace ranges plus code → CID and code → Unicode tables, with the CMap's WMode."""

    __slots__ = ("cids", "codespace", "name", "unicode", "wmode")

    def __init__(self) -> None:
        self.name = ""
        self.codespace: list[CodespaceRange] = []
        self.cids: dict[int, int] = {}
        self.unicode: dict[int, str] = {}
        self.wmode = 0

    def max_code_length(self) -> int:
        return max((length for length, _, _ in self.codespace), default=2)

    def split(self, data: bytes) -> Iterator[tuple[int, int]]:
        """Yield (code, byte length) for each code in `data`, by the codespace ranges.

        Bytes that fit no range are taken as one code of the shortest length whose first
        byte range holds the first byte, else of the shortest length (§9.7.6.3).
        """
        ranges = self.codespace or [(2, b"\x00\x00", b"\xff\xff")]
        pos = 0
        end = len(data)
        while pos < end:
            matched = 0
            for length, low, high in ranges:
                chunk = data[pos : pos + length]
                if len(chunk) == length and all(low[i] <= chunk[i] <= high[i] for i in range(length)):
                    matched = length
                    break
            if not matched:
                first = data[pos]
                candidates = [length for length, low, high in ranges if low[0] <= first <= high[0]]
                matched = min(candidates) if candidates else min(r[0] for r in ranges)
            chunk = data[pos : pos + matched]
            yield int.from_bytes(chunk, "big"), len(chunk)
            pos += matched


def decode_unicode_bytes(value: bytes) -> str:
    """The text a ToUnicode destination string stands for: UTF-16BE, or a lone byte."""
    if len(value) == 1:
        return chr(value[0])
    if len(value) % 2:
        value = value[:-1]
    return value.decode("utf-16-be", errors="replace")


def _increment_text(base: bytes, offset: int) -> str:
    # bfrange destinations count up in their last code unit (§9.10.3).
    if len(base) < 2:
        return chr((base[0] if base else 0) + offset)
    last = int.from_bytes(base[-2:], "big") + offset
    if last > 0xFFFF:
        return decode_unicode_bytes(base) + chr(last & 0xFFFF)
    return decode_unicode_bytes(base[:-2] + last.to_bytes(2, "big"))


def parse_cmap(data: bytes, warn: Warn) -> tuple[CMap, str | None]:
    """Parse a CMap stream; return the CMap and the name it builds on (`usecmap`), if any."""
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
                    cmap.unicode[int.from_bytes(src, "big")] = decode_unicode_bytes(dst)
                elif isinstance(src, bytes) and isinstance(dst, str):
                    cmap.unicode[int.from_bytes(src, "big")] = glyph_name_to_unicode(dst)
        elif operator == "endbfrange":
            for i in range(0, len(operands) - 2, 3):
                _bfrange(cmap, operands[i], operands[i + 1], operands[i + 2], warn)
        elif operator == "endcidchar":
            for i in range(0, len(operands) - 1, 2):
                src, cid = operands[i], operands[i + 1]
                if isinstance(src, bytes) and isinstance(cid, int):
                    cmap.cids[int.from_bytes(src, "big")] = cid
        elif operator == "endcidrange":
            for i in range(0, len(operands) - 2, 3):
                low, high, cid = operands[i], operands[i + 1], operands[i + 2]
                if isinstance(low, bytes) and isinstance(high, bytes) and isinstance(cid, int):
                    first = int.from_bytes(low, "big")
                    last = min(int.from_bytes(high, "big"), first + MAX_RANGE_SPAN)
                    for code in range(first, last + 1):
                        cmap.cids[code] = cid + code - first
        elif operator == "usecmap" and operands and isinstance(operands[-1], str):
            parent = operands[-1]
        elif operator == "def" and len(operands) >= 2:
            key, value = operands[-2], operands[-1]
            if key == "WMode" and isinstance(value, int):
                cmap.wmode = value
            elif key == "CMapName" and isinstance(value, str):
                cmap.name = value
    return cmap, parent


def _bfrange(cmap: CMap, low: object, high: object, dst: object, warn: Warn) -> None:
    if not isinstance(low, bytes) or not isinstance(high, bytes):
        return
    first = int.from_bytes(low, "big")
    last = int.from_bytes(high, "big")
    if last - first > MAX_RANGE_SPAN:
        warn("ToUnicode bfrange too long; clipped")
        last = first + MAX_RANGE_SPAN
    if isinstance(dst, bytes):
        for code in range(first, last + 1):
            cmap.unicode[code] = _increment_text(dst, code - first)
    elif isinstance(dst, list):
        for code, item in zip(range(first, last + 1), dst, strict=False):
            if isinstance(item, bytes):
                cmap.unicode[code] = decode_unicode_bytes(item)
