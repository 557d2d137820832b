"""Reading a Markdown string back into structure, and scoring it against a known model.

Parsing is deliberately forgiving of dialects: ATX and setext headings, `-`/`*`/`+` and
`1.`/`1)` list items, GitHub pipe tables and HTML <table>s (as pymupdf4llm, opendataloader
and pagetext write them), page comments and link targets ignored. Texts are compared after
NFKC, case folding and dropping everything but letters and digits, so that a tool is scored
on structure, not on its spacing or its escaping of Markdown characters.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from html.parser import HTMLParser
from typing import Any

from rapidfuzz.distance import Levenshtein

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)\s*$")
_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s*")
# A comment on a line of its own goes with its line, so that it does not split a paragraph.
_COMMENT = re.compile(r"^[ \t]*<!--.*?-->[ \t]*\n|<!--.*?-->", re.S | re.M)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_MARKUP = re.compile(r"\\(?=[^\w\s])|[*_`]")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$")
# A marker as drawn in the PDF, left in an item's text by a tool: bullets, dashes, a), (iv), 1.
_VISUAL = re.compile(r"^(?:[•–·▪◦●-]|\(?[a-z]{1,4}\)|\d{1,3}[.)])\s+")
_HTML_TABLE = re.compile(r"<table\b.*?</table>", re.S | re.I)
_FENCE = re.compile(r"^\s*(```|~~~)")
Grid = list[list[str]]


def clean(markdown: str) -> str:
    """The Markdown without page comments, link targets and images' addresses."""
    return _LINK.sub(r"\1", _COMMENT.sub("", markdown))


def squash(text: str) -> str:
    """Letters and digits only, case folded: the form texts are compared in."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKC", text).casefold())


def words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", _TAG.sub(" ", text)).casefold())


def heading_key(text: str) -> str:
    """A heading's text without markup and section number."""
    text = unicodedata.normalize("NFKC", _MARKUP.sub("", _TAG.sub("", text))).strip()
    return squash(_NUMBER.sub("", text))


# -- headings -----------------------------------------------------------------------------


def headings(markdown: str) -> list[tuple[int, str]]:
    """(level, text) of the ATX and setext headings. Consecutive heading lines of one level
    with only blank lines between are one heading when the second does not start with a
    number: a title wrapped over two lines, which tools write as two headings."""
    found: list[tuple[int, str]] = []
    joinable = False
    previous = ""
    for line in clean(markdown).splitlines():
        if not line.strip():
            previous = ""
            continue
        match = _ATX.match(line)
        setext = _SETEXT.match(line)
        if match:
            level, text = len(match.group(1)), match.group(2)
        elif setext and previous and not _ITEM.match(previous) and not previous.lstrip().startswith("|"):
            level, text = (1 if setext.group(1)[0] == "=" else 2), previous
            if found and found[-1] == (0, previous):
                found.pop()
        else:
            previous, joinable = line, False
            continue
        previous = ""
        if not _MARKUP.sub("", text).strip():
            continue
        if joinable and found and found[-1][0] == level and not _NUMBER.match(_MARKUP.sub("", text)):
            found[-1] = (level, found[-1][1] + " " + text)
        else:
            found.append((level, text))
        joinable = True
    return found


def _ranks(levels: Iterable[int]) -> dict[int, int]:
    return {level: rank for rank, level in enumerate(sorted(set(levels)), 1)}


def heading_counts(
    found: list[tuple[int, str]], expected: list[tuple[int, str]]
) -> tuple[int, int, int, int]:
    """(matched by text, matched by text and level rank, found, expected). A level is its
    rank among the levels a document uses, so that a tool starting at ## is not punished."""
    found_rank, expected_rank = _ranks(lv for lv, _ in found), _ranks(lv for lv, _ in expected)
    got = Counter(heading_key(t) for _, t in found)
    want = Counter(heading_key(t) for _, t in expected)
    got_level = Counter((heading_key(t), found_rank[lv]) for lv, t in found)
    want_level = Counter((heading_key(t), expected_rank[lv]) for lv, t in expected)
    return sum((got & want).values()), sum((got_level & want_level).values()), len(found), len(expected)


# -- blocks and paragraphs ----------------------------------------------------------------


def _prose_lines(markdown: str) -> list[str]:
    """The lines outside tables and code fences; blank lines kept as block boundaries."""
    text = _HTML_TABLE.sub("\n\n", clean(markdown))
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        out.append("" if stripped.startswith("|") or _FENCE.match(line) else line)
    return out


def blocks(markdown: str) -> list[str]:
    """The squashed text of each block: runs of lines between blank lines, a heading line
    and each list item starting a block of its own; list markers and markup dropped."""
    found: list[list[str]] = [[]]
    for line in _prose_lines(markdown):
        item = _ITEM.match(line)
        if not line.strip() or _ATX.match(line) or item:
            found.append([])
        if item:
            line = _VISUAL.sub("", item.group(3))
        if line.strip():
            found[-1].append(_VISUAL.sub("", line.strip()))
        if _ATX.match(line):
            found.append([])
    return [squash(_TAG.sub(" ", " ".join(lines))) for lines in found if lines]


