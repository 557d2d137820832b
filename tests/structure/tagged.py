"""Tagged PDFs built in code: a structure tree over marked content (ISO 32000-1 §14.7)."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.pdfbuild import add_page, new_pdf, to_bytes

# An element: (type, kids, extra entries); kids are MCIDs (int), elements, or raw kid objects.
Element = tuple[str, list[Any], dict[str, Any]]


def element(type_: str, *kids: Any, **extra: Any) -> Element:
    return (type_, list(kids), extra)


def build(
    pdf: pikepdf.Pdf,
    page: pikepdf.Page,
    roots: list[Element],
    *,
    role_map: dict[str, str] | None = None,
    parent_tree: bool = True,
    k: bool = True,
    extra_parents: dict[int, list[Any]] | None = None,
) -> pikepdf.Dictionary:
    """Attach a structure tree to the document: roots under /StructTreeRoot, the page's
    /StructParents 0 and a /ParentTree built from the MCIDs of the elements."""
    root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    by_mcid: dict[int, Any] = {}

    def make(item: Element, parent: Any) -> Any:
        type_, kids, extra = item
        obj = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name("/" + type_), P=parent, Pg=page.obj))
        for key, value in extra.items():
            obj[Name("/" + key)] = pikepdf.String(value) if isinstance(value, str) else value
        out = Array()
        for kid in kids:
            if isinstance(kid, int):
                by_mcid[kid] = obj
                out.append(kid)
            elif isinstance(kid, tuple):
                out.append(make(kid, obj))
            else:
                out.append(kid)
        if k:
            obj.K = out
        return obj

    top = Array([make(item, root) for item in roots])
    if k:
        root.K = top
    if role_map:
        root.RoleMap = Dictionary({"/" + a: Name("/" + b) for a, b in role_map.items()})
    if parent_tree:
        nums = Array()
        count = max(by_mcid) + 1 if by_mcid else 0
        nums.extend([0, Array([by_mcid.get(i) for i in range(count)])])
        for key, value in (extra_parents or {}).items():
            nums.extend([key, Array(value)])
        root.ParentTree = pdf.make_indirect(Dictionary(Nums=nums))
    page.obj.StructParents = 0
    pdf.Root.StructTreeRoot = root
    pdf.Root.MarkInfo = Dictionary(Marked=True)
    return root


def tagged_page(content: bytes, roots: list[Element], **options: Any) -> pagetext.Page:
    pdf = new_pdf()
    resources = ("fonts", "xobjects", "properties")
    page = add_page(pdf, content, **{k: v for k, v in options.items() if k in resources})
    build(pdf, page, roots, **{k: v for k, v in options.items() if k not in resources})
    return pagetext.open(to_bytes(pdf))[0]
