"""The structure tree of a tagged PDF (ISO 32000-1 §14.7), read with guards.

A `StructTree` is read once per document, and only when asked for (structure order, auto
order, Page.structure(), or ActualText of structure elements on a page with MCIDs). Every
access is guarded: damaged trees (wrong types, loops, absurd depth) give a warning and what
could be read, never an exception.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

import pikepdf

from pagetext.errors import Warn
from pagetext.pdf.objects import OBJECT_ERRORS, ObjGen, optional_entry, text_string
from pagetext.structure.nodes import ContentKey, Node, ObjectRef

MAX_STRUCT_DEPTH: Final = 256  # real trees nest a few dozen levels; deeper is damage or a loop
MAX_STRUCT_ELEMENTS: Final = 2_000_000  # a budget against hostile trees
MAX_NUMBER_TREE_DEPTH: Final = 32  # /Kids levels of the /ParentTree (§7.9.7)
MAX_ROLE_CHAIN: Final = 32  # /RoleMap chains longer than this are loops (§14.7.3)

# Standard structure types of PDF 1.7 (§14.8.4) and PDF 2.0 (ISO 32000-2 §14.8.4).
STANDARD_TYPES: Final = frozenset(
    "Document DocumentFragment Part Art Sect Div Aside BlockQuote Caption TOC TOCI Index "
    "NonStruct Private Title FENote Sub P H H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH TD "
    "THead TBody TFoot Span Quote Note Reference BibEntry Code Link Annot Ruby RB RT RP "
    "Warichu WT WP Em Strong Figure Formula Form Artifact".split()
)
# The namespaces of the standard types (ISO 32000-2 §14.7.4.2).
STANDARD_NAMESPACES: Final = frozenset({"http://iso.org/pdf/ssn", "http://iso.org/pdf2/ssn"})


_DIRECT: Final = itertools.count(1)


# Names compared per element, made once: pikepdf.Name.X builds one at each use.
_STRUCT_TREE_ROOT: Final = pikepdf.Name("/StructTreeRoot")
_MCR: Final = pikepdf.Name("/MCR")
_OBJR: Final = pikepdf.Name("/OBJR")


def _key(obj: Any) -> ObjGen:
    """An object's identity: its object number and generation; a direct object (which nothing
    else can refer to, so never met twice) gets a fresh one."""
    objgen: ObjGen = obj.objgen
    return objgen if objgen != (0, 0) else (-1, next(_DIRECT))


def _name(value: Any) -> str:
    return str(value)[1:] if isinstance(value, pikepdf.Name) else ""


def _int(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


class StructTree:
    """/StructTreeRoot of a document: role maps, the parent tree and, on demand, the elements."""

    def __init__(self, root: pikepdf.Dictionary, suspects: bool, warn: Warn) -> None:
        self.root = root
        self._root_key = _key(root)
        self.suspects = suspects  # /MarkInfo /Suspects true (§14.7.1)
        self.warn = warn
        self.broken: list[str] = []  # why the tree is damaged (cycles, wrong types, depth)
        self.role_map = _dict(root, "/RoleMap")
        self._parent_tree: dict[int, Any] | None = None
        # Per /StructParents: its parent tree array's items, read once ([] for none).
        self._parent_arrays: dict[int, list[Any]] = {}
        self._roots: list[Node] | None = None
        self.by_key: dict[ContentKey, Node] = {}
        self.nodes: dict[ObjGen, Node] = {}
        self._actual: dict[ObjGen, tuple[ObjGen, str] | None] = {}

    # -- the parent tree (§14.7.4.4) --------------------------------------------------------

    @property
    def parent_tree(self) -> dict[int, Any]:
        if self._parent_tree is None:
            self._parent_tree = {}
            tree = _dict(self.root, "/ParentTree")
            if tree is not None:
                self._read_number_tree(tree, 0, set())
        return self._parent_tree

    def _read_number_tree(self, node: Any, depth: int, seen: set[ObjGen]) -> None:
        assert self._parent_tree is not None
        key = _key(node)
        if depth > MAX_NUMBER_TREE_DEPTH or key in seen:
            self._damage("the /ParentTree loops or nests too deep; the rest of it was skipped")
            return
        seen.add(key)
        try:
            nums = node.get("/Nums")
            if isinstance(nums, pikepdf.Array):
                for i in range(0, len(nums) - 1, 2):
                    number = _int(nums[i])
                    if number is not None:
                        self._parent_tree[number] = nums[i + 1]
            kids = optional_entry(node, "/Kids")
            if isinstance(kids, pikepdf.Array):
                for kid in kids:
                    if isinstance(kid, pikepdf.Dictionary):
                        self._read_number_tree(kid, depth + 1, seen)
        except OBJECT_ERRORS as error:
            self._damage(f"the /ParentTree could not be read: {error}")

    def parent_of(self, struct_parents: int | None, mcid: int) -> pikepdf.Dictionary | None:
        """The element a marked-content sequence belongs to, from the parent tree."""
        if struct_parents is None:
            return None
        items = self._parent_arrays.get(struct_parents)
        if items is None:
            items = self._parent_arrays[struct_parents] = _array_items(self.parent_tree.get(struct_parents))
        if 0 <= mcid < len(items):
            element = items[mcid]
            return element if isinstance(element, pikepdf.Dictionary) else None
        return None

    def actual_text_unit(self, element: pikepdf.Dictionary) -> tuple[ObjGen, str] | None:
        """The outermost element at or above `element` with an /ActualText (§14.9.4): its
        identity and its text, or None.

        Each element's answer is kept in a table by its identity, so that an element is read
        through pikepdf once per document: a walk up stops at the first element met before
        (the elements of a page share their ancestors, and the pages theirs)."""
        actual = self._actual
        known = _key(element)
        if known in actual:  # asked before: no walk to set up
            return actual[known]
        chain: list[tuple[ObjGen, str | None]] = []  # from the element up, with their own
        above: tuple[ObjGen, str] | None = None  # the answer for the element above the chain
        node: Any = element
        seen: set[ObjGen] = set()
        for _ in range(MAX_STRUCT_DEPTH):
            if not isinstance(node, pikepdf.Dictionary):
                break
            key = _key(node)
            if key in actual:  # the answer at and above this element is known
                above = actual[key]
                break
            # The root by its identity: reading and comparing its /Type is three calls into
            # pikepdf, for every element of the chain.
            if key in seen or key == self._root_key:
                break
            seen.add(key)
            try:
                chain.append((key, text_string(optional_entry(node, "/ActualText"))))
                node = node.get("/P")
            except OBJECT_ERRORS:
                break
        # Outermost wins: walking down, an element takes the unit above it, else its own.
        found = above
        for key, text in reversed(chain):
            if found is None and text is not None:
                found = (key, text)
            actual[key] = found
        return found

    # -- role maps (§14.7.3, ISO 32000-2 §14.7.4) -------------------------------------------

    def standard_type(self, raw: str, namespace: Any) -> str:
        """The standard type a structure type maps to through the role maps (chains followed,
        loops cut); the last type reached when no standard one is."""
        current = raw
        ns = namespace if isinstance(namespace, pikepdf.Dictionary) else None
        for _ in range(MAX_ROLE_CHAIN):
            if ns is not None:
                uri = text_string(ns.get("/NS")) or ""
                if uri in STANDARD_NAMESPACES:
                    return current
                ns_map = _dict(ns, "/RoleMapNS")
                target = ns_map.get("/" + current) if ns_map is not None else None
                if isinstance(target, pikepdf.Name):
                    return _name(target)
                if isinstance(target, pikepdf.Array) and len(target) >= 1:
                    current = _name(target[0]) or current
                    ns = target[1] if len(target) > 1 and isinstance(target[1], pikepdf.Dictionary) else None
                    continue
                ns = None  # not in the namespace's own map: the document's /RoleMap decides
            if current in STANDARD_TYPES:
                return current
            target = self.role_map.get("/" + current) if self.role_map is not None else None
            if not isinstance(target, pikepdf.Name) or _name(target) == current:
                return current
            current = _name(target)
        self._damage(f"the /RoleMap chain of {raw} loops")
        return current

    # -- the elements (§14.7.2) -------------------------------------------------------------

    @property
    def roots(self) -> list[Node]:
        if self._roots is None:
            self._roots = []
            try:
                self._read_kids(self.root, None, self._roots, None)
            except OBJECT_ERRORS as error:
                self._damage(f"the structure tree could not be read: {error}")
        return self._roots

    def _damage(self, message: str) -> None:
        if message not in self.broken:
            self.broken.append(message)
            self.warn(message)

    def _read_kids(self, holder: Any, node: Node | None, out: list[Any], page: ObjGen | None) -> None:
        """Read /K of the root (node None) or of an element, depth first, without recursion."""
        stack: list[tuple[Any, Node | None, list[Any], ObjGen | None, int]] = [(holder, node, out, page, 0)]
        while stack:
            holder, node, out, page, depth = stack.pop()
            kids = holder.get("/K")
            items = list(kids) if isinstance(kids, pikepdf.Array) else ([] if kids is None else [kids])
            pending: list[tuple[Any, Node | None, list[Any], ObjGen | None, int]] = []
            for kid in items:
                mcid = _int(kid)
                if mcid is not None:
                    if node is not None:  # an MCID of the element's /Pg (§14.7.4.2)
                        self._own(node, (page, None, mcid))
                    continue
                if not isinstance(kid, pikepdf.Dictionary):
                    continue
                kid_type = optional_entry(kid, "/Type")
                if kid_type == _MCR:  # §14.7.4.2
                    mcid = _int(kid.get("/MCID"))
                    if mcid is not None and node is not None:
                        stream = kid.get("/Stm")
                        if isinstance(stream, pikepdf.Stream):
                            self._own(node, (None, _key(stream), mcid))
                        else:
                            kid_page = kid.get("/Pg")
                            self._own(
                                node,
                                (
                                    _key(kid_page) if isinstance(kid_page, pikepdf.Dictionary) else page,
                                    None,
                                    mcid,
                                ),
                            )
                    continue
                if kid_type == _OBJR:  # §14.7.4.3
                    obj = kid.get("/Obj")
                    if node is not None and isinstance(obj, pikepdf.Object) and obj.is_indirect:
                        kid_page = kid.get("/Pg")
                        node.kids.append(
                            ObjectRef(
                                _key(obj),
                                _key(kid_page) if isinstance(kid_page, pikepdf.Dictionary) else page,
                            )
                        )
                    continue
                element = self._element(kid, node, depth)
                if element is not None:
                    out.append(element)
                    kid_page = kid.get("/Pg")
                    pending.append(
                        (
                            kid,
                            element,
                            element.kids,
                            _key(kid_page) if isinstance(kid_page, pikepdf.Dictionary) else page,
                            depth + 1,
                        )
                    )
            stack.extend(reversed(pending))  # pre-order: the first kid is read first

    def _element(self, obj: pikepdf.Dictionary, parent: Node | None, depth: int) -> Node | None:
        key = _key(obj)
        if key in self.nodes:
            self._damage("the structure tree reaches an element twice (a cycle); the repeat was skipped")
            return None
        if depth >= MAX_STRUCT_DEPTH:
            self._damage(f"the structure tree nests deeper than {MAX_STRUCT_DEPTH}; the rest was skipped")
            return None
        if len(self.nodes) >= MAX_STRUCT_ELEMENTS:
            self._damage(
                f"the structure tree has more than {MAX_STRUCT_ELEMENTS} elements; the rest was skipped"
            )
            return None
        raw = _name(obj.get("/S"))
        node = Node(key, raw, self.standard_type(raw, optional_entry(obj, "/NS")), parent)
        node.alt = text_string(optional_entry(obj, "/Alt"))
        node.actual_text = text_string(optional_entry(obj, "/ActualText"))
        node.lang = text_string(optional_entry(obj, "/Lang"))
        node.expansion = text_string(optional_entry(obj, "/E"))
        node.attributes_bbox = _attribute_bbox(optional_entry(obj, "/A"))
        self.nodes[key] = node
        return node

    def _own(self, node: Node, key: ContentKey) -> None:
        node.kids.append(key)
        self.by_key.setdefault(key, node)

    def adopt(self, element: pikepdf.Dictionary, key: ContentKey) -> Node | None:
        """Attach content the parent tree gives an element that the /K walk did not reach
        (a tree kept in the /ParentTree only): the element, and its ancestors up to one
        already read (or a new root), join the tree."""
        _ = self.roots
        try:
            chain: list[pikepdf.Dictionary] = []
            obj: Any = element
            for _depth in range(MAX_STRUCT_DEPTH):
                if not isinstance(obj, pikepdf.Dictionary):
                    break
                if optional_entry(obj, "/Type") == _STRUCT_TREE_ROOT:
                    break
                if _key(obj) in self.nodes:
                    break
                if any(_key(obj) == _key(seen) for seen in chain):
                    self._damage("the /P chain of a structure element loops")
                    break
                chain.append(obj)
                obj = obj.get("/P")
            parent = self.nodes.get(_key(obj)) if isinstance(obj, pikepdf.Dictionary) else None
            for link in reversed(chain):
                node = self._element(link, parent, 0)
                if node is None:
                    return None
                if parent is None:
                    assert self._roots is not None
                    self._roots.append(node)
                else:
                    parent.kids.append(node)
                parent = node
        except OBJECT_ERRORS:
            return None
        node = self.nodes.get(_key(element))
        if node is not None and key not in self.by_key:
            self._own(node, key)
        return node


def _array_items(entry: Any) -> list[Any]:
    """The items of a parent tree entry (§14.7.4.4), read in one call rather than one per
    MCID; [] when it is no array, None for an item that cannot be read."""
    try:
        if not isinstance(entry, pikepdf.Array):
            return []
        return list(entry)
    except OBJECT_ERRORS:
        pass
    try:  # item by item: what can be read of a damaged array
        count = len(entry)
    except OBJECT_ERRORS:
        return []
    items: list[Any] = []
    for index in range(count):
        try:
            items.append(entry[index])
        except OBJECT_ERRORS:
            items.append(None)
    return items


def _dict(holder: Any, key: str) -> pikepdf.Dictionary | None:
    try:
        value = holder.get(key)
    except OBJECT_ERRORS:
        return None
    return value if isinstance(value, pikepdf.Dictionary) else None


def _attribute_bbox(attributes: Any) -> tuple[float, float, float, float] | None:
    """/BBox of a Layout attribute object (§14.8.5.4.3), when there is one."""
    items = attributes if isinstance(attributes, pikepdf.Array) else [attributes]
    for item in items:
        if isinstance(item, pikepdf.Dictionary):
            box = item.get("/BBox")
            if isinstance(box, pikepdf.Array) and len(box) == 4:
                try:
                    x0, y0, x1, y1 = (float(v) for v in box)
                except (TypeError, ValueError):
                    continue
                return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
    return None


def read_tree(pdf: pikepdf.Pdf, warn: Warn) -> StructTree | None:
    """The document's structure tree, or None when it has none (or it cannot be read)."""
    try:
        root = pdf.Root.get("/StructTreeRoot")
        if not isinstance(root, pikepdf.Dictionary):
            return None
        mark_info = pdf.Root.get("/MarkInfo")
        suspects = isinstance(mark_info, pikepdf.Dictionary) and optional_entry(mark_info, "/Suspects")
        return StructTree(root, suspects is True, warn)
    except OBJECT_ERRORS as error:
        warn(f"the structure tree root could not be read: {error}")
        return None
