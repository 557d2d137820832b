"""What a page's content stream draws, read once and kept: its glyphs (with their marked
content), paths, annotation glyphs, its part of the structure tree, which glyphs are visible.
Page is the facade over it; DocumentContext (document_context.py) is what every page of a
document shares."""

from __future__ import annotations

import contextlib
import gc
from typing import Any, Final

import pikepdf

from pagetext.budget import BudgetStop, PageBudget
from pagetext.content.appearances import draw_appearance, page_annotations
from pagetext.content.device import GlyphCollector, centre_inside
from pagetext.content.glyph import Glyph
from pagetext.content.interpreter import Interpreter
from pagetext.content.paths import PathRecord
from pagetext.content.untrack import untrack_records
from pagetext.document_context import DocumentContext
from pagetext.errors import Warn
from pagetext.fonts.style import FontStyle, font_style
from pagetext.geometry import Box
from pagetext.layout.assembly import assemble
from pagetext.layout.params import LayoutParams
from pagetext.layout.reading import reading_order
from pagetext.layout.records import Line
from pagetext.layout.structure_order import StructureTrust, structure_sequence, trust
from pagetext.pdf.file_objects import ARRAY, STREAM, FileDictionary
from pagetext.pdf.objects import OBJECT_ERRORS, ObjGen, inherited_entry, optional_entry, read_stream
from pagetext.structure.marked import ElementActualText, apply_actual_text, without_actual_text
from pagetext.structure.tree import StructTree
from pagetext.structure.view import PageStructure, page_structure

DEFAULT_PARAMS: Final = LayoutParams()  # frozen: one instance serves every page (building one validates all)
MAX_FORM_DEPTH: Final = 16  # how deep font_styles() looks into nested Form XObjects


class CycleCollectorPaused:
    """Python's cycle collector paused while a page's records are built.

    Glyphs, words and lines hold no reference cycles, so reference counting frees them all; the collector
    would only walk the young objects again and again (up to a fifth of the time on a long page). A
    collector the caller switched off stays off. A class, not a contextlib generator: it is entered a few
    times a page, and compiled, its methods are native where a generator's frames are not."""

    __slots__ = ("_paused",)

    def __init__(self) -> None:
        self._paused = False

    def __enter__(self) -> None:
        self._paused = gc.isenabled()
        if self._paused:
            gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self._paused:
            gc.enable()


