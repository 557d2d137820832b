"""Leader dots (". . . . ." or "......"): they lead the eye from an entry to its number, in a
table of contents, an index or a form's line to its amount box."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# Full stops, middle dots, ellipses, low lines.
LEADER_CHARS: Final = frozenset(".·…_")


def has_leader_char(text: str) -> bool:
    """Whether any character of the text is a leader character: four substring searches,
    where LEADER_CHARS.isdisjoint(text) makes a string of every character to look it up."""
    return "." in text or "_" in text or "·" in text or "…" in text


def leader_word(text: str) -> bool:
    """Whether a word is made of leader characters only."""
    return bool(text) and all(char in LEADER_CHARS for char in text)


def leader_run(run: Sequence[str]) -> bool:
    """Whether consecutive words of leader characters are leader dots: one word of three or
    more ("......"), or spaced dots, more than the three of an ellipsis (". . . .")."""
    return (len(run) == 1 and len(run[0]) >= 3) or len(run) > 3


def ends_in_leaders(words: Sequence[str]) -> bool:
    """Whether words end in leader dots ("Introduction ........", ". . . .")."""
    count = 0
    # Indexed from the end: compiled, reversed() is the builtin and an iterator object.
    for index in range(len(words) - 1, -1, -1):
        if not leader_word(words[index]):
            break
        count += 1
    return leader_run(words[len(words) - count :]) if count else False
