"""The limits of `pagetext serve`, each a named default the command line can change."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Final

MIB: Final = 1024 * 1024

DEFAULT_HOST: Final = "127.0.0.1"  # localhost: serving other machines is an explicit choice
DEFAULT_PORT: Final = 8080
# Uploads above this are refused (413) while they stream in; 64 MiB holds all but scanned books.
MAX_UPLOAD_BYTES: Final = 64 * MIB
# Wall-clock seconds one extraction may take in its worker before the worker is killed (504).
REQUEST_SECONDS: Final = 60.0
# Requests that may wait for a free worker, per worker; beyond them the server answers 503.
QUEUE_PER_WORKER: Final = 4
# What a 503 asks the client to wait, in seconds: about one extraction of a typical document.
RETRY_AFTER_SECONDS: Final = 2
# Address space of a worker process (Linux RLIMIT_AS): a hostile file runs out of memory in
# its worker, not on the machine. Reading a long document takes well under 200 MiB; the
# library's own budgets (pagetext.Limits) allow up to 512 MiB of decoded content per page.
WORKER_MEMORY_BYTES: Final = 2048 * MIB
# Seconds a new worker has to import pagetext and report ready.
WORKER_START_SECONDS: Final = 60.0
# Seconds a worker has to exit once told to stop, before it is killed.
WORKER_STOP_SECONDS: Final = 5.0
# Seconds running requests have to finish once the server is told to stop (SIGINT, SIGTERM).
SHUTDOWN_SECONDS: Final = 10
# Bytes read or written at a time when the body is spooled to disk and the result sent back.
CHUNK_BYTES: Final = 256 * 1024


def cpu_count() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


@dataclass(frozen=True, slots=True)
class ServeConfig:
    """How many workers, how many waiting requests, and the limits of each request."""

    workers: int = 0  # 0: one per core
    queue: int = -1  # waiting requests beyond the running ones; -1: QUEUE_PER_WORKER per worker
    max_upload_bytes: int = MAX_UPLOAD_BYTES
    request_seconds: float = REQUEST_SECONDS
    worker_memory_bytes: int | None = WORKER_MEMORY_BYTES  # None: no cap
    retry_after_seconds: int = RETRY_AFTER_SECONDS

    def __post_init__(self) -> None:
        if self.workers < 0:
            raise ValueError("workers must be 0 (one per core) or more")
        if self.queue < -1:
            raise ValueError("queue must be -1 (the default per worker), 0 or more")
        if self.max_upload_bytes <= 0 or self.request_seconds <= 0:
            raise ValueError("the upload limit and the time limit must be positive")
        if self.worker_memory_bytes is not None and self.worker_memory_bytes <= 0:
            raise ValueError("the worker memory cap must be positive")

    @property
    def worker_count(self) -> int:
        return self.workers or cpu_count()

    @property
    def queue_size(self) -> int:
        return self.queue if self.queue >= 0 else QUEUE_PER_WORKER * self.worker_count
