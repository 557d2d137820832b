"""One function per library: open a PDF and return the text of each page.

Each is imported only inside the worker process that runs it, so that every library is
measured alone (memory included).
"""

from __future__ import annotations

from collections.abc import Callable

Extractor = Callable[[str, "str | None"], list[str]]


def pagetext_pages(path: str, password: str | None) -> list[str]:
    import pagetext

    with pagetext.open(path, password=password) as doc:
        return [page.text() for page in doc]


def pymupdf_pages(path: str, password: str | None) -> list[str]:
    import pymupdf

    with pymupdf.open(path) as doc:
        if doc.needs_pass:
            doc.authenticate(password or "")
        return [page.get_text() for page in doc]


def pypdfium2_pages(path: str, password: str | None) -> list[str]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(path, password=password)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def pypdf_pages(path: str, password: str | None) -> list[str]:
    import pypdf

    reader = pypdf.PdfReader(path)
    if reader.is_encrypted:
        reader.decrypt(password or "")
    return [page.extract_text() for page in reader.pages]


def pdfminer_pages(path: str, password: str | None) -> list[str]:
    from pdfminer.high_level import extract_text

    return extract_text(path, password=password or "").split("\f")


def pdf_oxide_pages(path: str, password: str | None) -> list[str]:
    import pdf_oxide

    doc = pdf_oxide.PdfDocument(path)
    if password:
        doc.authenticate(password)
    return [doc.extract_text(i) for i in range(doc.page_count())]


EXTRACTORS: dict[str, Extractor] = {
    "pagetext": pagetext_pages,
    "pdf_oxide": pdf_oxide_pages,
    "pymupdf": pymupdf_pages,
    "pypdfium2": pypdfium2_pages,
    "pypdf": pypdf_pages,
    "pdfminer": pdfminer_pages,
}
