"""Builds of pagetext side by side over several single passes: how far one pass's ratios move.

    python -m bench.passes ../shared/corpus/real --builds start=../start end=. \\
        [--peers pypdfium2,pymupdf] [--passes 5]

A build is a checkout of this repository (a git worktree), with its compiled build made in
place when it has one; its worker runs there, so that its pagetext is the one imported. Each
pass is one run of the bench's speed measure: every document read once by every build and
peer in turn (bench.process.turn_orders), import excluded. On a shared
machine a single pass's median ratio moves by a tenth from pass to pass; builds compared in
the same pass meet the same drift, and follow each other equally often (a worker reads
faster after another pagetext worker). Prints, per pass and then as mean and range, each build's
median and total pages/s over each peer's, the paired ratio (the median over the documents of
each document's time for the other over the build's own: a change of a few hundredths that
the ratio of medians, moving by a tenth, cannot show), and the documents whose text the
builds read differently (they must read the same).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from bench.corpus import Case, load_cases
from bench.interpreter import describe
from bench.process import Worker, run_workers
from bench.speed import Answers, Speed, read_by_all, speed_stats

# (build, other) → (median ratio, total ratio, paired ratio)
Ratios = dict[tuple[str, str], tuple[float, float, float]]


def parse_builds(values: list[str]) -> dict[str, Path]:
    """LABEL=PATH pairs, in order; a label names one build only."""
    builds: dict[str, Path] = {}
    for value in values:
        label, separator, path = value.partition("=")
        if not separator or not label or not path:
            raise SystemExit(f"--builds takes LABEL=PATH, not {value!r}")
        if label in builds:
            raise SystemExit(f"--builds names {label!r} twice")
        if not (Path(path) / "pagetext").is_dir() or not (Path(path) / "bench").is_dir():
            raise SystemExit(f"{path!r} is no checkout of pagetext (no pagetext/ and bench/ in it)")
        builds[label] = Path(path).resolve()
    return builds


def pass_ratios(
    builds: list[str], peers: list[str], stats: dict[str, Speed], cases: list[Case], raw: Answers
) -> Ratios:
    """Each build's median and total pages/s over each peer's (and over the other builds'), and
    the paired ratio over `cases` (read by all): the median of the other's time for a document
    over the build's."""
    ratios: Ratios = {}
    for build in builds:
        for other in [*builds, *peers]:
            if other != build:
                paired = [
                    raw[other][case.name]["seconds"] / max(raw[build][case.name]["seconds"], 1e-9)
                    for case in cases
                ]
                ratios[build, other] = (
                    stats[build].median / max(stats[other].median, 1e-9),
                    stats[build].total / max(stats[other].total, 1e-9),
                    statistics.median(paired) if paired else 0.0,
                )
    return ratios


def differing_texts(builds: list[str], cases: list[Case], raw: Answers) -> list[str]:
    """The cases whose pages the builds read differently."""
    first = builds[0]
    return [
        case.name
        for case in cases
        if any(
            raw[build][case.name].get("pages") != raw[first][case.name].get("pages") for build in builds[1:]
        )
    ]


def summary_rows(passes: list[Ratios]) -> list[str]:
    """Mean and range of each ratio over the passes, as a markdown table."""
    rows = [
        f"| build ÷ other | median pages/s: mean of {len(passes)} (range) | total pages/s: mean (range) "
        "| paired: mean (range) |",
        "|---|---|---|---|",
    ]
    for key in passes[0]:
        cells = []
        for column in range(3):
            values = [ratios[key][column] for ratios in passes]
            cells.append(f"{statistics.mean(values):.3f} ({min(values):.2f}-{max(values):.2f})")
        rows.append(f"| {key[0]} ÷ {key[1]} | {' | '.join(cells)} |")
    return rows


def run_pass(
    builds: dict[str, Path], peers: list[str], cases: list[Case], timeout: float
) -> tuple[Ratios, list[str]]:
    """One pass: its ratios, and the cases the builds read differently. A worker reads faster
    after another pagetext worker (the libraries they share are warm; 2-3 % in a pass of one
    build against its copy): the turn orders (bench.process.turn_orders) let each build follow
    each other build and peer equally often."""
    labels = list(builds)
    workers = {label: Worker("pagetext", tree=builds[label]) for label in labels}
    workers.update({peer: Worker(peer) for peer in peers})
    raw = run_workers(workers, cases, timeout)
    common = read_by_all(list(workers), cases, raw)
    stats = speed_stats(list(workers), common, raw, labels[0])
    return pass_ratios(labels, peers, stats, common, raw), differing_texts(labels, cases, raw)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.passes", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="corpus folders (FORMAT.md layout)")
    parser.add_argument("--builds", nargs="+", required=True, help="LABEL=PATH: checkouts of pagetext")
    parser.add_argument("--peers", default="pypdfium2", help="comma-separated peer libraries")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per document and worker")
    args = parser.parse_args(argv)
    builds = parse_builds(args.builds)
    peers = [peer for peer in args.peers.split(",") if peer]
    # Absolute: each build's worker runs in its own checkout, where a relative path names another file.
    cases = [case for folder in args.folders for case in load_cases(folder.resolve())]
    if not cases:
        raise SystemExit("no cases in " + ", ".join(str(folder) for folder in args.folders))
    print(describe(), flush=True)
    passes: list[Ratios] = []
    for number in range(1, args.passes + 1):
        ratios, differing = run_pass(builds, peers, cases, args.timeout)
        passes.append(ratios)
        cells = ", ".join(
            f"{a} ÷ {b} {median:.3f} / {total:.3f} / {paired:.3f}"
            for (a, b), (median, total, paired) in ratios.items()
        )
        print(f"pass {number} (median / total / paired): {cells}", flush=True)
        if differing:
            print(f"  the builds read {len(differing)} document(s) differently: {', '.join(differing[:10])}")
    print()
    print("\n".join(summary_rows(passes)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
