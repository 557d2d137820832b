"""Where pagetext's time goes: each stage of `page.text()` timed on its own, per glyph.

    python -m bench.stages ../shared/corpus/real [--top 5] [--report bench/REPORT.md]

Runs the stages of Page.lines() one after another on every page, as page.text() does, with a
clock around each: open (qpdf parses the file, the page tree), content (the /Contents streams
read and inflated), lexer (the page stream tokenised, alone: what the interpreter pays for
tokens), fonts (the fonts of the page's resources parsed, once per document), interpret
(operators run and glyph records made; includes the lexer's time again, forms and their
fonts, and font programs parsed when a string first needs them), annotations, assembly
(glyphs to words and lines), reading order and output (lines joined to text). ActualText and
structure work (tagged files) fall outside the stages. With --report, the table replaces the
section "## Where the time goes" of the report (added at its end when missing).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pagetext.pdf.atomic import atomic_open

STAGES = (
    "open", "content", "lexer", "fonts", "interpret", "annotations", "assembly", "reading order", "output",
)  # fmt: skip
SECTION = "## Where the time goes"


def _documents(folders: list[Path]) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(folder.glob("*.pdf")) if folder.is_dir() else [folder]


def _page_fonts(resources: Any) -> list[Any]:
    """The font dictionaries of a page's own resources (fonts of its forms load while the
    interpreter draws them)."""
    import pikepdf

    fonts = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    return list(fonts.values()) if isinstance(fonts, pikepdf.Dictionary) else []


def profile_document(path: Path) -> tuple[dict[str, float], int, int, float] | None:
    """Seconds per stage, pages, glyphs, and the seconds of page.text() on a fresh open."""
    import pagetext
    from pagetext.budget import PageBudget
    from pagetext.content.device import GlyphCollector
    from pagetext.content.interpreter import Interpreter
    from pagetext.layout.assembly import assemble, lines_text
    from pagetext.layout.params import LayoutParams
    from pagetext.layout.reading import reading_order
    from pagetext.pdf.objects import inherited_entry
    from pagetext.syntax.lexer import iter_operations

    seconds = dict.fromkeys(STAGES, 0.0)
    clock = time.perf_counter
    glyph_count = 0
    with contextlib.suppress(pagetext.PdfError), warnings_off():
        start = clock()
        with pagetext.open(path) as doc:
            pages = list(doc)
            seconds["open"] += clock() - start
            params = LayoutParams()
            for page in pages:
                budget = PageBudget(doc.limits, lambda message: None)
                marks = [clock()]
                content = page._content.content(budget)
                marks.append(clock())
                for _ in iter_operations(content, lambda message: None):
                    pass
                marks.append(clock())
                resources = inherited_entry(page._content.page_obj, "/Resources")
                for font_dict in _page_fonts(resources):
                    with contextlib.suppress(Exception):
                        doc._context.fonts.get(font_dict, lambda message: None)
                marks.append(clock())
                collector = GlyphCollector()
                interpreter = Interpreter(collector, doc._context.fonts, lambda message: None, budget)
                with contextlib.suppress(Exception):
                    interpreter.run_page(content, page._content.page_obj)
                page._content._glyphs[True] = collector.glyphs
                glyphs = page._content.visible(collector.glyphs)
                marks.append(clock())
                overlay = page._content.visible(page._content.annotations())
                marks.append(clock())
                lines = assemble(glyphs, params)
                marks.append(clock())
                lines = reading_order(lines, params)
                marks.append(clock())
                lines_text(lines)
                marks.append(clock())
                glyph_count += len(collector.glyphs) + len(overlay)
                for stage, start_mark, end_mark in zip(STAGES[1:], marks[:-1], marks[1:], strict=True):
                    seconds[stage] += end_mark - start_mark
            page_count = len(pages)
        # The whole of page.text() on a fresh open, for the "other" column.
        start = clock()
        with pagetext.open(path) as doc:
            for page in doc:
                page.text()
        whole = clock() - start
        return seconds, page_count, glyph_count, whole
    return None


@contextlib.contextmanager
def warnings_off() -> Iterator[None]:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _row(name: str, seconds: dict[str, float], pages: int, glyphs: int, whole: float) -> list[str]:
    cells = [name, str(pages), str(glyphs), f"{whole * 1000:.0f}"]
    for stage in STAGES:
        ns = seconds[stage] / glyphs * 1e9 if glyphs else 0.0
        cells.append(f"{seconds[stage] * 1000:.0f} ({ns:.0f})")
    return cells


def report(folders: list[Path], top: int, build: str) -> str:
    totals = dict.fromkeys(STAGES, 0.0)
    total_pages = total_glyphs = 0
    total_whole = 0.0
    per_document: list[tuple[str, dict[str, float], int, int, float]] = []
    gc.disable()  # as Page.lines() does around its hot path
    for path in _documents(folders):
        result = profile_document(path)
        gc.collect()
        if result is None:
            continue
        seconds, pages, glyphs, whole = result
        per_document.append((path.stem, seconds, pages, glyphs, whole))
        for stage in STAGES:
            totals[stage] += seconds[stage]
        total_pages += pages
        total_glyphs += glyphs
        total_whole += whole
    gc.enable()
    header = ["documents", "pages", "glyphs", "page.text() ms", *(f"{s} ms (ns/glyph)" for s in STAGES)]
    summary = _row(f"all {len(per_document)}", totals, total_pages, total_glyphs, total_whole)
    lines = [
        SECTION,
        "",
        f"`python -m bench.stages` on {', '.join(str(f) for f in folders)}, {build} build: "
        "milliseconds per stage and, in brackets, nanoseconds per glyph. page.text() is timed "
        "apart, on a fresh open; the interpreter's time includes the lexer's (the lexer column "
        "times tokenising the page stream alone) and that of fonts read late (a form's fonts, "
        "a font program parsed when a string first needs it).",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        "| " + " | ".join(summary) + " |",
    ]
    per_document.sort(key=lambda item: -item[4])
    for name, seconds, pages, glyphs, whole in per_document[:top]:
        lines.append("| " + " | ".join(_row(name, seconds, pages, glyphs, whole)) + " |")
    return "\n".join(lines) + "\n"


def _section_pattern(heading: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)


def report_section(report_text: str, heading: str) -> str:
    """The report's section under `heading` ("" when it has none), up to the next "## "."""
    match = _section_pattern(heading).search(report_text)
    return match.group(0).rstrip() + "\n" if match else ""


