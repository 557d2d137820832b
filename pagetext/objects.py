"""Small, damage-tolerant readers of pikepdf objects shared by the stages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pikepdf

from pagetext.content.lexer import Warn, decode_name

# What qpdf raises through pikepdf when an object or stream is damaged.
OBJECT_ERRORS = (pikepdf.PdfError, RuntimeError, ValueError, TypeError, UnicodeDecodeError)


def read_stream(stream: Any, what: str, warn: Warn) -> bytes | None:
    """The decoded data of a stream, or None (with a warning) when it cannot be decoded."""
    try:
        data: bytes = stream.read_bytes()
    except OBJECT_ERRORS as error:
        warn(f"{what} could not be decoded ({error}); skipped")
        return None
    return data


def number(value: Any, default: float = 0.0) -> float:
    """A PDF number as float; anything else gives `default`."""
    if isinstance(value, (int, float, Decimal, pikepdf.Object)) and not isinstance(value, bool):
        try:
            return float(value)
        except (TypeError, ValueError):
            return default
    return default


def name(value: Any) -> str:
    """A PDF name without its slash (bytes that are not UTF-8 read as Latin-1); else ""."""
    if not isinstance(value, pikepdf.Name):
        return ""
    try:
        return str(value)[1:]
    except UnicodeDecodeError:
        return decode_name(value.unparse()[1:])
