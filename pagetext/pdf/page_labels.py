"""Page labels (ISO 32000-1 §12.4.2): the number or name a viewer shows for each page.

The catalog's /PageLabels number tree maps the index of each page that starts a labelling
range to a label dictionary: /S the numbering style (D decimal, R and r roman, A and a
letters; none: the prefix alone), /P a prefix, /St the number of the range's first page.
A page before the first range, and every page of a file without labels, is labelled with
its 1-based number, as a viewer shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pikepdf

from pagetext.pdf.objects import OBJECT_ERRORS

MAX_TREE_NODES: Final = 10_000  # number tree nodes read; a real tree has a handful
# Beyond these a page is labelled by its decimal number: roman numerals end at 3999, and a
# hostile /St must not make a letter label millions of letters long.
MAX_ROMAN: Final = 3999
MAX_LETTERS: Final = 16  # "AAAA..." 16 letters: page 416 of a lettered range
_ROMAN: Final = (
    (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
    (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
)  # fmt: skip


def _roman(number: int) -> str:
    if number > MAX_ROMAN:
        return str(number)
    digits = []
    for value, text in _ROMAN:
        count, number = divmod(number, value)
        digits.append(text * count)
    return "".join(digits)


def _letters(number: int) -> str:
    # §12.4.2, Table 159: A to Z for the first 26 pages, AA to ZZ for the next 26, and so on.
    if (number - 1) // 26 + 1 > MAX_LETTERS:
        return str(number)
    return chr(ord("a") + (number - 1) % 26) * ((number - 1) // 26 + 1)


NUMERALS: Final[dict[str, Callable[[int], str]]] = {
    "/D": str,
    "/R": lambda n: _roman(n).upper(),
    "/r": _roman,
    "/A": lambda n: _letters(n).upper(),
    "/a": _letters,
}


def _ranges(root: Any) -> list[tuple[int, Any]]:
    """The (first page index, label dictionary) pairs of a number tree (§7.9.7), sorted;
    every node read once, so that a loop ends."""
    ranges: list[tuple[int, Any]] = []
    seen: set[tuple[int, int]] = set()
    nodes = [root]
    while nodes and len(seen) < MAX_TREE_NODES:
        node = nodes.pop()
        if not isinstance(node, pikepdf.Dictionary) or node.objgen in seen:
            continue
        if node.objgen != (0, 0):
            seen.add(node.objgen)
        numbers = node.get("/Nums")
        if isinstance(numbers, pikepdf.Array):
            pairs = list(numbers)
            for key, value in zip(pairs[0::2], pairs[1::2], strict=False):  # an odd last key: no value
                if isinstance(key, int) and isinstance(value, pikepdf.Dictionary):
                    ranges.append((int(key), value))
        kids = node.get("/Kids")
        if isinstance(kids, pikepdf.Array):
            nodes.extend(kids)
    return sorted(ranges, key=lambda item: item[0])


def _label(index: int, start: int, labels: Any) -> str:
    style = labels.get("/S")
    prefix = labels.get("/P")
    first = labels.get("/St", 1)
    text = str(prefix) if isinstance(prefix, pikepdf.String) else ""
    numeral = NUMERALS.get(str(style)) if isinstance(style, pikepdf.Name) else None
    if numeral is not None:
        text += numeral(max(int(first) if isinstance(first, int) else 1, 1) + index - start)
    return text


def page_labels(pdf: pikepdf.Pdf, count: int, warn: Callable[[str], None]) -> list[str]:
    """The label of each of count pages; `warn` hears of a tree that cannot be read."""
    labels = [str(index + 1) for index in range(count)]
    try:
        tree = pdf.Root.get("/PageLabels")
        ranges = _ranges(tree) if tree is not None else []
        for number, (start, dictionary) in enumerate(ranges):
            end = ranges[number + 1][0] if number + 1 < len(ranges) else count
            for index in range(max(start, 0), min(end, count)):
                labels[index] = _label(index, start, dictionary)
    except OBJECT_ERRORS as error:
        warn(f"the page labels could not be read ({error}); pages are labelled by number")
        return [str(index + 1) for index in range(count)]
    return labels
