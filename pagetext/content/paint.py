"""What a viewer paints, as the visibility reading keeps it (ISO 32000-1 §8.5, §8.9, §11.6).

Only a device that asks for visibility (Device.wants_visibility) gets these records: the areas
that fills, strokes, images and shadings paint, in drawing order, each with the clipping path
in force, its colour and whether it hides what lies beneath; and for each shown string, the
paint its glyphs were shown with. Outlines are in user space, curves flattened.
"""

from __future__ import annotations

import math
from typing import Any, Final

from pagetext.content.optional import OptionalContent
from pagetext.content.paths import RGB, Outline, Segment, axis_box, user_line_width
from pagetext.geometry import Box, Matrix, Point

# A region of more edges than this finds those near a point through a grid of this many cells
# a side (maps and charts draw paths of thousands of edges; a point needs a few of them).
GRID_EDGES: Final = 48
GRID_CELLS: Final = 32


class Region:
    """An area in user space: closed polygons under a fill rule (§8.5.3.3), or, with
    half_width > 0, the band a stroke of that half width paints along the polygons' edges,
    its ends shaped by the line cap (§8.4.3.3: 0 butt, 1 round, 2 projecting square).
    of_text: the glyph boxes of text shown in a clipping render mode (§9.3.6, modes 4-7).
    A region of many edges finds those near a point through a grid, made on first use."""

    __slots__ = ("_grid", "box", "cap", "edges", "even_odd", "half_width", "of_text", "polygons", "rect")

    def __init__(
        self,
        polygons: list[list[Point]],
        even_odd: bool,
        half_width: float = 0.0,
        of_text: bool = False,
        cap: int = 0,
    ) -> None:
        self.polygons = polygons
        self.even_odd = even_odd
        self.half_width = half_width
        self.of_text = of_text
        self.cap = cap
        xs = [p[0] for polygon in polygons for p in polygon]
        ys = [p[1] for polygon in polygons for p in polygon]
        grow = half_width
        self.box = Box(min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)
        # One axis-aligned rectangle, filled: the box is the area (most clips and fills).
        self.rect = half_width == 0 and len(polygons) == 1 and _is_rectangle(polygons[0])
        self.edges: list[Segment] = [
            (polygon[i][0], polygon[i][1], polygon[i + 1][0], polygon[i + 1][1])
            for polygon in polygons
            for i in range(len(polygon) - 1)
        ]
        self._grid: dict[tuple[int, int], list[Segment]] | None = None

    def contains(self, x: float, y: float) -> bool:
        box = self.box
        if not (box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1):
            return False
        if self.rect:
            return True
        edges = self._near(x, y) if len(self.edges) > GRID_EDGES else self.edges
        if self.half_width > 0:
            return in_band(edges, x, y, self.half_width, self.cap)
        turns, crossings = winding_of(edges, x, y)
        return crossings % 2 == 1 if self.even_odd else turns != 0

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        box = self.box
        last = GRID_CELLS - 1
        i = int((x - box.x0) / max(box.x1 - box.x0, 1e-9) * GRID_CELLS)
        j = int((y - box.y0) / max(box.y1 - box.y0, 1e-9) * GRID_CELLS)
        return min(last, max(0, i)), min(last, max(0, j))

    def _near(self, x: float, y: float) -> list[Segment]:
        """The edges that can decide the point: for a stroke, those whose band reaches its
        cell; for a fill, those that cross the point's row of cells, right of the point's
        cell (the ray that counts crossings runs to the right)."""
        grid = self._grid
        if grid is None:
            grid = self._grid = {}
            reach = self.half_width * 1.5  # a projecting cap reaches a half width past the end
            stroke = self.half_width > 0
            for edge in self.edges:
                x0, y0, x1, y1 = edge
                i0, j0 = self._cell(min(x0, x1) - reach, min(y0, y1) - reach)
                i1, j1 = self._cell(max(x0, x1) + reach, max(y0, y1) + reach)
                if not stroke:
                    i0 = 0  # a fill's row holds every edge at its right
                for i in range(i0, i1 + 1):
                    for j in range(j0, j1 + 1):
                        grid.setdefault((i, j), []).append(edge)
        return grid.get(self._cell(x, y), [])


