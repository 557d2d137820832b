"""A LangChain document loader: one Document per page (pip install 'pagetext[langchain]').

    from pagetext.integrations.langchain import PagetextLoader
    docs = PagetextLoader("file.pdf", lines=True).load()

Each Document's page_content is page.text(order); with format="markdown" it is the page's
Markdown (headings, lists, tables: pagetext.export.chunks), for MarkdownHeaderTextSplitter and
the like, the chosen pages read as one document (order then applies to the line records only):

    docs = PagetextLoader("file.pdf", format="markdown").load()

hidden="drop" leaves out the text a viewer does not show (white on white, clipped, covered,
invisible: what a hidden prompt injection uses); hidden="flag" keeps it and marks its words'
reasons in the line records (pagetext.Page.lines); "keep", the default, reads it all.

The metadata, in both formats, is what LangChain's own PDF loaders (PyPDFLoader,
PyMuPDFLoader) give: the document information dictionary with keys in lower case (producer,
creator and creationdate always there, "" when the file does not say; title, author,
moddate, ... when it does; dates in ISO 8601), source (the path), total_pages, page (0-based,
as those loaders count) and page_label (what a viewer shows as the page's number, ISO
32000-1 §12.4.2); with lines=True also the page's line records (pagetext/1: text, bbox in
PDF user space, words with their boxes).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from pagetext.document import open as open_pdf
from pagetext.integrations.pages import document_metadata, loader_format, loader_hidden, read_pages
from pagetext.limits import Limits

try:
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document
except ImportError as error:
    raise ImportError("PagetextLoader needs LangChain: pip install 'pagetext[langchain]'") from error


class PagetextLoader(BaseLoader):
    """Load a PDF page by page. Raises pagetext.PdfError (e.g. PasswordError) for a file
    that cannot be opened."""

    def __init__(
        self,
        file_path: str | os.PathLike[str],
        *,
        password: str | None = None,
        pages: str | None = None,
        order: str = "reading",
        lines: bool = False,
        limits: Limits | None = None,
        format: str = "text",  # noqa: A002
        hidden: str = "keep",
    ) -> None:
        self.file_path = os.fspath(file_path)
        self.password = password
        self.pages = pages  # 1-based, e.g. "1-3,7"; None: all
        self.order = order
        self.lines = lines
        self.limits = limits
        self.format = loader_format(format)  # "text" or "markdown"
        self.hidden = loader_hidden(hidden)  # "keep", "drop" or "flag"

    def lazy_load(self) -> Iterator[Document]:
        with open_pdf(self.file_path, password=self.password, limits=self.limits) as doc:
            shared: dict[str, Any] = {**document_metadata(doc), "source": self.file_path}
            shared["total_pages"] = len(doc)
            labels = doc.page_labels
            for page in read_pages(doc, self.pages, self.order, self.lines, self.format, self.hidden):
                metadata = {**shared, "page": page.number - 1, "page_label": labels[page.number - 1]}
                if page.lines is not None:
                    metadata["lines"] = page.lines
                yield Document(page_content=page.text, metadata=metadata)