def replace_report_section(report_text: str, heading: str, section: str) -> str:
    """The report with its section under `heading` replaced by `section` (appended when it has none)."""
    pattern = _section_pattern(heading)
    if pattern.search(report_text):
        return pattern.sub(lambda _: section + "\n", report_text, count=1)
    return report_text.rstrip() + "\n\n" + section


def write_report(report_file: Path, text: str) -> None:
    """Write a report whole or leave it as it was (temporary file and rename): the bench's
    commands rewrite bench/REPORT.md from its own earlier text, which a write cut short by an
    error or Ctrl-C would lose."""
    with atomic_open(report_file) as out:
        out.write(text.encode("utf-8"))


def replace_section_in(report_file: Path, heading: str, section: str) -> None:
    """Replace the section under `heading` of the report file (made when missing) with `section`."""
    old = report_file.read_text("utf-8") if report_file.exists() else ""
    write_report(report_file, replace_report_section(old, heading, section))


def stage_section(report_text: str) -> str:
    """The report's stage section ("" when it has none): `python -m bench` keeps it."""
    return report_section(report_text, SECTION)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.stages", description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--top", type=int, default=5, help="also show the N slowest documents")
    parser.add_argument("--report", type=Path, help="replace the report's section with the tables")
    args = parser.parse_args(argv)
    import pagetext.content.interpreter as interpreter_module

    build = "compiled (mypyc)" if interpreter_module.__file__.endswith((".so", ".pyd")) else "plain Python"
    text = report(args.folders, args.top, build)
    sys.stdout.write(text)
    if args.report:
        replace_section_in(args.report, SECTION, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
