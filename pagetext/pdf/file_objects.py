"""Objects read from the file's own bytes through its cross-reference table (ISO 32000-1
§7.5.4): the dictionaries a page's fonts are made from, and for a file whose pages are read
from its bytes too (pagetext.pdf.file_pages), its page tree, resources and streams.

qpdf parses an object when pikepdf first hands it over, and each entry read through pikepdf is
a call into it: a median font's dictionaries cost some 16 µs that way, and the lexer reads the
same bytes in a few. Only a file whose cross-reference is made of plain tables (§7.5.4, with
/Prev sections, §7.5.6) is read here; an object in an object stream, an encrypted file, one
qpdf warned about (it may have rebuilt the cross-reference from the objects it found), and any
object not written exactly as read here are left to pikepdf: `value` says NOT_HERE (a stream
is then read by `stream`, its data as written), and the caller asks pikepdf, which reads what
qpdf reads.
"""

from __future__ import annotations

import re
from typing import Any, Final

import pikepdf

from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_tail import MAX_XREF_SECTIONS, WHITE, trailer_links
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.syntax.lexer import object_values
from pagetext.syntax.literals import Reference

# An object is read in a first piece of this size, a larger one in pieces eight times larger
# each, up to MAX_OBJECT_BYTES (a font's /W of thousands of widths fits; a larger object is
# pikepdf's).
FIRST_READ_BYTES: Final = 2048
MAX_OBJECT_BYTES: Final = 1 << 20
# A section's keyword and subsection headers, and its trailer up to `startxref`, are read in
# pieces of this size (a trailer longer than that is left to qpdf).
SECTION_READ_BYTES: Final = 2048
_SUBSECTION_HEADER: Final = re.compile(WHITE + rb"*(\d+) (\d+)" + WHITE + rb"*?(?:\r\n|\r|\n)")
_XREF_KEYWORD: Final = re.compile(WHITE + rb"*xref" + WHITE + rb"*?(?:\r\n|\r|\n)")
_TRAILER_KEYWORD: Final = re.compile(WHITE + rb"*trailer")
# A row: 10-digit offset, 5-digit generation, n or f (§7.5.4), then two bytes of line end.
_ROW: Final = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)")
ROW_LENGTH: Final = 20


# After a stream's data: white space, then `endstream` (qpdf reads it so, and warns of anything
# else before it looks for the keyword further on).
_STREAM_END: Final = re.compile(WHITE + rb"*endstream")
_STREAM_END_REACH: Final = 32


