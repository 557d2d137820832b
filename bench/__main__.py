"""Benchmark pagetext against its peers on corpus folders, in one run.

    python -m bench ../shared/corpus/generated ../shared/corpus/real [--report bench/REPORT.md]

Every library runs in its own worker process (imported once, documents in a loop, only
open + extract timed). Documents go to the libraries in turn, in orders where each library
reads right after each other library equally often (bench.process.turn_orders), so that
machine drift and the caches a library leaves behind hit all alike. Writes a markdown report
and a JSON file of results.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
import sys
from collections import defaultdict
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.cold import cold_section
from bench.corpus import Case, load_cases
from bench.extractors import EXTRACTORS, PACKAGES
from bench.first_read import first_read_section
from bench.fresh import fresh_section
from bench.interpreter import describe
from bench.metrics import Overlap, Score, score
from bench.process import run_cases
from bench.speed import Speed, read_by_all, speed_stats
from bench.stages import stage_section, write_report

ROOT = Path(__file__).resolve().parent.parent
# Generated cases whose content stream is not drawn in reading order.
OUT_OF_ORDER = {"right-to-left-columns", "content-order-reversed", "content-order-shuffled"}


def _version(library: str) -> str:
    """The library's version as its worker imports it; pagetext's from the checkout the bench
    runs in, which need not be installed (a worktree of another build)."""
    if library in ("pagetext", "pagetext_py"):
        from pagetext._version import __version__ as version
    else:
        try:
            version = metadata.version(PACKAGES[library][0])
        except metadata.PackageNotFoundError:
            return "?"
    if library == "pagetext":
        spec = importlib.util.find_spec("pagetext.syntax.lexer")
        compiled = spec is not None and not (spec.origin or "").endswith(".py")
        version += " (compiled with mypyc)" if compiled else " (plain Python)"
    elif library == "pagetext_py":
        version += " (plain Python)"
    return version


# The plain-Python pagetext reads exactly what the compiled one reads: it is a speed row only.
SPEED_ONLY = {"pagetext_py"}


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _fmt(value: float | None, percent: bool = False) -> str:
    if value is None:
        return "–"
    return f"{100 * value:.1f}%" if percent else f"{value:.3f}"


def _count(passed: int, total: int) -> str:
    """`passed/total (share)`, the share `–` when there is nothing to count."""
    return f"{passed}/{total} ({_fmt(passed / total if total else None, True)})"


def _micro_f1(overlaps: list[Overlap | None]) -> float | None:
    """F1 of the tokens summed over the cases that have an expected `text`."""
    return sum((o for o in overlaps if o is not None), Overlap(0, 0, 0)).f1


def _token_f1s(results: list[Score]) -> tuple[str, str]:
    """Word F1 and number F1 (micro) of a set of cases, formatted."""
    return _fmt(_micro_f1([s.words for s in results])), _fmt(_micro_f1([s.numbers for s in results]))


def _accuracy_rows(
    libraries: list[str],
    cases: list[Case],
    scores: dict[str, dict[str, Score]],
    errors: dict[str, dict[str, str]],
) -> list[str]:
    rows = [
        "| library | similarity | word F1 | number F1 | line score | checks passed "
        "| cases passing all checks | order checks passed | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for library in libraries:
        results = [scores[library][case.name] for case in cases]
        passed = sum(s.checks_passed for s in results)
        total = sum(s.checks_total for s in results)
        ordered = [s.order_passed for s in results if s.order_passed is not None]
        rows.append(
            f"| {library} | {_fmt(_mean([s.similarity for s in results if s.similarity is not None]))} "
            f"| {' | '.join(_token_f1s(results))} "
            f"| {_fmt(_mean([s.line_score for s in results if s.line_score is not None]))} "
            f"| {_count(passed, total)} "
            f"| {_fmt(_mean([1.0 if s.all_passed else 0.0 for s in results]), True)} "
            f"| {_count(sum(ordered), len(ordered))} "
            f"| {sum(case.name in errors[library] for case in cases)} |"
        )
    return rows


def _by_tag(cases: list[Case]) -> dict[str, list[Case]]:
    """The cases of each feature tag that has at least 3 (fewer say little about the tag)."""
    by_tag: dict[str, list[Case]] = defaultdict(list)
    for case in cases:
        for tag in case.features:
            by_tag[tag].append(case)
    return {tag: tagged for tag, tagged in sorted(by_tag.items()) if len(tagged) >= 3}


def _feature_rows(libraries: list[str], cases: list[Case], scores: dict[str, dict[str, Score]]) -> list[str]:
    rows = [
        "| feature | cases | " + " | ".join(libraries) + " |",
        "|---|---|" + "---|" * len(libraries),
    ]
    for tag, tagged in _by_tag(cases).items():
        cells = []
        for library in libraries:
            results = [scores[library][case.name] for case in tagged]
            similarity = _mean([s.similarity for s in results if s.similarity is not None])
            passed = sum(s.checks_passed for s in results)
            total = sum(s.checks_total for s in results)
            checks = f" / {_fmt(passed / total, True)}" if total else ""
            cells.append(_fmt(similarity) + checks)
        rows.append(f"| {tag} | {len(tagged)} | " + " | ".join(cells) + " |")
    return rows


def _token_feature_rows(
    libraries: list[str], cases: list[Case], scores: dict[str, dict[str, Score]]
) -> list[str]:
    """Word F1 / number F1 (micro) per feature tag, over the tag's cases with an expected text."""
    rows = [
        "| feature | cases with text | " + " | ".join(libraries) + " |",
        "|---|---|" + "---|" * len(libraries),
    ]
    for tag, tagged in _by_tag([case for case in cases if case.expect.get("text")]).items():
        cells = []
        for library in libraries:
            results = [scores[library][case.name] for case in tagged]
            cells.append(" / ".join(_token_f1s(results)))
        rows.append(f"| {tag} | {len(tagged)} | " + " | ".join(cells) + " |")
    return rows


