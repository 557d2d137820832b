"""Objects read from a file's own bytes through its cross-reference tables (pagetext.pdf.file_objects),
and the fonts read from them: the same as pikepdf's wherever they are read, left to pikepdf
wherever they cannot be read so."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.pdf.file_bytes import open_file_bytes
from pagetext.pdf.file_objects import NOT_HERE, FileDictionary, FileStream, file_objects
from pagetext.syntax.literals import Reference
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, new_pdf, simple_font, to_bytes

CONTENT = b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET"


def _font_pdf(**save_options: object) -> tuple[bytes, tuple[int, int], tuple[int, int]]:
    """A one-page file, its font's object number and generation, and its descriptor's."""
    pdf = new_pdf()
    font = simple_font(pdf, widths=[500 + code for code in range(95)])
    font.ToUnicode = pdf.make_stream(b"")
    add_page(pdf, CONTENT, fonts={"F1": font})
    data = to_bytes(pdf, **save_options)
    with pikepdf.open(io.BytesIO(data)) as reopened:
        font = reopened.pages[0].Resources.Font.F1
        return data, font.objgen, font.FontDescriptor.objgen


def _objects(data: bytes) -> tuple[pikepdf.Pdf, object]:
    pdf = pikepdf.open(io.BytesIO(data))
    return pdf, file_objects(pdf, open_file_bytes(data))


def test_a_dictionary_reads_as_pikepdf_reads_it() -> None:
    data, font_objgen, descriptor_objgen = _font_pdf()
    pdf, objects = _objects(data)
    assert objects is not None
    font = objects.dictionary(*font_objgen)  # type: ignore[attr-defined]
    assert isinstance(font, FileDictionary)
    assert font.objgen == font_objgen
    expected = pdf.get_object(font_objgen)
    assert font.keys() == set(expected.keys())
    # A null value is no entry (§7.3.7), as in pikepdf's keys().
    with_null = FileDictionary({"Name": None, "Type": "Font"}, objects, (0, 0))  # type: ignore[arg-type]
    assert with_null.keys() == {"/Type"} and "/Name" not in with_null and "/Type" in with_null
    assert font.get("/BaseFont") == "Helvetica" and font.get("/FirstChar") == 32
    assert font.get("/Widths") == [int(width) for width in expected.Widths]
    assert font.get("/Missing") is None and font.get("/Missing", 7) == 7
    # References resolve: a dictionary read here too, and a stream.
    descriptor = font.get("/FontDescriptor")
    assert isinstance(descriptor, FileDictionary) and descriptor.objgen == descriptor_objgen
    assert descriptor.get("/FontBBox") == [0, -200, 1000, 800]
    to_unicode = font.get("/ToUnicode")
    assert isinstance(to_unicode, FileStream) and to_unicode.objgen == expected.ToUnicode.objgen


def test_an_array_of_references_reads_as_the_objects() -> None:
    data, font_objgen, descriptor_objgen = _font_pdf()
    _pdf, objects = _objects(data)
    assert objects is not None
    resolved = objects.resolve([Reference(*descriptor_objgen), 3, [Reference(*font_objgen)]])  # type: ignore[attr-defined]
    assert isinstance(resolved[0], FileDictionary) and resolved[0].objgen == descriptor_objgen
    assert resolved[1] == 3 and resolved[2][0].objgen == font_objgen
    assert objects.resolve(Reference(9999, 0)) is None  # type: ignore[attr-defined]  # no such object: null


def test_files_whose_objects_are_not_plain_are_left_to_pikepdf() -> None:
    # Object streams and cross-reference streams (§7.5.7, §7.5.8).
    streams, _, _ = _font_pdf(object_stream_mode=pikepdf.ObjectStreamMode.generate)
    assert _objects(streams)[1] is None
    # Encrypted: strings would be ciphertext.
    encrypted, _, _ = _font_pdf(encryption=pikepdf.Encryption(owner="o", user="", R=4))
    with pikepdf.open(io.BytesIO(encrypted)) as pdf:
        assert file_objects(pdf, open_file_bytes(encrypted)) is None
    # A hybrid file's trailer names a cross-reference stream as well (§7.5.8.4).
    plain, _, _ = _font_pdf()
    hybrid = plain.replace(b"trailer <<", b"trailer << /XRefStm 9", 1)
    assert hybrid != plain
    assert _objects(hybrid)[1] is None
    # No file to read, and a file qpdf warned about (it may have rebuilt the table).
    with pikepdf.open(io.BytesIO(plain)) as pdf:
        assert file_objects(pdf, None) is None
    damaged = plain[: plain.rindex(b"startxref")] + b"startxref\n5\n%%EOF\n"
    with pikepdf.open(io.BytesIO(damaged)) as pdf:
        assert pdf.get_warnings()
        assert file_objects(pdf, open_file_bytes(damaged)) is None


def test_objects_not_written_as_expected_are_left_to_pikepdf() -> None:
    data, font_objgen, _descriptor_objgen = _font_pdf()
    pdf, objects = _objects(data)
    assert objects is not None
    number, generation = font_objgen
    assert objects.value(number, generation + 1) is NOT_HERE  # type: ignore[attr-defined]  # another generation
    assert objects.value(0, 65535) is NOT_HERE  # type: ignore[attr-defined]  # the free head of the list
    assert objects.value(10_000, 0) is NOT_HERE  # type: ignore[attr-defined]  # past the table
    stream_objgen = pdf.get_object(font_objgen).ToUnicode.objgen
    assert objects.value(*stream_objgen) is NOT_HERE  # type: ignore[attr-defined]  # streams are pikepdf's
    # An entry whose offset misses the object's header.
    moved = _with_offset(data, number, _offset(data, number) + 1)
    pdf, objects = _objects(moved)
    assert objects is not None
    assert objects.value(number, generation) is NOT_HERE  # type: ignore[attr-defined]


def test_whether_an_entry_is_a_stream_is_told_without_reading_it() -> None:
    data, font_objgen, _descriptor_objgen = _font_pdf()
    _pdf, objects = _objects(data)
    assert objects is not None
    font = objects.dictionary(*font_objgen)  # type: ignore[attr-defined]
    assert font.names_stream("/ToUnicode") is True  # `N G obj << ... >> stream` and an end of line
    assert font.names_stream("/FontDescriptor") is False  # an object read here
    assert font.names_stream("/Widths") is False and font.names_stream("/Missing") is False  # direct, none
    assert objects.names_stream(Reference(9999, 0)) is None  # type: ignore[attr-defined]  # no such object
    # Not told from the first piece, left to pikepdf: `stream` inside a string of the
    # stream's dictionary, and `stream` followed by a space, not an end of line (§7.3.8.1).
    pdf = new_pdf()
    font = simple_font(pdf)
    font.ToUnicode = pdf.make_stream(b"", S=pikepdf.String("a stream"))
    add_page(pdf, CONTENT, fonts={"F1": font})
    said = to_bytes(pdf)
    with pikepdf.open(io.BytesIO(said)) as reopened:
        stream_objgen = reopened.pages[0].Resources.Font.F1.ToUnicode.objgen
    _pdf, objects = _objects(said)
    assert objects is not None and objects.names_stream(Reference(*stream_objgen)) is None  # type: ignore[attr-defined]
    keyword = said.index(b">>\nstream\n", _offset(said, stream_objgen[0])) + len(b">>\n")
    bare = said[:keyword] + b"stream " + said[keyword + len(b"stream\n") :]
    _pdf, objects = _objects(bare)
    assert objects is not None and objects.names_stream(Reference(*stream_objgen)) is None  # type: ignore[attr-defined]


def _stream_pdf(data: bytes, **entries: object) -> tuple[bytes, tuple[int, int]]:
    """A one-page file whose font has a /ToUnicode stream of `data` as written (its `entries`
    added: a /Filter is kept, not decoded and compressed again), and the stream's object
    number and generation."""
    pdf = new_pdf()
    font = simple_font(pdf)
    font.ToUnicode = pdf.make_stream(data, **entries)
    add_page(pdf, CONTENT, fonts={"F1": font})
    saved = to_bytes(pdf, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    with pikepdf.open(io.BytesIO(saved)) as reopened:
        return saved, reopened.pages[0].Resources.Font.F1.ToUnicode.objgen


def test_a_stream_reads_as_pikepdf_reads_it() -> None:
    saved, objgen = _stream_pdf(b"0123456789" * 50, Filter=Name.ASCIIHexDecode)
    pdf, objects = _objects(saved)
    stream = objects.stream(*objgen)  # type: ignore[attr-defined]
    assert isinstance(stream, FileStream) and stream.objgen == objgen
    expected = pdf.get_object(objgen)
    assert stream.keys() == set(expected.keys())
    assert stream.get("/Filter") == "ASCIIHexDecode" and "/Length" in stream
    raw = expected.read_raw_bytes()
    assert stream.read_raw_bytes() == raw
    assert stream.read_bytes() == expected.read_bytes()  # a filter pagetext leaves to qpdf
    # /Length as an object of its own (§7.3.10), as writers that stream their output write it.
    data_start = saved.index(b"stream\n", _offset(saved, objgen[0])) + len(b"stream\n")
    length = len(raw)
    written = re.search(rb"/Length (\d+)", saved[_offset(saved, objgen[0]) : data_start])
    assert written is not None and int(written[1]) == length
    indirect = _with_length(saved, objgen[0], b"/Length 1 0 R", length)
    pdf, objects = _objects(indirect)
    assert not pdf.get_warnings()
    stream = objects.stream(*objgen)  # type: ignore[attr-defined]
    assert stream is not None and stream.read_raw_bytes() == raw


def test_streams_not_written_as_expected_are_left_to_pikepdf() -> None:
    saved, objgen = _stream_pdf(b"0123456789" * 50)
    length = 500
    _pdf, objects = _objects(saved)
    assert objects.stream(*objgen) is not None  # type: ignore[attr-defined]
    assert objects.stream(objgen[0], 1) is None  # type: ignore[attr-defined]  # another generation
    assert objects.stream(1, 0) is None  # type: ignore[attr-defined]  # the catalog: no stream
    # A /Length that misses `endstream` (qpdf looks for the keyword further on, and warns).
    for wrong in (b"/Length 499", b"/Length -1", b"/Length 1.5"):
        pdf, objects = _objects(_with_length(saved, objgen[0], wrong, length))
        assert objects is not None and objects.stream(*objgen) is None, wrong  # type: ignore[attr-defined]
        pdf.get_object(objgen).read_raw_bytes()
        assert pdf.get_warnings(), wrong
    # One that takes in the end of line before `endstream`: qpdf reads it so, without a warning.
    pdf, objects = _objects(_with_length(saved, objgen[0], b"/Length 501", length))
    stream = objects.stream(*objgen)  # type: ignore[attr-defined]
    assert stream is not None and stream.read_raw_bytes() == pdf.get_object(objgen).read_raw_bytes()
    assert not pdf.get_warnings() and stream.read_raw_bytes().endswith(b"9\n")
    # `stream` and a carriage return alone, which §7.3.8.1 does not allow.
    start = saved.index(b"stream\n", _offset(saved, objgen[0]))
    bare = saved[:start] + b"stream\r" + saved[start + len(b"stream\n") :]
    _pdf, objects = _objects(bare)
    assert objects is not None and objects.stream(*objgen) is None  # type: ignore[attr-defined]


def _with_length(data: bytes, number: int, entry: bytes, length: int) -> bytes:
    """`data` with object `number`'s `/Length n` written as `entry` instead, padded to the same
    size (every offset stays right); /Length 1 0 R asks for an integer object of its own."""
    if entry == b"/Length 1 0 R":
        return _with_length_object(data, number, length)
    old = b"/Length %d" % length
    found = data.index(old, _offset(data, number))
    assert len(entry) <= len(old)
    return data[:found] + entry.ljust(len(old)) + data[found + len(old) :]


def _with_length_object(data: bytes, number: int, length: int) -> bytes:
    """`data` with the stream's /Length an indirect reference to an integer object added by an
    incremental update (§7.5.6), the stream rewritten in that update too."""
    start = _offset(data, number)
    end = data.index(b"endobj", start) + len(b"endobj")
    size = int(re.search(rb"/Size (\d+)", data)[1])  # type: ignore[index]
    previous = int(data[data.rindex(b"startxref") + 9 :].split()[0])
    definition = data[start:end].replace(b"/Length %d" % length, b"/Length %d 0 R" % size, 1)
    update = b"\n" + definition + b"\n"
    stream_offset = len(data) + 1
    length_offset = len(data) + len(update)
    update += b"%d 0 obj %d endobj\n" % (size, length)
    xref_offset = len(data) + len(update)
    update += b"xref\n%d 1\n%010d 00000 n\r\n%d 1\n%010d 00000 n\r\n" % (
        number,
        stream_offset,
        size,
        length_offset,
    )
    update += b"trailer << /Size %d /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        size + 1,
        previous,
        xref_offset,
    )
    return data + update


def _offset(data: bytes, number: int) -> int:
    return data.index(b"\n%d 0 obj" % number) + 1


def _with_offset(data: bytes, number: int, offset: int) -> bytes:
    """`data` with the table's row for object `number` pointing at `offset`."""
    table = data.rindex(b"\nxref") + 1
    rows = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)")
    first = data.index(b"\n", data.index(b"\n", table) + 1) + 1  # after "xref" and "0 N"
    row = first + number * 20
    assert rows.match(data, row)
    return data[:row] + b"%010d" % offset + data[row + 10 :]


