"""Pages read from the file's own bytes, qpdf opened only when something else is asked for
(pagetext.pdf.file_pages): the same readings as through qpdf, and qpdf's path wherever the
file or a page is not as read there."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, form, new_pdf, simple_font, to_bytes

HELLO = b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET"


def _saved(pdf: pikepdf.Pdf, tmp_path: Path, **save_options: Any) -> Path:
    path = tmp_path / "file.pdf"
    path.write_bytes(to_bytes(pdf, **save_options))
    return path


def _two_pages(**extra: Any) -> pikepdf.Pdf:
    pdf = new_pdf()
    add_page(pdf, HELLO)
    add_page(pdf, b"BT /F1 12 Tf 72 650 Td (World) Tj ET", **extra)
    return pdf


def _readings(document: pagetext.Document) -> list[Any]:
    return [
        (page.text(), [(g.text, g.quad, g.font_name) for g in page.glyphs()], page.media_box)
        for page in document
    ]


def _reference(path: Path) -> list[Any]:
    """The same file read through qpdf (a file object is not read from its bytes)."""
    with pagetext.open(io.BytesIO(path.read_bytes())) as document:
        assert document._context.catalog is None
        return _readings(document)


def test_a_plain_file_is_read_without_qpdf(tmp_path: Path) -> None:
    path = _saved(_two_pages(), tmp_path)
    with pagetext.open(path) as document:
        assert document._context.catalog is not None
        assert _readings(document) == _reference(path)
        assert not document._handle.opened  # qpdf never opened
        assert document.metadata == {}  # which qpdf reads: opened now
        assert document._handle.opened
    with pagetext.open(path.read_bytes()) as from_bytes:  # bytes are read from too
        assert from_bytes._context.catalog is not None and from_bytes[1].text() == "World"


def test_forms_images_colour_spaces_and_patterns_are_read_from_the_file(tmp_path: Path) -> None:
    pdf = new_pdf()
    image = pdf.make_stream(b"\x00\xff", Type=Name.XObject, Subtype=Name.Image, Width=2, Height=1,
                            ColorSpace=Name.DeviceGray, BitsPerComponent=8)  # fmt: skip
    inner = form(
        pdf, b"BT /F1 10 Tf 0 0 Td (Inner) Tj ET", resources=Dictionary(Font=Dictionary(F1=simple_font(pdf)))
    )
    outer = form(
        pdf,
        b"/Inner Do",
        resources=Dictionary(XObject=Dictionary(Inner=inner)),
        matrix=[1, 0, 0, 1, 100, 100],
    )
    page = add_page(pdf, HELLO + b" /Im 1 0 0 1 0 0 cm /Im Do /Outer Do /Sp cs 1 sc 0 0 10 10 re f",
                    xobjects={"Im": image, "Outer": outer})  # fmt: skip
    page.obj.Resources.ColorSpace = Dictionary(Sp=Array([Name.ICCBased, pdf.make_stream(b"", N=1)]))
    shading = Dictionary(ShadingType=2, ColorSpace=Name.DeviceGray, Coords=[0, 0, 1, 0], Function=Dictionary(
        FunctionType=2, Domain=[0, 1], C0=[0], C1=[1], N=1))  # fmt: skip
    page.obj.Resources.Shading = Dictionary(Sh=shading)  # read by the visibility reading alone
    page.obj.Resources.Pattern = Dictionary(P0=Dictionary(PatternType=2, Shading=shading))
    path = _saved(pdf, tmp_path)
    with pagetext.open(path) as document:
        assert _readings(document) == _reference(path)
        assert document[0].text().split() == ["Hello", "Inner"]
        assert [repr(p) for p in document[0].paths()] == [
            repr(p) for p in pagetext.open(io.BytesIO(path.read_bytes()))[0].paths()
        ]
        assert not document._handle.opened


@pytest.mark.parametrize(
    "extra",
    [
        {"Annots": Array([Dictionary(Type=Name.Annot, Subtype=Name.FreeText, Rect=[0, 0, 9, 9])])},
        {"properties": {"P0": Dictionary(MCID=0)}},  # named property lists (§14.6.2)
    ],
    ids=["annotations that may show text", "property lists"],
)
def test_a_page_with_what_is_not_read_from_the_file_is_read_through_qpdf(
    tmp_path: Path, extra: dict[str, Any]
) -> None:
    path = _saved(_two_pages(**extra), tmp_path)
    with pagetext.open(path) as document:
        assert document._context.catalog is not None
        assert document[0].text() == "Hello"
        assert not document._handle.opened  # the first page is read from the file
        assert _readings(document) == _reference(path)
        assert document._handle.opened  # the second is qpdf's


def test_annotations_that_show_no_text_are_no_reason_for_qpdf(tmp_path: Path) -> None:
    link = Dictionary(
        Type=Name.Annot,
        Subtype=Name.Link,
        Rect=[0, 0, 9, 9],
        A=Dictionary(S=Name.URI, URI="https://a.example"),
    )
    note = Dictionary(Type=Name.Annot, Subtype=Name.Text, Rect=[0, 0, 9, 9], Contents="a note")
    pdf = _two_pages(Annots=Array([link, note]))
    path = _saved(pdf, tmp_path)
    with pagetext.open(path) as document:
        assert _readings(document) == _reference(path)
        assert not document._handle.opened
        assert [link.uri for link in document[1].links()] == ["https://a.example"]  # qpdf's to read
    # With form fields in the document, reading annotations may warn of them: qpdf's.
    pdf.Root.AcroForm = Dictionary(Fields=Array())
    path = _saved(pdf, tmp_path)
    with pagetext.open(path) as document:
        assert document[1].text() == "World"
        assert document._handle.opened


def test_a_form_with_what_is_not_read_from_the_file_sends_its_page_to_qpdf(tmp_path: Path) -> None:
    pdf = new_pdf()
    resources = Dictionary(Font=Dictionary(F1=simple_font(pdf)), Properties=Dictionary(L0=Dictionary()))
    marked = form(pdf, b"/OC /L0 BDC BT /F1 10 Tf (Layer) Tj ET EMC", resources=resources)
    add_page(pdf, HELLO + b" /Fm Do", xobjects={"Fm": marked})
    path = _saved(pdf, tmp_path)
    with pagetext.open(path) as document:
        assert _readings(document) == _reference(path)
        assert document._handle.opened


def _damaged(data: bytes, old: bytes, new: bytes) -> bytes:
    assert len(old) == len(new) and data.count(old) >= 1
    return data.replace(old, new, 1)


@pytest.mark.parametrize(
    "change",
    [
        "object streams",
        "encrypted",
        "bytes before the header",
        "catalog without /Type",
        "page without /Type",
        "a page met twice",
    ],
)
def test_files_not_as_read_there_are_opened_by_qpdf(tmp_path: Path, change: str) -> None:
    pdf = _two_pages()
    options: dict[str, Any] = {}
    if change == "object streams":
        options["object_stream_mode"] = pikepdf.ObjectStreamMode.generate
    if change == "encrypted":
        options["encryption"] = pikepdf.Encryption(owner="o", user="", R=4)
    if change == "a page met twice":
        pdf.Root.Pages.Kids.append(pdf.Root.Pages.Kids[0])
        pdf.Root.Pages.Count = 3
    data = to_bytes(pdf, **options)
    if change == "bytes before the header":
        data = b"%junk\n" + data  # qpdf reads offsets from the header
    if change == "catalog without /Type":
        data = _damaged(data, b"/Type /Catalog", b"/Tipe /Catalog")
    if change == "page without /Type":
        data = (
            _damaged(data, b"/Type /Page\n", b"/Tipe /Page\n")
            if b"/Type /Page\n" in data
            else _damaged(data, b"/Type /Page ", b"/Tipe /Page ")
        )
    path = tmp_path / "file.pdf"
    path.write_bytes(data)
    with pagetext.open(path) as document:
        assert document._context.catalog is None
        texts = [page.text() for page in document]
    with pagetext.open(io.BytesIO(data)) as reference:
        assert texts == [page.text() for page in reference]


def test_links_and_edits_read_qpdf_s_page(tmp_path: Path) -> None:
    path = _saved(_two_pages(), tmp_path)
    with pagetext.open(path) as document:
        assert document[0].links() == []
        edit = document[0].edit_page()
        assert (
            isinstance(edit.dictionary, pikepdf.Dictionary)
            and edit.dictionary.objgen == document._context.page_objects[0].objgen
        )
    out = tmp_path / "redacted.pdf"
    with pagetext.open(path) as document:
        document.redact(document.search("Hello"), out)
    with pagetext.open(out) as redacted:
        assert [page.text() for page in redacted] == ["", "World"]


@needs_corpus
def test_corpus_files_read_from_their_bytes_read_as_through_qpdf() -> None:
    read = 0
    for path in sorted((CORPUS / "real").glob("*.pdf")):
        try:
            document = pagetext.open(path)
        except pagetext.PdfError:
            continue  # encrypted: qpdf's
        with document:
            if document._context.catalog is None:
                continue
            read += 1
            assert _readings(document) == _reference(path), path.name
    assert read >= 100  # of the 247 files


def test_a_closed_document_opens_nothing(tmp_path: Path) -> None:
    path = _saved(_two_pages(), tmp_path)
    document = pagetext.open(path)
    page = document[0]
    assert page.text() == "Hello"
    document.close()
    with pytest.raises(pagetext.PdfError, match="closed"):
        page.links()  # qpdf's to read: not opened after the close
    assert not document._handle.opened
