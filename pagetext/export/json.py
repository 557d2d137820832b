"""JSON export: the ``pagetext/1`` schema (``schema/pagetext-1.schema.json``).

    {"schema": "pagetext/1", "metadata": {...}, "pages": [
        {"page": 1, "media_box": [...], "crop_box": [...], "visible_box": [...],
         "rotation": 0, "warnings": [...],
         "blocks": [{"bbox": [...], "role"?: ..., "lines": [
             {"text", "bbox", "baseline"?, "direction", "font", "size", "role"?,
              "words": [{"text", "bbox", "font"?, "size"?, "hidden"?}]}]}],
         "glyphs"?: [...], "structure"?: [...], "structure_trust"?: {...}}]}

Coordinates are PDF user space: points, origin at the bottom left of the page's user
space (not of its visible box), y up, before /Rotate. Boxes are [x0, y0, x1, y1] with
x0 <= x1 and y0 <= y1. Blocks come from pagetext.layout.paragraphs; words are the text output's
whitespace-separated tokens. With hidden="flag" a word a viewer does not show all of says why
in "hidden" (pagetext.content.visibility.REASONS); hidden="drop" leaves such words out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Final

from pagetext.content.glyph import Glyph
from pagetext.export.common import baseline, tokens
from pagetext.export.page_view import PageView
from pagetext.geometry import Box
from pagetext.layout.paragraphs import paragraph_blocks
from pagetext.layout.records import Line

SCHEMA: Final = "pagetext/1"
SCHEMA_FILE: Final = "schema/pagetext-1.schema.json"


def _num(value: float) -> float:
    rounded = round(value, 3)
    return rounded + 0.0 if rounded else 0.0  # no -0.0


def _box(box: Box) -> list[float]:
    return [_num(value) for value in box]


def _point(point: tuple[float, float]) -> list[float]:
    return [_num(point[0]), _num(point[1])]


def line_record(line: Line, flags: bool = False) -> dict[str, Any]:
    """One line record of the pagetext/1 schema (an item of a block's "lines"); flags=True
    (hidden="flag") gives each word a viewer does not show all of its reasons."""
    words = []
    for word in line.words:
        differs = word.font_name != line.font_name or word.font_size != line.font_size
        reasons = word.hidden if flags else ()
        for text, box in tokens(word):
            record: dict[str, Any] = {"text": text, "bbox": _box(box)}
            if differs:
                record["font"] = word.font_name
                record["size"] = _num(word.font_size)
            if reasons:
                record["hidden"] = list(reasons)
            words.append(record)
    record = {
        "text": line.text,
        "bbox": _box(line.bbox),
        "direction": _point(line.direction),
        "font": line.font_name,
        "size": _num(line.font_size),
        "words": words,
    }
    base = baseline(line)
    if base is not None:
        record["baseline"] = [_point(base[0]), _point(base[1])]
    if line.role:
        record["role"] = line.role
    return record


def _block(block: list[Line], flags: bool) -> dict[str, Any]:
    box = Box(
        min(line.bbox.x0 for line in block),
        min(line.bbox.y0 for line in block),
        max(line.bbox.x1 for line in block),
        max(line.bbox.y1 for line in block),
    )
    record: dict[str, Any] = {"bbox": _box(box), "lines": [line_record(line, flags) for line in block]}
    roles = {line.role for line in block}
    if len(roles) == 1 and "" not in roles:
        record["role"] = roles.pop()
    return record


def glyph_record(glyph: Glyph, visible: bool, flags: bool = False) -> dict[str, Any]:
    """One glyph record (SPEC §2), geometry in user space; with flags (hidden="flag" or
    "drop") "hidden" says why a viewer does not show the glyph, if it does not."""
    artifact = glyph.artifact
    return {
        "text": glyph.text,
        "code": glyph.code,
        "font": glyph.font_name,
        "size": _num(glyph.font_size),
        "quad": [_point(point) for point in glyph.quad],
        "baseline_start": _point(glyph.baseline_start),
        "baseline_end": _point(glyph.baseline_end),
        "glyph_end": _point(glyph.glyph_end),
        "direction": _point(glyph.direction),
        "box_height": _num(glyph.box_height),
        "writing_mode": glyph.writing_mode,
        "render_mode": glyph.render_mode,
        "mcid": glyph.mcid,
        "token_index": glyph.token_index,
        "forms": list(glyph.forms),
        "rise": _num(glyph.rise),
        "visible": visible,
        "artifact": {"type": artifact.type, "subtype": artifact.subtype} if artifact is not None else None,
        **({"mapped_text": glyph.mapped_text} if glyph.mapped_text != glyph.text else {}),
        **({"original_text": glyph.original_text} if glyph.original_text is not None else {}),
        **({"hidden": list(glyph.hidden)} if flags and glyph.hidden else {}),
    }


def page_record(
    page: PageView,
    order: str,
    structure: bool = False,
    glyphs: bool = False,
    annotations: bool = True,
    hidden: str = "keep",
) -> dict[str, Any]:
    """A page as a JSON-ready dict (one item of "pages" in the pagetext/1 schema).

    structure=True adds the page's structure tree (glyph indices into
    page.glyphs(forms=True)) and whether order="auto" trusts it; glyphs=True adds every
    glyph of page.glyphs(forms=True), each marked visible or not; annotations=False leaves
    out the text of annotations and form fields. hidden="drop" leaves out the words a viewer
    does not show, hidden="flag" keeps them with their reasons; the glyph records stay every
    glyph (the structure's indices count them), hidden ones saying why unless hidden="keep".
    """
    lines = page.lines(order=order, roles=True, annotations=annotations, hidden=hidden)
    flags = hidden == "flag"
    record: dict[str, Any] = {
        "page": page.number,
        "media_box": _box(page.media_box),
        "crop_box": _box(page.crop_box),
        "visible_box": _box(page.visible_box),
        "rotation": page.rotation,
        "blocks": [_block(block, flags) for block in paragraph_blocks(lines, page.font_styles())],
    }
    if glyphs:
        x0, y0, x1, y1 = page.visible_box
        marked = hidden != "keep"
        record["glyphs"] = [
            glyph_record(g, x0 <= g.center[0] <= x1 and y0 <= g.center[1] <= y1, marked)
            for g in page.glyphs(forms=True, hidden="flag" if marked else "keep")
        ]
    if structure:
        trust = page.structure_trust
        record["structure"] = [element.to_dict() for element in page.structure()]
        record["structure_trust"] = {"ok": trust.ok, "reasons": trust.reasons}
    record["warnings"] = list(page.warnings)  # last: reading the page fills them
    return record


def json_chunks(
    pages: Iterable[PageView],
    order: str = "reading",
    structure: bool = False,
    glyphs: bool = False,
    metadata: dict[str, str] | None = None,
    annotations: bool = True,
    hidden: str = "keep",
) -> Iterator[str]:
    """The JSON document in pieces, one page at a time (memory stays flat)."""
    head = {"schema": SCHEMA, "metadata": metadata or {}}
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "pages": ['
    for n, page in enumerate(pages):
        record = page_record(page, order, structure, glyphs, annotations, hidden)
        yield ("," if n else "") + json.dumps(record, ensure_ascii=False)
    yield "]}"


def to_json(
    pages: Iterable[PageView],
    order: str = "reading",
    structure: bool = False,
    glyphs: bool = False,
    metadata: dict[str, str] | None = None,
    annotations: bool = True,
    hidden: str = "keep",
) -> str:
    """The pages as one pagetext/1 JSON document: pages → blocks → lines → words, each with
    its box in PDF user space (points, origin bottom-left).

    Lines that repeat across pages carry "role": "header" or "footer" (also lines drawn as
    pagination artifacts; other artifacts "artifact").
    """
    return "".join(json_chunks(pages, order, structure, glyphs, metadata, annotations, hidden))


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the pagetext/1 format."""
    from importlib.resources import files

    text = files("pagetext.export").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    result: dict[str, Any] = json.loads(text)
    return result
