"""Affine matrices and boxes in PDF user space (ISO 32000-1 §8.3.3)."""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast

# A PDF matrix [a b c d e f] maps (x, y) to (a·x + c·y + e, b·x + d·y + f).
Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m1: Matrix, m2: Matrix) -> Matrix:
    """The product m1 × m2: apply m1 first, then m2 (PDF row-vector convention)."""
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (
        a1 * a2 + b1 * c2,
        a1 * b2 + b1 * d2,
        c1 * a2 + d1 * c2,
        c1 * b2 + d1 * d2,
        e1 * a2 + f1 * c2 + e2,
        e1 * b2 + f1 * d2 + f2,
    )


def apply(m: Matrix, x: float, y: float) -> Point:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def projection(point: Point, ux: float, uy: float) -> float:
    """How far `point` lies along the unit direction (ux, uy)."""
    return point[0] * ux + point[1] * uy


class Box(NamedTuple):
    """An axis-aligned rectangle, normalised so that x0 <= x1 and y0 <= y1."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def intersect(self, other: Box) -> Box:
        """The overlap of two boxes; an empty overlap gives a zero-size box at the nearest edge."""
        x0 = max(self.x0, other.x0)
        y0 = max(self.y0, other.y0)
        x1 = max(x0, min(self.x1, other.x1))
        y1 = max(y0, min(self.y1, other.y1))
        return Box(x0, y0, x1, y1)

    @classmethod
    def from_corners(cls, x0: float, y0: float, x1: float, y1: float) -> Box:
        return cls(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


_TUPLE_NEW: Final[Any] = tuple.__new__


def make_box(x0: float, y0: float, x1: float, y1: float) -> Box:
    """Box(x0, y0, x1, y1) for the hot paths (a box per word and line): the named tuple's
    own constructor is interpreted Python, this one call into C."""
    return cast(Box, _TUPLE_NEW(Box, (x0, y0, x1, y1)))
