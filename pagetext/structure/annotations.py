"""What a page's annotations show: appearance streams and form field values (ISO 32000-1 §12.5, §12.7).

A viewer draws, on top of the page content, the normal appearance of each visible annotation
(§12.5.5). `page_annotations` reads a page's /Annots and the document's AcroForm and returns,
per annotation that shows text, what the interpreter must draw: the appearance stream with the
matrix that puts it at the annotation's /Rect, or, for a text or choice field without an
appearance (or whose appearances the viewer must rebuild: /NeedAppearances), a small content
stream showing the field's value inside the /Rect. Every access is guarded: a damaged
annotation gives a warning and is left out, never an exception.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

import pikepdf

from pagetext.fonts.font import UNMAPPED, Font, SimpleFont
from pagetext.fonts.simple import helvetica
from pagetext.geometry import IDENTITY, Box, Matrix, apply, multiply
from pagetext.pdf.objects import optional_entry, read_matrix, read_rect

Warn = Callable[[str], None]

# Subtypes whose appearance can show text a reader sees as part of the page (§12.5.6).
# Text (a note icon) and its Popup show /Contents only when opened; Link, Highlight, Ink and
# the other markup subtypes draw marks, not text; FileAttachment and Sound draw icons.
TEXT_SUBTYPES: Final = frozenset(
    {"Widget", "FreeText", "Stamp", "Square", "Circle", "Line", "Polygon", "PolyLine", "Watermark"}
)
HIDDEN: Final = 1 << 1  # annotation flag bit 2 (§12.5.3)
NO_VIEW: Final = 1 << 5  # annotation flag bit 6 (§12.5.3)
FF_MULTILINE: Final = 1 << 12  # text field flag bit 13 (§12.7.4.3)
FF_PASSWORD: Final = 1 << 13  # text field flag bit 14: a viewer shows bullets, never the value
FF_COMBO: Final = 1 << 17  # choice field flag bit 18 (§12.7.4.4)
MAX_PARENTS: Final = 64  # guard for /Parent chains of fields that loop or run deep
MAX_OC_DEPTH: Final = 16  # guard for visibility expressions nested in themselves (§8.11.2.2)
MAX_VALUE_CHARS: Final = 10_000  # a field value longer than this is cut (no field shows more)
# Made-up field text: 2 points of padding inside the /Rect, as viewers draw field borders
# (pdf.js and Acrobat both use 2); auto size (Tf 0) fits one line into the field height, never
# above 12 points; the line height of a multi-line value is 1.15 em.
FIELD_PADDING: Final = 2.0
AUTO_SIZE_MAX: Final = 12.0
AUTO_SIZE_MIN: Final = 4.0
LINE_HEIGHT: Final = 1.15
VALUE_FONT: Final = "PTValue"  # the resource name the made-up content uses for its font


@dataclass
class Appearance:
    """What one annotation shows: a form to draw, or made-up content for a field value."""

    subtype: str
    field_name: str
    rect: Box
    index: int = -1  # the annotation's place in the page's /Annots
    form: pikepdf.Stream | None = None  # the appearance stream, drawn with `matrix`
    matrix: Matrix = IDENTITY  # form space → user space: the form's /Matrix × A (§12.5.5)
    content: bytes = b""  # made-up content (form is None), in user space
    fonts: dict[str, Font] = field(default_factory=dict)  # the fonts `content` names
    resources: Any = None  # for an appearance stream without /Resources: the AcroForm's /DR


@cache
def _helvetica_widths() -> dict[str, float]:
    """Helvetica's widths (em) by character, for the characters its WinAnsi encoding has."""
    plain = helvetica()
    return {text: width for text, width in zip(plain.texts, plain.widths, strict=True) if len(text) == 1}


def _char_width(char: str) -> float:
    """Helvetica's width of a character (em); one it lacks is 1 em when East Asian wide, else 1/2."""
    width = _helvetica_widths().get(char)
    if width is not None:
        return width
    return 1.0 if unicodedata.east_asian_width(char) in ("W", "F") else 0.5


