"""The pagetext command: output, options and exit codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf

from tests.pdfbuild import add_page, new_pdf, to_bytes

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "sample.pdf"


def run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pagetext", *args], capture_output=True, check=False)


def test_sample_text() -> None:
    result = run(str(SAMPLE))
    assert result.returncode == 0
    assert result.stdout.decode() == (
        "pagetext sample\n"
        "Words separated by TJ offsets, with no space characters.\n"
        "A line drawn in two text objects stays one line.\n"
        "Text outside the crop box, like this slug line, is not part of the page:\n"
    )
    assert result.stderr == b""


def test_pages_output_file_separator_and_bom(tmp_path: Path) -> None:
    pdf = new_pdf()
    for word in (b"one", b"two", b"three"):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (" + word + b") Tj ET")
    source = tmp_path / "three.pdf"
    source.write_bytes(to_bytes(pdf))
    out = tmp_path / "out.txt"
    result = run(str(source), "-p", "3,1", "-o", str(out), "--page-separator", "\\n--\\n", "--bom")
    assert result.returncode == 0
    assert out.read_bytes() == "\ufeffthree\n--\none\n".encode()


def test_exit_codes(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"not a pdf at all")
    result = run(str(broken))
    assert result.returncode == 1
    assert result.stderr.startswith(b"pagetext: ") and b"Traceback" not in result.stderr

    assert run(str(tmp_path / "missing.pdf")).returncode == 1
    assert run(str(SAMPLE), "-p", "9").returncode == 2
    assert run(str(SAMPLE), "--no-such-option").returncode == 2

    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (secret) Tj ET")
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(to_bytes(pdf, encryption=pikepdf.Encryption(owner="o", user="u", R=6)))
    missing = run(str(locked))
    assert missing.returncode == 3
    assert b"--password" in missing.stderr
    assert run(str(locked), "--password", "bad").returncode == 3
    unlocked = run(str(locked), "--password", "u")
    assert (unlocked.returncode, unlocked.stdout) == (0, b"secret\n")


def test_dehyphenate_joins_line_end_hyphens_in_text_and_refuses_json(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 72 700 Td 12 TL (An example of hyphen-) Tj T* (ation; hyphenation) Tj ET")
    source = tmp_path / "hyphen.pdf"
    source.write_bytes(to_bytes(pdf))
    assert run(str(source)).stdout == b"An example of hyphen-\nation; hyphenation\n"
    assert run(str(source), "--dehyphenate").stdout == b"An example of hyphenation;\nhyphenation\n"
    refused = run(str(source), "--dehyphenate", "--format", "json")
    assert refused.returncode != 0 and refused.stdout == b""
    assert b"--dehyphenate does not apply to json" in refused.stderr
