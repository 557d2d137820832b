"""Whether a file can hold a name (pagetext.pdf.spelling), and the structure-element /ActualText
reading it spares (page_content: a file with none reads no element for one)."""

from __future__ import annotations

import io
import mmap
import random
from pathlib import Path
from typing import Any

import pikepdf
import pytest

import pagetext
from pagetext import page_content
from pagetext.pdf.file_bytes import MAX_READ_WHOLE, open_file_bytes
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.pdf.spelling import (
    _native_candidates,
    _python_candidates,
    _spelled,
    object_stream_numbers,
)
from pagetext.pdf.spelling import may_hold_name as may_hold
from tests.corpus import needs_corpus, real_pdfs
from tests.pdfbuild import add_page, new_pdf, to_bytes
from tests.structure.tagged import build, element

CONTENT = (
    b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (H) Tj ET BT /F1 10 Tf 82 700 Td (i) Tj EMC ET "
    b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 680 Td (x) Tj EMC ET"
)


def _tagged(actual_text: bool, **save_options: object) -> bytes:
    pdf = new_pdf()
    page = add_page(pdf, CONTENT)
    extra = {"ActualText": "Hello"} if actual_text else {}
    build(pdf, page, [element("Document", element("P", 0, **extra), element("P", 1))])
    return to_bytes(pdf, **save_options)


@pytest.mark.parametrize("streams", [pikepdf.ObjectStreamMode.disable, pikepdf.ObjectStreamMode.generate])
@pytest.mark.parametrize("as_path", [False, True])
def test_element_actual_text_is_found_as_written_or_in_object_streams(
    tmp_path: Path, streams: pikepdf.ObjectStreamMode, as_path: bool
) -> None:
    # In an object stream the element is compressed: the stream's decoded data are searched.
    data = _tagged(True, object_stream_mode=streams, compress_streams=True)
    path = tmp_path / "tagged.pdf"
    path.write_bytes(data)
    source: Path | bytes = path if as_path else data
    with pikepdf.open(path) as pdf:
        assert may_hold_name(pdf, str(path) if as_path else data, "ActualText")
    with pagetext.open(source) as document:
        assert document[0].text() == "Hello\nx"


@pytest.mark.parametrize("streams", [pikepdf.ObjectStreamMode.disable, pikepdf.ObjectStreamMode.generate])
def test_a_file_without_actual_text_reads_the_same_without_reading_elements(
    tmp_path: Path, streams: pikepdf.ObjectStreamMode
) -> None:
    data = _tagged(False, object_stream_mode=streams)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert not may_hold_name(pdf, data, "ActualText")
        assert may_hold_name(pdf, None, "ActualText")  # no file to search: it may
    with pagetext.open(data) as document:
        assert document[0].text() == "H i\nx"
        # Nor the tree: its root alone can cost the parsing of a whole object stream.
        assert not document._context._struct_tree_read
        assert document[0].text(order="structure") == "H i\nx"
        assert document._context._struct_tree_read


class _CatalogReads:
    """A document's pikepdf.Pdf that counts the reads of its catalog (Pdf.Root)."""

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self._pdf = pdf
        self.catalog_reads = 0

    @property
    def Root(self) -> pikepdf.Object:
        self.catalog_reads += 1
        return self._pdf.Root

    def __getattr__(self, name: str) -> object:
        return getattr(self._pdf, name)


class _WholeReads:
    """A document's FileBytes that counts the reads of the whole file (the search for a name)."""

    def __init__(self, file: Any) -> None:
        self._file = file
        self.whole_reads = 0

    def whole(self) -> Any:
        self.whole_reads += 1
        return self._file.whole()


