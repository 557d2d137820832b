"""The server's hidden=keep|drop|flag: what `pagetext FILE --hidden H` prints, byte for byte;
an unknown mode is a 400 naming the modes; the OpenAPI document describes the parameter."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from pagetext.page import HIDDEN
from pagetext.serve.app import QUERY, create_app
from pagetext.serve.config import ServeConfig
from pagetext.serve.openapi import openapi_document
from tests.pdfbuild import HIDDEN_LINES, hidden_pdf

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(ServeConfig(workers=1, queue=1))) as test_client:
        yield test_client


def cli(path: Path, *args: str) -> bytes:
    result = subprocess.run(
        [sys.executable, "-m", "pagetext", str(path), *args], capture_output=True, check=True, cwd=ROOT
    )
    return result.stdout


def test_hidden_is_what_the_command_prints(client: TestClient, tmp_path: Path) -> None:
    source = tmp_path / "letter.pdf"
    source.write_bytes(hidden_pdf())
    for query, args in (
        ("hidden=drop", ["--hidden", "drop"]),
        ("hidden=keep", []),
        ("format=json&hidden=flag", ["--format", "json", "--hidden", "flag"]),
    ):
        response = client.post(f"/v1/extract?{query}", content=source.read_bytes())
        assert response.status_code == 200, response.text
        assert response.content == cli(source, *args)
    dropped = client.post("/v1/extract?hidden=drop", content=source.read_bytes())
    assert dropped.content == b"Dear reader,\nKind regards.\fSecond page.\n"
    flagged = client.post("/v1/extract?format=json&hidden=flag", content=source.read_bytes()).json()
    words = [w for b in flagged["pages"][1]["blocks"] for line in b["lines"] for w in line["words"]]
    assert [w["text"] for w in words if "hidden" in w] == HIDDEN_LINES[1].split()


def test_unknown_hidden_is_a_bad_request(client: TestClient) -> None:
    response = client.post("/v1/extract?hidden=hide", content=hidden_pdf())
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "bad_request" and "unknown hidden 'hide'" in body["message"]


def test_openapi_describes_hidden() -> None:
    assert "hidden" in QUERY
    parameters = openapi_document(ServeConfig())["paths"]["/v1/extract"]["post"]["parameters"]
    (hidden,) = [p for p in parameters if p["name"] == "hidden"]
    assert hidden["in"] == "query"
    assert hidden["schema"] == {"type": "string", "enum": list(HIDDEN), "default": "keep"}
    json.dumps(hidden)  # plain JSON, as GET /openapi.json serves it
