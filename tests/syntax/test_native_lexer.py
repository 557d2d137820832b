"""The compiled build's C lexer against the Python one it twins (lexer._operations, and
lexer._read_operations for an interpreter that leaves some operators unread).

Same operations, values, token indices, skipped operators and warnings on every corpus page
and on streams of random tokens, damage included.
"""

from __future__ import annotations

import copy
import os
import zlib
from collections.abc import Iterator

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagetext.content.interpreter import _TEXT_UNREAD
from pagetext.syntax import lexer
from tests.corpus import CORPUS, needs_corpus

try:
    from pagetext.syntax import _native_lexer as native
except ImportError:
    native = None  # type: ignore[assignment]


needs_native = pytest.mark.skipif(native is None, reason="the C lexer is built with the compiled build only")


def test_the_compiled_build_reads_with_the_c_lexer() -> None:
    if os.environ.get("PAGETEXT_COMPILE") == "1":
        assert native is not None
    if native is not None:
        assert lexer._NATIVE_OPERATIONS is native.operations
        assert lexer._NATIVE_READ_OPERATIONS is native.read_operations


def released(operations: Iterator[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """Each operation copied and let go before the next is read, as the interpreter's loop
    does: the C lexer then refills the tuple and the operands list it last yielded (a list()
    of the operations holds every one, and each is made anew)."""
    copies = []
    while True:
        operation = next(operations, None)
        if operation is None:
            return copies
        copies.append(copy.deepcopy(operation))
        del operation


def both(data: bytes, references: bool = False) -> tuple[list[object], list[object]]:
    """(operations, warnings) from the C lexer, then from the Python one; `references`: read
    as object syntax (N G R as a Reference). The C lexer's operations are read both let go
    one by one and held."""
    assert native is not None
    native_warnings: list[str] = []
    python_warnings: list[str] = []
    result = released(native.operations(data, native_warnings.append, references))
    assert list(native.operations(data, lambda message: None, references)) == result
    expected = list(lexer._operations(data, python_warnings.append, None, references))
    return [result, native_warnings], [expected, python_warnings]


def both_read(data: bytes, unread: frozenset[str], allowance: int) -> tuple[list[object], list[object]]:
    """(operations, warnings) from the C read_operations, then from the Python one."""
    assert native is not None
    native_warnings: list[str] = []
    python_warnings: list[str] = []
    result = released(native.read_operations(data, native_warnings.append, unread, [allowance]))
    assert list(native.read_operations(data, lambda message: None, unread, [allowance])) == result
    expected = list(lexer._read_operations(data, python_warnings.append, unread, [allowance]))
    return [result, native_warnings], [expected, python_warnings]


_SOUP = [
    b"1", b"-2.5", b"+.5", b"3.", b".", b"-", b"+", b"1.5.2", b"12abc", b"007", b"0.25",
    b"99999999999999999999", b"123456789012345678", b"-123456789012345678", b"1.0000000000000001",
    b"m", b"l", b"re", b"f*", b"Tj", b"Td", b"BT", b"true", b"false", b"null", b"BI", b"ID", b"EI",
    b"/W", b"/F1", b"/A#20B", b"/\xc3\xa9", b"/\xe9", b"/", b"/LongerThanSeven", b"\xe9op",
    b"(a)", b"(b\\)c)", b"(x(y)z)", b"(\r)", b"(", b"<41>", b"<4 1>", b"<4>", b"<zz>", b"<",
    b"[", b"]", b"<<", b">>", b">", b"{", b"}", b")", b"%c\n", b"%", b"\n", b"\x00", b"\x0b",
    b"R", b"5 0 R", b"0", b"-1", b"[", b"<<",
]  # fmt: skip
_GAPS = [b" ", b"", b"\r\n", b"\t"]
_UNREAD = frozenset({"m", "l", "re", "f*", "ID", "BI", "EI", "true", "null"})


@needs_native
@given(st.lists(st.tuples(st.sampled_from(_SOUP), st.sampled_from(_GAPS)), max_size=40), st.booleans())
@settings(max_examples=3000, deadline=None)
def test_random_token_streams_read_the_same(tokens: list[tuple[bytes, bytes]], references: bool) -> None:
    # As content and as object syntax (references: "5 0 R", and an R after anything).
    data = b"".join(token + gap for token, gap in tokens)
    result, expected = both(data, references)
    assert result == expected


@needs_native
@given(
    st.lists(st.tuples(st.sampled_from(_SOUP), st.sampled_from(_GAPS)), max_size=40),
    st.integers(min_value=0, max_value=30),
)
@settings(max_examples=1500, deadline=None)
def test_random_token_streams_read_the_same_with_operators_unread(
    tokens: list[tuple[bytes, bytes]], allowance: int
) -> None:
    data = b"".join(token + gap for token, gap in tokens)
    result, expected = both_read(data, _UNREAD, allowance)
    assert result == expected


@needs_native
def test_unread_operators_are_skipped_whatever_their_operands() -> None:
    assert native is not None
    data = b"1 2 m 3 4l 0 0 1 1 re 1.5.2 m 9 (x) l 5 6 Td 7 8 l"
    result = list(native.read_operations(data, lambda message: None, frozenset({"m", "l", "re"}), [100]))
    assert result == [("Td", [5, 6], 19, 5), ("l", [], 22, 0)]
    # An inline image is never skimmed as numbers: its data would read as tokens.
    inline = b"1 2 BI /W 1 ID \x31 m EI 3 4 m"
    assert list(native.read_operations(inline, lambda message: None, frozenset({"BI", "m"}), [100])) == [
        ("EI", [{"W": 1}], 6, 0),
        ("m", [], 9, 0),
    ]


@needs_native
def test_operations_their_caller_still_holds_are_not_refilled() -> None:
    assert native is not None
    operations = native.read_operations(b"1 2 m 3 4 l (a) Tj", lambda message: None, frozenset(), [100])
    first = next(operations)
    operands = next(operations)[1]
    assert next(operations) == ("Tj", [b"a"], 7, 0)
    assert first == ("m", [1, 2], 2, 0)
    assert operands == [3, 4]


@needs_native
def test_callers_with_different_unread_operators_each_get_their_own() -> None:
    # The C lexer remembers per word whether it is unread, for the set it was last asked about.
    data = b"1 2 m (a) Tj 3 4 l /m gs"
    for unread in (frozenset({"m"}), frozenset({"l", "gs"}), frozenset({"m"}), frozenset({"Tj"})):
        result, expected = both_read(data, unread, 100)
        assert result == expected
    assert both_read(data, frozenset({"l", "gs"}), 100)[0][0] == [
        ("m", [1, 2], 2, 0),
        ("Tj", [b"a"], 4, 0),
        ("gs", [], 9, 1),
    ]

    hex_digits = zlib.compress(bytes(range(256)) * 8).hex().encode()
    spaced = b" ".join(hex_digits[i : i + 2] for i in range(0, len(hex_digits), 2))
    data = b"<%s> Tj <%s> Tj (%s) Tj (a\\101\\\nb\\q) Tj" % (hex_digits, spaced, b"x" * 5000)
    result, expected = both(data)
    assert result == expected
    assert len(result[0]) == 4  # type: ignore[arg-type]


# What a literal string can hold that is not its own bytes (ISO 32000-1 §7.3.4.2): escapes of
# every kind, octal runs of one to four digits, line ends bare and escaped, nested and
# escaped parentheses; an unbalanced one leaves the string unterminated.
_LITERAL_PIECES = [
    b"a", b"n", b"7", b"8", b"\\", b"\\n", b"\\r", b"\\t", b"\\b", b"\\f", b"\\q", b"\\\\",
    b"\\(", b"\\)", b"\\0", b"\\53", b"\\101", b"\\1017", b"\\777", b"\\9", b"\r", b"\n",
    b"\r\n", b"\\\r", b"\\\n", b"\\\r\n", b"(", b")", b"()", b"\xff",
]  # fmt: skip


@needs_native
@given(st.lists(st.lists(st.sampled_from(_LITERAL_PIECES), max_size=12), max_size=4))
@settings(max_examples=3000, deadline=None)
def test_escaped_literal_strings_read_the_same(bodies: list[list[bytes]]) -> None:
    data = b" ".join(b"(" + b"".join(pieces) + b") Tj" for pieces in bodies)
    result, expected = both(data)
    assert result == expected


@needs_native
def test_a_warning_that_raises_ends_the_operations() -> None:
    assert native is not None

    def strict(message: str) -> None:
        raise ValueError(message)

    operations = native.operations(b"(a) Tj } (b) Tj", strict)
    assert next(operations) == ("Tj", [b"a"], 1)
    with pytest.raises(ValueError, match="unexpected byte b'}' at offset 7"):
        next(operations)
    assert list(operations) == []


@needs_native
def test_bad_arguments_are_a_type_error() -> None:
    assert native is not None
    with pytest.raises(TypeError):
        native.operations(bytearray(b"1 2 m"), print)
    with pytest.raises(TypeError):
        native.read_operations(b"1 2 m", print, {"m": 1}, [1])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        native.read_operations(b"1 2 m", print, frozenset(), [])


def _page_streams() -> list[bytes]:
    streams = []
    for path in sorted(CORPUS.glob("*/*.pdf")):
        try:
            with pikepdf.open(path) as pdf:
                for page in pdf.pages:
                    contents = page.obj.get("/Contents")
                    parts = [contents] if isinstance(contents, pikepdf.Stream) else list(contents or [])
                    streams.append(b"\n".join(part.read_bytes() for part in parts))
        except (pikepdf.PdfError, pikepdf.PasswordError, TypeError, ValueError):
            continue  # damaged beyond what this test is about
    return streams


@needs_native
@needs_corpus
def test_every_corpus_page_reads_the_same() -> None:
    streams = _page_streams()
    assert len(streams) > 1000
    for data in streams:
        result, expected = both(data)
        assert result == expected
        result, expected = both_read(data, _TEXT_UNREAD, 1_000_000)
        assert result == expected
