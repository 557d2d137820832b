"""A page's annotations as a viewer lists them: the /Annots array (ISO 32000-1 §12.5.2)."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.errors import Warn
from pagetext.pdf.objects import OBJECT_ERRORS, ObjGen, optional_entry

# Subtypes whose appearance can show text a reader sees as part of the page (§12.5.6).
# Text (a note icon) and its Popup show /Contents only when opened; Link, Highlight, Ink and
# the other markup subtypes draw marks, not text; FileAttachment and Sound draw icons.
TEXT_SUBTYPES: Final = frozenset(
    {"Widget", "FreeText", "Stamp", "Square", "Circle", "Line", "Polygon", "PolyLine", "Watermark"}
)


def annotation_entries(page_obj: Any, warn: Warn, what: str) -> list[tuple[int, pikepdf.Dictionary]]:
    """The page's annotation dictionaries with their places in /Annots, each once (an
    annotation listed twice is one: a viewer draws it once). An unreadable /Annots, or one
    that is no array, gives a warning that `what` ("links", "annotations") is left out."""
    try:
        annots = optional_entry(page_obj, "/Annots")
        if annots is None:
            return []
        if not isinstance(annots, pikepdf.Array):
            warn(f"the page's /Annots is not an array; {what} left out")
            return []
        items = list(annots)
    except OBJECT_ERRORS as error:
        warn(f"the page's /Annots could not be read ({error}); {what} left out")
        return []
    entries: list[tuple[int, pikepdf.Dictionary]] = []
    seen: set[ObjGen] = set()
    for index, annot in enumerate(items):
        try:
            if not isinstance(annot, pikepdf.Dictionary):
                continue
            objgen = annot.objgen
        except OBJECT_ERRORS as error:
            warn(f"an annotation could not be read ({error}); left out")
            continue
        if objgen != (0, 0):
            if objgen in seen:
                continue
            seen.add(objgen)
        entries.append((index, annot))
    return entries
