"""Benchmark table extraction against peers with the ICDAR 2013 cell-adjacency measure.

    python -m bench.tables [../shared/corpus/tables ../shared/corpus/tables-upstream ../shared/corpus/real]
        [--libraries pagetext,...] [--report bench/TABLES.md]

Scores every case whose sidecar has `tables` (ICDAR cells with spans, or grids of strings),
for every library in the same run, each in its own worker process (documents in a loop).
Precision, recall and F1 per document and micro-averaged per folder; a markdown report.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.adjacency import Counts, in_scope, score_document
from bench.corpus import Case, load_cases
from bench.process import run_cases
from bench.table_extractors import TABLE_EXTRACTORS
from bench.worker import serve

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_FOLDERS = [CORPUS / "tables", CORPUS / "tables-upstream", CORPUS / "real"]
DISTRIBUTIONS = {
    "pagetext": "pagetext",
    "camelot_lattice": "camelot-py",
    "camelot_stream": "camelot-py",
    "pdfplumber": "pdfplumber",
    "pymupdf": "pymupdf",
}


def _version(library: str) -> str:
    try:
        return metadata.version(DISTRIBUTIONS[library])
    except metadata.PackageNotFoundError:
        return "?"


def _cell(counts: Counts) -> str:
    return f"{counts.precision:.3f} / {counts.recall:.3f} / {counts.f1:.3f}"


def _folder_section(
    name: str, cases: list[Case], libraries: list[str], raw: dict[str, dict[str, dict[str, Any]]]
) -> tuple[list[str], dict[str, Counts]]:
    totals = {library: Counts() for library in libraries}
    rows = [
        f"### {name}/ per document (precision / recall / F1)",
        "",
        "| document | relations | " + " | ".join(libraries) + " |",
        "|---|---|" + "---|" * len(libraries),
    ]
    for case in cases:
        cells = []
        expected = 0
        for library in libraries:
            answer = raw[library][case.name]
            counts = score_document(in_scope(answer.get("tables", []), case.expect), case.expect["tables"])
            expected = counts.expected
            totals[library].add(counts)
            cells.append(_cell(counts) + (" (error)" if "error" in answer else ""))
        rows.append(f"| {case.name} | {expected} | " + " | ".join(cells) + " |")
    return rows, totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tables", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=DEFAULT_FOLDERS)
    parser.add_argument("--libraries", default=",".join(TABLE_EXTRACTORS), help="comma-separated")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per document and library")
    parser.add_argument("--report", type=Path, default=ROOT / "bench" / "TABLES.md")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "out" / "tables.json")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        serve(TABLE_EXTRACTORS[args.worker], "tables")
        return 0
    libraries = [lib for lib in args.libraries.split(",") if lib]
    folders = {folder: [c for c in load_cases(folder) if c.expect.get("tables")] for folder in args.folders}
    cases = [case for found in folders.values() for case in found]
    raw, _ = run_cases(libraries, cases, args.timeout, ("bench.tables", "--worker"))
    lines = [
        "# Table extraction benchmark",
        "",
        f"Run {datetime.date.today().isoformat()} on {platform.machine()}, "
        f"Python {platform.python_version()}.",
        "Libraries: " + ", ".join(f"{lib} {_version(lib)}" for lib in libraries) + ".",
        "Measure: ICDAR 2013 cell-adjacency relations (../shared/corpus/tables/README.md), text",
        "normalised (NFKC, whitespace removed, lowercased), tables of a document not matched to",
        "each other; precision / recall / F1, totals micro-averaged over the folder's documents.",
        "pagetext gives cells with spans; the peers give grids (a spanning cell's text in one slot).",
        "The real/ ground truth is camelot's own asserted output for each file (grids, camelot's",
        "spacing and spans), so the camelot flavour each file was asserted with scores high there",
        "by construction, and relations of spanning cells that a grid drops count against spans.",
        "The tables-upstream/ ground truth is tabula-java's asserted output (its README, Caveats);",
        "there a table counts only on the expectation's pages and, where the test cropped the page,",
        "when its box overlaps the area by 10 % of the smaller box (tables-upstream/README.md, Metric).",
        "",
    ]
    summary_rows = [
        "| folder | documents | " + " | ".join(libraries) + " |",
        "|---|---|" + "---|" * len(libraries),
    ]
    sections: list[str] = []
    everything = {library: Counts() for library in libraries}
    for folder, found in folders.items():
        rows, totals = _folder_section(folder.name, found, libraries, raw)
        sections += [*rows, ""]
        summary_rows.append(
            f"| {folder.name}/ | {len(found)} | " + " | ".join(_cell(totals[lib]) for lib in libraries) + " |"
        )
        for library in libraries:
            everything[library].add(totals[library])
    summary_rows.append(
        f"| all | {len(cases)} | " + " | ".join(_cell(everything[lib]) for lib in libraries) + " |"
    )
    errors = {lib: sum("error" in r for r in raw[lib].values()) for lib in libraries}
    seconds = {lib: sum(r.get("seconds", 0.0) for r in raw[lib].values()) for lib in libraries}
    lines += ["## Totals (precision / recall / F1, micro-averaged)", "", *summary_rows, ""]
    lines += ["| library | errors | seconds |", "|---|---|---|"]
    lines += [f"| {lib} | {errors[lib]} | {seconds[lib]:.1f} |" for lib in libraries]
    lines += ["", "## Per document", "", *sections]
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text("\n".join(lines), "utf-8")
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(raw), "utf-8")
    print(f"report: {args.report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
