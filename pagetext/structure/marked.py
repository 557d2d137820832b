"""Marked content after interpretation: ActualText (ISO 32000-1 §14.9.4) and artifacts (§14.8.2.2).

The interpreter links every glyph to the innermost marked-content sequence around it
(`Glyph.marked`); this module works on those records, after the whole page is drawn, so that
a span reaches across text objects, TJ arrays and forms as a matter of course.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pagetext.content.glyph import Glyph, MarkedContent
from pagetext.fonts.encodings import text_of_glyph
from pagetext.pdf.objects import ObjGen
from pagetext.structure.tree import StructTree
from pagetext.structure.view import glyph_key

SOFT_HYPHEN = "\u00ad"  # a hyphenation point, not a character of the text (Unicode §23.2)
# Producers pad ActualText with tabs and runs of spaces (table columns): one space is a gap.
_WHITESPACE = re.compile(r"\s+")

# The element (its identity and /ActualText) that replaces a glyph, or None: structure
# elements' ActualText, read by the caller from the structure tree.
ElementText = Callable[[Glyph], "tuple[object, str] | None"]


def _marked_unit(marked: MarkedContent | None) -> tuple[object, str] | None:
    """The outermost sequence with an /ActualText around a glyph: it replaces all it covers,
    the spans nested in it included."""
    found: tuple[object, str] | None = None
    while marked is not None:
        if marked.actual_text is not None:
            found = (marked, marked.actual_text)
        marked = marked.parent
    return found


class ElementActualText:
    """The /ActualText of the outermost structure element that owns a glyph (§14.9.4), looked
    up once per marked-content item of one page. An object, not a nested function: compiled, a
    nested function and its closure refer to each other, a cycle left to the collector."""

    __slots__ = ("cache", "forms", "page", "struct_parents", "tree")

    def __init__(
        self, tree: StructTree, page: ObjGen, struct_parents: int | None, forms: dict[ObjGen, int]
    ) -> None:
        self.tree = tree
        self.page = page
        self.struct_parents = struct_parents
        self.forms = forms
        self.cache: dict[tuple[ObjGen | None, ObjGen | None, int], tuple[object, str] | None] = {}

    def __call__(self, glyph: Glyph) -> tuple[object, str] | None:
        key = glyph_key(glyph, self.page)
        if key is None:
            return None
        cache = self.cache
        if key in cache:
            return cache[key]
        parents = self.struct_parents if key[1] is None else self.forms.get(key[1])
        element = self.tree.parent_of(parents, key[2])
        unit = self.tree.actual_text_unit(element) if element is not None else None
        cache[key] = unit
        return unit


def apply_actual_text(glyphs: list[Glyph], element_text: ElementText | None = None) -> int:
    """Replace the text of the glyphs each /ActualText covers, one unit per span (§14.9.4).

    The span's first glyph (in drawing order) gets the replacement (soft hyphens removed, runs
    of white space one space), the others ""; each keeps its geometry, and its own text in
    `original_text`. A structure element's ActualText is outside any marked content in it and
    wins. Returns the number of spans replaced.
    """
    started: set[object] = set()  # sequences (by identity) and elements (by object number)
    # The unit depends on the glyph's marked-content sequence alone (its MCID names the
    # element): looked up once per sequence, not per glyph, and only when the sequence
    # changes (a sequence holds many glyphs in a row; a dictionary probe per glyph cost more
    # than the rest of the pass).
    units: dict[int, tuple[object, str] | None] = {}
    current: MarkedContent | None = None
    unit: tuple[object, str] | None = None
    for glyph in glyphs:
        marked = glyph.run.marked
        if marked is None or glyph.original_text is not None:
            continue  # outside marked content, or replaced already
        if marked is not current:
            current = marked
            key = id(marked)
            if key in units:
                unit = units[key]
            else:
                unit = element_text(glyph) if element_text is not None else None
                if unit is None:
                    unit = _marked_unit(marked)
                units[key] = unit
        if unit is None:
            continue
        owner, text = unit
        glyph.original_text = glyph.mapped_text
        if owner in started:
            glyph.text = glyph.mapped_text = ""
        else:
            started.add(owner)
            glyph.text = glyph.mapped_text = _WHITESPACE.sub(" ", text.replace(SOFT_HYPHEN, ""))
    return len(started)


def without_actual_text(glyphs: Sequence[Glyph]) -> list[Glyph]:
    """The glyphs with their own text back (LayoutParams(actual_text=False)): copies of the
    replaced ones, the others as they are."""
    result: list[Glyph] = []
    for g in glyphs:
        original = g.original_text
        if original is None:
            result.append(g)
            continue
        result.append(g.retexted(text_of_glyph(original), original, None))
    return result
