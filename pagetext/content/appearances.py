"""What a page's annotations show: appearance streams and form field values (ISO 32000-1 §12.5, §12.7).

A viewer draws, on top of the page content, the normal appearance of each visible annotation
(§12.5.5). `page_annotations` reads a page's /Annots and the document's AcroForm and returns,
per annotation that shows text, what the interpreter must draw: the appearance stream with the
matrix that puts it at the annotation's /Rect, or, for a text or choice field without an
appearance (or whose appearances the viewer must rebuild: /NeedAppearances), a small content
stream showing the field's value inside the /Rect (fields.py). Every access is guarded: a
damaged annotation gives a warning and is left out, never an exception.
"""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.fields import FieldReader, int_value, name_value, text_value
from pagetext.content.interpreter import Interpreter
from pagetext.content.optional import OptionalContent
from pagetext.errors import Warn
from pagetext.fonts.font import Font
from pagetext.geometry import IDENTITY, Box, Matrix, multiply
from pagetext.pdf.annots import TEXT_SUBTYPES, annotation_entries
from pagetext.pdf.objects import optional_entry, read_matrix, read_rect

HIDDEN: Final = 1 << 1  # annotation flag bit 2 (§12.5.3)
NO_VIEW: Final = 1 << 5  # annotation flag bit 6 (§12.5.3)


class Appearance:
    """What one annotation shows: a form to draw, or made-up content for a field value.

    A plain class, not a dataclass: compiled, a dataclass's __init__ is generated Python, a
    call of the interpreter per annotation (a tax form has hundreds)."""

    def __init__(
        self,
        subtype: str,
        field_name: str,
        rect: Box,
        form: pikepdf.Stream | None = None,
        matrix: Matrix = IDENTITY,
        bbox: Box | None = None,
        resources: Any = None,
        content: bytes = b"",
        fonts: dict[str, Font] | None = None,
    ) -> None:
        self.subtype = subtype
        self.field_name = field_name
        self.rect = rect
        self.index = -1  # the annotation's place in the page's /Annots
        self.form = form  # the appearance stream, drawn with `matrix`
        self.matrix = matrix  # form space → user space: the form's /Matrix × A (§12.5.5)
        self.bbox = bbox  # the form's /BBox, which clips it
        self.resources = resources  # for an appearance stream without /Resources: the AcroForm's /DR
        self.content = content  # made-up content (form is None), in user space
        self.fonts: dict[str, Font] = fonts if fonts is not None else {}  # the fonts `content` names
        self.optional_off = False  # optional content hides it (§8.11.3.3): listed only when asked


def page_annotations(page: Any, pdf: pikepdf.Pdf, warn: Warn, optional_off: bool = False) -> list[Appearance]:
    """The appearances of a page's visible annotations that may show text, in /Annots order;
    with optional_off, those that optional content hides as well (Appearance.optional_off)."""
    entries = annotation_entries(page, warn, "annotations")
    if not entries:
        return []
    try:
        context = _Context(pdf, warn)
    except (pikepdf.PdfError, RuntimeError, ValueError, TypeError) as error:
        warn(f"the document's AcroForm could not be read ({error}); annotations left out")
        return []
    result: list[Appearance] = []
    for index, annot in entries:
        try:
            appearance = context.appearance(annot, optional_off)
        except (pikepdf.PdfError, RuntimeError, ValueError, TypeError, IndexError, KeyError) as error:
            warn(f"an annotation could not be read ({error}); left out")
            continue
        if appearance is not None:
            appearance.index = index
            result.append(appearance)
    return result


def draw_appearance(interpreter: Interpreter, appearance: Appearance, warn: Warn) -> None:
    """Draw one appearance (or a field value made up for it) after the page content; a
    damaged one gives a warning."""
    name = f"Annots[{appearance.index}]"
    try:
        if appearance.form is not None:
            interpreter.run_appearance(
                appearance.form, appearance.matrix, appearance.resources, name,
                appearance.subtype, appearance.field_name, appearance.optional_off, appearance.bbox,
            )  # fmt: skip
        else:
            interpreter.run_synthetic(
                appearance.content, appearance.fonts, appearance.rect, name,
                appearance.subtype, appearance.field_name, appearance.optional_off,
            )  # fmt: skip
    except (pikepdf.PdfError, RuntimeError, ValueError, TypeError) as error:
        warn(f"the appearance of annotation {appearance.index} could not be drawn: {error}")


def appearance_matrix(bbox: Box, matrix: Matrix, rect: Box) -> Matrix | None:
    """Form space → user space for an appearance (§12.5.5): the /BBox transformed by /Matrix
    gives a box; A maps that box onto /Rect; the result is /Matrix × A. None when the
    transformed box is empty (nothing can be fitted)."""
    # The transformed box's extent, corner by corner: an axis's least value comes from the
    # corner at the low end of each term with a positive coefficient (the same sums as applying
    # the matrix to all four corners, without building them: a form has one per field).
    a, b, c, d, e, f = matrix
    x0 = a * (bbox.x0 if a >= 0 else bbox.x1) + c * (bbox.y0 if c >= 0 else bbox.y1) + e
    x1 = a * (bbox.x1 if a >= 0 else bbox.x0) + c * (bbox.y1 if c >= 0 else bbox.y0) + e
    y0 = b * (bbox.x0 if b >= 0 else bbox.x1) + d * (bbox.y0 if d >= 0 else bbox.y1) + f
    y1 = b * (bbox.x1 if b >= 0 else bbox.x0) + d * (bbox.y1 if d >= 0 else bbox.y0) + f
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    sx = rect.width / (x1 - x0)
    sy = rect.height / (y1 - y0)
    fitted: Matrix = (sx, 0.0, 0.0, sy, rect.x0 - x0 * sx, rect.y0 - y0 * sy)  # A
    return multiply(matrix, fitted)


