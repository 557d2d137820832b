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

import contextlib
import io
import multiprocessing
import os
import signal
import time
import warnings
from collections import deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import IO, Any, Final

from pagetext import document
from pagetext.errors import PasswordError, PdfError, PdfWarning, UsageError, WorkerError
from pagetext.export.common import write_chunks
from pagetext.export.jsonl import jsonl_chunks
from pagetext.output import OutputOptions, write_document
from pagetext.page import ORDERS

MIB: Final = 1024 * 1024
START_METHOD: Final = "spawn"  # see the module docstring
# Per worker, on top of what it maps at start. The real corpus peaks under 100 MiB; the
# budgets of pagetext.Limits let one page decode 512 MiB of content and hold 1M glyphs,
# which stays well inside 4 GiB. A file that needs more is hostile, not large.
DEFAULT_MEMORY_LIMIT: Final = 4096 * MIB
# A damaged file can warn once per object; the report keeps the first ones and a count.
MAX_WARNINGS: Final = 100
STOP_GRACE: Final = 5.0  # seconds an idle worker has to exit once asked, before it is killed
FORMATS: Final = (*document.FORMATS, "jsonl")
STATUSES: Final = ("ok", "failed", "timeout", "crashed", "memory")


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
class _Settings:
    """What every worker is told once, when it starts."""

    format: str
    order: str
    lines: bool
    passwords: tuple[str, ...]
    memory_limit: int | None
    initializer: Callable[[], None] | None


@dataclass(slots=True)
class _Job:
    path: str
    output: str | None
    temporary: str | None  # where the worker writes before renaming to output


def extract_many(
    paths: Iterable[str | os.PathLike[str]],
    workers: int | None = None,
    format: str = "text",  # noqa: A002
    *,
    order: str = "reading",
    lines: bool = False,
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
    settings = _Settings(format, order, lines, tuple(passwords), memory_limit, initializer)
    return _run(jobs, min(count, len(jobs)), settings, timeout)


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0  # the worker reports why it cannot be read


def _job(path: str, output: Callable[[str], str] | None, number: int) -> _Job:
    if output is None:
        return _Job(path, None, None)
    target = os.fspath(output(path))
    directory, name = os.path.split(target)
    temporary = os.path.join(directory, f".{name}.{os.getpid()}-{number}.tmp")
    return _Job(path, target, temporary)


# -- the parent: hands out jobs, watches the workers ------------------------------------------


class _Worker:
    """One worker process, its end of the pipe, and the job it is reading. A worker says
    it is ready once started (interpreter, imports, memory cap, initializer), so that its
    start-up never counts against a file's time limit."""

    __slots__ = ("conn", "deadline", "job", "process", "ready", "started")

    def __init__(self, context: Any, settings: _Settings) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(child, settings), name="pagetext-batch-worker", daemon=True
        )
        self.process.start()
        child.close()
        self.ready = False
        self.job: _Job | None = None
        self.started = 0.0
        self.deadline: float | None = None

    def give(self, job: _Job, timeout: float | None) -> bool:
        """Send the worker a job; False if it is gone."""
        self.job = job
        self.started = time.monotonic()
        self.deadline = self.started + timeout if timeout is not None else None
        try:
            self.conn.send((job.path, job.output, job.temporary))
        except OSError:
            return False
        return True

    def answer(self) -> FileResult | None:
        """The worker's answer if one is waiting; None if it died without one."""
        try:
            if self.conn.poll():
                result: FileResult = self.conn.recv()
                return result
        except (EOFError, OSError):
            pass
        return None

    def end(self, grace: float | None) -> None:
        """Stop the worker (asked first when `grace` is given, then killed) and clean up
        after the job it was reading."""
        if grace is not None and self.job is None and self.process.is_alive():
            with contextlib.suppress(OSError):
                self.conn.send(None)
            self.process.join(grace)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        if self.job is not None and self.job.temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.job.temporary)


def _run(
    jobs: list[_Job], count: int, settings: _Settings, timeout: float | None
) -> Generator[FileResult, None, None]:
    context = multiprocessing.get_context(START_METHOD)
    pending = deque(jobs)
    pool: list[_Worker] = []
    finished = False
    try:
        while True:
            done: list[FileResult] = []
            for worker in [w for w in pool if w.ready and w.job is None]:
                if pending and not worker.give(pending.popleft(), timeout):
                    done.append(_lost(worker, pool))
            starting = sum(1 for worker in pool if not worker.ready)
            while len(pool) < count and len(pending) > starting:
                pool.append(_Worker(context, settings))
                starting += 1
            if not done and not pending and all(worker.job is None for worker in pool):
                break
            yield from done or _collect(pool, timeout)
        finished = True
    finally:
        for worker in pool:
            worker.end(STOP_GRACE if finished else None)


