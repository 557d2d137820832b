"""One page's share of the structure tree: elements with the glyphs they own (ISO 32000-1 §14.7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pagetext.content.glyph import Glyph
from pagetext.geometry import Box
from pagetext.pdf.objects import ObjGen
from pagetext.structure.nodes import ContentKey, Node, ObjectRef
from pagetext.structure.tree import StructTree


class ContentItem:
    """A marked-content sequence of the page that belongs to an element: its MCID, the Form
    XObject it is in (None: the page's content stream) and the indices, in
    Page.glyphs(forms=True), of the glyphs it shows."""

    __slots__ = ("glyphs", "mcid", "stream")

    def __init__(self, mcid: int, stream: ObjGen | None, glyphs: list[int]) -> None:
        self.mcid = mcid
        self.stream = stream
        self.glyphs = glyphs

    def __repr__(self) -> str:
        return f"<ContentItem mcid={self.mcid} glyphs={len(self.glyphs)}>"


class StructElement:
    """A structure element on the page (§14.7.2).

    type: the standard type it maps to through the role maps; raw_type: its /S. alt, actual_text,
    lang, expansion: /Alt, /ActualText, /Lang, /E. kids: elements, content items and object
    references, in /K order, only those on this page. glyphs: indices (in
    Page.glyphs(forms=True)) of the glyphs it owns itself; all_glyphs() adds its descendants'.
    bbox: around all its glyphs, else its Layout attribute /BBox, else None.
    """

    __slots__ = ("actual_text", "alt", "bbox", "expansion", "glyphs", "kids", "lang", "raw_type", "type")

    def __init__(self, node: Node) -> None:
        self.type = node.type
        self.raw_type = node.raw_type
        self.alt = node.alt
        self.actual_text = node.actual_text
        self.lang = node.lang
        self.expansion = node.expansion
        self.kids: list[StructElement | ContentItem | ObjectRef] = []
        self.glyphs: list[int] = []
        self.bbox: Box | None = Box(*node.attributes_bbox) if node.attributes_bbox else None

    def __repr__(self) -> str:
        return f"<StructElement {self.type} ({self.raw_type}) kids={len(self.kids)}>"

    @property
    def children(self) -> list[StructElement]:
        return [kid for kid in self.kids if isinstance(kid, StructElement)]

    def all_glyphs(self) -> list[int]:
        """Its glyphs and its descendants', in tree order."""
        result: list[int] = []
        for kid in self.kids:
            if isinstance(kid, ContentItem):
                result.extend(kid.glyphs)
            elif isinstance(kid, StructElement):
                result.extend(kid.all_glyphs())
        return result

    def to_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {"type": self.type}
        if self.raw_type != self.type:
            record["raw_type"] = self.raw_type
        for key in ("alt", "actual_text", "lang", "expansion"):
            value = getattr(self, key)
            if value is not None:
                record[key] = value
        if self.bbox is not None:
            record["bbox"] = [round(v, 3) for v in self.bbox]
        if self.glyphs:
            record["glyphs"] = self.glyphs
        kids = []
        for kid in self.kids:
            if isinstance(kid, StructElement):
                kids.append(kid.to_dict())
            elif isinstance(kid, ContentItem):
                kids.append({"mcid": kid.mcid, "glyphs": len(kid.glyphs)})
            else:
                kids.append({"object": list(kid.object)})
        if kids:
            record["kids"] = kids
        return record


class PageStructure:
    """The page's structure: its root elements, and what the trust check needs to know."""

    def __init__(self) -> None:
        self.roots: list[StructElement] = []
        self.keys: dict[ContentKey, list[int]] = {}  # the page's MCIDs → glyph indices
        self.unresolved = 0  # of those, how many the /ParentTree resolves to nothing
        self.owned: set[int] = set()  # glyph indices the tree owns
        self.cell_glyphs: set[int] = set()  # glyph indices inside TD and TH cells

    def walk(self) -> list[StructElement]:
        """Every element of the page, pre-order."""
        result: list[StructElement] = []
        stack = list(reversed(self.roots))
        while stack:
            element = stack.pop()
            result.append(element)
            stack.extend(reversed(element.children))
        return result


def glyph_key(glyph: Glyph, page: ObjGen) -> ContentKey | None:
    marked = glyph.marked
    if marked is None or marked.mcid is None:
        return None
    if marked.mcid_stream is not None:
        return (None, marked.mcid_stream, marked.mcid)
    return (page, None, marked.mcid)


def page_structure(
    tree: StructTree,
    page: ObjGen,
    struct_parents: int | None,
    form_struct_parents: dict[ObjGen, int],
    glyphs: Sequence[Glyph],
) -> PageStructure:
    """The elements of `tree` with content among `glyphs` (a page's glyphs, forms included)."""
    result = PageStructure()
    for index, glyph in enumerate(glyphs):
        key = glyph_key(glyph, page)
        if key is not None:
            result.keys.setdefault(key, []).append(index)
    _ = tree.roots
    for key in result.keys:
        stream = key[1]
        parents = struct_parents if stream is None else form_struct_parents.get(stream)
        element = tree.parent_of(parents, key[2])
        if element is None:
            result.unresolved += 1
        elif key not in tree.by_key:
            tree.adopt(element, key)  # content the /K walk did not reach
    on_page: set[ObjGen] = set()
    for key in result.keys:
        node: Node | None = tree.by_key.get(key)
        while node is not None and node.objgen not in on_page:
            on_page.add(node.objgen)
            node = node.parent
    result.roots = _view(tree.roots, on_page, tree.by_key, result, glyphs)
    return result


def _view(
    nodes: list[Node],
    on_page: set[ObjGen],
    owners: dict[ContentKey, Node],
    result: PageStructure,
    glyphs: Sequence[Glyph],
) -> list[StructElement]:
    elements: list[StructElement] = []
    for node in nodes:
        if node.objgen not in on_page:
            continue
        element = StructElement(node)
        cell = node.type in ("TD", "TH")
        for kid in node.kids:
            if isinstance(kid, Node):
                if kid.objgen in on_page:
                    element.kids.extend(_view([kid], on_page, owners, result, glyphs))
            elif isinstance(kid, ObjectRef):
                element.kids.append(kid)
            else:
                indices = result.keys.get(kid)
                # Content claimed by two elements belongs to the first that claimed it.
                if indices is not None and owners.get(kid) is node:
                    element.kids.append(ContentItem(kid[2], kid[1], indices))
                    element.glyphs.extend(indices)
                    result.owned.update(indices)
        if cell:
            result.cell_glyphs.update(element.all_glyphs())
        own = element.all_glyphs()
        if own:
            boxes = [glyphs[i].bbox for i in own]
            element.bbox = Box(
                min(b.x0 for b in boxes),
                min(b.y0 for b in boxes),
                max(b.x1 for b in boxes),
                max(b.y1 for b in boxes),
            )
        elements.append(element)
    return elements
