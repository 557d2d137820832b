"""A line's typography and place: what paragraphs, headings and lists are told apart by.

    line_style(line, styles) -> LineStyle

Sizes are the sizes text is set in, measured from the glyph boxes (box height / the font's
ascent-descent extent): producers that write `1 Tf` and scale with the text matrix give every
line font_size 1. Positions are along and across the line's own direction, so vertical
writing is measured the same way as horizontal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pagetext.fonts.style import PLAIN, FontStyle
from pagetext.layout.records import Line, words_extent
from pagetext.layout.scripts import has_rtl, is_unspaced


@dataclass(slots=True)
class LineStyle:
    """size: the text size most of the line's letters are set in; bold, italic: of most of
    its letters; all_bold, monospaced: every letter bold, or in a typewriter font (CJK
    fonts set every ideograph one em wide: their words never count as typewriter); upright:
    along a page axis (no diagonal watermark); start, end: where it starts and ends along
    its direction (mirrored for a right-to-left line, which starts at its right end); low,
    high: its box across it; baseline: the median glyph origin across it (superscripts and
    drop-outs do not move it)."""

    line: Line
    text: str
    size: float
    bold: bool
    all_bold: bool
    italic: bool
    monospaced: bool
    upright: bool
    start: float
    end: float
    low: float
    high: float
    baseline: float

    @property
    def height(self) -> float:
        return max(self.high - self.low, 1e-6)


def _mostly_rtl(text: str) -> bool:
    letters = [char for char in text if char.isalpha()]
    return 2 * sum(1 for char in letters if has_rtl(char)) > len(letters)


def line_style(line: Line, styles: Mapping[str, FontStyle]) -> LineStyle:
    by_size: Counter[float] = Counter()
    bold = italic = mono = letters = 0
    ux, uy = line.direction
    origins: list[float] = []
    for word in line.words:
        style = styles.get(word.font_name, PLAIN)
        count = sum(1 for char in word.text if not char.isspace())
        letters += count
        bold += count if style.bold else 0
        italic += count if style.italic else 0
        mono += count if style.monospaced and not is_unspaced(word.text[:1]) else 0
        for glyph in word.glyphs:
            x, y = glyph.baseline_start
            origins.append(y * ux - x * uy)
        if word.glyphs:
            first = word.glyphs[0]
            by_size[round(first.box_height / (style.extent if first.writing_mode == 0 else 1.0), 1)] += count
    size = by_size.most_common(1)[0][0] if by_size else line.font_size
    start, end, low, high = words_extent(line.words, ux, uy)
    if line.rtl and _mostly_rtl(line.text):  # a right-to-left line starts at its right end
        start, end = -end, -start
    origins.sort()
    baseline = origins[len(origins) // 2] if origins else low
    upright = abs(ux) > 0.99 or abs(uy) > 0.99
    return LineStyle(
        line, line.text.strip(), size, bold * 2 > letters, bold == letters > 0, italic * 2 > letters,
        mono == letters > 0, upright, start, end, low, high, baseline,
    )  # fmt: skip
