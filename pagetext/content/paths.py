"""Painted paths: what path construction and painting operators draw (ISO 32000-1 §8.5).

The interpreter builds a path only for a device that asks for paths (GlyphCollector.wants_paths);
text extraction never pays for it. A painted path reaches the device as one `PathRecord` in
user space: its straight segments, its rectangles, how it was painted and in which colours.
Curves are kept as the chord between their end points only where a filled or stroked
outline needs closing; table rules are straight, so nothing finer is kept. A visibility
reading keeps the current path as an `Outline` instead: polygons, curves flattened.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Final

from pagetext.geometry import Box, Matrix, Point
from pagetext.pdf.file_objects import ARRAY, DICTIONARY, NAME, STREAM
from pagetext.pdf.objects import OBJECT_ERRORS
from pagetext.pdf.objects import name as name_of

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1 in user space
RGB = tuple[float, float, float]

# A Bézier curve becomes this many straight pieces: a quarter circle so cut strays from the
# true arc by under 0.1 % of its radius, far below a glyph's size.
CURVE_PIECES: Final = 8
# Corners this close (user space units) count as one: an axis-aligned outline drawn with
# m/l/l/l/h is a rectangle, as `re` would draw it (producers write both).
AXIS_TOLERANCE: Final = 0.01


@dataclass(slots=True)
class PathRecord:
    """One painted path in user space. segments: its straight pieces (closing pieces of closed
    subpaths included, curves as their chords); rects: its rectangles (`re`, and closed
    four-corner subpaths that are axis-aligned after the CTM), not repeated in segments.
    stroke/fill: how it was painted (§8.5.3). line_width: the stroke width in user space.
    stroke_color/fill_color: as RGB in 0..1, None when the colour space is not a device one
    (treat as visible)."""

    segments: list[Segment]
    rects: list[Box]
    stroke: bool
    fill: bool
    line_width: float
    stroke_color: RGB | None
    fill_color: RGB | None


def rgb(components: list[float]) -> RGB | None:
    """A device colour as RGB (§8.6.4): 1 component gray, 3 RGB, 4 CMYK; None otherwise."""
    n = len(components)
    if n == 1:
        g = components[0]
        return (g, g, g)
    if n == 3:
        return (components[0], components[1], components[2])
    if n == 4:
        c, m, y, k = components
        return (1.0 - min(1.0, c + k), 1.0 - min(1.0, m + k), 1.0 - min(1.0, y + k))
    return None


def user_line_width(width: float, ctm: Matrix) -> float:
    """The line width in user space: the CTM scales it (§8.4.3.2), by the root of its area scale."""
    return abs(width) * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))


class PathBuilder:
    """The current path (§8.5.2), its points already in user space."""

    __slots__ = ("closed", "current", "curved", "rects", "segments", "start", "subpath")

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.rects: list[Box] = []
        self.subpath: list[Point] = []  # the points of the open subpath, straight pieces only
        self.current: Point | None = None
        self.start: Point | None = None
        self.closed = False  # the open subpath was closed (h, or a fill's implicit close)
        self.curved = False  # the open subpath has a curve: not a rectangle

    def move_to(self, point: Point) -> None:
        self._end_subpath()
        self.subpath = [point]
        self.current = self.start = point

    def line_to(self, point: Point) -> None:
        if self.current is None:  # a line without a current point is an error; start there
            self.move_to(point)
            return
        self.subpath.append(point)
        self.current = point

    def curve_to(self, point: Point) -> None:
        # Kept as its chord: a curved outline is not a rule, and the chord keeps it closed.
        self.line_to(point)
        self.curved = True

    def close(self) -> None:
        if self.current is not None and self.start is not None:
            self.subpath.append(self.start)
            self.current = self.start
            self.closed = True
            self._end_subpath()
            self.subpath = [self.start]

    def rectangle(self, corners: tuple[Point, Point, Point, Point]) -> None:
        """`re` (§8.5.2.1): a closed subpath of four corners, starting a new subpath at the first."""
        self._end_subpath()
        box = axis_box(corners)
        if box is not None:
            self.rects.append(box)
        else:
            points = [*corners, corners[0]]
            for a, b in itertools.pairwise(points):
                self.segments.append((a[0], a[1], b[0], b[1]))
        self.subpath = [corners[0]]
        self.current = self.start = corners[0]

    def _end_subpath(self) -> None:
        points = self.subpath
        if len(points) < 2:
            self.subpath = []
            self.closed = self.curved = False
            return
        if len(points) == 5 and self.closed and not self.curved:
            box = axis_box((points[0], points[1], points[2], points[3]))
            if box is not None:
                self.rects.append(box)
                self.subpath = []
                self.closed = self.curved = False
                return
        for a, b in itertools.pairwise(points):
            self.segments.append((a[0], a[1], b[0], b[1]))
        self.subpath = []
        self.closed = self.curved = False

    def finish(self, fill: bool) -> tuple[list[Segment], list[Box]]:
        """The path's pieces, once painted; a fill closes its open subpaths (§8.5.3.1)."""
        if fill and len(self.subpath) > 2 and self.start is not None and self.subpath[-1] != self.start:
            self.subpath.append(self.start)
            self.closed = True
        self._end_subpath()
        segments, rects = self.segments, self.rects
        self.segments = []
        self.rects = []
        self.current = self.start = None
        return segments, rects


