"""Content-stream interpreter: operations → glyph records sent to a device (ISO 32000-1 §8, §9).

The interpreter keeps the graphics state (CTM and the whole text state, saved and restored by
q/Q), the text and line matrices, the marked-content stack and the chain of Form XObjects
being drawn. For each glyph a text operator shows it builds a `Glyph` and hands the glyphs of
one operator to the device, a GlyphCollector, which keeps the painted paths too when asked
(tables read them).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import pikepdf

from pagetext.budget import PageBudget
from pagetext.content.glyph import Artifact, FormUse, Glyph, GlyphRun, MarkedContent
from pagetext.content.paths import (
    RGB,
    PathBuilder,
    PathRecord,
    initial_color,
    rgb,
    space_components,
    user_line_width,
)
from pagetext.errors import Warn, WarningRelay
from pagetext.fonts.font import Font
from pagetext.fonts.loader import fallback_font, load_font
from pagetext.geometry import IDENTITY, Box, Matrix, apply, multiply
from pagetext.pdf.objects import optional_entry, read_matrix, read_stream, text_string
from pagetext.syntax.lexer import iter_operations, token_count
from pagetext.syntax.strings import Operand

ObjGen = tuple[int, int]


class GlyphCollector:
    """What the interpreter draws on: it keeps every glyph, in drawing order, and the painted
    paths when it wants them (wants_paths; without, the page's drawing costs nothing).

    One concrete class, not a protocol: compiled, the calls per shown string are native.
    """

    def __init__(self, paths: bool = False) -> None:
        self.glyphs: list[Glyph] = []
        self.paths: list[PathRecord] = []
        self.wants_paths = paths

    def show_glyphs(self, glyphs: list[Glyph]) -> None:
        self.glyphs.extend(glyphs)

    def paint_path(self, path: PathRecord) -> None:
        self.paths.append(path)


class FontCache:
    """Fonts parsed once per document, keyed by the font dictionary's object number."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, int], Font] = {}
        self._relay = WarningRelay()

    def end_page(self) -> None:
        self._relay.clear()

    def get(self, font_dict: Any, warn: Warn) -> Font:
        """The font for a font dictionary; problems found while parsing it go to `warn`."""
        self._relay.target = warn
        key = font_dict.objgen if isinstance(font_dict, pikepdf.Object) else (0, 0)
        if key != (0, 0) and key in self._fonts:
            return self._fonts[key]
        font = load_font(font_dict, self._relay)
        if key != (0, 0):
            self._fonts[key] = font
        return font


class GraphicsState:
    """The parts of the graphics state text extraction needs: CTM and text state (§8.4, §9.3),
    and what painted paths need: line width and colours (set only for a device with paths)."""

    __slots__ = (
        "char_spacing",
        "ctm",
        "fill_color",
        "fill_components",
        "font",
        "font_name",
        "font_size",
        "horizontal_scaling",
        "leading",
        "line_width",
        "render_mode",
        "rise",
        "stroke_color",
        "stroke_components",
        "word_spacing",
    )

    def __init__(self, ctm: Matrix) -> None:
        self.ctm = ctm
        self.font: Font | None = None
        self.font_name = ""
        self.font_size = 0.0
        self.char_spacing = 0.0
        self.word_spacing = 0.0
        self.horizontal_scaling = 1.0  # Tz / 100
        self.leading = 0.0
        self.render_mode = 0
        self.rise = 0.0
        self.line_width = 1.0  # §8.4.1 default
        self.stroke_color: RGB | None = (0.0, 0.0, 0.0)  # black in DeviceGray (§8.6.8)
        self.fill_color: RGB | None = (0.0, 0.0, 0.0)
        self.stroke_components = 1  # of the current colour space, 0 when not a device one
        self.fill_components = 1

    def copy(self) -> GraphicsState:
        clone = GraphicsState(self.ctm)
        clone.font = self.font
        clone.font_name = self.font_name
        clone.font_size = self.font_size
        clone.char_spacing = self.char_spacing
        clone.word_spacing = self.word_spacing
        clone.horizontal_scaling = self.horizontal_scaling
        clone.leading = self.leading
        clone.render_mode = self.render_mode
        clone.rise = self.rise
        clone.line_width = self.line_width
        clone.stroke_color = self.stroke_color
        clone.fill_color = self.fill_color
        clone.stroke_components = self.stroke_components
        clone.fill_components = self.fill_components
        return clone


class _Stream:
    """One content stream being interpreted: its resources and where it sits among forms.

    annotation and field_name: the annotation subtype and form field full name when the
    stream is (or is drawn by) an annotation's appearance, "" otherwise.
    """

    __slots__ = (
        "annotation",
        "clip",
        "field_name",
        "fonts",
        "forms",
        "is_page",
        "mcid_stream",
        "resources",
        "root",
        "uses",
    )

    def __init__(
        self,
        resources: Any,
        forms: tuple[str, ...],
        is_page: bool,
        clip: Box | None,
        mcid_stream: ObjGen | None = None,
        annotation: str = "",
        field_name: str = "",
        root: str = "",
        uses: tuple[FormUse, ...] = (),
    ) -> None:
        self.resources = resources
        self.forms = forms
        self.is_page = is_page
        self.fonts: dict[str, Font] = {}
        self.clip = clip
        # Whose MCIDs the stream's marked content carries: None for the page's, else the Form
        # XObject with /StructParents that has its own (§14.7.4.3).
        self.mcid_stream = mcid_stream
        self.annotation = annotation
        self.field_name = field_name
        # Where the stream sits, for editing (TextSource): "" or the annotation, and the form
        # uses that lead to it. Synthetic content (root set, no stream) has no source.
        self.root = root
        self.uses = uses


class Interpreter:
    """Interprets a page's content (and the forms it draws) onto a device."""

    def __init__(
        self,
        device: GlyphCollector,
        fonts: FontCache,
        warn: Warn,
        budget: PageBudget,
        *,
        clip_forms: bool = False,
    ) -> None:
        self.device = device
        self.fonts = fonts
        self.warn = warn
        self.clip_forms = clip_forms
        self.budget = budget
        self.max_form_depth = budget.limits.max_form_depth
        self.max_glyphs = budget.limits.max_glyphs  # read per string: Limits is not compiled
        self.gs = GraphicsState(IDENTITY)
        self.stack: list[GraphicsState] = []
        self.text_matrix: Matrix = IDENTITY
        self.line_matrix: Matrix = IDENTITY
        self.marked: list[MarkedContent] = []
        # What structure extraction needs to know of the page's marked content.
        self.actual_text_seen = False  # some sequence has an /ActualText (§14.9.4)
        self.tag_suspect = False  # a TagSuspect sequence (§14.8.2.3)
        self.artifact_seen = False  # an /Artifact sequence (§14.8.2.2)
        self.mcid_seen = False  # a sequence with an MCID (§14.7.4.2)
        self.form_struct_parents: dict[ObjGen, int] = {}  # form → its /StructParents key
        self.active_forms: set[tuple[int, int]] = set()
        self.stream = _Stream(None, (), True, None)
        self._warned_no_font = False
        self._unknown: set[str] = set()
        self.path = PathBuilder()
        self.operators = _PATH_OPERATORS if device.wants_paths else _OPERATORS
        self.unread = _PATH_UNREAD if device.wants_paths else _TEXT_UNREAD

    # -- entry points ---------------------------------------------------------------------

    def run_page(self, content: bytes, resources: Any, ctm: Matrix = IDENTITY) -> None:
        self.gs = GraphicsState(ctm)
        self.stream = _Stream(resources, (), True, None)
        try:
            self._run(content)
        finally:
            self.fonts.end_page()

    def run_appearance(
        self,
        form: pikepdf.Stream,
        matrix: Matrix,
        resources: Any,
        name: str,
        annotation: str,
        field_name: str,
    ) -> None:
        """Draw an annotation's appearance stream like a form (§12.5.5): `matrix` maps its
        form space to user space (the form's /Matrix already in it), its glyphs are clipped
        to its /BBox, and `resources` serve when the stream has none of its own."""
        self._fresh_state()
        self.stream = _Stream(resources, (), False, None, None, annotation, field_name, name)
        try:
            self._draw_form(name, form, matrix, True)
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
    ) -> None:
        """Draw content made up for an annotation without an appearance (a field's value),
        in user space, with its fonts given rather than read from resources."""
        self._fresh_state()
        stream = self.stream = _Stream(None, (name,), False, clip, None, annotation, field_name, name)
        stream.fonts.update(fonts)
        try:
            self._run(content)
        finally:
            self.fonts.end_page()

    def _fresh_state(self) -> None:
        self.gs = GraphicsState(IDENTITY)
        self.stack = []
        self.text_matrix = self.line_matrix = IDENTITY
        self.marked = []

    def _run(self, content: bytes) -> None:
        operators = self.operators
        warn = self.warn
        depth = len(self.stack)
        budget = self.budget
        count = budget.operators
        max_operators = budget.limits.max_operators
        for operator, operands, index in iter_operations(content, warn, None, self.unread):
            count += 1
            if count > max_operators:
                budget.operators = count
                raise budget.exceeded(f"page has more than {max_operators} operators")
            if count & 0xFFF == 0:
                budget.check_time()
            entry = operators.get(operator)
            if entry is None:
                if operator not in KNOWN_IGNORED and operator not in self._unknown:
                    self._unknown.add(operator)
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
                    handler(self, operands, index)
                    count = budget.operators
                else:
                    handler(self, operands, index)
            except (TypeError, ValueError, ArithmeticError, IndexError):
                warn(f"{operator} with operands of the wrong type skipped")
        budget.operators = count
        # A stream leaves the state as it found it: unbalanced q inside it are dropped.
        if len(self.stack) > depth:
            self.gs = self.stack[depth]
            del self.stack[depth:]

    # -- graphics state -------------------------------------------------------------------

    def _q(self, operands: list[Operand], index: int) -> None:
        self.stack.append(self.gs.copy())

    def _Q(self, operands: list[Operand], index: int) -> None:
        if self.stack:  # an unbalanced Q is ignored
            self.gs = self.stack.pop()

    def _cm(self, operands: list[Operand], index: int) -> None:
        matrix = tuple(float(v) for v in operands)
        self.gs.ctm = multiply(matrix, self.gs.ctm)  # type: ignore[arg-type]

    def _ignore(self, operands: list[Operand], index: int) -> None:
        pass

    # -- paths (§8.5), for a device that wants them ------------------------------------------

    def _point(self, x: Operand, y: Operand) -> tuple[float, float]:
        m = self.gs.ctm
        fx, fy = float(x), float(y)
        return (m[0] * fx + m[2] * fy + m[4], m[1] * fx + m[3] * fy + m[5])

    def _m(self, operands: list[Operand], index: int) -> None:
        self.path.move_to(self._point(operands[0], operands[1]))

    def _l(self, operands: list[Operand], index: int) -> None:
        self.path.line_to(self._point(operands[0], operands[1]))

    def _curve(self, operands: list[Operand], index: int) -> None:
        self.path.curve_to(self._point(operands[-2], operands[-1]))  # c, v and y end there

    def _h(self, operands: list[Operand], index: int) -> None:
        self.path.close()

    def _re(self, operands: list[Operand], index: int) -> None:
        x, y, w, h = (float(v) for v in operands)
        point = self._point
        self.path.rectangle((point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)))

    def _paint(self, stroke: bool, fill: bool, close: bool) -> None:
        if close:
            self.path.close()
        segments, rects = self.path.finish(fill)
        if not (stroke or fill) or not (segments or rects):
            return
        gs = self.gs
        width = user_line_width(gs.line_width, gs.ctm)
        self.device.paint_path(
            PathRecord(segments, rects, stroke, fill, width, gs.stroke_color, gs.fill_color)
        )

    def _S(self, operands: list[Operand], index: int) -> None:
        self._paint(True, False, False)

    def _s(self, operands: list[Operand], index: int) -> None:
        self._paint(True, False, True)

    def _f(self, operands: list[Operand], index: int) -> None:
        self._paint(False, True, False)

    def _B(self, operands: list[Operand], index: int) -> None:
        self._paint(True, True, False)

    def _b(self, operands: list[Operand], index: int) -> None:
        self._paint(True, True, True)

    def _n(self, operands: list[Operand], index: int) -> None:
        self._paint(False, False, False)

    def _w(self, operands: list[Operand], index: int) -> None:
        self.gs.line_width = float(operands[0])

    # -- colour (§8.6.8), for a device that wants paths ---------------------------------------

    def _G(self, operands: list[Operand], index: int) -> None:
        self._set_color(True, 1, operands)

    def _g(self, operands: list[Operand], index: int) -> None:
        self._set_color(False, 1, operands)

    def _RG(self, operands: list[Operand], index: int) -> None:
        self._set_color(True, 3, operands)

    def _rg(self, operands: list[Operand], index: int) -> None:
        self._set_color(False, 3, operands)

    def _K(self, operands: list[Operand], index: int) -> None:
        self._set_color(True, 4, operands)

    def _k(self, operands: list[Operand], index: int) -> None:
        self._set_color(False, 4, operands)

    def _set_color(self, stroke: bool, components: int, operands: list[Operand]) -> None:
        gs = self.gs
        color = rgb([float(v) for v in operands])
        if stroke:
            gs.stroke_components, gs.stroke_color = components, color
        else:
            gs.fill_components, gs.fill_color = components, color

    def _CS(self, operands: list[Operand], index: int) -> None:
        self._set_space(True, operands[0])

    def _cs(self, operands: list[Operand], index: int) -> None:
        self._set_space(False, operands[0])

    def _set_space(self, stroke: bool, name: Operand) -> None:
        components = space_components(name, self.stream.resources) if isinstance(name, str) else 0
        gs = self.gs
        if stroke:
            gs.stroke_components, gs.stroke_color = components, initial_color(components)
        else:
            gs.fill_components, gs.fill_color = components, initial_color(components)

    def _SC(self, operands: list[Operand], index: int) -> None:
        self._color_in_space(True, operands)

    def _sc(self, operands: list[Operand], index: int) -> None:
        self._color_in_space(False, operands)

    def _color_in_space(self, stroke: bool, operands: list[Operand]) -> None:
        """sc/scn/SC/SCN: components in the current space; unknown spaces stay unknown."""
        gs = self.gs
        components = gs.stroke_components if stroke else gs.fill_components
        numbers = [float(v) for v in operands if isinstance(v, (int, float)) and not isinstance(v, bool)]
        color = rgb(numbers) if components and len(numbers) == components == len(operands) else None
        if stroke:
            gs.stroke_color = color
        else:
            gs.fill_color = color

    # -- text objects and positioning (§9.4.2) ----------------------------------------------

    def _BT(self, operands: list[Operand], index: int) -> None:
        self.text_matrix = self.line_matrix = IDENTITY

    def _ET(self, operands: list[Operand], index: int) -> None:
        pass

    def _move(self, tx: float, ty: float) -> None:
        a, b, c, d, e, f = self.line_matrix
        self.line_matrix = self.text_matrix = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f)

    def _Td(self, operands: list[Operand], index: int) -> None:
        self._move(float(operands[0]), float(operands[1]))

    def _TD(self, operands: list[Operand], index: int) -> None:
        self.gs.leading = -float(operands[1])
        self._move(float(operands[0]), float(operands[1]))

    def _Tm(self, operands: list[Operand], index: int) -> None:
        self.line_matrix = self.text_matrix = tuple(float(v) for v in operands)  # type: ignore[assignment]

    def _T_star(self, operands: list[Operand], index: int) -> None:
        self._move(0.0, -self.gs.leading)

    # -- text state (§9.3) ------------------------------------------------------------------

    def _Tc(self, operands: list[Operand], index: int) -> None:
        self.gs.char_spacing = float(operands[0])

    def _Tw(self, operands: list[Operand], index: int) -> None:
        self.gs.word_spacing = float(operands[0])

    def _Tz(self, operands: list[Operand], index: int) -> None:
        self.gs.horizontal_scaling = float(operands[0]) / 100

    def _TL(self, operands: list[Operand], index: int) -> None:
        self.gs.leading = float(operands[0])

    def _Tr(self, operands: list[Operand], index: int) -> None:
        self.gs.render_mode = int(operands[0])

    def _Ts(self, operands: list[Operand], index: int) -> None:
        self.gs.rise = float(operands[0])

    def _Tf(self, operands: list[Operand], index: int) -> None:
        name, size = operands
        if not isinstance(name, str):
            raise TypeError
        self.gs.font_size = float(size)
        self.gs.font_name = name
        self.gs.font = self._font(name)

    def _font(self, name: str) -> Font:
        stream = self.stream
        font = stream.fonts.get(name)
        if font is not None:
            return font
        font_dict = None
        try:
            fonts = stream.resources.get("/Font") if stream.resources is not None else None
            if isinstance(fonts, pikepdf.Dictionary):
                font_dict = fonts.get("/" + name)
        except pikepdf.PdfError as error:
            self.warn(f"font resource {name} could not be read: {error}")
        if font_dict is None:
            self.warn(f"font {name} is not in the resources; Helvetica metrics used")
            font = fallback_font()
        else:
            font = self.fonts.get(font_dict, self.warn)
        stream.fonts[name] = font
        return font

    # -- text showing (§9.4.3, §9.4.4) ------------------------------------------------------

    def _Tj(self, operands: list[Operand], index: int) -> None:
        if not isinstance(operands[0], bytes):
            raise TypeError
        self._show(operands, index - 1)

    def _quote(self, operands: list[Operand], index: int) -> None:
        self._T_star(operands, index)
        self._Tj(operands, index)

    def _dquote(self, operands: list[Operand], index: int) -> None:
        self.gs.word_spacing = float(operands[0])
        self.gs.char_spacing = float(operands[1])
        self._T_star(operands, index)
        self._Tj(operands[2:], index)

    def _TJ(self, operands: list[Operand], index: int) -> None:
        items = operands[0]
        if not isinstance(items, list):
            raise TypeError
        # The array's tokens end just before the operator: walk back to where it starts.
        self._show(items, index - token_count(items) + 1)

    def _show(self, items: list[Operand], token: int) -> None:
        """Show the strings of one Tj or TJ (§9.4.3), each at the text matrix, which then
        moves past it; a number between them moves the pen back by n/1000 em. `token` is the
        first item's token index. The state the strings share is read once and their glyphs
        go to the device together: a TJ holds seven strings on median pages, most of one or
        two glyphs."""
        gs = self.gs
        font = gs.font
        if font is None:
            if not self._warned_no_font:
                self._warned_no_font = True
                self.warn("text shown before any Tf; Helvetica metrics used")
            font = gs.font = fallback_font()
        stream = self.stream
        size = gs.font_size
        hscale = gs.horizontal_scaling
        char_spacing = gs.char_spacing
        word_spacing = gs.word_spacing
        rise = gs.rise
        ctm = gs.ctm
        marked = self.marked[-1] if self.marked else None
        mcid = marked.mcid if marked is not None else None
        base_font = font.base_font or gs.font_name
        sourced = stream.is_page or bool(stream.uses)
        vertical = font.wmode == 1
        wmode = font.wmode
        low = rise + font.descent * size
        high = rise + font.ascent * size
        page_token = stream.is_page  # a string's token index counts in the page stream only
        # Within one operator the text matrix only moves, so its linear part in user space,
        # and what follows from it (the writing direction, the box height, the rise and box
        # edge offsets), is the same for every string: only the origin (E, F) is per string.
        linear = multiply(self.text_matrix, ctm)
        A = linear[0]
        B = linear[1]
        C = linear[2]
        D = linear[3]
        if vertical:
            norm = _norm(C, D)
            direction = (-C / norm, -D / norm) if norm else (0.0, -1.0)
            across = abs(direction[0] * B - direction[1] * A)
        else:
            norm = _norm(A, B)
            direction = (A / norm, B / norm) if norm else (1.0, 0.0)
            up = abs(direction[0] * D - direction[1] * C)
            box_height = up * (font.ascent - font.descent) * abs(size)
        # Offsets of the origin (rise) and of the box's bottom and top edges, in user space.
        rise_x, rise_y = C * rise, D * rise
        rise_across = rise_y * direction[0] - rise_x * direction[1]
        low_x, low_y, high_x, high_y = C * low, D * low, C * high, D * high
        glyphs: list[Glyph] = []
        for item in items:
            # Narrowed to float or int first: compiled, float() of the union is a call to the type.
            is_number = False
            kern = 0.0
            if isinstance(item, float):
                is_number = True
                kern = item
            elif isinstance(item, int) and not isinstance(item, bool):
                is_number = True
                kern = float(item)
            if is_number:
                shift = -kern / 1000 * size
                a, b, c, d, e, f = self.text_matrix
                if vertical:
                    self.text_matrix = (a, b, c, d, e + shift * c, f + shift * d)
                else:
                    shift *= hscale
                    self.text_matrix = (a, b, c, d, e + shift * a, f + shift * b)
            if not isinstance(item, bytes):
                token += token_count(item) if isinstance(item, (list, dict)) else 1
                continue
            tm = self.text_matrix
            origin = multiply(tm, ctm)
            E = origin[4]
            F = origin[5]
            advance_total = 0.0
            run = GlyphRun(
                base_font, size, gs.render_mode, mcid, token if page_token else -1, stream.forms,
                rise_across, marked, stream.annotation, stream.field_name, sourced, stream.root,
                stream.uses, token, item, font, char_spacing, word_spacing, hscale,
            )  # fmt: skip
            code_index = -1
            for decoded in font.decode(item):
                code = decoded.code
                width = decoded.width
                is_space = decoded.is_space
                code_index += 1
                origin_x = rise_x + E
                origin_y = rise_y + F
                if vertical:
                    w1, vx, _ = font.vertical_metrics(code)
                    advance = w1 * size + char_spacing + (word_spacing if is_space else 0.0)
                    left = -vx * size * hscale
                    right = (width - vx) * size * hscale
                    bottom = rise + w1 * size
                    quad = (
                        (A * left + C * bottom + E, B * left + D * bottom + F),
                        (A * right + C * bottom + E, B * right + D * bottom + F),
                        (A * right + C * rise + E, B * right + D * rise + F),
                        (A * left + C * rise + E, B * left + D * rise + F),
                    )
                    glyph_end = (C * bottom + E, D * bottom + F)
                    end_y = rise + advance
                    baseline_end = (C * end_y + E, D * end_y + F)
                    height = across * abs(width * size * hscale)
                    E += advance * C
                    F += advance * D
                else:
                    own = width * size * hscale
                    advance = (width * size + char_spacing + (word_spacing if is_space else 0.0)) * hscale
                    own_x = A * own
                    own_y = B * own
                    quad = (
                        (low_x + E, low_y + F),
                        (own_x + low_x + E, own_y + low_y + F),
                        (own_x + high_x + E, own_y + high_y + F),
                        (high_x + E, high_y + F),
                    )
                    glyph_end = (own_x + origin_x, own_y + origin_y)
                    baseline_end = (A * advance + origin_x, B * advance + origin_y)
                    height = box_height
                    E += advance * A
                    F += advance * B
                advance_total += advance
                glyph = Glyph(
                    decoded.text, code, quad, (origin_x, origin_y), baseline_end, glyph_end,
                    direction, height, wmode, decoded.mapped_text, run, code_index=code_index,
                )  # fmt: skip
                glyphs.append(glyph)
            a, b, c, d, e, f = tm
            if vertical:
                self.text_matrix = (a, b, c, d, e + advance_total * c, f + advance_total * d)
            else:
                self.text_matrix = (a, b, c, d, e + advance_total * a, f + advance_total * b)
            token += 1
        if stream.clip is not None:
            clip = stream.clip
            glyphs = [g for g in glyphs if clip.contains(*g.center)]
        if glyphs:
            self.device.show_glyphs(glyphs)
            budget = self.budget
            budget.glyphs += len(glyphs)
            if budget.glyphs > self.max_glyphs:
                raise budget.exceeded(f"page has more than {self.max_glyphs} glyphs")

    # -- marked content (§14.6) -------------------------------------------------------------

    def _begin(self, tag: str, properties: Any) -> None:
        """Open a marked-content sequence; `properties` is its property list (a dict of the
        lexer's values or a pikepdf dictionary), or None."""
        parent = self.marked[-1] if self.marked else None
        mcid = parent.mcid if parent is not None else None
        mcid_stream = parent.mcid_stream if parent is not None else None
        artifact = parent.artifact if parent is not None else None
        actual_text: str | None = None
        if properties is not None:
            inline = isinstance(properties, dict)
            own = properties.get("MCID") if inline else optional_entry(properties, "/MCID")
            if isinstance(own, (int, pikepdf.Object)) and not isinstance(own, bool):
                try:
                    mcid = int(own)
                    mcid_stream = self.stream.mcid_stream
                    self.mcid_seen = True
                except (TypeError, ValueError):
                    pass
            actual_text = text_string(
                properties.get("ActualText") if inline else optional_entry(properties, "/ActualText")
            )
            if actual_text is not None:
                self.actual_text_seen = True
        if tag == "Artifact":  # §14.8.2.2
            artifact = Artifact(_name_of(properties, "Type"), _name_of(properties, "Subtype"))
            self.artifact_seen = True
        elif tag == "TagSuspect":  # §14.8.2.3
            self.tag_suspect = True
        self.marked.append(MarkedContent(tag, mcid, mcid_stream, actual_text, artifact, parent))

    def _BMC(self, operands: list[Operand], index: int) -> None:
        tag = operands[0]
        self._begin(tag if isinstance(tag, str) else "", None)

    def _BDC(self, operands: list[Operand], index: int) -> None:
        tag, properties = operands
        if isinstance(properties, str):  # a name in the /Properties resources (§14.6.2)
            resources = self.stream.resources
            named = resources.get("/Properties") if resources is not None else None
            entry = named.get("/" + properties) if isinstance(named, pikepdf.Dictionary) else None
            properties = entry if isinstance(entry, pikepdf.Dictionary) else None
        elif not isinstance(properties, dict):
            properties = None
        self._begin(tag if isinstance(tag, str) else "", properties)

    def _EMC(self, operands: list[Operand], index: int) -> None:
        if self.marked:
            self.marked.pop()

    # -- external objects (§8.8, §8.10) ------------------------------------------------------

    def _Do(self, operands: list[Operand], index: int) -> None:
        name = operands[0]
        if not isinstance(name, str):
            raise TypeError
        resources = self.stream.resources
        xobjects = resources.get("/XObject") if resources is not None else None
        xobject = xobjects.get("/" + name) if isinstance(xobjects, pikepdf.Dictionary) else None
        if not isinstance(xobject, pikepdf.Stream):
            self.warn(f"XObject {name} is missing; skipped")
            return
        if xobject.get("/Subtype") != _FORM:
            return  # images and PostScript XObjects show no text
        self._draw_form(name, xobject, use_token=index)

    def _draw_form(
        self,
        name: str,
        form: pikepdf.Stream,
        matrix: Matrix | None = None,
        clip_bbox: bool = False,
        use_token: int = -1,
    ) -> None:
        key = form.objgen
        if key in self.active_forms:
            self.warn(f"form {name} draws itself (a cycle); the inner drawing was skipped")
            return
        outer = self.stream
        if len(outer.forms) >= self.max_form_depth:
            self.warn(f"forms nested deeper than {self.max_form_depth}; form {name} skipped")
            return
        content = read_stream(form, f"form {name}", self.warn, self.budget.limits.max_stream_bytes)
        if content is None:
            return
        self.budget.spend_bytes(len(content))
        if matrix is None:
            matrix = read_matrix(optional_entry(form, "/Matrix"))
        resources = form.get("/Resources")
        if not isinstance(resources, pikepdf.Dictionary):
            resources = outer.resources  # a form without resources borrows its parent's (§7.8.3)
        saved_text = (self.text_matrix, self.line_matrix)
        self.stack.append(self.gs.copy())
        self.gs.ctm = multiply(matrix, self.gs.ctm)
        clip = outer.clip
        if self.clip_forms or clip_bbox:
            clip = _form_clip(form.get("/BBox"), self.gs.ctm, clip)
        mcid_stream = outer.mcid_stream
        struct_parents = optional_entry(form, "/StructParents")
        if isinstance(struct_parents, int) and not isinstance(struct_parents, bool):
            mcid_stream = key  # the form's marked content has its own MCIDs (§14.7.4.3)
            self.form_struct_parents[key] = int(struct_parents)
        self.stream = _Stream(
            resources, (*outer.forms, name), False, clip, mcid_stream, outer.annotation,
            outer.field_name, outer.root, (*outer.uses, (use_token, key[0], key[1])),
        )  # fmt: skip
        depth = len(self.marked)
        self.active_forms.add(key)
        try:
            self._run(content)
        finally:
            self.active_forms.discard(key)
            del self.marked[depth:]  # a form's unbalanced BDC ends with it
            self.stream = outer
            self.gs = self.stack.pop()
            self.text_matrix, self.line_matrix = saved_text