class _NotHere:
    """What FileObjects.value gives for an object it leaves to pikepdf."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOT_HERE"


NOT_HERE: Final = _NotHere()


class FileObjects:
    """The objects of one file with plain cross-reference tables, read from its bytes; those
    it cannot read, from `pdf`.

    sections: per cross-reference section, newest first, its subsections as (first object
    number, entry count, offset of its first row)."""

    __slots__ = ("_bytes", "_handle", "_sections", "_streams", "_values")

    def __init__(
        self, handle: PdfHandle, data: FileBytes, sections: list[list[tuple[int, int, int]]]
    ) -> None:
        self._handle = handle
        self._bytes = data
        self._sections = sections
        # Objects read once a document, as qpdf keeps the objects it parsed: the pages of a
        # file read from its bytes share their resources, forms and fonts. A stream is kept as
        # its entries and where its data lies, not as a FileStream, which refers back here:
        # the two would make a cycle only the cycle collector frees.
        self._values: dict[tuple[int, int], Any] = {}
        self._streams: dict[tuple[int, int], tuple[dict[str, Any], int, int] | None] = {}

    @property
    def pdf(self) -> pikepdf.Pdf:
        """The file opened by qpdf, for what is not read here (opened now if it was not)."""
        return self._handle.pdf

    def dictionary(self, number: int, generation: int) -> FileDictionary | None:
        """Object `number` `generation` when it is a dictionary read from the file's bytes;
        None when pikepdf must read it."""
        value = self.value(number, generation)
        return FileDictionary(value, self, (number, generation)) if isinstance(value, dict) else None

    def resolve(self, value: Any) -> Any:
        """A value of a dictionary read here, as the font loaders read pikepdf's: a reference
        as the object it names (from the file's bytes, else pikepdf's object; None for a
        reference to no object, §7.3.10), a dictionary as a FileDictionary, an array with
        references in it as a list of what they name."""
        if isinstance(value, Reference):
            number, generation = value.number, value.generation
            found = self.value(number, generation)
            if found is NOT_HERE:
                stream = self.stream(number, generation)
                if stream is not None:
                    return stream
                try:
                    return self.pdf.get_object((number, generation))
                except (pikepdf.PdfError, RuntimeError, ValueError):
                    return None
            value = found
            if isinstance(value, dict):
                return FileDictionary(value, self, (number, generation))
        if isinstance(value, dict):
            return FileDictionary(value, self, (0, 0))
        if isinstance(value, list) and _holds_references(value):
            return [self.resolve(item) for item in value]
        return value

    def value(self, number: int, generation: int) -> Any:
        """The value of object `number` `generation` as the lexer reads object syntax
        (dictionaries as dict, names as str, strings as bytes, references as Reference), or
        NOT_HERE when pikepdf must read it; read once (the value is shared: not to be changed)."""
        key = (number, generation)
        found = self._values.get(key, NOT_HERE)
        if found is NOT_HERE and key not in self._values:
            found = self._values[key] = self._read_value(number, generation)
        return found

    def _read_value(self, number: int, generation: int) -> Any:
        start = len(b"%d %d obj" % (number, generation))
        size = FIRST_READ_BYTES
        while True:
            data = self._definition(number, generation, size)
            if data is None:
                return NOT_HERE
            end = data.find(b"endobj", start)
            # A stream's data is pikepdf's to decode (and so is an object with a string
            # that says stream): told from the first piece, before its data is read.
            if data.find(b"stream", start, end if end >= 0 else len(data)) >= 0:
                return NOT_HERE
            if end >= 0:
                break
            if len(data) < size or size >= MAX_OBJECT_BYTES:
                return NOT_HERE
            size = min(size * 8, MAX_OBJECT_BYTES)
        body = data[start:end]
        values = object_values(body)
        return values[0] if values is not None and len(values) == 1 else NOT_HERE

    def stream(self, number: int, generation: int) -> FileStream | None:
        """Object `number` `generation` when it is a stream whose dictionary and data the
        file's bytes give as written (§7.3.8.1): `stream` and an end of line after the
        dictionary, /Length bytes of data (a direct integer or an object of one), then
        `endstream`; None otherwise (qpdf, which searches for a misplaced `endstream`, reads it).
        Read once."""
        key = (number, generation)
        if key not in self._streams:
            self._streams[key] = self._read_stream(number, generation)
        found = self._streams[key]
        return FileStream(found[0], self, key, found[1], found[2]) if found is not None else None

    def _read_stream(self, number: int, generation: int) -> tuple[dict[str, Any], int, int] | None:
        """stream()'s reading: the stream's entries, and its data's offset and length."""
        offset = self._offset(number, generation)
        if offset < 0:
            return None
        data = self._bytes.read(offset, FIRST_READ_BYTES)
        header = b"%d %d obj" % (number, generation)
        if not data.startswith(header):
            return None
        keyword = data.find(b"stream", len(header))
        if keyword < 0:
            return None
        if data[keyword + 6 : keyword + 8] == b"\r\n":
            start = keyword + 8
        elif data[keyword + 6 : keyword + 7] == b"\n":
            start = keyword + 7
        else:
            return None
        values = object_values(data[len(header) : keyword])
        if values is None or len(values) != 1 or not isinstance(values[0], dict):
            return None
        entries: dict[str, Any] = values[0]
        length = entries.get("Length")
        if isinstance(length, Reference):
            length = self.value(length.number, length.generation)
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            return None
        after = self._bytes.read(offset + start + length, _STREAM_END_REACH)
        if _STREAM_END.match(after) is None:
            return None
        return entries, offset + start, length

    def names_stream(self, value: Any) -> bool | None:
        """Whether a value read here is a stream: a reference to an object whose dictionary the
        keyword `stream` and an end of line follow (§7.3.8.1), told from its first piece and
        not parsed further; False for a direct value (a stream is always indirect) or an
        object that ends before any `stream`; None when it cannot be told here (pikepdf
        tells)."""
        if not isinstance(value, Reference):
            return False
        data = self._definition(value.number, value.generation, FIRST_READ_BYTES)
        if data is None:
            return None
        start = len(b"%d %d obj" % (value.number, value.generation))
        end = data.find(b"endobj", start)
        keyword = data.find(b"stream", start, end if end >= 0 else len(data))
        if keyword < 0:
            return False if end >= 0 else None
        if data[keyword + 6 : keyword + 7] != b"\n" and data[keyword + 6 : keyword + 8] != b"\r\n":
            return None
        values = object_values(data[start:keyword])
        return True if values is not None and len(values) == 1 and isinstance(values[0], dict) else None

    def read_at(self, offset: int, count: int) -> bytes:
        """`count` bytes of the file from `offset` (fewer at its end)."""
        return self._bytes.read(offset, count)

    def _definition(self, number: int, generation: int, size: int) -> bytes | None:
        """The first `size` bytes of the definition of object `number` `generation`, from its
        header `N G obj` on; None when the table gives it no offset or the header is not there."""
        offset = self._offset(number, generation)
        if offset < 0:
            return None
        data = self._bytes.read(offset, size)
        return data if data.startswith(b"%d %d obj" % (number, generation)) else None

    def _offset(self, number: int, generation: int) -> int:
        """The offset of the object's definition from the newest section that has an entry
        for it (§7.5.6); -1 when the entry is free, of another generation, or unreadable."""
        for section in self._sections:
            for first, count, rows in section:
                if first <= number < first + count:
                    row = _ROW.match(self._bytes.read(rows + (number - first) * ROW_LENGTH, ROW_LENGTH))
                    if row is None or row[3] != b"n" or int(row[2]) != generation:
                        return -1
                    return int(row[1])
        return -1