def test_the_newest_section_of_an_updated_file_wins() -> None:
    # An incremental update (§7.5.6) that writes the font again with other widths: qpdf reads
    # the new definition, and so must the file's own reading.
    data, (number, generation), _ = _font_pdf()
    old_xref = data.rindex(b"startxref")
    previous = int(data[old_xref + 9 :].split()[0])
    size = int(re.search(rb"/Size (\d+)", data)[1])  # type: ignore[index]
    original = data[_offset(data, number) : data.index(b"endobj", _offset(data, number))]
    rewritten = original.replace(b"/Widths [", b"/Widths [ 250 ", 1)
    assert rewritten != original
    update_offset = len(data)
    update = rewritten + b"endobj\n"
    xref_offset = update_offset + len(update)
    update += b"xref\n%d 1\n%010d %05d n\r\n" % (number, update_offset, generation)
    update += b"trailer << /Size %d /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        size,
        previous,
        xref_offset,
    )
    updated = data + update
    pdf, objects = _objects(updated)
    assert not pdf.get_warnings()
    assert objects is not None
    expected = [int(width) for width in pdf.get_object((number, generation)).Widths]
    assert expected[0] == 250
    font = objects.dictionary(number, generation)  # type: ignore[attr-defined]
    assert font is not None and font.get("/Widths") == expected
    with pagetext.open(updated) as document, pagetext.open(io.BytesIO(updated)) as through_pikepdf:
        assert [g.glyph_end for g in document[0].glyphs()] == [
            g.glyph_end for g in through_pikepdf[0].glyphs()
        ]