def _similarity(score: Score) -> float | None:
    return score.similarity


def _number_f1(score: Score) -> float | None:
    return score.numbers.f1 if score.numbers is not None else None


def _trailing_rows(
    libraries: list[str],
    cases: list[Case],
    scores: dict[str, dict[str, Score]],
    value: Callable[[Score], float | None],
) -> list[str]:
    """The 15 cases where pagetext's `value` trails the best peer's most."""
    rows = ["| case | pagetext | best peer |", "|---|---|---|"]
    gaps = []
    for case in cases:
        own = value(scores["pagetext"][case.name])
        if own is None:
            continue
        peers = [(value(scores[lib][case.name]) or 0.0, lib) for lib in libraries if lib != "pagetext"]
        best, best_lib = max(peers)
        gaps.append((best - own, case.name, own, best, best_lib))
    for gap, name, own, best, best_lib in sorted(gaps, reverse=True)[:15]:
        if gap > 0.005:
            rows.append(f"| {name} | {own:.3f} | {best:.3f} ({best_lib}) |")
    return rows


def _speed_rows(
    libraries: list[str],
    cases: list[Case],
    raw: dict[str, dict[str, dict[str, Any]]],
    rss: dict[str, int] | None,
) -> list[str]:
    """The speed table; peak RSS only with `rss` (it is measured per process, over all cases)."""
    common = read_by_all(libraries, cases, raw)
    stats = speed_stats(libraries, common, raw, "pagetext" if "pagetext" in raw else None)
    base = stats.get("pagetext", Speed(1.0, 1.0, 0, 0.0))
    rows = [
        f"Documents read by every library: {len(common)} of {len(cases)}.",
        "",
        "| library | median pages/s | × pagetext | total pages/s | × pagetext | seconds |"
        + (" peak RSS MB |" if rss is not None else ""),
        "|---|---|---|---|---|---|" + ("---|" if rss is not None else ""),
    ]
    for library in libraries:
        speed = stats[library]
        rows.append(
            f"| {library} | {speed.median:.1f} | {speed.median / base.median:.2f} | {speed.total:.1f} "
            f"| {speed.total / base.total:.2f} | {speed.seconds:.1f} |"
            + (f" {rss[library] / 1024:.0f} |" if rss is not None else "")
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="corpus folders (FORMAT.md layout)")
    parser.add_argument("--libraries", default=",".join(EXTRACTORS), help="comma-separated, pagetext first")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per document and library")
    parser.add_argument("--report", type=Path, default=ROOT / "bench" / "REPORT.md")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "out" / "results.json")
    args = parser.parse_args(argv)
    libraries = [lib for lib in args.libraries.split(",") if lib]
    folders = {folder: load_cases(folder) for folder in args.folders}
    cases = [case for found in folders.values() for case in found]
    raw, rss = run_cases(libraries, cases, args.timeout)
    errors = {lib: {name: r["error"] for name, r in raw[lib].items() if "error" in r} for lib in libraries}
    scores = {
        lib: {case.name: score(case, "\f".join(raw[lib][case.name].get("pages", []))) for case in cases}
        for lib in libraries
    }
    lines = [
        "# pagetext benchmark",
        "",
        f"Run {datetime.date.today().isoformat()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{describe()}; a shared machine, so compare ratios, not seconds.",
        "Libraries: " + ", ".join(f"{lib} {_version(lib)}" for lib in libraries) + ".",
        "Similarity is normalised Levenshtein similarity to the expected text; line score is the",
        "share of expected lines found as a whole output line; checks are the sidecars'",
        "contains / absent / order checks. Text is normalised alike for every library.",
        "Order checks passed counts the cases whose whole `order` list is found in order, out of",
        "the cases that have one (the same check is one of the checks passed).",
        "Word F1 and number F1 compare multisets of tokens with the expected text's, micro-averaged:",
        "tokens summed over all cases of a corpus or tag that have an expected text. Number tokens",
        "are the whitespace tokens that hold a digit once brackets, quotes, other punctuation and",
        "currency signs are stripped from their ends and hyphens read as `-` (bench/metrics.py);",
        "a number glued to its neighbour, split or altered counts as missing and as extra.",
        "",
    ]
    accuracy_libraries = [lib for lib in libraries if lib not in SPEED_ONLY]
    if "pagetext" in libraries and "pagetext_py" in libraries:
        same = sum(
            raw["pagetext"][c.name].get("pages") == raw["pagetext_py"][c.name].get("pages") for c in cases
        )
        lines += [
            f"pagetext_py (plain Python) read the same text as pagetext in {same} of {len(cases)} documents."
        ]
        lines += [""]
    for folder, found in folders.items():
        lines += [f"## Accuracy: {folder.name}/ ({len(found)} cases)", ""]
        lines += [*_accuracy_rows(accuracy_libraries, found, scores, errors), ""]
        in_order = [c for c in found if c.expect.get("text") and not OUT_OF_ORDER & set(c.features)]
        if folder.name == "generated" and in_order:
            lines += [f"### {folder.name}/, content stream in reading order ({len(in_order)} cases)", ""]
            lines += [*_accuracy_rows(accuracy_libraries, in_order, scores, errors), ""]
        lines += [f"### {folder.name}/ by feature (similarity / checks passed)", ""]
        lines += [*_feature_rows(accuracy_libraries, found, scores), ""]
        lines += [f"### {folder.name}/ by feature (word F1 / number F1, micro)", ""]
        lines += [*_token_feature_rows(accuracy_libraries, found, scores), ""]
    lines += ["## Speed and memory", "", *_speed_rows(libraries, cases, raw, rss), ""]
    if len(folders) > 1:
        for folder, found in folders.items():
            lines += [f"### Speed: {folder.name}/ only", "", *_speed_rows(libraries, found, raw, None), ""]
    if "pagetext" in libraries and len(accuracy_libraries) > 1:
        for value, title in ((_similarity, "similarity"), (_number_f1, "number F1")):
            lines += [f"## Where pagetext trails the best peer most ({title})", ""]
            lines += [*_trailing_rows(accuracy_libraries, cases, scores, value), ""]
    # The per-stage profiles, the fresh processes and the cold reads come from their own
    # commands (python -m bench.stages, bench.first_read, bench.fresh, bench.cold): kept.
    old = args.report.read_text("utf-8") if args.report.exists() else ""
    sections = (stage_section(old), first_read_section(old), fresh_section(old), cold_section(old))
    kept = "\n".join(section for section in sections if section)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    write_report(args.report, "\n".join([*lines, kept] if kept else lines))
    args.results.parent.mkdir(parents=True, exist_ok=True)
    summary = {
        lib: {
            name: {
                "seconds": r.get("seconds"),
                "error": r.get("error"),
                "pages": len(r.get("pages", [])),
                "similarity": scores[lib][name].similarity,
                "number_f1": _number_f1(scores[lib][name]),
                "failed": scores[lib][name].failed,
                "order_passed": scores[lib][name].order_passed,
            }
            for name, r in raw[lib].items()
        }
        for lib in libraries
    }
    args.results.write_text(json.dumps({"max_rss_kb": rss, "cases": summary}, indent=1), "utf-8")
    print(f"report: {args.report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