def _collect(pool: list[_Worker], timeout: float | None) -> list[FileResult]:
    """Wait until a worker is ready, answers, dies or runs out of time; what became of the
    files whose workers answered, died or ran out of time."""
    watched = [worker for worker in pool if worker.job is not None or not worker.ready]
    deadlines = [worker.deadline for worker in watched if worker.deadline is not None]
    wait_for = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
    ready = set(wait([*(w.conn for w in watched), *(w.process.sentinel for w in watched)], wait_for))
    done: list[FileResult] = []
    for worker in watched:
        job = worker.job
        heard = worker.conn in ready or worker.process.sentinel in ready or worker.conn.poll()
        if not worker.ready:
            if heard:
                _started(worker)
        elif job is not None and heard:
            result = worker.answer()
            if result is None:
                done.append(_lost(worker, pool))
                continue
            worker.job = None
            if result.status == "memory":  # it exits after telling: its heap is not trusted
                _retire(worker, pool)
            done.append(result)
        elif job is not None and worker.deadline is not None and time.monotonic() >= worker.deadline:
            _retire(worker, pool)
            message = f"still reading after {timeout:g} s, the time limit; stopped"
            done.append(FileResult(job.path, "timeout", seconds=float(timeout or 0), error=message))
    return done


def _started(worker: _Worker) -> None:
    """Take a new worker's word that it is ready; one that died starting stops the batch,
    since every other would die the same way."""
    try:
        worker.conn.recv()
        worker.ready = True
    except (EOFError, OSError):
        worker.process.join()
        raise WorkerError(
            f"a worker process could not start (exit code {worker.process.exitcode}); its error is above"
        ) from None


def _lost(worker: _Worker, pool: list[_Worker]) -> FileResult:
    """The file whose worker died under it."""
    job = worker.job
    assert job is not None
    seconds = time.monotonic() - worker.started
    _retire(worker, pool)
    code = worker.process.exitcode
    how = f"killed by {signal.Signals(-code).name}" if code is not None and code < 0 else f"exit code {code}"
    message = f"the worker process reading this file died ({how}); the file was skipped"
    return FileResult(job.path, "crashed", seconds=seconds, error=message)


def _retire(worker: _Worker, pool: list[_Worker]) -> None:
    worker.end(None)
    worker.job = None
    pool.remove(worker)


# -- the worker ---------------------------------------------------------------------------


def _serve(conn: Connection, settings: _Settings) -> None:
    """A worker's life: read the files it is sent, one at a time, until told to stop."""
    # Ctrl-C reaches the whole process group; the parent decides how the batch stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _cap_memory(settings.memory_limit)
    if settings.initializer is not None:
        settings.initializer()
    conn.send(None)  # ready
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        result = _extract(_Job(*job), settings)
        try:
            conn.send(result)
        except OSError:
            return  # the parent is gone: nobody to tell
        if result.status == "memory":
            return


def _cap_memory(limit: int | None) -> None:
    """Limit the worker's address space to what it has mapped now plus `limit` bytes."""
    if limit is None:
        return
    try:
        import resource

        with open("/proc/self/statm") as statm:
            mapped = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        return  # not Linux: RLIMIT_AS is not enforced there (see the module docstring)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = mapped + limit if hard == resource.RLIM_INFINITY else min(mapped + limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _open(path: str, passwords: tuple[str, ...]) -> document.Document:
    """The document, opened without a password or with the first of `passwords` that fits."""
    try:
        return document.open(path)
    except PasswordError as error:
        if not passwords:
            raise
        for password in passwords:
            with contextlib.suppress(PasswordError):
                return document.open(path, password=password)
        raise PasswordError(
            f"{path!r} is encrypted and none of the {len(passwords)} password(s) given opens it"
        ) from error


def _write(doc: document.Document, stream: IO[bytes], path: str, settings: _Settings) -> int:
    if settings.format == "jsonl":
        write_chunks(jsonl_chunks(doc, path, settings.order, settings.lines), stream)
        return len(doc)
    return write_document(doc, stream, OutputOptions(format=settings.format, order=settings.order))


def _extract(job: _Job, settings: _Settings) -> FileResult:
    start = time.perf_counter()
    result = FileResult(job.path, "ok")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        warnings.simplefilter("always", PdfWarning)
        try:
            with _open(job.path, settings.passwords) as doc:
                if job.output is None or job.temporary is None:
                    buffer = io.BytesIO()
                    result.pages = _write(doc, buffer, job.path, settings)
                    result.data = buffer.getvalue()
                else:
                    os.makedirs(os.path.dirname(job.output) or ".", exist_ok=True)
                    with open(job.temporary, "wb") as stream:
                        result.pages = _write(doc, stream, job.path, settings)
                    os.replace(job.temporary, job.output)
                    result.output = job.output
        except MemoryError:
            limit = settings.memory_limit
            cap = f"the memory cap of {limit // MIB} MiB" if limit is not None else "the memory available"
            result = FileResult(job.path, "memory", error=f"reading this file went over {cap}")
        except PdfError as error:
            result = FileResult(job.path, "failed", error=str(error))
        except OSError as error:
            result = FileResult(job.path, "failed", error=f"cannot write {job.output!r}: {error}")
        except Exception as error:  # a bug in pagetext: this file's report, not the batch's end
            message = f"pagetext failed on this file ({type(error).__name__}: {error}); please report it"
            result = FileResult(job.path, "failed", error=message)
        finally:
            if job.temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(job.temporary)
    result.warnings = _messages(caught)
    result.seconds = time.perf_counter() - start
    return result


def _messages(caught: list[warnings.WarningMessage]) -> list[str]:
    """The warnings' messages, each once, the first MAX_WARNINGS and a count of the rest."""
    unique = list(dict.fromkeys(str(warning.message) for warning in caught))
    if len(unique) <= MAX_WARNINGS:
        return unique
    return [*unique[:MAX_WARNINGS], f"... and {len(unique) - MAX_WARNINGS} more warnings"]
