"""Where a file's cross-reference starts, read from its bytes as qpdf finds it (ISO 32000-1
§7.5.5): the offset after the last `startxref` near the end of the file; and what a table's
trailer links to."""

from __future__ import annotations

import mmap
import re
from typing import Final

WHITE: Final = rb"[\0\t\n\f\r ]"  # a white-space character (§7.2.3), as a pattern
# qpdf reads the last `startxref` within this many bytes of the end of the file (further
# back, it warns and rebuilds the cross-reference).
STARTXREF_REACH: Final = 1024
_STARTXREF: Final = re.compile(rb"startxref" + WHITE + rb"+(\d+)")
# How many cross-reference sections a /Prev chain is followed through (files updated
# incrementally hold a few; more is taken for a loop or damage).
MAX_XREF_SECTIONS: Final = 1024
# A trailer's /XRefStm and /Prev (§7.5.5, §7.5.8.4) and their offsets: a name ends at white space.
_XREF_STREAM_ENTRY: Final = re.compile(rb"/XRefStm" + WHITE + rb"+(\d+)")
_PREV_ENTRY: Final = re.compile(rb"/Prev" + WHITE + rb"+(\d+)")


def startxref_offset(data: bytes | mmap.mmap) -> int | None:
    """The offset the last `startxref` within STARTXREF_REACH bytes of the end of `data`
    gives (`data` may be the file's last bytes alone); None without one."""
    end = data.rfind(b"startxref", max(0, len(data) - STARTXREF_REACH))
    found = _STARTXREF.match(data, end) if end >= 0 else None
    return int(found[1]) if found is not None else None


def trailer_links(trailer: bytes) -> tuple[int | None, int | None] | None:
    """The /XRefStm and /Prev offsets a trailer's bytes give (None for a key it lacks), read by
    pattern: a tenth of the lexer's cost. None when they cannot be read so: a key written
    twice, or a # escape (a name spelled with one is left to qpdf)."""
    if b"#" in trailer:
        return None
    found: list[int | None] = []
    for pattern in (_XREF_STREAM_ENTRY, _PREV_ENTRY):
        values = pattern.findall(trailer)
        if len(values) > 1:
            return None
        found.append(int(values[0]) if values else None)
    return found[0], found[1]