def _is_rectangle(polygon: list[Point]) -> bool:
    """Four corners (the fifth closing them) round an axis-aligned rectangle, as paths read `re`."""
    points = polygon[:-1] if len(polygon) == 5 and polygon[0] == polygon[-1] else polygon
    return len(points) == 4 and axis_box((points[0], points[1], points[2], points[3])) is not None


def winding_of(edges: list[Segment], x: float, y: float) -> tuple[int, int]:
    """The winding number of closed polygons around (x, y), and how many of their edges a ray
    from the point to the right crosses."""
    winding = 0
    crossings = 0
    for x0, y0, x1, y1 in edges:
        if (y0 <= y) != (y1 <= y):
            at = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if at > x:
                crossings += 1
                winding += 1 if y1 > y0 else -1
    return winding, crossings


def in_band(edges: list[Segment], x: float, y: float, half_width: float, cap: int) -> bool:
    """Whether the point lies in the band a stroke paints. A butt cap ends the band square at
    the segment's end, a projecting cap half a width past it, a round cap in a half disc
    (§8.4.3.3); the short thick dash a form draws as a vertical rule is a butt-capped bar."""
    limit = half_width * half_width
    for x0, y0, x1, y1 in edges:
        dx, dy = x1 - x0, y1 - y0
        length = dx * dx + dy * dy
        if length == 0 and cap == 0:
            continue  # a butt-capped dot paints nothing
        t = ((x - x0) * dx + (y - y0) * dy) / length if length > 0 else 0.0
        if cap != 1 and length > 0:
            reach = half_width / math.sqrt(length) if cap == 2 else 0.0
            if t < -reach or t > 1 + reach:
                continue
            # Across the segment only: the distance from the line, not from its ends.
            if abs((x - x0) * dy - (y - y0) * dx) / math.sqrt(length) <= half_width:
                return True
            continue
        t = min(1.0, max(0.0, t))
        ex, ey = x0 + t * dx - x, y0 + t * dy - y
        if ex * ex + ey * ey <= limit:
            return True
    return False


Clip = tuple[Region, ...]  # the clipping path in force: the intersection of its regions (§8.5.4)


def clip_contains(clip: Clip, x: float, y: float) -> bool:
    return all(region.contains(x, y) for region in clip)


def parallelogram(ctm: tuple[float, float, float, float, float, float]) -> Region:
    """The unit square mapped by a matrix: where an image or a form's box lands (§8.9.4)."""
    a, b, c, d, e, f = ctm
    corners = [(e, f), (a + e, b + f), (a + c + e, b + d + f), (c + e, d + f)]
    return Region([[*corners, corners[0]]], False)


class SoftMask:
    """A soft mask in force (§11.6.5.2): the /SMask dictionary of an ExtGState and the CTM at
    the time it was set (the mask's group is drawn in that space)."""

    __slots__ = ("ctm", "mask")

    def __init__(self, mask: Any, ctm: tuple[float, float, float, float, float, float]) -> None:
        self.mask = mask
        self.ctm = ctm


class PaintState:
    """The graphics state the visibility reading adds (§8.4.1, §11.6.4): the clipping path,
    constant alpha for fills and strokes, the soft mask, whether the blend mode is Normal,
    whether fill and stroke colours are patterns, the line cap and whether lines are dashed
    (a dashed stroke leaves gaps: it hides nothing). Shared by copies; changed by replacing."""

    __slots__ = (
        "blend_normal",
        "cap",
        "clip",
        "dashed",
        "fill_alpha",
        "fill_pattern",
        "soft_mask",
        "stroke_alpha",
        "stroke_pattern",
    )

    def __init__(
        self,
        clip: Clip = (),
        fill_alpha: float = 1.0,
        stroke_alpha: float = 1.0,
        soft_mask: SoftMask | None = None,
        blend_normal: bool = True,
        fill_pattern: bool = False,
        stroke_pattern: bool = False,
        cap: int = 0,
        dashed: bool = False,
    ) -> None:
        self.clip = clip
        self.fill_alpha = fill_alpha
        self.stroke_alpha = stroke_alpha
        self.soft_mask = soft_mask
        self.blend_normal = blend_normal
        self.fill_pattern = fill_pattern
        self.stroke_pattern = stroke_pattern
        self.cap = cap
        self.dashed = dashed

    def hides(self, alpha: float) -> bool:
        """Whether paint at this alpha hides what lies beneath: alpha 1, no soft mask, Normal
        blending, and no clip of glyphs (paint through text shows the glyphs' shapes)."""
        return (
            alpha >= 1
            and self.soft_mask is None
            and self.blend_normal
            and not any(region.of_text for region in self.clip)
        )

    def changed(self, **fields: Any) -> PaintState:
        values = {name: getattr(self, name) for name in PaintState.__slots__}
        values.update(fields)
        return PaintState(**values)