def _norm(x: float, y: float) -> float:
    """math.hypot(x, y); compiled, sqrt is native where hypot is a call through the module.
    Squares overflow past 1e154 (a hostile matrix): hypot then."""
    norm = math.sqrt(x * x + y * y)
    return norm if norm != math.inf else math.hypot(x, y)


def _name_of(properties: Any, key: str) -> str:
    """A name entry of a property list without its slash, "" when absent or not a name."""
    if isinstance(properties, dict):
        value = properties.get(key)
        return value if isinstance(value, str) else ""
    if isinstance(properties, pikepdf.Dictionary):
        value = optional_entry(properties, "/" + key)
        return str(value)[1:] if isinstance(value, pikepdf.Name) else ""
    return ""


def _form_clip(bbox: Any, ctm: Matrix, outer: Box | None) -> Box | None:
    """The form's /BBox in user space (as an axis-aligned box), within any outer form's clip."""
    if not isinstance(bbox, pikepdf.Array) or len(bbox) != 4:
        return outer
    x0, y0, x1, y1 = (float(v) for v in bbox)
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    points = [apply(ctm, x, y) for x, y in corners]
    box = Box(
        min(p[0] for p in points),
        min(p[1] for p in points),
        max(p[0] for p in points),
        max(p[1] for p in points),
    )
    return box.intersect(outer) if outer is not None else box


