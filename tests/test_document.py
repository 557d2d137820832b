"""Opening documents: sources, passwords, errors, metadata, page geometry."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.pdfbuild import add_page, form, new_pdf, to_bytes


def _two_pages() -> pikepdf.Pdf:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (First) Tj ET")
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Second) Tj ET")
    pdf.docinfo[Name.Title] = "Two pages"
    pdf.docinfo[Name.Author] = "Zoë"
    return pdf


def test_open_path_bytes_and_stream(tmp_path: Path) -> None:
    data = to_bytes(_two_pages())
    path = tmp_path / "two.pdf"
    path.write_bytes(data)
    for source in (path, str(path), data, io.BytesIO(data)):
        with pagetext.open(source) as doc:
            assert len(doc) == 2
            assert doc[1].text() == "Second"
            assert doc[-1].number == 2
            assert [page.number for page in doc] == [1, 2]
            assert len(doc.pages) == 2


def test_metadata() -> None:
    with pagetext.open(to_bytes(_two_pages())) as doc:
        assert doc.metadata["Title"] == "Two pages"
        assert doc.metadata["Author"] == "Zoë"


def test_page_index_out_of_range_is_a_usage_error() -> None:
    with pagetext.open(to_bytes(_two_pages())) as doc, pytest.raises(pagetext.UsageError, match="2 page"):
        doc[2]


@pytest.mark.parametrize(
    "encryption",
    [
        pikepdf.Encryption(owner="own", user="usr", R=2, aes=False, metadata=False),  # RC4 40-bit
        pikepdf.Encryption(owner="own", user="usr", R=3, aes=False, metadata=False),  # RC4 128-bit
        pikepdf.Encryption(owner="own", user="usr", R=4, aes=True),  # AES-128
        pikepdf.Encryption(owner="own", user="usr", R=6),  # AES-256
    ],
    ids=["rc4-40", "rc4-128", "aes-128", "aes-256"],
)
def test_encrypted_files_open_with_user_or_owner_password(encryption: pikepdf.Encryption) -> None:
    data = to_bytes(_two_pages(), encryption=encryption)
    for password in ("usr", "own"):
        with pagetext.open(data, password=password) as doc:
            assert doc[0].text() == "First"
    with pytest.raises(pagetext.PasswordError, match="encrypted: pass its password"):
        pagetext.open(data)
    with pytest.raises(pagetext.PasswordError, match="wrong"):
        pagetext.open(data, password="nope")


def test_not_a_pdf_is_a_damaged_pdf_error() -> None:
    with pytest.raises(pagetext.DamagedPdfError, match="not a PDF"):
        pagetext.open(b"hello, I am not a PDF")


def test_missing_file_is_a_file_read_error(tmp_path: Path) -> None:
    with pytest.raises(pagetext.FileReadError, match="no such file"):
        pagetext.open(tmp_path / "missing.pdf")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    # Opening a pipe's reading end waits for a writer: the path is refused before that.
    # It is opened without waiting, told by its descriptor, and the descriptor closed again.
    pipe = tmp_path / "pipe.pdf"
    os.mkfifo(pipe)
    before = _open_descriptors()
    with pytest.raises(pagetext.FileReadError, match="not a file but a pipe or a device"):
        pagetext.open(pipe)
    assert _open_descriptors() == before


def test_a_directory_is_a_file_read_error(tmp_path: Path) -> None:
    before = _open_descriptors()
    with pytest.raises(pagetext.FileReadError, match="it is a directory, not a PDF file"):
        pagetext.open(tmp_path)
    assert _open_descriptors() == before


def _open_descriptors() -> int:
    """How many descriptors the process has open (-1 where /proc does not tell)."""
    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else -1


def test_wrong_source_type_is_a_usage_error() -> None:
    with pytest.raises(pagetext.UsageError):
        pagetext.open(12)  # type: ignore[arg-type]


def test_every_error_is_a_pdf_error() -> None:
    for error in (
        pagetext.PasswordError,
        pagetext.DamagedPdfError,
        pagetext.UnsupportedError,
        pagetext.FileReadError,
        pagetext.FileWriteError,
        pagetext.UsageError,
    ):
        assert issubclass(error, pagetext.PdfError)


def test_page_geometry_is_inherited_and_normalised() -> None:
    pdf = new_pdf()
    add_page(pdf, b"", media_box=[612, 792, 0, 0])
    add_page(pdf, b"", CropBox=Array([-10, 50, 300, 900]), Rotate=-90)
    add_page(pdf, b"", Rotate=450)
    pages_root = pdf.Root.Pages
    pages_root.MediaBox = Array([0, 0, 500, 500])
    pages_root.CropBox = Array([10, 10, 490, 490])
    pages_root.Rotate = 180
    del pdf.pages[2].obj["/MediaBox"]
    with pagetext.open(to_bytes(pdf)) as doc:
        first, second, third = doc
        assert first.media_box == (0, 0, 612, 792)
        assert first.crop_box == (10, 10, 490, 490)  # inherited from the Pages node
        assert first.rotation == 180
        assert second.crop_box == (-10, 50, 300, 900)
        assert second.visible_box == (0, 50, 300, 792)  # CropBox clipped to MediaBox
        assert second.rotation == 270
        assert third.media_box == (0, 0, 500, 500)
        assert third.rotation == 90


def test_visible_only_drops_glyphs_centred_outside_the_crop_box() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (In) Tj 0 -690 Td (Slug) Tj ET", CropBox=Array([0, 36, 612, 792]))
    with pagetext.open(to_bytes(pdf)) as doc:
        page = doc[0]
        assert "".join(g.text for g in page.glyphs()) == "InSlug"
        assert "".join(g.text for g in page.glyphs(visible_only=True)) == "In"
        assert page.text() == "In"


def test_text_leaves_out_the_glyphs_the_interpreter_found_outside_the_crop_box() -> None:
    # Outside glyphs among inside ones, in the page and in a form: the indices the glyph
    # collector keeps as they come must drop exactly what visible_only drops.
    pdf = new_pdf()
    content = (
        b"BT /F1 10 Tf 100 700 Td (Kept) Tj -200 0 Td (Cut) Tj 400 0 Td (Also) Tj ET "
        b"BT /F1 10 Tf 100 600 Td [(Left) -40000 (Far)] TJ ET /X1 Do"
    )
    xobjects = {"X1": form(pdf, b"BT /F1 10 Tf 100 500 Td (Form) Tj 0 -490 Td (Below) Tj ET")}
    add_page(pdf, content, xobjects=xobjects, CropBox=Array([50, 36, 450, 792]))
    with pagetext.open(to_bytes(pdf)) as doc:
        page = doc[0]
        visible = "".join(g.text for g in page.glyphs(forms=True, visible_only=True))
        assert visible == "KeptAlsoLeftForm"
        assert page.text() == "Kept Also\nLeft\nForm"
        # Structure order (no tree: all of it is text the tree does not own) reads the same mask.
        assert page.text(order="structure") == "Kept Also\nLeft\nForm"


def test_glyph_lists_handed_out_are_the_callers_own() -> None:
    # All glyphs visible: the visible ones are the page's whole list, which a caller who
    # empties the list handed out must not empty for the page.
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (In) Tj ET")
    with pagetext.open(to_bytes(pdf)) as doc:
        page = doc[0]
        page.glyphs(forms=True, visible_only=True, annotations=False).clear()
        page.glyphs().clear()
        assert "".join(g.text for g in page.glyphs(visible_only=True)) == "In"
        assert page.text() == "In"


def test_damaged_content_stream_gives_text_and_a_warning() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Before) Tj ET")
    pdf.pages[0].obj.Contents = Array(
        [pdf.pages[0].obj.Contents, pdf.make_stream(b"\x00garbage", Filter=Name.FlateDecode)]
    )
    with pagetext.open(to_bytes(pdf)) as doc, pytest.warns(pagetext.PdfWarning, match="could not be decoded"):
        page = doc[0]
        assert page.text() == "Before"
        assert any("could not be decoded" in w for w in page.warnings)


def test_page_without_contents_is_empty() -> None:
    pdf = new_pdf()
    add_page(pdf, b"")
    del pdf.pages[0].obj["/Contents"]
    with pagetext.open(to_bytes(pdf)) as doc:
        assert doc[0].glyphs() == []
        assert doc[0].text() == ""


def test_page_ranges() -> None:
    assert pagetext.parse_page_range("1-3,7", 10) == [0, 1, 2, 6]
    assert pagetext.parse_page_range("5-", 7) == [4, 5, 6]
    assert pagetext.parse_page_range("-2", 7) == [0, 1]
    for bad in ("", "0", "3-1", "a", "1-2-3", "11"):
        with pytest.raises(pagetext.UsageError):
            pagetext.parse_page_range(bad, 10)


def test_document_text_and_write_text(tmp_path: Path) -> None:
    with pagetext.open(to_bytes(_two_pages())) as doc:
        assert doc.text() == "First\fSecond"
        assert doc.text(pages="2", page_separator="|") == "Second"
        out = tmp_path / "out.txt"
        assert doc.write_text(out, bom=True) == 2
        assert out.read_bytes() == "\ufeffFirst\fSecond".encode()
        stream = io.BytesIO()
        assert doc.write_text(stream, pages="2-", page_separator="\n") == 1
        assert stream.getvalue() == b"Second"
        reported: list[tuple[int, int]] = []
        doc.write_text(io.BytesIO(), progress=lambda done, total: reported.append((done, total)))
        assert reported == [(1, 2), (2, 2)]


def test_resources_inherited_from_the_pages_node() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Inherited) Tj ET")
    page = pdf.pages[0].obj
    pdf.Root.Pages.Resources = page.Resources
    del page["/Resources"]
    with pagetext.open(to_bytes(pdf)) as doc:
        assert doc[0].text() == "Inherited"
    assert isinstance(Dictionary(), pikepdf.Dictionary)


def test_write_text_dehyphenates_when_asked() -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 72 700 Td 12 TL (a compli-) Tj T* (cated case, complicated) Tj ET")
    with pagetext.open(to_bytes(pdf)) as doc:
        printed, joined = io.BytesIO(), io.BytesIO()
        doc.write_text(printed)
        doc.write_text(joined, dehyphenate=True)
        chunks = "".join(doc.export("text", dehyphenate=True))
    assert printed.getvalue() == b"a compli-\ncated case, complicated"
    assert joined.getvalue() == b"a complicated\ncase, complicated"
    assert chunks == "a complicated\ncase, complicated"
