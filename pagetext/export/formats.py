"""The one registry of output formats: what `pagetext FILE --format F`, Document.export, batch
and the server each offer, with the file ending batch writes and the media type the server
answers with. A format is added here, and everywhere at once: its exporter is chosen in
format_chunks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # the exporters' page protocol, whose imports are the layout's
    from pagetext.export.page_view import PageView


@dataclass(frozen=True, slots=True)
class OutputFormat:
    """One format: its name, the ending of the file batch writes it to, its HTTP media type."""

    name: str
    extension: str
    media_type: str


REGISTRY: Final = {
    fmt.name: fmt
    for fmt in (
        OutputFormat("text", ".txt", "text/plain; charset=utf-8"),
        OutputFormat("json", ".json", "application/json"),  # the pagetext/1 schema
        OutputFormat("hocr", ".hocr", "application/xhtml+xml; charset=utf-8"),  # hOCR is XHTML
        OutputFormat("alto", ".alto.xml", "application/xml; charset=utf-8"),
        OutputFormat("markdown", ".md", "text/markdown; charset=utf-8"),
    )
}
FORMATS: Final = tuple(REGISTRY)  # the names, in the order help texts list them


def format_chunks(
    format: str,  # noqa: A002
    pages: Iterable[PageView],
    order: str,
    options: dict[str, Any],
    metadata: Callable[[], dict[str, str]],
    file_name: str = "",
) -> Iterator[str]:
    """The pages in a format (one of FORMATS), as pieces of text one page at a time; options
    are the format's own (its exporter's keywords: a bad one raises TypeError here, before
    any page is read). metadata gives the document information dictionary (JSON holds it,
    hOCR takes its title); file_name is the file ALTO names as its source."""
    if format == "text":
        from pagetext.export.text import text_chunks

        return text_chunks(pages, order, **options)
    if format == "json":
        from pagetext.export.json import json_chunks

        return json_chunks(pages, order, metadata=metadata(), **options)
    if format == "hocr":
        from pagetext.export.hocr import hocr_chunks

        return hocr_chunks(pages, order, title=metadata().get("Title", ""), **options)
    if format == "alto":
        from pagetext.export.alto import alto_chunks

        return alto_chunks(pages, order, file_name=file_name, **options)
    from pagetext.export.chunks import markdown_document

    return markdown_document(pages, options)
