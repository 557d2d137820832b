"""One function per library: open a PDF and return the text of each page.

Each is imported only inside the worker process that runs it, so that every library is
measured alone (memory included).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

Extractor = Callable[[str, "str | None"], list[str]]


def pagetext_pages(path: str, password: str | None) -> list[str]:
    import pagetext

    with pagetext.open(path, password=password) as doc:
        return [page.text() for page in doc]


def _use_plain_python_pagetext() -> None:
    """Make `import pagetext` load the .py sources even where a compiled build is installed:
    a copy of the package without its extension modules goes first on sys.path."""
    import atexit
    import importlib.util
    import shutil
    import sys
    import tempfile
    from pathlib import Path

    spec = importlib.util.find_spec("pagetext")
    assert spec is not None and spec.origin is not None
    target = Path(tempfile.mkdtemp(prefix="pagetext-py-"))
    atexit.register(shutil.rmtree, target, True)
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    shutil.copytree(Path(spec.origin).parent, target / "pagetext", ignore=ignore)
    sys.path.insert(0, str(target))


def pagetext_py_pages(path: str, password: str | None) -> list[str]:
    import sys

    if "pagetext" not in sys.modules:
        _use_plain_python_pagetext()
    return pagetext_pages(path, password)


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
    "pagetext_py": pagetext_py_pages,
    "pdf_oxide": pdf_oxide_pages,
    "pymupdf": pymupdf_pages,
    "pypdfium2": pypdfium2_pages,
    "pypdf": pypdf_pages,
    "pdfminer": pdfminer_pages,
}


# Per library: the distribution whose version the report names, and the module each worker
# imports before its first job (the bench times the first read of each document, not the
# library's import: a process pays that once, before any document).
PACKAGES: dict[str, tuple[str, str]] = {
    "pagetext": ("pagetext", "pagetext"),
    "pagetext_py": ("pagetext", "pagetext"),
    "pdf_oxide": ("pdf_oxide", "pdf_oxide"),
    "pymupdf": ("pymupdf", "pymupdf"),
    "pypdfium2": ("pypdfium2", "pypdfium2"),
    "pypdf": ("pypdf", "pypdf"),
    "pdfminer": ("pdfminer.six", "pdfminer.high_level"),
}


def import_library(library: str) -> None:
    """Import the library's module, as its extractor will find it (pagetext_py: the plain copy)."""
    import importlib

    if library == "pagetext_py":
        _use_plain_python_pagetext()
    importlib.import_module(PACKAGES[library][1])


def chosen_libraries(parser: argparse.ArgumentParser, libs: str) -> list[str]:
    """The libraries named in a comma-separated --libs value; an unknown name is a usage error."""
    libraries = [lib for lib in libs.split(",") if lib]
    unknown = [lib for lib in libraries if lib not in EXTRACTORS]
    if unknown:
        parser.error(f"unknown libraries {unknown}; known: {', '.join(EXTRACTORS)}")
    return libraries
