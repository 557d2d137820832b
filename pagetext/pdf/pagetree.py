"""A damaged page tree replaced by a flat one: the pages in document order, each once.

Used when qpdf cannot list the pages (a /Kids entry that points at an ancestor, a tree
nested too deep) and for files whose objects were recovered from a scan of the bytes
(pagetext.pdf.recovery). The pages are found, in this order of preference:

1. by walking the catalog's /Pages tree depth-first, left to right (§7.7.3.2), every node
   at most once, so that loops end;
2. by the objects of /Type /Page, in file order, when the tree gives none;
3. by content streams that show text, each made into a page of a default size, when the
   file has no page objects at all.

Inheritable attributes (§7.7.3.4) are copied down into each page, since the new tree has no
ancestors to inherit them from. The result counts only if some page shows text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

import pikepdf
from pikepdf import Array, Dictionary, Name

from pagetext.errors import DamagedPdfError
from pagetext.pdf.objects import OBJECT_ERRORS, read_stream

# §7.7.3.4, Table 30: the attributes a page inherits from its ancestors.
INHERITABLE: Final = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")
DEFAULT_MEDIA_BOX: Final = (0, 0, 612, 792)  # US Letter, what viewers assume for a page without one
# How much of a page's content is decoded to see whether it shows text: text comes early.
MAX_PROBE_BYTES: Final = 16 * 1024 * 1024
MAX_PROBED_FORMS: Final = 64  # Form XObjects of one page looked into for text

_BT: Final = re.compile(rb"(?<![A-Za-z0-9_])BT(?![A-Za-z0-9_])")
# Tj / TJ, or ' / " after a string or array operand (§9.4.3).
_SHOW: Final = re.compile(rb"(?<![A-Za-z0-9_#/])T[jJ](?![A-Za-z0-9_])|[)>\]][\x00\t\n\f\r ]*['\"]")
# Stream dictionaries of these kinds are not page content (images, fonts, object streams, ...).
_NOT_CONTENT: Final = ("/Type", "/Subtype", "/Length1", "/Length2", "/Length3")


@dataclass(frozen=True, slots=True)
class Rebuilt:
    pdf: pikepdf.Pdf
    pages: list[Any]  # the page dictionaries, in order
    warning: str  # what the document and each page report


def _quiet(message: str) -> None:
    pass


def shows_text(data: bytes) -> bool:
    """Whether content data has a text object with a text-showing operator (§9.4)."""
    return _BT.search(data) is not None and _SHOW.search(data) is not None


def _streams(value: Any) -> list[Any]:
    items = list(value) if isinstance(value, pikepdf.Array) else [value]
    return [item for item in items if isinstance(item, pikepdf.Stream)]


def _page_shows_text(page: Any) -> bool:
    try:
        for stream in _streams(page.get("/Contents")):
            data = read_stream(stream, "a content stream", _quiet, MAX_PROBE_BYTES)
            if data is not None and shows_text(data):
                return True
        resources = page.get("/Resources")
        xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            return False
        for _, xobject in zip(range(MAX_PROBED_FORMS), xobjects.values(), strict=False):
            if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == Name.Form:
                data = read_stream(xobject, "a form", _quiet, MAX_PROBE_BYTES)
                if data is not None and shows_text(data):
                    return True
    except OBJECT_ERRORS:
        return False
    return False


def _looks_like_page(node: Any) -> bool:
    kind = node.get("/Type")
    if kind is not None:
        return bool(kind == Name.Page)
    return "/Contents" in node or "/MediaBox" in node


def _walk(top: Any) -> list[tuple[Any, dict[str, Any]]]:
    """The leaves of a page tree with the attributes they inherit, each node once."""
    found: list[tuple[Any, dict[str, Any]]] = []
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[Any, dict[str, Any]]] = [(top, {})]
    while stack:
        node, inherited = stack.pop()
        try:
            if not isinstance(node, pikepdf.Dictionary):
                continue
            if node.is_indirect:
                if node.objgen in seen:
                    continue  # a loop, or a page listed twice
                seen.add(node.objgen)
            kids = node.get("/Kids")
            if node.get("/Type") == Name.Pages or (node.get("/Type") != Name.Page and kids is not None):
                passed = dict(inherited)
                for key in INHERITABLE:
                    if key in node:
                        passed[key] = node[key]
                if isinstance(kids, pikepdf.Array):
                    stack.extend((kid, passed) for kid in reversed(list(kids)))
            elif _looks_like_page(node):
                found.append((node, inherited))
        except OBJECT_ERRORS:
            continue
    return found


def _from_parents(page: Any) -> dict[str, Any]:
    """What a page outside any usable tree inherits through its /Parent chain."""
    inherited: dict[str, Any] = {}
    seen: set[tuple[int, int]] = set()
    node = page.get("/Parent")
    while isinstance(node, pikepdf.Dictionary) and node.objgen not in seen:
        seen.add(node.objgen)
        for key in INHERITABLE:
            if key not in inherited and key in node:
                inherited[key] = node[key]
        node = node.get("/Parent")
    return inherited


def _objects(pdf: pikepdf.Pdf, order: list[tuple[int, int]] | None) -> Iterable[Any]:
    """The objects in file order, or all of pdf's objects by number when order is None."""
    if order is None:
        try:
            yield from (obj for obj in pdf.objects if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)))
        except OBJECT_ERRORS:
            return
        return
    for number, generation in order:
        try:
            yield pdf.get_object(number, generation)
        except OBJECT_ERRORS:
            continue


