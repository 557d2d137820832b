"""The worker processes of `pagetext serve` and the bounded queue in front of them.

Each worker (pagetext.serve.worker) reads one PDF at a time. A worker that dies or runs
past the time limit is killed and replaced, and only its request fails. Requests beyond
the running ones wait for a worker, up to a fixed number; the next is refused at once
(Overloaded), so the server never queues without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

from pagetext.serve.config import WORKER_START_SECONDS, WORKER_STOP_SECONDS, ServeConfig

# Where this pagetext lives, so that the workers import the same package as the server.
PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)
RESTART_DELAY_SECONDS = 1.0  # between attempts to start a replacement that failed to start


class Overloaded(Exception):
    """Every worker is busy and the queue is full."""


class JobTimeout(Exception):
    """The extraction ran past the time limit; its worker was killed."""


class WorkerDied(Exception):
    """The worker process ended in the middle of a job (a crash, or killed from outside)."""


class Worker:
    """One worker process, talked to through its stdin and stdout."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, memory_bytes: int | None) -> Worker:
        command = [sys.executable, "-m", "pagetext.serve.worker"]
        if memory_bytes is not None:
            command += ["--memory", str(memory_bytes)]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [PACKAGE_ROOT, env.get("PYTHONPATH")]))
        process = await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env
        )
        worker = cls(process)
        try:
            ready = await asyncio.wait_for(worker._read(), WORKER_START_SECONDS)
        except BaseException:
            await worker.kill()
            raise
        if not ready.get("ready"):
            await worker.kill()
            raise WorkerDied("the worker did not start")
        return worker

    @property
    def pid(self) -> int:
        return self.process.pid

    async def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        if not line:
            code = await self.process.wait()
            how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
            raise WorkerDied(f"the worker process ended ({how})")
        reply: dict[str, Any] = json.loads(line)
        return reply

    async def run(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(job).encode() + b"\n")
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # it died: _read says how
            await self.process.stdin.drain()
        return await self._read()

    async def stop(self) -> None:
        """Ask the worker to exit (its input ends); kill it if it does not."""
        if self.process.returncode is not None:
            return
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), WORKER_STOP_SECONDS)
        except asyncio.TimeoutError:
            await self.kill()

    async def kill(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        await self.process.wait()


class WorkerPool:
    """config.worker_count workers and a queue of config.queue_size waiting requests."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.capacity = config.worker_count + config.queue_size
        self.admitted = 0  # requests holding a place: running or waiting for a worker
        self._idle: asyncio.Queue[Worker] = asyncio.Queue()
        self._workers: set[Worker] = set()  # alive, as far as the pool knows
        self._busy: set[Worker] = set()
        self._tasks: set[asyncio.Task[None]] = set()  # replacements starting, and watchers
        self._closed = False

    async def start(self) -> None:
        workers = await asyncio.gather(
            *(Worker.start(self.config.worker_memory_bytes) for _ in range(self.config.worker_count))
        )
        for worker in workers:
            self._add(worker)

    def _add(self, worker: Worker) -> None:
        self._workers.add(worker)
        self._idle.put_nowait(worker)
        self._spawn(self._watch(worker))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self, worker: Worker) -> None:
        """Replace a worker that dies while idle (run() replaces those that die in a job)."""
        await worker.process.wait()
        if worker in self._workers and worker not in self._busy and not self._closed:
            self._replace(worker)

    @property
    def idle(self) -> int:
        return len(self._workers - self._busy)

    @property
    def pids(self) -> list[int]:
        return sorted(worker.pid for worker in self._workers)

    @contextlib.contextmanager
    def place(self) -> Iterator[None]:
        """Hold a place in the pool for one request, or raise Overloaded when none is left."""
        if self.admitted >= self.capacity or self._closed:
            raise Overloaded
        self.admitted += 1
        try:
            yield
        finally:
            self.admitted -= 1

    async def run(self, job: dict[str, Any]) -> dict[str, Any]:
        """Run a job on the next free worker, within the time limit (from when it starts)."""
        worker = await self._idle.get()
        while worker not in self._workers or worker.process.returncode is not None:
            worker = await self._idle.get()  # that one died while idle: its watcher replaces it
        self._busy.add(worker)
        try:
            reply = await asyncio.wait_for(worker.run(job), self.config.request_seconds)
        except asyncio.TimeoutError:
            self._replace(worker)
            raise JobTimeout from None
        except BaseException:  # died, or the request was cancelled mid-job: a fresh worker
            self._replace(worker)
            raise
        finally:
            self._busy.discard(worker)
        self._idle.put_nowait(worker)
        return reply

    def _replace(self, worker: Worker) -> None:
        if worker in self._workers:
            self._workers.discard(worker)
            self._spawn(self._restart(worker))

    async def _restart(self, worker: Worker) -> None:
        await worker.kill()
        while not self._closed:
            try:
                fresh = await Worker.start(self.config.worker_memory_bytes)
            except (WorkerDied, OSError, asyncio.TimeoutError) as error:
                print(f"pagetext serve: a worker failed to start ({error}); trying again", file=sys.stderr)
                await asyncio.sleep(RESTART_DELAY_SECONDS)
                continue
            if self._closed:
                await fresh.stop()
                return
            self._add(fresh)
            return

    async def close(self) -> None:
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.gather(*(worker.stop() for worker in list(self._workers)))
        self._workers.clear()