def test_a_font_dictionary_written_with_references_everywhere_reads_the_same() -> None:
    # /Widths, /Encoding and its /Differences as objects of their own.
    pdf = new_pdf()
    font = simple_font(pdf, widths=[600] * 95)
    font.Widths = pdf.make_indirect(Array([400 + code for code in range(95)]))
    font.Encoding = pdf.make_indirect(
        Dictionary(
            Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding, Differences=Array([72, Name.Eacute])
        )
    )
    add_page(pdf, CONTENT, fonts={"F1": font})
    data = to_bytes(pdf)
    with pagetext.open(data) as from_file, pagetext.open(io.BytesIO(data)) as from_pikepdf:
        assert from_file[0].text() == from_pikepdf[0].text() == "Éello"
        assert [g.glyph_end for g in from_file[0].glyphs()] == [g.glyph_end for g in from_pikepdf[0].glyphs()]
        assert from_file._context.fonts._objects is not None  # read from the file indeed
        assert from_pikepdf._context.fonts._objects is None


@pytest.mark.parametrize("own_object", ["/Font", "/Resources", "the page"])
def test_a_font_resource_dictionary_is_read_without_parsing_the_fonts_unused(own_object: str) -> None:
    # qpdf writes a dictionary out without its null entries (§7.3.7), testing every value:
    # unparsed through it, a /Font dictionary has each font it names parsed, used or not.
    # The /Font dictionary is read from the object it is written in: its own, its /Resources
    # dictionary's, or the page dictionary's.
    pdf = new_pdf()
    unused = simple_font(pdf)
    unused.BaseFont = Name("/Unusedfont")
    add_page(pdf, CONTENT, fonts={"F1": simple_font(pdf), "F2": unused})
    resources = pdf.pages[0].obj.Resources
    if own_object == "/Font":
        resources.Font = pdf.make_indirect(resources.Font)
    elif own_object == "/Resources":
        pdf.pages[0].obj.Resources = pdf.make_indirect(resources)
    data = to_bytes(pdf)
    # The unused font made unreadable, its length kept: a string that never ends.
    damaged = data.replace(b"/Unusedfont", b"(Unusedfont")
    assert damaged != data and len(damaged) == len(data)
    with pagetext.open(damaged) as document:
        assert document[0].text() == "Hello"
        assert document._context.fonts._objects is not None  # plain tables: read from the file
        assert document._context.pdf.get_warnings() == []  # the unused font never parsed


