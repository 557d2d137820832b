"""PageView: the members of a page the exporters read (pagetext.page.Page is one).

Exporters type against this protocol, not the Page class, so that export/ sits below the
page facade (SPEC §8) and any object with these members can be written in every format.
"""

from __future__ import annotations

from typing import Protocol

from pagetext.content.glyph import Glyph
from pagetext.fonts.style import FontStyle
from pagetext.geometry import Box
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line
from pagetext.layout.structure_order import StructureTrust
from pagetext.pdf.links import Link
from pagetext.structure.view import StructElement
from pagetext.tables.records import Table


class PageView(Protocol):
    """A page's number, boxes (§14.11.2), rotation, warnings and its readings."""

    @property
    def number(self) -> int: ...  # 1-based
    @property
    def media_box(self) -> Box: ...
    @property
    def crop_box(self) -> Box: ...
    @property
    def visible_box(self) -> Box: ...
    @property
    def rotation(self) -> int: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def structure_trust(self) -> StructureTrust: ...

    def glyphs(
        self,
        forms: bool = False,
        visible_only: bool = False,
        clip_forms: bool = False,
        annotations: bool | None = None,
        hidden: str = "keep",
    ) -> list[Glyph]: ...

    def lines(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        roles: bool = False,
        artifacts: str = "keep",
        annotations: bool = True,
        hidden: str = "keep",
    ) -> list[Line]: ...

    def text(
        self,
        order: str = "reading",
        params: LayoutParams | None = None,
        artifacts: str = "keep",
        annotations: bool = True,
        dehyphenate: bool = False,
        hidden: str = "keep",
    ) -> str: ...

    def font_styles(self) -> dict[str, FontStyle]: ...

    def structure(self) -> list[StructElement]: ...

    def tables(self, hidden: str = "keep") -> list[Table]: ...

    def links(self) -> list[Link]: ...

    def fresh(self) -> PageView:
        """The same page unread: a caller reading pages twice keeps no glyphs between passes."""
        ...
