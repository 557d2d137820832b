"""Structure elements as read from the file (ISO 32000-1 §14.7.2): each element's type, its
text keys and its kids — elements, marked content (§14.7.4.2) and whole objects (§14.7.4.3)."""

from __future__ import annotations

from collections.abc import Iterator

from pagetext.pdf.objects import ObjGen

# Where content of an element lives: (page, None, MCID) for the page's own content stream,
# (None, form, MCID) for a Form XObject with /StructParents (§14.7.4.3).
ContentKey = tuple[ObjGen | None, ObjGen | None, int]


class ObjectRef:
    """An OBJR kid (§14.7.4.3): a whole PDF object (an annotation, an XObject) in the tree."""

    __slots__ = ("object", "page")

    def __init__(self, obj: ObjGen, page: ObjGen | None) -> None:
        self.object = obj
        self.page = page


class Node:
    """A structure element as read from the file (document-wide)."""

    __slots__ = (
        "actual_text",
        "alt",
        "attributes_bbox",
        "expansion",
        "kids",
        "lang",
        "objgen",
        "parent",
        "raw_type",
        "type",
    )

    def __init__(self, objgen: ObjGen, raw_type: str, type: str, parent: Node | None) -> None:  # noqa: A002
        self.objgen = objgen
        self.raw_type = raw_type
        self.type = type
        self.parent = parent
        self.alt: str | None = None
        self.actual_text: str | None = None
        self.lang: str | None = None
        self.expansion: str | None = None
        self.attributes_bbox: tuple[float, float, float, float] | None = None
        self.kids: list[Node | ContentKey | ObjectRef] = []


def walk(nodes: list[Node]) -> Iterator[Node]:
    """Pre-order over nodes and their element kids."""
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed([kid for kid in node.kids if isinstance(kid, Node)]))
