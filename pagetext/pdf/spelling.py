"""Whether a file can hold a name at all: a search of its bytes, before a reading that would parse
every object that might hold it (a structure tree's elements, for /ActualText).

A name is its characters, and any of them may be written as #xx (ISO 32000-1 §7.3.5): every
spelling is searched. Objects sit in the file as written, or compressed in object streams
(§7.5.7), whose decoded data are searched too. A match in a content stream or in binary data
only costs the reading that was to be spared.
"""

from __future__ import annotations

import mmap
import os
import re
from typing import Final

import pikepdf

from pagetext.pdf.objects import OBJECT_ERRORS

# An escape's width (# and two hex digits); a name reaches this times its length around one
# of its escapes (every character escaped).
_ESCAPE_WIDTH: Final = 3


def _hex(char: int) -> bytes:
    """A character's two hex digits as a pattern, in either case (#4a and #4A are one escape)."""
    return "".join(f"[{d}{d.upper()}]" if d.isalpha() else d for d in f"{char:02x}").encode()


def _spellings(name: bytes) -> re.Pattern[bytes]:
    """Every spelling of `name`: each character as itself or as # and its hex code."""
    return re.compile(
        b"".join(b"(?:" + re.escape(bytes([char])) + b"|#" + _hex(char) + b")" for char in name)
    )


def _escapes(name: bytes) -> re.Pattern[bytes]:
    """A # escape of any character of `name`: where an escaped spelling must pass."""
    return re.compile(b"#(?:" + b"|".join(sorted({_hex(char) for char in name})) + b")")


class _Name:
    """A name and the patterns that find it in a file's bytes."""

    def __init__(self, name: str) -> None:
        self.raw = name.encode("ascii")
        self.spellings = _spellings(self.raw)
        self.escapes = _escapes(self.raw)

    def spelled_in(self, data: bytes | mmap.mmap) -> bool:
        """Whether `data` holds a spelling of the name: the plain one by a byte search, an
        escaped one by its escapes (rare outside binary data), the spellings searched only
        around them. Escapes are looked for at each # a byte search finds: a pattern scan
        of the whole file costs ten times more, compiled (a # is one byte in 256 of binary
        data)."""
        if data.find(self.raw) >= 0:
            return True
        reach = _ESCAPE_WIDTH * len(self.raw)
        escapes = self.escapes
        spellings = self.spellings
        start = data.find(b"#")
        while start >= 0:
            # A # that starts an escape is followed by two hex digits, never by another #:
            # the escapes met are those a scan of the whole file would find.
            if escapes.match(data, start) is not None and spellings.search(
                data, max(0, start - reach), start + _ESCAPE_WIDTH + reach
            ):
                return True
            start = data.find(b"#", start + 1)
        return False


# The names searched for, each with its patterns made once (building them costs more than
# searching a small file); a handful of names at most ("ActualText").
_NAMES: Final[dict[str, _Name]] = {}


def may_hold_name(pdf: pikepdf.Pdf, file: str | bytes | None, name: str) -> bool:
    """False only when no object of the PDF can hold `name`: the file's bytes (`file`: its path
    or its bytes, as opened) and the decoded data of each of its object streams hold no
    spelling of it. True when that cannot be told: no file given, or one that cannot be read."""
    if file is None:
        return True
    spelled = _NAMES.get(name)
    if spelled is None:
        spelled = _NAMES[name] = _Name(name)
    try:
        if isinstance(file, bytes):
            if spelled.spelled_in(file):
                return True
        else:
            with open(file, "rb") as handle:
                if os.fstat(handle.fileno()).st_size == 0:
                    return True
                with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
                    if spelled.spelled_in(data):
                        return True
        # Objects compressed in object streams: type 2 entries of the cross-reference (§7.5.8.3),
        # the only ones with a stream number (one property read per entry, not two).
        entries = pdf.get_xref_table().values()
        streams = {number for entry in entries if (number := entry.obj_stream_number) is not None}
        for number in streams:
            stream = pdf.get_object((number, 0))
            if not isinstance(stream, pikepdf.Stream) or spelled.spelled_in(stream.read_bytes()):
                return True
    except (OSError, *OBJECT_ERRORS):
        return True
    return False
