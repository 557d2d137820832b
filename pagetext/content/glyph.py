"""The glyph record: what the interpreter produces for every glyph a text operator shows."""

from __future__ import annotations

from dataclasses import dataclass

from pagetext.content.glyph_run import Artifact, FormUse, GlyphRun, MarkedContent, TextSource
from pagetext.geometry import Box, Point

__all__ = [
    "Artifact",
    "FormUse",
    "Glyph",
    "GlyphRun",
    "MarkedContent",
    "Quad",
    "TextSource",
    "glyph_from_points",
]

Quad = tuple[Point, Point, Point, Point]


# Not frozen: a frozen dataclass takes six times as long to build, and pages have many glyphs.
# The __init__ is written out: compiled (mypyc), it builds the record natively, where the one
# dataclass generates would run as interpreted code for every glyph.
@dataclass(slots=True, init=False, repr=False)
class Glyph:
    """One shown glyph, with its geometry in user space (SPEC §2, ISO 32000-1 §9.4.4).

    quad: the glyph box, bottom-left first, counter-clockwise (in the glyph's own upright
    orientation). Horizontal writing: along the text-space x axis from the origin to
    glyph_end, along y from the font's descent to its ascent, shifted by Ts. Vertical writing:
    from the origin down to glyph_end, the glyph's width across, centred by the position vector.
    baseline_start: the glyph origin. baseline_end: origin + the full displacement (advance ×
    size, plus Tc, plus Tw for a single-byte code 32, scaled by Tz). glyph_end: origin + the
    font's own advance × size × Tz only. direction: unit vector of the writing direction.
    box_height: the box's extent across the writing direction, in user space.
    text has ligatures (ﬁ), presentation forms and radical variants (⽇) as the letters and
    ideographs they show and typographic hyphens as "-"; mapped_text is what the font's
    mappings (ToUnicode, encoding, glyph names) give before that, usually the same string.
    code_index: the position of its code among the codes of source.string
    (source.code_offsets() gives the byte offsets). hidden: why a viewer does not show the
    glyph (pagetext.content.visibility.REASONS), () when it shows it, None when the page's
    visibility was not read (it is read when asked: hidden="flag" or "drop", hidden_text()).

    The fields the glyphs of one string share are in `run` and read as the glyph's own:
    font_name, font_size, render_mode, mcid; token_index: index of the string token that
    showed the glyph in the page's own content stream (see pagetext.syntax.lexer), or -1
    when the glyph was drawn inside a Form XObject; forms: the names of the Form XObjects it
    was drawn through, outermost first; rise: how far the text rise (Ts, §9.3.7) moved the
    glyph off its line's baseline, in user space across the writing direction (positive:
    up; origin and quad include it); marked: its marked-content sequence; annotation: the
    subtype of the annotation whose appearance drew the glyph ("Widget", "FreeText", ...;
    §12.5), "" for glyphs of the page's content; field_name: the full name of the form field
    the annotation is a widget of (§12.7.3.2), "" for none; source: where its code sits in
    the content (for editing; form and annotation glyphs too), None for glyphs of content
    made up for a field without an appearance.

    The geometry is kept as numbers, each point as its x and y (quad_x0, quad_y0 ... quad_x3,
    quad_y3; baseline_start_x, baseline_start_y; ...), and read as points through the
    properties of those names. Layout reads the numbers. Kept as points, each glyph held
    eight tuples, which plain Python's cycle collector walked at every collection while the
    page was read (a tenth of a plain read); compiled, the two cost the same.
    """

    # Declared in the order layout reads them (compiled, the record's fields lie in this
    # order): the fields each pass over a page's glyphs reads share fewer cache lines, and a
    # page's glyphs do not fit in the processor's first-level cache.
    text: str
    run: GlyphRun
    box_height: float
    writing_mode: int
    baseline_start_x: float
    baseline_start_y: float
    baseline_end_x: float
    baseline_end_y: float
    direction_x: float
    direction_y: float
    glyph_end_x: float
    glyph_end_y: float
    quad_x0: float
    quad_y0: float
    quad_x1: float
    quad_y1: float
    quad_x2: float
    quad_y2: float
    quad_x3: float
    quad_y3: float
    mapped_text: str
    original_text: str | None
    hidden: tuple[str, ...] | None
    code: int
    code_index: int

    def __init__(
        self,
        text: str,
        code: int,
        quad_x0: float,
        quad_y0: float,
        quad_x1: float,
        quad_y1: float,
        quad_x2: float,
        quad_y2: float,
        quad_x3: float,
        quad_y3: float,
        baseline_start_x: float,
        baseline_start_y: float,
        baseline_end_x: float,
        baseline_end_y: float,
        glyph_end_x: float,
        glyph_end_y: float,
        direction_x: float,
        direction_y: float,
        box_height: float,
        writing_mode: int,
        mapped_text: str,
        run: GlyphRun,
        *,  # the optional fields by name: positional slips between them pass type checks
        original_text: str | None = None,
        code_index: int = -1,
        hidden: tuple[str, ...] | None = None,
    ) -> None:
        self.text = text
        self.code = code
        self.quad_x0 = quad_x0
        self.quad_y0 = quad_y0
        self.quad_x1 = quad_x1
        self.quad_y1 = quad_y1
        self.quad_x2 = quad_x2
        self.quad_y2 = quad_y2
        self.quad_x3 = quad_x3
        self.quad_y3 = quad_y3
        self.baseline_start_x = baseline_start_x
        self.baseline_start_y = baseline_start_y
        self.baseline_end_x = baseline_end_x
        self.baseline_end_y = baseline_end_y
        self.glyph_end_x = glyph_end_x
        self.glyph_end_y = glyph_end_y
        self.direction_x = direction_x
        self.direction_y = direction_y
        self.box_height = box_height
        self.writing_mode = writing_mode
        self.mapped_text = mapped_text
        self.run = run
        self.original_text = original_text
        self.code_index = code_index
        self.hidden = hidden

    def __repr__(self) -> str:
        return (
            f"Glyph(text={self.text!r}, run={self.run!r}, box_height={self.box_height!r}, "
            f"writing_mode={self.writing_mode!r}, baseline_start={self.baseline_start!r}, "
            f"baseline_end={self.baseline_end!r}, direction={self.direction!r}, "
            f"glyph_end={self.glyph_end!r}, quad={self.quad!r}, mapped_text={self.mapped_text!r}, "
            f"original_text={self.original_text!r}, hidden={self.hidden!r}, code={self.code!r}, "
            f"code_index={self.code_index!r})"
        )

    @property
    def quad(self) -> Quad:
        return (
            (self.quad_x0, self.quad_y0),
            (self.quad_x1, self.quad_y1),
            (self.quad_x2, self.quad_y2),
            (self.quad_x3, self.quad_y3),
        )

    @property
    def baseline_start(self) -> Point:
        return self.baseline_start_x, self.baseline_start_y

    @property
    def baseline_end(self) -> Point:
        return self.baseline_end_x, self.baseline_end_y

    @property
    def glyph_end(self) -> Point:
        return self.glyph_end_x, self.glyph_end_y

    @property
    def direction(self) -> Point:
        return self.direction_x, self.direction_y

    def moved(
        self,
        quad: Quad,
        baseline_start: Point,
        baseline_end: Point,
        glyph_end: Point,
        direction: Point,
        box_height: float,
        writing_mode: int,
    ) -> Glyph:
        """A copy with other geometry, everything else the same: the glyph as layout reads it
        (along its actual advance, or stretched over an ActualText span)."""
        return glyph_from_points(
            self.text, self.code, quad, baseline_start, baseline_end, glyph_end, direction,
            box_height, writing_mode, self.mapped_text, self.run,
            original_text=self.original_text, code_index=self.code_index, hidden=self.hidden,
        )  # fmt: skip

    def retexted(self, text: str, mapped_text: str, original_text: str | None) -> Glyph:
        """A copy with other text, everything else the same."""
        return Glyph(
            text, self.code, self.quad_x0, self.quad_y0, self.quad_x1, self.quad_y1,
            self.quad_x2, self.quad_y2, self.quad_x3, self.quad_y3,
            self.baseline_start_x, self.baseline_start_y, self.baseline_end_x, self.baseline_end_y,
            self.glyph_end_x, self.glyph_end_y, self.direction_x, self.direction_y,
            self.box_height, self.writing_mode, mapped_text, self.run,
            original_text=original_text, code_index=self.code_index, hidden=self.hidden,
        )  # fmt: skip

    @property
    def font_name(self) -> str:
        return self.run.font_name

    @property
    def font_size(self) -> float:
        return self.run.font_size

    @property
    def render_mode(self) -> int:
        return self.run.render_mode

    @property
    def mcid(self) -> int | None:
        return self.run.mcid

    @property
    def token_index(self) -> int:
        return self.run.token_index

    @property
    def forms(self) -> tuple[str, ...]:
        return self.run.forms

    @property
    def rise(self) -> float:
        return self.run.rise

    @property
    def marked(self) -> MarkedContent | None:
        return self.run.marked

    @property
    def annotation(self) -> str:
        return self.run.annotation

    @property
    def field_name(self) -> str:
        return self.run.field_name

    @property
    def source(self) -> TextSource | None:
        return self.run.source

    @property
    def artifact(self) -> Artifact | None:
        """The /Artifact sequence the glyph is in (§14.8.2.2), or None."""
        marked = self.run.marked
        return marked.artifact if marked is not None else None

    @property
    def actual_text_cover(self) -> bool:
        """True for a glyph whose text an /ActualText replaced (the span's first glyph carries
        the replacement, the others "")."""
        return self.original_text is not None

    @property
    def bbox(self) -> Box:
        """The axis-aligned box around the quad."""
        xs = (self.quad_x0, self.quad_x1, self.quad_x2, self.quad_x3)
        ys = (self.quad_y0, self.quad_y1, self.quad_y2, self.quad_y3)
        return Box(min(xs), min(ys), max(xs), max(ys))

    @property
    def center(self) -> Point:
        return ((self.quad_x0 + self.quad_x2) / 2, (self.quad_y0 + self.quad_y2) / 2)


def glyph_from_points(
    text: str,
    code: int,
    quad: Quad,
    baseline_start: Point,
    baseline_end: Point,
    glyph_end: Point,
    direction: Point,
    box_height: float,
    writing_mode: int,
    mapped_text: str,
    run: GlyphRun,
    *,
    original_text: str | None = None,
    code_index: int = -1,
    hidden: tuple[str, ...] | None = None,
) -> Glyph:
    """A Glyph from its geometry as points (the interpreter passes the numbers)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    return Glyph(
        text, code, x0, y0, x1, y1, x2, y2, x3, y3, baseline_start[0], baseline_start[1],
        baseline_end[0], baseline_end[1], glyph_end[0], glyph_end[1], direction[0], direction[1],
        box_height, writing_mode, mapped_text, run,
        original_text=original_text, code_index=code_index, hidden=hidden,
    )  # fmt: skip
