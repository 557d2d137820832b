"""pagetext.batch and `pagetext batch` with hidden=: the workers write what `pagetext FILE
--hidden H` prints, byte for byte; jsonl drops or flags; an unknown mode is refused at once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import pagetext
from pagetext.batch import extract_many
from pagetext.cli import main
from pagetext.output import OutputOptions, write_document
from tests.pdfbuild import HIDDEN_LINES, hidden_pdf


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "letter.pdf"
    path.write_bytes(hidden_pdf())
    return path


def printed(path: Path, fmt: str, hidden: str) -> bytes:
    out = io.BytesIO()
    with pagetext.open(path) as doc:
        write_document(doc, out, OutputOptions(format=fmt, hidden=hidden))
    return out.getvalue()


def test_workers_write_what_the_command_prints(pdf: Path) -> None:
    for fmt, hidden in (("text", "drop"), ("json", "flag"), ("markdown", "drop"), ("text", "keep")):
        (result,) = extract_many([pdf], workers=1, format=fmt, hidden=hidden)
        assert result.ok, result.error
        assert result.data == printed(pdf, fmt, hidden)
    (dropped,) = extract_many([pdf], workers=1, hidden="drop")
    assert dropped.data is not None and b"Ignore" not in dropped.data


def test_jsonl_drops_and_flags(pdf: Path) -> None:
    (dropped,) = extract_many([pdf], workers=1, format="jsonl", hidden="drop")
    assert dropped.data is not None
    assert [json.loads(line)["text"] for line in dropped.data.decode().splitlines()] == [
        "Dear reader,\nKind regards.",
        "Second page.",
    ]
    (flagged,) = extract_many([pdf], workers=1, format="jsonl", lines=True, hidden="flag")
    assert flagged.data is not None
    first = json.loads(flagged.data.decode().splitlines()[0])
    words = [w for line in first["lines"] for w in line["words"]]
    assert [w["text"] for w in words if "hidden" in w] == HIDDEN_LINES[0].split()


def test_unknown_hidden_is_refused_before_any_worker_starts(pdf: Path) -> None:
    with pytest.raises(pagetext.UsageError, match="unknown hidden 'hide'"):
        extract_many([pdf], hidden="hide")


def test_command_passes_hidden_to_the_workers(pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["batch", str(pdf), "-o", str(out), "-j", "1", "--hidden", "drop"]) == 0
    assert (out / "letter.txt").read_bytes() == printed(pdf, "text", "drop")
    assert main(["batch", str(pdf), "-o", str(out), "--hidden", "hide"]) == 2
