"""Damaged files qpdf cannot open: pages rebuilt from the page tree or from a scan of the bytes."""

from __future__ import annotations

import contextlib
import io
import re
import time
import warnings

import pikepdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.pdf import brotli_filter
from pagetext.pdf.recovery import scan
from tests.corpus import CORPUS, NO_CORPUS
from tests.pdfbuild import add_page, new_pdf, simple_font, to_bytes

SCANNED = "its objects were reconstructed from a scan of the bytes"
REBUILT_TREE = "its pages were gathered into a new one"


def _two_pages() -> bytes:
    """Two pages, "Hello" and "World", saved without compression or object streams."""
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Hello) Tj ET")
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (World) Tj ET")
    return to_bytes(pdf, compress_streams=False, object_stream_mode=pikepdf.ObjectStreamMode.disable)


def _without_xref(data: bytes) -> bytes:
    """The file cut before its cross-reference table: no xref, no trailer, no startxref."""
    return data[: data.rindex(b"\nxref")] + b"\n"


def _lost_catalog(data: bytes) -> bytes:
    """The file with its catalog gone (no /Root, no /Type /Catalog): qpdf gives up on it."""
    return data.replace(b"/Root", b"/Rxxx").replace(b"/Catalog", b"/Xxxxxxx")


def _read(data: bytes, password: str | None = None) -> tuple[list[str], list[str], list[list[str]]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(data, password=password) as doc:
            pages = list(doc)
            return [page.text() for page in pages], doc.warnings, [page.warnings for page in pages]


def _assert_scanned(data: bytes, texts: list[str]) -> None:
    got, doc_warnings, page_warnings = _read(data)
    assert got == texts
    assert any(SCANNED in w for w in doc_warnings)
    assert all(any(SCANNED in w for w in warns) for warns in page_warnings)


def test_a_good_file_is_not_touched() -> None:
    got, doc_warnings, page_warnings = _read(_two_pages())
    assert got == ["Hello", "World"]
    assert doc_warnings == [] and page_warnings == [[], []]


def test_no_xref_and_no_trailer() -> None:
    data = _without_xref(_two_pages())
    assert _read(data)[0] == ["Hello", "World"]  # qpdf repairs this one itself
    _assert_scanned(_lost_catalog(data), ["Hello", "World"])  # pages found by their /Type


def test_startxref_pointing_nowhere_still_reads() -> None:
    data = re.sub(rb"startxref\s+\d+", b"startxref\n999999", _two_pages())
    assert _read(data)[0] == ["Hello", "World"]  # qpdf repairs this one itself
    _assert_scanned(_lost_catalog(data), ["Hello", "World"])


def test_no_root_in_the_trailer() -> None:
    data = _two_pages().replace(b"/Root", b"/Rxxx")
    _assert_scanned(data, ["Hello", "World"])  # the catalog is found by its /Type


def test_object_missing_its_endobj() -> None:
    data = _two_pages()
    page_stream = data.index(b"(Hello) Tj")
    endobj = data.index(b"endobj", page_stream)
    _assert_scanned(_lost_catalog(_without_xref(data[:endobj] + data[endobj + 6 :])), ["Hello", "World"])
    # A dictionary missing its endobj, just before the cross-reference table.
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Last) Tj ET")
    data = to_bytes(pdf, compress_streams=False, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    last = data.rindex(b"endobj")
    _assert_scanned(_lost_catalog(data[:last] + data[last + 6 :]), ["Last"])


def test_stream_with_a_wrong_length() -> None:
    data = _lost_catalog(_two_pages())
    wrong = re.sub(rb"/Length (\d+)", b"/Length 3", data, count=1)
    _assert_scanned(wrong, ["Hello", "World"])
    too_long = re.sub(rb"/Length (\d+)", b"/Length 99999", data, count=1)
    _assert_scanned(too_long, ["Hello", "World"])
    indirect = re.sub(rb"/Length (\d+)", b"/Length 999 0 R", data, count=1)
    _assert_scanned(indirect, ["Hello", "World"])


def _tree_last() -> bytes:
    """Two pages written as pdfTeX does: content and page objects first, page tree and catalog last."""
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    hello, world = b"BT /F1 24 Tf 72 700 Td (Hello) Tj ET", b"BT /F1 24 Tf 72 700 Td (World) Tj ET"
    page = b"<< /Type /Page /Parent 6 0 R /Contents %d 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
    bodies = [
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(hello), hello), page % 1,
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(world), world), page % 3, font,
        b"<< /Type /Pages /Kids [2 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792] >>",
        b"<< /Type /Catalog /Pages 6 0 R >>",
    ]  # fmt: skip
    return b"%PDF-1.4\n" + b"".join(b"%d 0 obj\n%s\nendobj\n" % (n, body) for n, body in enumerate(bodies, 1))


