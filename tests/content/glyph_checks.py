"""What the interpreter's tests compare glyphs with: geometry within a tolerance, and text."""

from __future__ import annotations

from pagetext.content.glyph import Glyph

APPROX = 1e-6


def close(actual: object, expected: object) -> bool:
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected), (actual, expected)
        return all(close(a, e) for a, e in zip(actual, expected, strict=True))
    assert isinstance(actual, (int, float)) and isinstance(expected, (int, float))
    return abs(actual - expected) < APPROX


def text(glyphs: list[Glyph]) -> str:
    return "".join(g.text for g in glyphs)
