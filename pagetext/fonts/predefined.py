"""The predefined CMaps and the CID → Unicode tables of Adobe's character collections
(ISO 32000-1 §9.7.5.2, §9.10.2), read from the package data that tools/build_data.py makes."""

from __future__ import annotations

import gzip
import json
import os
import sys
from array import array
from functools import cache

from pagetext.fonts.cmap import CidRuns, CMap
from pagetext.fonts.encodings import DATA_FOLDER


def _package_data(*parts: str) -> bytes | None:
    try:
        with open(os.path.join(DATA_FOLDER, *parts), "rb") as file:
            return gzip.decompress(file.read())
    except OSError:
        return None


@cache
def predefined_cmap(name: str) -> CMap | None:
    """A predefined CMap (ISO 32000-1 Table 118 and Adobe's later ones) by name, or None.

    The package data holds each with its usecmap chain already applied (tools/build_data.py).
    """
    if not name.replace("-", "").isalnum():
        return None
    data = _package_data("cmap", f"{name}.bin.gz")
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
    for a longer text, kept apart. Loading makes no object per CID."""

    __slots__ = ("_longer", "_longer_source", "_singles")

    def __init__(self, text: str, count: int) -> None:
        self._singles = text[:count]
        self._longer_source = text[count:]
        self._longer: list[str] | None = None

    def get(self, cid: int) -> str:
        singles = self._singles
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
    """CID → Unicode of an Adobe character collection (Japan1, GB1, CNS1, Korea1, KR)."""
    if not ordering.isalnum():
        return None
    data = _package_data("cid2unicode", f"{ordering}.txt.gz")
    if data is None:
        return None
    count, _, text = data.decode("utf-8").partition("\n")
    return CollectionText(text, int(count))
