"""Marked-content operators (ISO 32000-1 §14.6): BMC, BDC and EMC keep the stack of sequences
each shown glyph belongs to, and tell the device of every sequence entered."""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.content.glyph import Artifact, MarkedContent
from pagetext.content.state import InterpreterState
from pagetext.pdf.objects import optional_entry, text_string
from pagetext.syntax.literals import Operand


def _begin(state: InterpreterState, tag: str, properties: Any) -> None:
    """Open a marked-content sequence; `properties` is its property list (a dict of the
    lexer's values or a pikepdf dictionary), or None."""
    parent = state.marked[-1] if state.marked else None
    mcid = parent.mcid if parent is not None else None
    mcid_stream = parent.mcid_stream if parent is not None else None
    artifact = parent.artifact if parent is not None else None
    actual_text: str | None = None
    if properties is not None:
        if isinstance(properties, dict):
            own = properties.get("MCID")
            text = properties.get("ActualText")
        else:
            own = optional_entry(properties, "/MCID")
            text = optional_entry(properties, "/ActualText")
        # An int first: testing for pikepdf.Object costs more than all the rest of a BDC.
        if isinstance(own, int):
            if not isinstance(own, bool):
                mcid = own
                mcid_stream = state.stream.mcid_stream
        elif isinstance(own, pikepdf.Object):
            try:
                mcid = int(own)
                mcid_stream = state.stream.mcid_stream
            except (TypeError, ValueError):
                pass
        if text is not None:  # text_string(None) is None, after a costly pikepdf.String test
            actual_text = text_string(text)
    if tag == "Artifact":  # §14.8.2.2
        artifact = Artifact(_name_of(properties, "Type"), _name_of(properties, "Subtype"))
    sequence = MarkedContent(tag, mcid, mcid_stream, actual_text, artifact, parent)
    tracking = state.tracking
    if tracking is not None and tag == "OC" and not tracking.optional.visible(properties):  # §8.11.3.2
        sequence.optional_off = True
    state.marked.append(sequence)
    state.device.begin_marked_content(sequence)


def op_BMC(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tag = operands[0]
    _begin(state, tag if isinstance(tag, str) else "", None)


def op_BDC(state: InterpreterState, operands: list[Operand], index: int) -> None:
    tag, properties = operands
    if isinstance(properties, str):  # a name in the /Properties resources (§14.6.2)
        resources = state.stream.resources
        named = resources.get("/Properties") if resources is not None else None
        entry = named.get("/" + properties) if isinstance(named, pikepdf.Dictionary) else None
        properties = entry if isinstance(entry, pikepdf.Dictionary) else None
    elif not isinstance(properties, dict):
        properties = None
    _begin(state, tag if isinstance(tag, str) else "", properties)


def op_EMC(state: InterpreterState, operands: list[Operand], index: int) -> None:
    if state.marked:
        state.marked.pop()


def _name_of(properties: Any, key: str) -> str:
    """A name entry of a property list without its slash, "" when absent or not a name."""
    if isinstance(properties, dict):
        value = properties.get(key)
        return value if isinstance(value, str) else ""
    if isinstance(properties, pikepdf.Dictionary):
        value = optional_entry(properties, "/" + key)
        return str(value)[1:] if isinstance(value, pikepdf.Name) else ""
    return ""
