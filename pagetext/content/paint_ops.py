"""The operators a visibility reading adds (ISO 32000-1 §8.4.5, §8.5, §9.3.6, §11.6): paths kept
as outlines, clipping (W, W*, and text in a clipping mode at ET), painting as areas, line cap
and dash, the ExtGState entries that make paint transparent (gs), pattern colour, and for each
shown string the paint its glyphs carry. Shadings, images and forms: paint_sources.py. Only a
device that wants visibility runs them (interpreter.py)."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.graphics import op_CS, op_cs, user_point
from pagetext.content.paint import (
    Paint,
    PaintState,
    Region,
    SoftMask,
    TextPaint,
    Tracking,
    stroke_half_width,
)
from pagetext.content.state import InterpreterState, OperatorTable
from pagetext.pdf.objects import OBJECT_ERRORS, name, number, optional_entry
from pagetext.syntax.literals import Operand

# Blend modes that paint the source colour as it is (§11.3.5): the others mix it with what
# lies beneath, so a paint in them hides nothing.
NORMAL_BLEND: Final = frozenset({"Normal", "Compatible"})


def tracking_of(state: InterpreterState) -> Tracking:
    tracking = state.tracking
    if tracking is None:  # these handlers are only in the visibility table
        raise ValueError
    return tracking


def paint_state_of(state: InterpreterState) -> PaintState:
    paint = state.gs.paint
    if paint is None:
        paint = state.gs.paint = PaintState()
    return paint


def hidden_by_optional_content(state: InterpreterState) -> bool:
    return bool(state.marked) and state.marked[-1].optional_off


# -- path construction (§8.5.2) ----------------------------------------------------------------


def op_m(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tracking_of(state).outline.move_to(user_point(state, operands[0], operands[1]))


def op_l(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tracking_of(state).outline.line_to(user_point(state, operands[0], operands[1]))


def op_c(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = tracking_of(state).outline
    c1 = user_point(state, operands[0], operands[1])
    c2 = user_point(state, operands[2], operands[3])
    outline.curve_to(c1, c2, user_point(state, operands[4], operands[5]))


def op_v(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = tracking_of(state).outline  # the first control point is the current point
    current = outline.current or user_point(state, operands[0], operands[1])
    outline.curve_to(
        current, user_point(state, operands[0], operands[1]), user_point(state, operands[2], operands[3])
    )


def op_y(state: InterpreterState, operands: list[Operand], index: int) -> None:
    outline = tracking_of(state).outline  # the second control point is the end point
    end = user_point(state, operands[2], operands[3])
    outline.curve_to(user_point(state, operands[0], operands[1]), end, end)


def op_h(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tracking_of(state).outline.close()


def op_re(state: InterpreterState, operands: list[Operand], index: int) -> None:
    x, y, w, h = (float(v) for v in operands)
    corners = [
        user_point(state, x, y),
        user_point(state, x + w, y),
        user_point(state, x + w, y + h),
        user_point(state, x, y + h),
    ]
    tracking_of(state).outline.rectangle(corners)


# -- painting and clipping (§8.5.3, §8.5.4) --------------------------------------------------------


def _paint(state: InterpreterState, stroke: bool, fill: bool, close: bool, even_odd: bool) -> None:
    tracking = tracking_of(state)
    if close:
        tracking.outline.close()
    polygons = tracking.outline.finish(False)
    clip_rule = tracking.pending_clip
    tracking.pending_clip = 0
    if not polygons:
        return
    closed = [p if p[0] == p[-1] else [*p, p[0]] for p in polygons]
    gs = state.gs
    paint = paint_state_of(state)
    if not hidden_by_optional_content(state):
        if fill:
            opaque = paint.hides(paint.fill_alpha) and not paint.fill_pattern
            color = None if paint.fill_pattern else gs.fill_color
            region = Region(closed, even_odd)
            state.device.paint_area(
                Paint(tracking.next_order(), region, paint.clip, color, paint.fill_alpha, opaque)
            )
        if stroke:
            opaque = paint.hides(paint.stroke_alpha) and not paint.stroke_pattern and not paint.dashed
            color = None if paint.stroke_pattern else gs.stroke_color
            band = Region(polygons, False, stroke_half_width(gs.line_width, gs.ctm), cap=paint.cap)
            state.device.paint_area(
                Paint(tracking.next_order(), band, paint.clip, color, paint.stroke_alpha, opaque)
            )
    if clip_rule:  # the clip takes effect after the painting (§8.5.4)
        gs.paint = paint.changed(clip=(*paint.clip, Region(closed, clip_rule == 2)))


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
    tracking_of(state).pending_clip = 1


def op_W_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tracking_of(state).pending_clip = 2


# -- graphics state parameters (§8.4.5, §11.6.4) ------------------------------------------------


def op_J(state: InterpreterState, operands: list[Operand], index: int) -> None:
    cap = int(operands[0])
    state.gs.paint = paint_state_of(state).changed(cap=cap if cap in (0, 1, 2) else 0)


def op_d(state: InterpreterState, operands: list[Operand], index: int) -> None:
    dashes = operands[0]
    dashed = isinstance(dashes, list) and any(isinstance(v, (int, float)) and v > 0 for v in dashes)
    state.gs.paint = paint_state_of(state).changed(dashed=dashed)


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
        paint = paint_state_of(state)
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
    state.gs.paint = paint_state_of(state).changed(fill_pattern=_is_pattern(state, operands[0]))


def op_CS_pattern(state: InterpreterState, operands: list[Operand], index: int) -> None:
    op_CS(state, operands, index)
    state.gs.paint = paint_state_of(state).changed(stroke_pattern=_is_pattern(state, operands[0]))


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


# -- text (§9.3.6) ---------------------------------------------------------------------------


def show_painted(state: InterpreterState, first: int) -> None:
    """Tell the device of the glyphs a text operator showed (its glyphs[first:]) with the paint
    they were shown with."""
    tracking = tracking_of(state)
    gs = state.gs
    paint = paint_state_of(state)
    fill = None if paint.fill_pattern else gs.fill_color
    stroke = None if paint.stroke_pattern else gs.stroke_color
    glyphs = state.device.glyphs
    text = TextPaint(
        tracking.next_order(), first, len(glyphs) - first, paint.clip, fill, stroke,
        paint.fill_alpha, paint.stroke_alpha, paint.soft_mask, hidden_by_optional_content(state),
    )  # fmt: skip
    state.device.show_painted(text)
    if gs.render_mode >= 4:
        tracking.text_clip.extend([*g.quad, g.quad[0]] for g in glyphs[first:])


def op_ET(state: InterpreterState, operands: list[Operand], index: int) -> None:
    """The glyphs shown in a clipping mode become the clip at the end of the text object."""
    tracking = tracking_of(state)
    if tracking.text_clip:
        paint = paint_state_of(state)
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
    "cs": (1, op_cs_pattern),
    "CS": (1, op_CS_pattern),
    "ET": (0, op_ET),
}
