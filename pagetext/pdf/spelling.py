"""Whether a file can hold a name at all: a search of its bytes, before a reading that would parse
every object that might hold it (a structure tree's elements, for /ActualText).

A name is its characters, and any of them may be written as #xx (ISO 32000-1 §7.3.5): every
spelling is searched. Objects sit in the file as written, or compressed in object streams
(§7.5.7), whose decoded data are searched too. A match in a content stream or in binary data
only costs the reading that was to be spared.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Callable, Iterator
from typing import Final

import pikepdf

from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_tail import MAX_XREF_SECTIONS, WHITE, startxref_offset, trailer_links
from pagetext.pdf.objects import OBJECT_ERRORS, optional_entry, read_stream
from pagetext.syntax.literals import unescape_name

# An escape's width (# and two hex digits); a name reaches this times its length around one
# of its escapes (every character escaped).
_ESCAPE_WIDTH: Final = 3
_OBJECT_HEADER: Final = re.compile(WHITE + rb"*(\d+)" + WHITE + rb"+(\d+)" + WHITE + rb"+obj")
_XREF_TABLE: Final = re.compile(WHITE + rb"*xref")
# Object streams of this many compressed bytes or more are inflated by ISA-L (read_stream),
# smaller ones by qpdf: ISA-L takes 0.7 times qpdf's time from 4 KB, more below 2 KB (its
# setup, some 2 µs a stream), the same in between (all real/ object streams).
INFLATE_HERE_FROM: Final = 2048
_COMPRESSED: Final = 2  # the type of a cross-reference stream entry in an object stream (§7.5.8.3)


class _Name:
    """A name and what finds it in a file's bytes."""

    __slots__ = ("characters", "leads", "raw")

    def __init__(self, name: str) -> None:
        self.raw = name.encode("ascii")
        self.characters = frozenset(self.raw)
        # The first hex digit of an escape of one of its characters (0-7 in ASCII: no case).
        self.leads = frozenset(ord(f"{char >> 4:x}") for char in self.raw)

    def spelled_in(self, data: bytes | mmap.mmap) -> bool:
        """Whether `data` holds a spelling of the name: the plain one, or one through an escape
        of one of its characters (rare outside binary data), read around that escape."""
        for position in _candidates(data, self):
            if data[position] != _NUMBER_SIGN or self._spelled_through(data, position):
                return True
        return False

    def escapes_a_character(self, data: bytes | mmap.mmap, start: int) -> bool:
        """Whether the # at `start` is followed by the escape of one of the name's characters.
        The first digit is tested alone first: in binary data it rules out nearly every #."""
        if start + _ESCAPE_WIDTH > len(data) or data[start + 1] not in self.leads:
            return False
        escaped = unescape_name(data[start : start + _ESCAPE_WIDTH])
        return len(escaped) == 1 and escaped[0] in self.characters

    def _spelled_through(self, data: bytes | mmap.mmap, start: int) -> bool:
        """Whether the escape at `start` is part of a spelling of the name: the bytes around it,
        as far as a spelling through it reaches, read with their escapes undone as the lexer
        undoes a name's (unescape_name)."""
        reach = _ESCAPE_WIDTH * len(self.raw)
        return self.raw in unescape_name(data[max(0, start - reach) : start + _ESCAPE_WIDTH + reach])


_NUMBER_SIGN: Final = ord("#")


def _python_candidates(data: bytes | mmap.mmap, spelled: _Name) -> Iterator[int]:
    """The positions in `data`, in order, where a spelling of the name may start: the name
    itself, or a # escaping one of its characters (a # that starts an escape is followed by
    two hex digits, never by another #: the escapes met are those a scan of the whole file
    would find). The plain build's search, and the reference of the C twin's."""
    raw = spelled.raw
    name_at = data.find(raw)
    escape_at = data.find(b"#")
    while name_at >= 0 or escape_at >= 0:
        if escape_at < 0 or 0 <= name_at < escape_at:
            yield name_at
            name_at = data.find(raw, name_at + 1)
        else:
            if spelled.escapes_a_character(data, escape_at):
                yield escape_at
            escape_at = data.find(b"#", escape_at + 1)


