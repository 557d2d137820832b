"""A document read once by a process started for it: the library's import, the read, and the
whole process, side by side with the peers. This is the read of a command or a one-off
script; `python -m bench` times documents read one after another by a process that imported
its library before the first.

    python -m bench.fresh FOLDER [--libraries pagetext,pypdfium2,pymupdf] [--sample N]
        [--runs R] [--report bench/REPORT.md]

Each (document, library) pair runs `python -m bench.fresh_child LIBRARY PDF` in this checkout,
R times; the libraries take turns at going first from document to document. The child times
its import and its read (bench.extractors); the parent times the process from its start to
its exit, the interpreter's own start included (the same for every library). --sample takes N
documents spread evenly over the folder's sorted list; every document by default. --report
replaces the report's section of that name with the table (`python -m bench` keeps it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.corpus import Case, load_cases
from bench.extractors import chosen_libraries
from bench.process import ROOT
from bench.stages import replace_section_in, report_section

SECTION = "## A process started for one document"

TIMEOUT = 120.0  # seconds for one process: a damaged file may take long, none should hang


@dataclass(frozen=True)
class Fresh:
    """One process's read: seconds to import the library, to read the document, and the whole
    process from its start to its exit; error is "" when it read the document."""

    import_seconds: float
    read_seconds: float
    process_seconds: float
    error: str = ""


def run_fresh(library: str, case: Case, tree: Path = ROOT) -> Fresh:
    """One fresh process reading `case` with `library`, from the checkout `tree`."""
    command = [sys.executable, "-m", "bench.fresh_child", library, str(case.pdf)]
    if case.password is not None:
        command.append(case.password)
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=tree, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return Fresh(0.0, 0.0, TIMEOUT, f"timeout after {TIMEOUT:.0f} s")
    seconds = time.perf_counter() - start
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return Fresh(0.0, 0.0, seconds, (done.stderr.strip().splitlines() or ["exit"])[-1][:200])
    answer = json.loads(lines[-1])
    return Fresh(answer["import"], answer["read"], seconds, answer.get("error", ""))


def sample(cases: list[Case], count: int) -> list[Case]:
    """`count` cases spread evenly over the list (all of them when count is 0 or too many)."""
    if count <= 0 or count >= len(cases):
        return cases
    return [cases[index * len(cases) // count] for index in range(count)]


def measure(cases: list[Case], libraries: list[str], runs: int) -> dict[str, dict[str, list[Fresh]]]:
    """Every library's fresh reads of every case, `runs` each; the libraries take turns at
    going first."""
    results: dict[str, dict[str, list[Fresh]]] = {library: {} for library in libraries}
    for number, case in enumerate(cases):
        turn = number % len(libraries)
        for _ in range(runs):
            for library in libraries[turn:] + libraries[:turn]:
                results[library].setdefault(case.name, []).append(run_fresh(library, case))
    return results


def _median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else 0.0


def report(results: dict[str, dict[str, list[Fresh]]], libraries: list[str]) -> str:
    """A Markdown table: per library, the medians over the documents every library read (each
    document's own median over its runs), and the median of per-document process-time ratios
    to the first library."""
    base = libraries[0]
    names = [name for name in results[base] if not any(r.error for k in libraries for r in results[k][name])]

    def per_document(library: str, field: str) -> dict[str, float]:
        return {name: statistics.median(getattr(f, field) for f in results[library][name]) for name in names}

    lines = [
        f"Documents read by every library in a fresh process: {len(names)} of {len(results[base])}.",
        "",
        f"| library | import ms | read ms | process ms | process × {base} (median of documents) |",
        "|---|---|---|---|---|",
    ]
    base_process = per_document(base, "process_seconds")
    for library in libraries:
        imports = per_document(library, "import_seconds")
        reads = per_document(library, "read_seconds")
        process = per_document(library, "process_seconds")
        ratios = [process[name] / base_process[name] for name in names if base_process[name] > 0]
        ratio = statistics.median(ratios) if ratios else 0.0
        imported, read, whole = (_median_ms(list(d.values())) for d in (imports, reads, process))
        lines.append(f"| {library} | {imported:.1f} | {read:.2f} | {whole:.1f} | {ratio:.2f} |")
    failed = [name for name in sorted(results[base]) if name not in names]
    if failed:
        lines += ["", f"Not read by every library: {', '.join(failed)}."]
    return "\n".join(lines) + "\n"


def fresh_section(report_text: str) -> str:
    """The report's fresh-process section ("" when it has none): `python -m bench` keeps it."""
    return report_section(report_text, SECTION)


def folder_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments bench.fresh and bench.cold share: the folder, the libraries, a sample of
    the documents, the report."""
    parser.add_argument("folder", type=Path)
    parser.add_argument("--libraries", default="pagetext,pypdfium2,pymupdf")
    parser.add_argument("--sample", type=int, default=0, help="documents spread over the folder (0: all)")
    parser.add_argument("--report", type=Path, help="replace this report's section with the table")


def chosen_cases(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[list[str], list[Case]]:
    """The libraries and the documents folder_arguments name; a usage error for none."""
    libraries = chosen_libraries(parser, args.libraries)
    cases = sample(load_cases(args.folder), args.sample)
    if not cases:
        parser.error(f"no PDFs in {args.folder}")
    return libraries, cases


def write_section(report_file: Path, heading: str, how: str, table: str) -> None:
    """Replace the report's section under `heading` with `how` the table was made and the table."""
    replace_section_in(report_file, heading, f"{heading}\n\nFrom {how}.\n\n{table}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.fresh", description=__doc__.split("\n\n")[0])
    folder_arguments(parser)
    parser.add_argument("--runs", type=int, default=1, help="processes per document and library")
    args = parser.parse_args()
    libraries, cases = chosen_cases(parser, args)
    table = report(measure(cases, libraries, max(1, args.runs)), libraries)
    sys.stdout.write(table)
    if args.report is not None:
        runs = f"{max(1, args.runs)} process(es) a document and library"
        how = f"`python -m bench.fresh {args.folder.name}/`, {len(cases)} documents, {runs}"
        note = "(import and read timed in the process, the process by its parent)"
        write_section(args.report, SECTION, f"{how} {note}", table)


if __name__ == "__main__":
    main()
