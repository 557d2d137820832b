"""Text state, text objects and positioning operators (ISO 32000-1 §9.3, §9.4.1–9.4.2), and
the lookup of the font a Tf names in the stream's resources."""

from __future__ import annotations

import pikepdf

from pagetext.content.state import InterpreterState, operand_float, operand_matrix
from pagetext.fonts.font import Font
from pagetext.fonts.loader import fallback_font
from pagetext.geometry import IDENTITY
from pagetext.syntax.literals import Operand

# -- text objects and positioning (§9.4.2) ------------------------------------------------------


def op_BT(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.text_matrix = state.line_matrix = IDENTITY


def op_ET(state: InterpreterState, operands: list[Operand], index: int) -> None:
    pass


def _move(state: InterpreterState, tx: float, ty: float) -> None:
    a, b, c, d, e, f = state.line_matrix
    state.line_matrix = state.text_matrix = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)


def op_Td(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _move(state, operand_float(operands[0]), operand_float(operands[1]))


def op_TD(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.leading = -operand_float(operands[1])
    _move(state, operand_float(operands[0]), operand_float(operands[1]))


def op_Tm(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.line_matrix = state.text_matrix = operand_matrix(operands)


def op_T_star(state: InterpreterState, operands: list[Operand], index: int) -> None:
    _move(state, 0.0, -state.gs.leading)


# -- text state (§9.3) -----------------------------------------------------------------------------


def op_Tc(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.char_spacing = operand_float(operands[0])


def op_Tw(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.word_spacing = operand_float(operands[0])


def op_Tz(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.horizontal_scaling = operand_float(operands[0]) / 100


def op_TL(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.leading = operand_float(operands[0])


def op_Tr(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.render_mode = int(operands[0])


def op_Ts(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.rise = operand_float(operands[0])


def op_Tf(state: InterpreterState, operands: list[Operand], index: int) -> None:
    name, size = operands
    if not isinstance(name, str):
        raise TypeError
    state.gs.font_size = operand_float(size)
    state.gs.font_name = name
    state.gs.font = _font(state, name)


def _font(state: InterpreterState, name: str) -> Font:
    """The font of that name in the stream's /Font resources (§9.2.1), loaded once per stream."""
    stream = state.stream
    font = stream.fonts.get(name)
    if font is not None:
        return font
    font_dict = None
    try:
        fonts = stream.resources.get("/Font") if stream.resources is not None else None
        if isinstance(fonts, pikepdf.Dictionary):
            font_dict = fonts.get("/" + name)
    except pikepdf.PdfError as error:
        state.warn(f"font resource {name} could not be read: {error}")
    if font_dict is None:
        state.warn(f"font {name} is not in the resources; Helvetica metrics used")
        font = fallback_font()
    else:
        font = state.fonts.get(font_dict, state.warn)
    stream.fonts[name] = font
    return font
