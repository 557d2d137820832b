"""Graphics state, paths and colour operators (ISO 32000-1 §8.4–8.6).

q, Q and cm run for every device; path construction and painting, line width and colour only
for a device that wants paths (tables read them), so that text extraction never pays for them.
"""

from __future__ import annotations

from pagetext.content.paths import PathRecord, initial_color, rgb, space_components, user_line_width
from pagetext.content.state import InterpreterState, operand_matrix
from pagetext.geometry import multiply
from pagetext.syntax.literals import Operand

# -- graphics state (§8.4.4) -----------------------------------------------------------------


def op_q(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.stack.append(state.gs.copy())


def op_Q(state: InterpreterState, operands: list[Operand], index: int) -> None:
    if state.stack:  # an unbalanced Q is ignored
        state.gs = state.stack.pop()


def op_cm(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.ctm = multiply(operand_matrix(operands), state.gs.ctm)


def op_ignore(state: InterpreterState, operands: list[Operand], index: int) -> None:
    pass


# -- paths (§8.5), for a device that wants them ------------------------------------------------


def user_point(state: InterpreterState, x: Operand, y: Operand) -> tuple[float, float]:
    """A point of the content stream in user space: (x, y) through the CTM (§8.3.4)."""
    m = state.gs.ctm
    fx, fy = float(x), float(y)
    return (m[0] * fx + m[2] * fy + m[4], m[1] * fx + m[3] * fy + m[5])


def op_m(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.path.move_to(user_point(state, operands[0], operands[1]))


def op_l(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.path.line_to(user_point(state, operands[0], operands[1]))


def op_curve(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.path.curve_to(user_point(state, operands[-2], operands[-1]))  # c, v and y end there


def op_h(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.path.close()


def op_re(state: InterpreterState, operands: list[Operand], index: int) -> None:
    x, y, w, h = (float(v) for v in operands)
    corners = (
        user_point(state, x, y),
        user_point(state, x + w, y),
        user_point(state, x + w, y + h),
        user_point(state, x, y + h),
    )
    state.path.rectangle(corners)


def _paint(state: InterpreterState, stroke: bool, fill: bool, close: bool) -> None:
    if close:
        state.path.close()
    segments, rects = state.path.finish(fill)
    if not (stroke or fill) or not (segments or rects):
        return
    gs = state.gs
    width = user_line_width(gs.line_width, gs.ctm)
    state.device.paint_path(PathRecord(segments, rects, stroke, fill, width, gs.stroke_color, gs.fill_color))


def op_S(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, False, False)


def op_s(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, False, True)


def op_f(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, False, True, False)


def op_B(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, False)


def op_b(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, True, True, True)


def op_n(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _paint(state, False, False, False)


def op_w(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.line_width = float(operands[0])


# -- colour (§8.6.8), for a device that wants paths ---------------------------------------------


def op_G(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, True, 1, operands)


def op_g(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, False, 1, operands)


def op_RG(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, True, 3, operands)


def op_rg(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, False, 3, operands)


def op_K(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, True, 4, operands)


def op_k(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_color(state, False, 4, operands)


def _set_color(state: InterpreterState, stroke: bool, components: int, operands: list[Operand]) -> None:
    gs = state.gs
    color = rgb([float(v) for v in operands])
    if stroke:
        gs.stroke_components, gs.stroke_color = components, color
    else:
        gs.fill_components, gs.fill_color = components, color


def op_CS(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_space(state, True, operands[0])


def op_cs(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _set_space(state, False, operands[0])


def _set_space(state: InterpreterState, stroke: bool, name: Operand) -> None:
    components = space_components(name, state.stream.resources) if isinstance(name, str) else 0
    gs = state.gs
    if stroke:
        gs.stroke_components, gs.stroke_color = components, initial_color(components)
    else:
        gs.fill_components, gs.fill_color = components, initial_color(components)


def op_SC(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _color_in_space(state, True, operands)


def op_sc(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _color_in_space(state, False, operands)


def _color_in_space(state: InterpreterState, stroke: bool, operands: list[Operand]) -> None:
    """sc/scn/SC/SCN: components in the current space; unknown spaces stay unknown."""
    gs = state.gs
    components = gs.stroke_components if stroke else gs.fill_components
    numbers = [float(v) for v in operands if isinstance(v, (int, float)) and not isinstance(v, bool)]
    color = rgb(numbers) if components and len(numbers) == components == len(operands) else None
    if stroke:
        gs.stroke_color = color
    else:
        gs.fill_color = color
