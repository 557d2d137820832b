"""What assembly produces: words and lines with their text and geometry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pagetext.content.glyph import Glyph, Quad
from pagetext.geometry import Box, Point


# Both records write out __init__: compiled (mypyc), a generated one would run interpreted.
@dataclass(slots=True, init=False)
class Word:
    """A run of glyphs between word spaces. quad follows the text's direction (rotated text)."""

    text: str
    bbox: Box
    quad: Quad
    direction: Point
    font_name: str
    font_size: float
    glyphs: tuple[Glyph, ...]

    def __init__(
        self,
        text: str,
        bbox: Box,
        quad: Quad,
        direction: Point,
        font_name: str,
        font_size: float,
        glyphs: tuple[Glyph, ...],
    ) -> None:
        self.text = text
        self.bbox = bbox
        self.quad = quad
        self.direction = direction
        self.font_name = font_name
        self.font_size = font_size
        self.glyphs = glyphs


@dataclass(slots=True, init=False)
class Line:
    """Words on one line, in reading order, joined by single spaces.

    role: "header" or "footer" for page furniture that repeats across the document's pages
    (only when asked for: Page.lines(roles=True)), else "".
    """

    text: str
    bbox: Box
    quad: Quad
    direction: Point
    font_name: str
    font_size: float
    words: tuple[Word, ...]
    role: str

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
    ) -> None:
        self.text = text
        self.bbox = bbox
        self.quad = quad
        self.direction = direction
        self.font_name = font_name
        self.font_size = font_size
        self.words = words
        self.role = role

    @property
    def glyphs(self) -> tuple[Glyph, ...]:
        return tuple(glyph for word in self.words for glyph in word.glyphs)


_INFINITY: Final = float("inf")  # compiled, float("inf") would parse the string each call


def enclosing_quad(quads: Sequence[Quad], direction: Point) -> tuple[Quad, Box]:
    """The smallest rectangle along `direction` around the quads, and its bbox."""
    ux, uy = direction
    if ux == 1.0 and uy == 0.0:  # upright text, the common case: the quad is the bbox
        x0 = y0 = _INFINITY
        x1 = y1 = -_INFINITY
        for quad in quads:
            (ax, ay), _, (cx, cy), _ = quad  # opposite corners
            if ax > cx:
                ax, cx = cx, ax
            if ay > cy:
                ay, cy = cy, ay
            if ax < x0:
                x0 = ax
            if cx > x1:
                x1 = cx
            if ay < y0:
                y0 = ay
            if cy > y1:
                y1 = cy
        return ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Box(x0, y0, x1, y1)
    nx, ny = -uy, ux
    along = []
    across = []
    xs = []
    ys = []
    for quad in quads:
        for x, y in quad:
            along.append(x * ux + y * uy)
            across.append(x * nx + y * ny)
            xs.append(x)
            ys.append(y)
    a0, a1, c0, c1 = min(along), max(along), min(across), max(across)
    quad = (
        (a0 * ux + c0 * nx, a0 * uy + c0 * ny),
        (a1 * ux + c0 * nx, a1 * uy + c0 * ny),
        (a1 * ux + c1 * nx, a1 * uy + c1 * ny),
        (a0 * ux + c1 * nx, a0 * uy + c1 * ny),
    )
    return quad, Box(min(xs), min(ys), max(xs), max(ys))
