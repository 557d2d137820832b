"""The document's pikepdf.Pdf, given open or opened when first asked for: a file whose pages
pagetext reads from its own bytes (pagetext.pdf.file_pages) needs qpdf only for what pagetext
does not read itself (links, edits, the structure tree, metadata). Opening a file in qpdf,
listing its pages and closing it takes some 0.3 ms of the 2.7 ms a median real/ file's first
read takes (each file read after other libraries, as in the bench)."""

from __future__ import annotations

from collections.abc import Callable

import pikepdf

from pagetext.errors import UsageError


class PdfHandle:
    """A pikepdf.Pdf: `pdf` gives it, opening it through `opener` the first time."""

    __slots__ = ("_opener", "_pdf")

    def __init__(self, pdf: pikepdf.Pdf | None, opener: Callable[[], pikepdf.Pdf] | None = None) -> None:
        self._pdf = pdf
        self._opener = opener

    @property
    def pdf(self) -> pikepdf.Pdf:
        if self._pdf is None:
            if self._opener is None:
                raise UsageError("the document is closed")
            self._pdf = self._opener()
            self._opener = None
        return self._pdf

    @property
    def opened(self) -> bool:
        return self._pdf is not None

    def close(self) -> None:
        """Close the Pdf if it was opened; a handle closed before is not opened by this."""
        self._opener = None
        if self._pdf is not None:
            self._pdf.close()
