"""The parent's side of pagetext.batch: workers started, given one file at a time, watched
for an answer, a death or a file past its time limit, replaced, and stopped at the end."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Generator
from multiprocessing.connection import wait
from typing import Any, Final

from pagetext.batch.records import FileResult, Job, Settings
from pagetext.batch.worker import serve
from pagetext.errors import WorkerError

START_METHOD: Final = "spawn"  # see pagetext.batch
STOP_GRACE: Final = 5.0  # seconds an idle worker has to exit once asked, before it is killed


class _Worker:
    """One worker process, its end of the pipe, and the job it is reading. A worker says
    it is ready once started (interpreter, imports, memory cap, initializer), so that its
    start-up never counts against a file's time limit."""

    __slots__ = ("conn", "deadline", "job", "process", "ready", "started")

    def __init__(self, context: Any, settings: Settings) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=serve, args=(child, settings), name="pagetext-batch-worker", daemon=True
        )
        self.process.start()
        child.close()
        self.ready = False
        self.job: Job | None = None
        self.started = 0.0
        self.deadline: float | None = None

    def give(self, job: Job, timeout: float | None) -> bool:
        """Send the worker a job; False if it is gone."""
        self.job = job
        self.started = time.monotonic()
        self.deadline = self.started + timeout if timeout is not None else None
        try:
            self.conn.send(job)
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


def run(
    jobs: list[Job], count: int, settings: Settings, timeout: float | None
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