def integrity_counts(units: list[str], found: list[str]) -> tuple[int, int, int, int]:
    """(units whole in one block, units, blocks holding 2+ units, blocks holding any unit)."""
    keys = [squash(unit) for unit in units]
    whole = sum(1 for key in keys if any(key in block for block in found))
    held = [sum(1 for key in keys if key in block) for block in found]
    return whole, len(keys), sum(1 for n in held if n >= 2), sum(1 for n in held if n >= 1)


# -- lists ---------------------------------------------------------------------------------


def list_items(markdown: str) -> list[tuple[int, str]]:
    """(depth, text) of the Markdown list items, depth the rank of the item's indentation
    among the open indentations (0 for top level). Following lines belong to the item until
    a blank line, after which only indented lines do; a heading or prose ends the list."""
    items: list[tuple[int, str]] = []
    indents: list[int] = []
    lazy = False
    for line in _prose_lines(markdown):
        item = _ITEM.match(line)
        if item:
            indent = len(item.group(1).expandtabs(4))
            indents = [i for i in indents if i < indent] + [indent]
            items.append((len(indents) - 1, _VISUAL.sub("", item.group(3).strip())))
            lazy = True
        elif not line.strip():
            lazy = False
        elif indents and not _ATX.match(line) and (lazy or line[:1].isspace()):
            items[-1] = (items[-1][0], items[-1][1] + " " + line.strip())
        else:
            indents, lazy = [], False
    return items


# -- tables --------------------------------------------------------------------------------


class _TableParser(HTMLParser):
    """Grids of the <table>s of an HTML fragment, a colspan cell repeated over its columns."""

    def __init__(self) -> None:
        super().__init__()
        self.grids: list[Grid] = []
        self.cell: list[str] | None = None
        self.span = 1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.grids.append([])
        elif tag == "tr" and self.grids:
            self.grids[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
            self.span = int(dict(attrs).get("colspan") or 1)
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.grids and self.grids[-1]:
            self.grids[-1][-1].extend([" ".join("".join(self.cell).split())] * self.span)
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def _pipe_row(line: str) -> list[str]:
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [_TAG.sub(" ", _MARKUP.sub("", cell)).strip() for cell in cells]


def tables(markdown: str) -> list[Grid]:
    """The pipe tables (with their |---| rule) and HTML tables of a Markdown string."""
    text = clean(markdown)
    parser = _TableParser()
    for match in _HTML_TABLE.finditer(text):
        parser.feed(match.group(0))
    grids = [grid for grid in parser.grids if grid]
    run: list[str] = []
    for line in [*_HTML_TABLE.sub("", text).splitlines(), ""]:
        if line.strip().startswith("|"):
            run.append(line)
            continue
        if len(run) >= 2 and re.fullmatch(r"[\s|:\-]+", run[1]):
            grids.append([_pipe_row(row) for i, row in enumerate(run) if i != 1])
        run = []
    return grids


def cell_counts(grids: list[Grid]) -> tuple[Counter[str], Counter[tuple[str, str]]]:
    """The cells (a cell repeated over a span counted once) and the pairs of a cell and its
    right and lower neighbours, over all the grids, as squashed texts."""
    cells: Counter[str] = Counter()
    pairs: Counter[tuple[str, str]] = Counter()
    for grid in grids:
        squashed = [[squash(cell) for cell in row] for row in grid]
        for r, row in enumerate(squashed):
            runs = [cell for c, cell in enumerate(row) if cell and (c == 0 or cell != row[c - 1])]
            cells.update(runs)
            pairs.update(("right", a + "|" + b) for a, b in itertools.pairwise(runs))
            if r + 1 < len(squashed):
                below = squashed[r + 1]
                for c, cell in enumerate(row):
                    if c < len(below) and cell and below[c] and below[c] != cell:
                        pairs[("below", cell + "|" + below[c])] += 1
    return cells, pairs


# -- scores --------------------------------------------------------------------------------


def f1(matched: int, found: int, expected: int) -> float | None:
    """F1 of a match; None when there was nothing to find and nothing was found."""
    if not found and not expected:
        return None
    return 2 * matched / (found + expected)


def multiset_f1(found: Counter[Any], expected: Counter[Any]) -> float | None:
    return f1(sum((found & expected).values()), sum(found.values()), sum(expected.values()))


def order_similarity(markdown: str, expected_words: list[str], furniture: Iterable[str]) -> float:
    """Levenshtein similarity of the output's words (furniture lines dropped) and the
    expected words, each sequence joined by spaces."""
    skip = {squash(text) for text in furniture}
    kept = [line for line in clean(markdown).splitlines() if squash(_MARKUP.sub("", line)) not in skip]
    got = " ".join(words(_MARKUP.sub(" ", "\n".join(kept))))
    return float(Levenshtein.normalized_similarity(got, " ".join(expected_words)))
