"""A document read cold and then warm, in one process, side by side with the peers: what the
bench's worker meets (its processor's caches and branch history taken by the other workers
between two of its documents) against the same read made again at once.

    python -m bench.cold FOLDER [--libraries pagetext,pypdfium2,pymupdf] [--sample N]
        [--warm R] [--switch] [--report bench/REPORT.md]

All the libraries are imported into this process. For each document and library in turn, the
other libraries first read the document before it; then the library reads the document: its
first read in this process, timed as cold, as the bench's single pass reads it; then R more
times at once, their median timed as warm. Only a first read is cold: pagetext keeps what it
parsed of a font program, and its code texts, for the documents that follow (fonts.program,
fonts.simple), and a second cold read of a document would find them. The table gives the
medians over the documents every library read and the median of per-document time ratios to
the first library, cold and warm. --report replaces the report's section of that name with
the table (`python -m bench` keeps it).

--switch makes the cold read the bench's more closely: this process and a process that sweeps
memory are pinned to one processor, and this one sleeps before each cold read, so that the
sweeper runs in between, as the other libraries' workers run between two documents of a bench
worker. The switch to another process costs a read more than the other libraries' reads in this
process do: on real/ it made pagetext's median cold read 1.6 times as long and pypdfium2's 1.34
times (round 16), and the bench's single passes fall between the two measures. Linux only (it
needs os.sched_setaffinity).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from bench.corpus import Case
from bench.extractors import EXTRACTORS, import_library
from bench.fresh import chosen_cases, folder_arguments, write_section
from bench.stages import report_section

SECTION = "## Cold and warm reads"
# --switch: how long the sweeper runs before a cold read while this process sleeps (a
# scheduler's time slice is a few milliseconds: it gets several), and the sweeper, which
# rewrites 32 MB over and over (more than the processor's last-level cache). It is stopped
# again before the read: running beside it, a read longer than a time slice would be cut.
SWITCH_PAUSE = 0.03
SWITCHED = "a switch to a memory sweeper on the same processor"
SWEEPER = "b = bytearray(32 << 20)\nt = bytes(range(1, 256)) + b'\\0'\nwhile True:\n    b = b.translate(t)\n"


class Timed:
    """One library's reads of one document: its first (cold) and those right after (warm)."""

    __slots__ = ("cold", "warm")

    def __init__(self, cold: float, warm: list[float]) -> None:
        self.cold = cold
        self.warm = warm


Reads = dict[str, dict[str, Timed]]  # library → case name → its reads


def _read(library: str, case: Case) -> float | None:
    """Seconds of one read, None when the library fails on the document."""
    start = time.perf_counter()
    try:
        EXTRACTORS[library](str(case.pdf), case.password)
    except Exception:  # a library's failure on one file is a result, not a crash
        return None
    return time.perf_counter() - start


def measure(
    cases: list[Case], libraries: list[str], warm_reads: int, before_cold: Callable[[], None] | None = None
) -> Reads:
    """Every library's cold read and `warm_reads` warm reads of every case it can read;
    `before_cold` is called before each cold read (--switch)."""
    reads: Reads = {library: {} for library in libraries}
    for number, case in enumerate(cases):
        for library in libraries:
            for other in libraries:
                if other != library:
                    _read(other, cases[number - 1])
            if before_cold is not None:
                before_cold()
            cold = _read(library, case)
            warm = [_read(library, case) for _ in range(warm_reads)]
            if cold is not None and all(seconds is not None for seconds in warm):
                reads[library][case.name] = Timed(cold, [seconds for seconds in warm if seconds is not None])
    return reads


def _us(values: dict[str, float]) -> float:
    return statistics.median(values.values()) * 1e6 if values else 0.0


def _ratio(values: dict[str, float], base: dict[str, float]) -> float:
    return statistics.median(values[name] / base[name] for name in values) if values else 0.0


