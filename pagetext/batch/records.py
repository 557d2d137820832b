"""The records pagetext.batch passes between the parent and its workers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True)
class FileResult:
    """What became of one input file.

    status: "ok"; "failed" (pagetext could not read it: `error` says why); "timeout" (still
    running after `timeout` seconds); "crashed" (its worker died); "memory" (its worker went
    over the memory cap). output: the path written (when extract_many was given `output`),
    else data: the bytes; both None unless ok.
    """

    path: str
    status: str
    pages: int = 0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    output: str | None = None
    data: bytes | None = None

    @property
    def ok(self) -> bool:
        return self.status == "ok"


@dataclass(slots=True)
class Settings:
    """What every worker is told once, when it starts."""

    format: str
    order: str
    lines: bool
    passwords: tuple[str, ...]
    memory_limit: int | None
    initializer: Callable[[], None] | None
    hidden: str = "keep"  # keep, drop or flag (pagetext.page.HIDDEN)


@dataclass(slots=True)
class Job:
    """One file for a worker: where to read it, and where to write its output (if not back)."""

    path: str
    output: str | None
    temporary: str | None  # where the worker writes before renaming to output
