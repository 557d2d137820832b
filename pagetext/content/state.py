"""What the interpreter keeps while it runs (ISO 32000-1 §8.4, §9.3): the graphics state with
the text state, the text and line matrices, the marked-content stack, the content stream being
interpreted (its resources and place among forms), and the document's font cache (fonts/cache.py).

The operator handlers (graphics, text_state, text_show, marked_content, and forms in interpreter) are
functions over one `InterpreterState`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pagetext.budget import PageBudget
from pagetext.content.device import Device
from pagetext.content.glyph import FormUse, MarkedContent
from pagetext.content.paint import PaintState, Tracking
from pagetext.content.paths import RGB, PathBuilder
from pagetext.errors import Warn
from pagetext.fonts.cache import FontCache
from pagetext.fonts.font import Font
from pagetext.geometry import IDENTITY, Box, Matrix
from pagetext.pdf.objects import ObjGen, inherited_entry
from pagetext.syntax.literals import Operand

# One tuple for every new state: compiled, a tuple literal is made again (with its three
# floats) at each q, which copies the state through __init__.
_BLACK: Final[RGB | None] = (0.0, 0.0, 0.0)


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
        "paint",
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
        self.stroke_color: RGB | None = _BLACK  # black in DeviceGray (§8.6.8)
        self.fill_color: RGB | None = _BLACK
        self.stroke_components = 1  # of the current colour space, 0 when not a device one
        self.fill_components = 1
        self.paint: PaintState | None = None  # clip, alpha, soft mask: kept only for visibility

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
        clone.paint = self.paint
        return clone


class StreamContext:
    """One content stream being interpreted: its resources and where it sits among forms.

    annotation and field_name: the annotation subtype and form field full name when the
    stream is (or is drawn by) an annotation's appearance, "" otherwise.
    """

    __slots__ = (
        "annotation",
        "clip",
        "field_name",
        "font_references",
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
        # The /Font resources' entries, read once on the first font looked up (text_state).
        self.font_references: dict[str, Any] | None = None
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


class InterpreterState:
    """Everything the operator handlers read and change: the device drawn on, the document's
    fonts, the page's budget, the graphics state and its q/Q stack, the text and line
    matrices (§9.4.2), the marked-content stack, the current path and the stream context."""

    def __init__(
        self,
        device: Device,
        fonts: FontCache,
        warn: Warn,
        budget: PageBudget,
        clip_forms: bool,
        operators: OperatorTable,
        unread: frozenset[str],
        tracking: Tracking | None = None,
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
        self.active_forms: set[ObjGen] = set()
        self.stream = StreamContext(None, (), True, None)
        # The page whose content runs (run_page), for its resources read from the file's bytes.
        self.page_object: Any = None
        self.warned_no_font = False
        self.unknown: set[str] = set()  # unknown operators already warned about
        self.path = PathBuilder()
        self.operators = operators
        self.unread = unread
        self.tracking = tracking  # None unless the device wants visibility (paint.py)

    def enter_page(self, page: Any) -> None:
        """Start on the content of `page` (a page dictionary), with its resources: its own or
        inherited (§7.7.3.4)."""
        self.fresh_state()
        self.page_object = page
        self.stream = StreamContext(inherited_entry(page, "/Resources"), (), True, None)

    def fresh_state(self) -> None:
        """The graphics state, text matrices and marked content a new stream starts with."""
        self.gs = GraphicsState(IDENTITY)
        if self.tracking is not None:
            self.gs.paint = PaintState()
        self.stack = []
        self.text_matrix = self.line_matrix = IDENTITY
        self.marked = []


def operand_float(value: Operand) -> float:
    """float(value) for an operand: the lexer's floats and ints are converted in place
    (compiled, float() of an untyped value is a call of the float type, for each number of
    every Tm, cm and Td); anything else goes through float(), which raises as before, so that
    the operator is skipped with a warning (pdf.objects.number gives a default instead)."""
    if isinstance(value, float):
        return value
    if isinstance(value, int):
        return float(value)  # value is an int here: converted natively
    return float(value)


def operand_matrix(operands: list[Operand]) -> Matrix:
    """The six operands of cm or Tm as a matrix (§8.3.4), each through operand_float."""
    a, b, c, d, e, f = operands
    return (
        operand_float(a),
        operand_float(b),
        operand_float(c),
        operand_float(d),
        operand_float(e),
        operand_float(f),
    )


Handler = Callable[[InterpreterState, list[Operand], int], None]
# Operator → (operand count, handler).
OperatorTable = dict[str, tuple[int, Handler]]
