"""Small, damage-tolerant readers of pikepdf objects shared by the stages."""

from __future__ import annotations

import codecs
import math
import re
import zlib
from decimal import Decimal
from typing import Any, Final, cast

import pikepdf
import pikepdf.codec  # registers the "pdfdoc" codec
from isal import isal_zlib

from pagetext.errors import Warn, ignore_warning
from pagetext.geometry import IDENTITY, Box, Matrix
from pagetext.pdf import brotli_filter
from pagetext.pdf.file_objects import ARRAY, DICTIONARY, FileDictionary, FileStream
from pagetext.syntax.lexer import iter_operations
from pagetext.syntax.literals import decode_name, unescape_name

ObjGen = tuple[int, int]  # an indirect object's number and generation (ISO 32000-1 §7.3.10)
Corners = tuple[float, float, float, float]  # a rectangle's x0 y0 x1 y1, in either order (§7.9.5)
# What qpdf raises through pikepdf when an object or stream is damaged.
OBJECT_ERRORS = (pikepdf.PdfError, RuntimeError, ValueError, TypeError, UnicodeDecodeError)


DEFAULT_MAX_STREAM_BYTES = 256 * 1024 * 1024
_UTF16_BE_DECODE: Final = codecs.utf_16_be_decode


def optional_entry(
    dictionary: pikepdf.Dictionary | pikepdf.Stream | FileDictionary | FileStream, key: str
) -> Any:
    """dictionary.get(key), for a key that is often missing: pikepdf's get() raises and
    catches an exception inside for a missing key, six times the cost of testing first. For
    a key that is nearly always there, get() is cheaper (one call, not two); for several keys
    of one dictionary, Entries."""
    return dictionary.get(key) if key in dictionary else None  # get(): [] costs a third more


class Entries:
    """A dictionary's (or a stream's) entries, read through its keys, taken in one call: a
    missing key then costs a set lookup, where `key in dictionary` is a call into pikepdf
    (0.26 µs), and a present one get() (0.31 µs). keys() costs 0.62 µs: worth it for a
    dictionary read for three keys or more, such as a font's. Keys with a null value, or a
    reference to no object, are missing in both (§7.3.7)."""

    __slots__ = ("dictionary", "keys")

    def __init__(self, dictionary: pikepdf.Dictionary | pikepdf.Stream | FileDictionary | FileStream) -> None:
        self.dictionary = dictionary
        # A dictionary read from the file's bytes answers a missing key at a lookup's cost.
        self.keys: set[str] | None = (
            None if isinstance(dictionary, (FileDictionary, FileStream)) else dictionary.keys()
        )

    def get(self, key: str) -> Any:
        """The value of `key`, None when the dictionary has no such entry."""
        keys = self.keys
        if keys is None:
            return self.dictionary.get(key)
        return self.dictionary.get(key) if key in keys else None


MAX_PAGE_TREE_DEPTH: Final = 64  # guard for /Parent chains that loop


def inherited_entry(page: Any, key: str) -> Any:
    """An inheritable page attribute (§7.7.3.4): from the page or the nearest ancestor."""
    return inherited_entries(page, (key,))[0]


def inherited_entries(page: Any, keys: tuple[str, ...]) -> list[Any]:
    """inherited_entry for each of `keys`, in one walk up the page tree."""
    values: list[Any] = [None] * len(keys)
    missing = len(keys)
    node = page
    seen: set[tuple[int, int]] = set()
    for _ in range(MAX_PAGE_TREE_DEPTH):
        if not isinstance(node, DICTIONARY):
            break
        # A node read for one key (and /Parent) is asked directly; for more, Entries.
        entries = Entries(node) if missing > 1 else None
        for index in range(len(keys)):
            if values[index] is None:
                key = keys[index]
                value = entries.get(key) if entries is not None else optional_entry(node, key)
                if value is not None:
                    values[index] = value
                    missing -= 1
        if not missing:
            break
        objgen = node.objgen
        if objgen in seen:
            break
        seen.add(objgen)
        node = entries.get("/Parent") if entries is not None else optional_entry(node, "/Parent")
    return values


# Made once: pikepdf.Name.FlateDecode builds a new name at each use.
# A filter's name as pikepdf gives it, and as the lexer reads it (a stream read from the
# file's bytes, pagetext.pdf.file_objects).
_FLATE: Final = (pikepdf.Name("/FlateDecode"), "FlateDecode")
_BROTLI: Final = (pikepdf.Name("/BrotliDecode"), "BrotliDecode")


