"""What editing reads of a document: the file and, per page, what the page's reading found.

Document (pagetext.document) builds an EditSource on the document it edits and Page builds each
EditPage, so that edit/ works from these records and knows neither Page nor Document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pikepdf

from pagetext.content.glyph import Glyph
from pagetext.errors import Warn
from pagetext.pdf.objects import ObjGen
from pagetext.structure.tree import StructTree


@dataclass(frozen=True, slots=True)
class EditPage:
    """One page as edits need it, read once its content was interpreted: its page dictionary
    (edited in place), its resources (inherited, §7.7.3.4), every glyph it draws (forms and
    annotation appearances included), where its warnings go, and its keys in the structure
    tree's parent tree (§14.7.4.4): the page's /StructParents and that of each form it draws."""

    number: int  # 1-based
    dictionary: Any
    resources: Any
    glyphs: list[Glyph]
    warn: Warn
    struct_parents: int | None
    form_struct_parents: Mapping[ObjGen, int]


@dataclass(frozen=True, slots=True)
class EditSource:
    """The document edits are made on: its pikepdf.Pdf (edited in place, then written whole),
    its page count, its pages by 1-based number (each interpreted when asked for: pages are
    expensive, and only those with targets are read) and its structure tree, read on first
    use (None for untagged files), warning to the given page's warnings."""

    pdf: pikepdf.Pdf
    page_count: int
    page: Callable[[int], EditPage]
    structure_tree: Callable[[Warn], StructTree | None]
