"""JSON Lines export: one record per page, for indexing many documents in one stream.

    {"path": "a/b.pdf", "page": 1, "text": "...", "lines"?: [line records]}

"text" is the page's text as the text format writes it; "lines" (on request) are the page's
lines in reading order, each the line record of the pagetext/1 JSON (pagetext.export.json),
their words with "hidden" reasons when hidden="flag".
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from pagetext.export.json import line_record
from pagetext.export.page_view import PageView
from pagetext.layout.assembly import lines_text


def jsonl_chunks(
    pages: Iterable[PageView],
    path: str,
    order: str = "reading",
    lines: bool = False,
    annotations: bool = True,
    hidden: str = "keep",
) -> Iterator[str]:
    """One JSON line (newline included) per page; `path` names the document in each record;
    hidden="drop" leaves out what a viewer does not show (Page.lines)."""
    for page in pages:
        # roles=True as the JSON export has them: it reads the whole document once for its
        # running headers, so only when the line records are asked for.
        page_lines = page.lines(order=order, roles=lines, annotations=annotations, hidden=hidden)
        record: dict[str, Any] = {"path": path, "page": page.number, "text": lines_text(page_lines)}
        if lines:
            record["lines"] = [line_record(line, hidden == "flag") for line in page_lines]
        yield json.dumps(record, ensure_ascii=False) + "\n"
