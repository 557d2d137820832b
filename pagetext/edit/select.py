"""Which glyphs of a page a set of redaction targets covers, and which of them cannot be edited.

A target is a search Hit (its glyphs exactly) or an area (page number, Box in user space): an
area covers every glyph whose box centre lies in it or whose box it overlaps by at least
COVER_SHARE, so a ligature or wide glyph half under the area goes as a whole (a glyph's
bytes cannot be split).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import pikepdf

from pagetext.content.glyph import FormUse, Glyph, Quad
from pagetext.edit.search import Hit
from pagetext.edit.strings import Removals, StringEdit
from pagetext.geometry import Box

Area = tuple[int, Box]
Target = Hit | Area
GlyphKey = tuple[str, tuple[FormUse, ...], int, int]  # root, uses, string token, code index
StreamKey = tuple[str, tuple[FormUse, ...]]  # root ("" for the page), form uses

COVER_SHARE: Final = 0.3  # of a glyph's box under an area: a third covered shows too much of it
CLIP_MODES: Final = frozenset({4, 5, 6, 7})  # text render modes that add to the clip (§9.3.6)
MAX_PATTERN_DEPTH: Final = 8  # how deep pattern and form resources are searched for text


def glyph_key(glyph: Glyph) -> GlyphKey | None:
    source = glyph.source
    if source is None:
        return None
    return (source.root, source.uses, source.token, glyph.code_index)


def _overlap(a: Box, b: Box) -> float:
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return width * height if width > 0 and height > 0 else 0.0


def covered(glyph: Glyph, area: Box) -> bool:
    box = glyph.bbox
    if area.contains(*glyph.center):
        return True
    size = box.width * box.height
    return size > 0 and _overlap(box, area) >= COVER_SHARE * size


@dataclass(slots=True)
class PageSelection:
    """What the targets cover on one page.

    removals: per stream, per string token, the TextSource and the code indices to remove.
    fills: the quads to paint over (hits' line quads, areas). areas: the target areas and
    the boxes of hit glyphs (images under them may be removed). annotations: /Annots indices
    whose appearance or value shows covered text. refused: why some glyphs cannot be edited.
    """

    page_number: int
    removals: dict[StreamKey, Removals] = field(default_factory=dict)
    fills: list[Quad] = field(default_factory=list)
    areas: list[Box] = field(default_factory=list)
    annotations: set[int] = field(default_factory=set)
    refused: list[str] = field(default_factory=list)
    forced: list[Quad] = field(default_factory=list)
    count: int = 0
    # Marked content of the removed glyphs (MCID, the form stream whose MCIDs it is, §14.7.4.3).
    marked: set[tuple[int, tuple[int, int] | None]] = field(default_factory=set)

    def refuse(self, reason: str, quads: Sequence[Quad]) -> None:
        """Glyphs that are not edited: a reason to refuse, and with force, boxes over them."""
        self.refused.append(reason)
        self.forced.extend(quads)

    def add(self, glyph: Glyph) -> None:
        source = glyph.source
        marked = glyph.marked
        if marked is not None and marked.mcid is not None:
            self.marked.add((marked.mcid, marked.mcid_stream))
        if glyph.annotation and (source is None or source.root):
            self.annotations.add(_annotation_index(glyph.forms[0] if glyph.forms else ""))
            if source is None:
                self.count += 1
                return
        if source is None:
            return
        if getattr(source.font, "subtype", "") == "Type3":
            self.refuse(f"Type3 glyph {glyph.text!r} (its glyph procedure is not edited)", [glyph.quad])
            return
        if glyph.render_mode in CLIP_MODES:
            mode = glyph.render_mode
            self.refuse(f"glyph {glyph.text!r} is part of a clipping path (render mode {mode})", [glyph.quad])
            return
        stream = self.removals.setdefault((source.root, source.uses), {})
        entry = stream.get(source.token)
        if entry is None:
            entry = stream[source.token] = StringEdit(source, set())
        if glyph.code_index not in entry.removed:
            entry.removed.add(glyph.code_index)
            self.count += 1


def _annotation_index(name: str) -> int:
    """The /Annots index in an annotation's form name "Annots[3]"; -1 when it has none."""
    if name.startswith("Annots[") and name.endswith("]"):
        try:
            return int(name[7:-1])
        except ValueError:
            return -1
    return -1


def _quad_of(box: Box) -> Quad:
    return ((box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1))


def select(page_number: int, glyphs: Sequence[Glyph], targets: Iterable[Target]) -> PageSelection:
    """The glyphs of the page (all of them: forms and annotations too) the targets cover."""
    selection = PageSelection(page_number)
    by_key = {glyph_key(g): g for g in glyphs}
    for target in targets:
        if isinstance(target, Hit):
            if target.page_number != page_number:
                continue
            for glyph in target.glyphs:
                selection.add(by_key.get(glyph_key(glyph), glyph))
                selection.areas.append(glyph.bbox)
            selection.fills.extend(target.quads)
        else:
            number, area = target
            if number != page_number:
                continue
            for glyph in glyphs:
                if covered(glyph, area):
                    selection.add(glyph)
            selection.areas.append(area)
            selection.fills.append(_quad_of(area))
    return selection


def pattern_text(resources: Any, depth: int = 0) -> bool:
    """Whether a tiling pattern among the resources (or its forms') shows text (§8.7.3): the
    interpreter does not draw patterns, so such text has no glyph records to edit."""
    if not isinstance(resources, pikepdf.Dictionary) or depth > MAX_PATTERN_DEPTH:
        return False
    try:
        patterns = resources.get("/Pattern")
        for pattern in patterns.values() if isinstance(patterns, pikepdf.Dictionary) else ():
            tiling = isinstance(pattern, pikepdf.Stream) and pattern.get("/PatternType") == 1
            inner = pattern.get("/Resources") if tiling else None
            if tiling and (b"BT" in pattern.read_bytes() or pattern_text(inner, depth + 1)):
                return True
        xobjects = resources.get("/XObject")
        for xobject in xobjects.values() if isinstance(xobjects, pikepdf.Dictionary) else ():
            is_form = isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Form"
            if is_form and pattern_text(xobject.get("/Resources"), depth + 1):
                return True
    except (pikepdf.PdfError, RuntimeError, ValueError):
        return False
    return False
