"""pagetext: the text of PDF pages as a viewer shows it, with every glyph's geometry."""

from pagetext._version import __version__
from pagetext.content.glyph import Glyph
from pagetext.document import Document, open  # noqa: A004
from pagetext.errors import (
    DamagedPdfError,
    FileReadError,
    FileWriteError,
    LimitExceeded,
    PasswordError,
    PdfError,
    PdfWarning,
    UnsupportedError,
    UsageError,
    WorkerError,
)
from pagetext.geometry import Box
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line, Word
from pagetext.limits import Limits
from pagetext.page import Page
from pagetext.page_range import parse_page_range

__all__ = [
    "Box",
    "DamagedPdfError",
    "Document",
    "FileReadError",
    "FileWriteError",
    "Glyph",
    "LayoutParams",
    "LimitExceeded",
    "Limits",
    "Line",
    "Page",
    "PasswordError",
    "PdfError",
    "PdfWarning",
    "UnsupportedError",
    "UsageError",
    "Word",
    "WorkerError",
    "__version__",
    "open",
    "parse_page_range",
]
