"""A worker's side of pagetext.batch: one file at a time, read and written as the command
line would, everything that goes wrong turned into that file's FileResult."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import time
import warnings
from multiprocessing.connection import Connection
from typing import IO, Final

from pagetext import document
from pagetext.batch.opening import open_with_passwords
from pagetext.batch.records import FileResult, Job, Settings
from pagetext.errors import PdfError, PdfWarning
from pagetext.export.common import write_chunks
from pagetext.export.jsonl import jsonl_chunks
from pagetext.limits import MIB
from pagetext.output import OutputOptions, write_document
from pagetext.pdf.atomic import atomic_open

# A damaged file can warn once per object; the report keeps the first ones and a count.
MAX_WARNINGS: Final = 100


def serve(conn: Connection, settings: Settings) -> None:
    """A worker's life: read the files it is sent, one at a time, until told to stop."""
    # Ctrl-C reaches the whole process group; the parent decides how the batch stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _cap_memory(settings.memory_limit)
    if settings.initializer is not None:
        settings.initializer()
    conn.send(None)  # ready
    while True:
        try:
            job: Job | None = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        result = _extract(job, settings)
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
        return  # not Linux: RLIMIT_AS is not enforced there (see pagetext.batch)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = mapped + limit if hard == resource.RLIM_INFINITY else min(mapped + limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _write(doc: document.Document, stream: IO[bytes], path: str, settings: Settings) -> int:
    if settings.format == "jsonl":
        write_chunks(jsonl_chunks(doc, path, settings.order, settings.lines, hidden=settings.hidden), stream)
        return len(doc)
    options = OutputOptions(format=settings.format, order=settings.order, hidden=settings.hidden)
    return write_document(doc, stream, options)


def _extract(job: Job, settings: Settings) -> FileResult:
    start = time.perf_counter()
    result = FileResult(job.path, "ok")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("ignore")
        warnings.simplefilter("always", PdfWarning)
        try:
            with open_with_passwords(job.path, job.path, settings.passwords) as doc:
                if job.output is None or job.temporary is None:
                    buffer = io.BytesIO()
                    result.pages = _write(doc, buffer, job.path, settings)
                    result.data = buffer.getvalue()
                else:
                    os.makedirs(os.path.dirname(job.output) or ".", exist_ok=True)
                    with atomic_open(job.output, job.temporary) as stream:
                        result.pages = _write(doc, stream, job.path, settings)
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
