"""Page text in the formats users feed to other tools: plain text and JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pagetext.geometry import Box
from pagetext.layout.records import Line
from pagetext.page import Page


def _box(box: Box) -> list[float]:
    return [round(value, 3) for value in box]


def _line(line: Line) -> dict[str, Any]:
    return {
        "text": line.text,
        "bbox": _box(line.bbox),
        "font": line.font_name,
        "size": round(line.font_size, 3),
        "words": [{"text": word.text, "bbox": _box(word.bbox)} for word in line.words],
        **({"role": line.role} if line.role else {}),
    }


def page_record(page: Page, order: str, structure: bool = False) -> dict[str, Any]:
    """A page as a JSON-ready dict: geometry, then lines with their words and boxes; with
    structure=True also the page's structure tree (glyph indices into
    page.glyphs(forms=True)) and whether order="auto" trusts it."""
    record = {
        "page": page.number,
        "media_box": _box(page.media_box),
        "visible_box": _box(page.visible_box),
        "rotation": page.rotation,
        "lines": [_line(line) for line in page.lines(order=order, roles=True)],
    }
    if structure:
        trust = page.structure_trust
        record["structure"] = [element.to_dict() for element in page.structure()]
        record["structure_trust"] = {"ok": trust.ok, "reasons": trust.reasons}
    return record


def to_json(pages: Iterable[Page], order: str, structure: bool = False) -> str:
    """pages → lines → words, each with its box in PDF user space (points, origin bottom-left).

    Lines that repeat across pages carry "role": "header" or "footer" (also lines drawn as
    pagination artifacts; other artifacts "artifact").
    """
    return json.dumps({"pages": [page_record(page, order, structure) for page in pages]}, ensure_ascii=False)
