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
uses these indices, and the byte spans the lexer records when asked, to find the bytes that
showed a glyph.

Damage never stops the lexer: garbage bytes are skipped, unterminated strings and arrays are
closed at the end, and each problem is reported through the ``warn`` callback.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # native 64-bit ints where compiled (mypyc); plain ints otherwise
    from mypy_extensions import i64

Operand = Any  # int | float | bool | None | str | bytes | list | dict
Operation = tuple[str, list[Operand], int]
Warn = Callable[[str], None]

_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
_WHITE_SPACE = rb"[\x00\t\n\x0c\r ]"


# The lexer reads byte by byte, not with a regular expression per token: compiled (mypyc)
# the loop runs on native integers, several times faster than a pattern match per token.
# Final: compiled, each constant is inlined instead of looked up in the module per byte.
_WHITE_BYTE: Final = 0
_DELIMITER_BYTE: Final = 1
_REGULAR_BYTE: Final = 2  # this class and the next are regular characters (§7.2.2)
_NUMBER_BYTE: Final = 3  # regular characters that may start a number
_DIGIT_0: Final = 48  # "0"
_DIGIT_9: Final = 57  # "9"
_PLUS: Final = 43  # "+"
_MINUS: Final = 45  # "-"
_DOT: Final = 46  # "."
_SLASH: Final = 47  # "/"
_PERCENT: Final = 37  # "%"
_CR: Final = 13  # "\r"
_LF: Final = 10  # "\n"
_BACKSLASH: Final = 92  # "\\"
_OPEN_PAREN: Final = 40  # "("
_CLOSE_PAREN: Final = 41  # ")"
_OPEN_BRACKET: Final = 91  # "["
_CLOSE_BRACKET: Final = 93  # "]"
_LESS: Final = 60  # "<"
_GREATER: Final = 62  # ">"
_NUMBER_SIGN: Final = 35  # "#"
_LOWER_F: Final = 102  # "f"
_LOWER_N: Final = 110  # "n"
_LOWER_T: Final = 116  # "t"
# Membership tests take these ints, not one-byte strings: `b"#" in data` first tries the
# argument as an int, and raising and clearing that TypeError costs a hundred times the search.
# 10**k for k <= 22 is exact in binary64: a mantissa below 2**53 divided by it is the
# correctly rounded value of the decimal, the same float that float() parses.
_EXACT_POWERS_OF_TEN: Final = [10.0**k for k in range(23)]
_MAX_FAST_DIGITS: Final = 15  # 10**15 < 2**53
_MAX_INTEGER_LENGTH: Final = 18  # longer is damage: read as float (int() refuses 4,300 digits)


def token_count(value: Operand) -> int:
    """How many lexer tokens an operand took (arrays and dictionaries count their brackets)."""
    if isinstance(value, list):
        count = 2
        for item in value:  # a call per nested container only: TJ arrays are long and flat
            count += token_count(item) if isinstance(item, (list, dict)) else 1
        return count
    if isinstance(value, dict):
        return 2 + sum(1 + token_count(item) for item in value.values())
    return 1


def _byte_classes() -> bytes:
    """The lexical class of every byte value (§7.2.2, §7.2.3), one byte each."""
    classes = bytearray([_REGULAR_BYTE]) * 256
    for byte in b"\x00\t\n\x0c\r ":
        classes[byte] = _WHITE_BYTE
    for byte in b"()<>[]{}/%":
        classes[byte] = _DELIMITER_BYTE
    for byte in b"0123456789+-.":
        classes[byte] = _NUMBER_BYTE
    return bytes(classes)


_BYTE_CLASS: Final = _byte_classes()

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

_CONSTANTS: Final[dict[bytes, Operand]] = {b"true": True, b"false": False, b"null": None}
# Operator names as str, decoded once per process: a dictionary lookup costs less than a
# decode per operator, and the interpreter then looks up a str whose hash is kept. Bounded,
# as damaged streams invent names.
_OPERATOR_NAMES: Final[dict[bytes, str]] = {}
_MAX_OPERATOR_NAMES: Final = 1024


