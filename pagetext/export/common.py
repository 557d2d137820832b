"""What the export formats share: viewer coordinates, word tokens, XML-safe text, sizes,
hyphenated line ends, and writing a stream of chunks to a path (atomically) or a stream."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import IO, Final, Union

from pagetext.errors import FileWriteError, UsageError
from pagetext.export.page_view import PageView
from pagetext.geometry import Box
from pagetext.layout.hyphens import SOFT_HYPHEN, Vocabulary, joins
from pagetext.layout.records import Line, Word
from pagetext.pdf.atomic import atomic_open

Target = Union[str, "os.PathLike[str]", IO[bytes]]

# Characters XML 1.0 forbids (§2.2): C0 controls but tab, LF and CR; surrogates; U+FFFE/F.
_XML_FORBIDDEN: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
HYPHENS: Final = ("-", SOFT_HYPHEN)


def xml_safe(text: str) -> str:
    """text without the characters XML 1.0 cannot carry (control characters become U+FFFD)."""
    return _XML_FORBIDDEN.sub("\ufffd", text)


class Viewport:
    """A page as a viewer shows it: the visible box, rotated by /Rotate (clockwise), with
    the origin at the top left and y growing down, in points.

    width and height are the shown page's size (swapped for /Rotate 90 and 270).
    """

    __slots__ = ("height", "rotation", "visible", "width")

    def __init__(self, page: PageView) -> None:
        self.visible: Box = page.visible_box
        self.rotation: int = page.rotation
        w, h = self.visible.width, self.visible.height
        self.width, self.height = (h, w) if self.rotation in (90, 270) else (w, h)

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A user-space point in viewer coordinates."""
        x0, y0, x1, y1 = self.visible
        rotation = self.rotation
        if rotation == 90:
            return y - y0, x - x0
        if rotation == 180:
            return x1 - x, y - y0
        if rotation == 270:
            return y1 - y, x1 - x
        return x - x0, y1 - y

    def box(self, box: Box) -> tuple[float, float, float, float]:
        """A user-space box in viewer coordinates (left, top, right, bottom), clipped to the
        shown page: a glyph whose centre is visible may stick out of it."""
        ax, ay = self.point(box.x0, box.y0)
        bx, by = self.point(box.x1, box.y1)
        left, right = (ax, bx) if ax <= bx else (bx, ax)
        top, bottom = (ay, by) if ay <= by else (by, ay)
        w, h = self.width, self.height
        return (
            min(max(left, 0.0), w),
            min(max(top, 0.0), h),
            min(max(right, 0.0), w),
            min(max(bottom, 0.0), h),
        )

    def direction(self, ux: float, uy: float) -> tuple[float, float]:
        """A user-space direction as the viewer shows it (y down)."""
        ax, ay = self.point(0.0, 0.0)
        bx, by = self.point(ux, uy)
        return bx - ax, by - ay


def tokens(word: Word) -> list[tuple[str, Box]]:
    """The word as the text output's whitespace-separated tokens, each with a box.

    A word's text is almost always one token; text an /ActualText gives may hold spaces,
    and then the word's box is shared out along its direction by characters.
    """
    parts = word.text.split()
    if len(parts) <= 1:
        return [(parts[0], word.bbox)] if parts else []
    total = sum(len(part) for part in parts) + len(parts) - 1
    box = word.bbox
    ux, uy = word.direction
    horizontal = abs(ux) >= abs(uy)
    start, length = (box.x0, box.width) if horizontal else (box.y0, box.height)
    forward = (ux if horizontal else uy) >= 0
    result: list[tuple[str, Box]] = []
    offset = 0
    for part in parts:
        a = offset / total
        b = (offset + len(part)) / total
        offset += len(part) + 1
        if not forward:
            a, b = 1 - b, 1 - a
        low, high = start + a * length, start + b * length
        if horizontal:
            result.append((part, Box(low, box.y0, high, box.y1)))
        else:
            result.append((part, Box(box.x0, low, box.x1, high)))
    return result


def line_height(line: Line) -> float:
    """The line's box height across its own direction, in user space."""
    heights = [glyph.box_height for word in line.words for glyph in word.glyphs]
    if not heights:
        return 0.0
    heights.sort()
    return heights[len(heights) // 2]


def visual_size(font_size: float, height: float) -> float:
    """The size text is shown at, in points: the Tf size, unless the text matrix scales it
    (Word exports write ``1 Tf`` and the size in Tm); then the box height stands in for it."""
    size = abs(font_size)
    if height > 0 and not 0.5 * size <= height <= 2.0 * size:
        return height
    return size


def baseline(line: Line) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The line's baseline in user space, from its first glyph's origin to its last glyph's
    end (text rise taken out); None for vertical writing, which has no baseline."""
    glyphs = line.glyphs
    if not glyphs or any(glyph.writing_mode == 1 for glyph in glyphs):
        return None
    first, last = glyphs[0], glyphs[-1]
    ux, uy = line.direction
    nx, ny = -uy, ux

    def on_line(point: tuple[float, float], rise: float) -> tuple[float, float]:
        return point[0] - rise * nx, point[1] - rise * ny

    start = on_line(first.baseline_start, first.rise)
    end = on_line(last.glyph_end, last.rise)
    # Right-to-left text: the glyphs run the other way; the baseline still spans the line.
    if (end[0] - start[0]) * ux + (end[1] - start[1]) * uy < 0:
        start, end = end, start
    return start, end


class Hyphenation:
    """Which line ends are hyphenated words (dehyphenation, for ALTO HYP), by the rule of
    pagetext.layout.hyphens with the words of the document read so far (this page and those
    before it) as its vocabulary. `learn` a page's lines before asking about them.
    """

    def __init__(self) -> None:
        self.vocabulary = Vocabulary()

    def learn(self, lines: Iterable[Line]) -> None:
        self.vocabulary.add(line.text for line in lines)

    def hyphenated(self, line: Line, following: Line | None) -> bool:
        """Whether `line` ends in the first part of a word that `following` continues."""
        return following is not None and joins(line.text.rstrip(), following.text.lstrip(), self.vocabulary)


def hyphen_ends(block: Sequence[Line], hyphenation: Hyphenation | None) -> list[bool]:
    """For each line of a block, whether it ends hyphenated (all False without dehyphenation)."""
    if hyphenation is None:
        return [False] * len(block)
    return [
        hyphenation.hyphenated(line, block[i + 1] if i + 1 < len(block) else None)
        for i, line in enumerate(block)
    ]


def write_chunks(chunks: Iterable[str], target: Target) -> None:
    """Write the chunks as UTF-8 to a binary stream, or to a path: into a temporary file
    beside it, renamed over the path only once everything is written."""
    if not isinstance(target, (str, os.PathLike)):
        if not hasattr(target, "write"):
            raise UsageError(f"cannot write to a {type(target).__name__}: pass a path or a binary stream")
        try:
            for chunk in chunks:
                target.write(chunk.encode("utf-8", "replace"))
        except (OSError, ValueError) as error:  # a closed stream raises ValueError
            raise FileWriteError(f"cannot write to the output stream: {error}") from error
        return
    with atomic_open(target) as stream:
        for chunk in chunks:
            stream.write(chunk.encode("utf-8", "replace"))