def value_font(base_font: str, text: str) -> tuple[SimpleFont, dict[str, int]]:
    """A one-byte font for made-up text: each distinct character of `text` gets a code (the
    space code 32, so that it counts as a word space), Helvetica's width and itself as its
    text; and the code of each character. Characters beyond 255 distinct ones are dropped.

    A SimpleFont, not a Font subclass of this module's own: fonts are compiled (mypyc), and
    an interpreted class cannot derive from a compiled one."""
    plain = helvetica()
    texts = [UNMAPPED] * 256
    widths = [0.0] * 256
    codes: dict[str, int] = {}
    free = (code for code in range(1, 256) if code != 32)
    for char in text:
        if char in codes:
            continue
        code = 32 if char == " " else next(free, -1)
        if code < 0:
            continue
        codes[char] = code
        texts[code] = char
        widths[code] = _char_width(char)
    font = SimpleFont(base_font or "Helvetica", "Type1", plain.ascent, plain.descent, texts, widths)
    return font, codes


def page_annotations(page: Any, pdf: pikepdf.Pdf, warn: Warn) -> list[Appearance]:
    """The appearances of a page's visible annotations that may show text, in /Annots order."""
    try:
        annots = optional_entry(page, "/Annots")
    except (pikepdf.PdfError, RuntimeError, ValueError) as error:
        warn(f"the page's /Annots could not be read: {error}")
        return []
    if annots is None:
        return []
    if not isinstance(annots, pikepdf.Array):
        warn("the page's /Annots is not an array; annotations left out")
        return []
    try:
        items = list(annots)
    except (pikepdf.PdfError, RuntimeError, ValueError) as error:
        warn(f"the page's /Annots could not be read: {error}")
        return []
    try:
        context = _Context(pdf, warn)
    except (pikepdf.PdfError, RuntimeError, ValueError, TypeError) as error:
        warn(f"the document's AcroForm could not be read ({error}); annotations left out")
        return []
    result: list[Appearance] = []
    seen: set[tuple[int, int]] = set()
    for index, annot in enumerate(items):
        try:
            if not isinstance(annot, pikepdf.Dictionary):
                continue
            objgen = annot.objgen
            if objgen != (0, 0):
                if objgen in seen:
                    continue  # listed twice: a viewer draws it once
                seen.add(objgen)
            appearance = context.appearance(annot)
        except (pikepdf.PdfError, RuntimeError, ValueError, TypeError, IndexError, KeyError) as error:
            warn(f"an annotation could not be read ({error}); left out")
            continue
        if appearance is not None:
            appearance.index = index
            result.append(appearance)
    return result


def _name(value: Any) -> str:
    return str(value)[1:] if isinstance(value, pikepdf.Name) else ""


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, pikepdf.Object):
        try:
            return int(value)
        except (TypeError, ValueError):
            return default
    return default


def _text(value: Any) -> str | None:
    """A PDF text string (§7.9.2.2), or None when the object is not a string."""
    if isinstance(value, pikepdf.String):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    return None


def appearance_matrix(bbox: Box, matrix: Matrix, rect: Box) -> Matrix | None:
    """Form space → user space for an appearance (§12.5.5): the /BBox transformed by /Matrix
    gives a box; A maps that box onto /Rect; the result is /Matrix × A. None when the
    transformed box is empty (nothing can be fitted)."""
    corners = [apply(matrix, x, y) for x, y in ((bbox.x0, bbox.y0), (bbox.x1, bbox.y0),
                                                 (bbox.x1, bbox.y1), (bbox.x0, bbox.y1))]  # fmt: skip
    x0 = min(p[0] for p in corners)
    x1 = max(p[0] for p in corners)
    y0 = min(p[1] for p in corners)
    y1 = max(p[1] for p in corners)
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    sx = rect.width / (x1 - x0)
    sy = rect.height / (y1 - y0)
    a: Matrix = (sx, 0.0, 0.0, sy, rect.x0 - x0 * sx, rect.y0 - y0 * sy)
    return multiply(matrix, a)