def _read_number(data: bytes, start: i64, end: i64) -> tuple[int | float | None, i64]:
    """The number token at `start` and the offset after it; None if the bytes are no number.

    A number is [+-]?(digits[.[digits]] | .digits), read as long as it goes (§7.3.3): "1.5.2"
    is the numbers 1.5 and .2, "12abc" the number 12 then the keyword abc.
    """
    pos: i64 = start
    negative = False
    byte: i64 = data[pos]
    if byte == _MINUS or byte == _PLUS:
        negative = byte == _MINUS
        pos += 1
    mantissa: i64 = 0  # at most _MAX_INTEGER_LENGTH digits: fits
    digits: i64 = 0
    fraction: i64 = -1  # digits after the dot; -1: no dot
    while pos < end:
        byte = data[pos]
        if _DIGIT_0 <= byte <= _DIGIT_9:
            if digits < _MAX_INTEGER_LENGTH:
                mantissa = mantissa * 10 + (byte - _DIGIT_0)
            digits += 1
            if fraction >= 0:
                fraction += 1
        elif byte == _DOT and fraction < 0:
            fraction = 0
        else:
            break
        pos += 1
    if digits == 0:
        return None, start
    if pos - start > _MAX_INTEGER_LENGTH or (fraction >= 0 and digits > _MAX_FAST_DIGITS):
        return float(data[start:pos]), pos
    if fraction >= 0:
        value = float(mantissa) / _EXACT_POWERS_OF_TEN[fraction]
        return (-value if negative else value), pos
    return (-mantissa if negative else mantissa), pos


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
    if _BACKSLASH in raw or _CR in raw:
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
    if _NUMBER_SIGN in raw:
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
    classes = _BYTE_CLASS
    end = len(data)
    while True:
        # An EI with white space before it and white space or the end after it. bytes.find,
        # not a pattern: a look-behind keeps the regex engine matching at every byte.
        found = data.find(b"EI", pos)
        if found < 0:
            warn("inline image without EI; the rest of the stream was skipped")
            return end
        after = found + 2
        if (
            found > 0
            and classes[data[found - 1]] == _WHITE_BYTE
            and (after == end or classes[data[after]] == _WHITE_BYTE)
            and _CONTENT_LIKE.match(data[after : after + 48])
        ):
            return after
        pos = found + 1


def iter_operations(
    data: bytes, warn: Warn, spans: list[int] | None = None, unread: frozenset[str] = frozenset()
) -> Iterator[Operation]:
    """(operator, operands, token index of the operator) for each operator in `data`.

    With a `spans` list, the byte span of token i is appended as spans[2i], spans[2i + 1]
    (start, end), for editing; text extraction passes none and pays one test per token.

    The compiled build reads with the C twin of `_operations` (_native_lexer.c), which gives
    the same operations, except that an operator in `unread` (one the caller ignores: paths
    and colours, for text) comes with no operands when only numbers precede it: they are
    counted in the token indices, never made. Editing, which needs spans, reads in Python.
    """
    if _NATIVE_OPERATIONS is not None and spans is None:
        return _NATIVE_OPERATIONS(data, warn, unread)
    return _operations(data, warn, spans)


