"""The glyph record: what the interpreter produces for every glyph a text operator shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pagetext.geometry import Box, Point

Quad = tuple[Point, Point, Point, Point]
# One use of a Form XObject: the token index of its Do operator in the stream that drew it
# (-1 for an annotation's appearance, which no operator draws), its object number, generation.
FormUse = tuple[int, int, int]


class TextSource:
    """Where the glyphs of one shown string came from, for editing: the stream, the string
    token, and the text state the string was shown with (ISO 32000-1 §9.3).

    root: "" for the page's content (its /Contents streams as one, §7.8.2), else the name of
    the annotation whose appearance drew it ("Annots[3]"). uses: the chain of Form XObject
    uses from the root to the stream that holds the string, outermost first; () for the root
    stream itself. token: the index of the string token in that stream (see
    pagetext.syntax.lexer). string: its decoded bytes. font: the pagetext Font it was shown
    in; font_size, char_spacing, word_spacing, horizontal_scaling: Tfs, Tc, Tw and Tz / 100.
    """

    __slots__ = (
        "char_spacing",
        "font",
        "font_size",
        "horizontal_scaling",
        "root",
        "string",
        "token",
        "uses",
        "word_spacing",
    )

    def __init__(
        self,
        root: str,
        uses: tuple[FormUse, ...],
        token: int,
        string: bytes,
        font: Any,
        font_size: float,
        char_spacing: float,
        word_spacing: float,
        horizontal_scaling: float,
    ) -> None:
        self.root = root
        self.uses = uses
        self.token = token
        self.string = string
        self.font = font
        self.font_size = font_size
        self.char_spacing = char_spacing
        self.word_spacing = word_spacing
        self.horizontal_scaling = horizontal_scaling

    def __repr__(self) -> str:
        return f"<TextSource {self.root or 'page'} uses={self.uses} token={self.token}>"

    def code_offsets(self) -> list[int]:
        """The byte offset in `string` at which each of its codes starts, plus the end."""
        offsets = [0]
        for length in self.font.code_lengths(self.string):
            offsets.append(offsets[-1] + length)
        return offsets


class Artifact:
    """What an /Artifact sequence says it is (ISO 32000-1 §14.8.2.2): /Type (Pagination, Layout,
    Page, Background; "" when absent) and /Subtype (Header, Footer, Watermark, ...; "" when absent)."""

    __slots__ = ("subtype", "type")

    def __init__(self, type: str, subtype: str) -> None:  # noqa: A002
        self.type = type
        self.subtype = subtype

    def __repr__(self) -> str:
        return f"Artifact({self.type!r}, {self.subtype!r})"


class MarkedContent:
    """One marked-content sequence, BMC or BDC … EMC (ISO 32000-1 §14.6).

    tag: its tag (P, Span, Artifact, ...). mcid: the marked-content id in force (its own or the
    enclosing sequence's, §14.7.4.2), mcid_stream: the stream that id belongs to: None for the
    page's content, else the object number and generation of the Form XObject with
    /StructParents whose content holds it (§14.7.4.3). actual_text: its /ActualText (§14.9.4),
    None when it has none. artifact: the /Artifact sequence it is in (its own or an enclosing
    one), None outside artifacts. parent: the enclosing sequence. optional_off: whether
    optional content off by default hides it (its own /OC or an enclosing one's, §8.11.3.2).
    """

    __slots__ = ("actual_text", "artifact", "mcid", "mcid_stream", "optional_off", "parent", "tag")

    def __init__(
        self,
        tag: str,
        mcid: int | None,
        mcid_stream: tuple[int, int] | None,
        actual_text: str | None,
        artifact: Artifact | None,
        parent: MarkedContent | None,
    ) -> None:
        self.tag = tag
        self.mcid = mcid
        self.mcid_stream = mcid_stream
        self.actual_text = actual_text
        self.artifact = artifact
        self.parent = parent
        # Optional content off by default hides it (§8.11.3.2), its own /OC or an enclosing
        # one's; read only for a device that wants visibility.
        self.optional_off: bool = parent.optional_off if parent is not None else False

    def __repr__(self) -> str:
        return f"<MarkedContent {self.tag} mcid={self.mcid}>"


@dataclass(slots=True, init=False)
class GlyphRun:
    """What the glyphs of one shown string share (see Glyph): its font and size, render mode,
    marked content, token index, forms, annotation and field, text rise and source. One record
    per string, not these fields per glyph: a page keeps its glyphs, and each field a glyph
    holds is more to build and more for the cycle collector to walk.

    The source's fields are kept here too, and `source` makes the TextSource when first asked
    (editing asks; text extraction does not): one record per string instead of two.
    """

    font_name: str
    font_size: float
    render_mode: int
    mcid: int | None
    token_index: int
    forms: tuple[str, ...]
    rise: float
    marked: MarkedContent | None
    annotation: str
    field_name: str
    # The TextSource fields (its font_size is the run's); sourced: whether there is one.
    sourced: bool
    root: str
    uses: tuple[FormUse, ...]
    string_token: int
    string: bytes
    font: Any
    char_spacing: float
    word_spacing: float
    horizontal_scaling: float
    made_source: TextSource | None = field(compare=False, repr=False)

    def __init__(
        self,
        font_name: str,
        font_size: float,
        render_mode: int,
        mcid: int | None,
        token_index: int,
        forms: tuple[str, ...],
        rise: float,
        marked: MarkedContent | None,
        annotation: str,
        field_name: str,
        sourced: bool,
        root: str,
        uses: tuple[FormUse, ...],
        string_token: int,
        string: bytes,
        font: Any,
        char_spacing: float,
        word_spacing: float,
        horizontal_scaling: float,
    ) -> None:
        self.font_name = font_name
        self.font_size = font_size
        self.render_mode = render_mode
        self.mcid = mcid
        self.token_index = token_index
        self.forms = forms
        self.rise = rise
        self.marked = marked
        self.annotation = annotation
        self.field_name = field_name
        self.sourced = sourced
        self.root = root
        self.uses = uses
        self.string_token = string_token
        self.string = string
        self.font = font
        self.char_spacing = char_spacing
        self.word_spacing = word_spacing
        self.horizontal_scaling = horizontal_scaling
        self.made_source = None

    @property
    def source(self) -> TextSource | None:
        """Where the string came from (for editing; the same record every time), or None for
        content made up for a field without an appearance."""
        if not self.sourced:
            return None
        made = self.made_source
        if made is None:
            made = self.made_source = TextSource(
                self.root, self.uses, self.string_token, self.string, self.font, self.font_size,
                self.char_spacing, self.word_spacing, self.horizontal_scaling,
            )  # fmt: skip
        return made


# Not frozen: a frozen dataclass takes six times as long to build, and pages have many glyphs.
# The __init__ is written out: compiled (mypyc), it builds the record natively, where the one
# dataclass generates would run as interpreted code for every glyph.
@dataclass(slots=True, init=False)
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
    """

    # Declared in the order layout reads them (compiled, the record's fields lie in this
    # order): the fields each pass over a page's glyphs reads share fewer cache lines, and a
    # page's glyphs do not fit in the processor's first-level cache.
    text: str
    run: GlyphRun
    box_height: float
    writing_mode: int
    baseline_start: Point
    baseline_end: Point
    direction: Point
    glyph_end: Point
    quad: Quad
    mapped_text: str
    original_text: str | None
    hidden: tuple[str, ...] | None
    code: int
    code_index: int

    def __init__(
        self,
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
        *,  # the optional fields by name: positional slips between them pass type checks
        original_text: str | None = None,
        code_index: int = -1,
        hidden: tuple[str, ...] | None = None,
    ) -> None:
        self.text = text
        self.code = code
        self.quad = quad
        self.baseline_start = baseline_start
        self.baseline_end = baseline_end
        self.glyph_end = glyph_end
        self.direction = direction
        self.box_height = box_height
        self.writing_mode = writing_mode
        self.mapped_text = mapped_text
        self.run = run
        self.original_text = original_text
        self.code_index = code_index
        self.hidden = hidden

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
        return Glyph(
            self.text, self.code, quad, baseline_start, baseline_end, glyph_end, direction,
            box_height, writing_mode, self.mapped_text, self.run,
            original_text=self.original_text, code_index=self.code_index, hidden=self.hidden,
        )  # fmt: skip

    def retexted(self, text: str, mapped_text: str, original_text: str | None) -> Glyph:
        """A copy with other text, everything else the same."""
        return Glyph(
            text, self.code, self.quad, self.baseline_start, self.baseline_end, self.glyph_end,
            self.direction, self.box_height, self.writing_mode, mapped_text, self.run,
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
        xs = [p[0] for p in self.quad]
        ys = [p[1] for p in self.quad]
        return Box(min(xs), min(ys), max(xs), max(ys))

    @property
    def center(self) -> Point:
        (x0, y0), _, (x2, y2), _ = self.quad
        return ((x0 + x2) / 2, (y0 + y2) / 2)
