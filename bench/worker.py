"""A worker process for one library: reads jobs as JSON lines, times open + extract.

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

from bench.extractors import EXTRACTORS


def main() -> None:
    extract = EXTRACTORS[sys.argv[1]]
    warnings.simplefilter("ignore")
    out = sys.stdout
    sys.stdout = sys.stderr  # libraries that print must not corrupt the answers
    for line in sys.stdin:
        if not line.strip():
            break
        job = json.loads(line)
        start = time.perf_counter()
        try:
            pages = extract(job["pdf"], job.get("password"))
            answer: dict[str, object] = {"pages": pages, "seconds": time.perf_counter() - start}
        except Exception as error:  # a library's failure on one file is a result, not a crash
            answer = {
                "error": f"{type(error).__name__}: {error}"[:300],
                "seconds": time.perf_counter() - start,
            }
        out.write(json.dumps(answer) + "\n")
        out.flush()
    out.write(json.dumps({"max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
