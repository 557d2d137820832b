"""The first read of a document under callgrind: instructions per stage and per glyph.

    python -m bench.first_read survey ../shared/corpus/real > sizes.json
    python -m bench.first_read codes ../shared/corpus/real/some.pdf ...
    python -m bench.first_read profile ../shared/corpus/real [--top 10] [--libraries ...]
        [--jobs 2] [--sizes sizes.json] [--keep DIR] [--report bench/REPORT.md]
    python -m bench.first_read cache ../shared/corpus/real/some.pdf ... [--libraries ...]
        [--after earlier.pdf ...]

A user reads a document once, so this counts what a fresh process pays for that one read,
in instructions (callgrind: the shared machine's load does not change them). `survey` reads
every document once with the installed pagetext and counts its pages and glyphs; `profile`
picks the median document by glyph count and the `--top` largest, and runs, per document and
library, a fresh bench/first_read_child.py under `valgrind --tool=callgrind`, which dumps
the import, the open and the read apart (see there). pagetext's read is split by stage with
bench.callgrind.STAGE_FUNCTIONS, and by shared object for the C libraries. `codes` says, per
document, how many font codes pagetext prepares and parses against those its pages show.
Run it with the compiled build installed (its function names are what the split reads);
--keep keeps callgrind's files, and a second run with the same --keep only reports again.
`cache` runs the same first read under callgrind's cache and branch model and tells, per
library, the misses of the first-level caches and the mispredicted branches, which
instructions do not show (a page's glyph records outgrow the first-level data cache). With
--after, each child first reads those documents and then evicts its caches: the read of a
bench worker, documents one after another and other workers run between them: no start-up
charged, and the misses of an evicted last level show the cost of code and data spread wide.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.callgrind import (
    Profile,
    dump_files,
    dumps,
    event_totals,
    object_split,
    pagetext_stages,
    top_functions,
)
from bench.stages import replace_section_in, report_section

LIBRARIES = ("pagetext", "pypdfium2", "pymupdf")
SECTION = "## First read (issue 39 profile)"
CHILD = Path(__file__).with_name("first_read_child.py")
# callgrind's cache and branch model, the events shown and their headings.
CACHE_COLUMNS = (
    ("Ir", "instructions"), ("D1mr", "L1 data read misses"), ("D1mw", "L1 data write misses"),
    ("I1mr", "L1 instruction misses"), ("Bcm", "mispredicted branches"),
    ("Bim", "mispredicted indirect branches"), ("ILmr", "LL instruction misses"),
    ("DLmr", "LL data read misses"), ("DLmw", "LL data write misses"),
)  # fmt: skip
# One rough figure to rank by: an instruction a cycle, a first-level miss served by the
# second level about 10 cycles, a mispredicted branch about 15. No model of a given processor.
MISS_CYCLES = 10
MISPREDICT_CYCLES = 15
# --after models a last level of 2 MB (a core's second-level cache here), 16-way, 64-byte lines:
# what another process's run between two documents evicts. A miss there is served by the
# shared third level or memory: about 50 cycles, again only to rank.
COLD_LAST_LEVEL = "2097152,16,64"
LAST_LEVEL_MISS_CYCLES = 50


def survey(folders: Iterable[Path]) -> dict[str, dict[str, int]]:
    """Pages and glyphs (page.glyphs(forms=True, visible_only=True): what page.text() reads)
    of every document pagetext opens without a password."""
    import warnings

    import pagetext

    warnings.simplefilter("ignore")
    sizes: dict[str, dict[str, int]] = {}
    for folder in folders:
        for path in sorted(folder.glob("*.pdf")) if folder.is_dir() else [folder]:
            try:
                with pagetext.open(path) as doc:
                    glyphs = sum(len(page.glyphs(forms=True, visible_only=True)) for page in doc)
                    sizes[str(path)] = {"pages": len(doc), "glyphs": glyphs}
            except Exception as error:  # a document pagetext cannot open is left out, said so
                sys.stderr.write(f"{path.name}: {type(error).__name__}: {error}\n")
    return sizes


def pick(sizes: dict[str, dict[str, int]], top: int) -> list[tuple[str, str]]:
    """(role, path): the median document by glyph count, then the `top` largest."""
    ordered = sorted(sizes, key=lambda p: (sizes[p]["glyphs"], p))
    median = ordered[(len(ordered) - 1) // 2]
    chosen = [("median", median)]
    chosen += [(f"largest {i + 1}", p) for i, p in enumerate(reversed(ordered[-top:])) if p != median]
    return chosen


def font_codes(path: Path) -> dict[str, int]:
    """What the fonts of a document hold against what its pages show, after one read: fonts
    loaded, the codes simple fonts prepare (as strings first show them; fonts with the same
    mappings share theirs) and those shown, the ToUnicode entries parsed (a range counts its
    codes) and the codes shown from fonts that have one."""
    import warnings

    import pagetext
    from pagetext.fonts.font import SimpleFont, read_to_unicode
    from pagetext.pdf.objects import Entries

    warnings.simplefilter("ignore")
    counts: dict[str, int] = defaultdict(int)
    shared: set[int] = set()
    with pagetext.open(path) as doc:
        for page in doc:
            page.text()
        for key, font in doc._context.fonts._fonts.items():
            decoded = getattr(font, "_decoded", None)
            if decoded is None:
                continue
            simple = isinstance(decoded, list)
            shown = sum(1 for d in decoded if d is not None) if simple else len(decoded)
            kind = "simple" if simple else "composite"
            counts[f"{kind} fonts"] += 1
            counts[f"{kind} codes shown"] += shown
            if isinstance(font, SimpleFont):
                prepared = font._codes._texts  # the codes worked out so far
                if id(prepared) not in shared:
                    shared.add(id(prepared))
                    counts["simple codes prepared"] += len(prepared)
            font_dict: Any = doc._handle.pdf.get_object(key)
            if "/ToUnicode" in font_dict:
                unicode_map = read_to_unicode(Entries(font_dict), "", lambda message: None)
                ranges = sum(last - first + 1 for first, last, _ in unicode_map.ranges)
                counts["ToUnicode entries"] += len(unicode_map.entries) + ranges
                counts["ToUnicode codes shown"] += shown
    return dict(counts)


def _run_child(
    options: list[str], library: str, pdf: str, out: Path, python: str, after: tuple[str, ...] = ()
) -> None:
    """One fresh bench/first_read_child.py under callgrind with `options` (reading the `after`
    documents first, see there); a failure is told on stderr (its dumps are then missing or
    partial)."""
    command = ["valgrind", "--tool=callgrind", *options, f"--callgrind-out-file={out}", "--dump-instr=no"]
    command += [python, str(CHILD), library, pdf, *after]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        sys.stderr.write(f"{library} {Path(pdf).name}: exit {done.returncode}\n{done.stderr[-2000:]}\n")


def run_one(library: str, pdf: str, out: Path, python: str) -> dict[str, Profile]:
    """One fresh process under callgrind; its dumps by phase."""
    _run_child(["--separate-recs=4"], library, pdf, out, python)
    return dumps(out)


def run_cache(library: str, pdf: str, out: Path, python: str, after: tuple[str, ...] = ()) -> dict[str, int]:
    """One fresh process under callgrind's cache and branch model: the read's event totals.
    With `after`, the read of a bench worker (those documents first, then the caches evicted)
    and a last level of COLD_LAST_LEVEL: callgrind takes the host's, hundreds of MB here,
    which nothing evicts."""
    options = ["--cache-sim=yes", "--branch-sim=yes"] + ([f"--LL={COLD_LAST_LEVEL}"] if after else [])
    _run_child(options, library, pdf, out, python, after)
    read = dump_files(out).get("read")
    return event_totals(read) if read is not None else {}


def weighted_cycles(events: dict[str, int]) -> int:
    misses = events.get("D1mr", 0) + events.get("D1mw", 0) + events.get("I1mr", 0)
    last_level = events.get("ILmr", 0) + events.get("DLmr", 0) + events.get("DLmw", 0)
    return (
        events.get("Ir", 0)
        + MISS_CYCLES * misses
        + LAST_LEVEL_MISS_CYCLES * last_level
        + MISPREDICT_CYCLES * (events.get("Bcm", 0) + events.get("Bim", 0))
    )


def render_cache(runs: dict[str, dict[str, dict[str, int]]], libraries: list[str]) -> str:
    """Per document and library, the read's events (thousands) and the weighted cycles, also
    as a multiple of the first library's."""
    heading = " | ".join(label for _, label in CACHE_COLUMNS)
    lines = [
        f"| document | library | {heading} | weighted cycles | × {libraries[0]} |",
        "|---|---|" + "---|" * (len(CACHE_COLUMNS) + 2),
    ]
    for document, by_library in runs.items():
        first = weighted_cycles(by_library.get(libraries[0], {}))
        for library in libraries:
            events = by_library.get(library, {})
            if not events:  # the run failed (its error went to stderr)
                lines.append(f"| {document} | {library} |" + " - |" * (len(CACHE_COLUMNS) + 2))
                continue
            cells = " | ".join(f"{events.get(key, 0) / 1e3:,.1f} k" for key, _ in CACHE_COLUMNS)
            cycles = weighted_cycles(events)
            ratio = f"{cycles / first:.2f}" if first else "-"
            lines.append(f"| {document} | {library} | {cells} | {cycles / 1e6:,.1f} M | {ratio} |")
    return "\n".join(lines) + "\n"


