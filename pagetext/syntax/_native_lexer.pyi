"""The C lexer of the compiled build (_native_lexer.c): the twin of lexer._operations and
lexer._read_operations."""

from collections.abc import Callable, Iterator
from typing import Any

def operations(
    data: bytes, warn: Callable[[str], None], references: bool = False
) -> Iterator[tuple[str, list[Any], int]]: ...
def read_operations(
    data: bytes, warn: Callable[[str], None], unread: frozenset[str], allowance: list[int]
) -> Iterator[tuple[str, list[Any], int, int]]: ...
def setup(
    read_literal: Callable[..., Any],
    decode_hex: Callable[..., Any],
    decode_name: Callable[..., Any],
    to_dict: Callable[..., Any],
    skip_inline_image_data: Callable[..., Any],
    reference: Callable[[int, int], Any],
) -> None: ...
