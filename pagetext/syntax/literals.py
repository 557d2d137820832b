"""Strings, names and dictionaries of PDF syntax (ISO 32000-1 §7.3.4, §7.3.5, §7.3.7).

The content-stream lexer (pagetext.syntax.lexer) hands these the bytes of one token; its C twin
calls the same functions for the rare cases it leaves to Python.
"""

from __future__ import annotations

import re
from typing import Any, Final

from pagetext.errors import Warn
from pagetext.syntax.chars import BACKSLASH, CR, NUMBER_SIGN

Operand = Any  # int | float | bool | None | str | bytes | list | dict (see pagetext.syntax.lexer)


class Reference:
    """An indirect reference, N G R (ISO 32000-1 §7.3.10), as the lexer reads it in object
    syntax (iter_operations with references=True); content streams have none."""

    __slots__ = ("generation", "number")

    def __init__(self, number: int, generation: int) -> None:
        self.number = number
        self.generation = generation

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reference) and (other.number, other.generation) == (
            self.number,
            self.generation,
        )

    def __hash__(self) -> int:
        return hash((self.number, self.generation))

    def __repr__(self) -> str:
        return f"Reference({self.number}, {self.generation})"


_LITERAL_SPECIAL = re.compile(rb"[()\\]")
_LITERAL_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|(\r\n?|\n)|(.))|\r\n?", re.DOTALL)
_ESCAPES: Final = {
    b"n": b"\n",
    b"r": b"\r",
    b"t": b"\t",
    b"b": b"\b",
    b"f": b"\f",
    b"(": b"(",
    b")": b")",
    b"\\": b"\\",
}
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_HEX_JUNK = re.compile(rb"[^0-9A-Fa-f]")
_HEX_WS = re.compile(rb"[\x00\t\n\x0c\r ]")


def _unescape_literal(match: re.Match[bytes]) -> bytes:
    octal, newline, char = match.group(1, 2, 3)
    if octal is not None:
        return bytes((int(octal, 8) & 0xFF,))
    if newline is not None:  # backslash + end of line: a line continuation (§7.3.4.2)
        return b""
    if char is not None:
        return _ESCAPES.get(char, char)  # an unknown escape keeps the char, drops the backslash
    return b"\n"  # a bare CR or CRLF inside the string reads as LF


def read_literal(data: bytes, start: int, warn: Warn) -> tuple[bytes, int]:
    """The value of the literal string whose '(' ends just before `start`, and the end offset."""
    depth = 1
    pos = start
    search = _LITERAL_SPECIAL.search
    while True:
        match = search(data, pos)
        if match is None:
            warn("unterminated literal string; read to the end of the stream")
            end = len(data)
            after = end
            break
        char = match.group()
        pos = match.end()
        if char == b"\\":
            pos += 1
        elif char == b"(":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                end = pos - 1
                after = pos
                break
    raw = data[start:end]
    if BACKSLASH in raw or CR in raw:
        raw = _LITERAL_ESCAPE.sub(_unescape_literal, raw)
    return raw, after


def decode_hex(raw: bytes, warn: Warn) -> bytes:
    try:
        # The common case in one call: pairs of hex digits, white space between pairs.
        return bytes.fromhex(raw.decode("latin-1"))
    except ValueError:
        pass
    digits = _HEX_WS.sub(b"", raw)
    if _HEX_JUNK.search(digits):
        warn("hex string with non-hex characters; they were dropped")
        digits = _HEX_JUNK.sub(b"", digits)
    if len(digits) % 2:
        digits += b"0"  # an odd digit count implies a final 0 (§7.3.4.3)
    return bytes.fromhex(digits.decode("ascii"))


def unescape_name(raw: bytes) -> bytes:
    """The bytes of a name token without its slash, #xx escapes decoded (§7.3.5)."""
    if NUMBER_SIGN in raw:
        return _NAME_ESCAPE.sub(lambda m: bytes((int(m.group(1), 16),)), raw)
    return raw


def decode_name(raw: bytes) -> str:
    raw = unescape_name(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def to_dict(items: list[Operand], warn: Warn) -> dict[str, Operand]:
    if len(items) % 2:
        warn("dictionary with an odd number of items; the last one was dropped")
    result: dict[str, Operand] = {}
    for i in range(0, len(items) - 1, 2):
        key = items[i]
        if isinstance(key, str):
            result[key] = items[i + 1]
        else:
            warn("dictionary key that is not a name; the entry was dropped")
    return result
