"""Headings and their levels from the document's own typography.

    stats = HeadingStats(); stats.add(lines, styles) for every page; stats.finish()
    stats.heading_level(paragraph) -> 0 (body text) or 1..6

The body size is the size most of the document's characters are set in. A short paragraph
of one to three lines is a heading when it is set clearly larger than the body; or somewhat
larger and bold or numbered ("3.1.2"); or at body size, bold and numbered; or bold, alone
and of a few words without a full stop ("Abstract"). Levels: the distinct heading sizes of
the document, largest first (level 1), then the body-size bold headings; a section number
deeper than the shallowest one at its size goes down a level per step ("2.1" under "2").
All thresholds are relative to the body size, never points.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from pagetext.fonts.style import FontStyle
from pagetext.layout.line_style import LineStyle, line_style
from pagetext.layout.paragraphs import Paragraph
from pagetext.layout.records import Line

# A line this much larger than the body is a heading whatever its weight: LaTeX's \section is
# 1.2-1.44 × the body, HTML h1-h3 1.17-2 ×; an author line at \large (1.2 ×) must stay body
# text, hence "clearly" larger for plain weight...
CLEARLY_LARGER: Final = 1.3
# ... and somewhat larger when bold, italic or numbered (ps2pdf/reportlab sections: 1.1 ×
# bold; a third level often 1.1 × italic).
LARGER: Final = 1.07
# Sizes within this share of each other are one size (rounding, different fonts' extents).
SAME_SIZE: Final = 0.05
# A body-size heading must be bold and numbered ("2.3 Title", groff .NH), or italic with a
# subsection number ("2.1 Title"; "4 CONSEQUENCES" in italics is a running head), or bold
# and alone:
BODY_SIZE: Final = 0.95  # ... at least this × the body (a bold footnote line is no heading)
STANDALONE_SIZE: Final = 0.85  # "Abstract" in LaTeX is bold at \small
MAX_STANDALONE_WORDS: Final = 6
# A plain weight somewhat larger than the body is a heading size when short lines in it
# stand apart this many times (an author line at \large stands once).
MIN_RUNS: Final = 2
# Italic at body size takes more: italic words stand alone now and then (a date, a motto).
MIN_ITALIC_RUNS: Final = 3
# Headings are short: longer lines, or more lines in one heading, are body text.
MAX_HEADING_CHARS: Final = 120
MAX_HEADING_WORDS: Final = 16
MAX_HEADING_LINES: Final = 3
MAX_LEVEL: Final = 6
# Words further apart than this × the line height are table cells, not words of a title.
CELL_GAP: Final = 1.5

_NUMBERED: Final = re.compile(r"^(?:\d{1,3}(?:\.\d{1,3})*\.?|[A-Z](?:\.\d{1,3})+\.?)\s+(?=\S)")
_SENTENCE_END: Final = re.compile(r"[.!?;。．！？」』)]$")
_WORD: Final = re.compile(r"[^\W\d_]{2,}")  # two letters in a row
FURNITURE: Final = ("header", "footer", "artifact")


def numbered_depth(text: str) -> int:
    """How deep a numbered title's number is ("2" and "2." are 1, "2.3.1" 3, "A.1" 2); 0
    when the text does not start with a section number."""
    match = _NUMBERED.match(text)
    if not match:
        return 0
    return match.group().strip().rstrip(".").count(".") + 1


def _tabular(style: LineStyle) -> bool:
    """A gap between words wider than CELL_GAP × the line height: a table row."""
    words = style.line.words
    return style.line.direction[0] > 0.99 and any(
        b.bounds[0] - a.bounds[2] > CELL_GAP * style.height for a, b in itertools.pairwise(words)
    )


def _short(style: LineStyle) -> bool:
    """Short, upright, and with a word: a figure's labels and a formula's letters ("x1",
    "U ⊆ R") are no heading, however bold."""
    return (
        style.upright
        and 0 < len(style.text) <= MAX_HEADING_CHARS
        and len(style.text.split()) <= MAX_HEADING_WORDS
        and _WORD.search(style.text) is not None
    )


@dataclass
class HeadingStats:
    """What a first pass over the document counts: characters per size and heading
    candidates (short lines by size, weight and numbering depth)."""

    size_chars: Counter[float] = field(default_factory=Counter)
    candidates: Counter[tuple[float, bool, int]] = field(default_factory=Counter)  # emphasized
    body: float = 0.0
    levels: list[float] = field(default_factory=list)  # heading sizes, largest first
    min_depth: dict[int, int] = field(default_factory=dict)  # size level -> shallowest number
    numbered_sizes: list[float] = field(default_factory=list)  # sizes of numbered headings
    # Separate runs of short lines without a full stop, by (size, bold, italic): a style
    # the document sets its labels in again and again, apart from each other.
    runs: Counter[tuple[float, bool, bool]] = field(default_factory=Counter)

    def add(self, lines: Sequence[Line], styles: Mapping[str, FontStyle]) -> None:
        previous: tuple[float, bool, bool] | None = None
        for line in lines:
            if line.role in FURNITURE:
                continue
            style = line_style(line, styles)
            self.size_chars[style.size] += sum(1 for char in style.text if not char.isspace())
            key = (style.size, style.bold, style.italic)
            if _short(style):
                emphasized = style.bold or style.italic
                self.candidates[(style.size, emphasized, numbered_depth(style.text))] += 1
                if key != previous and not _SENTENCE_END.search(style.text):
                    self.runs[key] += 1
            previous = key

    def finish(self) -> None:
        """The body size, and the distinct heading sizes (levels) of the document."""
        if self.size_chars:
            self.body = max(self.size_chars.items(), key=lambda item: (item[1], -item[0]))[0]
        sizes = sorted(
            {size for size, bold, depth in self.candidates if self._larger(size, bold, depth)}, reverse=True
        )
        self.levels = []
        for size in sizes:
            if not self.levels or size < self.levels[-1] * (1 - SAME_SIZE):
                self.levels.append(size)
        for size, bold, depth in self.candidates:
            if depth and (self._larger(size, bold, depth) or (bold and size >= BODY_SIZE * self.body)):
                level = self._size_level(size)
                if self._larger(size, bold, depth):
                    self.numbered_sizes.append(size)
                self.min_depth[level] = min(self.min_depth.get(level, depth), depth)

    def _larger(self, size: float, bold: bool, depth: int) -> bool:
        if self.body <= 0:
            return False
        ratio = size / self.body
        recurring = self.runs[(size, False, False)] >= MIN_RUNS
        return ratio >= CLEARLY_LARGER or (ratio >= LARGER and (bold or depth > 0 or recurring))

    def _size_level(self, size: float) -> int:
        for index, level_size in enumerate(self.levels):
            if size >= level_size * (1 - SAME_SIZE):
                return index + 1
        return len(self.levels) + 1

    def _unnumbered_at_level(self, size: float, depth: int, text: str) -> bool:
        """A short line set in a heading size the document's numbered headings use ("1 Scope"
        at 1.2 × in regular weight), without number or full stop: "References"."""
        return (
            not depth
            and size >= LARGER * self.body
            and any(abs(size - level) <= SAME_SIZE * level for level in self.numbered_sizes)
            and len(text.split()) <= MAX_STANDALONE_WORDS
            and not _SENTENCE_END.search(text)
        )

    def _italic_label(self, styles: Sequence[LineStyle], text: str) -> bool:
        """Italic at body size, alone, a few words without a full stop, in a style the
        document uses for such lines again and again: a run-in level of headings."""
        first = styles[0]
        return (
            all(style.italic for style in styles)
            and first.size >= BODY_SIZE * self.body
            and len(text.split()) <= MAX_STANDALONE_WORDS
            and not _SENTENCE_END.search(text)
            and self.runs[(first.size, first.bold, True)] >= MIN_ITALIC_RUNS
        )

    def heading_level(self, paragraph: Paragraph) -> int:
        """The heading level of a paragraph (1 = "#"), 0 for body text."""
        styles = paragraph.lines
        first = styles[0]
        if (
            self.body <= 0
            or paragraph.kind == "code"
            or len(styles) > MAX_HEADING_LINES
            or first.line.role in FURNITURE
            or not all(_short(style) for style in styles)
        ):
            return 0
        text = " ".join(style.text for style in styles)
        if len(text) > MAX_HEADING_CHARS or all(char.isdigit() or char in ". " for char in text):
            return 0
        depth = numbered_depth(text)
        bold = all(style.bold for style in styles)
        emphasized = bold or all(style.italic for style in styles)
        if self._larger(first.size, emphasized, depth) or self._unnumbered_at_level(first.size, depth, text):
            level = self._size_level(first.size)
        elif (
            ((bold or (emphasized and depth > 1)) and depth and first.size >= BODY_SIZE * self.body)
            or (
                bold
                and not any(_tabular(style) for style in styles)
                and first.size >= STANDALONE_SIZE * self.body
                and len(text.split()) <= MAX_STANDALONE_WORDS
                and not _SENTENCE_END.search(text)
            )
            or self._italic_label(styles, text)
        ):
            level = len(self.levels) + 1
        else:
            return 0
        if depth:
            level += max(0, depth - self.min_depth.get(level, depth))
        return min(level, MAX_LEVEL)
