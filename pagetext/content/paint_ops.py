"""The operators a visibility reading adds (ISO 32000-1 §8.4.5, §8.5, §8.7.4.2, §8.9, §11.6):
paths kept as outlines, clipping (W, W*), painting as areas, the ExtGState entries that make
paint transparent (gs), shadings (sh), images (Do), pattern colour, and for each shown string
the paint its glyphs carry. Only a device that wants visibility runs them (interpreter.py)."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.glyph import Glyph, MarkedContent
from pagetext.content.graphics import op_CS, op_cs
from pagetext.content.paint import (
    Paint,
    PaintState,
    Region,
    SoftMask,
    TextPaint,
    Tracking,
    parallelogram,
    stroke_half_width,
)
from pagetext.content.state import InterpreterState, OperatorTable
from pagetext.geometry import Matrix
from pagetext.pdf.objects import OBJECT_ERRORS, name, number, optional_entry, read_rect
from pagetext.syntax.literals import Operand

# Blend modes that paint the source colour as it is (§11.3.5): the others mix it with what
# lies beneath, so a paint in them hides nothing.
NORMAL_BLEND: Final = frozenset({"Normal", "Compatible"})


def _tracking(state: InterpreterState) -> Tracking:
    tracking = state.tracking
    if tracking is None:  # these handlers are only in the visibility table
        raise ValueError
    return tracking


def _paint_state(state: InterpreterState) -> PaintState:
    paint = state.gs.paint
    if paint is None:
        paint = state.gs.paint = PaintState()
    return paint


def _point(state: InterpreterState, x: Operand, y: Operand) -> tuple[float, float]:
    m = state.gs.ctm
    fx, fy = float(x), float(y)
    return (m[0] * fx + m[2] * fy + m[4], m[1] * fx + m[3] * fy + m[5])


def hidden_by_optional_content(state: InterpreterState) -> bool:
    return bool(state.marked) and state.marked[-1].optional_off


# -- path construction (§8.5.2) ----------------------------------------------------------------


def op_m(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _tracking(state).outline.move_to(_point(state, operands[0], operands[1]))


def op_l(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _tracking(state).outline.line_to(_point(state, operands[0], operands[1]))


def op_c(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = _tracking(state).outline
    c1 = _point(state, operands[0], operands[1])
    c2 = _point(state, operands[2], operands[3])
    outline.curve_to(c1, c2, _point(state, operands[4], operands[5]))


def op_v(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = _tracking(state).outline  # the first control point is the current point
    current = outline.current or _point(state, operands[0], operands[1])
    outline.curve_to(
        current, _point(state, operands[0], operands[1]), _point(state, operands[2], operands[3])
    )


def op_y(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = _tracking(state).outline  # the second control point is the end point
    end = _point(state, operands[2], operands[3])
    outline.curve_to(_point(state, operands[0], operands[1]), end, end)


def op_h(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _tracking(state).outline.close()


def op_re(state: InterpreterState, operands: list[Operand], index: int) -> None:
    x, y, w, h = (float(v) for v in operands)
    corners = [
        _point(state, x, y),
        _point(state, x + w, y),
        _point(state, x + w, y + h),
        _point(state, x, y + h),
    ]
    _tracking(state).outline.rectangle(corners)


# -- painting and clipping (§8.5.3, §8.5.4) --------------------------------------------------------


def _paint(state: InterpreterState, stroke: bool, fill: bool, close: bool, even_odd: bool) -> None:
    tracking = _tracking(state)
    if close:
        tracking.outline.close()
    polygons = tracking.outline.finish(False)
    clip_rule = tracking.pending_clip
    tracking.pending_clip = 0
    if not polygons:
        return
    closed = [p if p[0] == p[-1] else [*p, p[0]] for p in polygons]
    gs = state.gs
    paint = _paint_state(state)
    if not hidden_by_optional_content(state):
        # Paint clipped to glyphs shows the glyphs' shapes (image-filled type): it hides nothing.
        transparent = paint.soft_mask is not None or not paint.blend_normal or _through_text(paint)
        if fill:
            opaque = paint.fill_alpha >= 1 and not transparent and not paint.fill_pattern
            color = None if paint.fill_pattern else gs.fill_color
            region = Region(closed, even_odd)
            state.device.paint_area(
                Paint(tracking.next_order(), region, paint.clip, color, paint.fill_alpha, opaque)
            )
        if stroke:
            opaque = (
                paint.stroke_alpha >= 1 and not transparent and not paint.stroke_pattern and not paint.dashed
            )
            color = None if paint.stroke_pattern else gs.stroke_color
            band = Region(polygons, False, stroke_half_width(gs.line_width, gs.ctm), cap=paint.cap)
            state.device.paint_area(
                Paint(tracking.next_order(), band, paint.clip, color, paint.stroke_alpha, opaque)
            )
    if clip_rule:  # the clip takes effect after the painting (§8.5.4)
        gs.paint = paint.changed(clip=(*paint.clip, Region(closed, clip_rule == 2)))


def _through_text(paint: PaintState) -> bool:
    return any(region.of_text for region in paint.clip)


def op_S(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, False, False, False)


def op_s(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, False, True, False)


def op_f(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, False, True, False, False)


def op_f_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, False, True, False, True)


def op_B(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, False, False)


def op_B_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, False, True)


def op_b(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, True, False)


def op_b_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, True, True)


def op_n(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, False, False, False, False)


def op_W(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _tracking(state).pending_clip = 1


def op_W_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _tracking(state).pending_clip = 2


# -- graphics state parameters (§8.4.5, §11.6.4) ------------------------------------------------


def op_J(state: InterpreterState, operands: list[Operand], index: int) -> None:
    cap = int(operands[0])
    state.gs.paint = _paint_state(state).changed(cap=cap if cap in (0, 1, 2) else 0)


def op_d(state: InterpreterState, operands: list[Operand], index: int) -> None:
    dashes = operands[0]
    dashed = isinstance(dashes, list) and any(isinstance(v, (int, float)) and v > 0 for v in dashes)
    state.gs.paint = _paint_state(state).changed(dashed=dashed)


def op_gs(state: InterpreterState, operands: list[Operand], index: int) -> None:
    key = operands[0]
    if not isinstance(key, str):
        raise TypeError
    resources = state.stream.resources
    try:
        states = resources.get("/ExtGState") if resources is not None else None
        entry = states.get("/" + key) if isinstance(states, pikepdf.Dictionary) else None
        if not isinstance(entry, pikepdf.Dictionary):
            return
        paint = _paint_state(state)
        changes: dict[str, Any] = {}
        fill_alpha = optional_entry(entry, "/ca")
        if fill_alpha is not None:
            changes["fill_alpha"] = min(1.0, max(0.0, number(fill_alpha, 1.0)))
        stroke_alpha = optional_entry(entry, "/CA")
        if stroke_alpha is not None:
            changes["stroke_alpha"] = min(1.0, max(0.0, number(stroke_alpha, 1.0)))
        mask = optional_entry(entry, "/SMask")
        if mask is not None:
            changes["soft_mask"] = (
                SoftMask(mask, state.gs.ctm) if isinstance(mask, pikepdf.Dictionary) else None
            )
        blend = optional_entry(entry, "/BM")
        if blend is not None:
            first = blend[0] if isinstance(blend, pikepdf.Array) and len(blend) else blend
            changes["blend_normal"] = name(first) in NORMAL_BLEND
        if changes:
            state.gs.paint = paint.changed(**changes)
    except OBJECT_ERRORS:
        state.warn(f"graphics state {key} could not be read; skipped")


def op_cs_pattern(state: InterpreterState, operands: list[Operand], index: int) -> None:
    op_cs(state, operands, index)
    state.gs.paint = _paint_state(state).changed(fill_pattern=_is_pattern(state, operands[0]))


def op_CS_pattern(state: InterpreterState, operands: list[Operand], index: int) -> None:
    op_CS(state, operands, index)
    state.gs.paint = _paint_state(state).changed(stroke_pattern=_is_pattern(state, operands[0]))


def _is_pattern(state: InterpreterState, space: Operand) -> bool:
    """Whether a colour space is Pattern (§8.7.3): its colours are tiles or shadings."""
    if space == "Pattern":
        return True
    if not isinstance(space, str):
        return False
    resources = state.stream.resources
    try:
        spaces = resources.get("/ColorSpace") if resources is not None else None
        entry = spaces.get("/" + space) if isinstance(spaces, pikepdf.Dictionary) else None
        if isinstance(entry, pikepdf.Array) and len(entry) > 0:
            entry = entry[0]
        return name(entry) == "Pattern"
    except OBJECT_ERRORS:
        return False


# -- shadings and images (§8.7.4.2, §8.9) --------------------------------------------------------


def op_sh(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """A shading paints the whole clip, or its /BBox (§8.7.4.5.1) where nothing clips it."""
    key = operands[0]
    if not isinstance(key, str) or hidden_by_optional_content(state):
        return
    tracking = _tracking(state)
    paint = _paint_state(state)
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
    opaque = (
        paint.fill_alpha >= 1 and paint.soft_mask is None and paint.blend_normal and not _through_text(paint)
    )
    state.device.paint_area(Paint(tracking.next_order(), region, paint.clip, None, paint.fill_alpha, opaque))


def paint_image(state: InterpreterState, image: pikepdf.Stream) -> None:
    """An image XObject (§8.9.5) paints the unit square under the CTM. It hides what lies
    beneath unless something lets that through: a soft mask or a mask of its own (/SMask,
    /Mask, §11.6.5.3, §8.9.6), a stencil mask (/ImageMask paints only its set pixels),
    alpha in the data (/SMaskInData), or the graphics state's alpha, soft mask or blend."""
    if hidden_by_optional_content(state) or not _optional_on(state, image):
        return
    tracking = _tracking(state)
    paint = _paint_state(state)
    ctm = state.gs.ctm
    own_mask = any(optional_entry(image, key) is not None for key in ("/SMask", "/Mask"))
    stencil = optional_entry(image, "/ImageMask") is True
    in_data = number(optional_entry(image, "/SMaskInData"), 0.0) != 0
    opaque = (
        not (own_mask or stencil or in_data)
        and paint.fill_alpha >= 1
        and paint.soft_mask is None
        and paint.blend_normal
        and not _through_text(paint)
    )
    color = state.gs.fill_color if stencil else None
    region = parallelogram(ctm)
    made = Paint(
        tracking.next_order(),
        region,
        paint.clip,
        color,
        paint.fill_alpha,
        opaque,
        None if stencil else (image, ctm),
    )
    state.device.paint_area(made)


