"""Pages with annotations and form fields for the tests of appearances and fields (§12.5, §12.7)."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.pdfbuild import add_page, form, new_pdf, simple_font, to_bytes

PAGE_TEXT = b"BT /F1 12 Tf 72 700 Td (Page text) Tj ET"


def appearance(
    pdf: pikepdf.Pdf,
    text: bytes,
    bbox: list[float],
    *,
    matrix: list[float] | None = None,
    x: float = 2,
    y: float = 5,
    resources: bool = True,
) -> pikepdf.Object:
    """An appearance stream showing `text` at (x, y) of its form space, 10 pt Helvetica."""
    content = b"/Tx BMC q BT /Helv 10 Tf %g %g Td (" % (x, y) + text + b") Tj ET Q EMC"
    res = Dictionary(Font=Dictionary(Helv=simple_font(pdf))) if resources else None
    return pdf.make_indirect(form(pdf, content, resources=res, matrix=matrix, bbox=bbox))


def annotation(pdf: pikepdf.Pdf, subtype: str, rect: list[float], **entries: Any) -> pikepdf.Object:
    return pdf.make_indirect(
        Dictionary(Type=Name.Annot, Subtype=Name("/" + subtype), Rect=Array(rect), **entries)
    )


def build(
    annots: list[Any] | Any,
    *,
    content: bytes = PAGE_TEXT,
    acroform: dict[str, Any] | None = None,
    root: dict[str, Any] | None = None,
    encryption: pikepdf.Encryption | None = None,
) -> pagetext.Document:
    """A one-page PDF whose page has the annotations made by `annots(pdf)`."""
    pdf = new_pdf()
    page = add_page(pdf, content)
    made = annots(pdf) if callable(annots) else annots
    page.obj.Annots = Array(made)
    fields = [a for a in made if a.get("/Subtype") == Name.Widget]
    if fields or acroform:
        pdf.Root.AcroForm = Dictionary(Fields=Array(fields), **(acroform or {}))
    for key, value in (root or {}).items():
        pdf.Root[key] = value(pdf) if callable(value) else value
    save: dict[str, Any] = {"encryption": encryption} if encryption else {}
    return pagetext.open(to_bytes(pdf, **save))


def page_of(annots: Any, **options: Any) -> pagetext.Page:
    return build(annots, **options)[0]


def annotation_glyphs(page: pagetext.Page) -> list[pagetext.Glyph]:
    return [g for g in page.glyphs(annotations=True) if g.annotation]


def inside(glyphs: list[pagetext.Glyph], rect: list[float]) -> bool:
    x0, y0, x1, y1 = rect
    return all(x0 - 0.01 <= x <= x1 + 0.01 and y0 - 0.01 <= y <= y1 + 0.01 for g in glyphs for x, y in g.quad)


def simple_stamp(pdf: pikepdf.Pdf) -> list[Any]:
    return [
        annotation(
            pdf, "Stamp", [72, 300, 272, 320], AP=Dictionary(N=appearance(pdf, b"DRAFT", [0, 0, 200, 20]))
        )
    ]
