"""What the integrations read of each page: its text (or Markdown), its line records on
request, and the warnings the library issued while reading it."""

from __future__ import annotations

import contextlib
import datetime
import json
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from pagetext.document import Document
from pagetext.errors import PdfWarning, UsageError
from pagetext.export.chunks import document_chunks
from pagetext.export.json import line_record
from pagetext.layout.assembly import lines_text
from pagetext.page import HIDDEN

# §7.9.4: D:YYYYMMDDHHmmSSOHH'mm, every part after the year optional.
_PDF_DATE: Final = re.compile(
    r"^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Z+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?$"
)
DATE_KEYS: Final = ("creationdate", "moddate")
# What LangChain's PDF loaders always give, "" when the file does not say.
STANDARD_KEYS: Final = ("producer", "creator", "creationdate")
# What a loader's page text can be: page.text(order), or the page's Markdown.
LOADER_FORMATS: Final = ("text", "markdown")


def iso_date(text: str) -> str:
    """A PDF date (§7.9.4) in ISO 8601, "2024-03-01T12:30:00+01:00"; other text as it is."""
    match = _PDF_DATE.match(text.strip())
    if not match:
        return text.strip()
    year, month, day, hour, minute, second, sign, zone_hours, zone_minutes = match.groups()
    zone = None
    if sign == "Z":
        zone = datetime.timezone.utc
    elif sign:
        offset = datetime.timedelta(hours=int(zone_hours or 0), minutes=int(zone_minutes or 0))
        zone = datetime.timezone(-offset if sign == "-" else offset)
    try:
        moment = datetime.datetime(
            int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0),
            tzinfo=zone,
        )  # fmt: skip
    except ValueError:  # a month 13, a day 32
        return text.strip()
    return moment.isoformat()


def document_metadata(doc: Document) -> dict[str, str]:
    """The document information dictionary (§14.3.3) as LangChain's PDF loaders give it:
    keys in lower case, values stripped, dates in ISO 8601, STANDARD_KEYS always there."""
    found = dict.fromkeys(STANDARD_KEYS, "")
    for key, value in doc.metadata.items():
        name = key.lower()
        found[name] = iso_date(value) if name in DATE_KEYS else value.strip()
    return found


@dataclass(slots=True)
class PageText:
    """One page read: number is 1-based; lines are pagetext/1 line records, or None."""

    number: int
    text: str
    lines: list[dict[str, Any]] | None
    warnings: list[str]

    def lines_json(self) -> str | None:
        return None if self.lines is None else json.dumps(self.lines, ensure_ascii=False)


def loader_format(format: str) -> str:  # noqa: A002
    """format, if a loader gives it (LOADER_FORMATS); else UsageError."""
    if format not in LOADER_FORMATS:
        raise UsageError(f"unknown format {format!r}; use one of {', '.join(LOADER_FORMATS)}")
    return format


def loader_hidden(hidden: str) -> str:
    """hidden, if it is one of Page's modes (keep, flag, drop); else UsageError."""
    if hidden not in HIDDEN:
        raise UsageError(f"unknown hidden {hidden!r}; use one of {', '.join(HIDDEN)}")
    return hidden


@contextlib.contextmanager
def _recorded(number: int) -> Iterator[list[str]]:
    """The messages of the PdfWarnings issued inside, without the "page N: " they start with
    (what page.warnings holds), once the block has run; other warnings are silenced."""
    messages: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        warnings.simplefilter("always", PdfWarning)
        yield messages
    prefix = f"page {number}: "
    found = [str(w.message) for w in caught if issubclass(w.category, PdfWarning)]
    messages.extend(dict.fromkeys(m[len(prefix) :] if m.startswith(prefix) else m for m in found))


def read_page(
    doc: Document,
    index: int,
    order: str,
    lines: bool,
    format: str = "text",  # noqa: A002
    hidden: str = "keep",
) -> PageText:
    """The page at index: text as page.text(order) gives it for "text", else the page alone
    exported in that format (doc.export(format, pages=its number)), with the warnings that
    reading it issued. hidden="drop" leaves out what a viewer does not show; "flag" keeps it,
    its words' reasons in the line records (and the JSON format)."""
    number = index + 1
    with _recorded(number) as messages:
        page = doc[index]
        found = page.lines(order=order, hidden=hidden) if lines or format == "text" else []
        alone = lines_text(found) if format == "text" else None
        text = alone if alone is not None else "".join(doc.export(format, str(number), order, hidden=hidden))
    records = [line_record(line, hidden == "flag") for line in found] if lines else None
    return PageText(number, text, records, messages)


def read_pages(
    doc: Document,
    pages: str | None,
    order: str,
    lines: bool,
    format: str = "text",  # noqa: A002
    hidden: str = "keep",
) -> Iterator[PageText]:
    """The chosen pages of an open document, one at a time: page.text(order) for "text"; for
    "markdown" the page's Markdown (pagetext.export.chunks), the chosen pages read as one
    document, so that headings are told by the body text of them all. Markdown keeps its own
    reading order; `order` is then that of the line records. hidden as in read_page."""
    if loader_format(format) == "text":
        for index in doc.page_indices(pages):
            yield read_page(doc, index, order, lines, hidden=hidden)
        return
    chunks = document_chunks(doc, pages, source="", hidden=hidden)  # the loaders give their own metadata
    for index in doc.page_indices(pages):
        # The first page's warnings include those of the first pass over all the pages.
        with _recorded(index + 1) as messages:
            text = next(chunks)["text"]
            found = doc[index].lines(order=order, hidden=hidden) if lines else None
        records = None if found is None else [line_record(line, hidden == "flag") for line in found]
        yield PageText(index + 1, text, records, messages)
