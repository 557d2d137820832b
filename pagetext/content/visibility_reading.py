"""A page read for visibility: its content and its annotations' appearances drawn in one run
that tracks clipping, paints, colour, transparency and optional content (paint_ops.py), and
every glyph flagged (visibility.py). Text extraction never runs it; it runs when asked."""

from __future__ import annotations

import contextlib
from typing import Any

import pikepdf

from pagetext.budget import BudgetStop, PageBudget
from pagetext.content.appearances import Appearance, draw_appearance
from pagetext.content.device import VisibilityCollector
from pagetext.content.glyph import Glyph
from pagetext.content.interpreter import Interpreter
from pagetext.content.optional import OptionalContent
from pagetext.content.visibility import flag_glyphs
from pagetext.errors import Warn
from pagetext.fonts.cache import FontCache
from pagetext.geometry import Box, Matrix, multiply
from pagetext.limits import Limits
from pagetext.pdf.objects import inherited_entry, optional_entry, read_matrix


class VisibilityReading:
    """The glyphs of a visibility run, Glyph.hidden set: the page content's, those of the
    annotations a viewer draws, and those of annotations optional content hides."""

    __slots__ = ("annotations", "hidden_annotations", "page")

    def __init__(self) -> None:
        self.page: list[Glyph] = []
        self.annotations: list[Glyph] = []
        self.hidden_annotations: list[Glyph] = []


def read_visibility(
    content: bytes,
    page: Any,
    appearances: list[Appearance],
    fonts: FontCache,
    warn: Warn,
    limits: Limits,
    root: Any,
    visible_box: Box,
) -> VisibilityReading:
    """Draw the page and its appearances (after it, in /Annots order, §12.5.5) and flag every glyph."""
    optional = OptionalContent(root)
    collector = VisibilityCollector()
    interpreter = Interpreter(collector, fonts, warn, PageBudget(limits, warn), optional=optional)
    reading = VisibilityReading()
    # A budget that runs out ends the reading: what was drawn before it is flagged.
    with contextlib.suppress(BudgetStop):
        try:
            interpreter.run_page(content, page)
        finally:
            reading.page = list(collector.glyphs)
        for appearance in appearances:
            start = len(collector.glyphs)
            draw_appearance(interpreter, appearance, warn)
            drawn = collector.glyphs[start:]
            (reading.hidden_annotations if appearance.optional_off else reading.annotations).extend(drawn)

    # The page's resources, read once: they serve a soft mask's group that has none of its own.
    page_resources = inherited_entry(page, "/Resources")

    def draw_group(group: pikepdf.Stream, ctm: Matrix) -> VisibilityCollector | None:
        """A soft mask's group, drawn by itself in the space it was set in (§11.6.5.2)."""
        drawn = VisibilityCollector()
        painter = Interpreter(drawn, fonts, warn, PageBudget(limits, warn), optional=optional)
        matrix = multiply(read_matrix(optional_entry(group, "/Matrix")), ctm)
        try:
            painter.run_appearance(group, matrix, page_resources, "SMask", "", "")
        except BudgetStop:
            return None
        return drawn

    flag_glyphs(collector, visible_box, draw_group)
    return reading
