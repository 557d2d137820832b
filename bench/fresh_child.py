"""One library's import and one read of one document, in a process started for them
(bench.fresh): prints {"import": seconds, "read": seconds} and, when the read failed, "error".

    python -m bench.fresh_child LIBRARY PDF [PASSWORD]
"""

from __future__ import annotations

import json
import sys
import time
import warnings

from bench.extractors import EXTRACTORS, import_library


def main() -> None:
    library, pdf = sys.argv[1], sys.argv[2]
    password = sys.argv[3] if len(sys.argv) > 3 else None
    warnings.simplefilter("ignore")
    out = sys.stdout
    sys.stdout = sys.stderr  # libraries that print must not corrupt the answer
    start = time.perf_counter()
    import_library(library)
    imported = time.perf_counter()
    answer: dict[str, object] = {}
    try:
        EXTRACTORS[library](pdf, password)
    except Exception as error:  # a library's failure on one file is a result, not a crash
        answer["error"] = f"{type(error).__name__}: {error}"[:200]
    answer.update({"import": imported - start, "read": time.perf_counter() - imported})
    out.write(json.dumps(answer) + "\n")


if __name__ == "__main__":
    main()
