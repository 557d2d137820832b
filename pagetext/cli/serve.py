"""`pagetext serve`: the HTTP service (POST /v1/extract), on localhost unless told otherwise.

pagetext serve [--host 127.0.0.1] [--port 8080] [--workers N] [--queue N] [--max-upload-mb MB]
               [--timeout S] [--worker-memory-mb MB]
"""

from __future__ import annotations

import sys

from pagetext.cli.common import EXIT_OK, EXIT_USAGE, Parser, Usage
from pagetext.serve.config import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    MAX_UPLOAD_BYTES,
    MIB,
    QUEUE_PER_WORKER,
    REQUEST_SECONDS,
    SHUTDOWN_SECONDS,
    WORKER_MEMORY_BYTES,
    ServeConfig,
)

MISSING_EXTRA = "pagetext serve needs the serve extra: pip install 'pagetext[serve]' ({error})"


def _parser() -> Parser:
    parser = Parser(prog="pagetext serve", description="Serve text extraction over HTTP: POST /v1/extract.")
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on (default: {DEFAULT_HOST})"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (default: one per core)")
    parser.add_argument(
        "--queue",
        type=int,
        default=-1,
        help=f"requests that may wait for a worker; more get 503 (default: {QUEUE_PER_WORKER} per worker)",
    )
    parser.add_argument(
        "--max-upload-mb",
        type=float,
        default=MAX_UPLOAD_BYTES / MIB,
        help=f"largest upload in MiB; larger get 413 (default: {MAX_UPLOAD_BYTES // MIB})",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=REQUEST_SECONDS,
        help=f"seconds one extraction may take; then 504, no partial result (default: {REQUEST_SECONDS:g})",
    )
    parser.add_argument(
        "--worker-memory-mb",
        type=float,
        default=WORKER_MEMORY_BYTES / MIB,
        help=f"address space of a worker in MiB, 0 for no cap (Linux; default: {WORKER_MEMORY_BYTES // MIB})",
    )
    return parser


def run(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
        memory = int(args.worker_memory_mb * MIB)
        config = ServeConfig(
            workers=args.workers,
            queue=args.queue,
            max_upload_bytes=int(args.max_upload_mb * MIB),
            request_seconds=args.timeout,
            worker_memory_bytes=memory if memory > 0 else None,
        )
    except (Usage, ValueError) as error:
        print(f"pagetext serve: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        import uvicorn

        from pagetext.serve.app import create_app
    except ImportError as error:
        print(MISSING_EXTRA.format(error=error), file=sys.stderr)
        return EXIT_USAGE
    print(f"pagetext serve: http://{args.host}:{args.port}/v1/extract", file=sys.stderr)
    uvicorn.run(
        create_app(config),
        host=args.host,
        port=args.port,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
    return EXIT_OK
