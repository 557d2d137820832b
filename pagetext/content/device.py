"""The device interface: what the interpreter hands to whoever consumes a content stream.

The interpreter reports three things (SPEC §8): the glyphs each text operator shows, the paths
painted (only to a device that wants them: without, drawing costs nothing) and the marked
content it enters (§14.6), with the forms that number their own marked content (§14.7.4.3).
`Device` is that interface; `GlyphCollector` is the device every caller uses. A base class,
not a protocol: compiled, the calls per shown string are native.
"""

from __future__ import annotations

from pagetext.content.glyph import Glyph, MarkedContent
from pagetext.content.paint import Paint, TextPaint
from pagetext.content.paths import PathRecord
from pagetext.pdf.objects import ObjGen


class MarkedContentFacts:
    """What structure extraction needs to know of a page's marked content."""

    __slots__ = ("actual_text_seen", "artifact_seen", "form_struct_parents", "mcid_seen", "tag_suspect")

    def __init__(self) -> None:
        self.actual_text_seen = False  # some sequence has an /ActualText (§14.9.4)
        self.tag_suspect = False  # a TagSuspect sequence (§14.8.2.3)
        self.artifact_seen = False  # an /Artifact sequence (§14.8.2.2)
        self.mcid_seen = False  # a sequence with an MCID, its own or an enclosing one's (§14.7.4.2)
        self.form_struct_parents: dict[ObjGen, int] = {}  # form → its /StructParents key


class Device:
    """What the interpreter draws on. wants_paths: whether paths are built and painted for it;
    wants_visibility: whether it is told what each paint covers and how text is painted
    (clip, colour, alpha, optional content: paint.py), instead of paths and plain glyphs."""

    def __init__(self, wants_paths: bool, wants_visibility: bool = False) -> None:
        self.wants_paths = wants_paths
        self.wants_visibility = wants_visibility
        # Every glyph shown, in drawing order (§9.4.3). The text operators append theirs here
        # and then tell the device where they start: a list of each operator's own, appended
        # to and then copied over, cost more than the rest of keeping a glyph.
        self.glyphs: list[Glyph] = []

    def show_glyphs(self, first: int) -> None:
        """One text operator showed glyphs[first:]."""
        raise NotImplementedError

    def paint_path(self, path: PathRecord) -> None:
        """One painted path (§8.5.3); called only when wants_paths."""
        raise NotImplementedError

    def paint_area(self, paint: Paint) -> None:
        """An area a fill, stroke, image or shading paints; called only when wants_visibility."""
        raise NotImplementedError

    def show_painted(self, paint: TextPaint) -> None:
        """One text operator showed glyphs[paint.first:], painted as `paint` says (wants_visibility)."""
        raise NotImplementedError

    def begin_marked_content(self, sequence: MarkedContent) -> None:
        """A marked-content sequence was entered (BMC or BDC, §14.6)."""
        raise NotImplementedError

    def form_struct_parents(self, form: ObjGen, key: int) -> None:
        """A drawn Form XObject numbers its marked content under its own /StructParents key."""
        raise NotImplementedError


def centre_inside(glyph: Glyph, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the glyph box's centre lies inside the box x0, y0, x1, y1 (the visible test)."""
    return x0 <= (glyph.quad_x0 + glyph.quad_x2) / 2 <= x1 and y0 <= (glyph.quad_y0 + glyph.quad_y2) / 2 <= y1


class GlyphCollector(Device):
    """Keeps every glyph, in drawing order, the painted paths when it wants them, and the
    facts of the marked content it saw (marks). Given the page's visible box (x0, y0, x1,
    y1), it lists as `outside` the indices of the glyphs whose box centre lies outside it
    (centre_inside), told as they come: later, a page's glyphs are no longer in the
    processor's cache, and that test would be a pass over them of its own."""

    def __init__(
        self, paths: bool = False, visible_box: tuple[float, float, float, float] | None = None
    ) -> None:
        super().__init__(paths)
        self.paths: list[PathRecord] = []
        self.marks = MarkedContentFacts()
        self.outside: list[int] = []
        self.tests_visible = visible_box is not None
        # Kept as four floats: compiled, they are native fields, where a tuple's are boxed.
        self.x0, self.y0, self.x1, self.y1 = visible_box or (0.0, 0.0, 0.0, 0.0)

    def show_glyphs(self, first: int) -> None:
        if self.tests_visible:
            x0 = self.x0
            y0 = self.y0
            x1 = self.x1
            y1 = self.y1
            glyphs = self.glyphs
            for index in range(first, len(glyphs)):
                if not centre_inside(glyphs[index], x0, y0, x1, y1):
                    self.outside.append(index)

    def paint_path(self, path: PathRecord) -> None:
        self.paths.append(path)

    def begin_marked_content(self, sequence: MarkedContent) -> None:
        marks = self.marks
        if sequence.mcid is not None:
            marks.mcid_seen = True
        if sequence.actual_text is not None:
            marks.actual_text_seen = True
        if sequence.tag == "Artifact":
            marks.artifact_seen = True
        elif sequence.tag == "TagSuspect":
            marks.tag_suspect = True

    def form_struct_parents(self, form: ObjGen, key: int) -> None:
        self.marks.form_struct_parents[form] = key


class VisibilityCollector(GlyphCollector):
    """Keeps, for a visibility reading, every glyph with the paint it was shown with (texts)
    and every painted area (paints), both in drawing order."""

    def __init__(self) -> None:
        super().__init__(False)
        self.wants_visibility = True
        self.texts: list[TextPaint] = []
        self.paints: list[Paint] = []

    def show_painted(self, paint: TextPaint) -> None:
        self.texts.append(paint)

    def paint_area(self, paint: Paint) -> None:
        self.paints.append(paint)
