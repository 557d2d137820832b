"""The areas a visibility reading keeps (pagetext.content.paint): regions, fill rules, strokes, curves."""

from __future__ import annotations

import math

from pagetext.content.paint import (
    GRID_EDGES,
    Region,
    clip_contains,
    in_band,
    parallelogram,
    winding_of,
)
from pagetext.content.paths import Outline


def square(x: float, y: float, size: float, clockwise: bool = False) -> list[tuple[float, float]]:
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
    if clockwise:
        corners.reverse()
    return [*corners, corners[0]]


def test_a_rectangle_contains_its_inside_and_edges_only() -> None:
    region = Region([square(0, 0, 10)], False)
    assert region.rect
    assert region.contains(5, 5) and region.contains(10, 10)
    assert not region.contains(10.5, 5)


def test_nonzero_and_even_odd_differ_on_a_square_inside_a_square() -> None:
    same_way = [square(0, 0, 10), square(3, 3, 4)]
    assert Region(same_way, False).contains(5, 5)  # winding 2: inside
    assert not Region(same_way, True).contains(5, 5)  # two crossings: a hole
    opposite = [square(0, 0, 10), square(3, 3, 4, clockwise=True)]
    assert not Region(opposite, False).contains(5, 5)  # winding 0: a hole either way
    assert Region(opposite, False).contains(1, 1)


def test_a_stroke_paints_a_band_along_its_edges() -> None:
    band = Region([[(0.0, 0.0), (100.0, 0.0)]], False, half_width=2.0)
    assert band.contains(50, 1.5) and band.contains(50, -2)
    assert not band.contains(50, 2.5) and not band.contains(103, 0)


def test_a_circle_of_curves_is_round() -> None:
    outline = Outline()
    k = 0.5523 * 50  # control distance of a quarter circle of radius 50
    outline.move_to((150, 100))
    outline.curve_to((150, 100 + k), (100 + k, 150), (100, 150))
    outline.curve_to((100 - k, 150), (50, 100 + k), (50, 100))
    outline.curve_to((50, 100 - k), (100 - k, 50), (100, 50))
    outline.curve_to((100 + k, 50), (150, 100 - k), (150, 100))
    circle = Region(outline.finish(True), False)
    inside = 100 + 49 / math.sqrt(2)
    outside = 100 + 52 / math.sqrt(2)
    assert circle.contains(inside, inside)
    assert not circle.contains(outside, outside)  # inside the chords' diamond's box, outside the arc


def test_a_fill_closes_open_subpaths_and_a_stroke_does_not() -> None:
    outline = Outline()
    outline.move_to((0, 0))
    outline.line_to((10, 0))
    outline.line_to((10, 10))
    assert outline.finish(True) == [[(0, 0), (10, 0), (10, 10), (0, 0)]]
    outline.move_to((0, 0))
    outline.line_to((10, 0))
    assert outline.finish(False) == [[(0, 0), (10, 0)]]


def test_clips_intersect_and_an_image_lands_on_its_matrix() -> None:
    clip = (Region([square(0, 0, 10)], False), Region([square(5, 5, 10)], False))
    assert clip_contains(clip, 7, 7) and not clip_contains(clip, 2, 2)
    image = parallelogram((0.0, 20.0, -10.0, 0.0, 50.0, 50.0))  # rotated a quarter turn
    assert image.contains(45, 60) and not image.contains(55, 60)


def test_line_caps_end_a_stroke_band() -> None:
    # A short thick dash, as forms draw vertical rules: butt caps end it at its end points.
    dash = [[(42.0, 735.0), (42.5, 735.0)]]
    assert Region(dash, False, half_width=15.0, cap=0).contains(42.2, 745)
    assert not Region(dash, False, half_width=15.0, cap=0).contains(47, 742)
    assert Region(dash, False, half_width=15.0, cap=1).contains(47, 742)  # round: a disc
    assert Region(dash, False, half_width=15.0, cap=2).contains(47, 742)  # square: past the end
    assert not Region([[(5.0, 5.0), (5.0, 5.0)]], False, half_width=3.0, cap=0).contains(5, 5)


def test_a_region_of_many_edges_answers_as_every_edge_walked() -> None:
    # A star of 400 edges and a zigzag stroke of 300: the grid gives what a walk of every edge gives.
    def radius(k: int) -> float:
        return 60.0 if k % 2 else 25.0

    angles = [k * math.pi / 200 for k in range(400)]
    star = [(100 + radius(k) * math.cos(a), 100 + radius(k) * math.sin(a)) for k, a in enumerate(angles)]
    zigzag = [(float(k), 50.0 + (5 if k % 2 else -5)) for k in range(300)]
    for region in (Region([[*star, star[0]]], False), Region([zigzag], False, half_width=1.5)):
        assert len(region.edges) > GRID_EDGES
        inside = 0
        for x in range(0, 300, 7):
            for y in range(30, 170, 3):
                assert region.contains(x, y) == _walk(region, x, y), (x, y)
                inside += region.contains(x, y)
        assert inside > 20


def _walk(region: Region, x: float, y: float) -> bool:
    box = region.box
    if not (box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1):
        return False
    if region.half_width > 0:
        return in_band(region.edges, x, y, region.half_width, region.cap)
    turns, crossings = winding_of(region.edges, x, y)
    return crossings % 2 == 1 if region.even_odd else turns != 0
