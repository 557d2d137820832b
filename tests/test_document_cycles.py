"""A document read and closed leaves nothing for the cycle collector.

What the document caches (its fonts, its structure tree) is given the warn of the page that
asked; were that the page itself, page and document would form a reference cycle, freed only
by the cycle collector's full passes, which then walk everything a process holds. In a batch of
documents those passes cost more than the pages they follow.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.corpus import CORPUS, NO_CORPUS
from tests.pdfbuild import add_page, new_pdf, simple_font, to_bytes
from tests.structure.tagged import build, element


@pytest.fixture
def collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _read_and_drop(source: Any) -> int:
    """Read every page of a document, close it, and count what only the collector frees."""
    gc.collect()  # what the test runner left
    with pagetext.open(source) as doc:
        pages = [page.text() for page in doc]
    assert pages
    del doc
    return gc.collect()


def _tagged_pdf_with_a_late_font_program() -> bytes:
    # /g7 names nothing: the font keeps a way to read its program (and warn) when a string
    # first shows code 65; the MCIDs make the page read the structure tree with its warn.
    pdf = new_pdf()
    encoding = Dictionary(
        Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding, Differences=Array([65, Name.g7])
    )
    font = simple_font(pdf, base_font="Late", subtype="TrueType", encoding=encoding)
    font.FontDescriptor.FontFile2 = pdf.make_stream(b"no font program at all")
    content = (
        b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 720 Td (Alpha) Tj EMC ET "
        b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 700 Td (Beta) Tj EMC ET"
    )
    page = add_page(pdf, content, fonts={"F1": font})
    build(pdf, page, [element("Document", element("P", 0), element("P", 1))])
    return to_bytes(pdf)


def test_fonts_and_the_structure_tree_keep_no_page_alive(collector_paused: None) -> None:
    data = _tagged_pdf_with_a_late_font_program()
    with pytest.warns(pagetext.PdfWarning, match="embedded font program could not be read"):
        assert _read_and_drop(data) == 0


@pytest.mark.parametrize(
    "name",
    [
        "camelot__tabula-12s0324",  # tagged: the structure tree is read for ActualText
        "pdfplumber__mcid_example",
        "pdfminer__AcroForm_TEST",  # form fields: fonts read for made-up appearances
        "camelot__health",  # Type0 fonts with ToUnicode and /W
        "pdfjs__mixedfonts",
    ],
)
def test_real_documents_leave_nothing_for_the_cycle_collector(collector_paused: None, name: str) -> None:
    path = CORPUS / "real" / f"{name}.pdf"
    if not path.exists():
        pytest.skip(NO_CORPUS)
    assert _read_and_drop(path) == 0, name


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_leaves_the_collector_as_the_caller_had_it(enabled: bool) -> None:
    # Pages pause the collector while they build their records, and give it back as found:
    # on, or off when the caller had switched it off (also through nested pauses).
    source = _tagged_pdf_with_a_late_font_program()
    try:
        if not enabled:
            gc.disable()
        with pagetext.open(source) as doc:
            page = doc[0]
            assert page.text() == "Alpha\nBeta"
            assert gc.isenabled() == enabled
            assert [line.text for line in page.lines(order="structure")] == ["Alpha", "Beta"]
            assert gc.isenabled() == enabled
    finally:
        gc.enable()
