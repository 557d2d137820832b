"""Text state, text objects and positioning operators (ISO 32000-1 §9.3, §9.4.1–9.4.2), and
the lookup of the font a Tf names in the stream's resources."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.state import InterpreterState, operand_float, operand_matrix
from pagetext.fonts.font import Font
from pagetext.fonts.loader import fallback_font
from pagetext.geometry import IDENTITY
from pagetext.pdf.file_objects import FileDictionary
from pagetext.pdf.objects import OBJECT_ERRORS
from pagetext.syntax.lexer import object_values
from pagetext.syntax.literals import Operand, Reference

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
    try:
        fonts = stream.resources.get("/Font") if stream.resources is not None else None
        entry: Any = None
        if isinstance(fonts, FileDictionary):  # a page read from the file's bytes (pdf.file_pages)
            written = fonts.entry(name)
            entry = written if written is None or isinstance(written, Reference) else _ASK_PIKEPDF
        elif isinstance(fonts, pikepdf.Dictionary):
            entry = _font_entry(state, fonts, name) if state.fonts.reads_file() else _ASK_PIKEPDF
        if isinstance(entry, Reference):
            font = state.fonts.get_referenced(entry, state.warn)
        elif entry is _ASK_PIKEPDF and fonts is not None:  # written in place, or left to pikepdf
            font_dict = fonts.get("/" + name)
            if font_dict is not None:
                font = state.fonts.get(font_dict, state.warn)
    except pikepdf.PdfError as error:
        state.warn(f"font resource {name} could not be read: {error}")
    if font is None:
        state.warn(f"font {name} is not in the resources; Helvetica metrics used")
        font = fallback_font()
    stream.fonts[name] = font
    return font


class _AskPikepdf:
    """What _font_entry gives for a font that pikepdf is to hand over."""

    __slots__ = ()


_ASK_PIKEPDF: Final = _AskPikepdf()
# What a stream's font_references holds when its /Font dictionary could not be read as syntax.
_UNREADABLE: Final[dict[str, Any]] = {}


def _font_entry(state: InterpreterState, fonts: pikepdf.Dictionary, name: str) -> Any:
    """The entry `name` of a /Font resource dictionary whose fonts the document reads from the
    file's bytes (FontCache.get_referenced): a Reference, left unresolved; None when there is no
    such entry; _ASK_PIKEPDF for a dictionary written in place, and for a /Font dictionary that
    cannot be read as syntax."""
    stream = state.stream
    references = stream.font_references
    if references is None:
        references = stream.font_references = _file_font_entries(state, fonts) or _font_references(fonts)
    if references is _UNREADABLE:
        return _ASK_PIKEPDF
    entry = references.get(name)
    return entry if entry is None or isinstance(entry, Reference) else _ASK_PIKEPDF


def _file_font_entries(state: InterpreterState, fonts: pikepdf.Dictionary) -> dict[str, Any] | None:
    """The entries of a /Font resource dictionary read from the file's bytes when it, the
    /Resources that holds it, or the page dictionary that holds those, is an object of its
    own (pages share the first two: read once a document); None otherwise. qpdf writes a
    dictionary out without its null entries (§7.3.7), testing every value, so
    _font_references parses each font the dictionary names, used or not."""
    stream = state.stream
    try:
        if fonts.is_indirect:
            return state.fonts.file_entries(*fonts.objgen)
        resources = stream.resources
        if resources.is_indirect:
            found = state.fonts.file_entries(*resources.objgen)
        else:
            found = _page_resources(state) if stream.is_page else None
    except OBJECT_ERRORS:
        return None
    entries = found.get("Font") if found is not None else None
    return entries if isinstance(entries, dict) else None


def _page_resources(state: InterpreterState) -> dict[str, Any] | None:
    """The /Resources written in the page dictionary itself, read from the file's bytes; None
    when the page's are inherited (§7.7.3.4) or written elsewhere. When the page's own entry is
    a dictionary, it is the one the stream's resources came from: a page's own entry comes
    before an inherited one."""
    page = state.page_object
    if page is None or not page.is_indirect:
        return None
    found = state.fonts.read_file_entries(*page.objgen)
    resources = found.get("Resources") if found is not None else None
    return resources if isinstance(resources, dict) else None


def _font_references(fonts: pikepdf.Dictionary) -> dict[str, Any]:
    """The entries of a /Font resource dictionary as object syntax, fonts by reference not
    resolved; _UNREADABLE when they cannot be read so."""
    try:
        values = object_values(bytes(fonts.unparse(resolved=True)))
    except OBJECT_ERRORS:
        values = None
    if values is None or len(values) != 1 or not isinstance(values[0], dict):
        return _UNREADABLE
    entries: dict[str, Any] = values[0]
    return entries