def _native_candidates(data: bytes | mmap.mmap, spelled: _Name) -> Iterator[int]:
    """_python_candidates by the compiled build's C scan (_native_spelling.c)."""
    assert _NEXT_CANDIDATE is not None
    position = _NEXT_CANDIDATE(data, 0, spelled.raw)
    while position >= 0:
        yield position
        position = _NEXT_CANDIDATE(data, position + 1, spelled.raw)


def _native_next_candidate() -> Callable[[bytes | mmap.mmap, int, bytes], int] | None:
    """The compiled build's scan (_native_spelling.c); None where it is not built."""
    try:
        from pagetext.pdf._native_spelling import next_candidate
    except ImportError:
        return None
    return next_candidate


_NEXT_CANDIDATE: Final = _native_next_candidate()
_candidates: Final = _python_candidates if _NEXT_CANDIDATE is None else _native_candidates


# The names searched for, each made once; a handful of names at most ("ActualText").
_NAMES: Final[dict[str, _Name]] = {}


def _spelled(name: str) -> _Name:
    spelled = _NAMES.get(name)
    if spelled is None:
        spelled = _NAMES[name] = _Name(name)
    return spelled


def may_hold_name(pdf: pikepdf.Pdf | None, file: FileBytes | None, name: str) -> bool:
    """False only when no object of the PDF can hold `name`: the file's bytes and the decoded
    data of each of its object streams hold no spelling of it. True when that cannot be told:
    no file given, or one that cannot be read. `pdf` None: a file of cross-reference tables
    alone, read without qpdf (pagetext.pdf.file_pages), which has no object streams."""
    if file is None:
        return True
    try:
        data = file.whole()
        return not data or _held(pdf, data, _spelled(name))
    except (OSError, *OBJECT_ERRORS):
        return True


def _held(pdf: pikepdf.Pdf | None, data: bytes | mmap.mmap, spelled: _Name) -> bool:
    """may_hold_name on the file's bytes `data`."""
    if spelled.spelled_in(data):
        return True
    if pdf is None:
        return False  # no object streams to search
    streams = object_stream_numbers(pdf, data)
    if streams is None:
        # Objects compressed in object streams: type 2 entries of the cross-reference as qpdf
        # holds it (one property read per entry, not two).
        entries = pdf.get_xref_table().values()
        streams = {number for entry in entries if (number := entry.obj_stream_number) is not None}
    for number in streams:
        stream = pdf.get_object((number, 0))
        if not isinstance(stream, pikepdf.Stream):
            return True
        objects = _object_stream_data(stream)
        if objects is None or spelled.spelled_in(objects):
            return True
    return False


def _object_stream_data(stream: pikepdf.Stream) -> bytes | None:
    """The decoded data of an object stream; None when they cannot be read whole. Large ones
    are inflated by ISA-L (read_stream), small ones by qpdf (see INFLATE_HERE_FROM)."""
    if len(stream.read_raw_bytes()) < INFLATE_HERE_FROM:
        return stream.read_bytes()
    warnings: list[str] = []
    data = read_stream(stream, "object stream", warnings.append)
    return None if warnings or data is None else data


