"""A page's glyph records out of the cycle collector's lists, in the compiled build (_native_untrack.c)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pagetext.content.glyph import Glyph, GlyphRun


def _native_untrack() -> Callable[[list[Any]], None] | None:
    """The compiled build's untrack (_native_untrack.c); None in plain Python, which cannot
    take an object out of the cycle collector's lists."""
    try:
        from pagetext.content._native_untrack import untrack
    except ImportError:
        return None
    return untrack


_UNTRACK: Final = _native_untrack()


def untrack_records(glyphs: list[Glyph]) -> None:
    """Take a page's glyphs and their runs out of the cycle collector's lists: records that
    can be part of no reference cycle (their fields are text, numbers, fonts and marked
    content, none of which refers back), which the collector would otherwise walk at each of
    its passes while the page is kept. Reference counting frees them as before.

    `glyphs` must be a list the page keeps to itself (never handed to a caller, who could
    put into it what refers back to it): it goes out of the lists too, as nothing it holds
    leads back to it. Tracked, the collection that follows each page walks it item by item
    (two thirds of the items that collection visits on the median documents)."""
    if _UNTRACK is None:
        return
    runs: list[GlyphRun] = []
    last: GlyphRun | None = None
    for glyph in glyphs:
        run = glyph.run
        if run is not last:
            runs.append(run)
            last = run
    _UNTRACK(glyphs)
    _UNTRACK(runs)
    _UNTRACK([glyphs])
