"""Whether a viewer shows each glyph, and if not, why (Glyph.hidden).

A visibility reading (device.VisibilityCollector) gives every glyph with the paint it was shown
with and every area painted, in drawing order; here each glyph is tested against them. The
reasons, each a rule a viewer's rendering follows:

- invisible-mode: render mode 3 or 7 paints nothing (§9.3.6), unless the glyph is a text
  layer over a drawing of itself (PaintIndex.draws_text): an image under it (an OCR layer,
  whose text the scan shows), paint clipped to it in mode 7, or its type drawn as outlines;
- clipped: the middle of its box (COVER_SAMPLES) lies wholly outside the clipping path in
  force (§8.5.4); a letter cut at a cell's edge that still shows a part is shown;
- covered: opaque paint drawn later covers its inner box (COVER_SAMPLES);
- same-color: its colour, blended by its alpha, is within SAME_COLOR_DELTA_E of what lies
  beneath each sample of its box: the white page, or the fills and images painted before it;
- transparent: alpha 0 for what its mode paints, or a soft mask that removes it (§11.6.4.4),
  unless it is such a text layer (a browser lays transparent text over outlines it draws);
- tiny: its em is under TINY_HEIGHT in default user space;
- off-page: its centre lies outside the visible box (§14.11.2);
- optional-content: optional content off by default hides it (§8.11).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, Final

import pikepdf

from pagetext.content.device import VisibilityCollector
from pagetext.content.glyph import Glyph
from pagetext.content.image_colors import ImageColors
from pagetext.content.paint import Paint, SoftMask, TextPaint, clip_contains
from pagetext.content.paths import RGB, rgb
from pagetext.geometry import Box, Matrix
from pagetext.pdf.objects import OBJECT_ERRORS, name, optional_entry

# The reasons, in the order a glyph lists them.
INVISIBLE_MODE: Final = "invisible-mode"
CLIPPED: Final = "clipped"
COVERED: Final = "covered"
SAME_COLOR: Final = "same-color"
TRANSPARENT: Final = "transparent"
TINY: Final = "tiny"
OFF_PAGE: Final = "off-page"
OPTIONAL_CONTENT: Final = "optional-content"
REASONS: Final = (
    INVISIBLE_MODE, CLIPPED, COVERED, SAME_COLOR, TRANSPARENT, TINY, OFF_PAGE, OPTIONAL_CONTENT,
)  # fmt: skip

# Below a point of em in default user space no reader makes out a letter (printed at its size,
# a unit is 1/72 inch: 1 pt type is under 0.4 mm).
TINY_HEIGHT: Final = 1.0
# CIE76 colour difference (ΔE*ab) under which text cannot be told from its ground: about
# twice the difference an eye just notices on large patches (2.3); strokes a point or two
# wide need more contrast than patches do. Gray 0.97 text on white is under it, 0.94 is not.
SAME_COLOR_DELTA_E: Final = 4.0
# Where in the glyph box (as fractions along and across it) coverage is tested: the centre
# and the corners of its middle half. The box runs from descent to ascent, so its outer
# edges are mostly empty; a bar over the letters' body covers these points.
COVER_SAMPLES: Final = ((0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75))
# Where an image beneath a glyph is sampled for its mean colour: a 4 × 4 grid over its box.
GROUND_SAMPLES: Final = tuple((0.125 + i / 4, 0.125 + j / 4) for i in range(4) for j in range(4))
# A soft mask value at or below this leaves nothing of the source (§11.6.5.2).
MASK_REMOVES: Final = 0.02
# A drawing of type is at most this many glyph heights tall (a word's outlines are one line;
# a box behind the text is taller, or a rectangle).
TEXT_DRAWING_HEIGHT: Final = 2.0
# Grid cells per side of the page for finding the paints at a point.
INDEX_CELLS: Final = 32

WHITE: Final[RGB] = (1.0, 1.0, 1.0)
DrawGroup = Callable[[pikepdf.Stream, Matrix], VisibilityCollector | None]


def flag_glyphs(collector: VisibilityCollector, visible_box: Box, draw_group: DrawGroup) -> None:
    """Set Glyph.hidden on every glyph the collector holds."""
    paints = PaintIndex(collector.paints, visible_box)
    masks = SoftMasks(draw_group)
    glyphs = collector.glyphs
    for text in collector.texts:
        for glyph in glyphs[text.first : text.first + text.count]:
            glyph.hidden = glyph_reasons(glyph, text, paints, masks, visible_box)


def glyph_reasons(
    glyph: Glyph, text: TextPaint, paints: PaintIndex, masks: SoftMasks, page: Box
) -> tuple[str, ...]:
    reasons: list[str] = []
    mode = glyph.run.render_mode & 3  # modes 4-7 paint as 0-3 and add to the clip
    cx, cy = glyph.center
    transparent = mode != 3 and _transparent(mode, text, masks, cx, cy)
    # Text that paints nothing over a drawing of itself is a text layer: what the page shows.
    layer = (mode == 3 or transparent) and paints.draws_text(glyph, text.order)
    if mode == 3 and not layer:
        reasons.append(INVISIBLE_MODE)
    if text.clip and not any(clip_contains(text.clip, x, y) for x, y in _samples(glyph)):
        reasons.append(CLIPPED)
    if text.order < paints.last_opaque and all(
        paints.covered(x, y, text.order, layer) for x, y in _samples(glyph)
    ):
        reasons.append(COVERED)
    if mode != 3 and not transparent and _same_color(mode, text, paints, glyph):
        reasons.append(SAME_COLOR)
    if transparent and not layer:
        reasons.append(TRANSPARENT)
    if em_height(glyph) < TINY_HEIGHT:
        reasons.append(TINY)
    if not page.contains(cx, cy):
        reasons.append(OFF_PAGE)
    if text.optional_off:
        reasons.append(OPTIONAL_CONTENT)
    return tuple(reasons)


def _samples(
    glyph: Glyph, fractions: tuple[tuple[float, float], ...] = COVER_SAMPLES
) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1), _, (x3, y3) = glyph.quad
    ax, ay = x1 - x0, y1 - y0  # along the glyph
    ux, uy = x3 - x0, y3 - y0  # across it, up
    return [(x0 + s * ax + t * ux, y0 + s * ay + t * uy) for s, t in fractions]


def _painted_colors(mode: int, text: TextPaint) -> list[tuple[RGB | None, float]]:
    """The colours and alphas the glyph paints with: fill for modes 0 and 2, stroke for 1 and 2."""
    colors: list[tuple[RGB | None, float]] = []
    if mode in (0, 2):
        colors.append((text.fill_color, text.fill_alpha))
    if mode in (1, 2):
        colors.append((text.stroke_color, text.stroke_alpha))
    return colors


def _same_color(mode: int, text: TextPaint, paints: PaintIndex, glyph: Glyph) -> bool:
    """Whether the glyph's colours match the ground at every sample of its box: a thin line
    or an edge under part of the glyph leaves the rest of it on another ground, shown."""
    colors = _painted_colors(mode, text)
    if any(color is None or alpha <= 0 for color, alpha in colors):
        return False  # unknown, or nothing painted (that is "transparent")
    for x, y in _samples(glyph):
        ground = paints.color_beneath(glyph, text.order, x, y)
        if ground is None:
            return False
        for color, alpha in colors:
            if color is None or delta_e(_blend(color, alpha, ground), ground) >= SAME_COLOR_DELTA_E:
                return False
    return True


def _transparent(mode: int, text: TextPaint, masks: SoftMasks, x: float, y: float) -> bool:
    if all(alpha <= 0 for _, alpha in _painted_colors(mode, text)):
        return True
    mask = text.soft_mask
    return mask is not None and masks.value(mask, x, y) <= MASK_REMOVES


def em_height(glyph: Glyph) -> float:
    """The glyph's em (its font size) in user space: its box height over the font's ascent
    to descent; in vertical writing, its vertical advance (w1, §9.7.4.3), about an em."""
    if glyph.writing_mode == 1:
        (x0, y0), (x1, y1) = glyph.baseline_start, glyph.glyph_end
        return math.hypot(x1 - x0, y1 - y0)
    font = glyph.run.font
    extent = font.ascent - font.descent if font is not None else 0.0
    return glyph.box_height / extent if extent > 0 else glyph.box_height


# -- colour ------------------------------------------------------------------------------------


def _blend(color: RGB, alpha: float, ground: RGB) -> RGB:
    """Normal blending with constant alpha (§11.3.3, §11.6.4.4)."""
    a = min(1.0, alpha)
    return (
        a * color[0] + (1 - a) * ground[0],
        a * color[1] + (1 - a) * ground[1],
        a * color[2] + (1 - a) * ground[2],
    )


def _lab(color: RGB) -> tuple[float, float, float]:
    """sRGB (D65) to CIE L*a*b*."""

    def linear(c: float) -> float:
        c = min(1.0, max(0.0, c))
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@functools.lru_cache(maxsize=4096)  # a page has few colours: text and grounds repeat
def delta_e(first: RGB, second: RGB) -> float:
    """The CIE76 difference of two sRGB colours."""
    l1, a1, b1 = _lab(first)
    l2, a2, b2 = _lab(second)
    return math.sqrt((l1 - l2) ** 2 + (a1 - a2) ** 2 + (b1 - b2) ** 2)


def luminance(color: RGB) -> float:
    """The luminosity a soft mask takes from a colour (§11.5.3, the Y of the NTSC weights)."""
    return 0.30 * color[0] + 0.59 * color[1] + 0.11 * color[2]


# -- paints at a point ------------------------------------------------------------------------


class PaintIndex:
    """The painted areas by grid cell over the page, to find those under a point quickly."""

    def __init__(self, paints: list[Paint], page: Box) -> None:
        self.page = page
        self.cell_w = max(page.width, 1.0) / INDEX_CELLS
        self.cell_h = max(page.height, 1.0) / INDEX_CELLS
        self.cells: dict[tuple[int, int], list[Paint]] = {}
        self.images = ImageColors()
        # The last opaque paint: text drawn after it is covered by nothing.
        self.last_opaque = max((p.order for p in paints if p.opaque), default=-1)
        for paint in paints:
            box = paint.bounds(page)
            if box.x1 < box.x0 or box.y1 < box.y0:
                continue
            i0, j0 = self._cell(box.x0, box.y0)
            i1, j1 = self._cell(box.x1, box.y1)
            for i in range(i0, i1 + 1):
                for j in range(j0, j1 + 1):
                    self.cells.setdefault((i, j), []).append(paint)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        i = int((x - self.page.x0) / self.cell_w)
        j = int((y - self.page.y0) / self.cell_h)
        last = INDEX_CELLS - 1
        return min(last, max(0, i)), min(last, max(0, j))

    def at(self, x: float, y: float) -> list[Paint]:
        """The paints that cover the point, in drawing order."""
        return [p for p in self.cells.get(self._cell(x, y), ()) if p.contains(x, y)]

    def draws_text(self, glyph: Glyph, order: int) -> bool:
        """Whether paint shows the glyph where the glyph itself paints nothing: an image under
        its centre (a scan under its OCR layer), paint clipped to it in a clipping mode, or a
        fill no taller than TEXT_DRAWING_HEIGHT glyph heights, not a rectangle, that overlaps
        its box (type drawn as outlines, with the text laid over them to be read)."""
        x, y = glyph.center
        if any(p.image is not None for p in self.at(x, y)) or self.through_text(x, y, order):
            return True
        box = glyph.bbox
        tallest = TEXT_DRAWING_HEIGHT * (box.y1 - box.y0)
        for paint in self.cells.get(self._cell(x, y), ()):
            region = paint.region
            if region is None or region.rect or region.half_width > 0 or paint.color is None:
                continue
            drawn = region.box
            overlaps = drawn.x0 < box.x1 and drawn.x1 > box.x0 and drawn.y0 < box.y1 and drawn.y1 > box.y0
            if overlaps and drawn.y1 - drawn.y0 <= tallest:
                return True
        return False

    def through_text(self, x: float, y: float, order: int) -> bool:
        """Whether paint drawn later and clipped to glyphs shows there (text that clips, §9.3.6)."""
        return any(p.order > order and any(r.of_text for r in p.clip) for p in self.at(x, y))

    def covered(self, x: float, y: float, order: int, layer: bool = False) -> bool:
        """Whether opaque paint after `order` covers the point; over a text layer an image is
        the drawing the layer reads, not a cover."""
        return any(
            p.opaque and p.order > order and not (layer and p.image is not None) for p in self.at(x, y)
        )

    def color_beneath(self, glyph: Glyph, order: int, x: float, y: float) -> RGB | None:
        """What lies beneath a point of the glyph before paint number `order`: the paints
        before it blended from the last opaque one up, over the white page (an image by its
        mean over the glyph's box); None when unknown."""
        layers: list[Paint] = []
        for paint in reversed(self.at(x, y)):
            if paint.order > order:
                continue
            layers.append(paint)
            if paint.opaque:
                break
        color = WHITE
        for paint in reversed(layers):
            own = paint.color
            if paint.image is not None:
                own = self.images.color_at(paint.image[0], paint.image[1], _samples(glyph, GROUND_SAMPLES))
            if own is None or (not paint.opaque and paint.alpha >= 1):
                return None  # unknown colour, or a paint whose blending is not constant alpha
            color = _blend(own, paint.alpha, color)
        return color


class SoftMasks:
    """Soft mask values at points (§11.6.5.2), each mask's group drawn once when first asked."""

    def __init__(self, draw_group: DrawGroup) -> None:
        self.draw_group = draw_group
        self.drawn: dict[int, tuple[Any, list[Paint]] | None] = {}

    def value(self, mask: SoftMask, x: float, y: float) -> float:
        """The mask at the point in 0..1; 1 (shows) when it cannot be read."""
        key = id(mask.mask)
        if key not in self.drawn:
            self.drawn[key] = self._draw(mask)
        drawn = self.drawn[key]
        if drawn is None:
            return 1.0
        kind, paints = drawn
        top = [p for p in paints if p.contains(x, y)]
        if kind == "Alpha":
            return top[-1].alpha if top else 0.0
        backdrop = kind if isinstance(kind, tuple) else (0.0, 0.0, 0.0)
        if not top:
            return luminance(backdrop)
        color = top[-1].color
        return luminance(color) if color is not None else 1.0

    def _draw(self, mask: SoftMask) -> tuple[Any, list[Paint]] | None:
        try:
            group = optional_entry(mask.mask, "/G")
            if not isinstance(group, pikepdf.Stream):
                return None
            collector = self.draw_group(group, mask.ctm)
            if collector is None or collector.glyphs:
                return None  # glyphs in a mask: their shapes are not kept, so not read
            if name(optional_entry(mask.mask, "/S")) == "Alpha":
                return "Alpha", collector.paints
            backdrop = optional_entry(mask.mask, "/BC")
            values = [float(v) for v in backdrop] if isinstance(backdrop, pikepdf.Array) else []
            return rgb(values) or (0.0, 0.0, 0.0), collector.paints
        except (*OBJECT_ERRORS, TypeError, ValueError):
            return None