def cache_main(args: argparse.Namespace) -> int:
    keep: Path = args.keep or Path(tempfile.mkdtemp(prefix="first_read_cache_"))
    keep.mkdir(parents=True, exist_ok=True)

    def work(job: tuple[Path, str]) -> tuple[str, str, dict[str, int]]:
        pdf, library = job
        # Absolute: the child runs from a neutral folder (see first_read_child).
        after = tuple(str(earlier.resolve()) for earlier in args.after)
        out = keep / f"{library}.{pdf.stem}.cache"
        events = run_cache(library, str(pdf.resolve()), out, args.python, after)
        sys.stderr.write(f"done {library} {pdf.name}\n")
        return pdf.stem, library, events

    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(work, [(pdf, library) for pdf in args.pdfs for library in args.libraries]))
    runs: dict[str, dict[str, dict[str, int]]] = {}
    for document, library, events in results:
        runs.setdefault(document, {})[library] = events
    sys.stdout.write(render_cache(runs, args.libraries))
    return 0


def _summary(library: str, phases: dict[str, Profile]) -> dict[str, Any]:
    read = phases.get("read")
    return {
        "phases": {label: profile.total for label, profile in phases.items()},
        "stages": pagetext_stages(read) if library == "pagetext" and read else {},
        "objects": object_split(read) if read else {},
        "top": top_functions(read, 25) if read else [],
    }