class _Context:
    """Per-page reading state: the AcroForm and optional content settings, read once."""

    def __init__(self, pdf: pikepdf.Pdf, warn: Warn) -> None:
        self.pdf = pdf
        self.warn = warn
        root = pdf.Root
        acroform = root.get("/AcroForm")
        self.acroform = acroform if isinstance(acroform, pikepdf.Dictionary) else None
        need = self.acroform.get("/NeedAppearances") if self.acroform is not None else None
        self.need_appearances = bool(need) if isinstance(need, bool) else False
        self._off: set[tuple[int, int]] | None = None  # OCGs off by default, read on first /OC

    # -- visibility ------------------------------------------------------------------------

    def _hidden(self, annot: pikepdf.Dictionary) -> bool:
        flags = _int(annot.get("/F"))
        if flags & (HIDDEN | NO_VIEW):  # §12.5.3
            return True
        oc = optional_entry(annot, "/OC")
        return oc is not None and not self._oc_visible(oc, 0)

    def _off_groups(self) -> set[tuple[int, int]]:
        """OCGs off in the default configuration (§8.11.4.3: /BaseState, /ON, /OFF of /D)."""
        if self._off is not None:
            return self._off
        off: set[tuple[int, int]] = set()
        self._off = off
        properties = self.pdf.Root.get("/OCProperties")
        if not isinstance(properties, pikepdf.Dictionary):
            return off
        groups = properties.get("/OCGs")
        default = properties.get("/D")
        if not isinstance(default, pikepdf.Dictionary):
            return off
        on_list = default.get("/ON")
        off_list = default.get("/OFF")
        on = (
            {g.objgen for g in on_list if isinstance(g, pikepdf.Dictionary)}
            if isinstance(on_list, pikepdf.Array)
            else set()
        )
        if _name(default.get("/BaseState")) == "OFF" and isinstance(groups, pikepdf.Array):
            off.update(g.objgen for g in groups if isinstance(g, pikepdf.Dictionary) and g.objgen not in on)
        if isinstance(off_list, pikepdf.Array):
            off.update(g.objgen for g in off_list if isinstance(g, pikepdf.Dictionary))
        return off

    def _oc_visible(self, oc: Any, depth: int) -> bool:
        """Whether an optional content group or membership dictionary is on (§8.11.2)."""
        if depth > MAX_OC_DEPTH or not isinstance(oc, (pikepdf.Dictionary, pikepdf.Array)):
            return True  # damaged: show, as a viewer that cannot read it does
        if isinstance(oc, pikepdf.Array):  # a visibility expression (§8.11.2.2)
            if len(oc) == 0:
                return True
            op = _name(oc[0])
            args = [self._oc_visible(item, depth + 1) for item in list(oc)[1:]]
            if op == "Not":
                return not args[0] if args else True
            if op == "Or":
                return any(args)
            return all(args)  # And
        if _name(oc.get("/Type")) == "OCMD":
            expression = oc.get("/VE")
            if isinstance(expression, pikepdf.Array):
                return self._oc_visible(expression, depth + 1)
            groups = oc.get("/OCGs")
            if isinstance(groups, pikepdf.Dictionary):
                members = [groups]
            elif isinstance(groups, pikepdf.Array):
                members = [g for g in groups if isinstance(g, pikepdf.Dictionary)]
            else:
                return True
            if not members:
                return True
            states = [g.objgen not in self._off_groups() for g in members]
            policy = _name(oc.get("/P")) or "AnyOn"
            if policy == "AllOn":
                return all(states)
            if policy == "AnyOff":
                return not all(states)
            if policy == "AllOff":
                return not any(states)
            return any(states)
        return oc.objgen not in self._off_groups()

    # -- fields ------------------------------------------------------------------------------

    def _field_chain(self, annot: pikepdf.Dictionary) -> list[pikepdf.Dictionary]:
        """The widget, then its parent fields up to the root field (§12.7.3.1)."""
        chain: list[pikepdf.Dictionary] = []
        seen: set[tuple[int, int]] = set()
        node: Any = annot
        while isinstance(node, pikepdf.Dictionary) and len(chain) < MAX_PARENTS:
            objgen = node.objgen
            if objgen != (0, 0):
                if objgen in seen:
                    self.warn("a form field's /Parent chain loops; its name is cut there")
                    break
                seen.add(objgen)
            chain.append(node)
            node = optional_entry(node, "/Parent")
        return chain

    @staticmethod
    def _inherited(chain: list[pikepdf.Dictionary], key: str) -> Any:
        """An inheritable field attribute (§12.7.3.1: /FT /V /Ff /DA /Q ...) from the nearest node."""
        for node in chain:
            value = optional_entry(node, key)
            if value is not None:
                return value
        return None

    @staticmethod
    def _full_name(chain: list[pikepdf.Dictionary]) -> str:
        """The partial names /T from the root down, joined by "." (§12.7.3.2)."""
        parts = [t for t in (_text(node.get("/T")) for node in reversed(chain)) if t]
        return ".".join(parts)

    # -- appearances -------------------------------------------------------------------------

    def appearance(self, annot: pikepdf.Dictionary) -> Appearance | None:
        subtype = _name(annot.get("/Subtype"))
        if subtype not in TEXT_SUBTYPES or self._hidden(annot):
            return None
        rect = read_rect(annot.get("/Rect"))
        if rect is None:
            self.warn(f"a {subtype} annotation has no valid /Rect; left out")
            return None
        chain: list[pikepdf.Dictionary] = []
        field_name = ""
        field_type = ""
        if subtype == "Widget":
            chain = self._field_chain(annot)
            field_name = self._full_name(chain)
            field_type = _name(self._inherited(chain, "/FT"))
        if field_type in ("Tx", "Ch") and self.need_appearances:
            return self._value(annot, chain, rect, subtype, field_name, field_type)
        form = self._normal_appearance(annot)
        if form is not None:
            return self._placed(form, rect, subtype, field_name)
        if field_type in ("Tx", "Ch"):
            return self._value(annot, chain, rect, subtype, field_name, field_type)
        if subtype == "FreeText":  # text drawn straight on the page (§12.5.6.6), from /Contents
            return self._made_up(_text(annot.get("/Contents")) or "", annot, [annot], rect, subtype, "")
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
        matrix = appearance_matrix(bbox, read_matrix(form.get("/Matrix")), rect)
        if matrix is None:
            return None  # an empty appearance box shows nothing
        return Appearance(
            subtype, field_name, rect, form=form, matrix=matrix, resources=self.default_resources()
        )

    def _value(
        self,
        annot: pikepdf.Dictionary,
        chain: list[pikepdf.Dictionary],
        rect: Box,
        subtype: str,
        field_name: str,
        field_type: str,
    ) -> Appearance | None:
        """The text a viewer builds for a field: its value (§12.7.4.3), or for a choice field
        the selected option(s), shown by their display text (§12.7.4.4)."""
        flags = _int(self._inherited(chain, "/Ff"))
        value = self._inherited(chain, "/V")
        if field_type == "Tx":
            if flags & FF_PASSWORD:
                return None
            if isinstance(value, pikepdf.Stream):  # a text stream (§12.7.4.3)
                try:
                    text = value.read_bytes().decode("utf-8", "replace")
                except (pikepdf.PdfError, RuntimeError) as error:
                    self.warn(f"field {field_name}: its value could not be read ({error})")
                    return None
            else:
                text = _text(value) or ""
            if not flags & FF_MULTILINE:
                text = " ".join(text.splitlines())
        else:
            text = "\n".join(self._selected(chain, value, flags))
        return self._made_up(text, annot, chain, rect, subtype, field_name)

    def _selected(self, chain: list[pikepdf.Dictionary], value: Any, flags: int) -> list[str]:
        values = [value] if not isinstance(value, pikepdf.Array) else list(value)
        chosen = [t for t in (_text(v) for v in values) if t is not None]
        options = self._inherited(chain, "/Opt")
        display: dict[str, str] = {}
        listed: list[str] = []
        if isinstance(options, pikepdf.Array):
            for option in options:
                if isinstance(option, pikepdf.Array) and len(option) >= 2:
                    export, shown = _text(option[0]), _text(option[1])
                    if export is not None and shown is not None:
                        display.setdefault(export, shown)
                        listed.append(shown)
                elif (plain := _text(option)) is not None:
                    listed.append(plain)
        if not chosen:  # no value: the selected indices (§12.7.4.4 /I)
            indices = self._inherited(chain, "/I")
            if isinstance(indices, pikepdf.Array):
                chosen = [listed[i] for i in (_int(n, -1) for n in indices) if 0 <= i < len(listed)]
                return chosen[:1] if flags & FF_COMBO else chosen
        shown_values = [display.get(v, v) for v in chosen]
        return shown_values[:1] if flags & FF_COMBO else shown_values

    def _made_up(
        self,
        text: str,
        annot: pikepdf.Dictionary,
        chain: list[pikepdf.Dictionary],
        rect: Box,
        subtype: str,
        field_name: str,
    ) -> Appearance | None:
        """Content showing `text` inside the /Rect in the /DA font and size (§12.7.3.3)."""
        text = text[:MAX_VALUE_CHARS].replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return None
        da = self._inherited(chain, "/DA")
        if da is None and self.acroform is not None:
            da = self.acroform.get("/DA")
        font_name, size = self._default_appearance(da)
        font, codes = value_font(font_name, "".join(lines))
        inner = rect.height - 2 * FIELD_PADDING
        if size <= 0:  # auto size: one line fills the field height
            line_count = len(lines)
            size = inner / (line_count * LINE_HEIGHT) if inner > 0 else AUTO_SIZE_MAX
            size = max(AUTO_SIZE_MIN, min(AUTO_SIZE_MAX, size))
        quadding = _int(self._inherited(chain, "/Q"))
        ascent = font.ascent * size
        if len(lines) == 1 and subtype == "Widget":
            # One line sits in the middle of the field (what viewers build).
            baseline = rect.y0 + (rect.height - (font.ascent - font.descent) * size) / 2 - font.descent * size
        else:
            baseline = rect.y1 - FIELD_PADDING - ascent
        parts = [b"BT"]
        for number, line in enumerate(lines):
            line = "".join(c for c in line if c in codes)
            width = sum(_char_width(c) for c in line) * size
            x = rect.x0 + FIELD_PADDING
            if quadding == 1:
                x = rect.x0 + (rect.width - width) / 2
            elif quadding == 2:
                x = rect.x1 - FIELD_PADDING - width
            y = baseline - number * LINE_HEIGHT * size
            parts.append(f"/{VALUE_FONT} {size:.4f} Tf 1 0 0 1 {x:.4f} {y:.4f} Tm".encode())
            parts.append(b"<" + bytes(codes[c] for c in line).hex().encode() + b"> Tj")
        parts.append(b"ET")
        return Appearance(subtype, field_name, rect, content=b"\n".join(parts), fonts={VALUE_FONT: font})

    def _default_appearance(self, da: Any) -> tuple[str, float]:
        """The font's base name and the size from a /DA string's Tf (§12.7.3.3); size 0 is auto."""
        text = _text(da) if not isinstance(da, pikepdf.Name) else None
        if not text:
            return "Helvetica", 0.0
        tokens = text.split()
        for i in range(len(tokens) - 1, 1, -1):
            if tokens[i] == "Tf" and tokens[i - 2].startswith("/"):
                try:
                    size = float(tokens[i - 1])
                except ValueError:
                    size = 0.0
                return self._font_base_name(tokens[i - 2][1:]), abs(size)
        return "Helvetica", 0.0

    def _font_base_name(self, resource: str) -> str:
        """The /BaseFont of the /DR font of that resource name, else the name itself."""
        dr = self.acroform.get("/DR") if self.acroform is not None else None
        fonts = dr.get("/Font") if isinstance(dr, pikepdf.Dictionary) else None
        font = fonts.get("/" + resource) if isinstance(fonts, pikepdf.Dictionary) else None
        if isinstance(font, pikepdf.Dictionary):
            base = _name(font.get("/BaseFont"))
            if base:
                return base
        return resource

    def default_resources(self) -> Any:
        """The AcroForm's /DR: resources for appearance streams that have none (§12.7.2)."""
        dr = self.acroform.get("/DR") if self.acroform is not None else None
        return dr if isinstance(dr, pikepdf.Dictionary) else None
