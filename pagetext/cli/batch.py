"""`pagetext batch`: many PDFs on all cores, one output per file or one JSON Lines stream.

pagetext batch INPUT... -o OUTDIR [--format text|json|hocr|alto|markdown|jsonl] [--lines]
               [--hidden keep|drop|flag] [-j N] [--resume] [--timeout S] [--password PW]...
               [--password-file F]

Each output is written beside its final name and renamed once complete, so a name in
OUTDIR is always a whole file. OUTDIR/report.jsonl gets one record per file as it finishes
(path, output, status, pages, seconds, warnings, error); with --format jsonl the pages go
to OUTDIR/pages.jsonl, each file's records appended before its report record. --resume
trusts a file as done when its report record says ok and its output is there (for jsonl:
its pages are all in pages.jsonl, which is first cut back to the files that are done).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from types import FrameType
from typing import IO, Any, Final

from tqdm import tqdm

from pagetext.batch import FileResult, extract_many
from pagetext.cli.common import EXIT_DAMAGED, EXIT_INTERRUPTED, EXIT_IO, EXIT_OK, EXIT_USAGE, Parser, Usage
from pagetext.export.common import write_chunks
from pagetext.export.formats import FORMATS, REGISTRY
from pagetext.page import HIDDEN

# The output file's extension by format (the hOCR and ALTO ones as Tesseract and OCR tools
# name them; ".alto.xml" tells ALTO from other XML beside it).
REPORT: Final = "report.jsonl"
PAGES: Final = "pages.jsonl"  # --format jsonl: every page of every file


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pagetext batch",
        description="Extract the text of many PDFs on all cores: one output per input under OUTDIR "
        "(the inputs' relative paths mirrored) or one JSON Lines stream, and OUTDIR/report.jsonl "
        "with every file's status, pages, seconds, warnings and error. Exit code 0 when every "
        "file was read, 1 when some were not.",
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="a PDF, a directory (every *.pdf below it, sorted) or - (paths on stdin, one per line)",
    )
    parser.add_argument("-o", "--output", required=True, metavar="OUTDIR", help="where outputs go")
    parser.add_argument(
        "--format",
        choices=[*FORMATS, "jsonl"],
        default="text",
        help="text (.txt, default), json (.json), hocr (.hocr), alto (.alto.xml), markdown (.md), each "
        "exactly as `pagetext FILE --format F` prints it; jsonl: OUTDIR/pages.jsonl, one record per "
        'page {"path", "page", "text"}',
    )
    parser.add_argument("--lines", action="store_true", help="jsonl: add each page's line records")
    parser.add_argument(
        "--hidden",
        choices=HIDDEN,
        default="keep",
        help="text a viewer does not show: keep it (default), drop it, or flag it (json and jsonl "
        "line records: the reasons on each such word; other formats read as keep), as `pagetext FILE`",
    )
    parser.add_argument("-j", "--jobs", type=int, metavar="N", help="worker processes (default: 1 per core)")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="skip the files an earlier run into OUTDIR finished (report.jsonl says ok, output there)",
    )
    parser.add_argument(
        "--timeout", type=float, metavar="S", help="seconds a file may take; then it is stopped and reported"
    )
    parser.add_argument(
        "--password",
        action="append",
        default=[],
        help="a password for encrypted files (repeatable), tried before those of --password-file",
    )
    parser.add_argument(
        "--password-file",
        metavar="F",
        help="passwords for encrypted files: one per line (UTF-8; the whole line is the password, "
        "only the line ending removed; blank lines skipped), tried in turn on each file that does "
        "not open without one",
    )
    return parser


def _pdfs_under(directory: str) -> list[str]:
    found: list[str] = []
    for root, _, files in os.walk(directory):
        found.extend(os.path.join(root, name) for name in files if name.lower().endswith(".pdf"))
    return sorted(found, key=lambda path: os.path.relpath(path, directory))


def _mirrored(path: str) -> str:
    """A named file's place under OUTDIR: its path from here when it lies below, else its name."""
    relative = os.path.relpath(os.path.abspath(path))
    return os.path.basename(path) if relative.startswith(os.pardir) else relative


