"""Page ranges as users write them: "1-3,7", "5-", "-2" (1-based, in the order given)."""

from __future__ import annotations

import re

from pagetext.errors import UsageError

_RANGE_PART = re.compile(r"^\s*(\d+)?\s*(-)?\s*(\d+)?\s*$")


def parse_page_range(spec: str, page_count: int) -> list[int]:
    """0-based page indices for a 1-based range like "1-3,7", "5-" or "-2" (in the order given).

    Raises UsageError for anything else, or for a page beyond the document.
    """
    indices: list[int] = []
    for part in spec.split(","):
        match = _RANGE_PART.match(part)
        if not match or not (match.group(1) or match.group(3)):
            raise UsageError(f"bad page range {spec!r}: use numbers like '1-3,7' or '5-'")
        first_text, dash, last_text = match.groups()
        first = int(first_text) if first_text else 1
        last = (int(last_text) if last_text else page_count) if dash else first
        if first < 1 or last < first:
            raise UsageError(f"bad page range {part.strip()!r} in {spec!r}: pages count from 1, low to high")
        if last > page_count:
            raise UsageError(f"page {last} is out of range: the document has {page_count} page(s)")
        indices.extend(range(first - 1, last))
    return indices
