"""The tracking of a letter gap's neighbourhood (tracking.TrackedGaps): the window taken as a
slice where its gaps are all of one size answers exactly as the gap-by-gap search did, on
generated lines of every mix of sizes, spacings and damaged measures."""

from __future__ import annotations

import math
import random

import pytest

from pagetext.layout.params import LayoutParams
from pagetext.layout.tracking import TrackedGaps


def _searched(
    ratios: list[float], letters: list[bool], heights: list[float], index: int, params: LayoutParams
) -> float:
    """The tracking as it was found before the slices: the window gathered gap by gap."""
    height = heights[index]
    if height != height:
        return 0.0
    tolerance = params.tracking_size * height
    window = [index]
    for step in (-1, 1):
        k = index + step
        taken = 0
        while 0 <= k < len(ratios) and taken < params.tracking_window:
            if abs(heights[k] - height) <= tolerance:
                window.append(k)
                taken += 1
            k += step
    if len(window) < params.tracking_min_gaps:
        return 0.0
    values = sorted([ratios[k] for k in window])
    median = values[len(values) // 2]
    if not params.word_gap < median <= params.max_tracking:
        return 0.0
    at_tracking = between_letters = narrower = 0
    for k in window:
        ratio = ratios[k]
        if abs(ratio - median) <= params.tracking_band:
            at_tracking += 1
            if letters[k]:
                between_letters += 1
        elif ratio < median:
            narrower += 1
    if at_tracking < params.tracking_min_gaps or narrower > params.tracking_narrower * len(window):
        return 0.0
    return median if 2 * between_letters > at_tracking else 0.0


def _line(rng: random.Random) -> list[tuple[float, float, bool, bool]]:
    """A line's letter gaps (gap, height, between letters, same size as the glyph before):
    tracked, touching or mixed, mostly of one size, now and then another size or a damaged
    measure."""
    tracking = rng.choice([0.2, 0.3, 0.45, 0.6])
    base = rng.choice([10.0, 7.5, 12.0])
    gaps = []
    for _ in range(rng.randint(1, 40)):
        kind = rng.random()
        ratio = rng.choice(
            [
                tracking,
                tracking,
                tracking + rng.uniform(-0.06, 0.06),
                0.0,
                -0.0,
                0.02,
                0.15,
                0.16,
                0.4,
                0.5,
                1.0,
            ]
        )
        height = base
        if kind < 0.1:
            height = rng.choice([base * 1.01, base * 1.05, base * 2, math.inf])
        elif kind < 0.13:
            ratio = rng.choice([math.inf, -math.inf, math.nan])
        gaps.append((ratio * height, height, rng.random() < 0.8, rng.random() > 0.05))
    return gaps


@pytest.mark.parametrize("seed", range(6))
def test_slices_find_the_tracking_the_search_found(seed: int) -> None:
    rng = random.Random(seed)
    found = 0
    for _ in range(400):
        params = LayoutParams(
            tracking_window=rng.choice([1, 2, 4, 6]), tracking_min_gaps=rng.choice([1, 3, 4, 5])
        )
        gaps = TrackedGaps(params)
        ratios: list[float] = []
        letters: list[bool] = []
        heights: list[float] = []
        for gap, height, between, same_size in _line(rng):
            gaps.add(gap, height, between, same_size)
            ratios.append(gap / height)
            letters.append(between)
            heights.append(height if same_size else math.nan)
        for index in range(len(ratios)):
            expected = _searched(ratios, letters, heights, index, params)
            assert gaps.tracking(index) == expected
            found += expected > 0
    assert found > 300  # the lines are letter-spaced often enough to test the tracking found


def test_a_tracked_run_beside_a_larger_word_keeps_its_own_tracking() -> None:
    # Gaps of 0.3 × height at height 10, then a word set at 20 with touching letters.
    gaps = TrackedGaps(LayoutParams())
    for _ in range(6):
        gaps.add(3.0, 10.0, True, True)
    for _ in range(6):
        gaps.add(0.0, 20.0, True, True)
    assert gaps.tracking(3) == pytest.approx(0.3)
    assert gaps.tracking(5) == pytest.approx(0.3)  # its neighbours to the right are of another size
    assert gaps.tracking(8) == 0.0
