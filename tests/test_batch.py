"""pagetext.batch.extract_many: every file in a worker, isolated, reported; no worker left."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pikepdf
import pytest

import pagetext
import pagetext.batch.worker
import pagetext.document
from pagetext.batch import FileResult, extract_many
from pagetext.limits import MIB
from pagetext.output import OutputOptions, write_document
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import deflate_bomb, text_pdf

REAL = ("pdfbox__PDFBOX-2984-rotations.pdf", "docling__right_to_left_01.pdf", "pdfminer__simple1.pdf")


def worker_processes(parent: int | None = None) -> list[int]:
    """The multiprocessing workers of this process (or of `parent`) still running; the
    resource tracker, which multiprocessing keeps for the life of the parent, is not one."""
    parent = os.getpid() if parent is None else parent
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def build_inputs(folder: Path) -> list[Path]:
    """Documents built in code (one of three pages with a running header) and a few real ones."""
    folder.mkdir(parents=True, exist_ok=True)
    built = {
        "one.pdf": text_pdf([["A single page", "with two lines"]]),
        "three.pdf": text_pdf([["Report header", f"Body of page {n}", "more text here"] for n in (1, 2, 3)]),
        "empty-page.pdf": text_pdf([[], ["after an empty page"]]),
    }
    paths = []
    for name, data in built.items():
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    for name in REAL:
        shutil.copy(CORPUS / "real" / name, folder / name)
        paths.append(folder / name)
    return paths


def expected(path: Path, format: str) -> bytes:  # noqa: A002
    out = io.BytesIO()
    with pagetext.open(path) as doc:
        write_document(doc, out, OutputOptions(format=format))
    return out.getvalue()


def by_path(results: list[FileResult]) -> dict[str, FileResult]:
    return {result.path: result for result in results}


@needs_corpus
@pytest.mark.parametrize("fmt", ["text", "json", "hocr", "alto", "markdown"])
def test_data_equals_single_process_output(tmp_path: Path, fmt: str) -> None:
    paths = build_inputs(tmp_path)
    results = by_path(list(extract_many(paths, workers=2, format=fmt)))
    assert set(results) == {str(path) for path in paths}
    for path in paths:
        result = results[str(path)]
        assert (result.status, result.error, result.output) == ("ok", None, None)
        assert result.data == expected(path, fmt)
        with pagetext.open(path) as doc:
            assert result.pages == len(doc)
    assert worker_processes() == []


@needs_corpus
def test_outputs_written_complete_with_no_temporary_left(tmp_path: Path) -> None:
    paths = build_inputs(tmp_path / "in")
    out = tmp_path / "out"

    def target(path: str) -> str:
        return str(out / "nested" / (Path(path).stem + ".txt"))

    results = list(extract_many(paths, workers=2, output=target))
    assert all(result.ok and result.data is None for result in results)
    for path in paths:
        assert Path(target(str(path))).read_bytes() == expected(path, "text")
    assert sorted(p.name for p in (out / "nested").iterdir()) == sorted(p.stem + ".txt" for p in paths)


def test_jsonl_records_per_page_with_line_records(tmp_path: Path) -> None:
    path = tmp_path / "three.pdf"
    path.write_bytes(text_pdf([["Report header", f"Body of page {n}"] for n in (1, 2, 3)]))
    (plain,) = extract_many([path], workers=1, format="jsonl")
    assert plain.data is not None
    records = [json.loads(line) for line in plain.data.decode().splitlines()]
    assert records == [
        {"path": str(path), "page": n, "text": f"Report header\nBody of page {n}"} for n in (1, 2, 3)
    ]
    (with_lines,) = extract_many([path], workers=1, format="jsonl", lines=True)
    assert with_lines.data is not None
    records = [json.loads(line) for line in with_lines.data.decode().splitlines()]
    with pagetext.open(path) as doc:
        document = json.loads(doc.to_json())
    for record, page in zip(records, document["pages"], strict=True):
        assert record["lines"] == [line for block in page["blocks"] for line in block["lines"]]
        assert record["lines"][0]["role"] == "header"  # running headers marked, as in the JSON


def test_unreadable_files_are_reported_and_the_rest_read(tmp_path: Path) -> None:
    good = tmp_path / "good.pdf"
    good.write_bytes(text_pdf([["fine"]]))
    truncated = tmp_path / "truncated.pdf"
    truncated.write_bytes(good.read_bytes()[:60])
    not_pdf = tmp_path / "notes.pdf"
    not_pdf.write_bytes(b"just some notes, no PDF here\n" * 20)
    locked = tmp_path / "locked.pdf"
    pdf = pikepdf.open(io.BytesIO(text_pdf([["secret"]])))
    pdf.save(locked, encryption=pikepdf.Encryption(owner="o", user="u", R=6))
    missing = tmp_path / "missing.pdf"
    inputs = [good, truncated, not_pdf, locked, missing]

    results = by_path(list(extract_many(inputs, workers=2)))
    assert results[str(good)].data == b"fine\n"
    for path in (truncated, not_pdf, locked, missing):
        result = results[str(path)]
        assert result.status == "failed" and result.data is None
    assert "is not a PDF or is damaged beyond repair" in str(results[str(not_pdf)].error)
    assert "is encrypted: pass its password" in str(results[str(locked)].error)
    assert "no such file" in str(results[str(missing)].error)

    opened = by_path(list(extract_many([locked, good], workers=1, passwords=["wrong", "u"])))
    assert opened[str(locked)].data == b"secret\n"
    (refused,) = extract_many([locked], workers=1, passwords=["wrong"])
    assert refused.status == "failed"
    assert refused.error == f"{str(locked)!r} is encrypted and none of the 1 password(s) given opens it"
    assert worker_processes() == []


def test_robustness_files_each_get_a_result(tmp_path: Path) -> None:
    folder = CORPUS / "robustness"
    hostile = sorted(folder.glob("qpdf__issue-*.pdf"))[:6] + sorted(folder.glob("pdfjs__*fuzzed.pdf"))[:6]
    results = by_path(list(extract_many(hostile, workers=2, timeout=120)))
    assert set(results) == {str(path) for path in hostile}
    for path in hostile:
        result = results[str(path)]
        assert result.status in ("ok", "failed")
        assert (result.error is None) == result.ok
    assert worker_processes() == []


def test_memory_cap_stops_a_decompression_bomb_and_the_batch_goes_on(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(deflate_bomb(96 * MIB))
    after = [tmp_path / f"after{n}.pdf" for n in range(3)]
    for n, path in enumerate(after):
        path.write_bytes(text_pdf([[f"file {n}"]]))
    results = by_path(list(extract_many([bomb, *after], workers=1, memory_limit=16 * MIB)))
    assert results[str(bomb)].status == "memory"
    assert results[str(bomb)].error == "reading this file went over the memory cap of 16 MiB"
    assert [results[str(path)].data for path in after] == [f"file {n}\n".encode() for n in range(3)]
    assert worker_processes() == []


def hostile_worker() -> None:
    """An initializer that makes workers misbehave on files so named: "crash…" kills the
    worker, "hang…" never opens, "stall…" stops halfway through writing its output."""
    original_open: Callable[..., pagetext.Document] = pagetext.document.open
    original_write = pagetext.batch.worker.write_document

    def open_or_misbehave(source: str, *args: Any, **kwargs: Any) -> pagetext.Document:
        name = os.path.basename(source)
        if name.startswith("crash"):
            os.kill(os.getpid(), signal.SIGSEGV)
        if name.startswith("hang"):
            time.sleep(3600)
        return original_open(source, *args, **kwargs)

    def write_or_stall(doc: pagetext.Document, out: IO[bytes], *args: Any, **kwargs: Any) -> int:
        if os.path.basename(getattr(out, "name", "")).startswith(".stall"):
            out.write(b"partial")
            out.flush()
            time.sleep(3600)
        return original_write(doc, out, *args, **kwargs)

    pagetext.document.open = open_or_misbehave  # type: ignore[assignment]
    pagetext.batch.worker.write_document = write_or_stall  # type: ignore[assignment]


def test_crashed_and_hung_workers_are_replaced(tmp_path: Path) -> None:
    names = ["crash.pdf", "a.pdf", "hang.pdf", "b.pdf", "crash2.pdf", "c.pdf"]
    for name in names:
        (tmp_path / name).write_bytes(text_pdf([[name]]))
    paths = [tmp_path / name for name in names]
    results = by_path(list(extract_many(paths, workers=2, timeout=2, initializer=hostile_worker)))
    status = {Path(path).name: result.status for path, result in results.items()}
    assert status == {
        "crash.pdf": "crashed",
        "crash2.pdf": "crashed",
        "hang.pdf": "timeout",
        "a.pdf": "ok",
        "b.pdf": "ok",
        "c.pdf": "ok",
    }
    crashed = results[str(tmp_path / "crash.pdf")].error
    assert crashed == "the worker process reading this file died (killed by SIGSEGV); the file was skipped"
    assert results[str(tmp_path / "hang.pdf")].error == "still reading after 2 s, the time limit; stopped"
    assert worker_processes() == []


def test_leaving_early_stops_the_workers_and_removes_unfinished_outputs(tmp_path: Path) -> None:
    names = ["stall1.pdf", "stall2.pdf", "quick.pdf"]
    for name in names:
        (tmp_path / name).write_bytes(text_pdf([[name]]))
    out = tmp_path / "out"
    out.mkdir()
    results = extract_many(
        [tmp_path / name for name in names],
        workers=3,
        output=lambda path: str(out / (Path(path).stem + ".txt")),
        initializer=hostile_worker,
    )
    first = next(results)
    assert first.path.endswith("quick.pdf") and first.ok
    for _ in range(600):  # the stalled workers are halfway through their outputs
        if len(list(out.glob(".stall*.tmp"))) == 2:
            break
        time.sleep(0.05)
    assert len(list(out.glob(".stall*.tmp"))) == 2
    assert len(worker_processes()) == 3
    results.close()
    assert worker_processes() == []
    assert sorted(p.name for p in out.iterdir()) == ["quick.txt"]


def test_bad_arguments() -> None:
    with pytest.raises(pagetext.UsageError, match="unknown format 'csv'"):
        extract_many([], format="csv")
    with pytest.raises(pagetext.UsageError, match="workers must be a whole number"):
        extract_many([], workers=0)
    with pytest.raises(pagetext.UsageError, match="jsonl format only"):
        extract_many([], lines=True)
    with pytest.raises(pagetext.UsageError, match="timeout must be a positive number"):
        extract_many([], timeout=0)
    assert list(extract_many([])) == []


def broken_worker() -> None:
    """An initializer that fails, as a worker in a broken environment would."""
    raise RuntimeError("this worker cannot start")


def test_a_worker_that_cannot_start_stops_the_batch(tmp_path: Path) -> None:
    path = tmp_path / "one.pdf"
    path.write_bytes(text_pdf([["one"]]))
    with pytest.raises(pagetext.WorkerError, match=r"a worker process could not start \(exit code 1\)"):
        list(extract_many([path], workers=2, initializer=broken_worker))
    assert worker_processes() == []