def object_stream_numbers(pdf: pikepdf.Pdf, data: bytes | mmap.mmap) -> set[int] | None:
    """The object numbers of the object streams that the type 2 entries of the file's
    cross-reference streams name (§7.5.8.3), read from the file's bytes `data`: every
    object stream qpdf reads objects from, maybe more. The chain from `startxref` through
    /Prev may hold cross-reference tables too: a table's trailer names the section before it
    (/Prev) and, in a hybrid-reference file (§7.5.8.4: Word writes them), a stream of the
    compressed objects (/XRefStm). None when that cannot be told so: qpdf warned (it may have
    rebuilt the cross-reference from the objects it found), or a section or trailer is not as
    read here (an empty set for a file of cross-reference tables alone).

    qpdf's own table (pikepdf's get_xref_table) costs about 3 k instructions an object, and
    the search for a name in a file with object streams has no other use for it."""
    if pdf.get_warnings():
        return None
    offset = startxref_offset(data)
    if offset is None:
        return None
    numbers: set[int] = set()
    seen: set[int] = set()
    while offset is not None:
        if offset in seen or len(seen) >= MAX_XREF_SECTIONS:
            return None
        first = not seen
        seen.add(offset)
        if _OBJECT_HEADER.match(data, offset) is not None:
            offset = _stream_section(pdf, data, offset, numbers)
            if offset == _UNREAD:
                return None
            continue
        if _XREF_TABLE.match(data, offset) is None:
            return None
        # A cross-reference table. A file that spells no /XRef anywhere has no stream of
        # them, so no object stream (searched for here only: a file of cross-reference
        # streams is told by its chain without a pass over its bytes).
        if first and not _spelled("XRef").spelled_in(data):
            return set()
        entries = _trailer_offsets(data, offset)
        if entries is None:
            return None
        stream, offset = entries
        if stream is not None:
            if stream in seen:
                return None
            seen.add(stream)
            # The stream's own /Prev is not followed: the table's chain is the file's.
            if _stream_section(pdf, data, stream, numbers) == _UNREAD:
                return None
    return numbers


# What _stream_section answers for a section it cannot read (offsets are never negative).
_UNREAD: Final = -1


def _stream_section(pdf: pikepdf.Pdf, data: bytes | mmap.mmap, offset: int, numbers: set[int]) -> int | None:
    """Add the object streams a cross-reference stream at `offset` names to `numbers`; its
    /Prev (None without one), or _UNREAD when it is no such stream."""
    header = _OBJECT_HEADER.match(data, offset)
    if header is None:
        return _UNREAD
    section = pdf.get_object((int(header[1]), int(header[2])))
    if not isinstance(section, pikepdf.Stream) or optional_entry(section, "/Type") != "/XRef":
        return _UNREAD
    widths = optional_entry(section, "/W")
    if not isinstance(widths, pikepdf.Array) or len(widths) != 3:
        return _UNREAD
    width_list = [int(width) for width in widths]
    if min(width_list) < 0:
        return _UNREAD
    _add_compressed(section.read_bytes(), width_list[0], width_list[1], width_list[2], numbers)
    previous = optional_entry(section, "/Prev")
    return int(previous) if previous is not None else None


def _trailer_offsets(data: bytes | mmap.mmap, table: int) -> tuple[int | None, int | None] | None:
    """The /XRefStm and /Prev offsets of the trailer of the cross-reference table at `table`
    (§7.5.5; None for a key it lacks), read from its bytes up to the next `startxref`. None
    when they cannot be read so: no trailer, a key written twice, or a # escape (a name
    spelled with one is left to qpdf's table)."""
    start = data.find(b"trailer", table)  # a table holds digits, f and n only
    if start < 0:
        return None
    stop = data.find(b"startxref", start)
    return trailer_links(bytes(data[start : stop if stop >= 0 else len(data)]))


def _add_compressed(
    rows: bytes, type_width: int, field_width: int, last_width: int, numbers: set[int]
) -> None:
    """Add the object stream number of each type 2 entry of a cross-reference stream's
    decoded data to `numbers`: every whole row, not only the /Index ranges (more, never fewer)."""
    row = type_width + field_width + last_width
    if type_width == 0 or row == 0:
        return  # the type defaults to 1 (§7.5.8.2): no entry is compressed
    previous = -1  # the stream of the entry before: an object stream's entries come in a row
    for start in range(0, len(rows) - row + 1, row):
        kind = 0
        for index in range(start, start + type_width):
            kind = kind * 256 + rows[index]
        if kind != _COMPRESSED:
            continue
        number = 0
        for index in range(start + type_width, start + type_width + field_width):
            number = number * 256 + rows[index]
        if number != previous:
            numbers.add(number)
            previous = number
