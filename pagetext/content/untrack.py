"""A page's glyph records, and the records that live as long as a document's fonts and marked
content, out of the cycle collector's lists, in the compiled build (_native_untrack.c)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pagetext.content.glyph import Glyph, GlyphRun, MarkedContent
from pagetext.fonts.font import DecodedGlyph


def _native_untrack() -> Callable[[list[Any]], None] | None:
    """The compiled build's untrack (_native_untrack.c), after making glyphs, runs, decoded
    codes and marked-content sequences untracked from birth; None in plain Python, which
    cannot take an object out of the cycle collector's lists."""
    try:
        from pagetext.content._native_untrack import untrack, untrack_at_birth
    except ImportError:
        return None
    # Glyphs and runs can be part of no reference cycle (their fields are text, numbers,
    # fonts and marked content, none of which refers back), so they never enter the lists:
    # taking them out page by page, cold in memory by then, cost more than their making.
    untrack_at_birth(Glyph)
    untrack_at_birth(GlyphRun)
    # A font's decoded codes (code, texts, width) live as long as its document, and the
    # collector's passes while it is read promoted them, thousands a document, until the
    # survivors counted called for a full collection of the whole heap (about 10 ms).
    untrack_at_birth(DecodedGlyph)
    # Marked-content sequences refer up to their enclosing ones only (made before them).
    untrack_at_birth(MarkedContent)
    return untrack


_UNTRACK: Final = _native_untrack()


def untrack_records(glyphs: list[Glyph]) -> None:
    """Take a page's glyph list out of the cycle collector's lists; its glyphs and their runs
    are made untracked (compiled build), so that the collector does not walk them at each of
    its passes while the page is kept. Reference counting frees them as before.

    `glyphs` must be a list the page keeps to itself (never handed to a caller, who could
    put into it what refers back to it): nothing it holds leads back to it. Tracked, the
    collection that follows each page walks it item by item (two thirds of the items that
    collection visits on the median documents)."""
    if _UNTRACK is not None:
        _UNTRACK([glyphs])
