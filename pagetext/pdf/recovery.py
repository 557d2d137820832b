"""Files qpdf cannot open: their objects are read again from a scan of the bytes.

This is what viewers do when a file's cross-reference data is useless (MuPDF's and pdf.js's
repair): every `N G obj … endobj` in the file is an object, a later definition of a number
replaces an earlier one, and the last trailer (or cross-reference stream dictionary) names
the catalog and the encryption. From these objects a fresh file with a correct
cross-reference table is written in memory and opened with pikepdf; its page tree is then
rebuilt flat by pagetext.pdf.pagetree.
"""

from __future__ import annotations

import bisect
import io
import re
import warnings
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final

import pikepdf

from pagetext.errors import DamagedPdfError, PasswordError, ignore_warning
from pagetext.pdf.objects import OBJECT_ERRORS, read_stream
from pagetext.pdf.pagetree import Rebuilt, rebuild_page_tree

# A file of more objects is read up to this many: recovery time stays bounded on hostile input.
MAX_OBJECTS: Final = 1_000_000
# ISO 32000-1 Annex C, Table C.1: a conforming file has at most 8,388,607 indirect objects;
# a larger number is damage (and would make the rebuilt cross-reference table huge).
MAX_OBJECT_NUMBER: Final = 8_388_607
# The rebuilt cross-reference table has an entry for every number up to the highest, so a
# number far beyond the others (fuzzing makes them) is dropped: at most this many numbers
# per object found, and never fewer than MIN_NUMBER_SPAN.
NUMBER_SPAN_PER_OBJECT: Final = 16
MIN_NUMBER_SPAN: Final = 65_536
MAX_GENERATION: Final = 65_535  # §7.3.10: a generation number never exceeds 65535
# A trailer dictionary is a few hundred bytes; what follows it within this span is garbage.
MAX_TRAILER_BYTES: Final = 64 * 1024
MAX_TRAILERS: Final = 64  # only the last trailers matter (the last one wins); fuzzed files repeat them
MAX_OBJECT_STREAM_BYTES: Final = 64 * 1024 * 1024  # decoded size of one object stream

RECOVERED: Final = "the file is damaged ({reason}); its objects were reconstructed from a scan of the bytes"

_WS: Final = rb"[\x00\t\n\f\r ]"  # §7.2.2, white-space characters
# `N G obj`, anchored at the start of a digit run and with bounded repeats, so that a run of
# digits or blanks costs linear time (no catastrophic backtracking).
_HEADER: Final = re.compile(
    rb"(?<![0-9])([0-9]{1,20})" + _WS + rb"{1,32}([0-9]{1,20})" + _WS + rb"{1,32}obj(?![A-Za-z0-9_])"
)
_LENGTH: Final = re.compile(rb"/Length" + _WS + rb"*([0-9]{1,12})(?!" + _WS + rb"+[0-9]+" + _WS + rb"+R)")
_ENDSTREAM_AHEAD: Final = re.compile(_WS + rb"{0,8}endstream")
_INTEGER: Final = re.compile(rb"[0-9]{1,20}")
_FREE_ENTRY: Final = b"0000000000 65535 f\r\n"  # §7.5.4: a 20-byte entry of a free object


@dataclass(frozen=True, slots=True)
class ScannedObject:
    number: int
    generation: int
    position: int  # where its header is in the file (later wins)
    body: bytes  # what lies between `obj` and `endobj`, stream data cut to its true end


@dataclass(slots=True)
class Scan:
    objects: dict[int, ScannedObject]
    trailers: list[bytes]  # dictionaries after `trailer` keywords, in file order


def _positions(data: bytes, keyword: bytes) -> list[int]:
    positions: list[int] = []
    start = data.find(keyword)
    while start >= 0:
        positions.append(start)
        start = data.find(keyword, start + len(keyword))
    return positions


def _next(positions: list[int], at: int, default: int) -> int:
    """The first position >= at, or default."""
    index = bisect.bisect_left(positions, at)
    return positions[index] if index < len(positions) else default


