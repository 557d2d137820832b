"""The HTTP application with Starlette's TestClient: outputs, statuses, limits, OpenAPI."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import jsonschema
import pikepdf
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx
from starlette.testclient import TestClient

import pagetext
from pagetext.export.formats import REGISTRY
from pagetext.serve.app import ROUTES, STATUS_OF, create_app
from pagetext.serve.config import MIB, ServeConfig
from pagetext.serve.openapi import openapi_document
from pagetext.serve.pool import Overloaded, WorkerPool
from pagetext.serve.worker import ERROR_KINDS
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, new_pdf, report_pdf, to_bytes

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLE = ROOT / "examples" / "sample.pdf"
LIMIT = 1 * MIB
ERROR_SCHEMA = openapi_document(ServeConfig())["components"]["schemas"]["Error"]
# A real document that takes its worker well over a second: what the time limit stops.
SLOW = CORPUS / "real" / "pdfminer__issue-1061-colour-space-stack.pdf"


def cli(*args: str) -> bytes:
    result = subprocess.run(
        [sys.executable, "-m", "pagetext", *args], capture_output=True, check=True, cwd=ROOT
    )
    return result.stdout


def two_pages() -> bytes:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (First page) Tj ET")
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Second page) Tj 0 -14 Td (and its second line) Tj ET")
    return to_bytes(pdf)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    config = ServeConfig(workers=1, queue=1, max_upload_bytes=LIMIT)
    with TestClient(create_app(config)) as test_client:
        yield test_client


@pytest.mark.parametrize("format", list(REGISTRY))
def test_every_format_is_what_the_command_prints(client: TestClient, format: str) -> None:  # noqa: A002
    response = client.post(f"/v1/extract?format={format}", content=SAMPLE.read_bytes())
    assert response.status_code == 200
    assert response.headers["content-type"] == REGISTRY[format].media_type
    if format == "alto":  # read from bytes, the document has no file name for sourceImageInformation
        with pagetext.open(SAMPLE.read_bytes()) as doc:
            assert response.content == doc.to_alto().encode()
        assert b"<fileName>" in cli(str(SAMPLE), "--format", format)
    else:
        assert response.content == cli(str(SAMPLE), "--format", format)
    assert response.headers["x-pagetext-pages"] == "1"


def test_pages_order_and_multipart(client: TestClient, tmp_path: Path) -> None:
    source = tmp_path / "two.pdf"
    source.write_bytes(two_pages())
    expected = cli(str(source), "-p", "2", "--order", "content")
    assert expected == b"Second page\nand its second line\n"
    raw = client.post("/v1/extract?pages=2&order=content", content=source.read_bytes())
    assert raw.status_code == 200 and raw.content == expected
    files = {"file": ("two.pdf", source.read_bytes(), "application/pdf")}
    multipart = client.post("/v1/extract?pages=2&order=content", files=files, data={"note": "ignored"})
    assert multipart.status_code == 200 and multipart.content == expected
    both = client.post("/v1/extract", content=source.read_bytes())
    assert both.content == b"First page\fSecond page\nand its second line\n"
    assert both.headers["x-pagetext-pages"] == "2"


def _error(response: object, status: int, kind: str) -> str:
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["error"] == kind
    jsonschema.validate(body, ERROR_SCHEMA)  # as the OpenAPI description says
    message: str = body["message"]
    return message


def test_markdown_page_chunks_are_a_json_array(client: TestClient) -> None:
    pdf = report_pdf()
    response = client.post("/v1/extract?format=markdown&page_chunks=true&pages=2-3", content=pdf)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["x-pagetext-pages"] == "2"
    shared = {"page_count": 3, "source": "", "title": "Annual report", "author": "Jane Doe"}
    assert response.json() == [
        {"text": "Costs fell by a tenth.\n", "metadata": {"page": 2, "page_label": "1", **shared}},
        {
            "text": "# Outlook\n\nNext year looks the same.\n",
            "metadata": {"page": 3, "page_label": "2", **shared},
        },
    ]
    schema = openapi_document(ServeConfig())["components"]["schemas"]["PageChunk"]
    for chunk in response.json():
        jsonschema.validate(chunk, schema)
    with pagetext.open(pdf) as doc:
        assert response.json() == doc.to_markdown("2-3", page_chunks=True)
    plain = client.post("/v1/extract?format=markdown&page_chunks=false", content=pdf)
    assert plain.headers["content-type"] == REGISTRY["markdown"].media_type
    assert plain.text.startswith("<!-- page 1 -->")
    for query, message in (
        ("format=text&page_chunks=true", "page_chunks applies to format=markdown, not text"),
        ("format=markdown&page_chunks=yes", "page_chunks is true or false, not 'yes'"),
    ):
        refused = client.post(f"/v1/extract?{query}", content=pdf)
        assert (refused.status_code, refused.json()) == (400, {"error": "bad_request", "message": message})


def test_bad_input_is_400_or_422_with_the_library_message(client: TestClient) -> None:
    data = SAMPLE.read_bytes()
    assert "unknown format" in _error(
        client.post("/v1/extract?format=docx", content=data), 400, "bad_request"
    )
    assert "unknown order" in _error(client.post("/v1/extract?order=up", content=data), 400, "bad_request")
    assert "page" in _error(client.post("/v1/extract?page=1", content=data), 400, "bad_request")
    message = _error(client.post("/v1/extract?pages=9", content=data), 400, "bad_request")
    with pagetext.open(data) as doc, pytest.raises(pagetext.UsageError) as raised:
        doc.text(pages="9")
    assert message == str(raised.value)
    assert "no PDF" in _error(client.post("/v1/extract", content=b""), 400, "bad_request")
    no_file = client.post("/v1/extract", files={"other": ("x.pdf", data)})
    assert "file" in _error(no_file, 400, "bad_request")
    message = _error(client.post("/v1/extract", content=b"not a pdf at all"), 422, "unreadable")
    with pytest.raises(pagetext.DamagedPdfError) as damaged:
        pagetext.open(b"not a pdf at all")
    address = re.compile(r"0x[0-9a-f]+")  # qpdf's message names the BytesIO object by address
    assert address.sub("", message) == address.sub("", str(damaged.value))


def test_passwords(client: TestClient) -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (secret) Tj ET")
    locked = to_bytes(pdf, encryption=pikepdf.Encryption(owner="o", user="u", R=6))
    missing = client.post("/v1/extract", content=locked)
    assert "encrypted" in _error(missing, 403, "password")
    assert "X-Pdf-Password" in missing.json()["hint"]
    wrong = client.post("/v1/extract", content=locked, headers={"X-Pdf-Password": "nope"})
    assert "wrong" in _error(wrong, 403, "password")
    right = client.post("/v1/extract", content=locked, headers={"X-Pdf-Password": "u"})
    assert right.status_code == 200 and right.content == b"secret\n"


def test_upload_limit_is_checked_while_the_body_streams(client: TestClient) -> None:
    declared = client.post("/v1/extract", content=b"x" * (LIMIT + 1))
    assert "larger than the limit of 1 MiB" in _error(declared, 413, "too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts what arrives
        for _ in range(4):
            yield b"x" * (LIMIT // 2)

    assert client.post("/v1/extract", content=chunks()).status_code == 413
    multipart = client.post("/v1/extract", files={"file": ("big.pdf", b"x" * (LIMIT + 1))})
    assert multipart.status_code == 413
    at_limit = client.post("/v1/extract", content=b"x" * LIMIT)
    assert at_limit.status_code == 422  # read and tried: not over the limit


def test_health_version(client: TestClient) -> None:
    health = client.get("/healthz").json()
    assert health == {"status": "ok", "workers": 1, "idle": 1, "requests": 0, "capacity": 2}
    assert client.get("/version").json() == {"name": "pagetext", "version": pagetext.__version__, "api": "v1"}


def test_openapi_describes_every_route_and_status(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(document)
    described = {(path, method.upper()) for path, item in document["paths"].items() for method in item}
    assert described == {(path, method) for path, _, methods in ROUTES for method in methods}
    statuses = set(document["paths"]["/v1/extract"]["post"]["responses"])
    assert statuses == {"200", "400", "403", "408", "413", "422", "500", "503", "504"}
    assert {str(status) for status in STATUS_OF.values()} <= statuses
    assert set(STATUS_OF) == set(ERROR_KINDS)  # every answer a worker can give has its status
    assert "1 MiB" in document["paths"]["/v1/extract"]["post"]["description"]


@needs_corpus
def test_time_limit_stops_and_replaces_the_worker() -> None:
    # About a tenth of what SLOW takes to read in the compiled build (45 ms): at 50 ms, faster
    # extraction made the limit a race this test could lose.
    config = ServeConfig(workers=1, queue=0, request_seconds=0.005)
    with TestClient(create_app(config)) as client:
        pool: WorkerPool = client.app.state.pool  # type: ignore[attr-defined]
        before = pool.pids
        response = client.post("/v1/extract", content=SLOW.read_bytes())
        assert "no partial result" in _error(response, 504, "timeout")
        for _ in range(600):  # the new worker imports pagetext before it is idle
            if client.get("/healthz").json()["idle"] == 1:
                break
            time.sleep(0.1)
        assert pool.pids and pool.pids != before


def test_a_stalled_upload_gives_up_its_place() -> None:
    async def stalled() -> AsyncIterator[bytes]:
        yield b"%PDF-1.7\n"
        await asyncio.sleep(2.0)  # forty times the time limit
        yield b"%%EOF\n"

    async def scenario() -> tuple[httpx.Response, dict[str, int]]:
        # TestClient reads a body whole before the app sees it; httpx's ASGI transport streams it.
        app = create_app(ServeConfig(workers=1, queue=0, request_seconds=0.05))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                response = await client.post("/v1/extract", content=stalled())
                return response, (await client.get("/healthz")).json()

    response, health = asyncio.run(scenario())
    assert "did not arrive" in _error(response, 408, "upload_timeout")
    assert health["requests"] == 0


def test_a_full_queue_refuses_at_once() -> None:
    pool = WorkerPool(ServeConfig(workers=1, queue=1))
    assert pool.capacity == 2
    with pool.place(), pool.place():
        with pytest.raises(Overloaded), pool.place():
            pass
        assert pool.admitted == 2
    assert pool.admitted == 0
    with pool.place():
        assert pool.admitted == 1


def test_the_command_without_the_extra_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['uvicorn'] = None; from pagetext.cli import main; sys.exit(main(['serve']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 2
    assert "pip install 'pagetext[serve]'" in result.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "pagetext", "serve", "--port", "x"], capture_output=True, text=True, cwd=ROOT
    )
    assert bad.returncode == 2 and "--port" in bad.stderr