def read_stream(
    stream: Any, what: str, warn: Warn, max_bytes: int = DEFAULT_MAX_STREAM_BYTES
) -> bytes | None:
    """The decoded data of a stream, at most max_bytes of it; None (with a warning) when it
    cannot be decoded.

    Flate streams, the usual decompression bombs, are inflated here with a cap, so that a
    bomb costs max_bytes, not its full size; so are Brotli streams (pagetext.pdf.brotli_filter), which
    qpdf cannot decode; other filters go through qpdf.
    """
    data = _decoded(stream, what, warn, max_bytes)
    if data is not None and len(data) > max_bytes:
        warn(f"{what} decodes to more than {max_bytes} bytes; only the first {max_bytes} were read")
        data = data[:max_bytes]
    return data


def read_stream_start(stream: Any, what: str, warn: Warn, length: int) -> bytes | None:
    """The first `length` decoded bytes of a stream (all of it if shorter), with no warning
    for the rest: for readers that need only a stream's head."""
    data = _decoded(stream, what, warn, length)
    return data[:length] if data is not None else None


def _decoded(stream: Any, what: str, warn: Warn, cap: int) -> bytes | None:
    # Flate data is inflated to at most cap + 1 bytes (so that callers see it was more).
    try:
        # Read once for both decoders, and tested first: an appearance stream or a short
        # content stream often has no /Filter, and get() of a missing key costs eight times
        # the test (pikepdf raises and catches inside); a third of the streams a page read
        # decodes have none.
        filters = optional_entry(stream, "/Filter")
        data = _inflate(stream, filters, cap)
        if data is None:
            data = _unbrotli(stream, filters, cap)
        if data is None:
            data = stream.read_bytes()
    except OBJECT_ERRORS as error:
        warn(f"{what} could not be decoded ({error}); skipped")
        return None
    return data


def _single(filters: Any) -> Any:
    """The one filter of a /Filter entry (a name, or an array of one name); else the entry."""
    if isinstance(filters, ARRAY) and len(filters) == 1:
        return filters[0]
    return filters


def _inflate(stream: Any, filters: Any, max_bytes: int) -> bytes | None:
    """Inflate a plain /FlateDecode stream with a cap; None for anything else (or damage)."""
    if (
        filters is None
        or _single(filters) not in _FLATE
        or optional_entry(stream, "/DecodeParms") is not None
    ):
        return None
    raw = stream.read_raw_bytes()
    data = _whole_inflate(raw, max_bytes + 1)
    if data is not None:
        return data
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw, max_bytes + 1)
    except zlib.error:
        return None  # qpdf recovers what it can of damaged Flate data
    return data


# isal's stubs give its error class as an instance of Exception.
_ISAL_ERROR: Final = cast("type[Exception]", isal_zlib.error)


def _whole_inflate(raw: bytes, max_length: int) -> bytes | None:
    """Flate data inflated by ISA-L (twice zlib's speed on content streams), when it reads to
    the end of the compressed data within max_length; None otherwise. Data that is cut short,
    damaged or over the cap is left to zlib, as before: ISA-L stops elsewhere on such data (a
    byte short, or an error where zlib gives what precedes the damage)."""
    inflater = isal_zlib.decompressobj()
    try:
        data = inflater.decompress(raw, max_length)
    except _ISAL_ERROR:
        return None
    return data if inflater.eof else None


def _unbrotli(stream: Any, filters: Any, max_bytes: int) -> bytes | None:
    """Decode a plain /BrotliDecode stream (qpdf cannot) with a cap; None for anything else."""
    if (
        filters is None
        or _single(filters) not in _BROTLI
        or optional_entry(stream, "/DecodeParms") is not None
    ):
        return None
    return brotli_filter.decompress(stream.read_raw_bytes(), max_bytes + 1)


def number(value: Any, default: float = 0.0) -> float:
    """A PDF number as float; anything else gives `default`."""
    # The lexer's ints and floats first: one type test each, where the tuple test is a call.
    if isinstance(value, float):
        return value
    if isinstance(value, int):
        return default if isinstance(value, bool) else float(value)
    if isinstance(value, (Decimal, pikepdf.Object)):
        try:
            return float(value)
        except (TypeError, ValueError):
            return default
    return default


def integer(value: Any, default: int = 0) -> int:
    """A PDF number as int (toward zero); `default` for anything else, and for a number past
    any int (a real of hundreds of digits reads as infinity, which int() refuses)."""
    result = number(value, math.nan)
    return int(result) if math.isfinite(result) else default


def name_bytes(value: Any) -> bytes:
    """The bytes of a PDF name without its slash (#xx escapes decoded); b"" for anything else.
    A name the lexer read (a str) is taken as UTF-8: callers pass only ASCII ones."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if not isinstance(value, pikepdf.Name):
        return b""
    return unescape_name(value.unparse()[1:])


def name(value: Any) -> str:
    """A PDF name without its slash (bytes that are not UTF-8 read as Latin-1); else "". The
    lexer's names (object syntax read from the file, pagetext.pdf.file_objects) are str already."""
    if isinstance(value, str):
        return value
    if not isinstance(value, pikepdf.Name):
        return ""
    try:
        return str(value)[1:]
    except UnicodeDecodeError:
        return decode_name(value.unparse()[1:])


