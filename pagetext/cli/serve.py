"""`pagetext serve`: the HTTP service (POST /v1/extract), on localhost unless told otherwise.

pagetext serve [--host 127.0.0.1] [--port 8080] [--workers N] [--queue N] [--max-upload-mb MB]
               [--timeout S] [--worker-memory-mb MB]
"""

from __future__ import annotations

import contextlib
import socket
import sys

from pagetext.cli.common import EXIT_OK, EXIT_SERVE, EXIT_USAGE, Parser, Usage
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

BACKLOG = 2048  # connections waiting to be accepted, as uvicorn's default
MAX_PORT = 65535  # TCP ports are 16-bit
MISSING_EXTRA = "pagetext serve needs the serve extra: pip install 'pagetext[serve]' ({error})"


def _parser() -> Parser:
    parser = Parser(prog="pagetext serve", description="Serve text extraction over HTTP: POST /v1/extract.")
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on (default: {DEFAULT_HOST})"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    parser.add_argument("--workers", type=int, help="worker processes, 1 or more (default: one per core)")
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
        if args.workers is not None and args.workers < 1:
            raise Usage(f"--workers takes a number of processes of at least 1, not {args.workers}")
        memory = int(args.worker_memory_mb * MIB)
        config = ServeConfig(
            workers=args.workers or 0,
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

        from pagetext.serve.access import AccessLog
        from pagetext.serve.app import create_app
    except ImportError as error:
        print(MISSING_EXTRA.format(error=error), file=sys.stderr)
        return EXIT_USAGE
    try:
        listening = _bind(args.host, args.port)
    except OSError as error:
        print(
            f"pagetext serve: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return EXIT_SERVE
    host, port = listening.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"pagetext serve: http://{shown}:{port}/v1/extract", file=sys.stderr, flush=True)
    server = uvicorn.Server(
        uvicorn.Config(
            AccessLog(create_app(config)),
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        )
    )
    with listening, contextlib.suppress(KeyboardInterrupt):  # uvicorn raises Ctrl-C again once stopped
        server.run(sockets=[listening])
    return EXIT_OK if server.started else EXIT_SERVE


def _bind(host: str, port: int) -> socket.socket:
    """A socket bound to host and port, before anything says the server is up: a port taken,
    out of range or a host that does not resolve is an OSError here."""
    if not 0 <= port <= MAX_PORT:
        raise OSError(f"port {port} is out of range (0 to {MAX_PORT})")
    family, kind, protocol, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    listening = socket.socket(family, kind, protocol)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn: restart at once
        listening.bind(address)
        listening.listen(BACKLOG)  # from here a client's connection waits for the server, not refused
    except BaseException:
        listening.close()
        raise
    return listening
