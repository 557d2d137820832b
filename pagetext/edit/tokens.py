"""A content stream lexed for editing: token byte spans, text-showing operators, marked content.

Token indices are the lexer's (pagetext.syntax.lexer), the same the interpreter gives to
TextSource.token, so a glyph's string token is found here by its index.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pagetext.syntax.lexer import iter_operations, token_count
from pagetext.syntax.literals import Operand

# Operators that show one string, and where that string's token sits before the operator.
STRING_OPERATORS = {"Tj": 1, "'": 1, '"': 1}


@dataclass(slots=True)
class Operation:
    """One operator of the stream with its operands; index is the operator token's."""

    operator: str
    operands: list[Operand]
    index: int
    first: int  # index of its first operand token (= index when it has none)


@dataclass(slots=True)
class MarkedSequence:
    """A BDC with an inline property list (§14.6.2): where its keys' tokens are."""

    operation: Operation
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)  # key → (first, last) token


class LexedStream:
    """The tokens of one content stream: spans, operations, and per string token the
    operation that shows it and the marked-content sequences around it."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.spans: list[int] = []
        self.operations: list[Operation] = []
        self.showing: dict[int, Operation] = {}  # string token → its text operator
        self.enclosing: dict[int, list[MarkedSequence]] = {}  # string token → open BDCs
        self.warnings: list[str] = []
        open_sequences: list[MarkedSequence | None] = []
        for operator, operands, index in iter_operations(data, self.warnings.append, self.spans):
            first = index - sum(token_count(o) for o in operands)
            operation = Operation(operator, operands, index, first)
            self.operations.append(operation)
            strings: list[int] = []
            if operator in STRING_OPERATORS:
                strings.append(index - 1)
            elif operator == "TJ" and operands and isinstance(operands[-1], list):
                token = index - token_count(operands[-1]) + 1
                for item in operands[-1]:
                    if isinstance(item, bytes):
                        strings.append(token)
                    token += token_count(item)
            elif operator == "BDC":
                open_sequences.append(self._sequence(operation))
            elif operator == "BMC":
                open_sequences.append(None)
            elif operator == "EMC" and open_sequences:
                open_sequences.pop()
            sequences = [s for s in open_sequences if s is not None]
            for token in strings:
                self.showing[token] = operation
                if sequences:
                    self.enclosing[token] = sequences

    def span(self, token: int) -> tuple[int, int]:
        return self.spans[2 * token], self.spans[2 * token + 1]

    def raw(self, token: int) -> bytes:
        start, end = self.span(token)
        return self.data[start:end]

    def _sequence(self, operation: Operation) -> MarkedSequence | None:
        properties = operation.operands[-1] if operation.operands else None
        if not isinstance(properties, dict):
            return None
        sequence = MarkedSequence(operation)
        token = operation.index - token_count(properties)  # the "<<" token
        token += 1
        for key, value in properties.items():
            count = 1 + token_count(value)
            sequence.keys[key] = (token, token + count - 1)
            token += count
        return sequence


@dataclass(slots=True)
class Edit:
    """Replace bytes [start, end) of a stream with `data`."""

    start: int
    end: int
    data: bytes


def apply_edits(data: bytes, edits: list[Edit]) -> bytes:
    """`data` with the edits made; edits must not overlap (a later one inside an earlier one's
    span is dropped, as the earlier already rewrote those bytes)."""
    out: list[bytes] = []
    pos = 0
    for edit in sorted(edits, key=lambda e: (e.start, -e.end)):
        if edit.start < pos:
            continue
        out.append(data[pos : edit.start])
        out.append(edit.data)
        pos = edit.end
    out.append(data[pos:])
    return b"".join(out)
