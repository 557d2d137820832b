"""Page text in the formats users feed to other tools, one module per format.

Every format consumes the same page records (``Page.lines()`` with their words and glyphs)
and the same paragraphs (``pagetext.layout.paragraphs``); none derives layout of its own.

- ``text``: plain text, pages joined by a separator
- ``json``: the ``pagetext/1`` JSON schema (``schema/pagetext-1.schema.json``)
- ``hocr``: hOCR 1.2 (XHTML)
- ``alto``: ALTO 4.4 (XML)
- ``markdown``: Markdown
- ``jsonl``: JSON Lines, one record per page (path, page, text, optional line records)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as type checkers see them; at run time, __getattr__ below
    from pagetext.export.json import page_record, to_json
    from pagetext.layout.paragraphs import paragraph_blocks

__all__ = ["page_record", "paragraph_blocks", "to_json"]


def __getattr__(name: str) -> Any:
    """The re-exported names, imported at first use (PEP 562): opening a document and reading
    its text imports this package for the format registry, and the exporters take tens of ms
    to import."""
    if name in ("page_record", "to_json"):
        from pagetext.export import json

        return getattr(json, name)
    if name == "paragraph_blocks":
        from pagetext.layout.paragraphs import paragraph_blocks

        return paragraph_blocks
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
