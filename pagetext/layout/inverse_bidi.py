"""A line's logical string from its visual string, by the Unicode bidi algorithm (UAX #9).

python-bidi (the unicode-bidi crate) resolves levels and reorders, but neither mirrors
(rule L4 is left to the renderer) nor knows that its input is already visual. Both are
handled with stand-ins, characters of the same bidi behaviour that are unique in the line,
put in before reordering and taken out after:

- W2 turns a European number into an Arabic one when the strong character before it *in
  logical order* is Arabic. Over a visual string the algorithm looks left; in a
  right-to-left line the characters before a number in logical order stand to its right.
  So there W2 is applied here, looking right: such digits get Arabic-number stand-ins, and
  every Arabic letter an R stand-in so that the algorithm's own W2 does nothing.
- L4: a mirrored character at an odd level is shown as its mirror image. A paired bracket's
  level is read from its pair (both get one level, N0): the pair reordered backwards was at
  an odd level. Any other mirrored character is put in as two neutral stand-ins, which
  resolve as one neutral run (N1) and come out swapped when the level is odd.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from bidi import get_display
from bidi.mirror import MIRRORED

from pagetext.layout.scripts import bidi_class, mirrored


def _pool(first: int, last: int, kind: str, mirroring: bool | None = None) -> list[str]:
    chars = [chr(code) for code in range(first, last + 1)]
    return [
        c
        for c in chars
        if unicodedata.bidirectional(c) == kind and mirroring in (None, bool(unicodedata.mirrored(c)))
    ]


# R letters that are not Arabic (Cypriot to Kharoshthi); Arabic numbers (Rumi digits);
# neutrals that are neither brackets nor mirrored (box drawing, geometric shapes).
_R_POOL: Final = _pool(0x10800, 0x10FFF, "R")
_AN_POOL: Final = _pool(0x10E60, 0x10E7E, "AN")
_NEUTRAL_POOL: Final = _pool(0x2500, 0x25FF, "ON", mirroring=False)
# Paired brackets (BidiBrackets.txt: the opening punctuation that mirrors to its closing one).
_CLOSING: Final = {c: m for c, m in MIRRORED.items() if unicodedata.category(c) == "Ps"}
_OPENING: Final = {m: c for c, m in _CLOSING.items()}
_BRACKETS: Final = frozenset(_CLOSING) | frozenset(_OPENING)
# The characters either pass looks for: a line holding none (most) is not walked for them.
_FLIPPED: Final = frozenset(c for c in MIRRORED if unicodedata.mirrored(c))
_MIRRORED_CHARS: Final = frozenset(MIRRORED)
_FLIP: Final = str.maketrans({c: MIRRORED[c] for c in _FLIPPED})


class _StandIns:
    """Unique stand-ins drawn from pools, skipping the characters of the line itself."""

    def __init__(self, text: str) -> None:
        self.taken = set(text)
        self.next: dict[int, int] = {}

    def draw(self, pool: list[str]) -> str | None:
        index = self.next.get(id(pool), 0)
        while index < len(pool) and pool[index] in self.taken:
            index += 1
        self.next[id(pool)] = index + 1
        if index >= len(pool):
            return None
        self.taken.add(pool[index])
        return pool[index]


def _bracket_pairs(text: str) -> dict[int, int]:
    """BD16: each opening bracket's index → its closing bracket's index (63 levels deep at most)."""
    pairs: dict[int, int] = {}
    if _BRACKETS.isdisjoint(text):  # most lines: one pass in C, not two lookups a character
        return pairs
    stack: list[tuple[str, int]] = []
    for index, char in enumerate(text):
        if char in _CLOSING:
            if len(stack) == 63:
                break
            stack.append((_CLOSING[char], index))
        elif char in _OPENING:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == char:
                    pairs[stack[depth][1]] = index
                    del stack[depth:]
                    break
    return pairs


def _shapes(visual: str) -> str:
    """The visual string as the glyphs look, when they map to the characters they stand for.

    Rendering mirrors a bracket at an odd level, and producers map that glyph either to the
    character it looks like (Chromium, Skia) or to the one the text holds (Word). The latter
    shows in a visual string as bracket pairs reading backwards, ")…(": a line with more of
    them around some text than the right way round has its mirrored characters mirrored back
    first.
    """
    if _FLIPPED.isdisjoint(visual):  # nothing to flip: one pass in C, not a translation
        return visual
    flipped = visual.translate(_FLIP)
    return flipped if _enclosing_pairs(flipped) > _enclosing_pairs(visual) else visual


def _enclosing_pairs(text: str) -> int:
    return sum(1 for start, end in _bracket_pairs(text).items() if text[start + 1 : end].strip())


def logical_text(visual: str, base: str) -> str:
    """The logical string of a line given in visual order, base direction "R" or "L"."""
    visual = _shapes(visual)
    stand_ins = _StandIns(visual)
    pieces = list(visual)  # what goes in for each character
    originals: dict[str, str] = {}  # stand-in → the character it stands for
    if base == "R":
        previous_strong = "R"  # sos: the paragraph's own direction
        for index in range(len(visual) - 1, -1, -1):
            kind = bidi_class(visual[index])
            pool: list[str] | None = None
            if kind == "EN" and previous_strong == "AL":
                pool = _AN_POOL
            elif kind in ("L", "R", "AL"):
                previous_strong = kind
                pool = _R_POOL if kind == "AL" else None
            stand_in = stand_ins.draw(pool) if pool is not None else None
            if stand_in is not None:
                pieces[index] = stand_in
                originals[stand_in] = visual[index]
    pairs = _bracket_pairs(visual)
    paired = set(pairs) | set(pairs.values())
    bracket_stand_ins: list[tuple[str, str, int, int]] = []  # opening, closing stand-in; indices
    swapped: list[tuple[str, str, str]] = []  # first, second stand-in; the character
    walked = "" if _MIRRORED_CHARS.isdisjoint(visual) else visual  # most lines hold none
    for index, char in enumerate(walked):
        if not mirrored(char) or char not in MIRRORED:
            continue
        if index in pairs:
            opening = closing = None
            for candidate in _CLOSING:
                if candidate not in stand_ins.taken and _CLOSING[candidate] not in stand_ins.taken:
                    opening, closing = candidate, _CLOSING[candidate]
                    break
            if opening is not None and closing is not None:
                stand_ins.taken.update((opening, closing))
                pieces[index], pieces[pairs[index]] = opening, closing
                bracket_stand_ins.append((opening, closing, index, pairs[index]))
        elif index not in paired:
            first, second = stand_ins.draw(_NEUTRAL_POOL), stand_ins.draw(_NEUTRAL_POOL)
            if first is not None and second is not None:
                pieces[index] = first + second
                swapped.append((first, second, char))
    reordered = str(get_display("".join(pieces), base_dir=base))
    for opening, closing, start, end in bracket_stand_ins:
        odd = reordered.index(opening) > reordered.index(closing)
        for stand_in, index in ((opening, start), (closing, end)):
            char = visual[index]
            originals[stand_in] = MIRRORED[char] if odd else char
    for first, second, char in swapped:
        odd = reordered.index(second) < reordered.index(first)
        reordered = reordered.replace(
            second + first if odd else first + second, MIRRORED[char] if odd else char
        )
    return "".join([originals.get(char, char) for char in reordered])
