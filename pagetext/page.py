"""A page: its geometry (ISO 32000-1 §14.11.2) and the glyphs and text of its content."""

from __future__ import annotations

import contextlib
import gc
from typing import TYPE_CHECKING, Any, Final

import pikepdf

from pagetext.budget import BudgetStop, PageBudget
from pagetext.content.glyph import Glyph, untrack_records
from pagetext.content.interpreter import GlyphCollector, Interpreter, ObjGen
from pagetext.content.paths import PathRecord
from pagetext.errors import PageWarnings, UsageError
from pagetext.fonts.style import FontStyle, font_style
from pagetext.geometry import Box
from pagetext.layout.assembly import assemble
from pagetext.layout.dropcap import join_drop_caps
from pagetext.layout.hyphens import plain_text
from pagetext.layout.overlay import place_overlay
from pagetext.layout.params import LayoutParams
from pagetext.layout.reading import reading_order
from pagetext.layout.records import Line, Word
from pagetext.pdf.objects import (
    OBJECT_ERRORS,
    inherited_entries,
    inherited_entry,
    optional_entry,
    read_rect,
    read_stream,
)
from pagetext.structure.annotations import page_annotations
from pagetext.structure.marked import (
    ElementActualText,
    apply_actual_text,
    artifact_role,
    without_actual_text,
)
from pagetext.structure.order import StructureTrust, cells_in_tree_order, structure_sequence, trust
from pagetext.structure.tree import StructTree
from pagetext.structure.view import PageStructure, StructElement, page_structure

if TYPE_CHECKING:
    from pagetext.document import Document
    from pagetext.edit.search import Hit
    from pagetext.edit.source import EditPage
    from pagetext.tables.records import Table

ORDERS: Final = ("reading", "content", "structure", "auto")
ARTIFACTS: Final = ("keep", "drop")
DEFAULT_MEDIA_BOX = Box(0.0, 0.0, 612.0, 792.0)  # US Letter, what viewers assume without one
# Frozen, so one instance serves every page (building one validates every field).
_DEFAULT_PARAMS: Final = LayoutParams()
MAX_FORM_DEPTH: Final = 16  # how deep font_styles() looks into nested Form XObjects


def _box(value: Any) -> Box | None:
    """A page boundary box (§14.11.2): a rectangle of some area."""
    box = read_rect(value)
    return box if box is not None and box.width > 0 and box.height > 0 else None