def _stream_keyword(data: bytes, start: int, stop: int) -> int:
    """Where `stream` (not `endstream`) starts in data[start:stop], or -1."""
    at = data.find(b"stream", start, stop)
    while at >= 0 and data[max(0, at - 3) : at] == b"end":
        at = data.find(b"stream", at + 6, stop)
    return at


def _strip_eol(data: bytes, start: int, stop: int) -> int:
    """stop moved back over the end-of-line marker that precedes `endstream` (§7.3.8.1)."""
    if stop - 2 >= start and data[stop - 2 : stop] == b"\r\n":
        return stop - 2
    if stop - 1 >= start and data[stop - 1 : stop] in (b"\n", b"\r"):
        return stop - 1
    return stop


def scan(data: bytes) -> Scan:
    """Every object of the file, found by its `N G obj` header; later definitions win."""
    headers = [m for m in islice(_HEADER.finditer(data), MAX_OBJECTS)]
    endobjs = _positions(data, b"endobj")
    endstreams = _positions(data, b"endstream")
    size = len(data)
    span = min(MAX_OBJECT_NUMBER, max(MIN_NUMBER_SPAN, NUMBER_SPAN_PER_OBJECT * len(headers)))
    objects: dict[int, ScannedObject] = {}
    resume = 0  # headers before this lie inside the data of a stream already read
    for index, header in enumerate(headers):
        if header.start() < resume:
            continue
        number, generation = int(header[1]), int(header[2])
        start = header.end()
        next_header = headers[index + 1].start() if index + 1 < len(headers) else size
        limit = min(_next(endobjs, start, size), next_header)
        keyword = _stream_keyword(data, start, limit)
        if keyword < 0:
            stop = limit
            for boundary in (b"startxref", b"xref", b"trailer"):  # endobj missing before the tail
                at = data.find(boundary, start, stop)
                if at >= 0:
                    stop = at
            body = data[start:stop]
            resume = limit
        else:
            # §7.3.8.1: the data begins after the EOL that follows `stream` (CR alone tolerated).
            begin = keyword + 6
            if data[begin : begin + 2] == b"\r\n":
                begin += 2
            elif data[begin : begin + 1] in (b"\n", b"\r"):
                begin += 1
            stop = -1
            length = _LENGTH.search(data, start, keyword)
            if length is not None:
                end = begin + int(length[1])
                if end <= size and _ENDSTREAM_AHEAD.match(data, end):
                    stop = end  # /Length is right
            if stop < 0:
                # A wrong /Length: the data runs to `endstream`, or to `endobj` when that
                # comes first (endstream missing), or to the end of a truncated file.
                endstream = _next(endstreams, begin, size)
                endobj = _next(endobjs, begin, size)
                stop = _strip_eol(data, begin, min(endstream, endobj))
            body = data[start:keyword] + b"stream\n" + data[begin:stop] + b"\nendstream"
            resume = stop
        if number == 0 or number > span:
            continue
        if generation > MAX_GENERATION:
            generation = 0  # a damaged generation; references say 0 in practice
        objects.pop(number, None)  # re-inserted, so that dict order is file order
        objects[number] = ScannedObject(number, generation, header.start(), body)
    return Scan(objects, _trailers(data, headers))


def _trailers(data: bytes, headers: list[re.Match[bytes]]) -> list[bytes]:
    starts = [h.start() for h in headers]
    found: list[bytes] = []
    for at in _positions(data, b"trailer")[-MAX_TRAILERS:]:
        begin = data.find(b"<<", at, at + 1024)
        if begin < 0:
            continue
        end = min(begin + MAX_TRAILER_BYTES, _next(starts, begin, len(data)))
        for keyword in (b"startxref", b"trailer"):
            stop = data.find(keyword, begin, end)
            if stop >= 0:
                end = stop
        found.append(data[begin:end])
    return found


