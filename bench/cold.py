"""A document read cold and then warm, in one process, side by side with the peers: what the
bench's worker meets (its processor's caches and branch history taken by the other workers
between two of its documents) against the same read made again at once.

    python -m bench.cold FOLDER [--libraries pagetext,pypdfium2,pymupdf] [--sample N]
        [--rounds R] [--report bench/REPORT.md]

All the libraries are imported into this process. For each document and library in turn, the
other libraries first read the document before it (cold), then the library reads the document
twice: the first read is timed as cold, the second as warm. pagetext's stages (bench.stages)
are timed the same way, cold and warm. R rounds over the documents; each (document, library)
gets its median. The table gives the medians over the documents every library read and the
median of per-document time ratios to the first library, cold and warm. --report replaces
the report's section of that name with the tables (`python -m bench` keeps it).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import warnings

from bench.corpus import Case
from bench.extractors import EXTRACTORS, import_library
from bench.fresh import chosen_cases, folder_arguments, write_section
from bench.stages import STAGES, profile_document, report_section

SECTION = "## Cold and warm reads"

Reads = dict[str, dict[str, dict[str, list[float]]]]  # library → case → "cold"/"warm" → seconds


def _read(library: str, case: Case) -> float | None:
    """Seconds of one read, None when the library fails on the document."""
    start = time.perf_counter()
    try:
        EXTRACTORS[library](str(case.pdf), case.password)
    except Exception:  # a library's failure on one file is a result, not a crash
        return None
    return time.perf_counter() - start


def _others_read(libraries: list[str], library: str, case: Case) -> None:
    for other in libraries:
        if other != library:
            _read(other, case)


def measure(cases: list[Case], libraries: list[str], rounds: int) -> tuple[Reads, Reads]:
    """Every library's cold and warm reads of every case, and pagetext's stages cold and warm
    (by stage name; empty without pagetext among the libraries)."""
    reads: Reads = {library: {} for library in libraries}
    stages: Reads = {stage: {} for stage in STAGES}
    for _ in range(rounds):
        for number, case in enumerate(cases):
            before = cases[number - 1]
            for library in libraries:
                _others_read(libraries, library, before)
                cold, warm = _read(library, case), _read(library, case)
                if cold is not None and warm is not None:
                    timed = reads[library].setdefault(case.name, {"cold": [], "warm": []})
                    timed["cold"].append(cold)
                    timed["warm"].append(warm)
            if "pagetext" in libraries:
                _others_read(libraries, "pagetext", before)
                _stages(case, stages)
    return reads, stages


def _stages(case: Case, stages: Reads) -> None:
    # bench.stages runs the stages outside Page.lines(), which keeps the cycle collector
    # off around them: off here too, or a collection lands in whichever stage it meets.
    gc.disable()
    try:
        profiles = [profile_document(case.pdf), profile_document(case.pdf)]
    finally:
        gc.enable()
    if profiles[0] is None or profiles[1] is None:
        return
    for stage in STAGES:
        timed = stages[stage].setdefault(case.name, {"cold": [], "warm": []})
        timed["cold"].append(profiles[0][0][stage])
        timed["warm"].append(profiles[1][0][stage])


def _medians(timed: dict[str, dict[str, list[float]]], names: list[str], kind: str) -> dict[str, float]:
    return {name: statistics.median(timed[name][kind]) for name in names}


def _us(values: dict[str, float]) -> float:
    return statistics.median(values.values()) * 1e6 if values else 0.0


def report(reads: Reads, stages: Reads, libraries: list[str]) -> str:
    """Markdown tables: per library, median µs cold and warm over the documents every library
    read, and the median per-document ratio to the first library; then pagetext's stages."""
    base = libraries[0]
    all_names = sorted({name for library in libraries for name in reads[library]})
    names = [name for name in all_names if all(name in reads[library] for library in libraries)]
    lines = [
        f"Documents read by every library: {len(names)} of {len(all_names)}.",
        "",
        f"| library | cold µs | warm µs | cold ÷ warm | cold × {base} | warm × {base} |",
        "|---|---|---|---|---|---|",
    ]
    base_cold, base_warm = (_medians(reads[base], names, kind) for kind in ("cold", "warm"))
    for library in libraries:
        cold, warm = (_medians(reads[library], names, kind) for kind in ("cold", "warm"))
        slowed = statistics.median(cold[n] / warm[n] for n in names) if names else 0.0
        cold_ratio = statistics.median(cold[n] / base_cold[n] for n in names) if names else 0.0
        warm_ratio = statistics.median(warm[n] / base_warm[n] for n in names) if names else 0.0
        times = (f"{_us(cold):.0f}", f"{_us(warm):.0f}")
        cells = (*times, f"{slowed:.2f}", f"{cold_ratio:.2f}", f"{warm_ratio:.2f}")
        lines.append(f"| {library} | {' | '.join(cells)} |")
    staged = [name for name in names if name in stages[STAGES[0]]]
    if staged:
        lines += [
            "",
            f"pagetext's stages (bench.stages), median µs over the same {len(staged)} documents:",
            "",
            "| stage | cold µs | warm µs |",
            "|---|---|---|",
        ]
        for stage in STAGES:
            cold, warm = (_medians(stages[stage], staged, kind) for kind in ("cold", "warm"))
            lines.append(f"| {stage} | {_us(cold):.0f} | {_us(warm):.0f} |")
    return "\n".join(lines) + "\n"


def cold_section(report_text: str) -> str:
    """The report's cold-and-warm section ("" when it has none): `python -m bench` keeps it."""
    return report_section(report_text, SECTION)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cold", description=__doc__.split("\n\n")[0])
    folder_arguments(parser)
    parser.add_argument("--rounds", type=int, default=3, help="reads of each document, cold and warm")
    args = parser.parse_args(argv)
    libraries, cases = chosen_cases(parser, args)
    for library in libraries:
        import_library(library)
    warnings.simplefilter("ignore")  # as a bench worker: the libraries' warnings are not results
    reads, stages = measure(cases, libraries, max(1, args.rounds))
    text = report(reads, stages, libraries)
    sys.stdout.write(text)
    if args.report is not None:
        rounds = f"{max(1, args.rounds)} round(s)"
        how = f"`python -m bench.cold {args.folder.name}/`, {len(cases)} documents, {rounds}"
        write_section(args.report, SECTION, how, text)


if __name__ == "__main__":
    main()