def _operations(data: bytes, warn: Warn, spans: list[int] | None) -> Iterator[Operation]:
    """iter_operations in Python: the reference, and the lexer of the plain build."""
    classes = _BYTE_CLASS
    operands: list[Operand] = []
    # Open arrays and dictionaries: each entry is (is_dict, the operand list it belongs to).
    containers: list[tuple[bool, list[Operand]]] = []
    index: i64 = -1
    inline_image = False  # between BI and ID: the tokens are the image's dictionary
    end: i64 = len(data)
    while end > 0 and classes[data[end - 1]] == _WHITE_BYTE:
        end -= 1
    pos: i64 = 0
    start: i64 = 0
    while pos < end:
        byte: i64 = data[pos]
        kind: i64 = classes[byte]
        if kind == _WHITE_BYTE:
            pos += 1
            continue
        if kind == _NUMBER_BYTE:
            value, after = _read_number(data, pos, end)
            if value is not None:
                index += 1
                if spans is not None:
                    spans += (pos, after)
                operands.append(value)
                pos = after
                continue
        if kind != _DELIMITER_BYTE:  # a keyword: an operator, true, false or null
            start = pos
            pos += 1
            while pos < end and classes[data[pos]] >= _REGULAR_BYTE:
                pos += 1
            index += 1
            if spans is not None:
                spans += (start, pos)
            word = data[start:pos]
            # true, false, null: a byte test first, as hashing every operator's name would cost.
            if (byte == _LOWER_T or byte == _LOWER_F or byte == _LOWER_N) and word in _CONSTANTS:
                operands.append(_CONSTANTS[word])
                continue
            if word == b"BI":
                inline_image = True
                operands = []
                continue
            if word == b"ID" and inline_image:
                inline_image = False
                while containers:
                    operands = _close_container(containers, operands, warn)
                if pos < end and classes[data[pos]] == _WHITE_BYTE:
                    pos += 1  # exactly one white-space byte separates ID from the data (§8.9.7)
                data_start = pos
                pos = _skip_inline_image_data(data, pos, _to_dict(operands, warn), warn)
                index += 1  # the data up to EI counts as one token
                if spans is not None:
                    spans += (data_start, pos)
                operands = []
                continue
            if containers:
                # As viewers do, an operator inside an array is junk: drop it, keep the array.
                index -= 1
                if spans is not None:
                    del spans[-2:]
                warn(f"operator {word.decode('latin-1')!r} inside an array or dictionary; skipped")
                continue
            operator = _OPERATOR_NAMES.get(word)
            if operator is None:
                operator = word.decode("latin-1")
                if len(_OPERATOR_NAMES) < _MAX_OPERATOR_NAMES:
                    _OPERATOR_NAMES[word] = operator
            yield operator, operands, index
            operands = []
        elif byte == _SLASH:
            start = pos + 1
            pos = start
            while pos < end and classes[data[pos]] >= _REGULAR_BYTE:
                pos += 1
            index += 1
            if spans is not None:
                spans += (start - 1, pos)
            operands.append(decode_name(data[start:pos]))
        elif byte == _OPEN_PAREN:
            index += 1
            start = pos + 1
            pos = start
            while pos < end:
                byte = data[pos]
                if byte == _CLOSE_PAREN or byte == _OPEN_PAREN or byte == _BACKSLASH or byte == _CR:
                    break
                pos += 1
            if pos < end and data[pos] == _CLOSE_PAREN:  # no escapes, nesting or CR: the bytes
                operands.append(data[start:pos])
                pos += 1
            else:
                literal, pos = read_literal(data, start, warn)
                operands.append(literal)
            if spans is not None:
                spans += (start - 1, pos)
        elif byte == _LESS:
            if pos + 1 < end and data[pos + 1] == _LESS:
                index += 1
                if spans is not None:
                    spans += (pos, pos + 2)
                containers.append((True, operands))
                operands = []
                pos += 2
                continue
            start = pos + 1
            pos = start
            while pos < end and data[pos] != _GREATER and data[pos] != _LESS:
                pos += 1
            if pos < end and data[pos] == _GREATER:
                index += 1
                operands.append(decode_hex(data[start:pos], warn))
                pos += 1
                if spans is not None:
                    spans += (start - 1, pos)
            else:
                pos = start
                warn(f"unexpected byte {b'<'!r} at offset {start - 1}; skipped")
        elif byte == _OPEN_BRACKET:
            index += 1
            if spans is not None:
                spans += (pos, pos + 1)
            containers.append((False, operands))
            operands = []
            pos += 1
        elif byte == _CLOSE_BRACKET or (byte == _GREATER and pos + 1 < end and data[pos + 1] == _GREATER):
            is_dict = byte == _GREATER
            pos += 2 if is_dict else 1
            index += 1
            if spans is not None:
                spans += (pos - (2 if is_dict else 1), pos)
            if not containers or containers[-1][0] != is_dict:
                warn(f"unmatched {'>>' if is_dict else ']'!r}; skipped")
                continue
            operands = _close_container(containers, operands, warn)
        elif byte == _PERCENT:  # a comment, up to the end of the line
            while pos < end and data[pos] != _CR and data[pos] != _LF:
                pos += 1
        else:
            warn(f"unexpected byte {data[pos : pos + 1]!r} at offset {pos}; skipped")
            pos += 1
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


def _native_operations() -> Callable[[bytes, Warn, frozenset[str]], Iterator[Operation]] | None:
    """The C lexer's entry point, set up with the helpers it leaves the rare cases to; None
    where it is not built (plain Python reads with _operations)."""
    try:
        from pagetext.content._native_lexer import operations, setup
    except ImportError:
        return None
    setup(read_literal, decode_hex, decode_name, _to_dict, _skip_inline_image_data)
    return operations


_NATIVE_OPERATIONS: Final = _native_operations()
