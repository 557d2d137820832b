"""Fake-bold copies (prepare.drop_duplicates): the search through the runs' boxes drops exactly
the glyphs that a plain scan of the window drops, on generated pages of every kind of copy."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from pagetext.content.glyph import Glyph, GlyphRun, glyph_from_points
from pagetext.layout.params import LayoutParams
from pagetext.layout.prepare import drop_duplicates

_RUN = GlyphRun("F1", 10.0, 0, None, 0, (), 0.0, None, "", "", False, "", (), 0, b"", None, 0.0, 0.0, 100.0)


def _scan_window(glyphs: list[Glyph], params: LayoutParams) -> list[Glyph]:
    """drop_duplicates as it was before the runs: every glyph that does not continue the pen
    compared with each kept glyph of the window in turn."""
    kept: list[Glyph] = []
    dropped = [False] * len(glyphs)
    pen_x = pen_y = math.nan
    for index, glyph in enumerate(glyphs):
        x, y = glyph.baseline_start
        limit = params.duplicate_tolerance * glyph.box_height or 1e-6
        if not (-limit <= x - pen_x <= limit and -limit <= y - pen_y <= limit):
            oldest = max(index - params.duplicate_window, 0)
            for offset, other in enumerate(glyphs[oldest:index]):
                seen_x, seen_y = other.baseline_start
                if (
                    -limit <= x - seen_x <= limit
                    and -limit <= y - seen_y <= limit
                    and other.text == glyph.text
                    and not dropped[oldest + offset]
                ):
                    dropped[index] = True
                    break
            if dropped[index]:
                continue
        kept.append(glyph)
        pen_x, pen_y = glyph.baseline_end
    return kept


def _glyph(
    text: str, x: float, y: float, advance: float, direction: tuple[float, float], height: float
) -> Glyph:
    ux, uy = direction
    end = (x + advance * ux, y + advance * uy)
    top = (-height * uy, height * ux)
    quad = ((x, y), end, (end[0] + top[0], end[1] + top[1]), (x + top[0], y + top[1]))
    mode = 1 if direction == (0.0, -1.0) else 0
    return glyph_from_points(text, 0, quad, (x, y), end, end, direction, height, mode, text, _RUN)


_DIRECTIONS = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]


def _line(rng: random.Random, x: float, y: float, height: float) -> list[Glyph]:
    """A string drawn along a direction, kerned (a TJ's numbers) here and there."""
    angle = rng.uniform(0, 2 * math.pi)
    direction = rng.choice([*_DIRECTIONS, (math.cos(angle), math.sin(angle))])
    glyphs = []
    for _ in range(rng.randint(1, 30)):
        advance = rng.choice([0.5, 0.6, 0.25, 0.333]) * height
        glyphs.append(_glyph(rng.choice("aab. "), x, y, advance, direction, height))
        kern = rng.choice([0.0, 0.0, 0.0, rng.uniform(-0.3, 0.3), 0.1]) * height
        x += (advance + kern) * direction[0]
        y += (advance + kern) * direction[1]
    return glyphs


def _offset(rng: random.Random, limit: float) -> float:
    """An offset for a copy: within the limit, just at it or just past it, or far."""
    edge = rng.choice([limit, -limit, math.nextafter(limit, 0), math.nextafter(limit, math.inf)])
    return rng.choice([0.0, rng.uniform(-limit, limit), edge, rng.uniform(-3 * limit, 3 * limit)])


def _copy(glyph: Glyph, dx: float, dy: float) -> Glyph:
    (x, y), (ex, ey) = glyph.baseline_start, glyph.baseline_end
    return _glyph(glyph.text, x + dx, y + dy, math.hypot(ex - x, ey - y), glyph.direction, glyph.box_height)


def _page(rng: random.Random, tolerance: float) -> list[Glyph]:
    """Lines, some drawn again: a second pass over the line, glyph by glyph, part of it after
    a jump back, or the same text far away; now and then a damaged coordinate."""
    glyphs: list[Glyph] = []
    for _ in range(rng.randint(1, 12)):
        height = rng.choice([10.0, 12.0, 7.3, 0.0, 1e-7, math.inf, rng.uniform(1, 30)])
        x = rng.choice([100.0, 0.1, -50.0, rng.uniform(0, 600)])
        y = rng.choice([700.0, 700.3, rng.uniform(0, 800)])
        line = _line(rng, x, y, height)
        limit = tolerance * height or 1e-6
        kind = rng.randrange(6)
        if kind == 0:  # a second pass over the whole line
            dx, dy = _offset(rng, limit), _offset(rng, limit)
            glyphs += line + [_copy(glyph, dx, dy) for glyph in line]
        elif kind == 1:  # glyph by glyph, each drawn again at once
            for glyph in line:
                glyphs += [glyph, _copy(glyph, _offset(rng, limit), _offset(rng, limit))]
        elif kind == 2:  # a jump back over a piece of the line
            cut = rng.randrange(len(line))
            dx, dy = _offset(rng, limit), _offset(rng, limit)
            glyphs += line + [_copy(glyph, dx, dy) for glyph in line[cut:]]
        elif kind == 3:  # a copy drawn much later, after other lines
            glyphs += line
            glyphs += _line(rng, x + 5, y - 40, height)
            glyphs += [_copy(glyph, _offset(rng, limit), 0.0) for glyph in line]
        elif kind == 4:  # a damaged coordinate
            broken = rng.randrange(len(line))
            value = rng.choice([math.nan, math.inf, -math.inf, 1e308])
            glyph = line[broken]
            line[broken] = _glyph(
                glyph.text, value, glyph.baseline_start[1], 1.0, glyph.direction, glyph.box_height
            )
            glyphs += line + [_copy(glyph, 0.0, 0.0) for glyph in line]
        else:
            glyphs += line
    return glyphs


@pytest.mark.parametrize("seed", range(8))
def test_runs_drop_the_same_glyphs_as_a_scan_of_the_window(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        window = rng.choice([1, 2, 3, 7, 64, 65, 200])
        tolerance = rng.choice([0.1, 0.1, 0.5, 1e-3])
        params = LayoutParams(duplicate_window=window, duplicate_tolerance=tolerance)
        glyphs = _page(rng, tolerance)
        expected = _scan_window(glyphs, params)
        assert [id(glyph) for glyph in drop_duplicates(glyphs, params)] == [id(glyph) for glyph in expected]


def test_generated_pages_hold_copies_of_every_kind() -> None:
    # The comparison above means something: the pages drop copies, and keep near misses.
    rng = random.Random(0)
    dropped = kept_near = 0
    for _ in range(60):
        glyphs = _page(rng, 0.1)
        dropped += len(glyphs) - len(_scan_window(glyphs, LayoutParams()))
        kept_near += sum(1 for a, b in itertools.pairwise(glyphs) if a.text == b.text)
    assert dropped > 500 and kept_near > dropped


def test_a_copy_at_the_limit_is_dropped_and_one_just_past_it_is_kept() -> None:
    # Box height 10, tolerance 0.1: the limit is 1.0 on each axis.
    line = [_glyph(text, 100.0 + 6 * i, 700.0, 6.0, (1.0, 0.0), 10.0) for i, text in enumerate("ab")]
    at_limit = [_copy(glyph, 1.0, -1.0) for glyph in line]
    past = [_copy(glyph, 1.000001, 0.0) for glyph in line]
    assert drop_duplicates(line + at_limit, LayoutParams()) == line
    assert drop_duplicates(line + past, LayoutParams()) == line + past


def test_a_run_reaching_infinity_is_still_searched() -> None:
    # An infinite box height makes the limit infinite: the copy at -inf lies within it of the
    # "a" at 5, but its distance to the run's low end, -inf - -inf, is NaN.
    def glyph(text: str, x: float, end: float) -> Glyph:
        quad = ((x, 0.0), (end, 0.0), (end, 1.0), (x, 1.0))
        return glyph_from_points(
            text, 0, quad, (x, 0.0), (end, 0.0), (end, 0.0), (1.0, 0.0), math.inf, 0, text, _RUN
        )

    glyphs = [glyph("b", -math.inf, 5.0), glyph("a", 5.0, -math.inf), glyph("a", -math.inf, 0.0)]
    assert _scan_window(glyphs, LayoutParams()) == glyphs[:2]
    assert drop_duplicates(glyphs, LayoutParams()) == glyphs[:2]
