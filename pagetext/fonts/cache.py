"""The fonts of one document, each parsed once (ISO 32000-1 §9.5–9.10): pages share them, so a font
used on every page is read on the first."""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.errors import Warn, WarningRelay
from pagetext.fonts.font import Font
from pagetext.fonts.loader import load_font


class FontCache:
    """Fonts parsed once per document, keyed by the font dictionary's object number."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, int], Font] = {}
        self._relay = WarningRelay()

    def end_page(self) -> None:
        self._relay.clear()

    def get(self, font_dict: Any, warn: Warn) -> Font:
        """The font for a font dictionary; problems found while parsing it go to `warn`."""
        self._relay.target = warn
        key = font_dict.objgen if isinstance(font_dict, pikepdf.Object) else (0, 0)
        if key != (0, 0) and key in self._fonts:
            return self._fonts[key]
        font = load_font(font_dict, self._relay)
        if key != (0, 0):
            self._fonts[key] = font
        return font