def test_a_page_reads_its_own_resources_not_those_it_could_inherit() -> None:
    # §7.7.3.4: an inheritable entry of the page itself comes before its ancestors'. Both
    # dictionaries name a font F1; the page's is 1000 units wide, the parent's 500.
    pdf = new_pdf()
    add_page(pdf, CONTENT, fonts={"F1": simple_font(pdf, widths=[1000] * 95)})
    pdf.Root.Pages.Resources = Dictionary(Font=Dictionary(F1=simple_font(pdf)))
    data = to_bytes(pdf)
    with pagetext.open(data) as document:
        assert [g.glyph_end[0] for g in document[0].glyphs()] == pytest.approx([84, 96, 108, 120, 132])
        assert document._context.fonts._objects is not None  # plain tables: read from the file


def test_inherited_resources_are_read_through_pikepdf() -> None:
    # The page has no /Resources of its own: its parent's are read, and the page dictionary's
    # bytes have none to give.
    pdf = new_pdf()
    add_page(pdf, CONTENT, fonts={"F1": simple_font(pdf, widths=[1000] * 95)})
    pdf.Root.Pages.Resources = pdf.pages[0].obj.Resources
    del pdf.pages[0].obj.Resources
    data = to_bytes(pdf)
    with pagetext.open(data) as document:
        assert document[0].text() == "Hello"
        assert [g.glyph_end[0] for g in document[0].glyphs()] == pytest.approx([84, 96, 108, 120, 132])