def profile_main(args: argparse.Namespace) -> int:
    if args.sizes and args.sizes.exists():
        sizes = json.loads(args.sizes.read_text())
    else:
        sizes = survey(args.folders)
        if args.sizes:
            args.sizes.write_text(json.dumps(sizes, indent=1))
    chosen = pick(sizes, args.top)
    keep: Path = args.keep or Path(tempfile.mkdtemp(prefix="first_read_"))
    keep.mkdir(parents=True, exist_ok=True)

    def work(job: tuple[str, str]) -> tuple[str, dict[str, Any]]:
        pdf, library = job
        out = keep / f"{library}.{Path(pdf).stem}.out"
        reuse = not args.rerun and any(keep.glob(out.name + ".*"))
        phases = dumps(out) if reuse else run_one(library, pdf, out, args.python)
        sys.stderr.write(f"done {library} {Path(pdf).name}\n")
        return f"{pdf}|{library}", _summary(library, phases)

    jobs = [(pdf, library) for _, pdf in chosen for library in args.libraries]
    with ThreadPoolExecutor(args.jobs) as pool:
        runs = dict(pool.map(work, jobs))
    (keep / "summary.json").write_text(json.dumps({"sizes": sizes, "chosen": chosen, "runs": runs}, indent=1))
    text = render(sizes, chosen, runs, args.libraries)
    sys.stdout.write(text)
    if args.report:
        replace_section_in(args.report, SECTION, text)
    return 0


def _m(instructions: float) -> str:
    return f"{instructions / 1e6:,.1f}"


def _first(phases: dict[str, int]) -> int:
    """The first read: the open and the read, the import apart."""
    return phases.get("open", 0) + phases.get("read", 0)


def _stage_rows(stages: dict[str, int], open_cost: int, read: int, glyphs: int) -> list[str]:
    rows = ["| stage | M instructions | share of read | per glyph |", "|---|---|---|---|"]
    rows.append(f"| open (qpdf parses the file, page tree) | {_m(open_cost)} | | {open_cost / glyphs:,.0f} |")
    for stage, cost in stages.items():
        label = stage.replace("  ", "&nbsp;&nbsp;") if stage.startswith(" ") else stage
        rows.append(f"| {label} | {_m(cost)} | {cost / read:.1%} | {cost / glyphs:,.0f} |")
    first = open_cost + read
    rows.append(f"| **first read (open + read)** | **{_m(first)}** | | **{first / glyphs:,.0f}** |")
    return rows


