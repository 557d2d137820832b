"""Structure elements over redacted glyphs lose the text that describes them (§14.9.3, §14.9.4).

/ActualText, /Alt and /E of the element that owns a removed glyph's marked content, and of
the elements above it, would tell the removed text, so they go.
"""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.edit.source import EditPage
from pagetext.structure.tree import StructTree

TEXT_KEYS: Final = ("/ActualText", "/Alt", "/E")
MAX_DEPTH: Final = 64  # guard for /P chains that loop


def strip_element_text(
    tree: StructTree, page: EditPage, marked: set[tuple[int, tuple[int, int] | None]]
) -> int:
    """Remove the text keys of the elements owning `marked` content and of their ancestors;
    returns how many keys went."""
    removed = 0
    struct_parents = page.struct_parents
    forms = page.form_struct_parents
    for mcid, stream in marked:
        parents = struct_parents if stream is None else forms.get(stream)
        node: Any = tree.parent_of(parents, mcid)
        for _ in range(MAX_DEPTH):
            if not isinstance(node, pikepdf.Dictionary) or node.get("/Type") == pikepdf.Name.StructTreeRoot:
                break
            for key in TEXT_KEYS:
                if key in node:
                    del node[key]
                    removed += 1
            node = node.get("/P")
    return removed
