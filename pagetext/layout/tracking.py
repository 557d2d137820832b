"""Letter spacing told gap by gap: the tracking of a letter gap's neighbourhood on its line
(SPEC §3.1; LayoutParams.tracking_*). Assembly asks it for a word gap of a line whose letter
gaps may be letter-spaced (gaps.LetterGaps.spaced)."""

from __future__ import annotations

import math

from pagetext.layout.params import LayoutParams


class TrackedGaps:
    """A line's letter gaps in order, for the tracking of the neighbourhood of each (see
    `tracking`): `ratios` (× height), `letters` (whether each lies between two letters),
    `heights` (the box height of the glyph after each, NaN for a pair of two sizes) and
    `gaps` (as measured). The thresholds are read once per line: compiled, each
    LayoutParams attribute read is a dictionary lookup."""

    __slots__ = (
        "band", "gaps", "heights", "letters", "max_tracking", "min_gaps", "narrower", "ratios",
        "reach", "size", "unordered", "word_gap",
    )  # fmt: skip

    def __init__(self, params: LayoutParams) -> None:
        self.ratios: list[float] = []
        self.letters: list[bool] = []
        self.heights: list[float] = []
        self.gaps: list[float] = []
        self.unordered = False  # a NaN ratio: sorted() orders by position, not by value
        self.size = params.tracking_size
        self.reach = params.tracking_window
        self.min_gaps = params.tracking_min_gaps
        self.word_gap = params.word_gap
        self.max_tracking = params.max_tracking
        self.band = params.tracking_band
        self.narrower = params.tracking_narrower

    def add(self, gap: float, height: float, letters: bool, same_size: bool) -> None:
        ratio = gap / height
        if ratio != ratio:
            self.unordered = True
        self.ratios.append(ratio)
        self.letters.append(letters)
        # A pair of glyphs of two sizes belongs to no tracked run (NaN matches nothing).
        self.heights.append(height if same_size else math.nan)
        self.gaps.append(gap)

    def tracking(self, index: int) -> float:
        """The tracking of letter-spaced text around the letter gap at `index`, or 0.0.

        The evidence is the neighbourhood's own: up to tracking_window gaps either side between
        glyphs of the same size (tracking belongs to a run of one font size; a word set larger
        beside it is tracked apart); their median exceeds word_gap, at least tracking_min_gaps
        of them lie within tracking_band of it, few are narrower (letter-spaced text has no
        touching letters; prose with evenly justified short words has), and most of those at
        the median separate letters (ashow, CSS letter-spacing), not digits, operators or dots.
        """
        heights = self.heights
        height = heights[index]
        if height != height:  # two sizes: no run of one size to be tracked
            return 0.0
        tolerance = self.size * height
        reach = self.reach
        count = len(heights)
        # Mostly the whole neighbourhood is of one size: the window is a slice of the gaps.
        low = index
        while low > 0 and index - low < reach and abs(heights[low - 1] - height) <= tolerance:
            low -= 1
        high = index + 1
        while high < count and high - index <= reach and abs(heights[high] - height) <= tolerance:
            high += 1
        whole = (low == 0 or index - low == reach) and (high == count or high - index > reach)
        if not whole or self.unordered:
            return self._scattered(index, height, tolerance)
        size = high - low
        if size < self.min_gaps:
            return 0.0
        ratios = self.ratios
        # The median exceeds word_gap only if at most half of the gaps (len // 2) do not: most
        # word gaps of a line that is not letter-spaced are told without a sort.
        word_gap = self.word_gap
        narrow = 0
        for k in range(low, high):
            if ratios[k] <= word_gap:
                narrow += 1
        if narrow > size // 2:
            return 0.0
        values = sorted(ratios[low:high])
        return self._verdict(values[size // 2], list(range(low, high)))

    def _scattered(self, index: int, height: float, tolerance: float) -> float:
        """`tracking` where gaps of another size lie between those of the window."""
        heights = self.heights
        ratios = self.ratios
        word_gap = self.word_gap
        window = [index]
        narrow = 1 if ratios[index] <= word_gap else 0  # gaps of the window at most word_gap
        k = index - 1
        taken = 0
        while k >= 0 and taken < self.reach:
            if abs(heights[k] - height) <= tolerance:
                window.append(k)
                if ratios[k] <= word_gap:
                    narrow += 1
                taken += 1
            k -= 1
        k = index + 1
        taken = 0
        while k < len(heights) and taken < self.reach:
            if abs(heights[k] - height) <= tolerance:
                window.append(k)
                if ratios[k] <= word_gap:
                    narrow += 1
                taken += 1
            k += 1
        if len(window) < self.min_gaps:
            return 0.0
        # As in `tracking`: the median exceeds word_gap only if at most half of the gaps do
        # not, told without the sort; with a NaN among the ratios the sort's order is not by
        # value, and only the sort tells the median it picks.
        if narrow > len(window) // 2 and not self.unordered:
            return 0.0
        values = sorted([ratios[k] for k in window])
        return self._verdict(values[len(values) // 2], window)

    def _verdict(self, median: float, window: list[int]) -> float:
        if not self.word_gap < median <= self.max_tracking:
            return 0.0
        band = self.band
        ratios = self.ratios
        letters = self.letters
        at_tracking = between_letters = narrower = 0
        for k in window:
            ratio = ratios[k]
            if abs(ratio - median) <= band:
                at_tracking += 1
                if letters[k]:
                    between_letters += 1
            elif ratio < median:
                narrower += 1
        if at_tracking < self.min_gaps or narrower > self.narrower * len(window):
            return 0.0
        return median if 2 * between_letters > at_tracking else 0.0
