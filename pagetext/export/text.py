"""Plain text export: each page's text (page.text()), pages joined by a separator."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pagetext.export.page_view import PageView
from pagetext.layout.hyphens import Vocabulary, plain_text


def text_chunks(
    pages: Iterable[PageView],
    order: str = "reading",
    page_separator: str = "\f",
    bom: bool = False,
    annotations: bool = True,
    dehyphenate: bool = False,
) -> Iterator[str]:
    """The text in pieces, one page at a time: an optional BOM, then each page's text with
    page_separator between pages; dehyphenate as in Page.text (the words of the pages so far)."""
    if bom:
        yield "\ufeff"
    vocabulary: Vocabulary | None = Vocabulary() if dehyphenate else None
    for n, page in enumerate(pages):
        if n:
            yield page_separator
        yield plain_text(page.lines(order=order, annotations=annotations), vocabulary)


def to_text(
    pages: Iterable[PageView], order: str = "reading", page_separator: str = "\f", annotations: bool = True
) -> str:
    return "".join(text_chunks(pages, order, page_separator, annotations=annotations))
