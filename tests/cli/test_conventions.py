"""The command line fits the shell: `-` for standard input and output, --version, a help that
lists every subcommand, 1-based page numbers in messages, options that do not apply refused,
one-line warnings, and a server that says it listens only once it does, logging each request."""

from __future__ import annotations

import os
import queue
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pikepdf
import pytest

import pagetext
from pagetext.cli import SUBCOMMANDS, main
from pagetext.content import interpreter
from tests.pdfbuild import add_page, new_pdf, text_pdf, to_bytes

ROOT = Path(__file__).resolve().parent.parent.parent
EXIT_USAGE, EXIT_SERVE = 2, 5
TEXT = "Name: John Smith\nPhone 555 0100\fjohn again\n"


def run(
    *args: str, cwd: Path, stdin: bytes = b"", timeout: float = 120
) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pagetext", *args]
    return subprocess.run(
        command, cwd=cwd, env=env, input=stdin, capture_output=True, timeout=timeout, check=False
    )


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "in.pdf"
    path.write_bytes(text_pdf([["Name: John Smith", "Phone 555 0100"], ["john again"]]))
    return path


def test_dash_reads_standard_input_and_writes_standard_output(small: Path, tmp_path: Path) -> None:
    result = run("-", "-o", "-", cwd=tmp_path, stdin=small.read_bytes())
    assert (result.returncode, result.stdout.decode(), result.stderr) == (0, TEXT, b"")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.pdf"]  # no file named "-"
    tables = run("tables", "-", "--format", "json", cwd=tmp_path, stdin=small.read_bytes())
    assert (tables.returncode, tables.stdout) == (0, b'{"schema": "pagetext-tables/1", "tables": []}\n')


def test_version_names_the_build_and_qpdf(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    build = "compiled" if str(interpreter.__file__).endswith(".so") else "plain"
    assert capsys.readouterr().out == (
        f"pagetext {pagetext.__version__} ({build} build)\n"
        f"pikepdf {pikepdf.__version__}, qpdf {pikepdf.__libqpdf_version__}\n"
    )


def test_help_lists_every_subcommand_with_an_example(tmp_path: Path) -> None:
    text = run("--help", cwd=tmp_path).stdout.decode()
    for name in [*SUBCOMMANDS, "explain"]:
        assert re.search(rf"^  {name} +\S", text, re.MULTILINE), name
        assert re.search(rf"^  pagetext {name} ", text, re.MULTILINE), name


def test_messages_count_pages_from_one(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(small), "-p", "5"]) == EXIT_USAGE
    assert main(["explain", str(small), "-p", "0"]) == EXIT_USAGE
    assert capsys.readouterr().err == (
        "pagetext: page 5 is out of range: the document has 2 page(s)\n"
        "pagetext: page 0 is out of range: the document has 2 page(s)\n"
    )


def test_a_directory_is_called_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err
        == f"pagetext: cannot read {str(tmp_path)!r}: it is a directory, not a PDF file\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--glyphs"], "--glyphs applies to --format json, not text"),
        (["--structure", "--format", "hocr"], "--structure applies to --format json, not hocr"),
        (["--bom", "--format", "json"], "--bom applies to --format text, not json"),
    ],
)
def test_options_for_another_format_are_usage_errors(
    argv: list[str], message: str, small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(small), *argv]) == EXIT_USAGE
    assert capsys.readouterr() == ("", f"pagetext: {message}\n")


def test_zero_workers_is_a_usage_error(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    serve = run("serve", "--workers", "0", "--port", "0", cwd=small.parent, timeout=30)
    assert serve.returncode == EXIT_USAGE and serve.stderr.count(b"\n") == 1
    assert main(["batch", str(small), "-o", str(small.parent / "out"), "-j", "0"]) == EXIT_USAGE
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_verbose_warnings_are_one_line_without_source_paths(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F9 10 Tf 72 700 Td (Hello) Tj ET")
    (tmp_path / "w.pdf").write_bytes(to_bytes(pdf))
    result = run("w.pdf", "-v", cwd=tmp_path)
    assert result.stdout == b"Hello\n"
    assert result.stderr.decode() == (
        "pagetext: warning: page 1: font F9 is not in the resources; Helvetica metrics used\n"
    )


def test_batch_takes_a_password(tmp_path: Path) -> None:
    pdf = pikepdf.open(__import__("io").BytesIO(text_pdf([["secret text"]])))
    pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(user="pw", owner="owner"))
    denied = run("batch", "locked.pdf", "-o", "a", cwd=tmp_path)
    assert denied.returncode == 1 and b"--password" in (tmp_path / "a" / "report.jsonl").read_bytes()
    opened = run("batch", "locked.pdf", "-o", "b", "--password", "wrong", "--password", "pw", cwd=tmp_path)
    assert opened.returncode == 0
    assert (tmp_path / "b" / "locked.txt").read_text() == "secret text\n"


def _taken_port() -> socket.socket:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken


def test_serve_start_up_errors_are_one_line(tmp_path: Path) -> None:
    with _taken_port() as taken:
        port = taken.getsockname()[1]
        result = run("serve", "--port", str(port), "--workers", "1", cwd=tmp_path)
    assert result.returncode == EXIT_SERVE
    assert (
        result.stderr.decode()
        == f"pagetext serve: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    )
    result = run("serve", "--port", "99999", cwd=tmp_path)
    assert result.returncode == EXIT_SERVE
    assert result.stderr.decode() == (
        "pagetext serve: cannot listen on 127.0.0.1:99999: port 99999 is out of range (0 to 65535)\n"
    )
    result = run("serve", "--host", "no-such-host.invalid", cwd=tmp_path)
    assert result.returncode == EXIT_SERVE
    assert result.stderr.decode().count("\n") == 1


def test_serve_logs_one_line_per_request(small: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pagetext", "serve", "--port", "0", "--workers", "1"]
    server = subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stderr or ()], daemon=True).start()
    try:
        first = lines.get(timeout=60)
        base = re.fullmatch(r"pagetext serve: (http://127\.0\.0\.1:\d+)/v1/extract\n", first)
        assert base is not None, first
        with httpx.Client(timeout=60) as client:
            for _ in range(100):  # until the workers are up
                if client.get(f"{base[1]}/healthz").status_code == 200:
                    break
            lines.get(timeout=60)
            reply = client.post(f"{base[1]}/v1/extract?format=text", content=small.read_bytes())
        assert reply.status_code == 200
        line = lines.get(timeout=60)
        assert re.fullmatch(rf"POST /v1/extract 200 {len(reply.content)} \d+\.\d{{3}}\n", line), line
        assert "John" not in line
    finally:
        server.terminate()
        server.wait(timeout=60)
