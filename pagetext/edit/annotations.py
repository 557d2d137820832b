"""Annotations whose appearance shows redacted text: flattened into the page, then removed.

The appearance stream is drawn by the page content as a viewer draws it (§12.5.5: the form's
/Matrix, then the matrix that fits its /BBox to /Rect, clipped to the /BBox), in an edited
copy, so the rest of what the annotation showed stays where it was; the annotation goes from
/Annots, and a widget from the form fields too (its appearance and value hold the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import pikepdf

from pagetext.content.appearances import appearance_matrix
from pagetext.content.glyph import FormUse
from pagetext.edit.rewrite import FormChain, free_name, rewrite_chain
from pagetext.edit.strings import Removals
from pagetext.edit.tokens import apply_edits
from pagetext.errors import UnsupportedError
from pagetext.geometry import Matrix, multiply
from pagetext.pdf.objects import inherited_entry, read_matrix, read_rect

FLATTENED_NAME: Final = "PTFlat"
DO_TOKEN: Final = 9  # the Do of "q a b c d e f cm /Name Do Q"
MAX_FIELD_DEPTH: Final = 64  # guard for /Parent chains that loop


@dataclass(slots=True)
class Flattened:
    content: bytes  # page content that draws the edited appearances


def _inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        raise UnsupportedError("an annotation appearance with a singular /Matrix cannot be flattened")
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _annotation(page: Any, index: int) -> Any:
    annots = page.get("/Annots")
    if not isinstance(annots, pikepdf.Array) or not 0 <= index < len(annots):
        raise UnsupportedError(f"annotation {index} of a redacted glyph is not in the page's /Annots")
    return annots[index]


def _default_resources(pdf: pikepdf.Pdf) -> Any:
    acroform = pdf.Root.get("/AcroForm")
    return acroform.get("/DR") if isinstance(acroform, pikepdf.Dictionary) else None


def flatten(
    pdf: pikepdf.Pdf,
    page: Any,
    by_root: dict[str, dict[tuple[FormUse, ...], Removals]],
    added: dict[str, Any],
) -> Flattened:
    """Draw each listed annotation's edited appearance from the page content; the new forms
    go into `added` (name → form) for the page's resources."""
    content: list[bytes] = []
    # The names the page's resources take, inherited ones too: they become the page's own.
    resources = inherited_entry(page, "/Resources")
    taken: Any = resources.get("/XObject", {}) if isinstance(resources, pikepdf.Dictionary) else {}
    for root, removals in sorted(by_root.items()):
        index = int(root[len("Annots[") : -1])
        annot = _annotation(page, index)
        appearance_use = next(iter(removals))[0]
        form = pdf.get_object((appearance_use[1], appearance_use[2]))
        rect = read_rect(annot.get("/Rect"))
        bbox = read_rect(form.get("/BBox")) if isinstance(form, pikepdf.Stream) else None
        if not isinstance(form, pikepdf.Stream) or rect is None or bbox is None:
            raise UnsupportedError(f"the appearance of annotation {index} could not be read again")
        form_matrix = read_matrix(form.get("/Matrix"))
        matrix = appearance_matrix(bbox, form_matrix, rect)
        if matrix is None:
            continue
        placement = multiply(_inverse(form_matrix), matrix)
        name = free_name(taken, added, FLATTENED_NAME)
        numbers = " ".join(f"{v:.6f}" for v in placement)
        root_data = f"q {numbers} cm /{name} Do Q".encode()
        own = form.get("/Resources")
        base = own if isinstance(own, pikepdf.Dictionary) else _default_resources(pdf)
        root_resources = pikepdf.Dictionary()
        if not isinstance(own, pikepdf.Dictionary) and isinstance(base, pikepdf.Dictionary):
            for key, value in base.items():
                root_resources[key] = value
        root_resources["/XObject"] = pikepdf.Dictionary({"/" + name: form})
        chain = FormChain(root_data, root_resources)
        remapped = {((DO_TOKEN, *uses[0][1:]), *uses[1:]): removal for uses, removal in removals.items()}
        edits, forms = rewrite_chain(pdf, chain, remapped)
        for new_name, copy in forms.items():
            if not isinstance(own, pikepdf.Dictionary) and isinstance(base, pikepdf.Dictionary):
                copy["/Resources"] = base
            added[new_name] = copy
        content.append(apply_edits(root_data, edits))
    return Flattened(b"\n".join(content))


def _drop_from(array: Any, item: pikepdf.Object) -> pikepdf.Array | None:
    if not isinstance(array, pikepdf.Array):
        return None
    return pikepdf.Array(
        [entry for entry in array if not (entry.is_indirect and entry.objgen == item.objgen)]
    )


def _drop_field(pdf: pikepdf.Pdf, widget: pikepdf.Dictionary) -> None:
    """Take a widget out of the form fields: from its field's /Kids, and a field left without
    kids from its parent's (or the AcroForm's /Fields), up the tree (§12.7.3.1)."""
    acroform = pdf.Root.get("/AcroForm")
    node: Any = widget
    for _ in range(MAX_FIELD_DEPTH):
        parent = node.get("/Parent")
        if isinstance(parent, pikepdf.Dictionary):
            kids = _drop_from(parent.get("/Kids"), node)
            if kids is None:
                return
            parent["/Kids"] = kids
            if len(kids):
                return
            node = parent
            continue
        if isinstance(acroform, pikepdf.Dictionary):
            fields = _drop_from(acroform.get("/Fields"), node)
            if fields is not None:
                acroform["/Fields"] = fields
        return


def remove_annotations(pdf: pikepdf.Pdf, page: Any, indices: set[int]) -> None:
    """Remove these /Annots entries from the page (a copy of the array: it may be shared)."""
    indices = {i for i in indices if i >= 0}
    annots = page.get("/Annots")
    if not indices or not isinstance(annots, pikepdf.Array):
        return
    kept = pikepdf.Array()
    for i, annot in enumerate(annots):
        if i not in indices:
            kept.append(annot)
        elif isinstance(annot, pikepdf.Dictionary) and annot.get("/Subtype") == "/Widget":
            _drop_field(pdf, annot)
    page["/Annots"] = kept