def _write(objects: list[ScannedObject], extras: list[bytes], trailer: bytes) -> tuple[bytes, list[int]]:
    """A fresh PDF of these objects with a correct cross-reference table (§7.5.4).

    extras become new objects after the highest number (trailer dictionaries, a stub catalog
    and page tree); their numbers are returned. trailer is the text inside the trailer
    dictionary besides /Size and /Root; /Root is the first extra (the stub catalog).
    """
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, tuple[int, int]] = {}
    first_extra = max((item.number for item in objects), default=0) + 1
    numbers = list(range(first_extra, first_extra + len(extras)))
    # The extras come first: qpdf reads the first object of a file to see whether it is
    # linearized, and a damaged one there would make it distrust the whole table.
    for number, body in zip(numbers, extras, strict=True):
        offsets[number] = (len(out), 0)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    for item in objects:
        offsets[item.number] = (len(out), item.generation)
        out += b"%d %d obj\n" % (item.number, item.generation) + item.body + b"\nendobj\n"
    # One subsection from 0 with free entries in the gaps: qpdf distrusts a table whose
    # subsections start beyond what the file's size could hold.
    xref = len(out)
    size = max(offsets, default=0) + 1
    out += b"xref\n0 %d\n" % size
    previous = -1
    for number in sorted(offsets):
        out += _FREE_ENTRY * (number - previous - 1)
        offset, generation = offsets[number]
        out += b"%010d %05d n\r\n" % (offset, generation)
        previous = number
    out += b"trailer\n<< /Size %d /Root %d 0 R %s >>\n" % (size, numbers[0], trailer)
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out), numbers


