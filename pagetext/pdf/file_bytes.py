"""A document's file, read by offset while the document is open: what pagetext reads of the
file's own bytes besides qpdf (the encryption dictionary, pagetext.pdf.aes256_key; fonts'
dictionaries, pagetext.pdf.file_objects; the search for a name, pagetext.pdf.spelling).

The file is opened once, with the document, and its last TAIL_BYTES read at once: the trailer
and `startxref` are there, and for most files the whole cross-reference table too. Other
bytes are read where needed (os.pread, 0.5 µs a read): mapping the file costs 7 µs to make
and 6 µs for each page first touched, more than a document's fonts save.
"""

from __future__ import annotations

import errno
import io
import mmap
import os
import stat
from typing import Final

from pagetext.errors import FileReadError
from pagetext.pdf.file_tail import STARTXREF_REACH, startxref_offset

TAIL_BYTES: Final = 8192  # a table of some 350 objects, its trailer and startxref
# Files up to this size are read into memory by whole(); larger ones are mapped. A read fills
# fresh memory, a fault a page: the first read and search of a file of 1-3 MB in a process
# take 0.46 ms on average, mapped 0.29 (the kernel maps the cached file 16 pages a fault); at
# 64-256 KB both about 35 µs, and below that a read is cheaper (real/, each file once).
MAX_READ_WHOLE: Final = 256 * 1024


class FileBytes:
    """A file's bytes by offset: from memory (a file given as bytes), else from the open file.
    size: its length; tail: its last TAIL_BYTES (or fewer), from offset tail_start."""

    __slots__ = ("_startxref", "data", "file", "path", "size", "tail", "tail_start")

    def __init__(self, data: bytes | None, file: io.FileIO | None, size: int, path: str = "") -> None:
        self.data = data
        self.file = file  # closed by its finalizer too, should the document not be closed
        self.path = path  # the path the file was opened from; "" for bytes
        self.size = size
        self.tail_start = max(0, size - TAIL_BYTES)
        self.tail = b""
        if data is None:
            self.tail = self.read(self.tail_start, size - self.tail_start)
        self._startxref: int | None = -1  # not read yet

    def startxref(self) -> int | None:
        """The offset the file's last `startxref` gives (file_tail), read once."""
        if self._startxref == -1:
            self._startxref = startxref_offset(
                self.read(max(0, self.size - STARTXREF_REACH), STARTXREF_REACH)
            )
        return self._startxref

    def read(self, offset: int, count: int) -> bytes:
        """Up to `count` bytes from `offset` (fewer at the end of the file; none once closed)."""
        if self.data is not None:
            return self.data[offset : offset + count]
        if offset >= self.tail_start and self.tail:
            return self.tail[offset - self.tail_start : offset - self.tail_start + count]
        file = self.file
        if file is None or offset < 0:
            return b""
        try:
            if _PREAD is not None:
                return _PREAD(file.fileno(), count, offset)
            file.seek(offset)
            return file.read(count) or b""
        except (OSError, ValueError):
            return b""

    def whole(self) -> bytes | mmap.mmap:
        """All of the file's bytes, for a search through them: read into memory, or mapped
        past MAX_READ_WHOLE (b"" once closed; OSError if they cannot be read)."""
        if self.data is not None:
            return self.data
        if self.file is None or self.size == 0:
            return b""
        if self.size > MAX_READ_WHOLE:
            return mmap.mmap(self.file.fileno(), 0, access=mmap.ACCESS_READ)
        return self.read(0, self.size)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None
        self.data = None
        self.tail = b""


_PREAD: Final = getattr(os, "pread", None)  # Windows has none: a seek and a read there


def open_file_bytes(source: str | bytes, label: str = "") -> FileBytes | None:
    """The bytes `source` as a FileBytes, or the file at path `source` opened for pagetext's
    own reading: refused (FileReadError; `label` names it, its repr by default) before qpdf opens
    it when it is missing or no regular file. One open and one fstat: a stat before the opening
    looked the path up once more (some 20 µs with the processor's caches cold, as after other
    work). None when the file is there but cannot be opened here: qpdf then says why."""
    if isinstance(source, bytes):
        return FileBytes(source, None, len(source))
    label = label or repr(source)
    try:
        descriptor = os.open(source, _OPEN_FLAGS)
    except ValueError:  # a NUL in the path
        raise FileReadError(f"cannot read {label}: no such file") from None
    except OSError as error:
        if error.errno in _NO_SUCH_FILE:
            raise FileReadError(f"cannot read {label}: no such file") from None
        _check_file(source, label)  # a directory where no descriptor is given for one (Windows)
        return None
    try:
        status = os.fstat(descriptor)
        _check_mode(status.st_mode, label)
        file = io.FileIO(descriptor, "r")  # closes the descriptor from here on
    except BaseException:
        os.close(descriptor)
        raise
    return FileBytes(None, file, status.st_size, source)


# Opened without waiting (a pipe's reader would wait for a writer; Windows has no such flag).
_OPEN_FLAGS: Final = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_NO_SUCH_FILE: Final = frozenset({errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.ENAMETOOLONG})


def _check_file(path: str, label: str) -> None:
    """Refuse a path that is no regular file (one stat, where isdir() and isfile() make one each)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # as isfile() reads them: missing, unreachable, a NUL in it
        raise FileReadError(f"cannot read {label}: no such file") from None
    _check_mode(mode, label)


def _check_mode(mode: int, label: str) -> None:
    if stat.S_ISDIR(mode):
        raise FileReadError(f"cannot read {label}: it is a directory, not a PDF file")
    if not stat.S_ISREG(mode):
        raise FileReadError(f"cannot read {label}: it is not a file but a pipe or a device")
