"""What the glyphs of one shown string share (GlyphRun), and what they point to: the string's
source for editing, its marked-content sequence, its artifact."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