class Paint:
    """One painted area, in drawing order: where (region; None: everywhere the clip lets
    through, as `sh` paints), through which clip, in which colour (None: unknown, an image or
    a pattern), with which alpha, and whether it hides what lies beneath (opaque). image: the
    image XObject (None for an inline image) and its matrix, when an image painted it (its
    colours are read when asked)."""

    __slots__ = ("alpha", "clip", "color", "image", "opaque", "order", "region")

    def __init__(
        self,
        order: int,
        region: Region | None,
        clip: Clip,
        color: RGB | None,
        alpha: float,
        opaque: bool,
        image: tuple[Any, tuple[float, float, float, float, float, float]] | None = None,
    ) -> None:
        self.order = order
        self.region = region
        self.clip = clip
        self.color = color
        self.alpha = alpha
        self.opaque = opaque
        self.image = image

    def contains(self, x: float, y: float) -> bool:
        region = self.region
        if region is not None and not region.contains(x, y):
            return False
        return clip_contains(self.clip, x, y)

    def bounds(self, page: Box) -> Box:
        """Where it can paint at most: its region's box within its clips', else the page."""
        box = self.region.box if self.region is not None else page
        for region in self.clip:
            box = box.intersect(region.box)
        return box


class TextPaint:
    """How the glyphs of one shown string were painted: their place in drawing order, the
    clip, fill and stroke colour and alpha, the soft mask, and whether optional content hid
    them (§8.11). first, count: the glyphs' place in the device's list."""

    __slots__ = (
        "clip",
        "count",
        "fill_alpha",
        "fill_color",
        "first",
        "optional_off",
        "order",
        "soft_mask",
        "stroke_alpha",
        "stroke_color",
    )

    def __init__(
        self,
        order: int,
        first: int,
        count: int,
        clip: Clip,
        fill_color: RGB | None,
        stroke_color: RGB | None,
        fill_alpha: float,
        stroke_alpha: float,
        soft_mask: SoftMask | None,
        optional_off: bool,
    ) -> None:
        self.order = order
        self.first = first
        self.count = count
        self.clip = clip
        self.fill_color = fill_color
        self.stroke_color = stroke_color
        self.fill_alpha = fill_alpha
        self.stroke_alpha = stroke_alpha
        self.soft_mask = soft_mask
        self.optional_off = optional_off


def stroke_half_width(line_width: float, ctm: Matrix) -> float:
    """Half the stroke width in user space (§8.4.3.2); a zero width paints the thinnest line."""
    return max(user_line_width(line_width, ctm), 0.1) / 2


class Tracking:
    """What the interpreter keeps for a device that wants visibility: the current path as an
    outline, the clip a W or W* asks for at the next painting operator (0: none, 1: nonzero,
    2: even-odd, §8.5.4), the glyphs that clip at ET, the next place in drawing order, and
    the optional content settings."""

    __slots__ = ("optional", "order", "outline", "pending_clip", "text_clip")

    def __init__(self, optional: OptionalContent) -> None:
        self.optional = optional
        self.outline = Outline()
        self.pending_clip = 0
        self.order = 0
        # Glyph boxes shown in a clipping mode in the open text object: the clip at ET (§9.3.6).
        self.text_clip: list[list[Point]] = []

    def next_order(self) -> int:
        self.order += 1
        return self.order
