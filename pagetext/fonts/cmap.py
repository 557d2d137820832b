"""CMaps: codespace ranges, code → CID and code → Unicode maps (ISO 32000-1 §9.7.5, §9.10.3).

One parser reads both kinds of CMap stream a PDF embeds: the /Encoding CMap of a Type0 font
(cidrange, cidchar) and a /ToUnicode CMap (bfrange, bfchar). CMap files use content-stream
syntax, so the content lexer tokenises them.
"""

from __future__ import annotations

import bisect
import codecs
from array import array
from collections.abc import Iterator
from typing import Final

from pagetext.fonts.encodings import char, without_controls

# A codespace range (§9.7.6.2): codes of `length` bytes whose every byte lies within the
# per-byte bounds of low and high.
CodespaceRange = tuple[int, bytes, bytes]

_TWO_BYTES: Final[list[CodespaceRange]] = [(2, b"\x00\x00", b"\xff\xff")]


# A bfrange this long is kept as a range and read per code: an identity range over all
# two-byte codes is common, and expanding it costs more than most pages.
LAZY_RANGE_SPAN: Final = 64
_USELESS_TEXT: Final = frozenset(("", "\ufffd"))
# The codec's function, read from a static: bytes.decode looks the codec up by name per call.
_UTF16_BE_DECODE: Final = codecs.utf_16_be_decode


class UnicodeMap:
    """Code → text of a ToUnicode CMap: its entries, then its long one-unit bfranges.

    Entries that say nothing (empty, U+FFFD) are left out, so a code without text falls
    through to the font's other sources; so are entries of control characters only (U+0000
    too), whose codes are `dropped`: when no other source names them, they have no text.
    """

    __slots__ = ("_firsts", "dropped", "entries", "ranges")

    def __init__(self, entries: dict[int, str], ranges: list[tuple[int, int, int]]) -> None:
        """`entries` is taken over, not copied, when every entry is kept (the common map)."""
        self.entries = entries
        self.dropped: frozenset[int] = frozenset()
        if not all(_printable_character(text) for text in entries.values()):
            self.entries, self.dropped = _kept_entries(entries)
        # (first code, last code, code point of the first), sorted; ranges that continue one
        # another are joined (producers write an identity map as 256 ranges of 256 codes).
        self.ranges: list[tuple[int, int, int]] = []
        for first, last, start in sorted(ranges):
            if self.ranges:
                prev_first, prev_last, prev_start = self.ranges[-1]
                if first == prev_last + 1 and start == prev_start + first - prev_first:
                    self.ranges[-1] = (prev_first, last, prev_start)
                    continue
            self.ranges.append((first, last, start))
        self._firsts = [first for first, _, _ in self.ranges]

    def byte_texts(self) -> list[str | None]:
        """The text of each one-byte code 0–255 (a simple font's), None where there is none
        and "" where the map gives control characters only (dropped)."""
        entries = self.entries
        texts: list[str | None] = [entries.get(code) for code in range(256)] if entries else [None] * 256
        if self.ranges:
            self._fill_byte_ranges(texts)
        for code in self.dropped:
            if 0 <= code < 256 and texts[code] is None:
                texts[code] = ""
        return texts

    def _fill_byte_ranges(self, texts: list[str | None]) -> None:
        """Give the one-byte codes without an entry the text of their range, as get() finds it:
        the range with the greatest first code at or below the code governs it, up to the
        next range's first (a code past its last has none). One pass, not a search per code."""
        ranges = self.ranges
        for index in range(len(ranges)):
            first, last, start = ranges[index]
            if first > 255:
                break
            end = ranges[index + 1][0] - 1 if index + 1 < len(ranges) else 255
            for code in range(max(first, 0), min(end, last, 255) + 1):
                if texts[code] is None:
                    texts[code] = _range_text(start + code - first)

    def get(self, code: int) -> str | None:
        text = self.entries.get(code)
        if text is not None:
            return text
        index = bisect.bisect_right(self._firsts, code) - 1
        if index < 0:
            return None
        first, last, start = self.ranges[index]
        return _range_text(start + code - first) if code <= last else None


