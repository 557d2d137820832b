"""What assembly produces: words and lines with their text and geometry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pagetext.content.glyph import Glyph, Quad
from pagetext.geometry import Box, Point, make_box
from pagetext.layout.scripts import has_rtl

Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1 of an axis-aligned box


# Both records write out __init__: compiled (mypyc), a generated one would run interpreted.
@dataclass(slots=True, init=False)
class Word:
    """A run of glyphs between word spaces. quad follows the text's direction (rotated text);
    bounds: x0, y0, x1, y1 of the axis-aligned box around the glyphs, which `bbox` gives as a
    Box (made when asked: most words are read for their text only, and a Box costs more to
    build than the rest of the word)."""

    text: str
    bounds: Bounds
    quad: Quad
    direction: Point
    font_name: str
    font_size: float
    glyphs: tuple[Glyph, ...]

    def __init__(
        self,
        text: str,
        bounds: Bounds,
        quad: Quad,
        direction: Point,
        font_name: str,
        font_size: float,
        glyphs: tuple[Glyph, ...],
    ) -> None:
        self.text = text
        self.bounds = bounds
        self.quad = quad
        self.direction = direction
        self.font_name = font_name
        self.font_size = font_size
        self.glyphs = glyphs

    @property
    def hidden(self) -> tuple[str, ...]:
        """Why a viewer does not show some of the word's glyphs (Glyph.hidden, in the order of
        pagetext.content.visibility.REASONS); () when it shows them all or nobody asked."""
        found: set[str] = set()
        for glyph in self.glyphs:
            if glyph.hidden:
                found.update(glyph.hidden)
        if not found:
            return ()
        # Here: the visibility modules are imported only by a reading that flags hidden text.
        from pagetext.content.visibility import REASONS

        return tuple(reason for reason in REASONS if reason in found)

    @property
    def bbox(self) -> Box:
        x0, y0, x1, y1 = self.bounds
        return make_box(x0, y0, x1, y1)


@dataclass(slots=True, init=False)
class Line:
    """Words on one line, in reading order, joined by single spaces.

    role: "header" or "footer" for page furniture that repeats across the document's pages
    (only when asked for: Page.lines(roles=True)), else "". rtl: whether the text holds
    right-to-left letters (Hebrew, Arabic, ...); the stages that make lines know it for most
    of them without a search (a page without any such letter), and pass it on.
    """

    text: str
    bbox: Box
    quad: Quad
    direction: Point
    font_name: str
    font_size: float
    words: tuple[Word, ...]
    role: str
    rtl: bool

    def __init__(
        self,
        text: str,
        bbox: Box,
        quad: Quad,
        direction: Point,
        font_name: str,
        font_size: float,
        words: tuple[Word, ...],
        role: str = "",
        rtl: bool | None = None,
    ) -> None:
        self.text = text
        self.bbox = bbox
        self.quad = quad
        self.direction = direction
        self.font_name = font_name
        self.font_size = font_size
        self.words = words
        self.role = role
        self.rtl = has_rtl(text) if rtl is None else rtl

    @property
    def glyphs(self) -> tuple[Glyph, ...]:
        return tuple(glyph for word in self.words for glyph in word.glyphs)


_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string each call
Extent = tuple[float, float, float, float]  # min, max along a direction; min, max across it


# Swaps and comparisons rather than min() and max(): the same compiled, and several times
# faster as plain Python, where each builtin call costs more than the arithmetic.
def quad_extent(quad: Quad, ux: float, uy: float) -> Extent:
    """The quad's extent along (ux, uy) and across it, along (-uy, ux)."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = quad
    return corners_extent(ax, ay, bx, by, cx, cy, dx, dy, ux, uy)


def glyph_extent_along(glyph: Glyph, ux: float, uy: float) -> Extent:
    """quad_extent of the glyph's quad, read from its numbers."""
    return corners_extent(
        glyph.quad_x0, glyph.quad_y0, glyph.quad_x1, glyph.quad_y1,
        glyph.quad_x2, glyph.quad_y2, glyph.quad_x3, glyph.quad_y3, ux, uy,
    )  # fmt: skip


def corners_extent(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    cx: float,
    cy: float,
    dx: float,
    dy: float,
    ux: float,
    uy: float,
) -> Extent:
    """quad_extent of the quad with these corners."""
    a = ax * ux + ay * uy
    b = bx * ux + by * uy
    c = cx * ux + cy * uy
    d = dx * ux + dy * uy
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    e = ay * ux - ax * uy
    f = by * ux - bx * uy
    g = cy * ux - cx * uy
    h = dy * ux - dx * uy
    if e > f:
        e, f = f, e
    if g > h:
        g, h = h, g
    return (a if a < c else c), (b if b > d else d), (e if e < g else g), (f if f > h else h)