# Operator → (operand count, handler). Kept outside the instance: bound methods there would
# tie the interpreter, and every glyph its device holds, into a reference cycle that only
# the cycle collector frees.
_OPERATORS: Final[dict[str, tuple[int, Callable[[Interpreter, list[Operand], int], None]]]] = {
    "q": (0, Interpreter._q),
    "Q": (0, Interpreter._Q),
    "cm": (6, Interpreter._cm),
    "BT": (0, Interpreter._BT),
    "ET": (0, Interpreter._ET),
    "Td": (2, Interpreter._Td),
    "TD": (2, Interpreter._TD),
    "Tm": (6, Interpreter._Tm),
    "T*": (0, Interpreter._T_star),
    "Tc": (1, Interpreter._Tc),
    "Tw": (1, Interpreter._Tw),
    "Tz": (1, Interpreter._Tz),
    "TL": (1, Interpreter._TL),
    "Tf": (2, Interpreter._Tf),
    "Tr": (1, Interpreter._Tr),
    "Ts": (1, Interpreter._Ts),
    "Tj": (1, Interpreter._Tj),
    "TJ": (1, Interpreter._TJ),
    "'": (1, Interpreter._quote),
    '"': (3, Interpreter._dquote),
    "d0": (2, Interpreter._ignore),
    "d1": (6, Interpreter._ignore),
    "BMC": (1, Interpreter._BMC),
    "BDC": (2, Interpreter._BDC),
    "EMC": (0, Interpreter._EMC),
    "Do": (1, Interpreter._Do),
}


