"""The predefined CMaps and the CID → Unicode tables of Adobe's character collections
(ISO 32000-1 §9.7.5.2, §9.10.2), read from the package data that tools/build_data.py makes."""

from __future__ import annotations

import gzip
import json
import os
import sys
import zlib
from array import array
from functools import cache
from typing import Final

from pagetext.fonts.cmap import CidRuns, CMap
from pagetext.fonts.encodings import DATA_FOLDER

# tools/build_data.py writes gzip members with no optional header field (no name, mtime 0):
# a 10-byte header, raw deflate data, and an 8-byte trailer (CRC-32, size).
_GZIP_PLAIN_HEADER: Final = b"\x1f\x8b\x08\x00"
_GZIP_HEADER_SIZE: Final = 10
_GZIP_TRAILER_SIZE: Final = 8


def _package_data(path: str) -> bytes | None:
    """A package data file, a .gz one decompressed; None when it cannot be read."""
    try:
        with open(path, "rb") as file:
            data = file.read()
        if not path.endswith(".gz"):
            return data
        if not data.startswith(_GZIP_PLAIN_HEADER) or len(data) < _GZIP_HEADER_SIZE + _GZIP_TRAILER_SIZE:
            return gzip.decompress(data)
    except OSError:
        return None
    # Inflated into a buffer of the size the trailer gives, and without the CRC-32 that gzip
    # computes over the output (an eighth of the time): the files are the package's own.
    size = int.from_bytes(data[-4:], "little")
    return zlib.decompress(data[_GZIP_HEADER_SIZE:-_GZIP_TRAILER_SIZE], -zlib.MAX_WBITS, max(size, 1))


@cache
def predefined_cmap(name: str) -> CMap | None:
    """A predefined CMap (ISO 32000-1 Table 118 and Adobe's later ones) by name, or None.

    The package data holds each with its usecmap chain already applied (tools/build_data.py).
    """
    if not name.replace("-", "").isalnum():
        return None
    data = _package_data(os.path.join(DATA_FOLDER, "cmap", f"{name}.bin.gz"))
    if data is None:
        return None
    header_end = data.index(b"\n")
    header = json.loads(data[:header_end])
    columns = array("I")
    columns.frombytes(data[header_end + 1 :])
    if sys.byteorder == "big":
        columns.byteswap()  # stored little-endian
    count = len(columns) // 3
    cmap = CMap()
    cmap.name = name
    cmap.wmode = header["wmode"]
    cmap.collection = header["collection"]
    cmap.codespace = [
        (length, bytes.fromhex(low), bytes.fromhex(high)) for length, low, high in header["codespace"]
    ]
    cmap.base_runs = CidRuns(columns[:count], columns[count : 2 * count], columns[2 * count :])
    return cmap


class CollectionText:
    """CID → Unicode of an Adobe character collection, "" where it has none, as the package
    data stores it (tools/build_data.py): one code point per CID, U+0000 for none, U+FFFF
    for a longer text, kept apart. Loading makes no object per CID.

    The data is read at the first CID asked for: fonts of a collection most often have a
    ToUnicode map that names every code they show, and the table costs more than a page.
    """

    __slots__ = ("_longer", "_longer_source", "_path", "_singles")

    def __init__(self, path: str) -> None:
        self._path = path
        self._singles: str | None = None
        self._longer_source = ""
        self._longer: list[str] | None = None

    def _load(self) -> str:
        data = _package_data(self._path)
        count, _, text = data.decode("utf-16-le", "replace").partition("\n") if data else ("0", "", "")
        singles = self._singles = text[: int(count)]
        self._longer_source = text[int(count) :]
        return singles

    def get(self, cid: int) -> str:
        singles = self._singles
        if singles is None:
            singles = self._load()
        if not 0 <= cid < len(singles):
            return ""
        char = singles[cid]
        if char == "\x00":
            return ""
        if char != "\uffff":
            return char
        longer = self._longer
        if longer is None:
            longer = self._longer = self._longer_source.split("\x00")[1:]
        return longer[singles.count("\uffff", 0, cid)]


@cache
def cid_to_unicode_table(ordering: str) -> CollectionText | None:
    """CID → Unicode of an Adobe character collection (Japan1, GB1, CNS1, Korea1, KR); None
    for a collection the package data has no table for."""
    if not ordering.isalnum():
        return None
    path = os.path.join(DATA_FOLDER, "cid2unicode", f"{ordering}.utf16le")
    return CollectionText(path) if os.path.isfile(path) else None
