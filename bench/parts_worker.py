"""A bench worker (bench.worker's protocol) that also answers where each read's time went: the
parts of a read, each timed on its own, for pagetext and pypdfium2.

    python -m bench.parts_worker LIBRARY

Each answer is {"pages": int, "seconds": float, "parts": [open, pages, text, close] | null}
or {"error", "seconds"}. pagetext's pages part makes the Page objects and its text part runs
page.text() (content, fonts, layout); pypdfium2's pages part loads each page (PDFium parses its
content there) and its text part makes the text page and reads its text. Other libraries
answer their whole read only.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from bench.extractors import EXTRACTORS, import_library
from bench.worker import serve_answers

# (text of each page, seconds of each part) for a path and password
PartsReader = Callable[[str, "str | None"], tuple[list[str], list[float]]]


def _timed_parts(
    open_document: Callable[[], Any],
    pages_of: Callable[[Any], list[Any]],
    text_of: Callable[[Any], str],
    close: Callable[[Any, list[Any]], None],
) -> tuple[list[str], list[float]]:
    """The pages' texts and the seconds of each part: open, pages, text, close."""
    clock = time.perf_counter
    start = clock()
    document = open_document()
    opened = clock()
    pages: list[Any] = []
    try:
        pages = pages_of(document)
        listed = clock()
        texts = [text_of(page) for page in pages]
        read = clock()
    finally:
        close(document, pages)
    closed = clock()
    return texts, [opened - start, listed - opened, read - listed, closed - read]


def pagetext_parts(path: str, password: str | None) -> tuple[list[str], list[float]]:
    import pagetext

    return _timed_parts(
        lambda: pagetext.open(path, password=password),
        list,
        lambda page: page.text(),
        lambda document, _pages: document.close(),
    )


def _pdfium_text(page: Any) -> str:
    text_page = page.get_textpage()
    try:
        return str(text_page.get_text_range())
    finally:
        text_page.close()


def _pdfium_close(document: Any, pages: list[Any]) -> None:
    for page in pages:
        page.close()
    document.close()


def pypdfium2_parts(path: str, password: str | None) -> tuple[list[str], list[float]]:
    import pypdfium2

    return _timed_parts(
        lambda: pypdfium2.PdfDocument(path, password=password),
        lambda document: [document[index] for index in range(len(document))],
        _pdfium_text,
        _pdfium_close,
    )


PARTS: dict[str, PartsReader] = {
    "pagetext": pagetext_parts,
    "pagetext_py": pagetext_parts,
    "pypdfium2": pypdfium2_parts,
}


def answer(library: str, path: str, password: str | None) -> dict[str, object]:
    """One job's answer: the pages read, with the parts where they are timed."""
    if library in PARTS:
        texts, parts = PARTS[library](path, password)
        return {"pages": len(texts), "parts": parts}
    return {"pages": len(EXTRACTORS[library](path, password)), "parts": None}


def main() -> None:
    library = sys.argv[1]
    import_library(library)  # before the first job: imports are not timed
    serve_answers(lambda path, password: answer(library, path, password))


if __name__ == "__main__":
    main()
