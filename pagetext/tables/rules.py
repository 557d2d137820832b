"""Ruling lines: the horizontal and vertical strokes and thin fills a page paints (§8.5).

Everything here is in the table frame: page user space turned so that the table's text runs
left to right (Frame), so a rotated page or table is read like an upright one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pagetext.content.paths import RGB, PathRecord
from pagetext.geometry import Box, Point
from pagetext.layout.rows import uncovered

# A colour this light on every component is white: invisible on a white page.
WHITE_LEVEL: Final = 0.97
# A stroke this close to axis-parallel (rise over run) is a rule; drawn rules are exact.
AXIS_SLOPE: Final = 0.02
# A filled rectangle this thin (points) is drawn as a rule, as many producers draw them.
MAX_RULE_THICKNESS: Final = 2.5
# Rules closer than this across (points) are one rule: double strokes and a fill's two edges.
SNAP: Final = 2.0
# Pieces of one rule with a gap along smaller than this (points) join: dashed or pieced rules.
JOIN_GAP: Final = 2.0
# Shorter rules (points) are marks (bullets, underlined glyphs' pieces), not rules.
MIN_RULE_LENGTH: Final = 4.0
# Fills of one colour this close (points) show no edge between them: a producer that paints
# a cell's background in pieces, or abutting cells of one colour, draws one area.
FILL_SEAM: Final = 0.5
# Fills are looked up by the squares of this side (points) they touch.
FILL_BUCKET: Final = 32.0

Segment = tuple[float, float, float, float]  # x0, y0, x1, y1 in user space


@dataclass(slots=True)
class Rule:
    """A ruling line in the frame: horizontal (at y = position, from start to end in x) or
    vertical (at x = position, start/end in y). soft: an edge of a filled area, not a drawn
    line (cells of one fill show no edge between them)."""

    horizontal: bool
    position: float
    start: float
    end: float
    soft: bool = False


class Frame:
    """User space turned so that text with direction (ux, uy) runs along +x: a rotation."""

    __slots__ = ("ux", "uy")

    def __init__(self, direction: Point) -> None:
        self.ux, self.uy = direction

    def point(self, x: float, y: float) -> Point:
        return (x * self.ux + y * self.uy, -x * self.uy + y * self.ux)

    def box(self, box: Box) -> Box:
        """A user-space box in the frame (the rotations used are quarter turns: exact)."""
        ax, ay = self.point(box.x0, box.y0)
        bx, by = self.point(box.x1, box.y1)
        return Box.from_corners(ax, ay, bx, by)

    def to_user(self, box: Box) -> Box:
        """A frame box back in user space."""
        ux, uy = self.ux, self.uy
        ax, ay = box.x0 * ux - box.y0 * uy, box.x0 * uy + box.y0 * ux
        bx, by = box.x1 * ux - box.y1 * uy, box.x1 * uy + box.y1 * ux
        return Box.from_corners(ax, ay, bx, by)


def _visible(color: RGB | None) -> bool:
    # Unknown colour spaces count as visible: what they paint cannot be told from here.
    return color is None or min(color) < WHITE_LEVEL


def page_rules(paths: list[PathRecord], visible: Box, frame: Frame) -> list[Rule]:
    """The visible rules the paths paint inside the visible box, merged, in the frame."""
    pieces: list[Rule] = []
    fills: list[tuple[Box, RGB | None]] = []
    seams: list[Segment] = []
    for path in paths:
        stroked = path.stroke and _visible(path.stroke_color)
        filled = path.fill and _visible(path.fill_color)
        if not (stroked or filled):
            if path.stroke or path.fill:
                seams.extend(_white_lines(path))
            continue
        if stroked:
            for x0, y0, x1, y1 in path.segments:
                _add_segment(pieces, visible, frame, x0, y0, x1, y1)
        for box in path.rects:
            thin = min(box.width, box.height) <= MAX_RULE_THICKNESS
            if filled and thin:
                if (box.width == 0 or box.height == 0) and not stroked:
                    continue  # a fill of no area paints nothing
                if box.width >= box.height:
                    y = (box.y0 + box.y1) / 2
                    _add_segment(pieces, visible, frame, box.x0, y, box.x1, y)
                else:
                    x = (box.x0 + box.x1) / 2
                    _add_segment(pieces, visible, frame, x, box.y0, x, box.y1)
            elif stroked:
                x0, y0, x1, y1 = box
                _add_segment(pieces, visible, frame, x0, y0, x1, y0)
                _add_segment(pieces, visible, frame, x0, y1, x1, y1)
                _add_segment(pieces, visible, frame, x0, y0, x0, y1)
                _add_segment(pieces, visible, frame, x1, y0, x1, y1)
            else:
                fills.append((box, path.fill_color))
    for x0, y0, x1, y1 in fill_edges(fills, seams):
        _add_segment(pieces, visible, frame, x0, y0, x1, y1, True)
    hard = merge_rules([r for r in pieces if not r.soft])
    return hard + merge_rules([r for r in pieces if r.soft])


def _white_lines(path: PathRecord) -> list[Segment]:
    """The lines of a white path: unseen on the page, but they part a fill they cross."""
    lines = list(path.segments) if path.stroke else []
    for x0, y0, x1, y1 in path.rects:
        if min(x1 - x0, y1 - y0) <= MAX_RULE_THICKNESS:
            if x1 - x0 >= y1 - y0:
                lines.append((x0, (y0 + y1) / 2, x1, (y0 + y1) / 2))
            else:
                lines.append(((x0 + x1) / 2, y0, (x0 + x1) / 2, y1))
        elif path.stroke:
            lines += [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)]
    return lines


def fill_edges(fills: list[tuple[Box, RGB | None]], seams: list[Segment]) -> list[Segment]:
    """The edges a viewer shows of filled areas (cell backgrounds): each rectangle's sides,
    less the stretches where the same colour goes on across them (FILL_SEAM), and the white
    lines (seams) drawn across a fill. They divide the page as rules do, but softly: a fill
    painted in pieces shows one area; white lines over one fill show cells."""
    index: dict[tuple[int, int], list[tuple[Box, RGB | None]]] = {}
    for fill in fills:
        for key in _squares(fill[0]):
            index.setdefault(key, []).append(fill)
    edges: list[Segment] = []
    for seam in seams:
        box = Box.from_corners(*seam)
        edges += _seam_edges(box, [b for b, _ in _near(index, box)])
    for box, color in fills:
        others = [b for b, c in _near(index, box) if c == color and b is not box]
        x0, y0, x1, y1 = box
        for x, outside in ((x0, x0 - FILL_SEAM), (x1, x1 + FILL_SEAM)):
            covered = [(b.y0, b.y1) for b in others if b.x0 <= outside <= b.x1]
            edges.extend((x, a, x, b) for a, b in uncovered(y0, y1, covered))
        for y, outside in ((y0, y0 - FILL_SEAM), (y1, y1 + FILL_SEAM)):
            covered = [(b.x0, b.x1) for b in others if b.y0 <= outside <= b.y1]
            edges.extend((a, y, b, y) for a, b in uncovered(x0, x1, covered))
    return edges


def _seam_edges(seam: Box, fills: list[Box]) -> list[Segment]:
    """The stretches of a white line that lie on fills (within FILL_SEAM across)."""
    along = 0 if seam.width >= seam.height else 1  # the axis the line runs along: x or y
    middle = (seam[1 - along] + seam[3 - along]) / 2
    edges: list[Segment] = []
    for fill in fills:
        if fill[1 - along] - FILL_SEAM <= middle <= fill[3 - along] + FILL_SEAM:
            lo, hi = max(fill[along], seam[along]), min(fill[2 + along], seam[2 + along])
            if hi > lo:
                edges.append((lo, middle, hi, middle) if along == 0 else (middle, lo, middle, hi))
    return edges


def _squares(box: Box) -> list[tuple[int, int]]:
    """The squares of side FILL_BUCKET a box (grown by FILL_SEAM) touches: fills meet only there."""
    i0, i1 = int((box.x0 - FILL_SEAM) // FILL_BUCKET), int((box.x1 + FILL_SEAM) // FILL_BUCKET)
    j0, j1 = int((box.y0 - FILL_SEAM) // FILL_BUCKET), int((box.y1 + FILL_SEAM) // FILL_BUCKET)
    return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]


def _near(
    index: dict[tuple[int, int], list[tuple[Box, RGB | None]]], box: Box
) -> list[tuple[Box, RGB | None]]:
    """The fills in the squares the box touches, each once."""
    return list({id(f[0]): f for key in _squares(box) for f in index.get(key, ())}.values())


def _add_segment(
    pieces: list[Rule],
    visible: Box,
    frame: Frame,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    soft: bool = False,
) -> None:
    # Clipped to the visible box first: a viewer shows nothing outside it (§14.11.2).
    if abs(y1 - y0) <= AXIS_SLOPE * abs(x1 - x0):
        y = (y0 + y1) / 2
        if not visible.y0 <= y <= visible.y1:
            return
        lo, hi = max(min(x0, x1), visible.x0), min(max(x0, x1), visible.x1)
        if hi - lo < MIN_RULE_LENGTH:
            return
        a, b = frame.point(lo, y), frame.point(hi, y)
    elif abs(x1 - x0) <= AXIS_SLOPE * abs(y1 - y0):
        x = (x0 + x1) / 2
        if not visible.x0 <= x <= visible.x1:
            return
        lo, hi = max(min(y0, y1), visible.y0), min(max(y0, y1), visible.y1)
        if hi - lo < MIN_RULE_LENGTH:
            return
        a, b = frame.point(x, lo), frame.point(x, hi)
    else:
        return  # slanted: not a rule
    if abs(a[1] - b[1]) < abs(a[0] - b[0]):
        pieces.append(Rule(True, (a[1] + b[1]) / 2, min(a[0], b[0]), max(a[0], b[0]), soft))
    else:
        pieces.append(Rule(False, (a[0] + b[0]) / 2, min(a[1], b[1]), max(a[1], b[1]), soft))


def merge_rules(pieces: list[Rule]) -> list[Rule]:
    """Collinear pieces (within SNAP across, JOIN_GAP along) joined into one rule each."""
    merged: list[Rule] = []
    for horizontal in (True, False):
        group = sorted((r for r in pieces if r.horizontal == horizontal), key=lambda r: r.position)
        bands: list[list[Rule]] = []
        for rule in group:
            if bands and rule.position - bands[-1][-1].position <= SNAP:
                bands[-1].append(rule)
            else:
                bands.append([rule])
        for band in bands:
            position = sum(r.position for r in band) / len(band)
            band.sort(key=lambda r: r.start)
            soft = band[0].soft
            current = Rule(horizontal, position, band[0].start, band[0].end, soft)
            for rule in band[1:]:
                if rule.start <= current.end + JOIN_GAP:
                    current.end = max(current.end, rule.end)
                else:
                    merged.append(current)
                    current = Rule(horizontal, position, rule.start, rule.end, soft)
            merged.append(current)
    return merged


def slanted_marks(paths: list[PathRecord], frame: Frame) -> list[Point]:
    """The midpoints (in the frame) of the visible segments, stroked or outlining a fill,
    that are neither horizontal nor vertical: the lines of a chart, which tables do not draw."""
    marks: list[Point] = []
    for path in paths:
        if not ((path.stroke and _visible(path.stroke_color)) or (path.fill and _visible(path.fill_color))):
            continue
        for x0, y0, x1, y1 in path.segments:
            dx, dy = abs(x1 - x0), abs(y1 - y0)
            if dy > AXIS_SLOPE * dx and dx > AXIS_SLOPE * dy:
                marks.append(frame.point((x0 + x1) / 2, (y0 + y1) / 2))
    return marks
