"""Form field values as a viewer draws them (ISO 32000-1 §12.7): the field a widget belongs to,
its value or selected options, and a small content stream showing that text inside the
widget's /Rect in the /DA font and size — what the interpreter draws for a field without an
appearance, or whose appearances the viewer must rebuild (/NeedAppearances).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any, Final

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.font import UNMAPPED, Font, SimpleFont
from pagetext.fonts.simple import helvetica
from pagetext.geometry import Box
from pagetext.pdf.objects import ObjGen, optional_entry

FF_MULTILINE: Final = 1 << 12  # text field flag bit 13 (§12.7.4.3)
FF_PASSWORD: Final = 1 << 13  # text field flag bit 14: a viewer shows bullets, never the value
FF_COMBO: Final = 1 << 17  # choice field flag bit 18 (§12.7.4.4)
MAX_PARENTS: Final = 64  # guard for /Parent chains of fields that loop or run deep
MAX_VALUE_CHARS: Final = 10_000  # a field value longer than this is cut (no field shows more)
# Made-up field text: 2 points of padding inside the /Rect, as viewers draw field borders
# (pdf.js and Acrobat both use 2); auto size (Tf 0) fits one line into the field height, never
# above 12 points; the line height of a multi-line value is 1.15 em.
FIELD_PADDING: Final = 2.0
AUTO_SIZE_MAX: Final = 12.0
AUTO_SIZE_MIN: Final = 4.0
LINE_HEIGHT: Final = 1.15
VALUE_FONT: Final = "PTValue"  # the resource name the made-up content uses for its font


def name_value(value: Any) -> str:
    """A name without its slash, "" for anything else."""
    return str(value)[1:] if isinstance(value, pikepdf.Name) else ""


def int_value(value: Any, default: int = 0) -> int:
    """A number as int, `default` for anything else."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, pikepdf.Object):
        try:
            return int(value)
        except (TypeError, ValueError):
            return default
    return default


def text_value(value: Any) -> str | None:
    """A PDF text string (§7.9.2.2), or None when the object is not a string."""
    if isinstance(value, pikepdf.String):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    return None


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
    font = SimpleFont(base_font or "Helvetica", "Type1", plain.ascent, plain.descent, texts, tuple(widths))
    return font, codes


class FieldReader:
    """Reads form fields with the document's AcroForm (§12.7.2), read once per page."""

    def __init__(self, acroform: pikepdf.Dictionary | None, warn: Warn) -> None:
        self.acroform = acroform
        self.warn = warn
        dr = optional_entry(acroform, "/DR") if acroform is not None else None
        # The AcroForm's /DR: resources for appearance streams that have none (§12.7.2), and
        # the fonts a /DA names; read once, not per field.
        self.default_resources: pikepdf.Dictionary | None = dr if isinstance(dr, pikepdf.Dictionary) else None

    def field_chain(self, annot: pikepdf.Dictionary) -> list[pikepdf.Dictionary]:
        """The widget, then its parent fields up to the root field (§12.7.3.1)."""
        chain: list[pikepdf.Dictionary] = []
        seen: set[ObjGen] = set()
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
    def inherited(chain: list[pikepdf.Dictionary], key: str) -> Any:
        """An inheritable field attribute (§12.7.3.1: /FT /V /Ff /DA /Q ...) from the nearest node."""
        for node in chain:
            value = optional_entry(node, key)
            if value is not None:
                return value
        return None

    @staticmethod
    def full_name(chain: list[pikepdf.Dictionary]) -> str:
        """The partial names /T from the root down, joined by "." (§12.7.3.2)."""
        parts = [t for t in (text_value(node.get("/T")) for node in reversed(chain)) if t]
        return ".".join(parts)

    def value_text(self, chain: list[pikepdf.Dictionary], field_name: str, field_type: str) -> str | None:
        """The text a viewer builds for a field: its value (§12.7.4.3), or for a choice field
        the selected option(s), shown by their display text (§12.7.4.4). None: shows none."""
        flags = int_value(self.inherited(chain, "/Ff"))
        value = self.inherited(chain, "/V")
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
                text = text_value(value) or ""
            if not flags & FF_MULTILINE:
                text = " ".join(text.splitlines())
            return text
        return "\n".join(self._selected(chain, value, flags))

    def _selected(self, chain: list[pikepdf.Dictionary], value: Any, flags: int) -> list[str]:
        values = [value] if not isinstance(value, pikepdf.Array) else list(value)
        chosen = [t for t in (text_value(v) for v in values) if t is not None]
        options = self.inherited(chain, "/Opt")
        display: dict[str, str] = {}
        listed: list[str] = []
        if isinstance(options, pikepdf.Array):
            for option in options:
                if isinstance(option, pikepdf.Array) and len(option) >= 2:
                    export, shown = text_value(option[0]), text_value(option[1])
                    if export is not None and shown is not None:
                        display.setdefault(export, shown)
                        listed.append(shown)
                elif (plain := text_value(option)) is not None:
                    listed.append(plain)
        if not chosen:  # no value: the selected indices (§12.7.4.4 /I)
            indices = self.inherited(chain, "/I")
            if isinstance(indices, pikepdf.Array):
                chosen = [listed[i] for i in (int_value(n, -1) for n in indices) if 0 <= i < len(listed)]
                return chosen[:1] if flags & FF_COMBO else chosen
        shown_values = [display.get(v, v) for v in chosen]
        return shown_values[:1] if flags & FF_COMBO else shown_values

    def made_up(
        self, text: str, chain: list[pikepdf.Dictionary], rect: Box, subtype: str
    ) -> tuple[bytes, dict[str, Font]] | None:
        """Content showing `text` inside the /Rect in the /DA font and size (§12.7.3.3), and
        the fonts it names; None when there is no text to show."""
        text = text[:MAX_VALUE_CHARS].replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return None
        da = self.inherited(chain, "/DA")
        if da is None and self.acroform is not None:
            da = self.acroform.get("/DA")
        font_name, size = self._default_appearance(da)
        font, codes = value_font(font_name, "".join(lines))
        inner = rect.height - 2 * FIELD_PADDING
        if size <= 0:  # auto size: one line fills the field height
            line_count = len(lines)
            size = inner / (line_count * LINE_HEIGHT) if inner > 0 else AUTO_SIZE_MAX
            size = max(AUTO_SIZE_MIN, min(AUTO_SIZE_MAX, size))
        quadding = int_value(self.inherited(chain, "/Q"))
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
        return b"\n".join(parts), {VALUE_FONT: font}

    def _default_appearance(self, da: Any) -> tuple[str, float]:
        """The font's base name and the size from a /DA string's Tf (§12.7.3.3); size 0 is auto."""
        text = text_value(da) if not isinstance(da, pikepdf.Name) else None
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
        dr = self.default_resources
        fonts = dr.get("/Font") if dr is not None else None
        font = fonts.get("/" + resource) if isinstance(fonts, pikepdf.Dictionary) else None
        if isinstance(font, pikepdf.Dictionary):
            base = name_value(font.get("/BaseFont"))
            if base:
                return base
        return resource
