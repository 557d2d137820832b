"""Budgets that keep hostile files from taking unbounded time or memory.

No normal document comes near the defaults. A page that reaches one returns the text read
so far, with a warning; in strict mode it raises LimitExceeded instead.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

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


# What a document opened without limits reads under: Limits is frozen, so one serves all, and
# its checks run once, not at every open.
DEFAULT_LIMITS = Limits()
