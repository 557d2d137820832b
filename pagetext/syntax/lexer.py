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

import re
from collections.abc import Callable, Iterator
from typing import Any, Final

from pagetext.errors import Warn
from pagetext.syntax.chars import DELIMITERS, WHITE_SPACE
from pagetext.syntax.inline_image import skip_inline_image_data
from pagetext.syntax.literals import Operand, Reference, decode_hex, decode_name, read_literal, to_dict

Operation = tuple[str, list[Operand], int]
# (operator, operands, token index, unread operators skipped just before it); the index is an
# int typed Any, so that compiled code hands it on as is, not as a new int per handler call.
ReadOperation = tuple[str, list[Operand], Any, int]
NativeOperations = Callable[..., Iterator[Operation]]  # (data, warn[, references])
NativeReadOperations = Callable[[bytes, Warn, frozenset[str], list[int]], Iterator[ReadOperation]]


# The compiled build reads with the C twin (_native_lexer.c). Here, in Python, a pattern finds
# each token, so that the bytes are scanned in C; a run of numbers separated by white space is
# one match with the operator after it (a path's points, a Td: most tokens of a stream), its
# numbers made in one pass, and not made at all for an operator whose operands go unread.
_WHITE: Final = b"[" + re.escape(WHITE_SPACE) + b"]"
_REGULAR: Final = b"[^" + re.escape(WHITE_SPACE + DELIMITERS) + b"]"  # §7.2.2
# A keyword that cannot be read as a number: its first byte is none of a number's (§7.3.3).
_WORD_START: Final = b"[^" + re.escape(WHITE_SPACE + DELIMITERS + b"0123456789+-.") + b"]"
# As long as it goes ("1.5.2" is 1.5 and .2), each digit read one way only: a failed match
# backtracks over a long number once, not in every split of its digits.
_NUMBER: Final = rb"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
# White space but NUL: what separates the numbers of a run, all of it bytes.split() splits at.
_RUN_SEPARATORS: Final = re.escape(WHITE_SPACE.replace(b"\x00", b""))
_RUN_WHITE: Final = b"[" + _RUN_SEPARATORS + b"]"
# Group numbers of _TOKEN, one per kind of token; a match sets one of them (or 1 and 2).
_NUMBERS: Final = 1  # numbers, each followed by white space other than NUL (so split() parts them)
_NUMBERS_KEYWORD: Final = 2  # the keyword right after them
_INTEGER: Final = 3
_REAL: Final = 4
_KEYWORD: Final = 5
_NAME: Final = 6
_PLAIN_LITERAL: Final = 7  # a literal string without escapes, nesting or CR: its bytes as they are
_OPEN_ARRAY: Final = 8
_CLOSE_ARRAY: Final = 9
_OPEN_DICT: Final = 10
_CLOSE_DICT: Final = 11
_HEX: Final = 12
_COMMENT: Final = 13
_OTHER: Final = 14  # one byte: "(" of a literal read by read_literal, "<" with no ">", or junk
_TOKEN: Final = re.compile(
    _WHITE + rb"*(?:"
    # The keyword is optional: a run followed by none is matched as it is, never backtracked.
    rb"((?:" + _NUMBER + _RUN_WHITE + rb"+)+)(" + _WORD_START + _REGULAR + rb"*)?"
    rb"|([+-]?[0-9]+)(?![.0-9])"
    rb"|(" + _NUMBER + rb")"
    rb"|(" + _REGULAR + rb"+)"
    rb"|/(" + _REGULAR + rb"*)"
    rb"|\(([^()\\\r]*)\)"
    rb"|(\[)|(\])|(<<)|(>>)"
    rb"|<([^<>]*)>"
    rb"|(%[^\r\n]*)"
    rb"|([\s\S])"
    rb")"
)
_SEPARATED: Final = re.compile(b"[^" + _RUN_SEPARATORS + b"]+")  # a run's numbers, for spans
_OPEN_PAREN: Final = 40  # "("
_DOT: Final = 46  # "."
_MAX_INTEGER_LENGTH: Final = 18  # longer is damage: read as float (int() refuses 4,300 digits)
_NOTHING_UNREAD: Final[frozenset[str]] = frozenset()


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


