"""Paragraphs of a page: the one grouping of lines every export format uses.

    paragraphs(lines, styles, params) -> list[Paragraph]
    paragraph_blocks(lines, styles, params) -> list[list[Line]]

`lines` are a page's lines in the order they are read (``page.lines(...)``); the result is
the same lines, in the same order, cut into consecutive runs — the paragraphs (and headings,
list items, captions, code blocks) that JSON ``blocks``, hOCR ``ocr_par``, ALTO
``TextBlock`` and Markdown are made of. No line is dropped, moved or copied.

A line continues the paragraph of the line before it when all of these hold (thresholds:
the ``paragraph_*`` fields of LayoutParams):

- same direction and role (body text, "header", "footer", "artifact");
- same typography: text size, monospaced, and a paragraph of wholly bold lines goes on
  only with a wholly bold line (a heading or a code line is a block of its own); a list
  item marker, a caption ("Table 2.") or a code line (a typewriter font's, on a page whose
  text is mostly in other fonts) starts one; typewriter lines without a sign of code
  (operators, brackets, paths) are text set for display, not code;
- it lies below the previous line at the paragraph's own pitch (baseline to baseline) — for
  a paragraph's second line, the page's usual pitch — within ``paragraph_leading`` × the line
  height; a jump back up to the next column starts a new paragraph, unless the paragraph
  runs on there (its last line fills the column and ends without a full stop);
- it is in the same column (the two lines overlap along their direction), and its start
  edge fits the paragraph's shape: aligned with the line before; or the paragraph's first
  line indented (first-line indent) and this one back at the margin; or, in a hanging-indent
  paragraph (a reference list, a list item), indented like the paragraph's other
  continuation lines; a centred line under a centred line (a title over two lines). A line
  further right than the paragraph's one full line begins a hanging indent; further right
  than a paragraph of several lines, or than a short line, it starts a new paragraph (a
  first-line indent);
- the previous line does not end a sentence short of the paragraph's right edge (a short
  last line ends a paragraph).

In a run of hanging-indent paragraphs (a reference list), a line at their margin after a
line ending a sentence starts the next entry, though the entry before fits one line.

A numbered line whose next line runs on at the number's margin (no hanging indent) is a
numbered paragraph ("4. Redistribution. You may …"), not a list item.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from pagetext.fonts.style import FontStyle
from pagetext.layout.line_style import LineStyle, line_style
from pagetext.layout.list_markers import is_bullet, list_marker
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line

DEFAULT: Final = LayoutParams()
_SAME_DIRECTION: Final = 0.999  # cosine of the angle between two directions (under 2.6°)
_BELOW: Final = 0.5  # a line not this × its height below the previous one is beside or above it
# A page with more than this share of its characters in a typewriter font is typed, not
# code among prose (a page of code listing alone reads as typed text too).
TYPEWRITER_PAGE: Final = 0.8
# The page's usual pitch is measured over steps up to this × the line height: double spacing,
# and CJK text, whose lines stand 1.7 to 2 ems apart.
_MAX_PITCH: Final = 2.6
_CODE_PITCH: Final = 2.6  # code keeps its blank lines: up to two line pitches of white inside
CAPTION: Final = re.compile(
    r"^(?:Table|TABLE|Figure|FIGURE|Fig\.|FIG\.|Listing|Chart|Exhibit|Scheme|Plate)\s+[\dIVXA-Z][\w.-]*[.:]?(?:\s|$)"
)
# Code shows operators, brackets, paths or assignments; typewriter type set for display
# (a title, an imprint) shows none of them.
_CODE_SIGNS: Final = re.compile(r"[=(){}\[\];<>_/\\#$@|~`\"]|\w\.\w|^\s*[-+*]\s")
_SENTENCE_END: Final = re.compile(r"[.!?:;。．！？」』)]$")


@dataclass(slots=True)
class Paragraph:
    """lines: the paragraph's lines with their typography, in reading order; kind: "text",
    "item" (a list item: marker as printed), "caption" or "code"."""

    lines: list[LineStyle]
    kind: str
    marker: str = ""

    @property
    def text_lines(self) -> list[Line]:
        return [style.line for style in self.lines]


def _step(prev: LineStyle, line: LineStyle) -> float:
    return prev.baseline - line.baseline


def usual_pitch(styled: Sequence[LineStyle], params: LayoutParams = DEFAULT) -> float:
    """The page's usual distance between the baselines of consecutive lines of one size in
    one column (its leading), per unit of line height: the median over such pairs; 0 when
    there are none. Relative, so that a title's lines compare with the body's leading."""
    ratios = sorted(
        step / line.height
        for prev, line in itertools.pairwise(styled)
        if _same_shape(prev, line, params)
        and line.start < prev.end
        and prev.start < line.end
        and _BELOW * line.height < (step := _step(prev, line)) < _MAX_PITCH * line.height
    )
    return ratios[len(ratios) // 2] if ratios else 0.0


def _same_shape(prev: LineStyle, line: LineStyle, params: LayoutParams) -> bool:
    (ax, ay), (bx, by) = prev.line.direction, line.line.direction
    return (
        ax * bx + ay * by >= _SAME_DIRECTION
        and prev.line.role == line.line.role
        and abs(prev.size - line.size) <= params.paragraph_size * max(prev.size, line.size)
        and prev.monospaced == line.monospaced
    )


def _centred(a: LineStyle, b: LineStyle, edge: float) -> bool:
    return abs((a.start + a.end) - (b.start + b.end)) <= 2 * edge


def _fits_shape(block: Paragraph, line: LineStyle, params: LayoutParams, edge: float, short: bool) -> bool:
    """Whether the line's start edge fits the paragraph's shape (module docstring)."""
    prev, first = block.lines[-1], block.lines[0]
    if block.kind == "item":  # continuation lines hang under the text, or return to the margin
        return line.start >= first.start - edge
    if _is_hanging(block, params):
        return abs(line.start - block.lines[1].start) <= edge
    indent = line.start - prev.start
    if abs(indent) <= edge:
        return True
    if indent < 0:  # back at the margin after an indented first line
        return len(block.lines) == 1 or _centred(prev, line, edge)
    if _centred(prev, line, edge):
        return True
    return len(block.lines) == 1 and not short  # a hanging indent begins after a full first line


def _next_column(block: Paragraph, line: LineStyle, params: LayoutParams) -> bool:
    """Whether the line, at the top of the next column, goes on with the paragraph that the
    previous column ends: that paragraph's last line ends without a full stop and fills its
    column or is followed by a lower-case start, and this line stands above it and to the
    right of the column."""
    prev = block.lines[-1]
    if _SENTENCE_END.search(prev.text) or (not prev.text[-1:].isalnum() and prev.text[-1:] not in ",-"):
        return False
    if len(block.lines) > 1 and not line.text[:1].islower() and _ends_short(block.lines, params):
        return False  # (a sentence going on in lower case is enough)
    return line.baseline > prev.baseline and line.start > prev.end - params.paragraph_edge * line.height


def _ends_short(lines: Sequence[LineStyle], params: LayoutParams, last: LineStyle | None = None) -> bool:
    """Whether `last` (the last of the lines) ends paragraph_short of their width short of
    their right edge."""
    right = max(style.end for style in lines)
    left = min(style.start for style in lines)
    return (last or lines[-1]).end < right - params.paragraph_short * (right - left)


def _whole_bold(block: Paragraph) -> bool:
    return all(style.all_bold for style in block.lines)


def _continues(block: Paragraph, line: LineStyle, pitch: float, params: LayoutParams) -> bool:
    prev = block.lines[-1]
    if not _same_shape(prev, line, params) or _whole_bold(block) != line.all_bold:
        return False
    height = max(prev.height, line.height)
    step = _step(prev, line)
    if step < _BELOW * min(prev.height, line.height):
        return block.kind != "code" and _next_column(block, line, params)
    if block.kind == "code":
        return step <= _CODE_PITCH * height
    own = [pair for a, b in itertools.pairwise(block.lines) if (pair := _step(a, b)) > 0]
    if own:  # the paragraph's own pitch (a jump to the next column is none)
        limit = min(own) + params.paragraph_leading * height
    elif pitch > 0:  # the page's
        limit = (pitch + params.paragraph_leading) * height
    else:
        limit = params.paragraph_pitch * height
    if step > limit or line.end < prev.start or line.start > prev.end:
        return False
    short = _ends_short([*block.lines, line], params, last=prev)
    # A hanging-indent paragraph (a reference) ends where a line returns to its margin, not
    # at a short line: one of its sentences may end short of the edge.
    hung = (
        _is_hanging(block, params)
        and abs(line.start - block.lines[1].start) <= params.paragraph_edge * height
    )
    if short and not hung and _SENTENCE_END.search(prev.text) is not None:
        return False
    return _fits_shape(block, line, params, params.paragraph_edge * height, short)


def _is_hanging(block: Paragraph, params: LayoutParams) -> bool:
    lines = block.lines
    return len(lines) >= 2 and lines[1].start > lines[0].start + params.paragraph_edge * lines[0].height


def _next_entry(hanging: Paragraph, block: Paragraph, line: LineStyle, params: LayoutParams) -> bool:
    """In a run of hanging-indent paragraphs (a reference list), a line at their margin after
    a line ending a sentence starts the next entry, though the entry before fits one line."""
    edge = params.paragraph_edge * line.height
    margin = hanging.lines[0].start
    return (
        abs(line.start - margin) <= edge
        and abs(block.lines[0].start - margin) <= edge
        and _SENTENCE_END.search(block.lines[-1].text) is not None
    )


def _kind(style: LineStyle, code: bool) -> tuple[str, str]:
    if style.monospaced and code:
        return "code", ""
    if CAPTION.match(style.text):
        return "caption", ""
    marker = list_marker(style.line)
    return ("item", marker) if marker else ("text", "")


def paragraphs(
    lines: Sequence[Line], styles: Mapping[str, FontStyle], params: LayoutParams = DEFAULT
) -> list[Paragraph]:
    """The lines, in their order, cut into paragraphs (see the module docstring)."""
    styled = [line_style(line, styles) for line in lines]
    pitch = usual_pitch(styled, params)
    # Typewriter lines are code, unless the page is set in a typewriter font (a filing, a
    # screenplay): then they are its text.
    chars = [len(style.text) for style in styled]
    mono = sum(n for n, style in zip(chars, styled, strict=True) if style.monospaced)
    code = mono <= TYPEWRITER_PAGE * sum(chars)
    result: list[Paragraph] = []
    hanging: Paragraph | None = None  # the last hanging-indent paragraph of a run of them
    for style in styled:
        kind, marker = _kind(style, code)
        block = result[-1] if result else None
        if (
            block is not None
            and style.line.words
            and block.lines[-1].line.words
            and (kind == "text" or kind == block.kind == "code")
            and _continues(block, style, pitch, params)
            and not (hanging is not None and _next_entry(hanging, block, style, params))
        ):
            block.lines.append(style)
        else:
            if block is not None:
                hanging = block if _is_hanging(block, params) else hanging if len(block.lines) == 1 else None
            result.append(Paragraph([style], kind, marker))
    for block in result:  # typewriter type for display ("PREFACE", a title page's imprint)
        if block.kind == "code" and not any(_CODE_SIGNS.search(style.text) for style in block.lines):
            block.kind = "text"
    for block in result:  # numbered, but run on at the margin: a numbered paragraph ("4. Terms")
        if block.kind == "item" and not is_bullet(block.marker) and len(block.lines) > 1:
            first, second = block.lines[0], block.lines[1]
            if second.start <= first.start + params.paragraph_edge * first.height:
                block.kind, block.marker = "text", ""
    return result


def paragraph_blocks(
    lines: Sequence[Line], styles: Mapping[str, FontStyle] | None = None, params: LayoutParams = DEFAULT
) -> list[list[Line]]:
    """The lines of each paragraph (see paragraphs); without font styles, every line is
    taken as set in a regular weight."""
    return [block.text_lines for block in paragraphs(lines, styles or {}, params)]
