"""Content-stream lexer: bytes → operations (ISO 32000-1 §7.2, §7.3, §7.8.2).

`iter_operations` reads a content stream (or a CMap, which uses the same syntax) and yields one
`(operator, operands, operator_token_index)` tuple per operator. Operand values are plain
Python objects, chosen so that each PDF type stays distinguishable:

    integer → int          real → float           boolean → bool       null → None
    name → str (no slash, #xx escapes decoded)    string (literal or hex) → bytes
    array → list           dictionary → dict[str, value]

Token indices count every lexical token of the stream: numbers, names, strings, keywords,
and each of ``[ ] << >>``. Comments, skipped garbage and operators dropped from inside an
array or dictionary do not count. In an inline image (``BI`` dictionary ``ID`` data ``EI``)
the keywords and dictionary tokens count as usual and the data with its ``EI`` counts as one
token, and an ``EI`` operation with the image's dictionary as its operand is yielded there (the
image is painted then, §8.9.7). Editing code uses these indices, and the byte spans the lexer
records when asked, to find the bytes that showed a glyph.

Damage never stops the lexer: garbage bytes are skipped, unterminated strings and arrays are
closed at the end, and each problem is reported through the ``warn`` callback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from pagetext.errors import Warn
from pagetext.syntax.chars import BACKSLASH, CR, DELIMITERS, WHITE_SPACE
from pagetext.syntax.inline_image import skip_inline_image_data
from pagetext.syntax.literals import Operand, Reference, decode_hex, decode_name, read_literal, to_dict

if TYPE_CHECKING:  # native 64-bit ints where compiled (mypyc); plain ints otherwise
    from mypy_extensions import i64

Operation = tuple[str, list[Operand], int]
# (operator, operands, token index, unread operators skipped just before it); the index is an
# int typed Any, so that compiled code hands it on as is, not as a new int per handler call.
ReadOperation = tuple[str, list[Operand], Any, int]
NativeOperations = Callable[..., Iterator[Operation]]  # (data, warn[, references])
NativeReadOperations = Callable[[bytes, Warn, frozenset[str], list[int]], Iterator[ReadOperation]]


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
_LF: Final = 10  # "\n"
_OPEN_PAREN: Final = 40  # "("
_CLOSE_PAREN: Final = 41  # ")"
_OPEN_BRACKET: Final = 91  # "["
_CLOSE_BRACKET: Final = 93  # "]"
_LESS: Final = 60  # "<"
_GREATER: Final = 62  # ">"
_LOWER_F: Final = 102  # "f"
_LOWER_N: Final = 110  # "n"
_LOWER_T: Final = 116  # "t"
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
    for byte in WHITE_SPACE:
        classes[byte] = _WHITE_BYTE
    for byte in DELIMITERS:
        classes[byte] = _DELIMITER_BYTE
    for byte in b"0123456789+-.":
        classes[byte] = _NUMBER_BYTE
    return bytes(classes)


_BYTE_CLASS: Final = _byte_classes()


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


def iter_operations(
    data: bytes, warn: Warn, spans: list[int] | None = None, references: bool = False
) -> Iterator[Operation]:
    """(operator, operands, token index of the operator) for each operator in `data`.

    With a `spans` list, the byte span of token i is appended as spans[2i], spans[2i + 1]
    (start, end), for editing; text extraction passes none and pays one test per token.
    The compiled build reads with the C twin of `_operations` (_native_lexer.c); editing,
    which needs spans, reads in Python. references: object syntax, "N G R" in an array or
    dictionary read as a Reference (§7.3.10); in a content stream the R is junk."""
    if _NATIVE_OPERATIONS is not None and spans is None:
        return _NATIVE_OPERATIONS(data, warn, True) if references else _NATIVE_OPERATIONS(data, warn)
    return _operations(data, warn, spans, references)


def object_values(data: bytes) -> list[Operand] | None:
    """The objects written in `data` in object syntax (§7.3), in order, references read as
    Reference; None when it holds a keyword (an operator, `stream`) or anything the lexer
    warns of."""
    damaged: list[str] = []
    operations = list(iter_operations(data + b" endobj", damaged.append, references=True))
    if damaged or len(operations) != 1:
        return None
    return operations[0][1]


def read_operations(
    data: bytes, warn: Warn, unread: frozenset[str], allowance: list[int]
) -> Iterator[ReadOperation]:
    """The operations of `data` for an interpreter that ignores the operators in `unread`
    (paths and colours, for text): (operator, operands, index, skipped), where `skipped`
    counts the unread operators left out just before this one, so that the caller counts
    every operator without being handed each.

    allowance[0]: how many operators the stream may have before the caller's budget is
    crossed (the caller lowers it as it spends otherwise); an unread operator beyond it is
    yielded, so that the caller stops exactly there. An unread operator that is yielded
    has no operands, and a stream that ends on skipped ones yields the last of them. The
    compiled build reads with the C twin (_native_lexer.c), which never makes the numbers
    of an unread operator.
    """
    if _NATIVE_READ_OPERATIONS is not None:
        return _NATIVE_READ_OPERATIONS(data, warn, unread, allowance)
    return _read_operations(data, warn, unread, allowance)


def _read_operations(
    data: bytes, warn: Warn, unread: frozenset[str], allowance: list[int]
) -> Iterator[ReadOperation]:
    """read_operations in Python: the reference, and the reader of the plain build."""
    lexed = 0
    skipped = 0
    last_operator = ""
    last_index = -1
    for operator, operands, index in _operations(data, warn, None):
        lexed += 1
        if operator in unread:
            if lexed <= allowance[0]:
                skipped += 1
                last_operator, last_index = operator, index
                continue
            operands = []
        yield operator, operands, index, skipped
        skipped = 0
    if skipped:
        yield last_operator, [], last_index, skipped - 1


def _operations(
    data: bytes, warn: Warn, spans: list[int] | None, references: bool = False
) -> Iterator[Operation]:
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
                params = to_dict(operands, warn)
                pos = skip_inline_image_data(data, pos, params, warn)
                index += 1  # the data up to EI counts as one token
                if spans is not None:
                    spans += (data_start, pos)
                yield "EI", [params], index  # the image is painted here, with its dictionary
                operands = []
                continue
            if containers:
                if references and word == b"R" and _ends_in_reference_numbers(operands):
                    generation = operands.pop()
                    operands.append(Reference(operands.pop(), generation))
                    continue
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
                if byte == _CLOSE_PAREN or byte == _OPEN_PAREN or byte == BACKSLASH or byte == CR:
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
            while pos < end and data[pos] != CR and data[pos] != _LF:
                pos += 1
        else:
            warn(f"unexpected byte {data[pos : pos + 1]!r} at offset {pos}; skipped")
            pos += 1
    if containers:
        warn("unclosed array or dictionary at the end of the stream")
    if operands or containers:
        warn("operands without an operator at the end of the stream; ignored")


def _ends_in_reference_numbers(items: list[Operand]) -> bool:
    """Whether the last two items are a reference's object number and generation (§7.3.10)."""
    number, generation = (items[-2], items[-1]) if len(items) >= 2 else (-1, -1)
    return type(number) is int and type(generation) is int and number >= 0 and generation >= 0


def _close_container(
    containers: list[tuple[bool, list[Operand]]], items: list[Operand], warn: Warn
) -> list[Operand]:
    is_dict, outer = containers.pop()
    outer.append(to_dict(items, warn) if is_dict else items)
    return outer


def _native_lexer() -> tuple[NativeOperations | None, NativeReadOperations | None]:
    """The C lexer's entry points, set up with the helpers it leaves the rare cases to; None
    where it is not built (plain Python reads with _operations)."""
    try:
        from pagetext.syntax._native_lexer import operations, read_operations, setup
    except ImportError:
        return None, None
    setup(read_literal, decode_hex, decode_name, to_dict, skip_inline_image_data, Reference)
    return operations, read_operations


_NATIVE: Final = _native_lexer()
_NATIVE_OPERATIONS: Final = _NATIVE[0]
_NATIVE_READ_OPERATIONS: Final = _NATIVE[1]
