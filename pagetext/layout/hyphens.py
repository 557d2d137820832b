"""Hyphenated line ends: the one rule every output uses to join a word broken across lines.

A line ends in the first part of a word that the next line continues when its text ends in a
soft hyphen (U+00AD, a hyphenation point: Unicode §23.2), or in letters and "-" with the
next line starting with a letter, and the text at hand (its Vocabulary) says the
hyphen is a break, not part of a compound:

- the compound as written ("well-known") seen elsewhere: the hyphen stays;
- the joined word ("hyphenation") seen elsewhere: the hyphen goes;
- the second part a word seen elsewhere ("non-" + "exclusive"): a compound, the hyphen stays;
- the first part a prefix that English writes with a hyphen (COMPOUNDING: "non-", "self-",
  "well-"): the hyphen stays;
- neither part a word seen elsewhere ("ef-" + "fects"): a break, the hyphen goes, when the
  text hyphenates words — more of its line-end hyphens are known breaks than known
  compounds (typeset, justified text) — unless the first part is a single letter ("X-" +
  "ray") or the second starts with a capital ("Anglo-" + "Saxon"); a text that does not
  (word processors and browsers break lines only after a compound's own hyphen) keeps it.
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
# First parts that make hyphenated compounds with any word ("non-exclusive", "self-evident").
COMPOUNDING: Final = frozenset(
    "all anti co cross ex half ill multi non post pre pseudo quasi self semi sub ultra vice well".split()
)
_COMPOUND: Final = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")


class Vocabulary:
    """The words of a text (lower case), its hyphenated compounds as written, and the parts
    of the words its lines end hyphenated in."""

    __slots__ = ("compounds", "line_ends", "words")

    def __init__(self) -> None:
        self.words: set[str] = set()
        self.compounds: set[str] = set()
        self.line_ends: list[tuple[str, str]] = []

    def compound(self, first: str, second: str) -> bool:
        """Whether the text shows first-second as a compound (lower-case parts)."""
        return f"{first}-{second}" in self.compounds or first in COMPOUNDING or second in self.words

    def hyphenates(self) -> bool:
        """Whether more of the text's line-end hyphens are known breaks than known compounds."""
        balance = 0
        for first, second in self.line_ends:
            if self.compound(first, second):
                balance -= 1
            elif first + second in self.words:
                balance += 1
        return balance > 0

    def add(self, texts: Iterable[str]) -> None:
        """Learn the lines' words; a line's first word is not learnt when the line before
        ends hyphenated: it is a part ("fects" after "ef-"), not a word seen elsewhere."""
        previous = ""
        for text in texts:
            words = list(words_of(text))
            first, second = hyphen_parts(previous, text.lstrip())
            if words and first:
                words = words[1:]
                self.line_ends.append((first.lower(), second.lower()))
            self.words.update(words)
            self.compounds.update(compound.lower() for compound in _COMPOUND.findall(text))
            previous = text.rstrip()

    def __contains__(self, word: object) -> bool:
        return word in self.words


def words_of(text: str) -> Iterable[str]:
    """The words of a text as the rule looks them up: runs of letters, lower case."""
    return (word.lower() for word in _WORD.findall(text))


def hyphen_parts(left: str, right: str) -> tuple[str, str]:
    """The two parts of a word `left` (a line's text) and `right` (the next line's) would
    make when left ends in letters and "-" and right starts with a letter, else ("", "")."""
    hyphen = _HYPHENATED.search(left)
    start = _LEADING_LETTERS.match(right) if hyphen is not None else None
    if hyphen is None or start is None:
        return "", ""
    return hyphen.group(1), start.group(1)


def hyphen_join(left: str, right: str, vocabulary: Vocabulary | Container[str]) -> str:
    """How `left` (a line's text) and `right` (the next line's) join: "join" when left ends
    in a hyphenated word that right continues (the hyphen goes, no space: the rule of the
    module docstring); "glue" when left ends in a compound's hyphen (it stays, no space);
    "" when they are two words. A second part in capitals joins only into a word seen
    elsewhere ("Trace-" + "Monkey" where "TraceMonkey" is). A plain container of words
    only knows joined words."""
    if left.endswith(SOFT_HYPHEN):
        return "join" if len(left) > 1 and right else ""
    first, second = hyphen_parts(left, right)
    if not first:
        return ""
    first, second, upper = first.lower(), second.lower(), second[0].isupper()
    if not isinstance(vocabulary, Vocabulary):
        return "join" if first + second in vocabulary else "glue"
    if f"{first}-{second}" in vocabulary.compounds:
        return "glue"
    if first + second in vocabulary.words:
        return "join"
    if upper or vocabulary.compound(first, second) or len(first) < 2 or not vocabulary.hyphenates():
        return "glue"
    return "join"


def joins(left: str, right: str, vocabulary: Vocabulary | Container[str]) -> bool:
    """Whether the hyphen at the end of `left` goes and the lines' words join (hyphen_join)."""
    return hyphen_join(left, right, vocabulary) == "join"


def dehyphenated(texts: list[str], vocabulary: Vocabulary | Container[str]) -> list[str]:
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


def plain_text(lines: Sequence[Line], vocabulary: Vocabulary | None = None) -> str:
    """The lines' texts joined by newlines: as printed with vocabulary None; else with the
    hyphenated line ends joined, the lines' words first added to the vocabulary (the words
    of the document read so far, for a caller going page by page)."""
    texts = [line.text for line in lines]
    if vocabulary is None:
        return "\n".join(texts)
    vocabulary.add(texts)
    return "\n".join(dehyphenated(texts, vocabulary))
