"""Hyphenated line ends: the one rule every output uses to join a word broken across lines.

A line ends in the first part of a word that the next line continues when its text ends in a
soft hyphen (U+00AD, a hyphenation point: Unicode §23.2), or in letters and "-" with the next
line starting with a lowercase letter, and the joined word (hyphen dropped) is a word seen
elsewhere in the text at hand ("hyphen-" + "ation" with "hyphenation" known). Otherwise the
hyphen is part of the word as printed ("non-" + "exclusive" stays "non-exclusive").
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Sequence
from typing import Final

from pagetext.layout.records import Line

SOFT_HYPHEN: Final = "\u00ad"
_WORD: Final = re.compile(r"[^\W\d_]+")
_HYPHENATED: Final = re.compile(r"([^\W\d_]+)-$")
_LEADING_LETTERS: Final = re.compile(r"^([^\W\d_]+)")


def words_of(text: str) -> Iterable[str]:
    """The words of a text as the rule looks them up: runs of letters, lower case."""
    return (word.lower() for word in _WORD.findall(text))


def hyphen_break(left: str, right: str) -> str:
    """The word `left` (a line's text) and `right` (the next line's) would make when left
    ends in letters and "-" and right starts with a lowercase letter (lower case), else "".
    """
    hyphen = _HYPHENATED.search(left)
    start = _LEADING_LETTERS.match(right) if hyphen is not None else None
    if hyphen is None or start is None or not start.group(1)[0].islower():
        return ""
    return (hyphen.group(1) + start.group(1)).lower()


def joins(left: str, right: str, vocabulary: Container[str]) -> bool:
    """Whether `left` (a line's text) ends in a hyphenated word that `right` (the next
    line's text) continues; the hyphen then goes and the two parts join without a space."""
    if left.endswith(SOFT_HYPHEN):
        return len(left) > 1 and bool(right)
    word = hyphen_break(left, right)
    return bool(word) and word in vocabulary


def dehyphenated(texts: list[str], vocabulary: Container[str]) -> list[str]:
    """Line texts with each hyphenated line end joined: the hyphen goes and the next line's
    first word moves up to complete the word; a line left empty by that move goes too."""
    out: list[str] = []
    carried = ""
    for index, text in enumerate(texts):
        if carried:
            text = text.lstrip()[len(carried) :].lstrip()
            carried = ""
            if not text:
                continue
        following = texts[index + 1].lstrip() if index + 1 < len(texts) else ""
        if joins(text, following, vocabulary):
            carried = following.split(maxsplit=1)[0]
            text = text[:-1] + carried
        out.append(text)
    return out


def plain_text(lines: Sequence[Line], vocabulary: set[str] | None = None) -> str:
    """The lines' texts joined by newlines: as printed with vocabulary None; else with the
    hyphenated line ends joined, the lines' words first added to the vocabulary (the words
    of the document read so far, for a caller going page by page)."""
    texts = [line.text for line in lines]
    if vocabulary is None:
        return "\n".join(texts)
    for text in texts:
        vocabulary.update(words_of(text))
    return "\n".join(dehyphenated(texts, vocabulary))
