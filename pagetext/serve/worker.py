"""A worker process of `pagetext serve`: reads one PDF at a time, as the parent asks.

    python -m pagetext.serve.worker [--memory BYTES]

The protocol is one JSON object per line. The worker first writes {"ready": true}; then for
each job it reads ({"input", "output", "format", "pages", "order", "page_chunks",
"hidden", "password"}) it writes the result to the output path and answers {"ok": true, "pages": N},
or {"ok": false, "error": KIND, "message": TEXT} with KIND one of the ERROR_KINDS. It exits
when its input ends (the parent closed it, or died).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
import time
import warnings
from typing import Any, Final

from pagetext.document import open as open_pdf
from pagetext.errors import PasswordError, PdfError, UsageError
from pagetext.output import OutputOptions, write_document

ERROR_KINDS: Final = ("password", "bad_request", "unreadable", "memory", "internal")
MESSAGE_CHARS: Final = 2000  # an error message longer than this is cut (one reply line stays small)
PARENT_CHECK_SECONDS: Final = 1.0  # how often a busy worker looks whether its server still runs


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """One extraction: the reply to send."""
    try:
        with open(job["input"], "rb") as upload:
            data = upload.read()  # as bytes, so that messages name "the PDF data", not a spool file
        with open_pdf(data, password=job.get("password")) as doc, open(job["output"], "wb") as out:
            options = OutputOptions(
                format=job["format"],
                pages=job.get("pages"),
                order=job["order"],
                page_chunks="array" if job.get("page_chunks") else "",  # a JSON answer, not JSON Lines
                hidden=job.get("hidden", "keep"),
            )
            pages = write_document(doc, out, options)
    except PasswordError as error:
        return _failure("password", error)
    except UsageError as error:
        return _failure("bad_request", error)
    except PdfError as error:
        return _failure("unreadable", error)
    except MemoryError:
        return _failure("memory", "reading the file needs more memory than a worker may use")
    except Exception as error:  # a defect in pagetext: answered, and the worker goes on
        return _failure("internal", f"{type(error).__name__}: {error}")
    return {"ok": True, "pages": pages}


def _failure(kind: str, error: object) -> dict[str, Any]:
    return {"ok": False, "error": kind, "message": str(error)[:MESSAGE_CHARS]}


def _exit_with_parent(parent: int) -> None:
    """End this process once the server that started it is gone, even in the middle of a job."""
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def _cap_memory(limit: int) -> None:
    try:
        import resource
    except ImportError:  # not a POSIX system: no cap
        return
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def main(argv: list[str]) -> int:
    # Ctrl-C in a terminal reaches the whole process group; the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if len(argv) == 2 and argv[0] == "--memory":
        _cap_memory(int(argv[1]))
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # nothing printed by accident can break the protocol
    warnings.simplefilter("ignore")
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()
    replies.write(json.dumps({"ready": True}) + "\n")
    replies.flush()
    for line in sys.stdin:
        reply = run_job(json.loads(line))
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
