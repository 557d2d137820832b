"""Optional content (ISO 32000-1 §8.11): whether a group or membership dictionary is on in the
document's default configuration, as a viewer first shows the document."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.pdf.objects import OBJECT_ERRORS, ObjGen, name

MAX_OC_DEPTH: Final = 16  # guard for visibility expressions nested in themselves (§8.11.2.2)


class OptionalContent:
    """The document's optional content settings, read on first use."""

    __slots__ = ("_off", "_root")

    def __init__(self, root: Any) -> None:
        self._root = root
        self._off: set[ObjGen] | None = None

    def off_groups(self) -> set[ObjGen]:
        """OCGs off in the default configuration (§8.11.4.3: /BaseState, /ON, /OFF of /D)."""
        if self._off is not None:
            return self._off
        off: set[ObjGen] = set()
        self._off = off
        try:
            properties = self._root.get("/OCProperties")
            if not isinstance(properties, pikepdf.Dictionary):
                return off
            groups = properties.get("/OCGs")
            default = properties.get("/D")
            if not isinstance(default, pikepdf.Dictionary):
                return off
            on_list = default.get("/ON")
            off_list = default.get("/OFF")
            on = (
                {g.objgen for g in on_list if isinstance(g, pikepdf.Dictionary)}
                if isinstance(on_list, pikepdf.Array)
                else set()
            )
            if name(default.get("/BaseState")) == "OFF" and isinstance(groups, pikepdf.Array):
                off.update(
                    g.objgen for g in groups if isinstance(g, pikepdf.Dictionary) and g.objgen not in on
                )
            if isinstance(off_list, pikepdf.Array):
                off.update(g.objgen for g in off_list if isinstance(g, pikepdf.Dictionary))
        except OBJECT_ERRORS:
            pass
        return off

    def visible(self, oc: Any, depth: int = 0) -> bool:
        """Whether an optional content group, membership dictionary (§8.11.2.2: /OCGs with
        /P, or /VE) or visibility expression is on; damaged entries show, as a viewer that
        cannot read them shows the content."""
        try:
            return self._visible(oc, depth)
        except OBJECT_ERRORS:
            return True

    def _visible(self, oc: Any, depth: int) -> bool:
        if depth > MAX_OC_DEPTH or not isinstance(oc, (pikepdf.Dictionary, pikepdf.Array)):
            return True
        if isinstance(oc, pikepdf.Array):  # a visibility expression (§8.11.2.2)
            if len(oc) == 0:
                return True
            op = name(oc[0])
            args = [self._visible(item, depth + 1) for item in list(oc)[1:]]
            if op == "Not":
                return not args[0] if args else True
            if op == "Or":
                return any(args)
            return all(args)  # And
        if name(oc.get("/Type")) == "OCMD":
            expression = oc.get("/VE")
            if isinstance(expression, pikepdf.Array):
                return self._visible(expression, depth + 1)
            groups = oc.get("/OCGs")
            if isinstance(groups, pikepdf.Dictionary):
                members = [groups]
            elif isinstance(groups, pikepdf.Array):
                members = [g for g in groups if isinstance(g, pikepdf.Dictionary)]
            else:
                return True
            if not members:
                return True
            states = [g.objgen not in self.off_groups() for g in members]
            policy = name(oc.get("/P")) or "AnyOn"
            if policy == "AllOn":
                return all(states)
            if policy == "AnyOff":
                return not all(states)
            if policy == "AllOff":
                return not any(states)
            return any(states)
        return oc.objgen not in self.off_groups()
