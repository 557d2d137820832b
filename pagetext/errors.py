"""The one family of exceptions and the warning category pagetext raises."""

from __future__ import annotations

import warnings
from collections.abc import Callable

# How a stage reports damage it read past: one line, collected as a PdfWarning by the page.
Warn = Callable[[str], None]


class PdfError(Exception):
    """Base of every exception that leaves pagetext."""


class FileReadError(PdfError):
    """The input could not be read at all (missing file, not readable, wrong type)."""


class FileWriteError(PdfError):
    """An output could not be written (no such directory, no permission, a full disk)."""


class PasswordError(PdfError):
    """The document is encrypted and the password is missing or wrong."""


class DamagedPdfError(PdfError):
    """The file is not a PDF, or is damaged beyond what qpdf can repair."""


class UnsupportedError(PdfError):
    """The file uses a feature pagetext cannot handle (e.g. public-key encryption)."""


class UsageError(PdfError, ValueError):
    """An argument is invalid (bad page number or range, unknown option value)."""


class WorkerError(PdfError):
    """A worker process of pagetext.batch could not start (a broken environment, not a file)."""


class PdfWarning(UserWarning):
    """Category of the Python warnings pagetext issues for content it could only partly read."""


class LimitExceeded(PdfError):
    """A page went over one of its budgets (pagetext.Limits) while strict mode was on."""


class PageWarnings:
    """Where what is found damaged while a page is read goes: the page's warnings list, and a
    PdfWarning. It holds the list, not the page: the document keeps it in what it caches (the
    structure tree, the fonts that read their programs late), and a page held there would
    make page and document a reference cycle that only the cycle collector frees."""

    __slots__ = ("messages", "number")

    def __init__(self, messages: list[str], number: int) -> None:
        self.messages = messages
        self.number = number

    def __call__(self, message: str) -> None:
        self.messages.append(message)
        warnings.warn(f"page {self.number}: {message}", PdfWarning, stacklevel=2)


def ignore_warning(message: str) -> None:
    """A warn that drops the message: for readers whose caller handles failure itself (None
    back, a slower path), and for what arrives when no page is being read."""


class WarningRelay:
    """Where a font sends what it finds late (a program read at the first unmapped code): the
    page being read then. Fonts hold the relay, not their cache, so that a document's fonts
    and their cache form no reference cycle and are freed when the document is."""

    __slots__ = ("target",)

    def __init__(self) -> None:
        self.target: Callable[[str], None] = ignore_warning

    def __call__(self, message: str) -> None:
        self.target(message)

    def clear(self) -> None:
        """Let go of the page's warn (held, it would keep that page and its document)."""
        self.target = ignore_warning
