"""`pagetext serve` as a process: a burst of real, hostile, oversized, locked and too many
requests; every one answered with its documented status, texts as the library reads them,
the server alive and its memory bounded afterwards, and no process left once it stops."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import httpx

import pagetext
from tests.corpus import CORPUS, needs_corpus

ROOT = Path(__file__).resolve().parent.parent.parent
WORKERS, QUEUE, UPLOAD_MB = 2, 2, 4
CAPACITY = WORKERS + QUEUE
START_SECONDS = 120  # the server and its workers import pagetext; on a busy machine that takes a while
REQUEST_SECONDS = 600  # the client's patience; the server's own time limit is the default
# Resident memory of the server and its workers after the bursts: the server holds no upload
# in memory (they are spooled to disk) and each worker one document at a time.
MAX_RSS_BYTES = 1024 * 1024 * 1024
# Real documents that take a worker a second or more: to fill the pool.
SLOW = CORPUS / "real" / "pdfminer__issue-1061-colour-space-stack.pdf"
LONG = CORPUS / "real" / "pdfjs__freeculture.pdf"  # hundreds of pages: long enough to be killed
LOCKED = CORPUS / "real" / "camelot__health_protected.pdf"


def _corpus(folder: str, every: int, most_bytes: int) -> list[Path]:
    found = sorted(p for p in (CORPUS / folder).glob("*.pdf") if p.stat().st_size <= most_bytes)
    return found[::every]


Server = tuple["subprocess.Popen[bytes]", str, Path]  # the process, its URL, its log


def _children(pid: int) -> list[int]:
    """Processes whose parent is pid (from /proc)."""
    result = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                result.append(int(entry.name))
    return result


def _rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def expected(path: Path, password: str | None = None) -> tuple[int, bytes]:
    """The status and body the server should give for a file: what the library does with it."""
    try:
        with pagetext.open(path.read_bytes(), password=password) as doc:
            return 200, doc.text().encode() + b"\n"
    except pagetext.PasswordError:
        return 403, b""
    except pagetext.PdfError:
        return 422, b""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = _free_port()
    log_path = tmp_path_factory.mktemp("serve") / "server.log"
    log = log_path.open("wb")
    command = [sys.executable, "-m", "pagetext", "serve", "--port", str(port), "--workers", str(WORKERS)]
    command += ["--queue", str(QUEUE), "--max-upload-mb", str(UPLOAD_MB)]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_SECONDS
    while True:
        assert process.poll() is None, "the server exited at start"
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not answer /healthz"
        time.sleep(0.2)
    yield process, base, log_path
    if process.poll() is None:
        process.kill()
        process.wait()
    log.close()


def _post(
    client: httpx.Client, base: str, body: bytes | Iterator[bytes], headers: dict[str, str] | None = None
):  # type: ignore[no-untyped-def]
    return client.post(f"{base}/v1/extract", content=body, headers=headers or {}, timeout=REQUEST_SECONDS)


def _worker_pids(server_pid: int) -> list[int]:
    return [
        pid
        for pid in _children(server_pid)
        if b"pagetext.serve.worker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]


def _wait_idle(client: httpx.Client, base: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while client.get(f"{base}/healthz").json()["idle"] < WORKERS:
        assert time.monotonic() < deadline, "the workers did not come back"
        time.sleep(0.2)


@needs_corpus
def test_a_burst_of_mixed_requests(server: Server) -> None:
    _, base, _ = server
    real = _corpus("real", 25, 400_000)
    hostile = _corpus("robustness", 9, UPLOAD_MB * 1024 * 1024 - 1)
    cases: list[tuple[str, bytes | Iterator[bytes], dict[str, str], int, bytes]] = []
    for path in [*real, *hostile]:
        status, body = expected(path)
        cases.append((path.name, path.read_bytes(), {}, status, body))
    big = b"%PDF-1.7\n" + b"0" * (UPLOAD_MB * 1024 * 1024)
    cases.append(("declared too large", big, {}, 413, b""))
    cases.append(("streamed too large", iter([big[: len(big) // 2], big[len(big) // 2 :]]), {}, 413, b""))
    locked = LOCKED.read_bytes()
    locked_password = json.loads(LOCKED.with_suffix(".expect.json").read_text())["password"]
    cases.append(("no password", locked, {}, 403, b""))
    cases.append(("wrong password", locked, {"X-Pdf-Password": "not it"}, 403, b""))
    status, body = expected(LOCKED, locked_password)
    cases.append(("password", locked, {"X-Pdf-Password": locked_password}, status, body))
    assert len(real) >= 5 and len(hostile) >= 5 and status == 200

    with httpx.Client() as client, ThreadPoolExecutor(CAPACITY) as pool:  # never more than the pool holds
        answers = list(pool.map(lambda case: _post(client, base, case[1], case[2]), cases))
        for (name, _, _, status, body), answer in zip(cases, answers, strict=True):
            assert answer.status_code == status, (name, answer.text[:300])
            if status == 200:
                assert answer.content == body, name
            else:
                assert answer.json()["message"], name
        assert client.get(f"{base}/healthz").status_code == 200


@needs_corpus
def test_overload_is_refused_with_retry_after(server: Server) -> None:
    _, base, _ = server
    data = SLOW.read_bytes()
    body = expected(SLOW)[1]
    count = 3 * CAPACITY
    start = threading.Barrier(count)

    def send(client: httpx.Client) -> httpx.Response:
        start.wait()
        return _post(client, base, data)

    with (
        httpx.Client(limits=httpx.Limits(max_connections=count)) as client,
        ThreadPoolExecutor(count) as pool,
    ):
        answers = list(pool.map(lambda _: send(client), range(count)))
        assert {answer.status_code for answer in answers} <= {200, 503}
        refused = [answer for answer in answers if answer.status_code == 503]
        assert refused, "a burst three times the pool's capacity was all taken in"
        for answer in refused:
            assert answer.headers["retry-after"] == "2" and answer.json()["error"] == "overloaded"
        for answer in answers:
            if answer.status_code == 200:
                assert answer.content == body
        assert len(answers) - len(refused) >= CAPACITY // 2
        assert client.get(f"{base}/healthz").json()["requests"] == 0


@needs_corpus
def test_a_worker_that_dies_is_replaced(server: Server) -> None:
    process, base, _ = server
    with httpx.Client() as client, ThreadPoolExecutor(1) as pool:
        _wait_idle(client, base)
        workers = _worker_pids(process.pid)
        assert len(workers) == WORKERS
        pending = pool.submit(_post, client, base, LONG.read_bytes())
        deadline = time.monotonic() + START_SECONDS
        while client.get(f"{base}/healthz").json()["idle"] == WORKERS:  # until a worker took it
            assert time.monotonic() < deadline
            time.sleep(0.05)
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        answer = pending.result()
        assert answer.status_code == 500 and answer.json()["error"] == "worker_crashed", answer.text
        assert "SIGKILL" in answer.json()["message"]
        _wait_idle(client, base)
        fresh = _worker_pids(process.pid)
        assert len(fresh) == WORKERS and not set(fresh) & set(workers)
        status, body = expected(SLOW)
        again = _post(client, base, SLOW.read_bytes())
        assert (again.status_code, again.content) == (status, body)


def test_alive_bounded_and_stops_clean(server: Server) -> None:
    process, base, log = server
    with httpx.Client() as client:
        assert client.get(f"{base}/healthz").status_code == 200
        _wait_idle(client, base)
    children = _children(process.pid)
    assert len(_worker_pids(process.pid)) == WORKERS
    total = _rss(process.pid) + sum(_rss(pid) for pid in children)
    assert total < MAX_RSS_BYTES, f"server and workers hold {total / 2**20:.0f} MiB"
    process.send_signal(signal.SIGINT)  # Ctrl-C
    assert process.wait(timeout=60) == 0
    assert b"Traceback" not in log.read_bytes()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in children):
        assert time.monotonic() < deadline, "a worker outlived the server"
        time.sleep(0.1)
