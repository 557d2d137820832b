"""Where a file's cross-reference starts, read from its bytes as qpdf finds it (ISO 32000-1
§7.5.5): the offset after the last `startxref` near the end of the file."""

from __future__ import annotations

import mmap
import re
from typing import Final

WHITE: Final = rb"[\0\t\n\f\r ]"  # a white-space character (§7.2.3), as a pattern
# qpdf reads the last `startxref` within this many bytes of the end of the file (further
# back, it warns and rebuilds the cross-reference).
STARTXREF_REACH: Final = 1024
_STARTXREF: Final = re.compile(rb"startxref" + WHITE + rb"+(\d+)")


def startxref_offset(data: bytes | mmap.mmap) -> int | None:
    """The offset the last `startxref` within STARTXREF_REACH bytes of the end of `data`
    gives (`data` may be the file's last bytes alone); None without one."""
    end = data.rfind(b"startxref", max(0, len(data) - STARTXREF_REACH))
    found = _STARTXREF.match(data, end) if end >= 0 else None
    return int(found[1]) if found is not None else None
