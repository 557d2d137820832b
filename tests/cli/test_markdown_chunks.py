"""`pagetext FILE --format markdown --page-chunks` (JSON Lines, a chunk per page) and
--furniture (running heads and page numbers kept), refused with other formats."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import pagetext
from pagetext.cli import main
from tests.pdfbuild import report_pdf

EXIT_USAGE = 2


@pytest.fixture
def report(tmp_path: Path) -> Path:
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf())
    return path


def test_page_chunks_are_json_lines(report: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main([str(report), "--format", "markdown", "--page-chunks", "-p", "2-3"]) == 0
    out = capsysbinary.readouterr().out.decode()
    shared = {"page_count": 3, "source": str(report), "title": "Annual report", "author": "Jane Doe"}
    assert [json.loads(line) for line in out.splitlines()] == [
        {"text": "Costs fell by a tenth.\n", "metadata": {"page": 2, "page_label": "1", **shared}},
        {
            "text": "# Outlook\n\nNext year looks the same.\n",
            "metadata": {"page": 3, "page_label": "2", **shared},
        },
    ]
    assert out.endswith("}\n") and out.count("\n") == 2
    with pagetext.open(report) as doc:
        assert [json.loads(line) for line in out.splitlines()] == doc.to_markdown("2-3", page_chunks=True)


def test_page_chunks_to_a_file_and_from_standard_input(
    report: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "chunks.jsonl"
    assert main([str(report), "--format", "markdown", "--page-chunks", "-o", str(target)]) == 0
    chunks = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert [c["metadata"]["page"] for c in chunks] == [1, 2, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chunks.jsonl", "report.pdf"]  # no temporary left
    # Standard input has no path to name.
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(report.read_bytes())))
    assert main(["-", "--format", "markdown", "--page-chunks", "-p", "1", "-o", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["metadata"]["source"] == ""


def test_furniture_keeps_running_heads(report: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main([str(report), "--format", "markdown", "-p", "2"]) == 0
    assert capsysbinary.readouterr().out == b"<!-- page 2 -->\n\nCosts fell by a tenth.\n\n"
    assert main([str(report), "--format", "markdown", "-p", "2", "--furniture"]) == 0
    assert capsysbinary.readouterr().out == (
        b"<!-- page 2 -->\n\nACME Corp quarterly\n\nCosts fell by a tenth.\n\nPage 2\n\n"
    )
    assert main([str(report), "--format", "markdown", "-p", "2", "--furniture", "--page-chunks"]) == 0
    chunk = json.loads(capsysbinary.readouterr().out)
    assert chunk["text"] == "ACME Corp quarterly\n\nCosts fell by a tenth.\n\nPage 2\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--page-chunks"], "--page-chunks applies to --format markdown, not text"),
        (["--furniture", "--format", "json"], "--furniture applies to --format markdown, not json"),
    ],
)
def test_markdown_options_with_another_format_are_usage_errors(
    argv: list[str], message: str, report: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(report), *argv]) == EXIT_USAGE
    assert capsys.readouterr() == ("", f"pagetext: {message}\n")