def text_string(value: Any) -> str | None:
    """A PDF text string (§7.9.2.2) as str: UTF-16BE or UTF-8 with a byte-order mark, else
    PDFDocEncoding; pikepdf strings and the lexer's bytes alike. None for anything else."""
    if isinstance(value, pikepdf.String):
        try:
            return str(value)
        except (UnicodeDecodeError, ValueError):
            value = bytes(value)
    if not isinstance(value, bytes):
        return None
    if value.startswith(b"\xfe\xff"):
        # The codec function itself: by its name, decode() goes through the codec registry
        # and a Python function (utf-16-be has no fast path there).
        return _UTF16_BE_DECODE(value[2:], "replace", True)[0]
    if value.startswith(b"\xef\xbb\xbf"):
        return value[3:].decode("utf-8", errors="replace")
    try:
        return value.decode("pdfdoc")
    except (UnicodeDecodeError, LookupError):
        return value.decode("latin-1")


def read_numbers(value: Any, count: int) -> list[float] | None:
    """An array of `count` numbers (a rectangle, §7.9.5; a matrix, §8.3.4) as floats; None
    when it is not one. Read from the array's own syntax, one call into pikepdf: iterating
    it costs one call per item and one more per float(), three times as much for a /Rect, and
    a form has a /Rect and a /BBox per field."""
    if isinstance(value, list):  # an array read from the file's bytes (pagetext.pdf.file_objects)
        return _listed_numbers(value, count)
    if not isinstance(value, pikepdf.Array):
        return None
    try:
        items = bytes(value.unparse(resolved=True))[1:-1].split()
    except OBJECT_ERRORS:
        return None
    if len(items) == count:
        try:
            return [float(item) for item in items]
        except ValueError:
            pass  # a reference ("5 0 R" is three items) or another object: read item by item
    if len(value) != count:
        return None
    try:
        return [float(item) for item in value]
    except (TypeError, ValueError):
        return None


def _listed_numbers(items: list[Any], count: int) -> list[float] | None:
    """read_numbers of an array read from the file's bytes: `count` numbers, else None."""
    if len(items) != count:
        return None
    numbers: list[float] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            return None
        numbers.append(float(item))
    return numbers


def read_rect(value: Any) -> Box | None:
    """A rectangle array (§7.9.5: four numbers, corners in either order) as a Box; None when
    it is not one."""
    numbers = read_numbers(value, 4)
    if numbers is None:
        return None
    return Box.from_corners(numbers[0], numbers[1], numbers[2], numbers[3])


def read_corners(value: Any) -> Corners | None:
    """A rectangle array's four numbers as written (§7.9.5); None when it is no array of four
    items. Four items that are not all numbers raise TypeError or ValueError."""
    if not isinstance(value, ARRAY):
        return None
    numbers = read_numbers(value, 4)
    if numbers is None:
        if len(value) != 4:
            return None
        numbers = [float(item) for item in value]  # raises: some item is no number
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def read_matrix(value: Any) -> Matrix:
    """A matrix array (§8.3.4: six numbers); the identity when it is not one."""
    numbers = read_numbers(value, 6)
    if numbers is None:
        return IDENTITY
    return (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])


# A name as qpdf writes it: the slash and the regular characters after it (§7.3.5).
_NAME_TOKEN = re.compile(rb"/[^\s/\[\]<>(){}%]*")


def plain_array(array: pikepdf.Array | list[Any]) -> list[Any] | None:
    """The items of an array without indirect references, as the content lexer reads them
    from the array's own syntax (numbers as int or float, nested arrays as lists): one call
    into pikepdf, not one per item (a font's /Widths or /W holds hundreds to thousands), names
    as str without their slash, strings as bytes. None when the array holds references (or a
    string with an R) or cannot be written out. An array read from the file (a list, with no
    references left in it: pagetext.pdf.file_objects) is its own items."""
    if isinstance(array, list):
        return array
    try:
        syntax = bytes(array.unparse(resolved=True))  # an indirect array itself, not "5 0 R"
    except OBJECT_ERRORS:
        return None
    # A reference ("5 0 R") is read the slow way; an R in a name (/Rcaron) is no reference.
    # Names are taken out only when an R may be outside them: qpdf writes a reference's R
    # after a space, and a name never holds a space or a parenthesis (it writes #20, #28).
    if b"R" in syntax and (b" R" in syntax or b"(" in syntax) and b"R" in _NAME_TOKEN.sub(b"", syntax):
        return None
    for _, operands, _ in iter_operations(syntax + b" W", ignore_warning):  # damage: None, read slowly
        if len(operands) == 1 and isinstance(operands[0], list):
            return list(operands[0])
    return None
