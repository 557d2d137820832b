"""The HTTP application of `pagetext serve` (Starlette; run by uvicorn).

    POST /v1/extract   the PDF as the body, or as the multipart field "file"
                       ?format=text|json|hocr|alto|markdown &pages=1-3,7 &order=reading|...
                       &page_chunks=true (markdown: a JSON array, a chunk per page)
                       &hidden=keep|drop|flag (text a viewer does not show)
                       header X-Pdf-Password for an encrypted file
    GET  /healthz      200 while the server runs, with the pool's counts
    GET  /version      the pagetext version
    GET  /openapi.json the OpenAPI 3.1 description (pagetext.serve.openapi)

Statuses: 200 the output; 400 bad parameters or page range; 403 a missing or wrong
password; 408 an upload that did not arrive within the time limit; 413 an upload over the
limit (found while it streams in); 422 a file the library
cannot read; 500 a worker that crashed on the file (it is replaced); 503 every worker busy
and the queue full (Retry-After); 504 the time limit passed: the worker is killed and no
partial result is returned. Every error body is JSON {"error": KIND, "message": TEXT}.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import AsyncIterator
from typing import Any, Final

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import Message, Receive

from pagetext._version import __version__
from pagetext.export.formats import FORMATS, REGISTRY
from pagetext.page import HIDDEN, ORDERS
from pagetext.serve.config import CHUNK_BYTES, MIB, ServeConfig
from pagetext.serve.openapi import openapi_document
from pagetext.serve.pool import JobTimeout, Overloaded, WorkerDied, WorkerPool

API: Final = "v1"
QUERY: Final = ("format", "pages", "order", "page_chunks", "hidden")
FLAGS: Final = {"true": True, "false": False}  # what a yes/no query parameter may say
CHUNKS_MEDIA_TYPE: Final = "application/json"  # page_chunks=true: a JSON array of chunks
PASSWORD_HEADER: Final = "x-pdf-password"
UPLOAD_FIELD: Final = "file"
MAX_FORM_FIELDS: Final = 8  # other multipart fields are allowed and ignored, but not without end
PAGES_HEADER: Final = "X-Pagetext-Pages"  # how many pages the output holds
# The library's error kinds (pagetext.serve.worker) → HTTP status.
STATUS_OF: Final = {"password": 403, "bad_request": 400, "unreadable": 422, "memory": 422, "internal": 500}
PASSWORD_HINT: Final = f"send the password in the {PASSWORD_HEADER.title()} header"


class HttpError(Exception):
    def __init__(self, status: int, kind: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.kind, self.message, self.headers = status, kind, message, headers

    def response(self, **extra: str) -> JSONResponse:
        body = {"error": self.kind, "message": self.message, **extra}
        return JSONResponse(body, self.status, headers=self.headers)


class BodyTooLarge(Exception):
    """The body went over the upload limit while it was read."""


def _too_large(limit: int) -> HttpError:
    return HttpError(413, "too_large", f"the upload is larger than the limit of {limit / MIB:g} MiB")


def _options(request: Request) -> dict[str, Any]:
    query = request.query_params
    unknown = sorted(set(query) - set(QUERY))
    if unknown:
        raise HttpError(400, "bad_request", f"unknown query parameter(s) {', '.join(unknown)}; use {QUERY}")
    options = {
        "format": query.get("format", "text"),
        "order": query.get("order", "reading"),
        "hidden": query.get("hidden", "keep"),
    }
    if options["format"] not in FORMATS:
        raise HttpError(400, "bad_request", f"unknown format {options['format']!r}; use one of {FORMATS}")
    if options["order"] not in ORDERS:
        raise HttpError(400, "bad_request", f"unknown order {options['order']!r}; use one of {ORDERS}")
    if options["hidden"] not in HIDDEN:
        raise HttpError(400, "bad_request", f"unknown hidden {options['hidden']!r}; use one of {HIDDEN}")
    chunks = query.get("page_chunks", "false")
    if chunks not in FLAGS:
        raise HttpError(400, "bad_request", f"page_chunks is true or false, not {chunks!r}")
    if FLAGS[chunks] and options["format"] != "markdown":
        raise HttpError(
            400, "bad_request", f"page_chunks applies to format=markdown, not {options['format']}"
        )
    pages = query.get("pages")
    return {**options, "pages": pages if pages else None, "page_chunks": FLAGS[chunks]}


def _password(request: Request) -> str | None:
    raw = request.headers.get(PASSWORD_HEADER)
    if raw is None:
        return None
    try:  # HTTP headers travel as Latin-1; a client sends a UTF-8 password as its bytes
        return raw.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return raw


def _counted(receive: Receive, limit: int) -> Receive:
    """receive, raising BodyTooLarge as soon as the body read so far is over the limit."""
    seen = 0

    async def counted() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise BodyTooLarge
        return message

    return counted


async def _spool(request: Request, path: str, limit: int) -> int:
    """Write the uploaded PDF (raw body or multipart field) to path; its size in bytes."""
    body = Request(request.scope, _counted(request.receive, limit))
    size = 0
    with open(path, "wb") as out:
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            try:
                form = await body.form(max_files=1, max_fields=MAX_FORM_FIELDS)
            except HTTPException as error:  # a malformed multipart body
                raise HttpError(400, "bad_request", f"bad multipart body: {error.detail}") from None
            try:
                upload = form.get(UPLOAD_FIELD)
                if not isinstance(upload, UploadFile):
                    message = f"the multipart body has no file field {UPLOAD_FIELD!r}"
                    raise HttpError(400, "bad_request", message)
                while chunk := await upload.read(CHUNK_BYTES):
                    out.write(chunk)
                    size += len(chunk)
            finally:
                await form.close()
        else:
            async for chunk in body.stream():
                out.write(chunk)
                size += len(chunk)
    return size


def _remove(*paths: str) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)


async def extract(request: Request) -> Response:
    pool: WorkerPool = request.app.state.pool
    limit = pool.config.max_upload_bytes
    try:
        options = _options(request)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise _too_large(limit)
        with pool.place():
            name = os.path.join(request.app.state.spool, uuid.uuid4().hex)
            source, output = name + ".pdf", name + ".out"
            try:
                seconds = pool.config.request_seconds
                try:
                    size = await asyncio.wait_for(_spool(request, source, limit), seconds)
                except BodyTooLarge:
                    raise _too_large(limit) from None
                except asyncio.TimeoutError:  # a stalled upload must not hold its place for ever
                    message = f"the upload did not arrive within {seconds:g} s"
                    raise HttpError(408, "upload_timeout", message) from None
                if not size:
                    raise HttpError(400, "bad_request", "the request holds no PDF: send it as the body")
                job = {"input": source, "output": output, "password": _password(request), **options}
                reply = await pool.run(job)
            except BaseException:
                _remove(source, output)
                raise
        _remove(source)
        if not reply["ok"]:
            _remove(output)
            kind = reply["error"]
            error = HttpError(STATUS_OF.get(kind, 500), kind, reply["message"])
            return error.response(hint=PASSWORD_HINT) if kind == "password" else error.response()
        media_type = CHUNKS_MEDIA_TYPE if options["page_chunks"] else REGISTRY[options["format"]].media_type
        return FileResponse(
            output,
            media_type=media_type,
            headers={PAGES_HEADER: str(reply["pages"])},
            background=BackgroundTask(_remove, output),
        )
    except HttpError as error:
        return error.response()
    except Overloaded:
        seconds = pool.config.retry_after_seconds
        message = "every worker is busy and the queue is full; try again later"
        return HttpError(503, "overloaded", message, {"Retry-After": str(seconds)}).response()
    except JobTimeout:
        message = (
            f"the extraction took longer than {pool.config.request_seconds:g} s; "
            "its worker was stopped and no partial result is returned"
        )
        return HttpError(504, "timeout", message).response()
    except WorkerDied as error:
        message = f"{error} while reading this file; a new worker took its place"
        return HttpError(500, "worker_crashed", message).response()


async def healthz(request: Request) -> Response:
    pool: WorkerPool = request.app.state.pool
    return JSONResponse(
        {
            "status": "ok",
            "workers": pool.config.worker_count,
            "idle": pool.idle,
            "requests": pool.admitted,
            "capacity": pool.capacity,
        }
    )


async def version(request: Request) -> Response:
    return JSONResponse({"name": "pagetext", "version": __version__, "api": API})


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_document(request.app.state.pool.config))


ROUTES: Final = (
    ("/v1/extract", extract, ["POST"]),
    ("/healthz", healthz, ["GET"]),
    ("/version", version, ["GET"]),
    ("/openapi.json", openapi, ["GET"]),
)


def create_app(config: ServeConfig | None = None) -> Starlette:
    """The application; its worker pool starts and stops with it (ASGI lifespan)."""
    config = config or ServeConfig()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.spool = tempfile.mkdtemp(prefix="pagetext-serve-")
        pool = WorkerPool(config)
        try:
            await pool.start()
            app.state.pool = pool
            yield
        finally:
            await pool.close()
            shutil.rmtree(app.state.spool, ignore_errors=True)

    routes = [Route(path, endpoint, methods=methods) for path, endpoint, methods in ROUTES]
    return Starlette(routes=routes, lifespan=lifespan)
