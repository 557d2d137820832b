"""`pagetext batch`: outputs byte for byte as `pagetext FILE` prints them, the report, the
JSONL stream, failures, exit codes, and an interrupted batch resumed."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
import pytest

import pagetext
from pagetext.cli import main
from pagetext.limits import MIB
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import deflate_bomb, text_pdf
from tests.test_batch import worker_processes

ROOT = Path(__file__).resolve().parent.parent.parent
EXTENSIONS = {"text": ".txt", "json": ".json", "hocr": ".hocr", "alto": ".alto.xml", "markdown": ".md"}
REAL = ("pdfbox__PDFBOX-2984-rotations.pdf", "docling__right_to_left_01.pdf", "pdfminer__simple1.pdf")


def input_tree(root: Path) -> list[str]:
    """PDFs in nested folders (one with an upper-case suffix), a non-PDF beside them, and a
    few real files; the PDFs' paths relative to root."""
    files = {
        "one.pdf": text_pdf([["A single page", "with two lines"]]),
        "sub/three.pdf": text_pdf([["Report header", f"Body of page {n}"] for n in (1, 2, 3)]),
        "sub/deeper/Upper.PDF": text_pdf([["upper-case suffix"]]),
        "sub/empty-page.pdf": text_pdf([[], ["after an empty page"]]),
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    (root / "sub" / "notes.txt").write_text("not a PDF, not read")
    (root / "real").mkdir()
    for name in REAL:
        shutil.copy(CORPUS / "real" / name, root / "real" / name)
    return sorted([*files, *(f"real/{name}" for name in REAL)])


def printed(path: Path, capsysbinary: pytest.CaptureFixture[bytes], *options: str) -> bytes:
    """What `pagetext FILE [options]` prints."""
    capsysbinary.readouterr()
    assert main([str(path), *options]) == 0
    return capsysbinary.readouterr().out


def report(outdir: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (outdir / "report.jsonl").read_text().splitlines()]


def out_name(relative: str, fmt: str) -> str:
    return relative[: -len(".pdf")] + EXTENSIONS[fmt]


@needs_corpus
@pytest.mark.parametrize("fmt", ["text", "json", "hocr", "alto", "markdown"])
def test_outputs_mirror_the_inputs_byte_for_byte(
    tmp_path: Path, fmt: str, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    inputs = input_tree(tmp_path / "in")
    out = tmp_path / "out"
    assert main(["batch", str(tmp_path / "in"), "-o", str(out), "-j", "2", "--format", fmt]) == 0
    summary = capsysbinary.readouterr().err.decode()
    assert summary.startswith(f"pagetext batch: {len(inputs)} of {len(inputs)} files ok; ")
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == sorted([*(out_name(name, fmt) for name in inputs), "report.jsonl"])
    for name in inputs:
        expected = printed(tmp_path / "in" / name, capsysbinary, "--format", fmt)
        assert (out / out_name(name, fmt)).read_bytes() == expected, name
    records = {record["path"]: record for record in report(out)}
    assert sorted(records) == sorted(str(tmp_path / "in" / name) for name in inputs)
    three = records[str(tmp_path / "in" / "sub" / "three.pdf")]
    assert (three["status"], three["pages"], three["output"], three["error"]) == (
        "ok",
        3,
        out_name("sub/three.pdf", fmt),
        None,
    )
    assert worker_processes() == []


@needs_corpus
def test_jsonl_one_record_per_page(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    inputs = input_tree(tmp_path / "in")
    for lines in (False, True):
        out = tmp_path / f"out-{lines}"
        options = ["--lines"] if lines else []
        assert main(["batch", str(tmp_path / "in"), "-o", str(out), "--format", "jsonl", *options]) == 0
        records = [json.loads(line) for line in (out / "pages.jsonl").read_text().splitlines()]
        for name in inputs:
            path = tmp_path / "in" / name
            mine = [record for record in records if record["path"] == str(path)]
            with pagetext.open(path) as doc:
                assert [(r["page"], r["text"]) for r in mine] == [(p.number, p.text()) for p in doc]
                pages = json.loads(doc.to_json())["pages"]
            for record, page in zip(mine, pages, strict=True):
                if lines:
                    assert record["lines"] == [line for block in page["blocks"] for line in block["lines"]]
                else:
                    assert set(record) == {"path", "page", "text"}
        assert len(records) == sum(record["pages"] for record in report(out))  # type: ignore[misc]
        assert {record["output"] for record in report(out)} == {"pages.jsonl"}


@needs_corpus
def test_unreadable_files_exit_1_with_the_count(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.pdf").write_bytes(text_pdf([["fine"]]))
    (folder / "truncated.pdf").write_bytes(text_pdf([["cut short"]])[:70])
    (folder / "notes.pdf").write_bytes(b"a text file named like a PDF\n")
    locked = pikepdf.open(io.BytesIO(text_pdf([["secret"]])))
    locked.save(folder / "locked.pdf", encryption=pikepdf.Encryption(owner="o", user="u", R=4))
    shutil.copy(CORPUS / "robustness" / "qpdf__issue-99.pdf", folder / "hostile.pdf")
    out = tmp_path / "out"
    assert main(["batch", str(folder), "-o", str(out)]) == 1
    err = capsysbinary.readouterr().err.decode()
    assert f"1 of 5 files ok, 4 not read (4 failed; see {out / 'report.jsonl'})" in err
    assert sorted(p.name for p in out.iterdir()) == ["good.txt", "report.jsonl"]
    status = {Path(str(r["path"])).name: (r["status"], r["output"]) for r in report(out)}
    assert status == {
        "good.pdf": ("ok", "good.txt"),
        "truncated.pdf": ("failed", None),
        "notes.pdf": ("failed", None),
        "locked.pdf": ("failed", None),
        "hostile.pdf": ("failed", None),
    }

    passwords = tmp_path / "passwords.txt"
    passwords.write_text("wrong\n\nu\r\n", encoding="utf-8")
    assert main(["batch", str(folder / "locked.pdf"), "-o", str(out), "--password-file", str(passwords)]) == 0
    assert (out / "locked.txt").read_bytes() == b"secret\n"


@needs_corpus
def test_stdin_lists_paths_mirrored_from_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    input_tree(tmp_path / "in")
    monkeypatch.chdir(tmp_path)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.pdf"
    outside.write_bytes(text_pdf([["outside"]]))
    try:
        monkeypatch.setattr(sys, "stdin", io.StringIO(f"in/sub/three.pdf\n\n{outside}\n"))
        assert main(["batch", "-", "in/one.pdf", "-o", "out"]) == 0
    finally:
        outside.unlink()
    written = sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*.txt"))
    assert written == ["in/one.txt", "in/sub/three.txt", f"{tmp_path.name}-outside.txt"]


def test_usage_errors_exit_2(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    (tmp_path / "a.pdf").write_bytes(text_pdf([["a"]]))
    (tmp_path / "a.PDF").write_bytes(text_pdf([["A"]]))
    out = str(tmp_path / "out")
    assert main(["batch", str(tmp_path / "a.pdf")]) == 2  # no -o
    assert main(["batch", str(tmp_path / "a.pdf"), "-o", out, "--lines"]) == 2
    assert main(["batch", str(tmp_path / "a.pdf"), "-o", out, "-j", "0"]) == 2
    assert main(["batch", str(tmp_path / "a.pdf"), "-o", out, "--timeout", "0"]) == 2
    assert not os.path.exists(out)  # a usage error changes nothing
    assert main(["batch", str(tmp_path / "a.pdf"), "-o", out, "--password-file", str(tmp_path / "no")]) == 2
    capsysbinary.readouterr()
    assert main(["batch", str(tmp_path), "-o", out]) == 2
    assert "both map to 'a.txt'" in capsysbinary.readouterr().err.decode()
    assert worker_processes() == []


SMALL_FILES = 40
FILE_DELAY = 0.1  # seconds each worker waits before a file: the batch cannot end between two polls

# `pagetext batch` as the command line runs it, each file started FILE_DELAY late. Workers are
# spawned: each imports this script as __mp_main__, so the delay reaches them as well.
SLOWED_BATCH = f"""
import sys, time
import pagetext.batch.worker as worker
from pagetext.cli import main

_extract = worker._extract
def _delayed(job, settings):
    time.sleep({FILE_DELAY})
    return _extract(job, settings)
worker._extract = _delayed

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_interrupted_batch_resumes_to_the_same_outputs(
    tmp_path: Path, fmt: str, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    small = [folder / f"small{n}.pdf" for n in range(SMALL_FILES)]
    for n, path in enumerate(small):
        path.write_bytes(text_pdf([[f"small file {n}", "page one"], [f"small file {n}", "page two"]]))
    # The largest file starts first: in the plain build the batch is interrupted while one
    # worker reads it. With FILE_DELAY per file, SMALL_FILES files take a second or more after
    # the first record, whatever the build, so the interruption always comes part way.
    slow = folder / "slow.pdf"
    slow.write_bytes(deflate_bomb(16 * MIB, b"slow"))
    out = tmp_path / "out"
    script = tmp_path / "slowed_batch.py"
    script.write_text(SLOWED_BATCH)
    options = ["batch", str(folder), "-o", str(out), "-j", "2", "--format", fmt]
    command = [sys.executable, "-m", "pagetext", *options]
    # SIGINT as Ctrl-C sends it; a shell without job control starts background commands
    # with SIGINT ignored, and Python keeps it so, hence the default restored for the child.
    batch = subprocess.Popen(
        [sys.executable, str(script), *options],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    seen: set[int] = set()
    first_record = out / "report.jsonl"
    while batch.poll() is None and not (first_record.is_file() and first_record.read_text()):
        seen.update(worker_processes(batch.pid))
        time.sleep(0.02)
    seen.update(worker_processes(batch.pid))
    batch.send_signal(signal.SIGINT)
    _, err = batch.communicate(timeout=60)
    assert batch.returncode == 130, err
    assert b"interrupted; run it again with --resume" in err
    assert len(seen) == 2 and not any(os.path.exists(f"/proc/{pid}") for pid in seen)
    done_before = {r["path"] for r in report(out)}
    assert 0 < len(done_before) < SMALL_FILES + 1
    assert not list(out.glob(".*.tmp"))

    if fmt == "text":
        expected = {path: printed(path, capsysbinary) for path in small}
        expected[slow] = b"slow\n"
        for path in small:  # every output there is whole
            if (out / f"{path.stem}.txt").exists():
                assert (out / f"{path.stem}.txt").read_bytes() == expected[path]
    resumed = subprocess.run([*command, "--resume"], cwd=ROOT, capture_output=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{len(done_before)} done before, skipped".encode() in resumed.stderr
    records = report(out)
    assert sorted(r["path"] for r in records) == sorted(str(p) for p in [*small, slow])
    assert {r["status"] for r in records} == {"ok"}
    if fmt == "text":
        for path, data in expected.items():
            assert (out / f"{path.stem}.txt").read_bytes() == data
    else:
        pages = [json.loads(line) for line in (out / "pages.jsonl").read_text().splitlines()]
        wanted = [(str(path), page, f"small file {n}\npage {word}") for n, path in enumerate(small)
                  for page, word in ((1, "one"), (2, "two"))] + [(str(slow), 1, "slow")]  # fmt: skip
        assert sorted((r["path"], r["page"], r["text"]) for r in pages) == sorted(wanted)
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []
