"""Content-stream interpreter: operations → glyph records sent to a device (ISO 32000-1 §8, §9).

The operators' handlers are functions over one `InterpreterState` (state.py), by chapter:
graphics state, paths and colour (graphics.py, §8.4–8.6), text state and positioning
(text_state.py, §9.3–9.4.2), text showing and its glyph geometry (text_show.py, §9.4.3–9.4.4),
marked content (marked_content.py, §14.6). Here: the run loop over a stream's operations, the entry
points for a page, an annotation's appearance and made-up content, Form XObjects (§8.10), and
the operator tables. The device (device.py) receives the glyphs, the painted paths when it
wants them, and the marked content.
"""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.budget import PageBudget
from pagetext.content import paint_ops, paint_sources
from pagetext.content.device import Device
from pagetext.content.graphics import (
    op_B,
    op_b,
    op_cm,
    op_CS,
    op_cs,
    op_curve,
    op_f,
    op_G,
    op_g,
    op_h,
    op_ignore,
    op_K,
    op_k,
    op_l,
    op_m,
    op_n,
    op_Q,
    op_q,
    op_re,
    op_RG,
    op_rg,
    op_S,
    op_s,
    op_SC,
    op_sc,
    op_w,
)
from pagetext.content.marked_content import op_BDC, op_BMC, op_EMC
from pagetext.content.optional import OptionalContent
from pagetext.content.paint import Tracking
from pagetext.content.paint_sources import enter_form, optional_off_sequence, paint_image
from pagetext.content.state import InterpreterState, OperatorTable, StreamContext
from pagetext.content.text_show import op_dquote, op_quote, op_TJ, op_Tj
from pagetext.content.text_state import (
    op_BT,
    op_ET,
    op_T_star,
    op_Tc,
    op_TD,
    op_Td,
    op_Tf,
    op_TL,
    op_Tm,
    op_Tr,
    op_Ts,
    op_Tw,
    op_Tz,
)
from pagetext.errors import Warn
from pagetext.fonts.cache import FontCache
from pagetext.fonts.font import Font
from pagetext.geometry import Box, Matrix, apply, multiply
from pagetext.pdf.file_objects import DICTIONARY, STREAM, FileStream
from pagetext.pdf.objects import Corners, optional_entry, read_corners, read_matrix, read_stream
from pagetext.syntax.lexer import read_operations
from pagetext.syntax.literals import Operand


class Interpreter(InterpreterState):
    """Interprets a page's content (and the forms it draws) onto a device."""

    def __init__(
        self,
        device: Device,
        fonts: FontCache,
        warn: Warn,
        budget: PageBudget,
        *,
        clip_forms: bool = False,
        optional: OptionalContent | None = None,
    ) -> None:
        if device.wants_visibility:
            tracking = Tracking(optional or OptionalContent(None))
            super().__init__(
                device, fonts, warn, budget, clip_forms, VISIBILITY_OPERATORS, _VISIBILITY_UNREAD, tracking
            )
            return
        paths = device.wants_paths
        operators = PATH_OPERATORS if paths else OPERATORS
        super().__init__(
            device, fonts, warn, budget, clip_forms, operators, _PATH_UNREAD if paths else _TEXT_UNREAD
        )

    def run_page(self, content: bytes, page: Any) -> None:
        """Run the content of `page` (a page dictionary)."""
        self.enter_page(page)
        try:
            run_content(self, content)
        finally:
            self.fonts.end_page()

    def run_appearance(
        self,
        form: pikepdf.Stream | FileStream,
        matrix: Matrix,
        resources: Any,
        name: str,
        annotation: str,
        field_name: str,
        optional_off: bool = False,
        bbox: Corners | None = None,
    ) -> None:
        """Draw an annotation's appearance stream like a form (§12.5.5): `matrix` maps its
        form space to user space (the form's /Matrix already in it), its glyphs are clipped
        to its /BBox (`bbox` when the caller has read it), and `resources` serve when the
        stream has none of its own.
        optional_off: optional content hides the annotation (drawn for a visibility reading)."""
        self.fresh_state()
        if optional_off:
            self.marked.append(optional_off_sequence(None))
        self.stream = StreamContext(resources, (), False, None, None, annotation, field_name, name)
        try:
            draw_form(self, name, form, matrix, True, bbox=bbox)
        finally:
            self.fonts.end_page()

    def run_synthetic(
        self,
        content: bytes,
        fonts: dict[str, Font],
        clip: Box | None,
        name: str,
        annotation: str,
        field_name: str,
        optional_off: bool = False,
    ) -> None:
        """Draw content made up for an annotation without an appearance (a field's value),
        in user space, with its fonts given rather than read from resources."""
        self.fresh_state()
        if optional_off:
            self.marked.append(optional_off_sequence(None))
        stream = self.stream = StreamContext(None, (name,), False, clip, None, annotation, field_name, name)
        stream.fonts.update(fonts)
        try:
            run_content(self, content)
        finally:
            self.fonts.end_page()


def run_content(state: InterpreterState, content: bytes) -> None:
    """Run the operations of one content stream, each through its handler."""
    operators = state.operators
    warn = state.warn
    depth = len(state.stack)
    budget = state.budget
    count = budget.operators
    max_operators = budget.limits.max_operators
    # The lexer counts the operators it skips against this: the one that crosses the budget
    # comes here. Forms spend from the same budget, so it shrinks by what they spend.
    allowance = [max_operators - count]
    for operator, operands, index, skipped in read_operations(content, warn, state.unread, allowance):
        count += 1 + skipped
        if count > max_operators:
            budget.operators = count
            raise budget.exceeded(f"page has more than {max_operators} operators")
        if (count - 1 - skipped) >> _TIME_CHECK_SHIFT != count >> _TIME_CHECK_SHIFT:
            budget.check_time()
        entry = operators.get(operator)
        if entry is None:
            if operator not in KNOWN_IGNORED and operator not in state.unknown:
                state.unknown.add(operator)
                warn(f"unknown operator {operator!r} skipped")
            continue
        arity, handler = entry
        if len(operands) != arity and arity != ANY_ARITY:
            if len(operands) < arity:
                warn(f"{operator} needs {arity} operands, got {len(operands)}; skipped")
                continue
            warn(f"{operator} takes {arity} operands, got {len(operands)}; kept the last {arity}")
            operands = operands[len(operands) - arity :]
        try:
            if operator == "Do":  # a form spends from the same budget
                budget.operators = count
                handler(state, operands, index)
                allowance[0] -= budget.operators - count
                count = budget.operators
            else:
                handler(state, operands, index)
        except (TypeError, ValueError, ArithmeticError, IndexError):
            warn(f"{operator} with operands of the wrong type skipped")
    budget.operators = count
    # A stream leaves the state as it found it: unbalanced q inside it are dropped.
    if len(state.stack) > depth:
        state.gs = state.stack[depth]
        del state.stack[depth:]


# -- external objects (§8.8, §8.10) ------------------------------------------------------------


def op_Do(state: InterpreterState, operands: list[Operand], index: int) -> None:
    name = operands[0]
    if not isinstance(name, str):
        raise TypeError
    resources = state.stream.resources
    xobjects = resources.get("/XObject") if resources is not None else None
    xobject = xobjects.get("/" + name) if isinstance(xobjects, DICTIONARY) else None
    if not isinstance(xobject, STREAM):
        state.warn(f"XObject {name} is missing; skipped")
        return
    subtype = xobject.get("/Subtype")
    if subtype not in _FORM:
        if state.tracking is not None and subtype in _IMAGE:
            paint_image(state, xobject)
        return  # images and PostScript XObjects show no text
    draw_form(state, name, xobject, use_token=index)


def draw_form(
    state: InterpreterState,
    name: str,
    form: pikepdf.Stream | FileStream,
    matrix: Matrix | None = None,
    clip_bbox: bool = False,
    use_token: int = -1,
    bbox: Corners | None = None,
) -> None:
    """Draw a Form XObject (§8.10.1): its content, in its own resources and matrix, with the
    graphics state saved around it; `bbox` is its /BBox when the caller has read it."""
    key = form.objgen
    if key in state.active_forms:
        state.warn(f"form {name} draws itself (a cycle); the inner drawing was skipped")
        return
    outer = state.stream
    if len(outer.forms) >= state.max_form_depth:
        state.warn(f"forms nested deeper than {state.max_form_depth}; form {name} skipped")
        return
    content = read_stream(form, f"form {name}", state.warn, state.budget.limits.max_stream_bytes)
    if content is None:
        return
    state.budget.spend_bytes(len(content))
    if matrix is None:
        matrix = read_matrix(optional_entry(form, "/Matrix"))
    resources = optional_entry(form, "/Resources")  # appearance streams often have none
    if not isinstance(resources, DICTIONARY):
        resources = outer.resources  # a form without resources borrows its parent's (§7.8.3)
    saved_text = (state.text_matrix, state.line_matrix)
    state.stack.append(state.gs.copy())
    state.gs.ctm = multiply(matrix, state.gs.ctm)
    depth = len(state.marked)
    if state.tracking is not None:
        enter_form(state, form)
    clip = outer.clip
    if state.clip_forms or clip_bbox:
        clip = _form_clip(bbox if bbox is not None else read_corners(form.get("/BBox")), state.gs.ctm, clip)
    mcid_stream = outer.mcid_stream
    struct_parents = optional_entry(form, "/StructParents")
    if isinstance(struct_parents, int) and not isinstance(struct_parents, bool):
        mcid_stream = key  # the form's marked content has its own MCIDs (§14.7.4.3)
        state.device.form_struct_parents(key, int(struct_parents))
    state.stream = StreamContext(
        resources, (*outer.forms, name), False, clip, mcid_stream, outer.annotation,
        outer.field_name, outer.root, (*outer.uses, (use_token, key[0], key[1])),
    )  # fmt: skip
    state.active_forms.add(key)
    try:
        run_content(state, content)
    finally:
        state.active_forms.discard(key)
        del state.marked[depth:]  # a form's unbalanced BDC ends with it
        state.stream = outer
        state.gs = state.stack.pop()
        state.text_matrix, state.line_matrix = saved_text


