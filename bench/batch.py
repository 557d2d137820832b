"""Pages per second of pagetext.batch.extract_many with 1 worker and with N, run by hand.

    python -m bench.batch DIR [--workers 1 2] [--rounds 2] [--format text]

Every *.pdf below DIR is read in each round by each worker count in turn (1, 2, 1, 2, ...,
so that drift on a shared machine hits both alike). A run is timed from the call to the
last result, worker start-up included, as `pagetext batch` would take; the workers' CPU
seconds show whether more workers cost more work. Prints every run,
the best of each count, the speed-up over one worker, and the machine's load average
(/proc/loadavg) around each run: on a machine shared with other work, the load says how
far the speed-up can be trusted.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

from pagetext.batch import extract_many


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "n/a"


def _run(paths: list[str], workers: int, fmt: str) -> tuple[float, float, int, int]:
    """Seconds, CPU seconds of the workers, pages read, files not read."""
    start = time.perf_counter()
    cpu = _worker_cpu()
    pages = failed = 0
    for result in extract_many(paths, workers=workers, format=fmt):
        pages += result.pages
        failed += not result.ok
    return time.perf_counter() - start, _worker_cpu() - cpu, pages, failed


def _worker_cpu() -> float:
    """CPU seconds of the child processes that have ended (workers are joined at the end)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="counts (default: 1 2)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each count (default: 2)")
    parser.add_argument("--format", default="text", help="output format (default: text)")
    args = parser.parse_args()
    paths = sorted(str(p) for p in args.folder.rglob("*") if p.suffix.lower() == ".pdf")
    print(f"{len(paths)} files under {args.folder}; {os.cpu_count()} cores; load before: {_load()}")
    best: dict[int, float] = {}
    for round_ in range(1, args.rounds + 1):
        for workers in args.workers:
            before = _load()
            seconds, cpu, pages, failed = _run(paths, workers, args.format)
            rate = pages / seconds
            best[workers] = max(best.get(workers, 0.0), rate)
            print(
                f"round {round_}, {workers} worker(s): {pages} pages in {seconds:.1f} s, {rate:.2f} pages/s, "
                f"{cpu:.1f} CPU s in workers ({failed} files not read); load {before} -> {_load()}"
            )
    first = args.workers[0]
    for workers, rate in best.items():
        print(f"best, {workers} worker(s): {rate:.2f} pages/s, {rate / best[first]:.2f}x {first} worker(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
