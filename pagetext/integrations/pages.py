"""What the integrations read of each page: its text, its line records on request, and the
warnings the library issued while reading it."""

from __future__ import annotations

import contextlib
import json
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pagetext.document import Document, Source
from pagetext.document import open as open_pdf
from pagetext.errors import PasswordError, PdfWarning
from pagetext.export.json import line_record
from pagetext.layout.assembly import lines_text
from pagetext.limits import Limits


def open_with_passwords(
    source: Source, name: str, passwords: Sequence[str], limits: Limits | None = None
) -> Document:
    """The document, opened without a password or with the first of `passwords` that opens it."""
    try:
        return open_pdf(source, limits=limits)
    except PasswordError as error:
        if not passwords:
            raise
        for password in passwords:
            with contextlib.suppress(PasswordError):
                return open_pdf(source, password=password, limits=limits)
        raise PasswordError(
            f"{name!r} is encrypted and none of the {len(passwords)} password(s) given opens it"
        ) from error


@dataclass(slots=True)
class PageText:
    """One page read: number is 1-based; lines are pagetext/1 line records, or None."""

    number: int
    text: str
    lines: list[dict[str, Any]] | None
    warnings: list[str]

    def lines_json(self) -> str | None:
        return None if self.lines is None else json.dumps(self.lines, ensure_ascii=False)


def read_page(doc: Document, index: int, order: str, lines: bool, format: str = "text") -> PageText:  # noqa: A002
    """The page at index: text as page.text(order) gives it for "text", else the page alone
    exported in that format (doc.export(format, pages=its number)).

    The warnings are those Python warnings of category PdfWarning that reading the page
    issued, without the "page N: " they start with (what page.warnings holds).
    """
    number = index + 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        warnings.simplefilter("always", PdfWarning)
        page = doc[index]
        found = page.lines(order=order) if lines or format == "text" else []
        alone = lines_text(found) if format == "text" else None
        text = alone if alone is not None else "".join(doc.export(format, str(number), order))
    prefix = f"page {number}: "
    messages = [str(w.message) for w in caught if issubclass(w.category, PdfWarning)]
    seen = dict.fromkeys(m[len(prefix) :] if m.startswith(prefix) else m for m in messages)
    return PageText(number, text, [line_record(line) for line in found] if lines else None, list(seen))


def read_pages(doc: Document, pages: str | None, order: str, lines: bool) -> Iterator[PageText]:
    """The chosen pages of an open document, one at a time."""
    for index in doc._indices(pages):
        yield read_page(doc, index, order, lines)