def _by_annotation(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Annotation glyphs grouped by the annotation that drew them (its name opens g.forms)."""
    groups: dict[str, list[Glyph]] = {}
    for glyph in glyphs:
        groups.setdefault(glyph.forms[0] if glyph.forms else "", []).append(glyph)
    return list(groups.values())


def _centre_inside(glyph: Glyph, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the glyph box's centre lies inside the box x0, y0, x1, y1 (the visible test)."""
    quad = glyph.quad  # indexed: compiled, unpacking into "_" targets would box the corners
    return x0 <= (quad[0][0] + quad[2][0]) / 2 <= x1 and y0 <= (quad[0][1] + quad[2][1]) / 2 <= y1


class _CycleCollectorPaused:
    """Python's cycle collector paused while a page's records are built.

    Glyphs, words and lines hold no reference cycles, so reference counting frees them all;
    the collector would only walk the young objects again and again (up to a fifth of the
    time on a long page). A collector the caller switched off stays off. A class, not a
    contextlib generator: it is entered a few times a page, and compiled, its methods are
    native where a generator's frames are not.
    """

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


class Page:
    """One page of a Document. Glyphs are interpreted on first use and kept."""

    def __init__(self, document: Document, page_obj: Any, number: int) -> None:
        self._document = document
        self._obj = page_obj
        self.number = number  # 1-based
        self.warnings: list[str] = []
        self._warn = PageWarnings(self.warnings, number)
        self._glyphs: dict[bool, list[Glyph]] = {}  # by clip_forms
        # What the interpreter saw of marked content (§14.6), for the structure stage.
        self._tag_suspect = False
        self._artifacts = False
        self._mcids = False
        self._form_struct_parents: dict[ObjGen, int] = {}
        self._structure: PageStructure | None = None
        self._structure_read = False
        self._trust: StructureTrust | None = None
        self._annotation_glyphs: list[Glyph] | None = None
        self._paths: list[PathRecord] | None = None
        if document.repair_warning is not None:
            self._warn(document.repair_warning)
        media_entry, crop_entry, rotate = inherited_entries(page_obj, ("/MediaBox", "/CropBox", "/Rotate"))
        media = _box(media_entry)
        if media is None:
            self._warn("page has no valid /MediaBox; US Letter assumed")
            media = DEFAULT_MEDIA_BOX
        self.media_box: Box = media
        crop = _box(crop_entry)
        self.crop_box: Box = crop if crop is not None else media
        # What a viewer shows: CropBox clipped to MediaBox (§14.11.2).
        self.visible_box: Box = self.crop_box.intersect(media)
        try:
            degrees = int(rotate) if rotate is not None else 0
        except (TypeError, ValueError):
            degrees = 0
        self.rotation: int = (round(degrees / 90) * 90) % 360

    def __repr__(self) -> str:
        return f"<pagetext.Page {self.number}>"

    def _content(self, budget: PageBudget) -> bytes:
        """The page's content streams joined into one (§7.8.2: they form one stream)."""
        contents = self._obj.get("/Contents")
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        parts: list[bytes] = []
        for stream in streams:
            if stream is None:
                continue
            if not isinstance(stream, pikepdf.Stream):
                self._warn("a /Contents entry is not a stream; skipped")
                continue
            data = read_stream(stream, "a content stream", self._warn, budget.limits.max_stream_bytes)
            if data is not None:
                budget.spend_bytes(len(data))
                parts.append(data)
        return b"\n".join(parts)

    def _interpret(self, clip_forms: bool, paths: bool = False) -> list[Glyph]:
        glyphs = self._glyphs.get(clip_forms)
        if glyphs is None or (paths and self._paths is None):
            collector = GlyphCollector(paths)
            budget = PageBudget(self._document.limits, self._warn)
            interpreter = Interpreter(
                collector, self._document._fonts, self._warn, budget, clip_forms=clip_forms
            )
            # The glyphs drawn before a budget ran out are the page's text.
            with contextlib.suppress(BudgetStop), _CycleCollectorPaused():
                interpreter.run_page(self._content(budget), inherited_entry(self._obj, "/Resources"))
            if paths:
                self._paths = collector.paths
                if glyphs is not None:  # read again for the paths: keep the glyphs given out
                    return glyphs
            glyphs = self._glyphs[clip_forms] = collector.glyphs
            self._tag_suspect = interpreter.tag_suspect
            self._artifacts = interpreter.artifact_seen
            self._mcids = interpreter.mcid_seen
            self._form_struct_parents = interpreter.form_struct_parents
            tree = self._document.structure_tree(self._warn) if self._mcids else None
            if interpreter.actual_text_seen or tree is not None:
                apply_actual_text(glyphs, self._element_text(tree) if tree is not None else None)
            untrack_records(glyphs)
        return glyphs

    def _struct_parents(self) -> int | None:
        """The page's /StructParents key in the parent tree (§14.7.4.4)."""
        try:
            value = optional_entry(self._obj, "/StructParents")
        except OBJECT_ERRORS:
            return None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def _element_text(self, tree: StructTree) -> ElementActualText:
        return ElementActualText(tree, self._obj.objgen, self._struct_parents(), self._form_struct_parents)

    # -- structure (§14.7) ------------------------------------------------------------------

    def _page_structure(self) -> PageStructure | None:
        if not self._structure_read:
            glyphs = self._interpret(False)
            self._structure_read = True
            tree = self._document.structure_tree(self._warn)
            if tree is not None:
                with _CycleCollectorPaused():
                    self._structure = page_structure(
                        tree, self._obj.objgen, self._struct_parents(), self._form_struct_parents, glyphs
                    )
        return self._structure

    def structure(self) -> list[StructElement]:
        """The page's part of the structure tree (tagged PDF, ISO 32000-1 §14.7): its root
        elements, each with its kids in tree order; [] for an untagged page. Glyph indices
        refer to page.glyphs(forms=True)."""
        structure = self._page_structure()
        return structure.roots if structure is not None else []

    @property
    def structure_trust(self) -> StructureTrust:
        """Whether order="auto" reads this page in structure order, and why (not)."""
        if self._trust is None:
            glyphs = self._interpret(False)
            visible = self._visible_mask(glyphs)
            structure = self._page_structure()
            lines = self._structure_lines(_DEFAULT_PARAMS, tagged_only=True) if structure is not None else []
            tree = self._document.structure_tree(self._warn)
            self._trust = trust(tree, structure, self._tag_suspect, glyphs, visible, lines)
        return self._trust

    def _visible_mask(self, glyphs: list[Glyph]) -> list[bool]:
        x0, y0, x1, y1 = self.visible_box
        return [_centre_inside(g, x0, y0, x1, y1) for g in glyphs]

    def _structure_lines(self, params: LayoutParams, tagged_only: bool = False) -> list[Line]:
        """Lines in structure order: a pre-order walk of the tree, then the visible text the
        tree does not own (artifacts aside) in reading order."""
        glyphs = self._interpret(False)
        visible = self._visible_mask(glyphs)
        structure = self._page_structure()
        sequence = structure_sequence(structure) if structure is not None else []
        owned = structure.owned if structure is not None else set()
        tagged = [glyphs[i] for i in sequence if visible[i] and glyphs[i].artifact is None]
        if not params.actual_text:
            tagged = without_actual_text(tagged)
        with _CycleCollectorPaused():
            lines = assemble(tagged, params)
            if tagged_only:
                return lines
            rest = [g for i, g in enumerate(glyphs) if visible[i] and i not in owned and g.artifact is None]
            if rest:
                if not params.actual_text:
                    rest = without_actual_text(rest)
                lines.extend(reading_order(assemble(rest, params), params))
        return lines

    def _annotations(self) -> list[Glyph]:
        """The glyphs of the annotations' appearances (§12.5.5), drawn after the page content,
        each appearance clipped to its /BBox as a viewer clips it."""
        glyphs = self._annotation_glyphs
        if glyphs is not None:
            return glyphs
        glyphs = self._annotation_glyphs = []
        appearances = page_annotations(self._obj, self._document._pdf, self._warn)
        if not appearances:
            return glyphs
        collector = GlyphCollector()
        budget = PageBudget(self._document.limits, self._warn)
        interpreter = Interpreter(collector, self._document._fonts, self._warn, budget)
        with contextlib.suppress(BudgetStop), _CycleCollectorPaused():
            for appearance in appearances:
                name = f"Annots[{appearance.index}]"
                try:
                    if appearance.form is not None:
                        interpreter.run_appearance(
                            appearance.form, appearance.matrix, appearance.resources, name,
                            appearance.subtype, appearance.field_name,
                        )  # fmt: skip
                    else:
                        interpreter.run_synthetic(
                            appearance.content, appearance.fonts, appearance.rect, name,
                            appearance.subtype, appearance.field_name,
                        )  # fmt: skip
                except (pikepdf.PdfError, RuntimeError, ValueError, TypeError) as error:
                    self._warn(f"the appearance of annotation {appearance.index} could not be drawn: {error}")
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
                    font = self._document._fonts.get(font_dict, self._warn)
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

        walk(inherited_entry(self._obj, "/Resources"), 0)
        return styles

    def paths(self) -> list[PathRecord]:
        """The paths the page's content paints (forms included), in drawing order, in user
        space: ruling lines, cell fills, boxes (ISO 32000-1 §8.5). Clipping is not applied."""
        if self._paths is None:
            self._interpret(False, paths=True)
        return list(self._paths or [])

    def tables(self) -> list[Table]:
        """The tables the page shows, top to bottom: ruled tables from the grid its rules
        draw, borderless ones from the alignment of its words (pagetext.tables). Cell text
        comes from the page's lines (forms and annotations included); cells are typed
        (pagetext.tables.values)."""
        from pagetext.tables.finder import find_tables  # a consumer of this stage, loaded on use
        from pagetext.tables.values import type_table

        bold = {name for name, style in self.font_styles().items() if style.bold}
        paths = self.paths()  # first: that one reading of the content gives the glyphs too
        tables = find_tables(self.lines(), paths, self.visible_box, bold, self.number)
        for table in tables:
            type_table(table)
        return tables

    def glyphs(
        self,
        forms: bool = False,
        visible_only: bool = False,
        clip_forms: bool = False,
        annotations: bool | None = None,
    ) -> list[Glyph]:
        """The glyphs the page shows, in drawing order.

        The defaults give every glyph of the page's own content stream, nothing filtered.
        forms=True adds the glyphs drawn through Form XObjects (token_index -1);
        visible_only=True keeps only glyphs whose box centre lies inside visible_box;
        clip_forms=True drops form glyphs whose box centre lies outside the form's /BBox.
        annotations adds the glyphs of annotation appearances and form field values
        (Glyph.annotation and Glyph.field_name say whose; token_index -1, drawn after the
        page content); by default they come with forms=True, as they are forms too.
        """
        result = self._interpret(clip_forms)
        if not forms:
            result = [g for g in result if not g.forms]
        if forms if annotations is None else annotations:
            extra = self._annotations()
            if extra:
                result = [*result, *extra]
        if visible_only:
            visible = self._visible(result)
            return list(visible) if visible is result else visible  # never the page's own list
        return list(result)

    def _visible(self, glyphs: list[Glyph]) -> list[Glyph]:
        """The glyphs whose box centre lies inside visible_box: `glyphs` itself when all do, as
        on most pages (copied, it would be grown a glyph at a time)."""
        x0, y0, x1, y1 = self.visible_box
        kept: list[Glyph] | None = None  # made at the first glyph outside
        for index in range(len(glyphs)):
            glyph = glyphs[index]
            if _centre_inside(glyph, x0, y0, x1, y1):
                if kept is not None:
                    kept.append(glyph)
            elif kept is None:
                kept = glyphs[:index]
        return glyphs if kept is None else kept

    def lines(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        roles: bool = False,
        artifacts: str = "keep",
        annotations: bool = True,
    ) -> list[Line]:
        """The lines of the visible text (forms included), each with its words and glyphs.

        order="reading" (the default) reads columns and blocks as a person does (XY-cut);
        order="content" keeps the order in which the content stream draws the text;
        order="structure" follows the structure tree of a tagged PDF (artifacts left out, text
        the tree does not own appended in reading order); order="auto" is structure order
        where page.structure_trust is ok, else reading order.
        roles=True marks running headers and footers (Line.role); it reads every page of the
        document once, the first time it is asked for. Lines drawn as artifacts (§14.8.2.2)
        get their role from them ("header", "footer", "artifact") in any case.
        artifacts="drop" leaves artifacts out.
        annotations=False leaves out the text of annotations and form fields (what their
        appearances show, and field values); by default it is in, placed by its geometry in
        reading order, after the page's own text in content and structure order.
        """
        if order not in ORDERS:
            raise UsageError(f"unknown order {order!r}; use one of {', '.join(ORDERS)}")
        if artifacts not in ARTIFACTS:
            raise UsageError(f"unknown artifacts {artifacts!r}; use one of {', '.join(ARTIFACTS)}")
        params = params or _DEFAULT_PARAMS
        # order="auto" on a sound tree it does not follow still reads table cells by the tree.
        cells_by_tree = False
        if order == "auto":
            trust = self.structure_trust
            order = "structure" if trust.ok else "reading"
            cells_by_tree = not trust.ok and trust.sound and params.actual_text
        overlay = self._visible(self._annotations()) if annotations else []
        if order == "structure":
            lines = self._structure_lines(params)
            if overlay:
                with _CycleCollectorPaused():
                    for group in _by_annotation(overlay):
                        lines.extend(assemble(group, params))
        else:
            glyphs = self.glyphs(forms=True, visible_only=True, annotations=False)
            if artifacts == "drop" and self._artifacts:
                glyphs = [g for g in glyphs if g.artifact is None]
            if not params.actual_text:
                glyphs = without_actual_text(glyphs)
            with _CycleCollectorPaused():
                lines = join_drop_caps(assemble(glyphs, params), params)
                if overlay:
                    # Drawn after the page (§12.5): last in stream order, where they stand otherwise.
                    blocks = [assemble(group, params) for group in _by_annotation(overlay)]
                    if order == "reading":
                        lines = place_overlay(lines, blocks)
                    else:
                        lines = [*lines, *(line for block in blocks for line in block)]
                if order == "reading":
                    lines = reading_order(lines, params)
                structure = self._page_structure() if cells_by_tree else None
                if structure is not None and structure.cell_glyphs:
                    lines = cells_in_tree_order(lines, self._interpret(False), structure, params)
        if self._artifacts:
            for line in lines:
                role = artifact_role(line, self.visible_box)
                if role:
                    line.role = role
        if roles:
            self._document.furniture().mark(lines, self.visible_box)
        return lines

    def words(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        artifacts: str = "keep",
        annotations: bool = True,
    ) -> list[Word]:
        lines = self.lines(order, params, artifacts=artifacts, annotations=annotations)
        return [word for line in lines for word in line.words]

    def text(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        artifacts: str = "keep",
        annotations: bool = True,
        dehyphenate: bool = False,
    ) -> str:
        """The page text as a viewer shows it: lines joined by newlines (see lines()),
        annotation and form field text included unless annotations=False.

        dehyphenate=True joins a word hyphenated across a line end (pagetext.layout.hyphens:
        the hyphen goes, the next line's first part moves up), the page's words as vocabulary.
        """
        return self._text(order, params, artifacts, annotations, set() if dehyphenate else None)

    def _text(
        self,
        order: str,
        params: LayoutParams | None,
        artifacts: str,
        annotations: bool,
        vocabulary: set[str] | None,
    ) -> str:
        """text(), dehyphenated against `vocabulary` (the document's words so far) unless None."""
        # One pause for the whole call: the lines are freed before the collector runs again,
        # so it walks only the glyphs the page keeps, not every word and line once more.
        with _CycleCollectorPaused():
            return plain_text(
                self.lines(order, params, artifacts=artifacts, annotations=annotations), vocabulary
            )

    def search(
        self, query: str, ignore_case: bool = False, regex: bool = False, whole_words: bool = False
    ) -> list[Hit]:
        """Where `query` occurs in the page's reading-order text (see pagetext.edit.search):
        across line breaks and hyphenated line ends; regex=True takes a Python pattern."""
        from pagetext.edit.search import SEARCH_PARAMS, compile_query, search_lines

        pattern = compile_query(query, ignore_case, regex, whole_words)
        return search_lines(self.number, self.lines(params=SEARCH_PARAMS), pattern)

    def edit_page(self) -> EditPage:
        """The page as pagetext.edit reads it (its dictionary, resources, every glyph it draws,
        its structure keys); the page is interpreted first, which tells the forms' keys."""
        from pagetext.edit.source import EditPage

        glyphs = self.glyphs(forms=True, annotations=True)
        resources = inherited_entry(self._obj, "/Resources")
        return EditPage(
            self.number,
            self._obj,
            resources,
            glyphs,
            self._warn,
            self._struct_parents(),
            self._form_struct_parents,
        )
