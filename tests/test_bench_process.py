"""The bench's worker processes (bench.process): a library that cannot be read is a result."""

from __future__ import annotations

from bench.corpus import Case
from bench.process import ROOT, Worker


def test_a_worker_whose_library_cannot_be_imported_answers_errors_and_closes() -> None:
    # Its process dies at each start: every job answers an error, and closing it is no crash.
    worker = Worker("no-such-library")
    case = Case(ROOT / "examples" / "sample.pdf")
    assert "error" in worker.run(case, 10)
    assert "error" in worker.run(case, 10)
    worker.process.wait(timeout=60)  # the worker started again after the error has died too
    worker.close()
    assert worker.max_rss_kb == 0