def report(reads: Reads, libraries: list[str]) -> str:
    """A Markdown table: per library, median µs cold and warm over the documents every library
    read, the median per-document slowing, and the median per-document ratios to the first."""
    base = libraries[0]
    all_names = sorted({name for library in libraries for name in reads[library]})
    names = [name for name in all_names if all(name in reads[library] for library in libraries)]
    lines = [
        f"Documents read by every library: {len(names)} of {len(all_names)}.",
        "",
        f"| library | cold µs | warm µs | cold ÷ warm | cold × {base} | warm × {base} |",
        "|---|---|---|---|---|---|",
    ]

    def timed(library: str) -> tuple[dict[str, float], dict[str, float]]:
        cold = {name: reads[library][name].cold for name in names}
        warm = {name: statistics.median(reads[library][name].warm) for name in names}
        return cold, warm

    base_cold, base_warm = timed(base)
    for library in libraries:
        cold, warm = timed(library)
        ratios = (_ratio(cold, warm), _ratio(cold, base_cold), _ratio(warm, base_warm))
        cells = [f"{_us(cold):.0f}", f"{_us(warm):.0f}", *(f"{ratio:.2f}" for ratio in ratios)]
        lines.append(f"| {library} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


@contextmanager
def switched() -> Iterator[Callable[[], None]]:
    """This process and a stopped memory sweeper pinned to one processor (the last this
    process may run on) for the duration; it gives the call that lets the sweeper run while
    this process sleeps SWITCH_PAUSE, and stops it again (--switch)."""
    allowed = os.sched_getaffinity(0)
    processor = max(allowed)
    os.sched_setaffinity(0, {processor})
    sweeper = subprocess.Popen([sys.executable, "-c", SWEEPER])

    def stop() -> None:
        # Stopped before this process goes on: on the same processor, the sweeper takes the
        # signal only when it next runs, which would otherwise be in the middle of the read.
        os.kill(sweeper.pid, signal.SIGSTOP)
        os.waitpid(sweeper.pid, os.WUNTRACED)

    def switch() -> None:
        os.kill(sweeper.pid, signal.SIGCONT)
        time.sleep(SWITCH_PAUSE)
        stop()

    try:
        os.sched_setaffinity(sweeper.pid, {processor})
        stop()
        yield switch
    finally:
        sweeper.kill()
        sweeper.wait()
        os.sched_setaffinity(0, allowed)


def cold_section(report_text: str) -> str:
    """The report's cold-and-warm section ("" when it has none): `python -m bench` keeps it."""
    return report_section(report_text, SECTION)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cold", description=__doc__.split("\n\n")[0])
    folder_arguments(parser)
    parser.add_argument("--warm", type=int, default=3, help="reads right after the first, their median warm")
    parser.add_argument("--switch", action="store_true", help=f"before each cold read, {SWITCHED}")
    args = parser.parse_args(argv)
    if args.switch and not hasattr(os, "sched_setaffinity"):
        parser.error("--switch needs os.sched_setaffinity (Linux)")
    libraries, cases = chosen_cases(parser, args)
    for library in libraries:
        import_library(library)
    warnings.simplefilter("ignore")  # as a bench worker: the libraries' warnings are not results
    if args.switch:
        with switched() as before_cold:
            reads = measure(cases, libraries, max(1, args.warm), before_cold)
    else:
        reads = measure(cases, libraries, max(1, args.warm))
    table = report(reads, libraries)
    sys.stdout.write(table)
    if args.report is not None:
        warm = f"{max(1, args.warm)} warm read(s) a document and library"
        command = f"python -m bench.cold {args.folder.name}/" + (" --switch" if args.switch else "")
        switch = f"; before each cold read, {SWITCHED}" if args.switch else ""
        write_section(args.report, SECTION, f"`{command}`, {len(cases)} documents, {warm}{switch}", table)


if __name__ == "__main__":
    main()
