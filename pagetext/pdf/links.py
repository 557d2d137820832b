"""Web links of a page: /Link annotations whose action opens a URI (ISO 32000-1 §12.5.6.5, §12.6.4.7).

A link annotation marks an area of the page (its /Rect, or more closely the quadrilaterals
of /QuadPoints, one per line of the words it covers) that a viewer makes clickable. Only
links with a URI action are read: go-to and launch actions point inside the document or at
local files, which a reader of the extracted text cannot follow. A relative URI is resolved
against the document's base URI (the catalog's /URI dictionary, §12.6.4.7). Every access is
guarded: a damaged annotation gives a warning and is left out, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import pikepdf

from pagetext.errors import Warn
from pagetext.geometry import Box
from pagetext.pdf.annots import annotation_entries
from pagetext.pdf.objects import OBJECT_ERRORS, name, number, optional_entry, read_rect, text_string

QUAD_NUMBERS = 8  # a quadrilateral is four points, x and y each (§12.5.6.5, Table 173)


@dataclass(frozen=True, slots=True)
class Link:
    """A link to a URI: the areas it covers in user space (one per quadrilateral, else the
    annotation's /Rect) and the URI, resolved against the document's base URI."""

    boxes: tuple[Box, ...]
    uri: str


def base_uri(catalog: Any, warn: Warn) -> str:
    """The document's base URI (the catalog's /URI dictionary, /Base entry, §12.6.4.7); ""
    when there is none or it cannot be read."""
    try:
        uri_dict = optional_entry(catalog, "/URI") if isinstance(catalog, pikepdf.Dictionary) else None
        if not isinstance(uri_dict, pikepdf.Dictionary):
            return ""
        return _uri_string(optional_entry(uri_dict, "/Base")) or ""
    except OBJECT_ERRORS as error:
        warn(f"the document's base URI could not be read ({error}); URIs taken as written")
        return ""


def page_links(page_obj: Any, warn: Warn, base: str = "") -> list[Link]:
    """The URI links of a page, in /Annots order; relative URIs resolved against `base`."""
    links: list[Link] = []
    for _, annot in annotation_entries(page_obj, warn, "links"):
        try:
            link = _link(annot, warn, base)
        except (*OBJECT_ERRORS, IndexError, KeyError) as error:
            warn(f"a link annotation could not be read ({error}); left out")
            continue
        if link is not None:
            links.append(link)
    return links


def _link(annot: pikepdf.Dictionary, warn: Warn, base: str) -> Link | None:
    if name(optional_entry(annot, "/Subtype")) != "Link":
        return None
    action = optional_entry(annot, "/A")
    if action is None:
        return None  # a /Dest link: a place in the document
    if not isinstance(action, pikepdf.Dictionary):
        warn("a link's action /A is not a dictionary; link left out")
        return None
    if name(optional_entry(action, "/S")) != "URI":
        return None  # GoTo, Launch, JavaScript and the rest: no web address
    uri = _uri_string(optional_entry(action, "/URI"))
    if not uri:
        warn("a link's URI action has no /URI string; link left out")
        return None
    rect = read_rect(optional_entry(annot, "/Rect"))
    if rect is None:
        warn(f"the link to {uri} has no valid /Rect; left out")
        return None
    boxes = _quad_boxes(optional_entry(annot, "/QuadPoints"), rect)
    return Link(boxes or (rect,), urljoin(base, uri) if base else uri)


def _uri_string(value: Any) -> str | None:
    """A URI string (§12.6.4.7: 7-bit ASCII; UTF-8 in practice for IRIs, and some producers
    write a text string with a byte-order mark), surrounding blanks removed."""
    if not isinstance(value, pikepdf.String):
        return None
    raw = bytes(value)
    if raw.startswith((b"\xfe\xff", b"\xef\xbb\xbf")):
        text = text_string(value)
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    return text.strip() if text is not None else None


def _quad_boxes(value: Any, rect: Box) -> tuple[Box, ...]:
    """The bounding box of each quadrilateral of /QuadPoints; () when the entry is missing or
    malformed, or (§12.5.6.5) when a point lies outside /Rect, so that /Rect is used."""
    if not isinstance(value, pikepdf.Array) or len(value) == 0 or len(value) % QUAD_NUMBERS:
        return ()
    numbers = [number(item, float("nan")) for item in value]
    boxes = []
    for start in range(0, len(numbers), QUAD_NUMBERS):
        xs = numbers[start : start + QUAD_NUMBERS : 2]
        ys = numbers[start + 1 : start + QUAD_NUMBERS : 2]
        # NaN (not a number) fails every comparison, so a damaged entry is refused here too.
        if not all(rect.x0 <= x <= rect.x1 for x in xs) or not all(rect.y0 <= y <= rect.y1 for y in ys):
            return ()
        boxes.append(Box(min(xs), min(ys), max(xs), max(ys)))
    return tuple(boxes)