_CONSTANTS: Final[dict[bytes, Operand]] = {b"true": True, b"false": False, b"null": None}
# Operator names as str, decoded once per process: a dictionary lookup costs less than a
# decode per operator, and the interpreter then looks up a str whose hash is kept. Bounded,
# as damaged streams invent names.
_OPERATOR_NAMES: Final[dict[bytes, str]] = {}
_MAX_OPERATOR_NAMES: Final = 1024


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
    for operator, operands, index in _operations(data, warn, None, False, unread):
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
    data: bytes,
    warn: Warn,
    spans: list[int] | None,
    references: bool = False,
    unread: frozenset[str] = _NOTHING_UNREAD,
) -> Iterator[Operation]:
    """iter_operations in Python: the reference, and the lexer of the plain build. An operator
    in `unread` written right after a run of numbers may be yielded without them (operands [])."""
    operands: list[Operand] = []
    # Open arrays and dictionaries: each entry is (is_dict, the operand list it belongs to).
    containers: list[tuple[bool, list[Operand]]] = []
    index = -1
    inline_image = False  # between BI and ID: the tokens are the image's dictionary
    end = len(data)
    while end > 0 and data[end - 1] in WHITE_SPACE:
        end -= 1
    pos = 0
    while pos < end:
        # Tokens one match each, until one that moves the position itself (a literal string
        # read by read_literal, an inline image's data): the search starts again after it.
        for match in _TOKEN.finditer(data, pos, end):
            kind = match.lastindex
            # By how often each kind comes, commonest first; a keyword is read below.
            if kind == _KEYWORD:
                pass
            elif kind == _NUMBERS_KEYWORD or kind == _NUMBERS:
                numbers = match[_NUMBERS].split()
                if spans is not None:
                    for number in _SEPARATED.finditer(data, *match.span(_NUMBERS)):
                        spans += number.span()
                operator = _OPERATOR_NAMES.get(match[_NUMBERS_KEYWORD]) if kind == _NUMBERS_KEYWORD else None
                # An operator met before (so no constant and no BI), outside an array and not the
                # ID that ends an inline image's dictionary: yielded here, at the one lookup of
                # its name, its numbers made only when its operands are read.
                if operator is not None and (containers or (inline_image and operator == "ID")):
                    operator = None
                read = operator is None or operator not in unread
                if read:
                    operands += [
                        int(number)
                        if len(number) <= _MAX_INTEGER_LENGTH and _DOT not in number
                        else float(number)
                        for number in numbers
                    ]
                index += len(numbers)
                if operator is not None:
                    index += 1
                    if spans is not None:
                        spans += match.span(_NUMBERS_KEYWORD)
                    yield operator, (operands if read else []), index
                    operands = []
                    continue
                if kind == _NUMBERS:
                    continue
            elif kind == _PLAIN_LITERAL:
                operands.append(match[_PLAIN_LITERAL])
                index += 1
                if spans is not None:
                    spans += (match.start(_PLAIN_LITERAL) - 1, match.end(_PLAIN_LITERAL) + 1)
                continue
            elif kind == _INTEGER:
                text = match[_INTEGER]
                operands.append(int(text) if len(text) <= _MAX_INTEGER_LENGTH else float(text))
                index += 1
                if spans is not None:
                    spans += match.span(_INTEGER)
                continue
            elif kind == _NAME:
                operands.append(decode_name(match[_NAME]))
                index += 1
                if spans is not None:
                    spans += (match.start(_NAME) - 1, match.end(_NAME))
                continue
            elif kind == _HEX:
                index += 1
                operands.append(decode_hex(match[_HEX], warn))
                if spans is not None:
                    spans += (match.start(_HEX) - 1, match.end(_HEX) + 1)
                continue
            elif kind == _OPEN_ARRAY or kind == _OPEN_DICT:
                index += 1
                if spans is not None:
                    spans += match.span(kind)
                containers.append((kind == _OPEN_DICT, operands))
                operands = []
                continue
            elif kind == _CLOSE_ARRAY or kind == _CLOSE_DICT:
                index += 1
                if spans is not None:
                    spans += match.span(kind)
                is_dict = kind == _CLOSE_DICT
                if not containers or containers[-1][0] != is_dict:
                    warn(f"unmatched {'>>' if is_dict else ']'!r}; skipped")
                else:
                    operands = _close_container(containers, operands, warn)
                continue
            elif kind == _OTHER:
                start = match.start(_OTHER)
                if data[start] == _OPEN_PAREN:  # escapes, nesting, a CR, or no end
                    index += 1
                    literal, pos = read_literal(data, start + 1, warn)
                    operands.append(literal)
                    if spans is not None:
                        spans += (start, pos)
                    break
                warn(f"unexpected byte {data[start : start + 1]!r} at offset {start}; skipped")
                continue
            elif kind == _REAL:
                operands.append(float(match[_REAL]))
                index += 1
                if spans is not None:
                    spans += match.span(_REAL)
                continue
            elif kind == _COMMENT:
                continue
            # A keyword (alone or after numbers): an operator, true, false or null.
            group = _KEYWORD if kind == _KEYWORD else _NUMBERS_KEYWORD
            word = match[group]
            index += 1
            if spans is not None:
                spans += match.span(group)
            if word in _CONSTANTS:
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
                pos = match.end()
                if pos < end and data[pos] in WHITE_SPACE:
                    pos += 1  # exactly one white-space byte separates ID from the data (§8.9.7)
                data_start = pos
                params = to_dict(operands, warn)
                pos = skip_inline_image_data(data, pos, params, warn)
                index += 1  # the data up to EI counts as one token
                if spans is not None:
                    spans += (data_start, pos)
                yield "EI", [params], index  # the image is painted here, with its dictionary
                operands = []
                break
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
        else:
            break
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