def op_EI(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """An inline image (§8.9.7) paints as an image XObject does; a stencil mask (/IM) paints
    only its set pixels. Its colours are not read (image None in the paint)."""
    params = operands[0]
    if not isinstance(params, dict) or hidden_by_optional_content(state):
        return
    tracking = _tracking(state)
    paint = _paint_state(state)
    stencil = params.get("IM", params.get("ImageMask")) is True
    opaque = not stencil and paint.fill_alpha >= 1 and paint.soft_mask is None and paint.blend_normal
    opaque = opaque and not _through_text(paint)
    ctm = state.gs.ctm
    color = state.gs.fill_color if stencil else None
    made = Paint(
        tracking.next_order(),
        parallelogram(ctm),
        paint.clip,
        color,
        paint.fill_alpha,
        opaque,
        None if stencil else (None, ctm),
    )
    state.device.paint_area(made)


def _optional_on(state: InterpreterState, xobject: pikepdf.Stream) -> bool:
    oc = optional_entry(xobject, "/OC")
    tracking = state.tracking
    return oc is None or tracking is None or tracking.optional.visible(oc)


def enter_form(state: InterpreterState, form: pikepdf.Stream) -> bool:
    """What a visibility reading adds when a Form XObject is drawn (§8.10.1): its /BBox clips
    its content; optional content may hide the whole form (its /OC, §8.11.3.3), which then
    reads as an enclosing OC sequence that is off. True when such a sequence was opened."""
    paint = _paint_state(state)
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


# -- text (§9.3.6) ---------------------------------------------------------------------------


def show_painted(state: InterpreterState, glyphs: list[Glyph]) -> None:
    """Hand a string's glyphs to the device with the paint they were shown with."""
    tracking = _tracking(state)
    gs = state.gs
    paint = _paint_state(state)
    fill = None if paint.fill_pattern else gs.fill_color
    stroke = None if paint.stroke_pattern else gs.stroke_color
    text = TextPaint(
        tracking.next_order(), 0, len(glyphs), paint.clip, fill, stroke, paint.fill_alpha,
        paint.stroke_alpha, paint.soft_mask, hidden_by_optional_content(state),
    )  # fmt: skip
    state.device.show_painted(glyphs, text)
    if gs.render_mode >= 4:
        tracking.text_clip.extend([*g.quad, g.quad[0]] for g in glyphs)


def op_ET(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """The glyphs shown in a clipping mode become the clip at the end of the text object."""
    tracking = _tracking(state)
    if tracking.text_clip:
        paint = _paint_state(state)
        region = Region(tracking.text_clip, False, of_text=True)
        state.gs.paint = paint.changed(clip=(*paint.clip, region))
        tracking.text_clip = []


# What a visibility reading runs in place of (or beside) the path operators.
OPERATORS: Final[OperatorTable] = {
    "m": (2, op_m),
    "l": (2, op_l),
    "c": (6, op_c),
    "v": (4, op_v),
    "y": (4, op_y),
    "h": (0, op_h),
    "re": (4, op_re),
    "S": (0, op_S),
    "s": (0, op_s),
    "f": (0, op_f),
    "F": (0, op_f),
    "f*": (0, op_f_star),
    "B": (0, op_B),
    "B*": (0, op_B_star),
    "b": (0, op_b),
    "b*": (0, op_b_star),
    "n": (0, op_n),
    "W": (0, op_W),
    "W*": (0, op_W_star),
    "gs": (1, op_gs),
    "J": (1, op_J),
    "d": (2, op_d),
    "sh": (1, op_sh),
    "cs": (1, op_cs_pattern),
    "CS": (1, op_CS_pattern),
    "ET": (0, op_ET),
    "EI": (1, op_EI),
}
