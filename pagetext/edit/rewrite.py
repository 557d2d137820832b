"""Content streams rewritten without removed glyphs: the page's, and copies of the forms.

A form a removed glyph was drawn through is not edited in place: the use that drew it gets
an edited copy under a new resource name, so the same form drawn elsewhere (another page, the
same page twice, another form) keeps drawing the original. The chain of uses from the page to
that form is copied the same way, each copy differing from its original only in the removed
codes and the one renamed Do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pikepdf

from pagetext.content.glyph import FormUse
from pagetext.edit.strings import Removals, rewrite
from pagetext.edit.tokens import Edit, LexedStream, apply_edits
from pagetext.errors import UnsupportedError

# Inline property-list keys whose text describes the content they enclose (§14.9.3, §14.9.4).
TEXT_KEYS = ("ActualText", "Alt", "E")
STREAM_KEYS_NOT_COPIED = frozenset({"/Length", "/Filter", "/DecodeParms"})


@dataclass(slots=True)
class StreamEdits:
    """The edits of one stream: removed codes by string token, Do operators to rename."""

    removals: Removals = field(default_factory=dict)
    renames: dict[int, str] = field(default_factory=dict)  # Do token → new XObject name


def stream_edits(stream: LexedStream, edits: StreamEdits) -> list[Edit]:
    """Byte edits for the removals and renames, and for the text keys of the inline marked-
    content property lists around removed glyphs (they would tell the removed text)."""
    result: list[Edit] = []
    by_operation: dict[int, Removals] = {}
    for token, removal in edits.removals.items():
        operation = stream.showing.get(token)
        if operation is None:
            raise UnsupportedError(f"token {token} of a content stream shows no text; the file changed")
        by_operation.setdefault(operation.index, {})[token] = removal
    operations = {op.index: op for op in stream.operations if op.index in by_operation}
    stripped: set[tuple[int, int]] = set()
    for index, removals in by_operation.items():
        result.append(rewrite(stream, operations[index], removals))
        for token in removals:
            for sequence in stream.enclosing.get(token, ()):
                for key in TEXT_KEYS:
                    tokens = sequence.keys.get(key)
                    if tokens is not None and tokens not in stripped:
                        stripped.add(tokens)
                        result.append(Edit(stream.span(tokens[0])[0], stream.span(tokens[1])[1], b""))
    for do_token, name in edits.renames.items():
        start, end = stream.span(do_token - 1)
        result.append(Edit(start, end, b"/" + name.encode()))
    return result


def free_name(taken: Any, added: dict[str, Any], base: str) -> str:
    """A resource name derived from `base` that is neither in `taken` (a resource dictionary)
    nor among the names `added` beside it."""
    number = 1
    while f"/{base}_r{number}" in taken or f"{base}_r{number}" in added:
        number += 1
    return f"{base}_r{number}"


def with_xobjects(pdf: pikepdf.Pdf, resources: Any, added: dict[str, Any]) -> pikepdf.Dictionary:
    """A shallow copy of a resource dictionary whose /XObject also holds `added` (the
    original stays as it is: other pages and forms may share it)."""
    copy = pikepdf.Dictionary()
    if isinstance(resources, pikepdf.Dictionary):
        for key, value in resources.items():
            copy[key] = value
    xobjects = pikepdf.Dictionary()
    old = copy.get("/XObject")
    if isinstance(old, pikepdf.Dictionary):
        for key, value in old.items():
            xobjects[key] = value
    for name, xobject in added.items():
        xobjects["/" + name] = xobject
    copy["/XObject"] = xobjects
    return copy


def copy_form(pdf: pikepdf.Pdf, form: pikepdf.Stream, content: bytes, resources: Any) -> pikepdf.Stream:
    """A new form stream with the original's dictionary, this content and these resources."""
    copy = pikepdf.Stream(pdf, content)
    for key, value in form.items():
        if key not in STREAM_KEYS_NOT_COPIED and key != "/Resources":
            copy[key] = value
    if resources is not None:
        copy["/Resources"] = resources
    return pdf.make_indirect(copy)


class FormChain:
    """Resolves form uses (Do token, objgen) from a root stream to the forms they draw."""

    def __init__(self, root_data: bytes, root_resources: Any) -> None:
        self.streams: dict[tuple[FormUse, ...], LexedStream] = {(): LexedStream(root_data)}
        self.resources: dict[tuple[FormUse, ...], Any] = {(): root_resources}
        self.forms: dict[tuple[FormUse, ...], pikepdf.Stream] = {}
        self.names: dict[tuple[FormUse, ...], str] = {}

    def resolve(self, uses: tuple[FormUse, ...]) -> None:
        """Find the form of each use of the chain (the file's, checked against the objgens)."""
        for depth in range(1, len(uses) + 1):
            path = uses[:depth]
            if path in self.forms:
                continue
            parent = self.streams[path[:-1]]
            do_token, number, generation = path[-1]
            operation = next((op for op in parent.operations if op.index == do_token), None)
            if operation is None or operation.operator != "Do" or not operation.operands:
                raise UnsupportedError("a form use of a redacted glyph is not where it was read")
            name = operation.operands[-1]
            resources = self.resources[path[:-1]]
            xobjects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
            form = xobjects.get("/" + str(name)) if isinstance(xobjects, pikepdf.Dictionary) else None
            if not isinstance(form, pikepdf.Stream) or form.objgen != (number, generation):
                raise UnsupportedError(f"form {name} of a redacted glyph could not be found again")
            self.forms[path] = form
            self.names[path] = str(name)
            own = form.get("/Resources")
            self.resources[path] = own if isinstance(own, pikepdf.Dictionary) else resources
            self.streams[path] = LexedStream(form.read_bytes())


def rewrite_chain(
    pdf: pikepdf.Pdf, chain: FormChain, removals: dict[tuple[FormUse, ...], Removals]
) -> tuple[list[Edit], dict[str, Any]]:
    """Edit every stream under the root that removals touch, deepest first. Returns the root
    stream's byte edits and the XObjects (new name → edited form copy) its resources need."""
    edits: dict[tuple[FormUse, ...], StreamEdits] = {}
    for uses, removal in removals.items():
        chain.resolve(uses)
        edits.setdefault(uses, StreamEdits()).removals.update(removal)
        for depth in range(len(uses)):
            edits.setdefault(uses[:depth], StreamEdits())
    added: dict[tuple[FormUse, ...], dict[str, Any]] = {}
    for uses in sorted(edits, key=len, reverse=True):
        if not uses:
            continue
        stream = chain.streams[uses]
        content = apply_edits(stream.data, stream_edits(stream, edits[uses]))
        resources = chain.resources[uses]
        if uses in added:
            resources = with_xobjects(pdf, resources, added[uses])
        elif not isinstance(chain.forms[uses].get("/Resources"), pikepdf.Dictionary):
            resources = None  # it borrowed its parent's, and still may
        copy = copy_form(pdf, chain.forms[uses], content, resources)
        parent = uses[:-1]
        parent_resources = chain.resources[parent]
        taken = parent_resources.get("/XObject", pikepdf.Dictionary()) if parent_resources is not None else {}
        siblings = added.setdefault(parent, {})
        name = free_name(taken, siblings, chain.names[uses])
        siblings[name] = copy
        edits[parent].renames[uses[-1][0]] = name
    root = chain.streams[()]
    return stream_edits(root, edits.get((), StreamEdits())), added.get((), {})