def file_objects(pdf: pikepdf.Pdf, data: FileBytes | None) -> FileObjects | None:
    """The objects of the file whose bytes are `data`, or None when they are not all to be
    read from them: no bytes (a file object, a repaired file), an encrypted file, qpdf's
    warnings, or a cross-reference that is not plain tables (streams, hybrid files: §7.5.8)."""
    if data is None or pdf.is_encrypted or pdf.get_warnings():
        return None
    found = cross_reference(data)
    return FileObjects(PdfHandle(pdf), data, found[0]) if found is not None else None


def cross_reference(data: FileBytes) -> tuple[list[list[tuple[int, int, int]]], bytes] | None:
    """The subsections of each section of the cross-reference, newest first, from
    `startxref` through /Prev, and the newest section's trailer dictionary as written (§7.5.5);
    None when any section is not a plain table."""
    offset = data.startxref()
    sections: list[list[tuple[int, int, int]]] = []
    newest_trailer = b""
    seen: set[int] = set()
    while offset is not None:
        if offset in seen or len(seen) >= MAX_XREF_SECTIONS or offset >= data.size:
            return None
        seen.add(offset)
        piece = data.read(offset, SECTION_READ_BYTES)
        keyword = _XREF_KEYWORD.match(piece)
        if keyword is None:
            return None
        subsections: list[tuple[int, int, int]] = []
        position = offset + keyword.end()
        while True:
            piece = data.read(position, SECTION_READ_BYTES)
            header = _SUBSECTION_HEADER.match(piece)
            if header is None:
                break
            first, count = int(header[1]), int(header[2])
            rows = position + header.end()
            # Rows of exactly ROW_LENGTH bytes are read by position: the last one is checked.
            if count and _ROW.match(data.read(rows + (count - 1) * ROW_LENGTH, ROW_LENGTH)) is None:
                return None
            subsections.append((first, count, rows))
            position = rows + count * ROW_LENGTH
        trailer = _TRAILER_KEYWORD.match(piece)
        stop = piece.find(b"startxref")
        if trailer is None or stop < 0:
            return None
        # A hybrid file's trailer names a cross-reference stream too (§7.5.8.4): qpdf's.
        written = piece[trailer.end() : stop]
        links = trailer_links(written)
        if links is None or links[0] is not None:
            return None
        if not sections:
            newest_trailer = written
        sections.append(subsections)
        offset = links[1]
    return (sections, newest_trailer) if sections else None