def axis_box(corners: tuple[Point, Point, Point, Point]) -> Box | None:
    """The box of four corners that go round an axis-aligned rectangle, else None."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
    tol = AXIS_TOLERANCE
    along_x = abs(ay - by) <= tol and abs(bx - cx) <= tol and abs(cy - dy) <= tol and abs(dx - ax) <= tol
    along_y = abs(ax - bx) <= tol and abs(by - cy) <= tol and abs(cx - dx) <= tol and abs(dy - ay) <= tol
    if not (along_x or along_y):
        return None
    return Box(min(ax, bx, cx, dx), min(ay, by, cy, dy), max(ax, bx, cx, dx), max(ay, by, cy, dy))


# Colour spaces by the number of device components a colour in them has (§8.6.4, §8.6.5.5):
# the device families, and ICC-based spaces by /N. Others (Lab, Indexed, Separation,
# DeviceN, Pattern) give 0: their colours are not read, and count as visible.
DEVICE_SPACES: Final = {"DeviceGray": 1, "CalGray": 1, "DeviceRGB": 3, "CalRGB": 3, "DeviceCMYK": 4}


def space_components(name: str, resources: Any) -> int:
    """How many components the colour space `name` (cs/CS operand) has, 0 when not a device space."""
    if name in DEVICE_SPACES:
        return DEVICE_SPACES[name]
    try:
        spaces = resources.get("/ColorSpace") if resources is not None else None
        space = spaces.get("/" + name) if isinstance(spaces, DICTIONARY) else None
        if isinstance(space, NAME):
            return DEVICE_SPACES.get(name_of(space), 0)
        if isinstance(space, ARRAY) and len(space) >= 1:
            family = name_of(space[0])
            if family in DEVICE_SPACES:
                return DEVICE_SPACES[family]
            if family == "ICCBased" and len(space) >= 2 and isinstance(space[1], STREAM):
                n = space[1].get("/N")
                return int(n) if isinstance(n, int) and int(n) in (1, 3, 4) else 0
    except OBJECT_ERRORS:
        return 0
    return 0


def initial_color(components: int) -> RGB | None:
    """The colour a cs/CS sets (§8.6.8): black in a device space, unknown otherwise."""
    return (0.0, 0.0, 0.0) if components in (1, 3, 4) else None


class Outline:
    """The current path for the visibility reading (§8.5.2): closed-up polygons in user space,
    curves cut into CURVE_PIECES lines."""

    __slots__ = ("current", "polygons", "start", "subpath")

    def __init__(self) -> None:
        self.polygons: list[list[Point]] = []
        self.subpath: list[Point] = []
        self.current: Point | None = None
        self.start: Point | None = None

    def move_to(self, point: Point) -> None:
        self._end()
        self.subpath = [point]
        self.current = self.start = point

    def line_to(self, point: Point) -> None:
        if self.current is None:
            self.move_to(point)
            return
        self.subpath.append(point)
        self.current = point

    def curve_to(self, c1: Point, c2: Point, end: Point) -> None:
        """A cubic Bézier from the current point (§8.5.2.2), as straight pieces."""
        p0 = self.current
        if p0 is None:
            self.move_to(end)
            return
        for step in range(1, CURVE_PIECES + 1):
            t = step / CURVE_PIECES
            u = 1 - t
            a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
            self.subpath.append(
                (
                    a * p0[0] + b * c1[0] + c * c2[0] + d * end[0],
                    a * p0[1] + b * c1[1] + c * c2[1] + d * end[1],
                )
            )
        self.current = end

    def close(self) -> None:
        if self.start is not None and self.subpath:
            self.subpath.append(self.start)
            self._end()
            self.subpath = [self.start]
            self.current = self.start

    def rectangle(self, corners: list[Point]) -> None:
        self._end()
        self.polygons.append([*corners, corners[0]])
        self.subpath = [corners[0]]
        self.current = self.start = corners[0]

    def _end(self) -> None:
        if len(self.subpath) >= 2:
            self.polygons.append(self.subpath)
        self.subpath = []

    def finish(self, fill: bool) -> list[list[Point]]:
        """The path's polygons, each closed as a fill closes it (§8.5.3.1) when `fill`, else as
        drawn (a stroke does not close); the path is reset."""
        self._end()
        polygons = [p if not fill or p[0] == p[-1] else [*p, p[0]] for p in self.polygons if len(p) >= 2]
        self.polygons = []
        self.current = self.start = None
        return polygons
