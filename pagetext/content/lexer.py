"""Content-stream lexer: bytes → operations (ISO 32000-1 §7.2, §7.3, §7.8.2).

`iter_operations` reads a content stream (or a CMap, which uses the same syntax) and yields one
`(operator, operands, operator_token_index)` tuple per operator. Operand values are plain
Python objects, chosen so that each PDF type stays distinguishable:

    integer → int          real → float           boolean → bool       null → None
    name → str (no slash, #xx escapes decoded)    string (literal or hex) → bytes
    array → list           dictionary → dict[str, value]

Token indices count every lexical token of the stream: numbers, names, strings, keywords,
and each of ``[ ] << >>``. Comments, skipped garbage and operators dropped from inside an
array or dictionary do not count. In an inline image
(``BI`` dictionary ``ID`` data ``EI``) the keywords and dictionary tokens count as usual and
the data with its ``EI`` counts as one token; no operation is yielded for it. Editing code
uses these indices to find the bytes that showed a glyph.

Damage never stops the lexer: garbage bytes are skipped, unterminated strings and arrays are
closed at the end, and each problem is reported through the ``warn`` callback.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

Operand = Any  # int | float | bool | None | str | bytes | list | dict
Operation = tuple[str, list[Operand], int]
Warn = Callable[[str], None]

_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"

# Written so that a number matches in one way only: repeated, an ambiguous pattern would
# backtrack exponentially when the array around it turns out not to be plain.
_NUMBER_TEXT = rb"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_PLAIN_LITERAL_TEXT = rb"\(([^()\\\r]*)\)"  # no escapes, nesting or CR: the bytes are the value
_PLAIN_HEX_TEXT = rb"<([0-9A-Fa-f]*)>"

_WHITE_SPACE = rb"[\x00\t\n\x0c\r ]"

# Most tokens start with a letter (operators), a digit or sign (numbers), a slash, a
# parenthesis, a bracket or "<": each is matched by a small pattern chosen by its first
# byte. Two of them take several tokens at once, since most of a content stream is made of
# them: a run of numbers (operands of cm, Td, re, rg, ...) and an array of plain strings and
# numbers (TJ); numbers in the array end where no digit or dot follows, so a long array that
# turns out not to be plain cannot backtrack far. Every pattern eats the white space after
# its token, so that the next token starts at the next byte.
_FAST_KEYWORD = re.compile(rb"(" + _REGULAR + rb"+)" + _WHITE_SPACE + rb"*")
_FAST_NUMBERS = re.compile(
    rb"((?:" + _NUMBER_TEXT + _WHITE_SPACE + rb"+)*" + _NUMBER_TEXT + rb")" + _WHITE_SPACE + rb"*"
)
_FAST_HEX = re.compile(_PLAIN_HEX_TEXT + _WHITE_SPACE + rb"*")
_FAST_NAME = re.compile(rb"/(" + _REGULAR + rb"*)" + _WHITE_SPACE + rb"*")
_FAST_LITERAL = re.compile(_PLAIN_LITERAL_TEXT + _WHITE_SPACE + rb"*")
_FAST_ARRAY = re.compile(
    rb"\[((?:"
    + _WHITE_SPACE
    + rb"*(?:\([^()\\\r]*\)|<[0-9A-Fa-f]*>|"
    + _NUMBER_TEXT
    + rb"(?![\d.])))*)"
    + _WHITE_SPACE
    + rb"*\]"
    + _WHITE_SPACE
    + rb"*"
)
_SPACE_RUN = re.compile(_WHITE_SPACE + rb"+")

# What the first-byte patterns leave: one alternative per token kind, the group number says
# which matched (it is the token kind).
_TOKEN = re.compile(
    rb"(?:"
    rb"(\()"  # 1 literal string with escapes, nesting or CR: its start (read_literal reads it)
    rb"|(<<)"  # 2 dictionary start
    rb"|(>>)"  # 3 dictionary end
    rb"|<([^<>]*)>"  # 4 hex string with white space or junk inside
    rb"|(\[)"  # 5 array that is not plain: its start
    rb"|(\])"  # 6 array end
    rb"|(" + _REGULAR + rb"+)"  # 7 keyword starting like a number ("-x", "+")
    rb"|(%[^\r\n]*)"  # 8 comment
    rb"|([^\x00\t\n\x0c\r ])"  # 9 garbage: a stray delimiter
    rb")" + _WHITE_SPACE + rb"*"
)
_LITERAL, _DICT_BEGIN, _DICT_END, _HEX, _ARRAY_BEGIN, _ARRAY_END, _KEYWORD, _COMMENT, _GARBAGE = range(1, 10)
# Kinds only the first-byte patterns find.
_NUMBERS, _NAME, _PLAIN_LITERAL, _PLAIN_ARRAY, _SPACE = range(10, 15)


def _fast_patterns() -> list[tuple[int, re.Pattern[bytes] | None]]:
    """(token kind, pattern) by first byte; (0, None) where only the alternation will do."""
    table: list[tuple[int, re.Pattern[bytes] | None]] = [(0, None)] * 256
    for byte in range(256):
        char = bytes((byte,))
        if char in b"\x00\t\n\x0c\r ":
            table[byte] = (_SPACE, _SPACE_RUN)
        elif char not in b"()<>[]{}/%":
            table[byte] = (_NUMBERS, _FAST_NUMBERS) if char in b"0123456789+-." else (_KEYWORD, _FAST_KEYWORD)
    table[ord("/")] = (_NAME, _FAST_NAME)
    table[ord("(")] = (_PLAIN_LITERAL, _FAST_LITERAL)
    table[ord("[")] = (_PLAIN_ARRAY, _FAST_ARRAY)
    table[ord("<")] = (_HEX, _FAST_HEX)  # "<<" and hex strings with white space: the alternation
    return table


_FAST_BY_FIRST_BYTE = _fast_patterns()
_PLAIN_ARRAY_ITEM = re.compile(_PLAIN_LITERAL_TEXT + rb"|" + _PLAIN_HEX_TEXT + rb"|(" + _NUMBER_TEXT + rb")")

_LITERAL_SPECIAL = re.compile(rb"[()\\]")
_LITERAL_ESCAPE = re.compile(rb"\\(?:([0-7]{1,3})|(\r\n?|\n)|(.))|\r\n?", re.DOTALL)
_ESCAPES = {
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
_HEX_WS = re.compile(_WHITE_SPACE)

_CONSTANTS: dict[bytes, Operand] = {b"true": True, b"false": False, b"null": None}


_DOT = ord(".")  # an int needle: a one-byte search, cheaper than b"." compiled or not


def _number(text: bytes) -> int | float:
    # An integer past 64 bits is damage; float reads any length (int refuses 4,300 digits).
    return float(text) if _DOT in text or len(text) > 18 else int(text)


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
    if b"\\" in raw or b"\r" in raw:
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
    if b"#" in raw:
        return _NAME_ESCAPE.sub(lambda m: bytes((int(m.group(1), 16),)), raw)
    return raw


def decode_name(raw: bytes) -> str:
    raw = unescape_name(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _to_dict(items: list[Operand], warn: Warn) -> dict[str, Operand]:
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


# Components of the colour spaces an inline image may name directly (§8.9.7, Table 93).
_INLINE_COMPONENTS = {
    "G": 1,
    "DeviceGray": 1,
    "CalGray": 1,
    "I": 1,
    "Indexed": 1,
    "RGB": 3,
    "DeviceRGB": 3,
    "CalRGB": 3,
    "Lab": 3,
    "CMYK": 4,
    "DeviceCMYK": 4,
}
_EI_TOKEN = re.compile(_WHITE_SPACE + rb"*EI(?!" + _REGULAR + rb")")  # EI as a whole token
_EI = re.compile(rb"(?<=[\x00\t\n\x0c\r ])EI(?=[\x00\t\n\x0c\r ]|\Z)")
_CONTENT_LIKE = re.compile(rb"[\x00\t\n\x0c\r\x20-\x7e]*\Z")


def _inline_image_length(params: dict[str, Operand]) -> int | None:
    """The data length of an unfiltered inline image, or None when it cannot be known."""
    length = params.get("L", params.get("Length"))
    if isinstance(length, int) and length >= 0:
        return length
    if params.get("F", params.get("Filter")):
        return None
    width: Any = params.get("W", params.get("Width"))
    height: Any = params.get("H", params.get("Height"))
    if not isinstance(width, int) or not isinstance(height, int) or width < 0 or height < 0:
        return None
    components: Any = 1
    bits: Any = 1
    if params.get("IM", params.get("ImageMask")) is not True:
        bits = params.get("BPC", params.get("BitsPerComponent"))
        space: Any = params.get("CS", params.get("ColorSpace"))
        if isinstance(space, list) and space:
            space = space[0]
        components = _INLINE_COMPONENTS.get(space) if isinstance(space, str) else None
        if not isinstance(bits, int) or components is None:
            return None
    return height * ((width * components * bits + 7) // 8)


def _skip_inline_image_data(data: bytes, start: int, params: dict[str, Operand], warn: Warn) -> int:
    """Offset just past the EI that ends the inline image whose data begins at `start`.

    An unfiltered image has a known length. Otherwise the data may itself contain "EI", so a
    candidate counts only when the bytes after it look like content-stream text.
    """
    length = _inline_image_length(params)
    if length is not None:
        end = start + length
        match = _EI_TOKEN.match(data, end)
        if match is not None:
            return match.end()
    pos = start
    while True:
        match = _EI.search(data, pos)
        if match is None:
            warn("inline image without EI; the rest of the stream was skipped")
            return len(data)
        after = match.end()
        if _CONTENT_LIKE.match(data[after : after + 48]):
            return after
        pos = after


def iter_operations(data: bytes, warn: Warn) -> Iterator[Operation]:
    """Yield (operator, operands, token index of the operator) for each operator in `data`."""
    match_token = _TOKEN.match
    fast_by_first_byte = _FAST_BY_FIRST_BYTE
    operands: list[Operand] = []
    # Open arrays and dictionaries: each entry is (is_dict, the operand list it belongs to).
    containers: list[tuple[bool, list[Operand]]] = []
    index = -1
    inline_image = False  # between BI and ID: the tokens are the image's dictionary
    pos = 0
    # Trailing white space is cut off first: a token match that fails after a long run of
    # it would backtrack through the whole run (a bomb of spaces took minutes).
    end = len(data.rstrip(b"\x00\t\n\x0c\r "))
    while pos < end:
        kind, pattern = fast_by_first_byte[data[pos]]
        match = pattern.match(data, pos, end) if pattern is not None else None
        if match is not None:
            group = 1
        else:
            match = match_token(data, pos, end)
            if match is None:
                break
            kind = group = match.lastindex or 0
        pos = match.end()
        if kind == _SPACE:
            continue
        if kind == _NUMBERS:
            # bytes.split() does not take NUL for white space; PDF does (§7.2.3).
            for text in match.group(group).replace(b"\x00", b" ").split():
                index += 1
                operands.append(_number(text))
        elif kind == _PLAIN_ARRAY:
            items: list[Operand] = []
            for literal, hex_digits, number in _PLAIN_ARRAY_ITEM.findall(match.group(group)):
                if number:
                    items.append(_number(number))
                elif hex_digits:
                    items.append(decode_hex(hex_digits, warn))
                else:
                    items.append(literal)
            index += 2 + len(items)
            operands.append(items)
        elif kind == _KEYWORD:
            index += 1
            word = match.group(group)
            if word in _CONSTANTS:
                operands.append(_CONSTANTS[word])
                continue
            if word == b"BI":
                inline_image = True
                operands = []
                continue
            if word == b"ID" and inline_image:
                inline_image = False
                pos = match.end(group)  # the image data begins after one white-space byte
                while containers:
                    operands = _close_container(containers, operands, warn)
                if pos < end and data[pos] in b"\x00\t\n\x0c\r ":
                    pos += 1  # exactly one white-space byte separates ID from the data (§8.9.7)
                pos = _skip_inline_image_data(data, pos, _to_dict(operands, warn), warn)
                index += 1  # the data up to EI counts as one token
                operands = []
                continue
            if containers:
                # As viewers do, an operator inside an array is junk: drop it, keep the array.
                index -= 1
                warn(f"operator {word.decode('latin-1')!r} inside an array or dictionary; skipped")
                continue
            yield word.decode("latin-1"), operands, index
            operands = []
        elif kind == _PLAIN_LITERAL:
            index += 1
            operands.append(match.group(group))
        elif kind == _NAME:
            index += 1
            operands.append(decode_name(match.group(group)))
        elif kind == _LITERAL:
            index += 1
            value, pos = read_literal(data, match.end(_LITERAL), warn)
            operands.append(value)
        elif kind == _HEX:
            index += 1
            operands.append(decode_hex(match.group(group), warn))
        elif kind == _ARRAY_BEGIN or kind == _DICT_BEGIN:
            index += 1
            containers.append((kind == _DICT_BEGIN, operands))
            operands = []
        elif kind == _ARRAY_END or kind == _DICT_END:
            index += 1
            if not containers or containers[-1][0] != (kind == _DICT_END):
                warn(f"unmatched {match.group(kind).decode('latin-1')!r}; skipped")
                continue
            operands = _close_container(containers, operands, warn)
        elif kind == _GARBAGE:
            warn(f"unexpected byte {match.group(_GARBAGE)!r} at offset {match.start(_GARBAGE)}; skipped")
    if containers:
        warn("unclosed array or dictionary at the end of the stream")
    if operands or containers:
        warn("operands without an operator at the end of the stream; ignored")


def _close_container(
    containers: list[tuple[bool, list[Operand]]], items: list[Operand], warn: Warn
) -> list[Operand]:
    is_dict, outer = containers.pop()
    outer.append(_to_dict(items, warn) if is_dict else items)
    return outer
