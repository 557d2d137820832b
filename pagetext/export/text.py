"""Plain text export: each page's text (page.text()), pages joined by a separator."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from pagetext.layout.hyphens import Vocabulary, plain_text

if TYPE_CHECKING:  # the exporters' page protocol, whose imports are the layout's
    from pagetext.export.page_view import PageView


def text_chunks(
    pages: Iterable[PageView],
    order: str = "reading",
    page_separator: str = "\f",
    bom: bool = False,
    annotations: bool = True,
    dehyphenate: bool = False,
    hidden: str = "keep",
) -> Iterator[str]:
    """The text in pieces, one page at a time: an optional BOM, then each page's text with
    page_separator between pages; dehyphenate as in Page.text (the words of the pages so far);
    hidden="drop" leaves out what a viewer does not show (Page.lines)."""
    vocabulary: Vocabulary | None = Vocabulary() if dehyphenate else None
    texts = (
        plain_text(page.lines(order=order, annotations=annotations, hidden=hidden), vocabulary)
        for page in pages
    )
    return separated(texts, page_separator, bom)


def separated(texts: Iterable[str], separator: str, bom: bool = False) -> Iterator[str]:
    """The texts in order with separator between them, after a byte order mark if asked for."""
    if bom:
        yield "\ufeff"
    for n, text in enumerate(texts):
        if n:
            yield separator
        yield text


def to_text(
    pages: Iterable[PageView],
    order: str = "reading",
    page_separator: str = "\f",
    annotations: bool = True,
    hidden: str = "keep",
) -> str:
    return "".join(text_chunks(pages, order, page_separator, annotations=annotations, hidden=hidden))