def _build(scanned: Scan, trailer: bytes, password: str | bytes) -> tuple[pikepdf.Pdf, list[Any]]:
    """Open the rebuilt file; also return the parsed trailer dictionaries found in the scan."""
    objects = list(scanned.objects.values())
    # The stub catalog's page tree is empty; pagetree puts the pages found into it.
    first = max(scanned.objects, default=0) + 1
    extras = [b"<< /Type /Catalog /Pages %d 0 R >>" % (first + 1), b"<< /Type /Pages /Kids [] /Count 0 >>"]
    data, numbers = _write(objects, [*extras, *scanned.trailers], trailer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pdf = pikepdf.open(io.BytesIO(data), password=password, inherit_page_attributes=False)
    trailers: list[Any] = []
    for number in numbers[len(extras) :]:
        try:
            trailers.append(pdf.get_object(number, 0))
        except OBJECT_ERRORS:
            continue
    return pdf, trailers


def _get(pdf: pikepdf.Pdf, item: ScannedObject) -> Any:
    try:
        return pdf.get_object(item.number, item.generation)
    except OBJECT_ERRORS:
        return None


def _trailer_candidates(pdf: pikepdf.Pdf, scanned: Scan, trailers: list[Any]) -> list[Any]:
    """Trailer dictionaries and cross-reference stream dictionaries (§7.5.8), last first."""
    candidates = list(trailers)
    for item in scanned.objects.values():
        if b"/XRef" in item.body:
            obj = _get(pdf, item)
            try:
                if isinstance(obj, pikepdf.Stream) and obj.get("/Type") == pikepdf.Name.XRef:
                    candidates.append(obj.stream_dict)
            except OBJECT_ERRORS:
                continue
    return [c for c in reversed(candidates) if isinstance(c, pikepdf.Dictionary)]


def _encryption(candidates: list[Any]) -> bytes:
    """/Encrypt and /ID of the last trailer that has them, as trailer text (§7.6.1)."""
    for candidate in candidates:
        try:
            encrypt = candidate.get("/Encrypt")
            if encrypt is None:
                continue
            text = b"/Encrypt " + encrypt.unparse()
            file_id = candidate.get("/ID")
            if isinstance(file_id, pikepdf.Array):
                text += b" /ID " + file_id.unparse()
        except OBJECT_ERRORS:
            continue
        return text
    return b""


def _unpack_object_streams(pdf: pikepdf.Pdf, scanned: Scan) -> bool:
    """Add the objects kept in object streams (§7.5.7) to the scan; True if any was added.

    The objects an object stream holds take its place in the file: they replace definitions
    earlier in the file and give way to later ones.
    """
    added = False
    span = min(MAX_OBJECT_NUMBER, max(MIN_NUMBER_SPAN, NUMBER_SPAN_PER_OBJECT * len(scanned.objects)))
    for item in list(scanned.objects.values()):
        if b"/ObjStm" not in item.body:
            continue
        stream = _get(pdf, item)
        try:
            if not isinstance(stream, pikepdf.Stream) or stream.get("/Type") != pikepdf.Name.ObjStm:
                continue
            data = read_stream(stream, "an object stream", ignore_warning, MAX_OBJECT_STREAM_BYTES)
            count, first = int(stream.get("/N", 0)), int(stream.get("/First", 0))
        except OBJECT_ERRORS:
            continue
        if data is None or count <= 0 or not 0 < first <= len(data):
            continue
        numbers = [int(m[0]) for m in islice(_INTEGER.finditer(data, 0, first), 2 * min(count, MAX_OBJECTS))]
        pairs = list(zip(numbers[0::2], numbers[1::2], strict=False))
        for index, (number, offset) in enumerate(pairs):
            start = first + offset
            stop = first + pairs[index + 1][1] if index + 1 < len(pairs) else len(data)
            if not 0 < number <= span or number == item.number or not start < stop <= len(data):
                continue
            current = scanned.objects.get(number)
            if current is not None and current.position > item.position:
                continue
            scanned.objects.pop(number, None)
            scanned.objects[number] = ScannedObject(number, 0, item.position, data[start:stop])
            added = True
    scanned.objects = dict(sorted(scanned.objects.items(), key=lambda entry: entry[1].position))
    return added


def _has_page_material(scanned: Scan) -> bool:
    """Whether the file holds anything a page could be made of (a page or a stream)."""
    return any(b"/Page" in item.body or b"stream" in item.body for item in scanned.objects.values())


def recover(data: bytes, passwords: list[str | bytes], reason: str) -> Rebuilt:
    """The pages of a damaged file, read from a scan of its bytes.

    Raises DamagedPdfError when no page with text is found, PasswordError when the file's
    encryption needs a password none of `passwords` opens.
    """
    scanned = scan(data)
    if not scanned.objects:
        raise DamagedPdfError("no PDF objects were found in it")
    try:
        pdf, trailers = _build(scanned, b"", passwords[0])
    except OBJECT_ERRORS as error:
        raise DamagedPdfError(f"its objects could not be rebuilt: {error}") from error
    candidates = _trailer_candidates(pdf, scanned, trailers)
    encryption = _encryption(candidates)
    password = passwords[0]
    if encryption:
        decrypted = _build_encrypted(scanned, encryption, passwords)
        if decrypted is None:
            encryption = b""  # a damaged /Encrypt: the objects are read as they are
        else:
            pdf.close()
            pdf, trailers, password = decrypted
            candidates = _trailer_candidates(pdf, scanned, trailers)
    if _unpack_object_streams(pdf, scanned):
        pdf.close()
        try:
            pdf, trailers = _build(scanned, encryption, password)
        except OBJECT_ERRORS as error:
            raise DamagedPdfError(f"its objects could not be rebuilt: {error}") from error
        candidates = _trailer_candidates(pdf, scanned, trailers)
    order = [(item.number, item.generation) for item in scanned.objects.values()]
    try:
        return rebuild_page_tree(pdf, candidates, order, RECOVERED.format(reason=reason))
    except DamagedPdfError:
        pdf.close()
        raise
    except OBJECT_ERRORS as error:
        pdf.close()
        raise DamagedPdfError(f"its page tree could not be rebuilt: {error}") from error


def _build_encrypted(
    scanned: Scan, encryption: bytes, passwords: list[str | bytes]
) -> tuple[pikepdf.Pdf, list[Any], str | bytes] | None:
    """The rebuilt file opened with its encryption, and the password that opened it; None
    when that encryption is unreadable."""
    for password in passwords:
        try:
            return (*_build(scanned, encryption, password), password)
        except pikepdf.PasswordError:
            continue
        except OBJECT_ERRORS:
            return None  # a damaged /Encrypt: the objects are read as they are
    if _has_page_material(scanned):
        raise PasswordError("the password is missing or wrong")
    raise DamagedPdfError("it holds no pages, only an encryption dictionary")