def _form_clip(bbox: Corners | None, ctm: Matrix, outer: Box | None) -> Box | None:
    """The form's /BBox in user space (as an axis-aligned box), within any outer form's clip."""
    if bbox is None:
        return outer
    x0, y0, x1, y1 = bbox
    p0 = apply(ctm, x0, y0)
    p1 = apply(ctm, x1, y0)
    p2 = apply(ctm, x1, y1)
    p3 = apply(ctm, x0, y1)
    box = Box(
        min(p0[0], p1[0], p2[0], p3[0]),
        min(p0[1], p1[1], p2[1], p3[1]),
        max(p0[0], p1[0], p2[0], p3[0]),
        max(p0[1], p1[1], p2[1], p3[1]),
    )
    return box.intersect(outer) if outer is not None else box


# Operator → (operand count, handler). Functions, not bound methods: bound methods kept with
# the interpreter would tie it, and every glyph its device holds, into a reference cycle that
# only the cycle collector frees.
OPERATORS: Final[OperatorTable] = {
    "q": (0, op_q),
    "Q": (0, op_Q),
    "cm": (6, op_cm),
    "BT": (0, op_BT),
    "ET": (0, op_ET),
    "Td": (2, op_Td),
    "TD": (2, op_TD),
    "Tm": (6, op_Tm),
    "T*": (0, op_T_star),
    "Tc": (1, op_Tc),
    "Tw": (1, op_Tw),
    "Tz": (1, op_Tz),
    "TL": (1, op_TL),
    "Tf": (2, op_Tf),
    "Tr": (1, op_Tr),
    "Ts": (1, op_Ts),
    "Tj": (1, op_Tj),
    "TJ": (1, op_TJ),
    "'": (1, op_quote),
    '"': (3, op_dquote),
    "d0": (2, op_ignore),
    "d1": (6, op_ignore),
    "BMC": (1, op_BMC),
    "BDC": (2, op_BDC),
    "EMC": (0, op_EMC),
    "Do": (1, op_Do),
}


# A subtype as pikepdf gives it (made once: pikepdf.Name.Form builds one at each use) and as
# the lexer reads it (an XObject read from the file's bytes, pagetext.pdf.file_pages).
_FORM: Final = (pikepdf.Name("/Form"), "Form")
_IMAGE: Final = (pikepdf.Name("/Image"), "Image")
ANY_ARITY: Final = -1  # sc, scn, SC, SCN take as many operands as the colour space has
_TIME_CHECK_SHIFT: Final = 12  # the clock is read once per 4,096 operators: reading it costs
# With paths: construction, painting, line width and colour as well (§8.5, §8.6.8).
PATH_OPERATORS: Final[OperatorTable] = {
    **OPERATORS,
    "m": (2, op_m),
    "l": (2, op_l),
    "c": (6, op_curve),
    "v": (4, op_curve),
    "y": (4, op_curve),
    "h": (0, op_h),
    "re": (4, op_re),
    "S": (0, op_S),
    "s": (0, op_s),
    "f": (0, op_f),
    "F": (0, op_f),
    "f*": (0, op_f),
    "B": (0, op_B),
    "B*": (0, op_B),
    "b": (0, op_b),
    "b*": (0, op_b),
    "n": (0, op_n),
    "w": (1, op_w),
    "G": (1, op_G),
    "g": (1, op_g),
    "RG": (3, op_RG),
    "rg": (3, op_rg),
    "K": (4, op_K),
    "k": (4, op_k),
    "CS": (1, op_CS),
    "cs": (1, op_cs),
    "SC": (ANY_ARITY, op_SC),
    "SCN": (ANY_ARITY, op_SC),
    "sc": (ANY_ARITY, op_sc),
    "scn": (ANY_ARITY, op_sc),
}


# For visibility (paint_ops.py): paths as outlines, clipping, painting as areas, transparency,
# shadings and pattern colour, with colours as for paths.
VISIBILITY_OPERATORS: Final[OperatorTable] = {
    **PATH_OPERATORS,
    **paint_ops.OPERATORS,
    **paint_sources.OPERATORS,
}


# Operators that do not affect text: known, so that they are skipped without a warning.
KNOWN_IGNORED: Final = frozenset(
    "w J j M d ri i gs m l c v y h re S s f F f* B B* b b* n W W* CS cs SC SCN sc scn "
    "G g RG rg K k sh BI ID EI MP DP BX EX".split()
)
# Operators skipped, so their operands need not be read (see read_operations).
_TEXT_UNREAD: Final = KNOWN_IGNORED.difference(OPERATORS)
_PATH_UNREAD: Final = KNOWN_IGNORED.difference(PATH_OPERATORS)
_VISIBILITY_UNREAD: Final = KNOWN_IGNORED.difference(VISIBILITY_OPERATORS)
