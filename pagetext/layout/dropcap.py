"""Drop caps: a large initial letter joins the word it begins ("O" + "ver" → "Over").

A drop cap is a single capital letter set several lines tall beside a paragraph's first
lines; the word it begins goes on, in the paragraph's own size, on the first line. Assembly
keeps it either as a word of the first line, spaced off by the gap the page shows, or as a
line of its own when its baseline lies lines below; either way it becomes the first letter
of that word. A step after assembly, before reading order.
"""

from __future__ import annotations

from collections.abc import Sequence

from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line, Word, words_quad


def _height(word: Word) -> float:
    return word.bounds[3] - word.bounds[1]


def _is_cap(cap: Word, word: Word, params: LayoutParams) -> bool:
    """Whether `cap` is a drop cap beginning `word`: a lone capital letter, drop_cap × as tall,
    its top level with the top of a word that goes on in lowercase (it hangs from the first
    line; a big letter standing on the word's baseline is not one)."""
    return (
        len(cap.text) == 1
        and cap.text.isupper()
        and word.text[:1].islower()
        and _height(cap) >= params.drop_cap * _height(word)
        and abs(cap.bounds[3] - word.bounds[3]) <= _height(word)
    )


def _joined(cap: Word, word: Word) -> Word:
    quad, box = words_quad((cap, word), word.direction)
    bounds = (box.x0, box.y0, box.x1, box.y1)
    return Word(
        cap.text + word.text,
        bounds,
        quad,
        word.direction,
        word.font_name,
        word.font_size,
        cap.glyphs + word.glyphs,
    )


def _line(line: Line, words: list[Word]) -> Line:
    quad, bbox = words_quad(words, line.direction)
    text = " ".join(word.text for word in words)
    return Line(
        text,
        bbox,
        quad,
        line.direction,
        words[0].font_name,
        words[0].font_size,
        tuple(words),
        line.role,
        line.rtl,
    )


def _horizontal(line: Line) -> bool:
    return line.direction == (1.0, 0.0)


def _beside(cap: Line, line: Line, params: LayoutParams) -> bool:
    """Whether a line starts just right of a drop cap standing alone, its top level with the
    cap's top: the first line of the cap's paragraph."""
    word = line.words[0]
    x0, _, x1, _ = cap.words[0].bounds
    return _horizontal(line) and 0 <= word.bounds[0] - x1 <= x1 - x0 and _is_cap(cap.words[0], word, params)


def join_drop_caps(lines: Sequence[Line], params: LayoutParams) -> list[Line]:
    """The lines with each drop cap joined to the word it begins."""
    result: list[Line] = []
    for line in lines:
        words = line.words
        for i in range(len(words) - 1 if _horizontal(line) else 0):
            if _is_cap(words[i], words[i + 1], params):
                line = _line(line, [*words[:i], _joined(words[i], words[i + 1]), *words[i + 2 :]])
                break
        result.append(line)
    caps = [line for line in result if _horizontal(line) and len(line.words) == 1 and len(line.text) == 1]
    for cap in caps:
        first = next(
            (line for line in result if line.words and line is not cap and _beside(cap, line, params)), None
        )
        if first is not None:
            joined = _line(first, [_joined(cap.words[0], first.words[0]), *first.words[1:]])
            result = [joined if line is first else line for line in result if line is not cap]
    return result
