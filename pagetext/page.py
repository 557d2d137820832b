"""A page: its geometry (ISO 32000-1 §14.11.2) and the glyphs and text of its content."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pagetext.content.glyph import Glyph
from pagetext.content.paths import PathRecord
from pagetext.document_context import DocumentContext
from pagetext.errors import PageWarnings, UsageError
from pagetext.fonts.style import FontStyle
from pagetext.geometry import Box
from pagetext.layout.artifacts import artifact_role
from pagetext.layout.assembly import assemble
from pagetext.layout.dropcap import join_drop_caps
from pagetext.layout.furniture import Furniture, signatures
from pagetext.layout.hidden_spans import HiddenSpan, hidden_spans
from pagetext.layout.hyphens import Vocabulary, plain_text
from pagetext.layout.overlay import place_overlay
from pagetext.layout.params import LayoutParams
from pagetext.layout.reading import CutLog, reading_order
from pagetext.layout.records import Line, Word
from pagetext.layout.structure_order import StructureTrust, cells_in_tree_order
from pagetext.page_content import DEFAULT_PARAMS, CycleCollectorPaused, PageContent
from pagetext.pdf.links import Link, base_uri, page_links
from pagetext.pdf.objects import inherited_entries, inherited_entry, read_rect
from pagetext.structure.marked import without_actual_text
from pagetext.structure.view import StructElement

if TYPE_CHECKING:
    from pagetext.edit.search import Hit
    from pagetext.edit.source import EditPage
    from pagetext.tables.records import Table

ORDERS: Final = ("reading", "content", "structure", "auto")
ARTIFACTS: Final = ("keep", "drop")
# keep: every glyph as today (visibility not read); flag: read it, Glyph.hidden and Word.hidden
# say why a glyph is not shown; drop: leave out what a viewer does not show.
HIDDEN: Final = ("keep", "flag", "drop")
DEFAULT_MEDIA_BOX = Box(0.0, 0.0, 612.0, 792.0)  # US Letter, what viewers assume without one


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


class Page:
    """One page of a Document. Glyphs are interpreted on first use and kept."""

    def __init__(self, context: DocumentContext, page_obj: Any, number: int) -> None:
        self._context = context
        page_obj = context.content_page(page_obj)
        self._obj = page_obj
        self.number = number  # 1-based
        self.warnings: list[str] = []
        self._warn = PageWarnings(self.warnings, number)
        if context.repair_warning is not None:
            self._warn(context.repair_warning)
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
        self._content = PageContent(context, page_obj, self._warn, self.visible_box)
        self._links: list[Link] | None = None

    def __repr__(self) -> str:
        return f"<pagetext.Page {self.number}>"

    def fresh(self) -> Page:
        """The same page as a new Page that has read nothing yet: a caller that reads pages
        twice keeps no page's glyphs between its passes."""
        return Page(self._context, self._obj, self.number)

    # -- structure (§14.7) ------------------------------------------------------------------

    def structure(self) -> list[StructElement]:
        """The page's part of the structure tree (tagged PDF, ISO 32000-1 §14.7): its root
        elements, each with its kids in tree order; [] for an untagged page. Glyph indices
        refer to page.glyphs(forms=True)."""
        structure = self._content.page_structure()
        return structure.roots if structure is not None else []

    @property
    def structure_trust(self) -> StructureTrust:
        """Whether order="auto" reads this page in structure order, and why (not)."""
        return self._content.structure_trust

    def font_styles(self) -> dict[str, FontStyle]:
        """The style (bold, italic, box extent) of each font the page's resources and its Form
        XObjects' resources hold, by the name its glyphs carry (Glyph.font_name). Read from the
        font dictionaries, with the fonts the document has already parsed: no glyph is touched."""
        return self._content.font_styles()

    def paths(self) -> list[PathRecord]:
        """The paths the page's content paints (forms included), in drawing order, in user
        space: ruling lines, cell fills, boxes (ISO 32000-1 §8.5). Clipping is not applied."""
        return self._content.paths()

    def tables(self, hidden: str = "keep") -> list[Table]:
        """The tables the page shows, top to bottom: ruled tables from the grid its rules
        draw, borderless ones from the alignment of its words (pagetext.tables). Cell text
        comes from the page's lines (forms and annotations included); cells are typed
        (pagetext.tables.values)."""
        from pagetext.tables.finder import find_tables  # a consumer of this stage, loaded on use
        from pagetext.tables.values import type_table

        bold = {name for name, style in self.font_styles().items() if style.bold}
        paths = self.paths()  # first: that one reading of the content gives the glyphs too
        tables = find_tables(self.lines(hidden=hidden), paths, self.visible_box, bold, self.number)
        for table in tables:
            type_table(table)
        return tables

    def links(self) -> list[Link]:
        """The page's links to URIs (/Link annotations with a URI action, ISO 32000-1
        §12.5.6.5), in /Annots order, read once. Their boxes are in user space, as glyph
        boxes are: a word lies under a link when its box meets one of them."""
        if self._links is None:
            page = self._context.pikepdf_page(self._obj)
            self._links = page_links(page, self._warn, base_uri(self._context.pdf.Root, self._warn))
        return list(self._links)

    def hidden_text(self, params: LayoutParams | None = None) -> list[HiddenSpan]:
        """The text a viewer does not show, in reading order: spans of words on one line that
        are hidden for the same reasons (Glyph.hidden), each with its box and reasons. Text of
        annotations that optional content hides is in it too."""
        self._content.read_visibility()
        glyphs = [g for g in self._content.glyphs(False) if g.hidden]
        glyphs.extend(g for g in self._content.annotations() if g.hidden)
        glyphs.extend(self._content.hidden_annotations())
        with CycleCollectorPaused():
            return hidden_spans(glyphs, params or DEFAULT_PARAMS, self.number)

    def glyphs(
        self,
        forms: bool = False,
        visible_only: bool = False,
        clip_forms: bool = False,
        annotations: bool | None = None,
        hidden: str = "keep",
    ) -> list[Glyph]:
        """The glyphs the page shows, in drawing order.

        The defaults give every glyph of the page's own content stream, nothing filtered.
        forms=True adds the glyphs drawn through Form XObjects (token_index -1);
        visible_only=True keeps only glyphs whose box centre lies inside visible_box;
        clip_forms=True drops form glyphs whose box centre lies outside the form's /BBox.
        annotations adds the glyphs of annotation appearances and form field values
        (Glyph.annotation and Glyph.field_name say whose; token_index -1, drawn after the
        page content); by default they come with forms=True, as they are forms too.
        hidden="flag" reads what a viewer shows (Glyph.hidden), hidden="drop" keeps only that.
        """
        if _hidden_mode(hidden) != "keep":
            self._content.read_visibility()
        result = self._content.glyphs(clip_forms)
        if not forms:
            result = [g for g in result if not g.forms]
        if forms if annotations is None else annotations:
            extra = self._content.annotations()
            if extra:
                result = [*result, *extra]
        if hidden == "drop":
            return [g for g in result if not g.hidden]
        if visible_only:
            visible = self._content.visible(result)
            return list(visible) if visible is result else visible  # never the page's own list
        return list(result)

    def lines(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        roles: bool = False,
        artifacts: str = "keep",
        annotations: bool = True,
        hidden: str = "keep",
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
        hidden="drop" leaves out what a viewer does not show (Glyph.hidden: clipped, covered,
        same colour as beneath, ...); hidden="flag" keeps it with Word.hidden saying why.
        """
        return self._lines(order, params, roles, artifacts, annotations, None, hidden)

    def explain_order(self, params: LayoutParams | None = None, annotations: bool = True) -> list[str]:
        """Why the page reads in the order it does: each decision of the reading order (the
        column cuts, the tables kept whole and how they are read, the grids read by rows)
        with its evidence, indented by depth of the cut, as `pagetext explain --order` prints."""
        log = CutLog(explain=True)
        self._lines("reading", params, False, "keep", annotations, log, "keep")
        return list(log.notes or ())

    def _lines(
        self,
        order: str,
        params: LayoutParams | None,
        roles: bool,
        artifacts: str,
        annotations: bool,
        log: CutLog | None,
        hidden: str,
    ) -> list[Line]:
        drop = _hidden_mode(hidden) == "drop"
        if drop or hidden == "flag":
            self._content.read_visibility()
        if order not in ORDERS:
            raise UsageError(f"unknown order {order!r}; use one of {', '.join(ORDERS)}")
        if artifacts not in ARTIFACTS:
            raise UsageError(f"unknown artifacts {artifacts!r}; use one of {', '.join(ARTIFACTS)}")
        params = params or DEFAULT_PARAMS
        # order="auto" on a sound tree it does not follow still reads table cells by the tree.
        cells_by_tree = False
        if order == "auto":
            trust = self.structure_trust
            order = "structure" if trust.ok else "reading"
            cells_by_tree = not trust.ok and trust.sound and params.actual_text
        overlay = self._content.visible(self._content.annotations()) if annotations else []
        if drop:
            overlay = [g for g in overlay if not g.hidden]
        if order == "structure":
            lines = self._content.structure_lines(params, drop=drop)
            if overlay:
                with CycleCollectorPaused():
                    for group in _by_annotation(overlay):
                        lines.extend(assemble(group, params))
        else:
            # self.glyphs(forms=True, visible_only=True, annotations=False) without its copy:
            # the lists below are read, never changed.
            glyphs = self._content.visible_glyphs()
            if drop:
                glyphs = [g for g in glyphs if not g.hidden]
            if artifacts == "drop" and self._content.artifacts:
                glyphs = [g for g in glyphs if g.artifact is None]
            if not params.actual_text:
                glyphs = without_actual_text(glyphs)
            with CycleCollectorPaused():
                lines = join_drop_caps(assemble(glyphs, params), params)
                if overlay:
                    # Drawn after the page (§12.5): last in stream order, where they stand otherwise.
                    blocks = [assemble(group, params) for group in _by_annotation(overlay)]
                    if order == "reading":
                        lines = place_overlay(lines, blocks)
                    else:
                        lines = [*lines, *(line for block in blocks for line in block)]
                if order == "reading":
                    lines = reading_order(lines, params, log)
                structure = self._content.page_structure() if cells_by_tree else None
                if structure is not None and structure.cell_glyphs:
                    lines = cells_in_tree_order(lines, self._content.glyphs(False), structure, params)
        if self._content.artifacts:
            for line in lines:
                role = artifact_role(line, self.visible_box)
                if role:
                    line.role = role
        if roles:
            self._context.furniture(read_furniture).mark(lines, self.visible_box)
        return lines

    def words(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        artifacts: str = "keep",
        annotations: bool = True,
        hidden: str = "keep",
    ) -> list[Word]:
        lines = self.lines(order, params, artifacts=artifacts, annotations=annotations, hidden=hidden)
        return [word for line in lines for word in line.words]

    def text(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        artifacts: str = "keep",
        annotations: bool = True,
        dehyphenate: bool = False,
        hidden: str = "keep",
    ) -> str:
        """The page text as a viewer shows it: lines joined by newlines (see lines()),
        annotation and form field text included unless annotations=False.

        dehyphenate=True joins a word hyphenated across a line end (pagetext.layout.hyphens:
        the hyphen goes, the next line's first part moves up), the page's words as vocabulary.
        hidden="drop" leaves out what a viewer does not show (see lines()).
        """
        return dehyphenated_text(
            self, order, params, artifacts, annotations, Vocabulary() if dehyphenate else None, hidden
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
        page = self._context.pikepdf_page(self._obj)
        resources = inherited_entry(page, "/Resources")
        return EditPage(
            self.number,
            page,
            resources,
            glyphs,
            self._warn,
            self._content.struct_parents(),
            self._content.form_struct_parents,
        )


def _hidden_mode(hidden: str) -> str:
    if hidden not in HIDDEN:
        raise UsageError(f"unknown hidden {hidden!r}; use one of {', '.join(HIDDEN)}")
    return hidden


def read_furniture(context: DocumentContext) -> Furniture:
    """Running headers and footers from every page's lines in content order."""
    found = []
    for index, page_obj in enumerate(context.page_objects):
        page = Page(context, page_obj, index + 1)
        found.append(signatures(page.lines(order="content"), page.visible_box))
    return Furniture(found)


def dehyphenated_text(
    page: Page,
    order: str,
    params: LayoutParams | None,
    artifacts: str,
    annotations: bool,
    vocabulary: Vocabulary | None,
    hidden: str = "keep",
) -> str:
    """Page.text(), dehyphenated against `vocabulary` (a document's words so far) unless None."""
    # One pause for the whole call: the lines are freed before the collector runs again,
    # so it walks only the glyphs the page keeps, not every word and line once more.
    with CycleCollectorPaused():
        lines = page.lines(order, params, artifacts=artifacts, annotations=annotations, hidden=hidden)
        return plain_text(lines, vocabulary)