def _range_text(value: int) -> str | None:
    """The text a range gives a code: its code point, None for U+0000, U+FFFD and surrogates."""
    if value == 0 or value == 0xFFFD or 0xD800 <= value < 0xE000:
        return None
    return char(value)


def _kept_entries(entries: dict[int, str]) -> tuple[dict[int, str], frozenset[int]]:
    """The entries that say something, their controls left out; and the codes of controls only."""
    kept: dict[int, str] = {}
    dropped: set[int] = set()
    for code, text in entries.items():
        if _printable_character(text):  # the common entry, kept without a regex search
            kept[code] = text
            continue
        if text in _USELESS_TEXT:
            continue
        text = without_controls(text)
        if not text:
            dropped.add(code)
            continue
        kept[code] = text
    return kept, frozenset(dropped)


def _printable_character(text: str) -> bool:
    """Whether an entry is one character that is no control character and no U+FFFD: an
    entry kept as it is (without_controls would leave it as it is)."""
    if len(text) != 1:
        return False
    point = ord(text)  # compiled, a number compares cheaper than a string
    return 0x20 <= point < 0x7F or (point >= 0xA0 and point != 0xFFFD)


class CidRuns:
    """The code → CID runs of a predefined CMap (consecutive codes, consecutive CIDs), sorted
    and disjoint, as the package data stores them: a lookup is a binary search."""

    __slots__ = ("firsts", "spans", "starts")

    def __init__(self, firsts: array[int], spans: array[int], starts: array[int]) -> None:
        self.firsts = firsts
        self.spans = spans  # last code − first code
        self.starts = starts  # CID of the first code

    def cid(self, code: int) -> int | None:
        index = bisect.bisect_right(self.firsts, code) - 1
        if index < 0:
            return None
        offset = code - self.firsts[index]
        return self.starts[index] + offset if offset <= self.spans[index] else None


