"""The access log of `pagetext serve`: one line per request on stderr — method, path, status,
bytes sent, seconds — and nothing of the documents (no query, no body, no password)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class AccessLog:
    """ASGI middleware that writes the access log line once a response has been sent."""

    def __init__(self, app: ASGIApp, stream: TextIO | None = None) -> None:
        self.app = app
        self.stream = stream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.monotonic()
        status = 500  # what the client sees when the application fails before it answers
        sent = 0

        async def counted(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, counted)
        finally:
            seconds = time.monotonic() - start
            line = f"{scope['method']} {scope['path']} {status} {sent} {seconds:.3f}"
            print(line, file=self.stream or sys.stderr, flush=True)
