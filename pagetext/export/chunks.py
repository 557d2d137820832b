"""Markdown of a document: as one text, or for retrieval (RAG) as one chunk per page, the
page's Markdown and where it comes from:

    [{"text": "# Annual report\\n\\n...", "metadata": {"page": 1, "page_label": "i",
      "page_count": 12, "source": "report.pdf", "title": "Annual report", "author": "Jane Doe"}}]

The keys are those RAG pipelines already read, kept to the few that say where a passage comes
from: pymupdf4llm's page_chunks count `page` from 1 and give `page_count`; LangChain's PDF
loaders give `source` (the path) and `page_label` (what a viewer shows as the page's number,
ISO 32000-1 §12.4.2). Values are never None (vector stores such as Chroma refuse it): `source`
is "" for a document opened from bytes or a stream; title and author are there only when the
document information dictionary gives them.

The text is the page as pagetext.export.markdown writes it, without its `<!-- page N -->`
line: the page number is in the metadata, and a comment would be embedded with the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypedDict

from pagetext.errors import UsageError
from pagetext.export.markdown import joined_pages, markdown_pages
from pagetext.export.page_view import PageView

# The line markdown_pages starts each page with, and the blank line after it.
_PAGE_LINE: Final = re.compile(r"\A<!-- page \d+ -->\n*")


class _PageMetadata(TypedDict):
    page: int  # 1-based, as printed in the `<!-- page N -->` line and as -p counts
    page_label: str
    page_count: int  # pages of the document, not of the chunks asked for
    source: str


class ChunkMetadata(_PageMetadata, total=False):
    title: str
    author: str


class PageChunk(TypedDict):
    text: str
    metadata: ChunkMetadata


@dataclass(frozen=True, slots=True)
class ChunkSource:
    """What every chunk of a document says of the document."""

    page_count: int
    source: str  # the path the document was opened from; "" for bytes or a stream
    labels: Sequence[str]  # the page labels of every page, by 0-based index
    title: str = ""
    author: str = ""

    def metadata(self, number: int) -> ChunkMetadata:
        found: ChunkMetadata = {
            "page": number,
            "page_label": self.labels[number - 1],
            "page_count": self.page_count,
            "source": self.source,
        }
        if self.title.strip():
            found["title"] = self.title.strip()
        if self.author.strip():
            found["author"] = self.author.strip()
        return found


def chunk_text(page_markdown: str) -> str:
    """A page's Markdown without the `<!-- page N -->` line it starts with."""
    return _PAGE_LINE.sub("", page_markdown, count=1)


class Chunked(Protocol):
    """What the chunks read of a document (pagetext.Document)."""

    @property
    def metadata(self) -> dict[str, str]: ...
    @property
    def page_labels(self) -> list[str]: ...
    def __len__(self) -> int: ...
    def page_indices(self, pages: str | None) -> list[int]: ...
    def iter_pages(
        self, indices: list[int], progress: Callable[[int, int], None] | None = None
    ) -> Iterator[PageView]: ...


def markdown_document(pages: Iterable[PageView], options: dict[str, Any]) -> Iterator[str]:
    """The pages as one Markdown text, in pieces (pagetext.export.markdown.joined_pages)."""
    return joined_pages(markdown_pages(pages, **options))


def document_chunks(
    doc: Chunked,
    pages: str | None,
    source: str,
    progress: Callable[[int, int], None] | None = None,
    **options: Any,
) -> Iterator[PageChunk]:
    """The chunks of a document's pages (all, or a 1-based range like "1-3,7"), one page at
    a time; `source` names the file in their metadata (Document.to_markdown gives the path it
    was opened from), progress as in Document.export, options those of markdown_pages."""
    indices, info = doc.page_indices(pages), doc.metadata
    origin = ChunkSource(len(doc), source, doc.page_labels, info.get("Title", ""), info.get("Author", ""))
    try:
        return page_chunks(doc.iter_pages(indices, progress), [i + 1 for i in indices], origin, **options)
    except TypeError as error:
        raise UsageError(f"bad option for the markdown format: {error}") from error


def page_chunks(
    pages: Iterable[PageView], numbers: Sequence[int], origin: ChunkSource, **options: Any
) -> Iterator[PageChunk]:
    """The pages (whose 1-based numbers are `numbers`, in order) as chunks, one page at a
    time; options are those of markdown_pages (a bad one raises TypeError here, not later)."""
    texts = markdown_pages(pages, **options)
    return (
        {"text": chunk_text(text), "metadata": origin.metadata(number)}
        for text, number in zip(texts, numbers, strict=True)
    )


def json_chunks(chunks: Iterable[PageChunk], array: bool = False) -> Iterator[str]:
    """The chunks as JSON Lines (one object a line), or as one JSON array (still one object a
    line, so that it streams like the lines do), in pieces, one chunk at a time."""
    if not array:
        for chunk in chunks:
            yield json.dumps(chunk, ensure_ascii=False) + "\n"
        return
    yield "["
    for n, chunk in enumerate(chunks):
        yield ("," if n else "") + "\n" + json.dumps(chunk, ensure_ascii=False)
    yield "\n]\n"