def _orphan_pages(pdf: pikepdf.Pdf, order: list[tuple[int, int]] | None) -> list[tuple[Any, dict[str, Any]]]:
    found = []
    for obj in _objects(pdf, order):
        try:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == Name.Page:
                found.append((obj, _from_parents(obj)))
        except OBJECT_ERRORS:
            continue
    return found


def _pages_from_streams(
    pdf: pikepdf.Pdf, order: list[tuple[int, int]] | None
) -> list[tuple[Any, dict[str, Any]]]:
    """Content streams that show text, each on a new page; fonts from any /Font resources."""
    fonts = Dictionary()
    texts = []
    for obj in _objects(pdf, order):
        try:
            if isinstance(obj, pikepdf.Stream):
                if not any(key in obj for key in _NOT_CONTENT):
                    data = read_stream(obj, "a stream", _quiet, MAX_PROBE_BYTES)
                    if data is not None and shows_text(data):
                        texts.append(obj)
            elif isinstance(obj, pikepdf.Dictionary):
                resource = obj.get("/Font")
                if isinstance(resource, pikepdf.Dictionary):
                    for key, font in resource.items():
                        if key not in fonts and isinstance(font, pikepdf.Dictionary):
                            fonts[key] = font
        except OBJECT_ERRORS:
            continue
    return [
        (Dictionary(Type=Name.Page, Contents=stream), {
            "/MediaBox": Array(DEFAULT_MEDIA_BOX), "/Resources": Dictionary(Font=fonts)
        })
        for stream in texts
    ]  # fmt: skip


def _catalog(pdf: pikepdf.Pdf, candidates: list[Any], order: list[tuple[int, int]] | None) -> Any:
    """The catalog: the /Root of the last trailer that has one, else the last /Type /Catalog."""
    for candidate in candidates:
        try:
            root = candidate.get("/Root")
            if isinstance(root, pikepdf.Dictionary):
                return root
        except OBJECT_ERRORS:
            continue
    found = None
    for obj in _objects(pdf, order):
        try:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == Name.Catalog:
                found = obj
        except OBJECT_ERRORS:
            continue
    return found


def rebuild_page_tree(
    pdf: pikepdf.Pdf, candidates: list[Any], order: list[tuple[int, int]] | None, warning: str
) -> Rebuilt:
    """Give pdf a flat, loop-free page tree and return its pages.

    candidates: trailer dictionaries, last first (their /Root is the catalog); order: the
    objects in file order (None: all of pdf's objects by number). Raises DamagedPdfError
    when no page shows text.
    """
    catalog = _catalog(pdf, candidates, order)
    try:
        found = _walk(catalog.get("/Pages")) if catalog is not None else []
    except OBJECT_ERRORS:
        found = []
    if not found:
        found = _orphan_pages(pdf, order)
    if not found:
        found = _pages_from_streams(pdf, order)
    if not found:
        raise DamagedPdfError("no page could be found in it")
    if not any(_page_shows_text(page) for page, _ in found):
        raise DamagedPdfError(f"{len(found)} page(s) found, none with text")
    tree = pdf.make_indirect(Dictionary(Type=Name.Pages, Kids=Array(), Count=len(found)))
    pages = []
    for page, inherited in found:
        try:
            if not page.is_indirect:
                page = pdf.make_indirect(page)
            for key, value in inherited.items():
                if key not in page:
                    page[key] = value
            page.Parent = tree
            tree.Kids.append(page)
        except OBJECT_ERRORS:
            continue  # a page that cannot be written to is left out
        pages.append(page)
    tree.Count = len(pages)
    if catalog is None or not isinstance(catalog, pikepdf.Dictionary):
        catalog = Dictionary(Type=Name.Catalog)
    if not catalog.is_indirect:
        catalog = pdf.make_indirect(catalog)
    catalog.Pages = tree
    pdf.trailer.Root = catalog
    return Rebuilt(pdf, pages, warning)
