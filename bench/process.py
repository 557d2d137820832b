"""The parent side of a bench worker process: one library, imported once, documents in a loop."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.corpus import Case

ROOT = Path(__file__).resolve().parent.parent


class Worker:
    """A library's worker process, answering one JSON line per job; restarted after a timeout or
    a crash. At the end it may answer {"max_rss_kb"} to an empty line."""

    def __init__(self, library: str, module: tuple[str, ...] = ("bench.worker",), tree: Path = ROOT) -> None:
        self.library = library
        self.module = module  # what `python -m` runs, before the library's name
        # The checkout the worker runs in: `python -m` puts it first on the path, so that its
        # pagetext (and its compiled build, when built in place) is the one imported.
        self.tree = tree
        self.max_rss_kb = 0
        self._start()

    def _start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", *self.module, self.library],
            cwd=self.tree,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def run(self, case: Case, timeout: float) -> dict[str, Any]:
        return self.ask({"pdf": str(case.pdf), "password": case.password}, timeout)

    def ask(self, job: dict[str, Any], timeout: float) -> dict[str, Any]:
        """One job's answer; {"error"} after a timeout or a crash (the worker starts again)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(job) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            self._restart()
            return {"error": "worker died"}
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            self._restart()
            return {"error": f"timeout after {timeout:.0f} s" if not ready else "worker crashed"}
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _restart(self) -> None:
        self.process.kill()
        self.process.wait()
        self._start()

    def close(self) -> None:
        """End the worker, its peak RSS read when it is alive to answer (one whose library
        cannot be imported dies at each start: it has none)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
            self.max_rss_kb = (
                max(self.max_rss_kb, json.loads(line)["max_rss_kb"]) if line else self.max_rss_kb
            )
        except BrokenPipeError:
            pass
        finally:
            self.process.kill()
            self.process.wait()


def run_cases(
    libraries: list[str], cases: list[Case], timeout: float, module: tuple[str, ...] = ("bench.worker",)
) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, int]]:
    """Every case read by every library's worker, in the turn orders of `turn_orders` (so that
    drift on a shared machine, and what each library leaves in the caches, hit all alike): the
    answers by library and case name, and each worker's peak RSS in KiB."""
    workers = {library: Worker(library, module) for library in libraries}
    raw = run_workers(workers, cases, timeout)
    return raw, {library: workers[library].max_rss_kb for library in libraries}


def run_workers(
    workers: dict[str, Worker], cases: list[Case], timeout: float
) -> dict[str, dict[str, dict[str, Any]]]:
    """Every case read by every worker, by label, in the turn orders of `turn_orders` taken case
    by case; the workers are closed at the end (their peak RSS is then known)."""
    labels = list(workers)
    orders = turn_orders(len(labels))
    raw: dict[str, dict[str, dict[str, Any]]] = {label: {} for label in labels}
    try:
        for number, case in enumerate(cases):
            for index in orders[number % len(orders)]:
                label = labels[index]
                raw[label][case.name] = workers[label].run(case, timeout)
            print(f"\r{number + 1}/{len(cases)} {case.name[:50]:50}", end="", file=sys.stderr, flush=True)
    finally:
        for worker in workers.values():
            worker.close()
    print(file=sys.stderr)
    return raw


def turn_orders(count: int) -> list[list[int]]:
    """Orders of `count` workers' turns in which each worker reads right after each other worker
    equally often: a Williams design, `count` orders for an even count, twice as many for an odd
    one. A worker reads faster after a worker that leaves the processor's caches and memory
    little disturbed, so one fixed cyclic order charges each library its one predecessor's
    footprint (measured: pagetext after pdfminer.six, 0.92 x pypdfium2's median; after a light
    worker 0.99)."""
    first: list[int] = []
    low, high = 0, count - 1
    while low <= high:  # 0, n-1, 1, n-2, 2, ...: each difference between neighbours once
        first.append(low)
        low += 1
        if low <= high:
            first.append(high)
            high -= 1
    orders = [[(worker + shift) % count for worker in first] for shift in range(count)]
    if count % 2:
        orders += [order[::-1] for order in orders]
    return orders