@pytest.mark.parametrize("actual_text", [False, True])
def test_a_file_of_object_streams_is_searched_before_its_catalog_is_asked_for_a_tree(
    actual_text: bool,
) -> None:
    # qpdf tells a key whose value is null from a missing one, so `"/StructTreeRoot" in Root`
    # parses the tree's root and the object stream it sits in: asked only after the search.
    data = _tagged(actual_text, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    with pagetext.open(data) as document:
        spy = _CatalogReads(document._context.pdf)
        document._context._handle = PdfHandle(spy)  # type: ignore[arg-type]
        assert document[0].text() == ("Hello\nx" if actual_text else "H i\nx")
        assert (spy.catalog_reads > 0) == actual_text


@pytest.mark.skipif(
    not page_content.__file__.endswith(".py"), reason="compiled, DocumentContext.file takes no stand-in"
)
@pytest.mark.parametrize("tagged", [False, True])
def test_a_file_of_plain_tables_is_searched_only_when_its_catalog_names_a_tree(tagged: bool) -> None:
    # There the tree's root is one object, read at its offset: the lookup spares an untagged
    # file the search of all its bytes.
    if tagged:
        data = _tagged(False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    else:
        pdf = new_pdf()
        add_page(pdf, CONTENT)
        data = to_bytes(pdf, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    with pagetext.open(data) as document:
        spy = _WholeReads(document._context.file)
        document._context.file = spy
        assert document[0].text() == "H i\nx"
        assert spy.whole_reads == (1 if tagged else 0)


@needs_corpus
def test_real_files_ask_for_element_text_as_when_the_catalog_was_asked_first() -> None:
    # The order of the two questions changes what qpdf parses, never the answer: a tree whose
    # elements may carry /ActualText, on every real/ file (tagged or not, plain or streamed).
    tagged = 0
    for pdf in real_pdfs():
        with pagetext.open(pdf.filename) as document:
            asked = document._context._may_hold_element_text()
        catalog = "/StructTreeRoot" in pdf.Root
        tagged += catalog
        assert asked == (catalog and may_hold_name(pdf, pdf.filename, "ActualText")), pdf.filename
    assert tagged > 40


@pytest.mark.parametrize(
    "spelling",
    [
        b"/Actual#54ext",
        b"/#41ctualText",
        b"/#41#63#74#75#61#6c#54#65#78#74",
        b"/#41#63#74#75#61#6C#54#65#78#74",
    ],
)
def test_names_written_with_escapes_are_found(spelling: bytes) -> None:
    # §7.3.5: /Actual#54ext is /ActualText. Written out uncompressed, the escape is in the file.
    data = _tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    assert data.count(b"/ActualText") == 1
    escaped = data.replace(b"/ActualText", spelling)
    with pikepdf.open(io.BytesIO(escaped)) as pdf:
        assert may_hold_name(pdf, escaped, "ActualText")
    with pagetext.open(escaped) as document:
        assert document[0].text() == "Hello\nx"


def test_near_spellings_are_not_the_name() -> None:
    data = _tagged(False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    # A name's escapes read from its left (§7.3.5): /X#4Actual#54ext is /XJctualText.
    for near in (b"/ActualTex ", b"/Actual#55ext", b"/ActualTexT", b"/X#4Actual#54ext"):
        changed = data.replace(b"/Type /Catalog", b"/Type /Catalog " + near + b" 1", 1)
        assert changed != data
        with pikepdf.open(io.BytesIO(changed)) as pdf:
            assert not may_hold_name(pdf, changed, "ActualText"), near


@needs_corpus
def test_real_files_said_to_hold_no_actual_text_have_no_object_with_one() -> None:
    # Every real/ file: where the search says no /ActualText can be there, no object of the
    # file (written out or in an object stream) has that key.
    without = 0
    for pdf in real_pdfs():
        if may_hold_name(pdf, pdf.filename, "ActualText"):
            continue
        without += 1
        for obj in pdf.objects:
            if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                assert "/ActualText" not in obj, (pdf.filename, obj.objgen)
    assert without > 150


def _qpdf_object_streams(pdf: pikepdf.Pdf) -> set[int]:
    entries = pdf.get_xref_table().values()
    return {number for entry in entries if (number := entry.obj_stream_number) is not None}


def test_object_streams_are_listed_from_the_cross_reference_streams() -> None:
    data = _tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        listed = object_stream_numbers(pdf, data)
        assert listed == _qpdf_object_streams(pdf)
        assert listed  # the elements are compressed


def test_a_file_without_a_cross_reference_stream_has_no_object_stream() -> None:
    data = _tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    assert b"XRef" not in data
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert object_stream_numbers(pdf, data) == set() == _qpdf_object_streams(pdf)


def test_object_streams_of_every_section_of_an_updated_file_are_listed() -> None:
    # An incremental update (§7.5.6) in a second cross-reference stream, its /Prev the first:
    # the objects of both sections' object streams are read.
    first = _tagged(False, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    with pikepdf.open(io.BytesIO(first)) as pdf:
        pdf.Root.Lang = pikepdf.String("en")
        updated = io.BytesIO()
        pdf.save(updated, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    data = updated.getvalue()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert object_stream_numbers(pdf, data) == _qpdf_object_streams(pdf)


def _classic_update(data: bytes) -> bytes:
    """`data` updated incrementally (§7.5.6) by a cross-reference table whose /Prev is the
    file's cross-reference stream: one object added."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        size = int(pdf.trailer.Size)
        root = pdf.Root.objgen
    previous = int(data[data.rindex(b"startxref") + 9 :].split()[0])
    added = b"\n%d 0 obj\n(added)\nendobj\n" % size
    table = len(data) + len(added)
    return (
        data
        + added
        + (
            b"xref\n%d 1\n%010d 00000 n \ntrailer\n<< /Size %d /Root %d %d R /Prev %d >>\n"
            b"startxref\n%d\n%%%%EOF\n"
        )
        % (size, len(data) + 1, size + 1, root[0], root[1], previous, table)
    )


def test_object_streams_below_a_cross_reference_table_are_listed_through_its_prev() -> None:
    data = _classic_update(_tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.generate))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert not pdf.get_warnings()  # a file qpdf reads as it is
        assert _qpdf_object_streams(pdf)
        assert object_stream_numbers(pdf, data) == _qpdf_object_streams(pdf)
        assert may_hold_name(pdf, data, "ActualText")


def _hybrid(data: bytes, trailer_extra: bytes = b"") -> bytes:
    """`data` (a file of one cross-reference stream) as a hybrid-reference file (§7.5.8.4): a
    cross-reference table of no objects, its trailer's /XRefStm the file's stream, which
    lists them all (as Word writes them, the table lists the objects written out)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        size = int(pdf.trailer.Size)
        root = pdf.Root.objgen
    stream = int(data[data.rindex(b"startxref") + 9 :].split()[0])
    body = data[: data.rindex(b"startxref")]
    return body + (
        b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %d /Root %d %d R /XRefStm %d %s>>\n"
        b"startxref\n%d\n%%%%EOF\n"
    ) % (size, root[0], root[1], stream, trailer_extra, len(body))


def test_object_streams_of_a_hybrid_reference_file_are_listed_from_its_xrefstm() -> None:
    data = _hybrid(_tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.generate))
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert not pdf.get_warnings()
        assert _qpdf_object_streams(pdf)
        assert object_stream_numbers(pdf, data) == _qpdf_object_streams(pdf)
        assert may_hold_name(pdf, data, "ActualText")  # found in an object stream
    without = _hybrid(_tagged(False, object_stream_mode=pikepdf.ObjectStreamMode.generate))
    with pikepdf.open(io.BytesIO(without)) as pdf:
        assert not may_hold_name(pdf, without, "ActualText")


@pytest.mark.parametrize("extra", ["twice", b"/Prev 0 ", b"/Lang (#41) "])
def test_a_trailer_not_read_plainly_is_left_to_qpdf(extra: bytes | str) -> None:
    # /XRefStm written twice, a /Prev to no section, a # that may escape a name: qpdf's table.
    data = _tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    if extra == "twice":
        extra = b"/XRefStm %d " % int(data[data.rindex(b"startxref") + 9 :].split()[0])
    assert isinstance(extra, bytes)
    data = _hybrid(data, extra)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert object_stream_numbers(pdf, data) is None
        assert may_hold_name(pdf, data, "ActualText")


def test_a_file_qpdf_warned_about_is_left_to_qpdf() -> None:
    data = _tagged(True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    damaged = data.replace(b"startxref", b"startxrf ")  # qpdf rebuilds the cross-reference
    with pikepdf.open(io.BytesIO(damaged)) as pdf:
        assert pdf.get_warnings()
        assert object_stream_numbers(pdf, damaged) is None


@needs_corpus
def test_real_files_list_every_object_stream_qpdf_reads() -> None:
    # Never fewer than qpdf's own table: a stream missed would hide its objects from the search.
    listed = 0
    for pdf in real_pdfs():
        with open(pdf.filename, "rb") as handle:
            data = handle.read()
        numbers = object_stream_numbers(pdf, data)
        if numbers is not None:
            listed += 1
            assert numbers >= _qpdf_object_streams(pdf), pdf.filename
    assert listed > 200


@pytest.mark.parametrize("actual_text", [False, True])
def test_a_file_too_large_to_read_whole_is_searched_mapped(tmp_path: Path, actual_text: bool) -> None:
    pdf = pikepdf.open(io.BytesIO(_tagged(actual_text, object_stream_mode=pikepdf.ObjectStreamMode.disable)))
    pdf.Root.Padding = pdf.make_stream(b"\0" * MAX_READ_WHOLE)
    path = tmp_path / "large.pdf"
    pdf.save(path, compress_streams=False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    assert path.stat().st_size > MAX_READ_WHOLE
    with pikepdf.open(path) as opened:
        assert may_hold_name(opened, str(path), "ActualText") == actual_text


def _scan_cases() -> list[bytes]:
    """Bytes where the C scan's edge cases lie: names and escapes at either end, cut short,
    across its 16-byte steps, among many # and hex digits; and random bytes drawn from those."""
    cases = [b"", b"#", b"#4", b"#41", b"ActualText", b"ActualTex", b"xActualText", b"#5g", b"#g5", b"##41"]
    for offset in range(40):
        for piece in (b"ActualText", b"Actual#54ext", b"#6C", b"#6c", b"#7A", b"#4", b"ActualTex"):
            cases.append(b"." * offset + piece)
            cases.append(b"#" * offset + piece + b"#" * (offset % 3))
    draw = random.Random(7)
    alphabet = b"#0123456789abcdefABCDEFActualText \x00\xff"
    for _ in range(3000):
        cases.append(bytes(draw.choice(alphabet) for _ in range(draw.randrange(120))))
    return cases


def test_the_c_scan_finds_what_the_python_search_finds(tmp_path: Path) -> None:
    # The compiled build's scan (_native_spelling.c) against its plain-Python reference: the
    # same positions, in bytes and in a file mapped into memory, for both names searched.
    pytest.importorskip("pagetext.pdf._native_spelling")
    for name in ("ActualText", "XRef"):
        spelled = _spelled(name)
        for data in _scan_cases():
            assert list(_native_candidates(data, spelled)) == list(_python_candidates(data, spelled)), data
    path = tmp_path / "mapped"
    path.write_bytes(b"\x00#41" * 5000 + b"/Actual#54ext")
    with open(path, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        found = list(_native_candidates(mapped, _spelled("ActualText")))
        assert found == list(_python_candidates(mapped, _spelled("ActualText")))
        assert len(found) == 5001  # each #41 (A), and the #54 (T)


@needs_corpus
def test_the_c_scan_finds_what_the_python_search_finds_in_real_files() -> None:
    pytest.importorskip("pagetext.pdf._native_spelling")
    spelled = _spelled("ActualText")
    for pdf in real_pdfs():
        with open(pdf.filename, "rb") as handle:
            data = handle.read()
        found = list(_native_candidates(data, spelled))
        assert found == list(_python_candidates(data, spelled)), pdf.filename


def may_hold_name(pdf: pikepdf.Pdf, source: str | bytes | None, name: str) -> bool:
    """may_hold_name on the file at path `source` (or of bytes `source`), opened as open_pdf
    opens it; None: no file."""
    file = open_file_bytes(source) if source is not None else None
    try:
        return may_hold(pdf, file, name)
    finally:
        if file is not None:
            file.close()