class _Context:
    """Per-page reading state: the AcroForm and optional content settings, read once."""

    def __init__(self, pdf: pikepdf.Pdf, warn: Warn) -> None:
        self.pdf = pdf
        self.warn = warn
        root: Any = pdf.Root
        # Most documents have no AcroForm, and most AcroForms no /NeedAppearances: tested
        # first, not read with get() (pdf.objects.optional_entry).
        acroform = optional_entry(root, "/AcroForm")
        acroform = acroform if isinstance(acroform, pikepdf.Dictionary) else None
        self.fields = FieldReader(acroform, warn)
        need = optional_entry(acroform, "/NeedAppearances") if acroform is not None else None
        self.need_appearances = bool(need) if isinstance(need, bool) else False
        self.optional = OptionalContent(root)

    # -- visibility ------------------------------------------------------------------------

    def _hidden(self, annot: pikepdf.Dictionary) -> bool:
        return bool(int_value(optional_entry(annot, "/F")) & (HIDDEN | NO_VIEW))  # §12.5.3

    def _optional_off(self, annot: pikepdf.Dictionary) -> bool:
        """Whether optional content hides the annotation (§8.11.3.3)."""
        oc = optional_entry(annot, "/OC")
        return oc is not None and not self.optional.visible(oc)

    # -- appearances -------------------------------------------------------------------------

    def appearance(self, annot: pikepdf.Dictionary, optional_off: bool) -> Appearance | None:
        subtype = name_value(annot.get("/Subtype"))
        if subtype not in TEXT_SUBTYPES or self._hidden(annot):
            return None
        off = self._optional_off(annot)
        if off and not optional_off:
            return None
        made = self._appearance(annot, subtype)
        if made is not None:
            made.optional_off = off
        return made

    def _appearance(self, annot: pikepdf.Dictionary, subtype: str) -> Appearance | None:
        rect = read_rect(annot.get("/Rect"))
        if rect is None:
            self.warn(f"a {subtype} annotation has no valid /Rect; left out")
            return None
        fields = self.fields
        chain: list[pikepdf.Dictionary] = []
        field_name = ""
        field_type = ""
        if subtype == "Widget":
            chain = fields.field_chain(annot)
            field_name = fields.full_name(chain)
            field_type = name_value(fields.inherited(chain, "/FT"))
        if field_type in ("Tx", "Ch") and self.need_appearances:
            return self._value(chain, rect, subtype, field_name, field_type)
        form = self._normal_appearance(annot)
        if form is not None:
            return self._placed(form, rect, subtype, field_name)
        if field_type in ("Tx", "Ch"):
            return self._value(chain, rect, subtype, field_name, field_type)
        if subtype == "FreeText":  # text drawn straight on the page (§12.5.6.6), from /Contents
            return self._made_up(text_value(annot.get("/Contents")) or "", [annot], rect, subtype, "")
        return None

    def _normal_appearance(self, annot: pikepdf.Dictionary) -> pikepdf.Stream | None:
        """/AP /N, or /N /<AS> for an annotation with appearance states (§12.5.5)."""
        ap = optional_entry(annot, "/AP")
        if not isinstance(ap, pikepdf.Dictionary):
            return None
        normal = ap.get("/N")
        if isinstance(normal, pikepdf.Stream):
            return normal
        if isinstance(normal, pikepdf.Dictionary):
            state = annot.get("/AS")
            if isinstance(state, pikepdf.Name):
                chosen = optional_entry(normal, str(state))
                if isinstance(chosen, pikepdf.Stream):
                    return chosen
        return None

    def _placed(self, form: pikepdf.Stream, rect: Box, subtype: str, field_name: str) -> Appearance | None:
        bbox = read_rect(form.get("/BBox"))
        if bbox is None:
            self.warn(f"a {subtype} appearance has no valid /BBox; left out")
            return None
        # A quarter of appearance streams have no /Matrix: tested first (optional_entry).
        matrix = appearance_matrix(bbox, read_matrix(optional_entry(form, "/Matrix")), rect)
        if matrix is None:
            return None  # an empty appearance box shows nothing
        return Appearance(subtype, field_name, rect, form, matrix, bbox, self.fields.default_resources)

    def _value(
        self, chain: list[pikepdf.Dictionary], rect: Box, subtype: str, field_name: str, field_type: str
    ) -> Appearance | None:
        text = self.fields.value_text(chain, field_name, field_type)
        return self._made_up(text, chain, rect, subtype, field_name) if text is not None else None

    def _made_up(
        self, text: str, chain: list[pikepdf.Dictionary], rect: Box, subtype: str, field_name: str
    ) -> Appearance | None:
        made = self.fields.made_up(text, chain, rect, subtype)
        if made is None:
            return None
        content, fonts = made
        return Appearance(subtype, field_name, rect, content=content, fonts=fonts)