def render(
    sizes: dict[str, dict[str, int]],
    chosen: list[tuple[str, str]],
    runs: dict[str, dict[str, Any]],
    libraries: list[str],
) -> str:
    """The section: the summary over the documents, then each document's stages."""
    peers = [lib for lib in libraries if lib != "pagetext"]
    header = ["document", "pages", "glyphs", *(f"{lib} /glyph" for lib in libraries)]
    header += [f"pagetext ÷ {lib}" for lib in peers]
    lines = [SECTION, "", "| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    firsts: dict[str, int] = defaultdict(int)
    imports: dict[str, list[int]] = defaultdict(list)
    stage_totals: dict[str, int] = defaultdict(int)
    glyph_total = 0
    details: list[str] = []
    for role, pdf in chosen:
        size = sizes[pdf]
        glyphs = max(size["glyphs"], 1)
        glyph_total += glyphs
        doc = {lib: runs.get(f"{pdf}|{lib}", {}) for lib in libraries}
        first = {lib: _first(doc[lib].get("phases", {})) for lib in libraries}
        for lib in libraries:
            firsts[lib] += first[lib]
            imports[lib].append(doc[lib].get("phases", {}).get("import", 0))
        cells = [f"{Path(pdf).stem} ({role})", str(size["pages"]), f"{size['glyphs']:,}"]
        cells += [f"{first[lib] / glyphs:,.0f}" for lib in libraries]
        cells += [f"{first['pagetext'] / first[lib]:.2f}" if first[lib] else "" for lib in peers]
        lines.append("| " + " | ".join(cells) + " |")
        if "pagetext" not in doc or "read" not in doc["pagetext"].get("phases", {}):
            continue
        phases = doc["pagetext"]["phases"]
        for stage, cost in doc["pagetext"]["stages"].items():
            stage_totals[stage] += cost
        stage_totals["open"] += phases["open"]
        stage_totals["read"] += phases["read"]
        details += [
            "",
            f"### {Path(pdf).stem} ({role}: {size['pages']} pages, {size['glyphs']:,} glyphs)",
            "",
        ]
        details += _stage_rows(doc["pagetext"]["stages"], phases["open"], phases["read"], glyphs)
        objects = doc["pagetext"]["objects"]
        split = ", ".join(
            f"{name} {cost / phases['read']:.0%}"
            for name, cost in sorted(objects.items(), key=lambda item: -item[1])
            if cost >= phases["read"] / 100
        )
        details += ["", f"The read's own instructions by library: {split}."]
    cells = [
        "**all chosen**",
        "",
        f"{glyph_total:,}",
        *(f"{firsts[lib] / glyph_total:,.0f}" for lib in libraries),
    ]
    cells += [f"{firsts['pagetext'] / firsts[lib]:.2f}" if firsts[lib] else "" for lib in peers]
    lines.append("| " + " | ".join(cells) + " |")
    import_text = ", ".join(f"{lib} {_m(max(imports[lib], default=0))} M" for lib in libraries)
    lines += ["", f"Import (once per process, apart from the first read): {import_text}."]
    if stage_totals:
        read, open_cost = stage_totals.pop("read"), stage_totals.pop("open")
        lines += ["", "### pagetext's stages, all chosen documents together", ""]
        lines += _stage_rows(stage_totals, open_cost, read, glyph_total)
    return "\n".join(lines + details) + "\n"


def first_read_section(report_text: str) -> str:
    """The report's first-read section ("" when it has none): `python -m bench` keeps it."""
    return report_section(report_text, SECTION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.first_read", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_survey = commands.add_parser("survey", help="pages and glyphs of every document, as JSON")
    run_survey.add_argument("folders", nargs="+", type=Path)
    run_codes = commands.add_parser("codes", help="font codes prepared and parsed against codes shown")
    run_codes.add_argument("pdfs", nargs="+", type=Path)
    run = commands.add_parser("profile", help="callgrind the median and the largest documents")
    run.add_argument("folders", nargs="+", type=Path)
    run.add_argument("--top", type=int, default=10, help="the N largest documents by glyphs")
    run.add_argument("--libraries", nargs="+", default=list(LIBRARIES), choices=LIBRARIES)
    run.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    run.add_argument("--sizes", type=Path, help="the survey's JSON (made and kept when missing)")
    run.add_argument("--keep", type=Path, help="folder for callgrind's files (default: a temp folder)")
    run.add_argument("--rerun", action="store_true", help="run again where --keep has a run")
    run.add_argument("--python", default=sys.executable, help="the Python that runs the children")
    run.add_argument("--report", type=Path, help="replace the report's section with the tables")
    cache = commands.add_parser("cache", help="first-level cache misses and mispredicted branches")
    cache.add_argument("pdfs", nargs="+", type=Path)
    cache.add_argument("--libraries", nargs="+", default=list(LIBRARIES), choices=LIBRARIES)
    cache.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    cache.add_argument("--keep", type=Path, help="folder for callgrind's files (default: a temp folder)")
    cache.add_argument("--python", default=sys.executable, help="the Python that runs the children")
    cache.add_argument(
        "--after", nargs="+", type=Path, default=[],
        help="read these first, then evict the caches: a bench worker's read of a document",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.command == "survey":
        sys.stdout.write(json.dumps(survey(args.folders), indent=1) + "\n")
        return 0
    if args.command == "codes":
        for pdf in args.pdfs:
            sys.stdout.write(json.dumps({"pdf": pdf.name, **font_codes(pdf)}) + "\n")
        return 0
    if args.command == "cache":
        return cache_main(args)
    return profile_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
