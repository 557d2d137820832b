"""A LlamaIndex reader: one Document per page (pip install 'pagetext[llamaindex]').

    from llama_index.core import SimpleDirectoryReader
    from pagetext.integrations.llamaindex import PagetextReader
    docs = SimpleDirectoryReader("pdfs/", file_extractor={".pdf": PagetextReader()}).load_data()

Each Document's text is page.text(order); with PagetextReader(format="markdown") it is the
page's Markdown (headings, lists, tables: pagetext.export.chunks), for MarkdownNodeParser and
the like, the chosen pages read as one document (order then applies to the line records
only). The metadata, in both formats, is what LlamaIndex's own PDFReader gives, page_label
(what a viewer shows as the page's number: "1", or "iii" where the file labels its pages,
ISO 32000-1 §12.4.2) and file_name, plus file_path, total_pages and the document
information dictionary as the LangChain loader has it (title, author, producer, creator,
creationdate, moddate, ...), then what extra_info adds; with lines=True also the page's line
records (pagetext/1). The line records and the file's technical details (HIDDEN_KEYS) are
kept out of what is embedded and shown to the model. hidden="drop" leaves out the text a
viewer does not show (white on white, clipped, covered, invisible: what a hidden prompt
injection uses); hidden="flag" keeps it and marks its words' reasons in the line records.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from pagetext.document import Source
from pagetext.document import open as open_pdf
from pagetext.integrations.pages import document_metadata, loader_format, loader_hidden, read_pages
from pagetext.limits import Limits

try:
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import Document
except ImportError as error:
    raise ImportError("PagetextReader needs LlamaIndex: pip install 'pagetext[llamaindex]'") from error

LINES_KEY = "lines"
# Details of the file, not of its text: neither embedded nor shown to the model.
HIDDEN_KEYS = ("file_path", "total_pages", "producer", "creator", "creationdate", "moddate", "trapped")


class PagetextReader(BaseReader):
    """Read PDFs page by page; load_data(file) gives a Document per page."""

    def __init__(
        self,
        *,
        password: str | None = None,
        pages: str | None = None,
        order: str = "reading",
        lines: bool = False,
        limits: Limits | None = None,
        format: str = "text",  # noqa: A002
        hidden: str = "keep",
    ) -> None:
        self.password = password
        self.pages = pages  # 1-based, e.g. "1-3,7"; None: all
        self.order = order
        self.lines = lines
        self.limits = limits
        self.format = loader_format(format)  # "text" or "markdown"
        self.hidden = loader_hidden(hidden)  # "keep", "drop" or "flag"

    def lazy_load_data(
        self,
        file: str | os.PathLike[str],
        extra_info: dict[str, Any] | None = None,
        fs: Any = None,
    ) -> Iterator[Document]:
        """The pages of file; fs, an fsspec file system (as SimpleDirectoryReader passes it), reads it."""
        path = os.fspath(file)
        source: Source = path
        if fs is not None:
            with fs.open(path, "rb") as stream:
                source = stream.read()
        with open_pdf(source, password=self.password, limits=self.limits) as doc:
            shared: dict[str, Any] = {
                **document_metadata(doc),
                "file_name": os.path.basename(path),
                "file_path": path,
                "total_pages": len(doc),
            }
            labels = doc.page_labels
            for page in read_pages(doc, self.pages, self.order, self.lines, self.format, self.hidden):
                metadata = {**shared, "page_label": labels[page.number - 1], **(extra_info or {})}
                hidden = [key for key in HIDDEN_KEYS if key in metadata]
                if page.lines is not None:
                    metadata[LINES_KEY] = page.lines
                    hidden.append(LINES_KEY)
                yield Document(
                    text=page.text,
                    metadata=metadata,
                    excluded_embed_metadata_keys=hidden,
                    excluded_llm_metadata_keys=hidden,
                )