def _inputs(arguments: list[str], stdin: IO[str]) -> list[tuple[str, str]]:
    """(path, place under OUTDIR) of every input, each file once, in the order given."""
    found: list[tuple[str, str]] = []
    for argument in arguments:
        if argument == "-":
            named = [line.rstrip("\r\n") for line in stdin]
            found.extend((path, _mirrored(path)) for path in named if path.strip())
        elif os.path.isdir(argument):
            found.extend((path, os.path.relpath(path, argument)) for path in _pdfs_under(argument))
        else:
            found.append((argument, _mirrored(argument)))
    unique: dict[str, tuple[str, str]] = {}
    for path, place in found:
        unique.setdefault(os.path.realpath(path), (path, place))
    return list(unique.values())


def _output_name(place: str, format: str) -> str:  # noqa: A002
    stem = place[:-4] if place.lower().endswith(".pdf") else place
    return stem + REGISTRY[format].extension


def _overwritten_input(outdir: str, inputs: list[str], names: list[str]) -> str | None:
    """The first output under outdir that is one of the inputs (the same file, hard links
    included: the same device and inode), which the batch would write over."""
    files: set[tuple[int, int]] = set()
    for path in inputs:
        with contextlib.suppress(OSError):
            status = os.stat(path)
            files.add((status.st_dev, status.st_ino))
    for name in names:
        output = os.path.join(outdir, name)
        with contextlib.suppress(OSError):
            status = os.stat(output)
            if (status.st_dev, status.st_ino) in files:
                return output
    return None


def _passwords(path: str | None) -> tuple[str, ...]:
    if path is None:
        return ()
    try:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        raise Usage(f"pagetext batch: cannot read the password file {path!r}: {error}") from error
    lines = (line[:-1] if line.endswith("\r") else line for line in text.split("\n"))
    return tuple(line for line in lines if line)


def _complete_lines(path: str) -> Iterator[tuple[bytes, dict[str, Any]]]:
    """The whole JSON lines of a file (a last line cut off by an interruption is not one)."""
    with contextlib.suppress(FileNotFoundError), open(path, "rb") as stream:
        for raw in stream:
            if not raw.endswith(b"\n"):
                return
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("path"), str):
                yield raw, record


def _resume(outdir: str, outputs: dict[str, str], jsonl: bool) -> set[str]:
    """The inputs an earlier run finished; report.jsonl (and pages.jsonl) cut back to the
    records that still stand: those of finished files and of files not in this run."""
    report = os.path.join(outdir, REPORT)
    latest = {record["path"]: (raw, record) for raw, record in _complete_lines(report)}
    done = {
        path
        for path, (_, record) in latest.items()
        if path in outputs
        and record.get("status") == "ok"
        and record.get("output") == outputs[path]
        and (jsonl or os.path.isfile(os.path.join(outdir, outputs[path])))
    }
    if jsonl:
        pages = os.path.join(outdir, PAGES)
        counts = Counter(record["path"] for _, record in _complete_lines(pages))
        done = {path for path in done if counts[path] == latest[path][1].get("pages")}
        kept_pages = (raw.decode() for raw, record in _complete_lines(pages) if record["path"] in done)
        write_chunks(kept_pages, pages)
    kept = (raw.decode() for path, (raw, _) in latest.items() if path in done or path not in outputs)
    write_chunks(kept, report)
    return done


def _record(result: FileResult, output: str) -> bytes:
    record = {
        "path": result.path,
        "output": output if result.ok else None,
        "status": result.status,
        "pages": result.pages,
        "seconds": round(result.seconds, 3),
        "warnings": result.warnings,
        "error": result.error,
    }
    return (json.dumps(record, ensure_ascii=False) + "\n").encode()


def _summary(counts: Counter[str], pages: int, seconds: float, skipped: int, outdir: str) -> str:
    files = sum(counts.values())
    text = f"pagetext batch: {counts['ok']} of {files} files ok"
    failed = files - counts["ok"]
    if failed:
        kinds = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()) if status != "ok")
        text += f", {failed} not read ({kinds}; see {os.path.join(outdir, REPORT)})"
    text += f"; {pages} pages in {seconds:.1f} s ({pages / seconds if seconds else 0.0:.1f} pages/s)"
    if skipped:
        text += f"; {skipped} done before, skipped"
    return text


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # a batch told to stop (SIGTERM) stops as on Ctrl-C, workers and all


