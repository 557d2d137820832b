"""Opening a path (pagetext.pdf.opening): the file is opened once by pagetext and handed to qpdf
as that open file, mapped; a file that cannot be mapped is opened by its path."""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import Any

import pikepdf
import pytest

import pagetext
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, new_pdf, simple_font, to_bytes


def _hello(tmp_path: Path) -> Path:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET", fonts={"F1": simple_font(pdf)})
    path = tmp_path / "hello.pdf"
    path.write_bytes(to_bytes(pdf))
    return path


def _recording(monkeypatch: pytest.MonkeyPatch, refuse_mapping: bool) -> list[tuple[Any, Any]]:
    """pikepdf.open's calls as (what it was given, access mode); with refuse_mapping, a mapped
    opening fails as on a file system that cannot map files."""
    calls: list[tuple[Any, Any]] = []
    real_open = pikepdf.open

    def recording_open(target: Any, **options: Any) -> pikepdf.Pdf:
        mode = options.get("access_mode")
        calls.append((target, mode))
        if refuse_mapping and mode == pikepdf.AccessMode.mmap_only:
            raise OSError(19, "No such device")
        return real_open(target, **options)

    monkeypatch.setattr(pikepdf, "open", recording_open)
    return calls


def _read_hello(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refuse_mapping: bool
) -> tuple[Path, list[tuple[Any, Any]], list[Any]]:
    """A one-line file read through pagetext.open: its path, pikepdf.open's calls, and its
    page chunks (whose metadata name the path)."""
    path = _hello(tmp_path)
    calls = _recording(monkeypatch, refuse_mapping)
    with pagetext.open(path) as document:
        assert document[0].text() == "Hello"
        chunks = document.to_markdown(page_chunks=True)
    return path, calls, chunks


def test_a_path_is_handed_to_qpdf_as_the_open_file_mapped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, calls, chunks = _read_hello(tmp_path, monkeypatch, refuse_mapping=False)
    assert len(calls) == 1
    target, mode = calls[0]
    assert isinstance(target, io.FileIO) and target.closed  # pagetext's, closed with the document
    assert mode == pikepdf.AccessMode.mmap_only
    assert chunks[0]["metadata"]["source"] == str(path)  # the path, not qpdf's name for a stream


def test_a_file_that_cannot_be_mapped_is_opened_by_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, calls, chunks = _read_hello(tmp_path, monkeypatch, refuse_mapping=True)
    assert [mode for _, mode in calls] == [pikepdf.AccessMode.mmap_only, None]
    assert calls[1][0] == str(path) and chunks[0]["metadata"]["source"] == str(path)


def test_a_damaged_file_says_why_without_qpdf_naming_the_open_file(tmp_path: Path) -> None:
    path = tmp_path / "damaged.pdf"
    path.write_bytes(b"%PDF-1.7\nnothing here but words\n")
    with pytest.raises(pagetext.DamagedPdfError) as raised:
        pagetext.open(path)
    message = str(raised.value)
    assert message.startswith(f"{str(path)!r} is damaged beyond repair (unable to find trailer dictionary")
    assert "FileIO" not in message and "stream <" not in message


def test_opening_leaves_the_process_warning_filters_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A filter set around pikepdf.open replaced the list of filters that every thread shares
    # (a service reading documents in threads); a caller's own filters stay in force, and
    # opening a sound file warns of nothing, even where warnings are errors.
    path = _hello(tmp_path)
    filters = warnings.filters
    seen: list[bool] = []
    real_open = pikepdf.open

    def watching_open(target: Any, **options: Any) -> pikepdf.Pdf:
        seen.append(warnings.filters is filters)
        return real_open(target, **options)

    monkeypatch.setattr(pikepdf, "open", watching_open)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        filters = warnings.filters
        with pagetext.open(path) as document:
            assert document[0].text() == "Hello"
            assert not seen  # read from the file's bytes (pagetext.pdf.file_pages)
            assert isinstance(document.metadata, dict)  # which qpdf reads
    assert seen == [True]


@needs_corpus
def test_opening_the_real_corpus_warns_of_nothing_outside_pagetext() -> None:
    # No filter is set around pikepdf.open any more: on real files, damaged and encrypted ones
    # among them, opening raises no Python warning of pikepdf's or qpdf's own.
    opened = 0
    for path in sorted((CORPUS / "real").glob("*.pdf")):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.simplefilter("ignore", pagetext.PdfWarning)
            try:
                document = pagetext.open(path)
            except pagetext.PdfError:
                continue  # encrypted without its password: an error, not a warning
            document.close()
            opened += 1
    assert opened > 200
