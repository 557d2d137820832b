"""Reading PDF objects: arrays read from their own syntax (objects.plain_array, read_numbers)."""

from __future__ import annotations

import io
import random
import zlib
from decimal import Decimal

import pikepdf
import pytest

from pagetext.pdf.objects import (
    Entries,
    inherited_entries,
    inherited_entry,
    integer,
    number,
    optional_entry,
    plain_array,
    read_matrix,
    read_numbers,
    read_rect,
    read_stream,
)
from tests.corpus import needs_corpus, real_pdfs


@pytest.mark.parametrize("indirect", [False, True])
def test_plain_array_reads_numbers_and_nested_arrays(indirect: bool) -> None:
    pdf = pikepdf.new()
    array = pikepdf.Array([250, -333.5, pikepdf.Array([1, 2.25]), 0])
    if indirect:  # /Widths and /W are mostly indirect objects
        array = pdf.make_indirect(array)
    items = plain_array(array)
    assert items == [250, -333.5, [1, 2.25], 0]
    assert [type(item) for item in items or []] == [int, float, list, int]


def test_plain_array_leaves_references_to_the_slow_reading() -> None:
    pdf = pikepdf.new()
    array = pikepdf.Array([1, pdf.make_indirect(pikepdf.Array([500]))])
    assert plain_array(array) is None


def test_plain_array_reads_names_with_an_r_and_leaves_strings_with_one_to_the_slow_reading() -> None:
    # An R in a name (/Rcaron, /R) is no reference: names are read as str without the slash.
    names = pikepdf.Array([82, pikepdf.Name("/R"), pikepdf.Name("/Rcaron"), 200, pikepdf.Name("/g7")])
    assert plain_array(names) == [82, "R", "Rcaron", 200, "g7"]
    # qpdf writes a space or parenthesis in a name escaped (#20, #28): an R after it is the name's.
    assert plain_array(pikepdf.Array([1, pikepdf.Name("/A R(")])) == [1, "A R("]
    # An R in a string could be part of nothing the syntax shows apart from a reference.
    assert plain_array(pikepdf.Array([1, pikepdf.String("5 0 R")])) is None
    pdf = pikepdf.new()
    assert plain_array(pikepdf.Array([pikepdf.Name("/Rx"), pdf.make_indirect(pikepdf.Array([1]))])) is None


def _differences(pdf: pikepdf.Pdf) -> list[pikepdf.Array]:
    """The /Differences arrays of every font encoding in the file."""
    found = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and isinstance(obj.get("/Differences"), pikepdf.Array):
            found.append(obj.Differences)
    return found


@needs_corpus
def test_plain_array_reads_the_differences_of_real_files_as_pikepdf_does() -> None:
    read = with_r = 0
    for pdf in real_pdfs():
        for array in _differences(pdf):
            items = plain_array(array)
            if items is None:
                continue
            expected = [str(v)[1:] if isinstance(v, pikepdf.Name) else int(v) for v in array]
            assert items == expected
            read += 1
            with_r += any(isinstance(item, str) and "R" in item for item in items)
    assert read > 100 and with_r > 10


def _metric_arrays(pdf: pikepdf.Pdf) -> list[pikepdf.Array]:
    """The /Widths, /W and /W2 arrays of every font in the file."""
    found = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font:
            for key in ("/Widths", "/W", "/W2"):
                value = obj.get(key)
                if isinstance(value, pikepdf.Array):
                    found.append(value)
    return found


def _floats(items: list[object] | pikepdf.Array) -> list[object]:
    nested = (list, pikepdf.Array)
    return [[float(v) for v in item] if isinstance(item, nested) else float(item) for item in items]


@needs_corpus
def test_plain_array_reads_the_fonts_of_real_files_as_pikepdf_does() -> None:
    # Every font metric array of the real/ corpus: what the lexer reads from the syntax is the
    # value pikepdf gives, item by item (ints and reals alike, nested /W arrays included).
    read = 0
    for pdf in real_pdfs():
        for array in _metric_arrays(pdf):
            items = plain_array(array)
            if items is None:
                continue  # references inside: read the slow way
            assert _floats(items) == _floats(array)
            read += 1
    assert read > 500  # the corpus has hundreds of fonts; nearly all arrays read fast


