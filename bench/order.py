"""Reading order per corpus and library, fast: every library in this process.

    python -m bench.order ../shared/corpus/real ../shared/corpus/generated
        [--libs pagetext,pymupdf,pypdfium2,pdf_oxide,pypdf,pdfminer] [--fail-list]

A dev tool for changes to reading order: no worker processes, no timings worth quoting. Only
cases with an `order` list are read, each once per library. A case passes when its whole
`order` list is found in order (bench.metrics.first_out_of_order has the rule). `--fail-list`
lists the first library's failing cases: the first snippet not found in order, whether it
is missing or out of order, and its page: in the expected `text` when the case has one, else
in the first library output (in --libs order) that holds it.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.corpus import Case, load_cases, normalise
from bench.extractors import EXTRACTORS, chosen_libraries
from bench.metrics import first_out_of_order
from bench.tokens import extract

# Characters of a snippet shown in the fail list.
_SHOWN_CHARS = 80


@dataclass
class Read:
    pages: list[str]
    error: str | None
    missed: int | None  # index of the first `order` snippet not found in order; None: passed


def snippet_page(snippet: str, sources: Sequence[tuple[str, Sequence[str]]]) -> tuple[int, str] | None:
    """The 1-based page of the first source (name, page texts) that holds `snippet` on one
    page, and that source's name; None when none does."""
    wanted = normalise(snippet)
    for name, pages in sources:
        for number, page in enumerate(pages, 1):
            if wanted in normalise(page):
                return number, name
    return None


def failure_line(case: Case, read: Read, outputs: Sequence[tuple[str, Sequence[str]]]) -> str:
    """One fail-list line: the case, the first snippet not found in order, and where it is."""
    order = case.expect["order"]
    assert read.missed is not None
    snippet = order[read.missed]
    kind = "out of order" if normalise(snippet) in normalise("\f".join(read.pages)) else "missing"
    text = case.expect.get("text")
    expected = [("expected text", text.split("\f"))] if text else []
    found = snippet_page(snippet, [*expected, *outputs])
    where = f"p. {found[0]} ({found[1]})" if found else "page ?"
    shown = snippet if len(snippet) <= _SHOWN_CHARS else snippet[:_SHOWN_CHARS] + "…"
    line = f"{case.name}: snippet {read.missed + 1}/{len(order)} {kind}, {where}: {shown!r}"
    return line + (f"  [error: {read.error}]" if read.error else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.order", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="corpus folders (FORMAT.md layout)")
    parser.add_argument("--libs", default="pagetext", help="comma-separated: " + ",".join(EXTRACTORS))
    parser.add_argument("--fail-list", action="store_true", help="list the first library's failing cases")
    parser.add_argument("--timeout", type=int, default=60, help="seconds per document and library")
    args = parser.parse_args(argv)
    libraries = chosen_libraries(parser, args.libs)
    warnings.simplefilter("ignore")
    failures: list[str] = []
    for folder in args.folders:
        cases = [case for case in load_cases(folder) if case.expect.get("order")]
        results: dict[str, dict[str, Read]] = {lib: {} for lib in libraries}
        seconds = dict.fromkeys(libraries, 0.0)
        for number, case in enumerate(cases):
            for library in libraries:
                start = time.perf_counter()
                pages, error = extract(library, case, args.timeout)
                seconds[library] += time.perf_counter() - start
                missed = first_out_of_order(case.expect["order"], "\f".join(pages))
                results[library][case.name] = Read(pages, error, missed)
            print(f"\r{number + 1}/{len(cases)} {case.name[:60]:60}", end="", file=sys.stderr, flush=True)
        print("\r" + " " * 80 + "\r", end="", file=sys.stderr)
        print(f"{folder.name}/: {len(cases)} cases with an order list")
        print(f"  {'library':12} {'order checks passed':>20} {'errors':>7} {'seconds':>8}")
        for library in libraries:
            mine = results[library].values()
            passed = sum(r.missed is None for r in mine)
            share = f"{passed / len(cases):.1%}" if cases else "–"
            count = f"{passed}/{len(cases)} ({share})"
            errors = sum(r.error is not None for r in mine)
            print(f"  {library:12} {count:>20} {errors:>7} {seconds[library]:>8.1f}")
        print()
        for case in cases:
            read = results[libraries[0]][case.name]
            if read.missed is not None:
                outputs = [(f"{lib} output", results[lib][case.name].pages) for lib in libraries]
                failures.append(f"{folder.name}/{failure_line(case, read, outputs)}")
    if args.fail_list:
        print(f"{libraries[0]}: {len(failures)} failing order cases")
        print("\n".join(failures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
