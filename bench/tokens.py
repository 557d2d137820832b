"""Word F1 and number-token F1 per corpus and library, fast: every library in this process.

    python -m bench.tokens ../shared/corpus/real ../shared/corpus/generated [--libs pagetext,pymupdf]
        [--worst 20]

A dev tool for changes to word spacing: no worker processes, no timings worth quoting. Only
cases with an expected `text` are read (the others have no score). Both F1s are micro
averages: tokens summed over all cases of a corpus (bench.metrics.number_tokens has the rule).
`--worst N` lists the N cases with the lowest pagetext number F1 (below 1) and their
missing / extra number tokens.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from bench.corpus import Case, load_cases
from bench.extractors import EXTRACTORS, chosen_libraries
from bench.metrics import Overlap, number_tokens, word_tokens

# Shown per missing / extra list of a --worst case.
_SHOWN_TOKENS = 10


@dataclass
class Read:
    words: Overlap
    numbers: Overlap
    missing: Counter[str]  # expected number tokens the output lacks
    extra: Counter[str]  # number tokens the output has beyond the expected ones
    error: str | None


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def extract(library: str, case: Case, timeout: int) -> tuple[list[str], str | None]:
    """The page texts of one case read by one library in this process, and the error if it
    failed or timed out (then no pages)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    try:
        return EXTRACTORS[library](str(case.pdf), case.password), None
    except _Timeout:
        return [], f"timeout after {timeout} s"
    except Exception as failure:  # a library's failure on one file is a result
        return [], f"{type(failure).__name__}: {failure}"[:200]
    finally:
        signal.alarm(0)


def read(library: str, case: Case, timeout: int) -> Read:
    """One case read by one library and scored; a failure or a timeout scores as empty text."""
    pages, error = extract(library, case, timeout)
    output = "\f".join(pages)
    expected = case.expect["text"]
    got, want = number_tokens(output), number_tokens(expected)
    return Read(
        Overlap.of(word_tokens(output), word_tokens(expected)),
        Overlap.of(got, want),
        want - got,
        got - want,
        error,
    )


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _tokens(counter: Counter[str]) -> str:
    shown = []
    for token, count in counter.most_common(_SHOWN_TOKENS):
        printable = token if token.isprintable() else ascii(token)  # control characters escaped
        shown.append(f"{printable}×{count}" if count > 1 else printable)
    more = len(counter) - len(shown)
    return " ".join(shown) + (f" (+{more} more)" if more > 0 else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tokens", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="corpus folders (FORMAT.md layout)")
    parser.add_argument("--libs", default="pagetext", help="comma-separated: " + ",".join(EXTRACTORS))
    parser.add_argument(
        "--worst", type=int, default=0, help="list the N cases with the lowest pagetext number F1 below 1"
    )
    parser.add_argument("--timeout", type=int, default=60, help="seconds per document and library")
    args = parser.parse_args(argv)
    libraries = chosen_libraries(parser, args.libs)
    warnings.simplefilter("ignore")
    results: dict[str, dict[str, Read]] = {lib: {} for lib in libraries}
    for folder in args.folders:
        cases = [case for case in load_cases(folder) if case.expect.get("text")]
        seconds = dict.fromkeys(libraries, 0.0)
        for number, case in enumerate(cases):
            for library in libraries:
                start = time.perf_counter()
                results[library][case.name] = read(library, case, args.timeout)
                seconds[library] += time.perf_counter() - start
            print(f"\r{number + 1}/{len(cases)} {case.name[:60]:60}", end="", file=sys.stderr, flush=True)
        print("\r" + " " * 80 + "\r", end="", file=sys.stderr)
        names = [case.name for case in cases]
        first = results[libraries[0]]
        want_numbers = sum((first[name].numbers for name in names), Overlap(0, 0, 0)).want
        want_words = sum((first[name].words for name in names), Overlap(0, 0, 0)).want
        print(
            f"{folder.name}/: {len(cases)} cases with text, {want_words} words, {want_numbers} number tokens"
        )
        if want_numbers:
            # A micro average leans on the case with the most numbers: say how far.
            largest = max(names, key=lambda name: first[name].numbers.want)
            share = first[largest].numbers.want / want_numbers
            print(f"  the most numbers: {largest}, {share:.0%} of them")
        print(f"  {'library':12} {'word F1':>8} {'number F1':>10} {'errors':>7} {'seconds':>8}")
        for library in libraries:
            mine = [results[library][name] for name in names]
            words = sum((r.words for r in mine), Overlap(0, 0, 0))
            numbers = sum((r.numbers for r in mine), Overlap(0, 0, 0))
            errors = sum(r.error is not None for r in mine)
            f1s = f"{_fmt(words.f1):>8} {_fmt(numbers.f1):>10}"
            print(f"  {library:12} {f1s} {errors:>7} {seconds[library]:>8.1f}")
        print()
    if args.worst and "pagetext" in results:
        scored = [
            (r.numbers.f1, name, r)
            for name, r in results["pagetext"].items()
            if r.numbers.f1 is not None and r.numbers.f1 < 1
        ]
        scored.sort(key=lambda item: (item[0], item[1]))
        print(f"pagetext: the {min(args.worst, len(scored))} cases with the lowest number F1 below 1")
        for f1, name, r in scored[: args.worst]:
            peers = " ".join(
                f"{lib} {_fmt(results[lib][name].numbers.f1)}" for lib in libraries if lib != "pagetext"
            )
            print(f"{f1:.3f} {name} ({r.numbers.want} expected){'  ' + peers if peers else ''}")
            if r.error:
                print(f"    error: {r.error}")
            if r.missing:
                print(f"    missing: {_tokens(r.missing)}")
            if r.extra:
                print(f"    extra:   {_tokens(r.extra)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
