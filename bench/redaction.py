"""Redaction on real PDFs: pagetext and PyMuPDF's apply_redactions side by side.

    python -m bench.redaction ../shared/corpus/real ../shared/corpus/generated [--report bench/REDACTION.md]

For each PDF a word is picked deterministically: on the first of its first pages that has one,
a word of at least MIN_WORD letters that every extractor (pagetext, PyMuPDF, pdfminer.six,
pdftotext) reads exactly once on that page; among several, the one whose hash with the file
name is smallest. Both tools redact it (black fill, images left alone) and each output is
checked (bench.redaction_checks):

- absent: the word is in none of the four extractors' text of the page;
- positions: every other PyMuPDF word of the page is at the same place within POSITION_PT;
- pixels: the page rendered by pdftoppm (poppler, RENDER_DPI) is identical outside the
  redacted boxes (both tools' boxes, grown by MASK_MARGIN_PX for anti-aliasing);
- qpdf: `qpdf --check` passes;
- pixels_mupdf, reported beside the four: the same with PyMuPDF's renderer. MuPDF advances
  some embedded fonts by their programs' widths instead of the font dictionary's /Widths
  (ISO 32000-1 §9.2.4 makes /Widths the rule), so text after a gap whose adjustment follows
  /Widths can shift there by a fraction of a point.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import multiprocessing
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.redaction_checks import TIMEOUT_S, pixels_kept, positions_kept, qpdf_ok

MIN_WORD = 5
MAX_PAGES = 3  # pages looked at for a word
CASE_TIMEOUT_S = 180  # per document, all of it: a case stuck in native code is cut here
CHECKS = ("absent", "positions", "pixels", "qpdf", "pixels_mupdf")
MAIN_CHECKS = CHECKS[:4]  # "all four": pixels_mupdf is reported beside them, see below
TOOLS = ("pagetext", "pymupdf")
_WORD = re.compile(r"[A-Za-z]+")


@dataclass
class Outcome:
    case: str
    word: str = ""
    page: int = 0
    results: dict[str, dict[str, bool]] = field(default_factory=dict)  # tool → check → passed
    errors: dict[str, str] = field(default_factory=dict)  # tool → why it produced no file
    skipped: str = ""


class Timeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise Timeout(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _count(word: str, text: str) -> int:
    return len(re.findall(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text))


def texts(path: Path, index: int, password: str | None) -> dict[str, str]:
    """The text of page `index` (0-based) by each extractor."""
    import pymupdf
    from pdfminer.high_level import extract_text

    import pagetext

    result: dict[str, str] = {}
    with pagetext.open(path, password=password) as doc:
        result["pagetext"] = doc[index].text()
    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        result["pymupdf"] = doc[index].get_text()
    result["pdfminer"] = extract_text(str(path), password=password or "", page_numbers=[index])
    if shutil.which("pdftotext"):  # poppler-utils; without it the other three still check
        args = ["pdftotext", "-f", str(index + 1), "-l", str(index + 1), "-enc", "UTF-8"]
        if password:
            args += ["-upw", password]
        run = subprocess.run([*args, str(path), "-"], capture_output=True, timeout=TIMEOUT_S, check=False)
        result["pdftotext"] = run.stdout.decode("utf-8", "replace")
    return result


def pick(path: Path, password: str | None) -> tuple[int, str] | None:
    """(page index, word) for the document, or None when no page has a fitting word."""
    import pymupdf

    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        pages = min(len(doc), MAX_PAGES)
    for index in range(pages):
        by_tool = texts(path, index, password)
        words = {w for w in _WORD.findall(by_tool["pagetext"]) if len(w) >= MIN_WORD}
        good = [w for w in words if all(_count(w, text) == 1 for text in by_tool.values())]
        if good:
            key = path.name.encode()
            return index, min(good, key=lambda w: hashlib.sha1(key + w.encode()).hexdigest())
    return None


def redact_pagetext(path: Path, out: Path, index: int, word: str, password: str | None) -> list[Any]:
    """Redact with pagetext; returns the boxes painted, as PyMuPDF rectangles."""
    import pymupdf

    import pagetext

    with pagetext.open(path, password=password) as doc:
        # The word between non-letters, as it was counted when picked.
        hits = doc[index].search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", regex=True)
        doc.redact(hits, out)
    rects = []
    with pymupdf.open(path) as mu:
        if password:
            mu.authenticate(password)
        matrix = mu[index].transformation_matrix
        for hit in hits:
            for quad in hit.quads:
                xs = [p[0] for p in quad]
                ys = [p[1] for p in quad]
                rects.append(pymupdf.Rect(min(xs), min(ys), max(xs), max(ys)) * matrix)
    return rects


def redact_pymupdf(path: Path, out: Path, index: int, word: str, password: str | None) -> list[Any]:
    import pymupdf

    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        page = doc[index]
        words = page.get_text("words")

        def whole(rect: Any) -> bool:  # search_for also finds the word inside longer words
            centre = rect.tl + (rect.br - rect.tl) * 0.5
            return any(
                pymupdf.Rect(w[:4]).contains(centre) and "".join(_WORD.findall(w[4])) == word for w in words
            )

        rects = [r for r in page.search_for(word) if whole(r)]
        for rect in rects:
            page.add_redact_annot(rect, fill=(0, 0, 0))
        # Looked up by name: pymupdf's type hints lack the constants.
        constants = vars(pymupdf)
        page.apply_redactions(
            images=constants["PDF_REDACT_IMAGE_NONE"], graphics=constants["PDF_REDACT_LINE_ART_NONE"]
        )
        doc.save(out, garbage=1, deflate=True)
    return rects


def run_case(pdf: Path, work: Path) -> Outcome:
    sidecar = pdf.with_suffix(".expect.json")
    meta = json.loads(sidecar.read_text()) if sidecar.exists() else {}
    password = meta.get("password") or None
    outcome = Outcome(pdf.stem)
    try:
        with time_limit(TIMEOUT_S):
            picked = pick(pdf, password)
    except Exception as error:
        outcome.skipped = f"unreadable: {type(error).__name__}: {error}"[:200]
        return outcome
    if picked is None:
        outcome.skipped = "no word every extractor reads exactly once"
        return outcome
    index, word = outcome.page, outcome.word = picked
    boxes: dict[str, list[Any]] = {}
    for tool, redact in (("pagetext", redact_pagetext), ("pymupdf", redact_pymupdf)):
        out = work / f"{pdf.stem}.{tool}.pdf"
        try:
            with time_limit(TIMEOUT_S):
                boxes[tool] = redact(pdf, out, index, word, password)
        except Exception as error:
            outcome.errors[tool] = f"{type(error).__name__}: {error}"[:300]
    rects = [r for found in boxes.values() for r in found]
    for tool in boxes:
        out = work / f"{pdf.stem}.{tool}.pdf"
        checks: dict[str, bool] = {}
        try:
            with time_limit(TIMEOUT_S * 2):
                after = texts(out, index, password)
                checks["absent"] = all(_count(word, text) == 0 for text in after.values())
                checks["positions"] = positions_kept(pdf, out, index, rects, password)
                checks["pixels"] = pixels_kept(pdf, out, index, rects, password, "pdftoppm")
                checks["pixels_mupdf"] = pixels_kept(pdf, out, index, rects, password, "pymupdf")
                checks["qpdf"] = qpdf_ok(out, password)
        except Exception as error:
            outcome.errors[tool] = f"checking: {type(error).__name__}: {error}"[:300]
            checks = {check: checks.get(check, False) for check in CHECKS}
        outcome.results[tool] = checks
    return outcome


def _passed(results: dict[str, bool], check: str) -> bool:
    if check == "all four":
        return all(results.get(c, False) for c in MAIN_CHECKS)
    return results.get(check, False)


def report(outcomes: list[Outcome], folders: list[str]) -> str:
    tested = [o for o in outcomes if not o.skipped]
    lines = [
        "# Redaction on real PDFs: pagetext vs PyMuPDF apply_redactions",
        "",
        f"Folders: {', '.join(folders)}. Documents: {len(outcomes)}, with a word picked: {len(tested)} "
        f"(skipped: {len(outcomes) - len(tested)}). Generated by `python -m bench.redaction`.",
        "",
        "A document passes a check when the tool wrote a file and the check holds on it; a tool",
        "that failed or refused counts as failing every check. See the module docstring for the checks.",
        "",
        "| check | " + " | ".join(TOOLS) + " |",
        "|---|" + "---|" * len(TOOLS),
    ]
    for check in (*CHECKS, "all four"):
        cells = []
        for tool in TOOLS:
            passed = sum(1 for o in tested if tool in o.results and _passed(o.results[tool], check))
            cells.append(f"{passed}/{len(tested)} ({passed / max(1, len(tested)):.1%})")
        lines.append(f"| {check} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Reading the numbers:",
        "",
        "- `pixels` renders with pdftoppm, `pixels_mupdf` with PyMuPDF (not part of 'all four').",
        "  pagetext computes each gap from the font dictionary's /Widths, as ISO 32000-1 §9.2.4",
        "  says; MuPDF advances some embedded fonts by their programs' own widths, and writes its",
        "  rewritten text the same way. So each tool's output is pixel-identical in its own",
        "  renderer and can be a fraction of a point off in the other's.",
        "- A refusal (pagetext: Type3 glyphs without force=True) counts as failing every check.",
        "- Pixels that pdftoppm or PyMuPDF draws differently on two renders of the same original",
        "  are left out of the comparison.",
    ]
    lines += ["", "## Failures", "", "| document | page | word | tool | failed checks / error |"]
    lines.append("|---|---|---|---|---|")
    for o in tested:
        for tool in TOOLS:
            failed = [c for c, ok in o.results.get(tool, {}).items() if not ok]
            error = o.errors.get(tool, "")
            if failed or error or tool not in o.results:
                what = ", ".join(failed) + (f" ({error})" if error else "")
                lines.append(f"| {o.case} | {o.page + 1} | {o.word} | {tool} | {what.replace('|', '/')} |")
    lines += ["", "## Skipped", ""]
    lines += [f"- {o.case}: {o.skipped}" for o in outcomes if o.skipped]
    return "\n".join(lines) + "\n"


def _quiet() -> None:
    warnings.simplefilter("ignore")
    sys.stderr = io.StringIO()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.redaction", description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--report", default="bench/REDACTION.md")
    parser.add_argument("--json", default="", help="also write the outcomes here")
    parser.add_argument("--limit", type=int, default=0, help="only the first N documents (0: all)")
    args = parser.parse_args(argv)
    pdfs = sorted(p for folder in args.folders for p in Path(folder).glob("*.pdf"))
    if args.limit:
        pdfs = pdfs[: args.limit]
    outcomes = []
    with tempfile.TemporaryDirectory() as work:
        # One worker process, replaced when a case hangs in native code (no alarm reaches it).
        pool = multiprocessing.Pool(1, initializer=_quiet)
        for number, pdf in enumerate(pdfs, 1):
            job = pool.apply_async(run_case, (pdf, Path(work)))
            try:
                outcome = job.get(CASE_TIMEOUT_S)
            except multiprocessing.TimeoutError:
                pool.terminate()
                pool = multiprocessing.Pool(1, initializer=_quiet)
                outcome = Outcome(pdf.stem, skipped=f"no result within {CASE_TIMEOUT_S} s")
            outcomes.append(outcome)
            status = outcome.skipped or json.dumps(outcome.results)
            if outcome.errors:
                status += f" {outcome.errors}"
            print(f"[{number}/{len(pdfs)}] {pdf.name} {outcome.word!r}: {status}", flush=True)
        pool.terminate()
    Path(args.report).write_text(report(outcomes, args.folders))
    if args.json:
        Path(args.json).write_text(json.dumps([o.__dict__ for o in outcomes], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
