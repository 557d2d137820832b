"""Many PDFs on all cores: `extract_many` reads each file in a worker process.

    for result in pagetext.batch.extract_many(paths, workers=4, format="json", timeout=60):
        print(result.path, result.status, result.pages)

Every file is isolated: a worker that crashes, runs past `timeout` or goes over its memory
cap is killed and replaced, that file is reported (status "crashed", "timeout" or
"memory") and the batch goes on. A file pagetext cannot read is reported "failed" with the
library's message. No worker outlives the iteration: when it ends, is closed early, or
is interrupted (KeyboardInterrupt), the workers are stopped and their unfinished outputs
removed.

Workers are started with "spawn": a fresh interpreter that shares nothing with the parent.
A forked child inherits every lock of the parent's threads in whatever state it was in
(qpdf under pikepdf, or an application's own threads) and can deadlock on one; "forkserver"
avoids that too but leaves its server process running after the batch and does not exist
on Windows. Spawning costs an interpreter start per worker (well under a second), paid
again only when a worker has to be replaced.

The memory cap is an RLIMIT_AS the worker sets on itself once started (Linux): the kernel
refuses the allocation that crosses it, so a decompression bomb is stopped before it takes
the machine's memory, with no polling and no window between checks for it to overshoot.
The allocation fails as a MemoryError, the file is reported "memory" and the worker is
replaced, its heap no longer trusted. The cap counts address space, not resident pages, so
it is set on top of what the worker has mapped when it starts. Where RLIMIT_AS is not
enforced (macOS, Windows) there is no cap; the time limit still holds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable
from typing import Final

from pagetext.batch.pool import run
from pagetext.batch.records import FileResult, Job, Settings
from pagetext.errors import UsageError
from pagetext.export.formats import FORMATS as OUTPUT_FORMATS
from pagetext.limits import MIB
from pagetext.page import HIDDEN, ORDERS

# Per worker, on top of what it maps at start. The real corpus peaks under 100 MiB; the
# budgets of pagetext.Limits let one page decode 512 MiB of content and hold 1M glyphs,
# which stays well inside 4 GiB. A file that needs more is hostile, not large.
DEFAULT_MEMORY_LIMIT: Final = 4096 * MIB
FORMATS: Final = (*OUTPUT_FORMATS, "jsonl")
STATUSES: Final = ("ok", "failed", "timeout", "crashed", "memory")

__all__ = ["DEFAULT_MEMORY_LIMIT", "FORMATS", "STATUSES", "FileResult", "extract_many"]


def extract_many(
    paths: Iterable[str | os.PathLike[str]],
    workers: int | None = None,
    format: str = "text",  # noqa: A002
    *,
    order: str = "reading",
    lines: bool = False,
    hidden: str = "keep",
    output: Callable[[str], str] | None = None,
    timeout: float | None = None,
    memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
    passwords: Iterable[str] = (),
    initializer: Callable[[], None] | None = None,
) -> Generator[FileResult, None, None]:
    """Read every file in worker processes; yield a FileResult per file as each finishes.

    workers: processes (default: one per core). format: text, json, hocr, alto, markdown
    (each byte for byte as `pagetext FILE --format F` prints it) or jsonl (one JSON line
    per page: path, page, text, and with lines=True the page's line records).
    hidden: "keep" (default), "drop" (leave out what a viewer does not show) or "flag" (json,
    and jsonl's line records: each such word's reasons; the other formats read as keep).
    output: where to write each file's output, called here with the input path; the file
    appears there only once complete (written beside it, then renamed). Without it the
    bytes come back in FileResult.data.
    timeout: seconds a file may take; memory_limit: bytes a worker may allocate (None: no
    cap); passwords: tried in turn on an encrypted file that does not open without one.
    initializer: a module-level function each worker calls when it starts, before any
    file (to set up logging or warning filters, say).

    Files are started largest first, so that no long file starts last while the other
    workers sit idle. Close the iterator (or leave the loop) to stop early.
    """
    if format not in FORMATS:
        raise UsageError(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
    if order not in ORDERS:
        raise UsageError(f"unknown order {order!r}; use one of {', '.join(ORDERS)}")
    if hidden not in HIDDEN:
        raise UsageError(f"unknown hidden {hidden!r}; use one of {', '.join(HIDDEN)}")
    if lines and format != "jsonl":
        raise UsageError("lines=True adds line records to the jsonl format only")
    count = workers if workers is not None else os.cpu_count() or 1
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise UsageError(f"workers must be a whole number of at least 1, not {workers!r}")
    for name, value in (("timeout", timeout), ("memory_limit", memory_limit)):
        if value is not None and (isinstance(value, bool) or not value > 0):
            raise UsageError(f"{name} must be a positive number or None, not {value!r}")
    names = [os.fspath(path) for path in paths]
    jobs = [_job(path, output, number) for number, path in enumerate(names)]
    jobs.sort(key=lambda job: -_size(job.path))
    settings = Settings(format, order, lines, tuple(passwords), memory_limit, initializer, hidden)
    return run(jobs, min(count, len(jobs)), settings, timeout)


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # the worker reports why it cannot be read


def _job(path: str, output: Callable[[str], str] | None, number: int) -> Job:
    if output is None:
        return Job(path, None, None)
    target = os.fspath(output(path))
    directory, name = os.path.split(target)
    temporary = os.path.join(directory, f".{name}.{os.getpid()}-{number}.tmp")
    return Job(path, target, temporary)
