"""The metrics of a CIDFont's glyphs (ISO 32000-1 §9.7.4.3): widths from /W, vertical
metrics from /W2, in text space units per unit of font size."""

from __future__ import annotations

import math
from bisect import bisect_right
from typing import Any, Final

import pikepdf

from pagetext.pdf.objects import number, plain_array

MAX_W_SPAN: Final = 0x10000  # a longer /W range is damage: it is clipped
# A /W of at most this many items is read item by item, each nested array of widths kept as
# pikepdf holds it and read per CID when a string first shows it: Word writes /W as a few
# `c [w1 … w300]` entries, and writing all of them out as syntax for the lexer (plain_array)
# costs qpdf ~800 instructions a value, ten times what reading the items one by one costs.
# Longer arrays are mostly short ranges (`c1 c2 w`), cheaper written out at once.
WALKED_ITEMS: Final = 32

# (first CID, last CID, values): `c [m1 m2 …]` gives consecutive CIDs from c, `size` values
# each; `c_first c_last m…` one set of `size` values for the whole range. The values as the
# array holds them, in 1/1000 text space units (numbers; anything else reads as 0): a tuple,
# or the nested pikepdf.Array itself when /W is read item by item (WALKED_ITEMS). A tuple,
# not a list: a tuple of numbers, and an entry holding one, leave the cycle collector's
# lists at its first pass, where a list stays in them. A font keeps its entries as long as
# its document, and a collector that sees them survive counts them towards its next full
# collection of the whole heap: a CJK font's /W has hundreds (two thirds of all the objects
# the corpus's reads kept long enough to be counted).
Entry = tuple[int, int, Any]


def metric_entries(array: Any, size: int) -> list[Entry]:
    """The entries of /W (size 1) or /W2 (size 3), empty ranges left out. A CID that is no
    finite number ends the reading (damage)."""
    return _entries(_metric_items(array), size, False)


# Read once: compiled, math.nan and math.isfinite are module attribute lookups per item.
_NAN: Final = math.nan


def _finite(value: float) -> bool:
    """math.isfinite without its lookup: inf - inf and nan - nan are nan, never 0."""
    return value - value == 0.0


def _entries(items: list[Any], size: int, walked: bool) -> list[Entry]:
    """metric_entries of an array's items: nested arrays as lists, or as pikepdf.Array when
    `walked` (asked only then: the test goes through pikepdf's metaclass, a Python call)."""
    entries: list[Entry] = []
    i = 0
    while i < len(items) - 1:
        start = number(items[i], _NAN)
        if not _finite(start):
            break
        first = int(start)
        following = items[i + 1]
        if isinstance(following, list) or (walked and isinstance(following, pikepdf.Array)):
            count = len(following) // size
            if count:
                values = tuple(following) if isinstance(following, list) else following
                entries.append((first, first + count - 1, values))
            i += 2
        elif i + 1 + size < len(items):
            end = number(following, _NAN)
            if not _finite(end):
                break
            last = min(int(end), first + MAX_W_SPAN)
            if last >= first:
                entries.append((first, last, tuple(items[i + 2 : i + 2 + size])))
            i += 2 + size
        else:
            break
    return entries


def _metric_items(array: Any) -> list[Any]:
    """The items of a /W or /W2 array: numbers, and lists of numbers for the nested arrays."""
    items = plain_array(array)
    if items is not None:
        return items
    return [[number(v) for v in item] if isinstance(item, pikepdf.Array) else item for item in array]


def _width(value: Any) -> float:
    return number(value) / 1000


def _entry_width(values: Any, offset: int) -> float:
    """The width an entry gives the CID `offset` past its first: a range's one value, or
    the offset-th of consecutive CIDs' values."""
    return _width(values[0] if len(values) == 1 else values[offset])


class CidWidths:
    """CID → horizontal advance from /W, found when a CID is first asked for.

    The /W of a CJK or Identity-H font spans thousands of CIDs, and a page shows a few of
    them: its entries, in CID order as producers write them, are searched, not read into a
    table at the font's load. Entries out of CID order or overlapping (damage) are read into
    the table at once, each over the ones before it, as a viewer reading them in turn does.
    """

    __slots__ = ("_entries", "_firsts", "_known")

    def __init__(self, entries: list[Entry]) -> None:
        self._known: dict[int, float] = {}  # looked up, or set (legacy CJK fonts)
        # Tuples, kept as long as the font: they leave the cycle collector's lists (Entry).
        self._entries = tuple(entries)
        self._firsts = tuple([entry[0] for entry in entries])
        for index in range(1, len(entries)):
            if entries[index][0] <= entries[index - 1][1]:
                self._read_all()
                break

    def _read_all(self) -> None:
        known = self._known
        for first, last, values in self._entries:
            for cid in range(first, last + 1):
                known[cid] = _entry_width(values, cid - first)
        self._entries = ()
        self._firsts = ()

    def get(self, cid: int, default: float) -> float:
        known = self._known.get(cid)
        if known is not None:
            return known
        index = bisect_right(self._firsts, cid) - 1
        if index < 0:
            return default
        first, last, values = self._entries[index]
        if cid > last:
            return default
        width = self._known[cid] = _entry_width(values, cid - first)
        return width

    def set(self, cid: int, width: float) -> None:
        self._known[cid] = width

    def first_cid(self) -> int:
        """The lowest CID /W gives a width, -1 when it gives none."""
        cids = [*self._firsts, *self._known]
        return min(cids) if cids else -1


def cid_widths(array: Any) -> CidWidths:
    """CID → horizontal advance from /W."""
    if len(array) <= WALKED_ITEMS:
        # pikepdf gives numbers as int and Decimal, which number() reads as the lexer's int
        # and float (both the correctly rounded value of the same digits), anything else as 0.
        return CidWidths(_entries(list(array), 1, True))
    return CidWidths(metric_entries(array, 1))


def cid_vertical_metrics(array: Any) -> dict[int, tuple[float, float, float]]:
    """CID → (w1, vx, vy) from /W2 (rare: read into a table at once)."""
    metrics: dict[int, tuple[float, float, float]] = {}
    for first, last, raw in metric_entries(array, 3):
        values = [_width(value) for value in raw]
        if len(values) == 3:  # a range (or a single CID): one set for all
            entry = (values[0], values[1], values[2])
            for cid in range(first, last + 1):
                metrics[cid] = entry
        else:
            for j in range(0, len(values) - 2, 3):
                metrics[first + j // 3] = (values[j], values[j + 1], values[j + 2])
    return metrics
