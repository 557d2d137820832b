"""The OpenAPI 3.1 description of `pagetext serve` (GET /openapi.json), written by hand."""

from __future__ import annotations

from typing import Any

from pagetext._version import __version__
from pagetext.export.formats import FORMATS
from pagetext.page import HIDDEN, ORDERS
from pagetext.serve.config import MIB, ServeConfig

OPENAPI_VERSION = "3.1.0"


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    if headers:
        response["headers"] = headers
    return response


def _json(description: str, schema: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


def openapi_document(config: ServeConfig) -> dict[str, Any]:
    """The description, with this server's limits in its words."""
    limit = f"{config.max_upload_bytes / MIB:g} MiB"
    seconds = f"{config.request_seconds:g} s"
    binary = {"type": "string", "format": "binary"}
    output = {"type": "string"}
    extract = {
        "summary": "Extract the text of a PDF",
        "description": (
            "The body is the PDF itself, or a multipart/form-data body with the PDF in the field "
            f"`file`. The answer is what `pagetext FILE --format F` prints, byte for byte (with "
            "page_chunks=true the chunks of `--page-chunks` as one JSON array). Uploads "
            f"over {limit} are refused while they stream in (413). An extraction that takes "
            f"longer than {seconds} is stopped (504): its worker process is killed and replaced, "
            "and no partial result is returned. Requests wait for a free worker up to a fixed "
            "number; beyond it the answer is 503 with Retry-After."
        ),
        "operationId": "extract",
        "parameters": [
            {
                "name": "format",
                "in": "query",
                "schema": {"type": "string", "enum": list(FORMATS), "default": "text"},
                "description": "text; json (the pagetext/1 schema); hocr (hOCR 1.2); alto (ALTO 4.4); "
                "markdown",
            },
            {
                "name": "pages",
                "in": "query",
                "schema": {"type": "string", "examples": ["1-3,7", "5-"]},
                "description": "1-based pages, e.g. 1-3,7 or 5- (default: all)",
            },
            {
                "name": "order",
                "in": "query",
                "schema": {"type": "string", "enum": list(ORDERS), "default": "reading"},
                "description": "reading (columns as a person reads them), content (stream order), "
                "structure (the tags of a tagged PDF), auto (the tags where they can be trusted); "
                "markdown always reads in reading order",
            },
            {
                "name": "page_chunks",
                "in": "query",
                "schema": {"type": "boolean", "default": False},
                "description": "with format=markdown: a JSON array (application/json) of one chunk per "
                "page for retrieval, its Markdown without the page comment and where it comes from",
            },
            {
                "name": "hidden",
                "in": "query",
                "schema": {"type": "string", "enum": list(HIDDEN), "default": "keep"},
                "description": "text a viewer does not show (render mode 3 or 7, clipped, covered, the "
                "same colour as beneath, transparent, under 1 pt, off the page, optional content that is "
                "off): keep it; drop it; or flag it (format=json: each such word's `hidden` reasons; the "
                "other formats read as keep)",
            },
            {
                "name": "X-Pdf-Password",
                "in": "header",
                "schema": {"type": "string"},
                "description": "user or owner password of an encrypted PDF (UTF-8)",
            },
        ],
        "requestBody": {
            "required": True,
            "content": {
                "application/pdf": {"schema": binary},
                "application/octet-stream": {"schema": binary},
                "multipart/form-data": {
                    "schema": {"type": "object", "properties": {"file": binary}, "required": ["file"]}
                },
            },
        },
        "responses": {
            "200": {
                "description": "the output in the asked format",
                "headers": {
                    "X-Pagetext-Pages": {
                        "description": "how many pages the output holds",
                        "schema": {"type": "integer"},
                    }
                },
                "content": {
                    "text/plain": {"schema": output},
                    "application/json": {
                        "schema": {
                            "oneOf": [
                                {"type": "object", "description": "format=json: the pagetext/1 document"},
                                {"type": "array", "items": {"$ref": "#/components/schemas/PageChunk"}},
                            ]
                        }
                    },
                    "application/xhtml+xml": {"schema": output},
                    "application/xml": {"schema": output},
                    "text/markdown": {"schema": output},
                },
            },
            "400": _error("a bad parameter, page range or body (the message says which)"),
            "403": _error("the PDF is encrypted and the password is missing or wrong"),
            "408": _error(f"the upload did not arrive within {seconds}"),
            "413": _error(f"the upload is larger than {limit}"),
            "422": _error(
                "the library cannot read the file (not a PDF, damaged beyond repair, "
                "encryption it cannot open, more memory than a worker may use)"
            ),
            "500": _error("the worker process crashed on the file (it was replaced), or a defect"),
            "503": _error(
                "every worker is busy and the queue is full",
                {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}},
            ),
            "504": _error(f"the extraction took longer than {seconds}; no partial result"),
        },
    }
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "pagetext serve",
            "version": __version__,
            "description": "PDF page text as a viewer shows it, over HTTP.",
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": {
            "/v1/extract": {"post": extract},
            "/healthz": {
                "get": {
                    "summary": "Whether the server runs, and its pool",
                    "operationId": "healthz",
                    "responses": {"200": _json("the server runs", "Health")},
                }
            },
            "/version": {
                "get": {
                    "summary": "The pagetext version",
                    "operationId": "version",
                    "responses": {"200": _json("the version", "Version")},
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This description",
                    "operationId": "openapi",
                    "responses": {
                        "200": {
                            "description": "OpenAPI 3.1",
                            "content": {"application/json": {"schema": {"type": "object"}}},
                        }
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "message"],
                    "properties": {
                        "error": {
                            "type": "string",
                            "enum": [
                                "bad_request",
                                "password",
                                "upload_timeout",
                                "too_large",
                                "unreadable",
                                "memory",
                                "internal",
                                "worker_crashed",
                                "overloaded",
                                "timeout",
                            ],
                        },
                        "message": {"type": "string"},
                        "hint": {"type": "string"},
                    },
                },
                "PageChunk": {
                    "type": "object",
                    "required": ["text", "metadata"],
                    "properties": {
                        "text": {"type": "string", "description": "the page's Markdown"},
                        "metadata": {
                            "type": "object",
                            "required": ["page", "page_label", "page_count", "source"],
                            "properties": {
                                "page": {"type": "integer", "description": "1-based"},
                                "page_label": {"type": "string", "description": "the number a viewer shows"},
                                "page_count": {"type": "integer", "description": "pages of the document"},
                                "source": {"type": "string", "description": "empty: an upload has no path"},
                                "title": {"type": "string"},
                                "author": {"type": "string"},
                            },
                        },
                    },
                },
                "Health": {
                    "type": "object",
                    "required": ["status", "workers", "idle", "requests", "capacity"],
                    "properties": {
                        "status": {"const": "ok"},
                        "workers": {"type": "integer", "description": "worker processes"},
                        "idle": {"type": "integer", "description": "workers free now"},
                        "requests": {"type": "integer", "description": "requests running or waiting"},
                        "capacity": {"type": "integer", "description": "workers + queue places"},
                    },
                },
                "Version": {
                    "type": "object",
                    "required": ["name", "version", "api"],
                    "properties": {
                        "name": {"const": "pagetext"},
                        "version": {"type": "string"},
                        "api": {"type": "string"},
                    },
                },
            }
        },
    }
