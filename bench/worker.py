"""A worker process for one library: imports it, then reads jobs as JSON lines and times
open + extract of each (the import is not timed).

    python -m bench.worker LIBRARY

Each job line is {"pdf": path, "password": str|null}; each answer is
{"pages": [...], "seconds": float} or {"error": "..."}. An empty line ends the worker, which
then answers {"max_rss_kb": int}.
"""

from __future__ import annotations

import json
import resource
import sys
import time
import warnings
from collections.abc import Callable

from bench.extractors import EXTRACTORS, import_library


def serve(extract: Callable[[str, str | None], object], key: str) -> None:
    """Answer each job line with {key: extract(pdf, password), "seconds"} or {"error",
    "seconds"}; after an empty line (or the end of input), with {"max_rss_kb"}."""
    serve_answers(lambda path, password: {key: extract(path, password)})


def serve_answers(answer: Callable[[str, str | None], dict[str, object]]) -> None:
    """serve, each job's answer made by `answer(pdf, password)`, "seconds" added."""
    warnings.simplefilter("ignore")
    out = sys.stdout
    sys.stdout = sys.stderr  # libraries that print must not corrupt the answers
    for line in sys.stdin:
        if not line.strip():
            break
        job = json.loads(line)
        start = time.perf_counter()
        try:
            result = answer(job["pdf"], job.get("password"))
        except Exception as error:  # a library's failure on one file is a result, not a crash
            result = {"error": f"{type(error).__name__}: {error}"[:300]}
        result["seconds"] = time.perf_counter() - start
        out.write(json.dumps(result) + "\n")
        out.flush()
    out.write(json.dumps({"max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}) + "\n")
    out.flush()


def main() -> None:
    import_library(sys.argv[1])  # before the first job: imports are not timed
    serve(EXTRACTORS[sys.argv[1]], "pages")


if __name__ == "__main__":
    main()
