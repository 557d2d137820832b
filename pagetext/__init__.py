"""pagetext: the text of PDF pages as a viewer shows it, with every glyph's geometry."""

from pagetext.content.glyph import Glyph
from pagetext.document import Document, open, parse_page_range  # noqa: A004
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

__version__ = "0.1.0"

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
    "open",
    "parse_page_range",
]
