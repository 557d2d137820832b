"""Budgets that keep hostile files from taking unbounded time or memory.

No normal document comes near the defaults. A page that reaches one returns the text read
so far, with a warning; in strict mode it raises LimitExceeded instead.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields

from pagetext.content.lexer import Warn
from pagetext.errors import LimitExceeded

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    max_operators: int = 2_000_000  # content operators per page, forms included
    max_glyphs: int = 1_000_000  # glyphs per page
    max_form_depth: int = 32  # Form XObjects nested in each other
    max_stream_bytes: int = 256 * MIB  # decoded size of one stream (decompression bombs)
    max_page_bytes: int = 512 * MIB  # decoded content of one page, forms included
    max_seconds: float | None = None  # wall-clock time per page; None: no limit
    strict: bool = False  # raise LimitExceeded instead of returning partial text

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "strict":
                if not isinstance(value, bool):
                    raise ValueError("Limits.strict must be True or False")
            elif field.name == "max_seconds" and value is None:
                continue
            elif isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"Limits.{field.name} must be a positive number, not {value!r}")


class BudgetStop(Exception):
    """Raised inside the interpreter to stop a page that went over budget (never escapes)."""


class PageBudget:
    """What one page has spent of its Limits."""

    __slots__ = ("bytes", "deadline", "glyphs", "limits", "operators", "warn")

    def __init__(self, limits: Limits, warn: Warn) -> None:
        self.limits = limits
        self.warn = warn
        self.operators = 0
        self.glyphs = 0
        self.bytes = 0
        self.deadline = time.monotonic() + limits.max_seconds if limits.max_seconds is not None else None

    def exceeded(self, what: str) -> BudgetStop:
        """Report going over a budget; return the exception that stops the page."""
        message = f"{what}; the text read so far is returned (raise the limit with pagetext.Limits)"
        if self.limits.strict:
            raise LimitExceeded(message)
        self.warn(message)
        return BudgetStop(message)

    def check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise self.exceeded(f"page took longer than {self.limits.max_seconds} s")

    def spend_bytes(self, count: int) -> None:
        self.bytes += count
        if self.bytes > self.limits.max_page_bytes:
            raise self.exceeded(f"page content over {self.limits.max_page_bytes // MIB} MiB decoded")
