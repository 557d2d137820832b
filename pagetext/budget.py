"""What one page spends of its Limits, counted as the interpreter goes.

Compiled with the interpreter (setup.py): it counts every operator and every shown string,
and an interpreted class would cost a dictionary lookup per count.
"""

from __future__ import annotations

import time

from pagetext.errors import LimitExceeded, Warn
from pagetext.limits import MIB, Limits


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
