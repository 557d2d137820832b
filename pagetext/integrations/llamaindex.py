"""A LlamaIndex reader: one Document per page (pip install 'pagetext[llamaindex]').

    from llama_index.core import SimpleDirectoryReader
    from pagetext.integrations.llamaindex import PagetextReader
    docs = SimpleDirectoryReader("pdfs/", file_extractor={".pdf": PagetextReader()}).load_data()

Each Document's text is page.text(order); its metadata holds source (the path), page
(1-based), total_pages, what extra_info adds, and with lines=True the page's line records
(pagetext/1), which are kept out of what is embedded and shown to the model.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from pagetext.document import Source
from pagetext.document import open as open_pdf
from pagetext.integrations.pages import read_pages
from pagetext.limits import Limits

try:
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import Document
except ImportError as error:
    raise ImportError("PagetextReader needs LlamaIndex: pip install 'pagetext[llamaindex]'") from error

LINES_KEY = "lines"


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
    ) -> None:
        self.password = password
        self.pages = pages  # 1-based, e.g. "1-3,7"; None: all
        self.order = order
        self.lines = lines
        self.limits = limits

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
            total = len(doc)
            for page in read_pages(doc, self.pages, self.order, self.lines):
                metadata: dict[str, Any] = {
                    **(extra_info or {}),
                    "source": path,
                    "page": page.number,
                    "total_pages": total,
                }
                hidden: list[str] = []
                if page.lines is not None:
                    metadata[LINES_KEY] = page.lines
                    hidden.append(LINES_KEY)
                yield Document(
                    text=page.text,
                    metadata=metadata,
                    excluded_embed_metadata_keys=hidden,
                    excluded_llm_metadata_keys=hidden,
                )