class CMap:
    """Codespace ranges plus code → CID and code → Unicode tables, with the CMap's WMode.

    `collection` is the character collection ("Adobe-Japan1") of a predefined CMap, "" else.
    """

    __slots__ = (
        "_by_first_byte",
        "base_runs",
        "cid_ranges",
        "cids",
        "codespace",
        "collection",
        "name",
        "unicode",
        "unicode_ranges",
        "wmode",
    )

    def __init__(self) -> None:
        self.name = ""
        self.codespace: list[CodespaceRange] = []
        self.cids: dict[int, int] = {}
        # Long cidranges (first code, last code, CID of the first), in the order defined: an
        # embedded Identity CMap is one range over 65,536 codes. See cid().
        self.cid_ranges: list[tuple[int, int, int]] = []
        # A predefined CMap's definitions (its own or its usecmap parent's), below the above.
        self.base_runs: CidRuns | None = None
        self.unicode: dict[int, str] = {}
        self.unicode_ranges: list[tuple[int, int, int]] = []  # long bfranges, see UnicodeMap
        self.wmode = 0
        self.collection = ""
        self._by_first_byte: tuple[tuple[CodespaceRange, ...], ...] | None = None

    def _ranges_by_first_byte(self) -> tuple[tuple[CodespaceRange, ...], ...]:
        """The codespace ranges each first byte may begin, shortest first. Tuples: a CMap lives as
        long as its font, or longer (predefined ones), and tuples of plain values leave the cycle
        collector's lists (fonts.code_texts.CodeTexts says why that matters)."""
        table = self._by_first_byte
        if table is None:
            ranges = sorted(self.codespace or _TWO_BYTES, key=lambda r: r[0])
            shortest = ranges[0][0]
            # A code that fits no range is read with the shortest length (§9.7.6.3).
            unfit = ((shortest, bytes(shortest), b"\xff" * shortest),)
            fitting = [tuple([r for r in ranges if r[1][0] <= byte <= r[2][0]]) for byte in range(256)]
            table = tuple([candidates or unfit for candidates in fitting])
            self._by_first_byte = table
        return table

    def split(self, data: bytes) -> Iterator[tuple[int, int]]:
        """Yield (code, byte length) for each code in `data`, by the codespace ranges."""
        table = self._ranges_by_first_byte()
        pos = 0
        end = len(data)
        while pos < end:
            candidates = table[data[pos]]
            length = candidates[0][0]
            for size, low, high in candidates:
                if pos + size <= end and all(low[i] <= data[pos + i] <= high[i] for i in range(1, size)):
                    length = size
                    break
            chunk = data[pos : pos + length]
            yield int.from_bytes(chunk, "big"), len(chunk)
            pos += length

    def cid(self, code: int) -> int | None:
        """The CID of a code, None for none: its cidchar or short cidrange, else the latest
        long cidrange that holds it, else the predefined runs. A definition overrides the
        earlier ones: a long range drops the earlier entries it covers when it is added, later
        entries are found first, and a predefined parent's come last."""
        cid = self.cids.get(code)
        if cid is not None:
            return cid
        ranges = self.cid_ranges
        for index in range(len(ranges) - 1, -1, -1):
            first, last, start = ranges[index]
            if first <= code <= last:
                return start + code - first
        runs = self.base_runs
        return runs.cid(code) if runs is not None else None

    def has_cids(self) -> bool:
        return bool(self.cids) or bool(self.cid_ranges) or self.base_runs is not None

    def add_cid_range(self, first: int, last: int, cid: int) -> None:
        """A cidrange (§9.7.6.2): kept as a range when long and when dropping the earlier
        entries it covers costs less than an entry per code; else one entry per code."""
        span = last - first + 1
        if span <= LAZY_RANGE_SPAN or len(self.cids) > span:
            for code in range(first, last + 1):
                self.cids[code] = cid + code - first
            return
        _drop_covered(self.cids, first, last, {})
        self.cid_ranges.append((first, last, cid))

    def inherit(self, parent: CMap) -> None:
        """Take the parent's entries (usecmap) wherever this CMap has none of its own."""
        if not self.codespace:
            self.codespace = list(parent.codespace)
            self._by_first_byte = None
        merged = {**parent.cids, **self.cids}
        for first, last, _ in self.cid_ranges:  # a long range of this CMap's own beats a parent's entry
            _drop_covered(merged, first, last, self.cids)
        self.cids = merged
        self.cid_ranges = parent.cid_ranges + self.cid_ranges  # this CMap's own are the later
        if self.base_runs is None:  # a CMap read from a stream has no runs of its own
            self.base_runs = parent.base_runs
        self.unicode = {**parent.unicode, **self.unicode}
        self.unicode_ranges = self.unicode_ranges + parent.unicode_ranges
        self.collection = self.collection or parent.collection


def _drop_covered(entries: dict[int, int], first: int, last: int, kept: dict[int, int]) -> None:
    """Remove the entries from first to last, except those in `kept`: by code or by entry,
    whichever are fewer."""
    if last - first + 1 <= len(entries):
        codes = [code for code in range(first, last + 1) if code in entries and code not in kept]
    else:
        codes = [code for code in entries if first <= code <= last and code not in kept]
    for code in codes:
        del entries[code]


def decode_unicode_bytes(value: bytes) -> str:
    """The text a ToUnicode destination string stands for: UTF-16BE, or a lone byte."""
    if len(value) == 1:
        return char(value[0])
    if len(value) == 2:  # one UTF-16 code unit, the common case: no codec lookup by name
        unit = value[0] << 8 | value[1]
        return "\ufffd" if 0xD800 <= unit < 0xE000 else char(unit)
    if len(value) % 2:
        value = value[:-1]
    return _UTF16_BE_DECODE(value, "replace", True)[0]  # final: as bytes.decode