def test_truncated_mid_file() -> None:
    data = _tree_last()
    assert _read(data)[0] == ["Hello", "World"]  # no xref: qpdf repairs it itself
    # Cut before the page tree and the catalog: the pages are found by their /Type.
    _assert_scanned(data[: data.index(b"6 0 obj")], ["Hello", "World"])
    _assert_scanned(data[: data.index(b"4 0 obj")], ["Hello"])  # the second page object is lost


def test_page_tree_loop_keeps_order_and_inherits_attributes() -> None:
    pdf = new_pdf()
    font = simple_font(pdf)
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (One) Tj ET", fonts={"F1": font})
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Two) Tj ET", fonts={"F1": font})
    pages = pdf.Root.Pages
    for page in pages.Kids:
        del page["/MediaBox"]  # the box is inherited from the root
    pages.MediaBox = Array([0, 0, 600, 750])
    pages.Kids.append(pages)  # a /Kids entry that points at its own node
    pages.Kids.append(pages.Kids[0])  # and a page listed twice
    data = to_bytes(pdf)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(data) as doc:
            assert [page.text() for page in doc] == ["One", "Two"]
            assert doc[0].media_box == pagetext.Box(0, 0, 600, 750)
            assert any(REBUILT_TREE in w for w in doc.warnings)
            assert any(REBUILT_TREE in w for w in doc[1].warnings)


def test_document_built_on_a_pdf_whose_pages_cannot_be_listed() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Loop) Tj ET")
    pdf.Root.Pages.Kids.append(pdf.Root.Pages)
    opened = pikepdf.open(io.BytesIO(to_bytes(pdf)), inherit_page_attributes=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.Document(opened) as doc:
            assert doc.text() == "Loop"
            assert any(REBUILT_TREE in w for w in doc.warnings)


def test_page_tree_too_deep() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Deep) Tj ET")
    page = pdf.Root.Pages.Kids[0]
    node = pdf.Root.Pages
    for _ in range(300):
        child = pdf.make_indirect(Dictionary(Type=Name.Pages, Kids=Array([page]), Count=1, Parent=node))
        node.Kids = Array([child])
        page.Parent = child
        node = child
    assert _read(to_bytes(pdf))[0] == ["Deep"]


def test_content_stream_without_any_page_object() -> None:
    data = (
        b"%PDF-1.4\n1 0 obj\n<< /Length 44 >>\nstream\n"
        b"BT /F1 24 Tf 72 700 Td (Orphan) Tj ET\n\nendstream\nendobj\n"
        b"2 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n%%EOF\n"
    )
    got, doc_warnings, _ = _read(data)
    assert got == ["Orphan"]
    assert any(SCANNED in w for w in doc_warnings)


def test_garbage_is_not_a_pdf() -> None:
    with pytest.raises(pagetext.DamagedPdfError, match="is not a PDF"):
        pagetext.open(b"this is not a PDF at all, only words" * 10)
    with pytest.raises(pagetext.DamagedPdfError, match="is not a PDF"):
        pagetext.open(b"")