def _holds_references(items: list[Any]) -> bool:
    """Whether an array read here holds a reference or a dictionary, at any depth. Numbers are
    tested first, each type alone: compiled, that is a test of the type's flags, where a tuple
    of types is a call (a /W holds thousands of numbers)."""
    for item in items:
        if isinstance(item, int) or isinstance(item, float):  # noqa: SIM101
            continue
        if isinstance(item, list):
            if _holds_references(item):
                return True
        elif isinstance(item, Reference) or isinstance(item, dict):  # noqa: SIM101
            return True
    return False


class FileDictionary:
    """A dictionary read from the file's bytes (FileObjects), read as the font loaders read a
    pikepdf.Dictionary: get(key) with the name's slash, the value resolved (FileObjects.resolve).
    objgen: its object number and generation, (0, 0) for a dictionary inside another object."""

    __slots__ = ("_entries", "_objects", "objgen")

    def __init__(self, entries: dict[str, Any], objects: FileObjects, objgen: tuple[int, int]) -> None:
        self._entries = entries
        self._objects = objects
        self.objgen = objgen

    def get(self, key: str, default: Any = None) -> Any:
        value = self._entries.get(key[1:], default)
        return value if value is default else self._objects.resolve(value)

    def entry(self, key: str) -> Any:
        """The entry `key` (a name without its slash) as written: a reference not resolved."""
        return self._entries.get(key)

    def names_stream(self, key: str) -> bool | None:
        """Whether the entry is a stream, without reading it (FileObjects.names_stream)."""
        return self._objects.names_stream(self._entries.get(key[1:]))

    # A key whose value is null is no entry (§7.3.7), as in pikepdf's keys().
    def keys(self) -> set[str]:
        return {"/" + key for key, value in self._entries.items() if value is not None}

    def __contains__(self, key: str) -> bool:
        return self._entries.get(key[1:]) is not None

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<FileDictionary {self.objgen} {sorted(self._entries)}>"


class FileStream:
    """A stream read from the file's bytes (FileObjects.stream): its dictionary read as a
    FileDictionary's, and its data as written (`read_raw_bytes`: §7.3.8.1, still encoded)."""

    __slots__ = ("_entries", "_length", "_objects", "_start", "objgen")

    def __init__(
        self, entries: dict[str, Any], objects: FileObjects, objgen: tuple[int, int], start: int, length: int
    ) -> None:
        self._entries = entries
        self._objects = objects
        self.objgen = objgen
        self._start = start
        self._length = length

    def get(self, key: str, default: Any = None) -> Any:
        value = self._entries.get(key[1:], default)
        return value if value is default else self._objects.resolve(value)

    def keys(self) -> set[str]:
        return {"/" + key for key, value in self._entries.items() if value is not None}

    def __contains__(self, key: str) -> bool:
        return self._entries.get(key[1:]) is not None

    def read_raw_bytes(self) -> bytes:
        """The stream's data as the file holds it, before its filters."""
        return self._objects.read_at(self._start, self._length)

    def read_bytes(self) -> bytes:
        """The stream's data decoded: as written when it has no filter (§7.3.8.2), else by
        qpdf (the filters pagetext does not decode itself)."""
        if self._entries.get("Filter") is None:
            return self.read_raw_bytes()
        return bytes(self._objects.pdf.get_object(self.objgen).read_bytes())

    def __repr__(self) -> str:
        return f"<FileStream {self.objgen} {sorted(self._entries)} {self._length} bytes>"


# The loaders' type tests, each passing what FileObjects and pikepdf give alike: the file's
# type first (pikepdf's go through a Python __instancecheck__).
DICTIONARY: Final = (FileDictionary, pikepdf.Dictionary)
STREAM: Final = (FileStream, pikepdf.Stream)
ARRAY: Final = (list, pikepdf.Array)
NAME: Final = (str, pikepdf.Name)