_FORM: Final = pikepdf.Name("/Form")  # made once: pikepdf.Name.Form builds one at each use
ANY_ARITY: Final = -1  # sc, scn, SC, SCN take as many operands as the colour space has
# With paths: construction, painting, line width and colour as well (§8.5, §8.6.8).
_PATH_OPERATORS: Final[dict[str, tuple[int, Callable[[Interpreter, list[Operand], int], None]]]] = {
    **_OPERATORS,
    "m": (2, Interpreter._m),
    "l": (2, Interpreter._l),
    "c": (6, Interpreter._curve),
    "v": (4, Interpreter._curve),
    "y": (4, Interpreter._curve),
    "h": (0, Interpreter._h),
    "re": (4, Interpreter._re),
    "S": (0, Interpreter._S),
    "s": (0, Interpreter._s),
    "f": (0, Interpreter._f),
    "F": (0, Interpreter._f),
    "f*": (0, Interpreter._f),
    "B": (0, Interpreter._B),
    "B*": (0, Interpreter._B),
    "b": (0, Interpreter._b),
    "b*": (0, Interpreter._b),
    "n": (0, Interpreter._n),
    "w": (1, Interpreter._w),
    "G": (1, Interpreter._G),
    "g": (1, Interpreter._g),
    "RG": (3, Interpreter._RG),
    "rg": (3, Interpreter._rg),
    "K": (4, Interpreter._K),
    "k": (4, Interpreter._k),
    "CS": (1, Interpreter._CS),
    "cs": (1, Interpreter._cs),
    "SC": (ANY_ARITY, Interpreter._SC),
    "SCN": (ANY_ARITY, Interpreter._SC),
    "sc": (ANY_ARITY, Interpreter._sc),
    "scn": (ANY_ARITY, Interpreter._sc),
}


# Operators that do not affect text: known, so that they are skipped without a warning.
KNOWN_IGNORED: Final = frozenset(
    "w J j M d ri i gs m l c v y h re S s f F f* B B* b b* n W W* CS cs SC SCN sc scn "
    "G g RG rg K k sh BI ID EI MP DP BX EX".split()
)
# Operators skipped, so their operands need not be read (see iter_operations).
_TEXT_UNREAD: Final = KNOWN_IGNORED.difference(_OPERATORS)
_PATH_UNREAD: Final = KNOWN_IGNORED.difference(_PATH_OPERATORS)