def test_objects_but_no_text_stays_damaged() -> None:
    data = b"%PDF-1.4\n1 0 obj\n<< /Type /Page /MediaBox [0 0 10 10] >>\nendobj\n"
    with pytest.raises(pagetext.DamagedPdfError, match="none with text"):
        pagetext.open(data)


def _encrypted() -> bytes:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Secret) Tj ET")
    encryption = pikepdf.Encryption(owner="owner", user="user", R=4, aes=True)
    return to_bytes(pdf, encryption=encryption, object_stream_mode=pikepdf.ObjectStreamMode.disable)


def test_encrypted_file_with_a_wrong_password_is_a_password_error() -> None:
    with pytest.raises(pagetext.PasswordError):
        pagetext.open(_encrypted(), password="wrong")
    with pytest.raises(pagetext.PasswordError):
        pagetext.open(_encrypted())


def test_damaged_encrypted_file_is_decrypted_with_its_password() -> None:
    data = _encrypted().replace(b"/Root", b"/Rxxx")
    got, doc_warnings, _ = _read(data, password="user")
    assert got == ["Secret"]
    assert any(SCANNED in w for w in doc_warnings)
    with pytest.raises(pagetext.PasswordError):
        pagetext.open(data, password="wrong")


def test_object_streams_are_unpacked() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Packed) Tj ET")
    data = to_bytes(pdf, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    assert b"/ObjStm" in data
    # Break the cross-reference stream so that qpdf cannot find the objects itself.
    broken = data.replace(b"/XRef", b"/Xxxx").replace(b"startxref", b"startxxxx")
    _assert_scanned(broken, ["Packed"])


def test_damaged_encrypted_file_with_object_streams() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 24 Tf 72 700 Td (Hidden) Tj ET")
    encryption = pikepdf.Encryption(owner="owner", user="user", R=4, aes=True)
    data = to_bytes(pdf, encryption=encryption, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    broken = data.replace(b"/Root", b"/Rxxx").replace(b"startxref", b"startxxxx")
    got, doc_warnings, _ = _read(broken, password="user")
    assert got == ["Hidden"]
    assert any(SCANNED in w for w in doc_warnings)


def test_later_definitions_win() -> None:
    data = _lost_catalog(_without_xref(_two_pages()))
    update = re.search(rb"\n(\d+) 0 obj\n<<\s*/Length \d+\s*>>\nstream\nBT[^(]*\(Hello\)", data)
    assert update is not None
    content = b"BT /F1 24 Tf 72 700 Td (Again) Tj ET"
    data += b"%s 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (
        update[1],
        len(content),
        content,
    )
    _assert_scanned(data, ["Again", "World"])


# The time limits below guard against a hang or a quadratic scan (seconds where a linear
# one takes a fraction of one); they are no speed targets.
HANG: float = 60.0


def test_scan_is_linear_on_hostile_input() -> None:
    hostile = b"%PDF-1.4\n" + b"1 " * 300_000 + b"9" * 1_000_000 + b" 0 obj" + b"\t" * 500_000 + b"stream"
    start = time.monotonic()
    scan(hostile * 2)
    assert time.monotonic() - start < HANG
    many = b"%PDF-1.4\n" + b"".join(b"%d 0 obj\n<< /A %d " % (n, n) for n in range(1, 50_000))
    start = time.monotonic()
    assert len(scan(many).objects) == 49_999
    assert time.monotonic() - start < HANG


# "BT /F1 24 Tf 72 700 Td (Brotli) Tj ET", Brotli-compressed (quality 11).
BROTLI_CONTENT = bytes.fromhex(
    "0b12804254202f463120323420546620373220373030205464202842726f746c692920546a20455403"
)


def test_brotli_streams_are_decoded_with_a_cap() -> None:
    assert brotli_filter.decompress(BROTLI_CONTENT, 1000) == b"BT /F1 24 Tf 72 700 Td (Brotli) Tj ET"
    assert brotli_filter.decompress(BROTLI_CONTENT, 5) == b"BT /F"
    assert brotli_filter.decompress(b"not brotli at all", 1000) in (None, b"")
    pdf = new_pdf()
    add_page(pdf, b"")
    pdf.pages[0].obj.Contents = pdf.make_stream(BROTLI_CONTENT, Filter=Name.BrotliDecode)
    assert _read(to_bytes(pdf))[0] == ["Brotli"]


ROBUSTNESS = CORPUS / "robustness"
# What the damaged robustness files give (pdf.js and MuPDF recover the same text, or none).
RECOVERED_TEXT = {
    "qpdf__pages-loop": "Potato",
    "pdfjs__Pages-tree-refs": "Testcase: ’Pages loop’",
    "pdfjs__issue9105_other": "Adobe tweet",
}
# Files whose objects are all Brotli-compressed (MuPDF reads them, qpdf cannot): snippets.
BROTLI_TEXT = {
    "pdfjs__Brotli-Prototype-FileA": ["SHEET INDEX", "A0.0 COVER PAGE", "SYMBOLS LEGEND", "CONCRETE"],
}
NOTHING_TO_READ = [
    "ocrmypdf__invalid", "pdfjs__PDFBOX-4352-0", "pdfjs__REDHAT-1531897-0",
    "pdfjs__bug1020226", "pdfjs__poppler-395-0-fuzzed", "pdfjs__poppler-742-0-fuzzed",
    "pdfjs__poppler-85140-0", "pdfjs__poppler-937-0-fuzzed", "pdfplumber__empty", "qpdf__bad1",
    "qpdf__deep-pages", "qpdf__issue-100", "qpdf__issue-101", "qpdf__issue-141b", "qpdf__issue-143",
    "qpdf__issue-147", "qpdf__issue-335a", "qpdf__issue-99",
]  # fmt: skip


@pytest.mark.skipif(not ROBUSTNESS.is_dir(), reason=NO_CORPUS)
@pytest.mark.parametrize("name", sorted(RECOVERED_TEXT))
def test_damaged_corpus_files_give_their_text(name: str) -> None:
    got, doc_warnings, page_warnings = _read((ROBUSTNESS / f"{name}.pdf").read_bytes())
    assert "\f".join(got) == RECOVERED_TEXT[name]
    assert doc_warnings and all(warns for warns in page_warnings)


@pytest.mark.skipif(not ROBUSTNESS.is_dir(), reason=NO_CORPUS)
@pytest.mark.parametrize("name", NOTHING_TO_READ)
def test_damaged_corpus_files_without_text_are_damaged_pdf_errors(name: str) -> None:
    start = time.monotonic()
    with pytest.raises(pagetext.DamagedPdfError, match="damaged"):
        _read((ROBUSTNESS / f"{name}.pdf").read_bytes())
    assert time.monotonic() - start < HANG


@pytest.mark.skipif(not ROBUSTNESS.is_dir(), reason=NO_CORPUS)
@pytest.mark.parametrize("name", sorted(BROTLI_TEXT))
def test_brotli_corpus_file(name: str) -> None:
    data = (ROBUSTNESS / f"{name}.pdf").read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(data) as doc:
            assert len(doc) == 25
            assert any(SCANNED in w for w in doc.warnings)
            text = " ".join(doc[0].text(order="content").split())
    for snippet in BROTLI_TEXT[name]:
        assert snippet in text


DAMAGED = _lost_catalog(_without_xref(_two_pages()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.integers(0, len(DAMAGED) - 1), st.integers(0, 255)), max_size=8),
    st.integers(10, len(DAMAGED)),
)
def test_recovery_survives_byte_flips_and_cuts(flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(DAMAGED)
    for position, value in flips:
        data[position] = value
    with contextlib.suppress(pagetext.PdfError):  # a clean error is fine; anything else is not
        _read(bytes(data[:cut]))