def _grown(extent: Extent, grown_by: Extent) -> Extent:
    """The extent grown to take in another."""
    low, high, below, above = extent
    a, b, c, d = grown_by
    return (
        a if a < low else low,
        b if b > high else high,
        c if c < below else below,
        d if d > above else above,
    )


# One loop per record type: compiled, a quad read from a Glyph or a Word is a native field,
# where one read from "a Glyph or a Word" is a dictionary lookup by name.
def _glyph_extent(glyphs: tuple[Glyph, ...], ux: float, uy: float) -> Extent:
    extent = (_INFINITY, -_INFINITY, _INFINITY, -_INFINITY)  # not a Final: mypyc leaves it unset
    for glyph in glyphs:
        extent = _grown(extent, glyph_extent_along(glyph, ux, uy))
    return extent


def words_extent(words: Sequence[Word], ux: float, uy: float) -> Extent:
    """quad_extent over the quads of the words."""
    extent = (_INFINITY, -_INFINITY, _INFINITY, -_INFINITY)  # not a Final: mypyc leaves it unset
    for word in words:
        extent = _grown(extent, quad_extent(word.quad, ux, uy))
    return extent


def _low_high(a: float, b: float, c: float, d: float) -> tuple[float, float]:
    """The least and the greatest of four values."""
    low = a if a < b else b
    high = a if a > b else b
    low = low if low < c else c
    high = high if high > c else c
    return (low if low < d else d), (high if high > d else d)


def _glyph_bounds(glyphs: tuple[Glyph, ...]) -> Bounds:
    """x0, y0, x1, y1 of the glyphs' corners: _glyph_extent along the x axis, without the
    projection (a word's box is needed for every word; most are upright)."""
    x0 = y0 = _INFINITY
    x1 = y1 = -_INFINITY
    for glyph in glyphs:
        low, high = _low_high(glyph.quad_x0, glyph.quad_x1, glyph.quad_x2, glyph.quad_x3)
        if low < x0:
            x0 = low
        if high > x1:
            x1 = high
        low, high = _low_high(glyph.quad_y0, glyph.quad_y1, glyph.quad_y2, glyph.quad_y3)
        if low < y0:
            y0 = low
        if high > y1:
            y1 = high
    return x0, y0, x1, y1


def glyphs_quad(glyphs: tuple[Glyph, ...], direction: Point) -> tuple[Quad, Bounds]:
    """The smallest rectangle along `direction` around the glyphs' quads, and the bounds of
    the glyphs' own corners (x0, y0, x1, y1; no Box made)."""
    ux, uy = direction
    x0, y0, x1, y1 = _glyph_bounds(glyphs)
    if ux == 1.0 and uy == 0.0:  # upright, the common case: the rectangle is the bbox
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), (x0, y0, x1, y1)
    return _rotated_quad(_glyph_extent(glyphs, ux, uy), ux, uy), (x0, y0, x1, y1)


def words_quad(words: Sequence[Word], direction: Point) -> tuple[Quad, Box]:
    """The smallest rectangle along `direction` around the words' quads, and its bbox."""
    ux, uy = direction
    x0, x1, y0, y1 = words_extent(words, 1.0, 0.0)
    box = make_box(x0, y0, x1, y1)
    if ux == 1.0 and uy == 0.0:
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), box
    return _rotated_quad(words_extent(words, ux, uy), ux, uy), box


def _rotated_quad(along_across: Extent, ux: float, uy: float) -> Quad:
    a0, a1, c0, c1 = along_across
    return (
        (a0 * ux - c0 * uy, a0 * uy + c0 * ux),
        (a1 * ux - c0 * uy, a1 * uy + c0 * ux),
        (a1 * ux - c1 * uy, a1 * uy + c1 * ux),
        (a0 * ux - c1 * uy, a0 * uy + c1 * ux),
    )


def make_word(glyphs: list[Glyph], text: str | None = None) -> Word:
    """A word of these glyphs, its text theirs joined unless given, boxed along the first's direction."""
    if text is None:
        text = "".join([glyph.text for glyph in glyphs])
    return word_of(tuple(glyphs), text)


def word_of(glyphs: tuple[Glyph, ...], text: str) -> Word:
    """make_word of glyphs already in a tuple (the word keeps it) and their text."""
    first = glyphs[0]
    run = first.run  # read once: font_name and font_size are properties of the glyph reading it
    direction = (first.direction_x, first.direction_y)
    quad, bounds = glyphs_quad(glyphs, direction)
    return Word(text, bounds, quad, direction, run.font_name, run.font_size, glyphs)