class PageContent:
    """One page's content as the interpreter draws it (§7.8.2, §8, §9), read on first use and kept:
    the glyphs (with and without form clipping), paths, annotation glyphs, and what the page's
    marked content (§14.6) says for the structure stage."""

    def __init__(self, context: DocumentContext, page_obj: Any, warn: Warn, visible_box: Box) -> None:
        self.context = context
        self.page_obj = page_obj
        self.warn = warn
        self.visible_box = visible_box
        self._glyphs: dict[bool, list[Glyph]] = {}  # by clip_forms
        self._outside: dict[bool, list[int]] = {}  # their indices outside visible_box
        # What the interpreter saw of marked content (§14.6), for the structure stage.
        self._tag_suspect = False
        self.artifacts = False  # some glyph is drawn inside an artifact (§14.8.2.2)
        self._mcids = False
        self.form_struct_parents: dict[ObjGen, int] = {}
        self._structure: PageStructure | None = None
        self._structure_read = False
        self._trust: StructureTrust | None = None
        self._annotation_glyphs: list[Glyph] | None = None
        self.painted_paths: list[PathRecord] | None = None
        self._visibility_read = False
        self._hidden_annotations: list[Glyph] = []

    def content(self, budget: PageBudget) -> bytes:
        """The page's content streams joined into one (§7.8.2: they form one stream)."""
        contents = self.page_obj.get("/Contents")
        streams = list(contents) if isinstance(contents, ARRAY) else [contents]
        parts: list[bytes] = []
        for stream in streams:
            if stream is None:
                continue
            if not isinstance(stream, STREAM):
                self.warn("a /Contents entry is not a stream; skipped")
                continue
            data = read_stream(stream, "a content stream", self.warn, budget.limits.max_stream_bytes)
            if data is not None:
                budget.spend_bytes(len(data))
                parts.append(data)
        return b"\n".join(parts)

    def glyphs(self, clip_forms: bool, paths: bool = False) -> list[Glyph]:
        """The glyphs the content draws, in drawing order (forms included); with paths=True the
        painted paths are read too (painted_paths)."""
        glyphs = self._glyphs.get(clip_forms)
        if glyphs is None or (paths and self.painted_paths is None):
            collector = GlyphCollector(paths, self.visible_box)
            budget = PageBudget(self.context.limits, self.warn)
            interpreter = Interpreter(collector, self.context.fonts, self.warn, budget, clip_forms=clip_forms)
            # The glyphs drawn before a budget ran out are the page's text.
            with contextlib.suppress(BudgetStop), CycleCollectorPaused():
                interpreter.run_page(self.content(budget), self.page_obj)
            if paths:
                self.painted_paths = collector.paths
                if glyphs is not None:  # read again for the paths: keep the glyphs given out
                    return glyphs
            glyphs = self._glyphs[clip_forms] = collector.glyphs
            self._outside[clip_forms] = collector.outside
            marks = collector.marks
            self._tag_suspect = marks.tag_suspect
            self.artifacts = marks.artifact_seen
            self._mcids = marks.mcid_seen
            self.form_struct_parents = marks.form_struct_parents
            tree = self.context.actual_text_tree(self.warn) if self._mcids else None
            element_text = self.element_text(tree) if tree is not None else None
            if marks.actual_text_seen or element_text is not None:
                apply_actual_text(glyphs, element_text)
            untrack_records(glyphs)
        return glyphs

    def read_visibility(self) -> None:
        """Set Glyph.hidden on the page's glyphs and its annotations' (once): a run of the content
        that tracks clipping, paints, colour, transparency and optional content (content.visibility)."""
        if self._visibility_read:
            return
        self._visibility_read = True
        glyphs = self.glyphs(False)
        annotations = self.annotations()
        budget = PageBudget(self.context.limits, self.warn)
        from pagetext.content.visibility_reading import read_visibility  # only hidden= reads need it

        page = self.context.pikepdf_page(self.page_obj)
        with CycleCollectorPaused():
            reading = read_visibility(
                self.content(budget), page,
                page_annotations(page, self.context.pdf, self.warn, optional_off=True),
                self.context.fonts, self.warn, self.context.limits, self.context.pdf.Root, self.visible_box,
            )  # fmt: skip
        _copy_hidden(reading.page, glyphs, self.warn)
        _copy_hidden(reading.annotations, annotations, self.warn)
        self._hidden_annotations = reading.hidden_annotations
        untrack_records(self._hidden_annotations)

    def hidden_annotations(self) -> list[Glyph]:
        """The glyphs of annotations that optional content hides (§8.11): not in annotations(),
        as a viewer does not draw them; read by read_visibility()."""
        return list(self._hidden_annotations)

    def paths(self) -> list[PathRecord]:
        """The painted paths, read with a second run of the content the first time (text
        extraction never builds them); a new list each call."""
        if self.painted_paths is None:
            self.glyphs(False, paths=True)
        return list(self.painted_paths or [])

    def struct_parents(self) -> int | None:
        """The page's /StructParents key in the parent tree (§14.7.4.4)."""
        try:
            value = optional_entry(self.page_obj, "/StructParents")
        except OBJECT_ERRORS:
            return None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def element_text(self, tree: StructTree) -> ElementActualText:
        return ElementActualText(tree, self.page_obj.objgen, self.struct_parents(), self.form_struct_parents)

    # -- structure (§14.7) ------------------------------------------------------------------

    def page_structure(self) -> PageStructure | None:
        if not self._structure_read:
            glyphs = self.glyphs(False)
            self._structure_read = True
            tree = self.context.structure_tree(self.warn)
            if tree is not None:
                with CycleCollectorPaused():
                    self._structure = page_structure(
                        tree, self.page_obj.objgen, self.struct_parents(), self.form_struct_parents, glyphs
                    )
        return self._structure

    @property
    def structure_trust(self) -> StructureTrust:
        """Whether order="auto" reads this page in structure order, and why (not)."""
        if self._trust is None:
            glyphs = self.glyphs(False)
            visible = self.visible_mask()
            structure = self.page_structure()
            lines = self.structure_lines(DEFAULT_PARAMS, tagged_only=True) if structure is not None else []
            tree = self.context.structure_tree(self.warn)
            self._trust = trust(tree, structure, self._tag_suspect, glyphs, visible, lines)
        return self._trust

    def visible_mask(self) -> list[bool]:
        """Per glyph of glyphs(False), whether it is visible (the collector's test, see visible_glyphs)."""
        mask = [True] * len(self.glyphs(False))
        for index in self._outside[False]:
            mask[index] = False
        return mask

    def structure_lines(
        self, params: LayoutParams, tagged_only: bool = False, drop: bool = False
    ) -> list[Line]:
        """Lines in structure order: a pre-order walk of the tree, then the visible text the tree does
        not own (artifacts aside) in reading order. drop: without what is hidden (read_visibility first)."""
        glyphs = self.glyphs(False)
        visible = [not g.hidden for g in glyphs] if drop else self.visible_mask()
        structure = self.page_structure()
        sequence = structure_sequence(structure) if structure is not None else []
        owned = structure.owned if structure is not None else set()
        tagged = [glyphs[i] for i in sequence if visible[i] and glyphs[i].artifact is None]
        if not params.actual_text:
            tagged = without_actual_text(tagged)
        with CycleCollectorPaused():
            lines = assemble(tagged, params)
            if tagged_only:
                return lines
            rest = [g for i, g in enumerate(glyphs) if visible[i] and i not in owned and g.artifact is None]
            if rest:
                if not params.actual_text:
                    rest = without_actual_text(rest)
                lines.extend(reading_order(assemble(rest, params), params))
        return lines

    def annotations(self) -> list[Glyph]:
        """The glyphs of the annotations' appearances (§12.5.5), drawn after the page content,
        each appearance clipped to its /BBox as a viewer clips it."""
        glyphs = self._annotation_glyphs
        if glyphs is not None:
            return glyphs
        glyphs = self._annotation_glyphs = []
        if isinstance(self.page_obj, FileDictionary):
            return glyphs  # a page read from the file's bytes has none showing text (reads_from_file)
        appearances = page_annotations(self.page_obj, self.context.pdf, self.warn)
        if not appearances:
            return glyphs
        collector = GlyphCollector()
        budget = PageBudget(self.context.limits, self.warn)
        interpreter = Interpreter(collector, self.context.fonts, self.warn, budget)
        with contextlib.suppress(BudgetStop), CycleCollectorPaused():
            for appearance in appearances:
                draw_appearance(interpreter, appearance, self.warn)
        glyphs.extend(collector.glyphs)
        untrack_records(glyphs)
        return glyphs

    def font_styles(self) -> dict[str, FontStyle]:
        """The style (bold, italic, box extent) of each font the page's resources and its Form
        XObjects' resources hold, by the name its glyphs carry (Glyph.font_name). Read from the
        font dictionaries, with the fonts the document has already parsed: no glyph is touched."""
        styles: dict[str, FontStyle] = {}
        seen: set[tuple[int, int]] = set()

        def walk(resources: Any, depth: int) -> None:
            if not isinstance(resources, pikepdf.Dictionary) or depth > MAX_FORM_DEPTH:
                return
            try:
                fonts = resources.get("/Font")
                for key, font_dict in fonts.items() if isinstance(fonts, pikepdf.Dictionary) else ():
                    font = self.context.fonts.get(font_dict, self.warn)
                    font_name = font.base_font or key.lstrip("/")
                    if font_name not in styles:
                        styles[font_name] = font_style(font_dict, font, font_name)
                xobjects = resources.get("/XObject")
                for xobject in xobjects.values() if isinstance(xobjects, pikepdf.Dictionary) else ():
                    if not isinstance(xobject, pikepdf.Stream) or xobject.get("/Subtype") != "/Form":
                        continue
                    if xobject.objgen != (0, 0):
                        if xobject.objgen in seen:
                            continue
                        seen.add(xobject.objgen)
                    walk(xobject.get("/Resources", resources), depth + 1)
            except OBJECT_ERRORS:
                return

        walk(inherited_entry(self.context.pikepdf_page(self.page_obj), "/Resources"), 0)
        return styles

    def visible_glyphs(self) -> list[Glyph]:
        """visible(self.glyphs(False)): the stretches between the glyphs the collector found outside."""
        glyphs = self.glyphs(False)
        kept: list[Glyph] = []
        start = 0
        for index in self._outside[False]:  # ascending
            kept.extend(glyphs[start:index])
            start = index + 1
        if start:
            kept.extend(glyphs[start:])
        return kept if start else glyphs

    def visible(self, glyphs: list[Glyph]) -> list[Glyph]:
        """The glyphs whose box centre lies inside visible_box (`glyphs` itself when all do)."""
        x0, y0, x1, y1 = self.visible_box
        kept: list[Glyph] | None = None  # made at the first glyph outside
        for index in range(len(glyphs)):
            glyph = glyphs[index]
            if centre_inside(glyph, x0, y0, x1, y1):
                if kept is not None:
                    kept.append(glyph)
            elif kept is None:
                kept = glyphs[:index]
        return glyphs if kept is None else kept


def _copy_hidden(read: list[Glyph], glyphs: list[Glyph], warn: Warn) -> None:
    """The reasons a visibility run found, onto the page's own glyph records (the same glyphs,
    drawn in the same order)."""
    if len(read) != len(glyphs):
        warn(f"visibility was read for {len(read)} of {len(glyphs)} glyphs; the others count as shown")
    for index, glyph in enumerate(glyphs):
        glyph.hidden = read[index].hidden if index < len(read) else ()
