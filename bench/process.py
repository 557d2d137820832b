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

    def __init__(self, library: str, module: tuple[str, ...] = ("bench.worker",)) -> None:
        self.library = library
        self.module = module  # what `python -m` runs, before the library's name
        self.max_rss_kb = 0
        self._start()

    def _start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", *self.module, self.library],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def run(self, case: Case, timeout: float) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        job = {"pdf": str(case.pdf), "password": case.password}
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
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
            self.max_rss_kb = (
                max(self.max_rss_kb, json.loads(line)["max_rss_kb"]) if line else self.max_rss_kb
            )
        finally:
            self.process.kill()
            self.process.wait()