def _process(
    results: Iterable[FileResult], args: argparse.Namespace, outputs: dict[str, str]
) -> tuple[Counter[str], int]:
    """Write each result's report record (and its pages, for jsonl) as it comes; the files
    by status, and the pages read."""
    counts: Counter[str] = Counter()
    pages = 0
    start = time.monotonic()
    jsonl = args.format == "jsonl"
    report_path = os.path.join(args.output, REPORT)
    with contextlib.ExitStack() as stack:
        mode = "ab" if args.resume else "wb"  # --resume: after the records that still stand
        report = stack.enter_context(open(report_path, mode))
        stream = stack.enter_context(open(os.path.join(args.output, PAGES), mode)) if jsonl else None
        bar = stack.enter_context(
            tqdm(total=len(outputs), unit="file", file=sys.stderr, disable=not sys.stderr.isatty())
        )
        for result in results:
            if stream is not None and result.ok and result.data is not None:
                stream.write(result.data)
                stream.flush()
            report.write(_record(result, outputs[result.path]))
            report.flush()
            counts[result.status] += 1
            pages += result.pages
            rate = pages / max(time.monotonic() - start, 1e-9)
            bar.set_postfix_str(f"{pages} pages, {rate:.1f} pages/s", refresh=False)
            bar.update(1)
    return counts, pages


def run(argv: list[str]) -> int:
    """`pagetext batch ...`: the exit code."""
    try:
        args = _parser().parse_args(argv)
        if args.lines and args.format != "jsonl":
            raise Usage("pagetext batch: --lines goes with --format jsonl")
        if args.jobs is not None and args.jobs < 1:
            raise Usage(f"pagetext batch: -j takes a number of workers of at least 1, not {args.jobs}")
        if args.timeout is not None and not args.timeout > 0:
            raise Usage(f"pagetext batch: --timeout takes a number of seconds above 0, not {args.timeout}")
        passwords = (*args.password, *_passwords(args.password_file))
    except Usage as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    jsonl = args.format == "jsonl"
    inputs = _inputs(args.inputs, sys.stdin)
    outputs = {path: PAGES if jsonl else _output_name(place, args.format) for path, place in inputs}
    writers: dict[str, str] = {}
    for path, name in outputs.items():
        if not jsonl and name in writers:
            print(f"pagetext batch: {writers[name]!r} and {path!r} both map to {name!r}", file=sys.stderr)
            return EXIT_USAGE
        writers[name] = path
    clash = _overwritten_input(args.output, [path for path, _ in inputs], [*writers, REPORT, PAGES])
    if clash is not None:
        print(
            f"pagetext batch: the output {clash!r} is one of the inputs; choose another OUTDIR",
            file=sys.stderr,
        )
        return EXIT_USAGE
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        os.makedirs(args.output, exist_ok=True)
        done = _resume(args.output, outputs, jsonl) if args.resume else set()
        todo = {path: name for path, name in outputs.items() if path not in done}
        start = time.monotonic()
        results = extract_many(
            list(todo),
            args.jobs,
            args.format,
            lines=args.lines,
            hidden=args.hidden,
            output=None if jsonl else (lambda path: os.path.join(args.output, todo[path])),
            timeout=args.timeout,
            passwords=passwords,
        )
        with contextlib.closing(results):
            counts, pages = _process(results, args, todo)
    except KeyboardInterrupt:
        print("pagetext batch: interrupted; run it again with --resume to finish", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as error:  # OUTDIR cannot be made, or its report cannot be written
        where = f" {error.filename!r}" if error.filename else f" in {args.output!r}"
        print(f"pagetext batch: cannot write{where}: {error.strerror or error}", file=sys.stderr)
        return EXIT_IO
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(_summary(counts, pages, time.monotonic() - start, len(done), args.output), file=sys.stderr)
    return EXIT_OK if counts["ok"] == sum(counts.values()) else EXIT_DAMAGED