def test_optional_entry_reads_present_and_missing_keys_of_dictionaries_and_streams() -> None:
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, FirstChar=32))
    stream = pdf.make_stream(b"q Q", Filter=pikepdf.Name.FlateDecode)
    assert optional_entry(font, "/FirstChar") == 32
    assert optional_entry(font, "/Type") == pikepdf.Name.Font
    assert optional_entry(font, "/ToUnicode") is None
    assert optional_entry(stream, "/Filter") == pikepdf.Name.FlateDecode
    assert optional_entry(stream, "/DecodeParms") is None


def test_entries_read_what_optional_entry_reads() -> None:
    # Null values and references to no object are no entries (§7.3.7), for both readers.
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.Root.Spare = pikepdf.Array([1])
    written = io.BytesIO()
    pdf.save(written, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    data = written.getvalue().replace(b"/Spare [ 1 ]", b"/Null null /Dangling 99 0 R /Count 7")
    with pikepdf.open(io.BytesIO(data)) as opened:
        stream = opened.make_stream(b"q Q", Filter=pikepdf.Name.FlateDecode)
        for dictionary in (opened.Root, stream):
            entries = Entries(dictionary)
            for key in ("/Type", "/Pages", "/Null", "/Dangling", "/Count", "/Filter", "/Length", "/Missing"):
                assert entries.get(key) == optional_entry(dictionary, key), key
        assert Entries(opened.Root).get("/Count") == 7
        assert Entries(opened.Root).get("/Null") is None
        assert Entries(opened.Root).get("/Dangling") is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, 3.0),
        (-2.5, -2.5),
        (Decimal("0.125"), 0.125),
        (True, 7.0),  # a boolean is no number, though Python counts it an int
        (None, 7.0),
        ("12", 7.0),
        (pikepdf.Name.Foo, 7.0),
    ],
)
def test_number_reads_ints_floats_and_decimals_and_nothing_else(value: object, expected: float) -> None:
    result = number(value, 7.0)
    assert result == expected
    assert type(result) is float


def test_number_reads_pikepdf_reals_and_integers() -> None:
    values = pikepdf.Array([612, 0.5, -1e-3])
    assert [number(values[i]) for i in range(3)] == [612.0, 0.5, -0.001]


@pytest.mark.parametrize(
    ("value", "expected"),
    [(7, 7), (-2.9, -2), (Decimal("3.5"), 3), (None, 5), (True, 5), (float("inf"), 5), (float("nan"), 5)],
)
def test_integer_reads_toward_zero_and_refuses_what_no_int_holds(value: object, expected: int) -> None:
    assert integer(value, 5) == expected


def test_inherited_entries_come_from_the_nearest_node_in_one_walk() -> None:
    pdf = pikepdf.new()
    root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Rotate=90, CropBox=[0, 0, 1, 1]))
    middle = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Parent=root, Rotate=180))
    page = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Page, Parent=middle, MediaBox=[0, 0, 5, 5]))
    media, crop, rotate, missing = inherited_entries(page, ("/MediaBox", "/CropBox", "/Rotate", "/Nowhere"))
    assert (list(media), list(crop), rotate, missing) == ([0, 0, 5, 5], [0, 0, 1, 1], 180, None)
    assert inherited_entry(page, "/Rotate") == 180
    # A /Parent chain that loops ends the walk, as a chain of more than 64 nodes does.
    root.Parent = middle
    assert inherited_entries(page, ("/Nowhere", "/MediaBox"))[0] is None
    assert inherited_entry(page, "/Nowhere") is None


@pytest.mark.parametrize(
    ("syntax", "count", "expected"),
    [
        (b"[0 0 612 792]", 4, [0.0, 0.0, 612.0, 792.0]),
        (b"[145.23 686.84998 -.5 +4]", 4, [145.23, 686.84998, -0.5, 4.0]),
        (b"[1 0 0 1 72.5 -3]", 6, [1.0, 0.0, 0.0, 1.0, 72.5, -3.0]),
        (b"[1 2 3]", 4, None),
        (b"[1 2 3 /Four]", 4, None),
        (b"[(1) 2 3 4]", 4, None),
        (b"[1 2 3 4 5 6]", 4, None),
        (b"<< /A 1 >>", 4, None),
    ],
)
def test_read_numbers_reads_arrays_of_numbers_and_nothing_else(
    syntax: bytes, count: int, expected: list[float] | None
) -> None:
    assert read_numbers(pikepdf.Object.parse(syntax), count) == expected


