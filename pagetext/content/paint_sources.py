"""What a visibility reading paints from resources and inline data (ISO 32000-1 §8.7.4.5,
§8.9, §8.10, §8.11.3.3): shadings, image XObjects and inline images as painted areas, and
what drawing a Form XObject adds (its /BBox as a clip, optional content that hides it)."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.glyph import MarkedContent
from pagetext.content.paint import Paint, Region, parallelogram
from pagetext.content.paint_ops import hidden_by_optional_content, paint_state_of, tracking_of
from pagetext.content.state import InterpreterState, OperatorTable
from pagetext.geometry import Matrix
from pagetext.pdf.file_objects import FileStream
from pagetext.pdf.objects import number, optional_entry, read_rect
from pagetext.syntax.literals import Operand


def op_sh(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """A shading paints the whole clip, or its /BBox (§8.7.4.5.1) where nothing clips it."""
    key = operands[0]
    if not isinstance(key, str) or hidden_by_optional_content(state):
        return
    tracking = tracking_of(state)
    paint = paint_state_of(state)
    region: Region | None = None
    if not paint.clip:
        resources = state.stream.resources
        shadings = resources.get("/Shading") if resources is not None else None
        shading = shadings.get("/" + key) if isinstance(shadings, pikepdf.Dictionary) else None
        if isinstance(shading, pikepdf.Stream):
            shading = shading.stream_dict  # a shading stream's entries are in its dictionary
        box = read_rect(shading.get("/BBox")) if isinstance(shading, pikepdf.Dictionary) else None
        if box is None:
            return  # unbounded: where it paints is not known here
        region = _box_region(box, state.gs.ctm)
    opaque = paint.hides(paint.fill_alpha)
    state.device.paint_area(Paint(tracking.next_order(), region, paint.clip, None, paint.fill_alpha, opaque))


def paint_image(state: InterpreterState, image: pikepdf.Stream | FileStream) -> None:
    """An image XObject (§8.9.5), unless optional content hides it (its /OC, §8.11.3.3)."""
    if hidden_by_optional_content(state) or not _optional_on(state, image):
        return
    lets_through = any(optional_entry(image, key) is not None for key in ("/SMask", "/Mask"))
    lets_through = lets_through or number(optional_entry(image, "/SMaskInData"), 0.0) != 0
    _paint_image(state, image, optional_entry(image, "/ImageMask") is True, lets_through)


def op_EI(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """An inline image (§8.9.7); its colours are not read (no image in the paint)."""
    params = operands[0]
    if not isinstance(params, dict) or hidden_by_optional_content(state):
        return
    _paint_image(state, None, params.get("IM", params.get("ImageMask")) is True, False)


def _paint_image(
    state: InterpreterState, image: pikepdf.Stream | FileStream | None, stencil: bool, lets_through: bool
) -> None:
    """An image paints the unit square under the CTM (§8.9.4). It hides what lies beneath
    unless something lets that through: a mask of its own (/SMask, /Mask, alpha in the data:
    lets_through, §11.6.5.3, §8.9.6), a stencil mask (it paints the fill colour only where
    its pixels are set), or the graphics state's alpha, soft mask or blend mode."""
    tracking = tracking_of(state)
    paint = paint_state_of(state)
    ctm = state.gs.ctm
    opaque = not (lets_through or stencil) and paint.hides(paint.fill_alpha)
    color = state.gs.fill_color if stencil else None
    made = Paint(
        tracking.next_order(),
        parallelogram(ctm),
        paint.clip,
        color,
        paint.fill_alpha,
        opaque,
        None if stencil else (image, ctm),
    )
    state.device.paint_area(made)


def _optional_on(state: InterpreterState, xobject: pikepdf.Stream | FileStream) -> bool:
    oc = optional_entry(xobject, "/OC")
    tracking = state.tracking
    return oc is None or tracking is None or tracking.optional.visible(oc)


def enter_form(state: InterpreterState, form: pikepdf.Stream | FileStream) -> bool:
    """What a visibility reading adds when a Form XObject is drawn (§8.10.1): its /BBox clips
    its content; optional content may hide the whole form (its /OC, §8.11.3.3), which then
    reads as an enclosing OC sequence that is off. True when such a sequence was opened."""
    paint = paint_state_of(state)
    box = read_rect(optional_entry(form, "/BBox"))
    if box is not None:
        state.gs.paint = paint.changed(clip=(*paint.clip, _box_region(box, state.gs.ctm)))
    if _optional_on(state, form):
        return False
    state.marked.append(optional_off_sequence(state.marked[-1] if state.marked else None))
    return True


def optional_off_sequence(parent: MarkedContent | None) -> MarkedContent:
    """An OC sequence that is off, for content optional content hides as a whole (a form's or
    an annotation's /OC), inside `parent`, whose marked-content id it keeps."""
    sequence = MarkedContent(
        "OC",
        parent.mcid if parent is not None else None,
        parent.mcid_stream if parent is not None else None,
        None,
        parent.artifact if parent is not None else None,
        parent,
    )
    sequence.optional_off = True
    return sequence


def _box_region(box: Any, ctm: Matrix) -> Region:
    a, b, c, d, e, f = ctm
    corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
    points = [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
    return Region([[*points, points[0]]], False)


OPERATORS: Final[OperatorTable] = {
    "sh": (1, op_sh),
    "EI": (1, op_EI),
}
