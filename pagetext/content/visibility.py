"""Whether a viewer shows each glyph, and if not, why (Glyph.hidden)."""

from __future__ import annotations

import math
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.geometry import Box

# The reasons, in the order a glyph lists them.
INVISIBLE_MODE: Final = "invisible-mode"  # render mode 3 or 7 (§9.3.6)
CLIPPED: Final = "clipped"  # centre outside the clipping path in force (§8.5.4)
COVERED: Final = "covered"  # an opaque fill or image painted later covers its box
SAME_COLOR: Final = "same-color"  # its colour cannot be told from what lies beneath
TRANSPARENT: Final = "transparent"  # alpha 0 or a soft mask that removes it (§11.6.4.4)
TINY: Final = "tiny"  # rendered height below TINY_HEIGHT
OFF_PAGE: Final = "off-page"  # centre outside the visible box (§14.11.2)
OPTIONAL_CONTENT: Final = "optional-content"  # in optional content off by default (§8.11)
REASONS: Final = (
    INVISIBLE_MODE, CLIPPED, COVERED, SAME_COLOR, TRANSPARENT, TINY, OFF_PAGE, OPTIONAL_CONTENT,
)  # fmt: skip

# Below a point of em height in default user space no reader makes out a letter (a page
# printed at its size has 1/72 inch per unit; 1 pt type is under 0.4 mm).
TINY_HEIGHT: Final = 1.0


def flag_glyphs(glyphs: list[Glyph], visible_box: Box) -> None:
    """Set each glyph's hidden reasons."""
    for glyph in glyphs:
        reasons: list[str] = []
        if glyph.run.render_mode in (3, 7):
            reasons.append(INVISIBLE_MODE)
        if em_height(glyph) < TINY_HEIGHT:
            reasons.append(TINY)
        if not visible_box.contains(*glyph.center):
            reasons.append(OFF_PAGE)
        glyph.hidden = tuple(reasons)


def em_height(glyph: Glyph) -> float:
    """The glyph's em (its font size) in user space: its box height over the font's ascent
    to descent; in vertical writing, its vertical advance (w1, §9.7.4.3), about an em."""
    if glyph.writing_mode == 1:
        (x0, y0), (x1, y1) = glyph.baseline_start, glyph.glyph_end
        return math.hypot(x1 - x0, y1 - y0)
    font = glyph.run.font
    extent = font.ascent - font.descent if font is not None else 0.0
    return glyph.box_height / extent if extent > 0 else glyph.box_height
