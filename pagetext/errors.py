"""The one family of exceptions and the warning category pagetext raises."""

from __future__ import annotations


class PdfError(Exception):
    """Base of every exception that leaves pagetext."""


class FileReadError(PdfError):
    """The input could not be read at all (missing file, not readable, wrong type)."""


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
