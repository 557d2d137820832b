"""Where a first read's time goes when the libraries take turns, as in the bench: the parts of
each read (open, pages, text, close) timed inside pagetext's and pypdfium2's workers while
the peers read the same documents between them.

    python -m bench.parts ../shared/corpus/real [--one-page] [--limit 40] \\
        [--libs pagetext,pagetext_py,pdf_oxide,pymupdf,pypdfium2,pypdf,pdfminer] [--passes 3]

The turns are the bench's (bench.process.turn_orders), so the caches each read starts from are
the bench's too. Between two of its reads a library's worker finds the processor's caches
filled by the others: a read's parts, in this setting and with pagetext and pypdfium2 alone,
show which part pays for that. Prints per library the median over the documents of each
document's median seconds, and the mean over the documents of each part's median.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any

from bench.corpus import Case, load_cases
from bench.extractors import chosen_libraries
from bench.process import Worker, run_workers

PART_NAMES = ("open", "pages", "text", "close")
_PARTS = range(len(PART_NAMES))
DEFAULT_LIBS = "pagetext,pagetext_py,pdf_oxide,pymupdf,pypdfium2,pypdf,pdfminer"


# library → case name → its answers, one a pass
Answers = dict[str, dict[str, list[Any]]]


def read_in_turns(libraries: list[str], cases: list[Case], passes: int, timeout: float) -> Answers:
    """Every library's answers for every case, `passes` times, each pass the bench's own
    (bench.process.run_workers: its turn orders, fresh workers)."""
    answers: Answers = {library: {} for library in libraries}
    for _ in range(passes):
        workers = {library: Worker(library, module=("bench.parts_worker",)) for library in libraries}
        for library, by_case in run_workers(workers, cases, timeout).items():
            for name, answer in by_case.items():
                answers[library].setdefault(name, []).append(answer)
    return answers


def summary(answers: dict[str, list[Any]]) -> tuple[int, float, list[float] | None]:
    """(documents, median seconds, mean part seconds or None) of one library's answers: per
    document the median of its reads that gave no error, and for the parts of documents whose
    every read timed them."""
    seconds: list[float] = []
    parts: list[list[float]] = []
    for reads in answers.values():
        good = [read for read in reads if "error" not in read]
        if not good:
            continue
        seconds.append(statistics.median(read["seconds"] for read in good))
        if all(read.get("parts") for read in good):
            parts.append([statistics.median(read["parts"][k] for read in good) for k in _PARTS])
    mean_parts = [statistics.fmean(part[k] for part in parts) for k in _PARTS] if parts else None
    return len(seconds), statistics.median(seconds) if seconds else 0.0, mean_parts


def table(answers: Answers) -> list[str]:
    """The summary of each library as a Markdown table, milliseconds."""
    part_columns = " | ".join(f"{name} ms (mean)" for name in PART_NAMES)
    lines = [
        f"| library | documents | median ms | {part_columns} |",
        "|---|---|---|" + "---|" * len(PART_NAMES),
    ]
    for library, by_case in answers.items():
        count, median, parts = summary(by_case)
        cells = [f"{value * 1000:.3f}" for value in parts] if parts else ["" for _ in PART_NAMES]
        lines.append(f"| {library} | {count} | {median * 1000:.3f} | " + " | ".join(cells) + " |")
    return lines


def chosen_cases(paths: list[Path], one_page: bool, limit: int | None) -> list[Case]:
    """The cases of the folders and files given; with one_page, those whose expectation says
    one page (the median document of real/ has one)."""
    cases: list[Case] = []
    for path in paths:
        cases.extend(load_cases(path) if path.is_dir() else [Case(path)])
    if one_page:
        cases = [case for case in cases if case.expect.get("pages") == 1]
    return cases[:limit] if limit else cases


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("paths", nargs="+", type=Path, help="folders of cases, or PDF files")
    parser.add_argument("--libs", default=DEFAULT_LIBS, help="comma-separated libraries taking turns")
    parser.add_argument("--one-page", action="store_true", help="only cases whose expectation has one page")
    parser.add_argument("--limit", type=int, default=None, help="the first N cases only")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    libraries = chosen_libraries(parser, args.libs)
    cases = chosen_cases(args.paths, args.one_page, args.limit)
    if not cases:
        raise SystemExit("no cases found")
    print("\n".join(table(read_in_turns(libraries, cases, args.passes, args.timeout))))


if __name__ == "__main__":
    main()
