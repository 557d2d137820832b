"""`pagetext redact` as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pagetext
from tests.pdfbuild import add_page, new_pdf

ROOT = Path(__file__).resolve().parent.parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pagetext", "redact", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )


def _input(tmp_path: Path) -> Path:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 12 Tf 72 700 Td (Name: John Smith) Tj 0 -14 Td (Phone 555 0100) Tj ET")
    add_page(pdf, b"BT /F1 12 Tf 72 700 Td (john again) Tj ET")
    path = tmp_path / "in.pdf"
    pdf.save(path)
    return path


def test_text_regex_box_and_counts(tmp_path: Path) -> None:
    path = _input(tmp_path)
    out = tmp_path / "out.pdf"
    result = _run(str(path), "-o", str(out), "--text", "john", "--ignore-case", "--regex", r"\d{3} \d{4}")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["page 1: 11 glyph(s) removed", "page 2: 4 glyph(s) removed"]
    with pagetext.open(out) as doc:
        assert doc.text() == "Name: Smith\nPhone\fagain"
    boxed = tmp_path / "boxed.pdf"
    result = _run(str(out), "-o", str(boxed), "--box", "1:70,695,120,715", "--fill", "none")
    assert result.returncode == 0, result.stderr
    with pagetext.open(boxed) as doc:
        assert doc[0].text() == "Smith\nPhone"


def test_nothing_matched(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = _run(str(_input(tmp_path)), "-o", str(out), "--text", "absent")
    assert result.returncode == 1
    assert "nothing matched" in result.stderr
    assert not out.exists()


def test_usage_errors(tmp_path: Path) -> None:
    path = _input(tmp_path)
    assert _run(str(path), "-o", str(tmp_path / "o.pdf")).returncode == 2
    assert _run(str(path), "-o", str(tmp_path / "o.pdf"), "--box", "1:1,2,3").returncode == 2
