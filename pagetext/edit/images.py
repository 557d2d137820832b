"""Images under redaction targets, only when asked: removed, or their covered pixels blanked.

Images drawn by the page's own content are found by following q/Q/cm (§8.4.4): an image
fills the unit square of the CTM in force at its Do (§8.9.4). Images inside forms are left as
they are. "blank" paints the covered samples black in a copy of the image (8-bit DeviceGray or
DeviceRGB only, so the other samples stay exactly as they were).
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field
from typing import Any, Final

import pikepdf

from pagetext.edit.rewrite import free_name
from pagetext.edit.tokens import Edit, LexedStream
from pagetext.errors import UnsupportedError
from pagetext.geometry import IDENTITY, Box, Matrix, apply, multiply

BLANKABLE: Final = {"/DeviceGray": 1, "/DeviceRGB": 3}  # colour space → components


@dataclass(slots=True)
class ImageEditing:
    edits: list[Edit] = field(default_factory=list)
    added: dict[str, Any] = field(default_factory=dict)  # new XObject name → image copy


def _placement(ctm: Matrix) -> Box:
    points = [apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]
    return Box(
        min(p[0] for p in points),
        min(p[1] for p in points),
        max(p[0] for p in points),
        max(p[1] for p in points),
    )


def _overlaps(a: Box, b: Box) -> bool:
    return min(a.x1, b.x1) > max(a.x0, b.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)


def _inverse(m: Matrix) -> Matrix | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _blanked(pdf: pikepdf.Pdf, image: pikepdf.Stream, ctm: Matrix, areas: list[Box]) -> pikepdf.Stream:
    """A copy of the image with the samples under the areas set to 0 (black)."""
    components = BLANKABLE.get(str(image.get("/ColorSpace")))
    if components is None or image.get("/BitsPerComponent") != 8 or image.get("/ImageMask") is True:
        raise UnsupportedError(
            "only 8-bit DeviceGray and DeviceRGB images can be blanked; use images='remove'"
        )
    width, height = int(image.Width), int(image.Height)
    samples = bytearray(image.read_bytes())
    if len(samples) < width * height * components:
        raise UnsupportedError("an image under a target has fewer samples than its size; use images='remove'")
    inverse = _inverse(ctm)
    if inverse is None:
        return image
    row = width * components
    for area in areas:
        corners = [
            apply(inverse, x, y)
            for x, y in ((area.x0, area.y0), (area.x1, area.y0), (area.x1, area.y1), (area.x0, area.y1))
        ]
        u0, u1 = min(p[0] for p in corners), max(p[0] for p in corners)
        v0, v1 = min(p[1] for p in corners), max(p[1] for p in corners)
        # Image space: sample column u × width, row (1 - v) × height from the top (§8.9.4).
        x0, x1 = max(0, math.floor(u0 * width)), min(width, math.ceil(u1 * width))
        y0, y1 = max(0, math.floor((1 - v1) * height)), min(height, math.ceil((1 - v0) * height))
        for y in range(y0, y1):
            start = y * row + x0 * components
            samples[start : y * row + x1 * components] = bytes((x1 - x0) * components)
    copy = pikepdf.Stream(pdf, zlib.compress(bytes(samples)))
    for key, value in image.items():
        if key not in ("/Length", "/Filter", "/DecodeParms"):
            copy[key] = value
    copy["/Filter"] = pikepdf.Name.FlateDecode
    return pdf.make_indirect(copy)


def image_edits(
    pdf: pikepdf.Pdf, stream: LexedStream, resources: Any, areas: list[Box], mode: str
) -> tuple[ImageEditing, int]:
    """Edits that remove (mode "remove") or blank ("blank") the images the areas overlap."""
    result = ImageEditing()
    xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
    if not isinstance(xobjects, pikepdf.Dictionary):
        return result, 0
    ctm = IDENTITY
    stack: list[Matrix] = []
    count = 0
    for operation in stream.operations:
        operator, operands = operation.operator, operation.operands
        if operator == "q":
            stack.append(ctm)
        elif operator == "Q" and stack:
            ctm = stack.pop()
        elif operator == "cm" and len(operands) == 6:
            try:
                ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            except (TypeError, ValueError):
                continue
        elif operator == "Do" and operands and isinstance(operands[-1], str):
            image = xobjects.get("/" + operands[-1])
            if not isinstance(image, pikepdf.Stream) or image.get("/Subtype") != "/Image":
                continue
            placed = _placement(ctm)
            hit = [area for area in areas if _overlaps(placed, area)]
            if not hit:
                continue
            count += 1
            name_start = stream.span(operation.index - 1)[0]
            do_end = stream.span(operation.index)[1]
            if mode == "remove":
                result.edits.append(Edit(name_start, do_end, b""))
            else:
                name = free_name(xobjects, result.added, operands[-1])
                result.added[name] = _blanked(pdf, image, ctm, hit)
                result.edits.append(
                    Edit(name_start, stream.span(operation.index - 1)[1], b"/" + name.encode())
                )
    return result, count
