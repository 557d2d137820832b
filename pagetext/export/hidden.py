"""The hidden-text report of `pagetext hidden`: every span of text a viewer does not show
(pagetext.layout.hidden_spans), with its reasons, as lines of text or as JSON, the
``pagetext-hidden/1`` schema (``schema/pagetext-hidden-1.schema.json``):

    {"schema": "pagetext-hidden/1", "file": "cv.pdf", "pages": 3,
     "spans": [{"page": 2, "text": "...", "bbox": [x0, y0, x1, y1], "reasons": ["same-color"]}],
     "counts": {"invisible-mode": 0, "clipped": 0, ..., "same-color": 1, ...}}

Boxes are PDF user space of the span's page (points, origin bottom left, y up). "counts"
holds every reason, with the number of spans it hides; a span hidden for two reasons
counts for both.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

from pagetext.content.visibility import REASONS
from pagetext.layout.hidden_spans import HiddenSpan

SCHEMA: Final = "pagetext-hidden/1"
SCHEMA_FILE: Final = "schema/pagetext-hidden-1.schema.json"


def reason_counts(spans: Sequence[HiddenSpan]) -> dict[str, int]:
    """Every reason (in the order of REASONS) with the number of spans it hides."""
    return {reason: sum(1 for span in spans if reason in span.reasons) for reason in REASONS}


def report_json(spans: Sequence[HiddenSpan], file: str, pages: int) -> str:
    """The report as one pagetext-hidden/1 document, a span a line; `file` names the PDF
    ("" for standard input), `pages` is how many pages were read."""
    head = json.dumps({"schema": SCHEMA, "file": file, "pages": pages}, ensure_ascii=False)[:-1]
    rows = "".join(
        ("," if n else "") + "\n" + json.dumps(span.to_dict(), ensure_ascii=False)
        for n, span in enumerate(spans)
    )
    counts = json.dumps(reason_counts(spans))
    end = "\n" if rows else ""
    return f'{head}, "spans": [{rows}{end}], "counts": {counts}}}\n'


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def report_lines(spans: Sequence[HiddenSpan], pages: int) -> Iterator[str]:
    """The report as text: a line per span, its page, reasons, box (x0,y0,x1,y1 in user
    space) and text (quoted as a JSON string: a newline or a quote in it cannot break the
    line), the columns aligned; then a summary line with the spans each reason hides."""
    labels = [(f"p.{span.page}", "[" + ", ".join(span.reasons) + "]") for span in spans]
    page_width = max((len(page) for page, _ in labels), default=0)
    reason_width = max((len(reasons) for _, reasons in labels), default=0)
    for span, (page, reasons) in zip(spans, labels, strict=True):
        box = ",".join(_number(value) for value in span.bbox)
        text = json.dumps(span.text, ensure_ascii=False)
        yield f"{page:<{page_width}}  {reasons:<{reason_width}}  {box}  {text}\n"
    yield summary(spans, pages) + "\n"


def summary(spans: Sequence[HiddenSpan], pages: int) -> str:
    """One line: how many spans are hidden on how many of the pages read, and why."""
    read = f"{pages} page{'s' if pages != 1 else ''}"
    if not spans:
        return f"hidden: nothing on the {read} read"
    found = len({span.page for span in spans})
    counts = ", ".join(f"{reason} {n}" for reason, n in reason_counts(spans).items() if n)
    plural = "s" if len(spans) != 1 else ""
    return f"hidden: {len(spans)} span{plural} on {found} of {read} ({counts})"


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the pagetext-hidden/1 format."""
    from importlib.resources import files

    text = files("pagetext.export").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