def test_read_numbers_follows_references_item_by_item() -> None:
    pdf = pikepdf.new()
    width = pdf.make_indirect(pikepdf.Object.parse(b"612"))
    rect = pdf.make_indirect(pikepdf.Array([0, 0, width, 792]))
    assert read_numbers(pdf.make_indirect(pikepdf.Array([0, 0, width, 792])), 4) == [0.0, 0.0, 612.0, 792.0]
    assert read_rect(pikepdf.Array([0, 792, width, 0])) == read_rect(rect)


@needs_corpus
def test_read_rect_and_read_matrix_read_real_files_as_pikepdf_does() -> None:
    # Every /Rect, /BBox, /MediaBox and /Matrix of the real/ corpus: the numbers read from the
    # array's syntax are the ones pikepdf gives item by item.
    read = 0
    for pdf in real_pdfs():
        for obj in pdf.objects:
            if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                continue
            for key, count in (("/Rect", 4), ("/BBox", 4), ("/MediaBox", 4), ("/Matrix", 6)):
                value = obj.get(key)
                if not isinstance(value, pikepdf.Array):
                    continue
                try:
                    expected = [float(v) for v in value] if len(value) == count else None
                except (TypeError, ValueError):
                    expected = None
                assert read_numbers(value, count) == expected
                read += 1
                if count == 6 and expected is not None:
                    assert read_matrix(value) == tuple(expected)
    assert read > 1000


def _flate_stream(pdf: pikepdf.Pdf, raw: bytes) -> pikepdf.Stream:
    stream = pdf.make_stream(b"")
    stream.write(raw, filter=pikepdf.Name.FlateDecode)
    return stream


def _zlib_reading(raw: bytes, cap: int) -> bytes | None:
    """What zlib recovers of Flate data, at most `cap` bytes: the reading qpdf's matches."""
    try:
        return zlib.decompressobj().decompress(raw, cap)
    except zlib.error:
        return None


def test_flate_streams_read_whole_cut_short_damaged_and_capped_as_zlib_reads_them() -> None:
    # Whole data is inflated by ISA-L; data cut short, damaged or over the cap must still
    # give exactly what zlib recovers (ISA-L stops elsewhere: a byte short, or an error).
    rng = random.Random(7)
    content = b" ".join(b"BT /F1 %d Tf %d %d Td (word %d) Tj ET" % (i % 30, i, i * 7, i) for i in range(3000))
    whole = zlib.compress(content, 9)
    cases = [whole, whole + b"trailing\n", *(whole[:cut] for cut in range(40, len(whole), 211))]
    for _ in range(40):
        damaged = bytearray(whole)
        damaged[rng.randrange(2, len(damaged))] ^= 1 + rng.randrange(255)
        cases.append(bytes(damaged))
    pdf = pikepdf.new()
    warnings: list[str] = []
    for raw in cases:
        for cap in (1 << 20, 1000):
            data = read_stream(_flate_stream(pdf, raw), "a content stream", warnings.append, cap)
            recovered = _zlib_reading(raw, cap + 1)
            if recovered is None:  # zlib gives nothing: qpdf decodes what it can, or a warning
                assert data is not None or warnings[-1].startswith("a content stream could not be decoded")
                continue
            assert data == recovered[:cap]
    assert read_stream(_flate_stream(pdf, whole), "s", warnings.append) == content


@needs_corpus
def test_corpus_flate_streams_read_as_qpdf_decodes_them() -> None:
    # ISA-L inflates what it reads to the end; every stream of the real files must come out
    # as qpdf's own decoding gives it (content streams, forms, fonts, CMaps, object streams).
    read = 0
    for pdf in real_pdfs():
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Stream) or obj.get("/Filter") != pikepdf.Name.FlateDecode:
                continue
            if "/DecodeParms" in obj:
                continue  # predictors: qpdf decodes those
            try:
                expected = obj.read_bytes()
            except pikepdf.PdfError:
                continue  # damaged: zlib's reading, tested above
            assert read_stream(obj, "a stream", lambda _: None) == expected
            read += 1
    assert read > 5000