@needs_corpus
@pytest.mark.parametrize("path", sorted((CORPUS / "real").glob("*.pdf")), ids=lambda path: path.stem)
def test_real_files_read_the_same_glyphs_through_the_file_and_through_pikepdf(path: Path) -> None:
    # The same file opened by path (its fonts read from its bytes where they can be) and as a
    # file object (every font through pikepdf: there are no bytes to read).
    try:
        from_file = pagetext.open(path)
    except pagetext.PdfError:
        pytest.skip("encrypted or unreadable")
    with from_file, path.open("rb") as stream, pagetext.open(stream) as from_pikepdf:
        for page, twin in zip(from_file, from_pikepdf, strict=True):
            assert [(g.text, g.glyph_end, g.font_name) for g in page.glyphs()] == [
                (g.text, g.glyph_end, g.font_name) for g in twin.glyphs()
            ]


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors through /proc")
def test_the_file_is_closed_with_the_document_and_on_a_failed_open(tmp_path: Path) -> None:
    data, _, _ = _font_pdf()
    path = tmp_path / "font.pdf"
    path.write_bytes(data)
    before = _open_descriptors()
    document = pagetext.open(path)
    assert document[0].text() == "Hello"
    assert document._file is not None and document._file.file is not None
    document.close()
    assert document._file.file is None
    assert _open_descriptors() == before
    pdf = new_pdf()
    add_page(pdf, CONTENT)
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(to_bytes(pdf, encryption=pikepdf.Encryption(owner="o", user="u", R=6)))
    with pytest.raises(pagetext.PasswordError):
        pagetext.open(locked, password="wrong")
    assert _open_descriptors() == before
