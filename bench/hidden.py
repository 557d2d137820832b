"""Hidden text on the corpus: how many glyphs each reason flags, and whether a flagged glyph is
really invisible on the rendered page.

    python -m bench.hidden [--corpus real,generated] [--limit N] [--render-check K]
                           [--miss-pages M] [--timeout S] [--report-only]

Census: every PDF of ../shared/corpus/<corpus>/ is read in a worker process (bench.hidden_worker,
restarted after a timeout or a crash) with page.glyphs(forms=True, annotations=True,
hidden="flag"); per corpus: files, pages, glyphs (non-whitespace) and per reason the glyphs and
files it flags. Files that fail to open or time out are counted.

Render check (--render-check K): K pages with flagged glyphs, picked in turn for each reason so
that rare reasons are looked at too, plus M pages (default K/3) with none; each page rendered as
it is and with its text made invisible (bench.hidden_render). A flagged glyph with ink in its
box is a false positive. A sample of shown glyphs measures misses: no ink yet not flagged. Shown
glyphs in render mode 3 or 7 (an OCR layer over a scan, which the issue counts as visible)
paint nothing by design and are counted apart. Crops of the worst cases go to
bench/.cache/hidden/crops/ (left: the page, right: without its text, red: the glyphs' boxes).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from bench.corpus import Case, load_cases
from bench.hidden_render import MIN_INK_PX
from bench.process import Worker

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
CACHE = ROOT / "bench" / ".cache" / "hidden"
REASONS = (
    "invisible-mode", "clipped", "covered", "same-color", "transparent", "tiny", "off-page",
    "optional-content",
)  # fmt: skip
TIMEOUT_S = 120  # per file; a slow file is cut here and counted
RENDER_TIMEOUT_S = 600  # per file of the render check (renders two copies of its pages)
CROPS = 8  # worst false-positive groups saved as crops; half as many miss groups
CROP_MARGIN_PX = 20


class JobWorker(Worker):
    """bench.process.Worker answering a job dict of bench.hidden_worker's."""

    def __init__(self) -> None:
        super().__init__("pagetext", ("bench.hidden_worker",))


def run_census(corpora: list[str], limit: int, timeout: float) -> dict[str, dict[str, Any]]:
    """Census answers by corpus and case name."""
    worker = JobWorker()
    answers: dict[str, dict[str, Any]] = {}
    try:
        for corpus in corpora:
            cases = load_cases(CORPUS / corpus)[: limit or None]
            answers[corpus] = {}
            for number, case in enumerate(cases):
                job = {"task": "census", "pdf": str(case.pdf), "password": case.password}
                answers[corpus][case.name] = {**worker.ask(job, timeout), "pdf": str(case.pdf)}
                print(f"\r{corpus} {number + 1}/{len(cases)} {case.name[:40]:40}", end="", file=sys.stderr)
            print(file=sys.stderr)
    finally:
        worker.close()
    return answers


def print_census(answers: dict[str, dict[str, Any]]) -> None:
    for corpus, cases in answers.items():
        ok = [a for a in cases.values() if "error" not in a]
        failed = [name for name, a in cases.items() if "error" in a]
        glyphs: Counter[str] = Counter()
        files: Counter[str] = Counter()
        for answer in ok:
            glyphs.update(answer["reasons"])
            files.update(answer["reasons"].keys())
        total = sum(a["glyphs"] for a in ok)
        print(f"\n## {corpus}: {len(cases)} files ({len(failed)} failed or timed out), "
              f"{sum(a['pages'] for a in ok)} pages, {total} glyphs")  # fmt: skip
        if failed:
            print("failed: " + ", ".join(f"{n} ({cases[n]['error'][:60]})" for n in failed))
        print(f"{'reason':18} {'glyphs':>8} {'share':>7} {'files':>6}")
        for reason in REASONS:
            share = 100 * glyphs[reason] / total if total else 0.0
            print(f"{reason:18} {glyphs[reason]:8d} {share:6.2f}% {files[reason]:6d}")
        anything = sum(1 for a in ok if a["reasons"])
        print(f"{'any':18} {'':8} {'':7} {anything:6d}")


def pick_pages(answers: dict[str, dict[str, Any]], count: int, plain: int, seed: int) -> dict[str, list[int]]:
    """Pages for the render check by PDF path: `count` flagged pages, the reasons taking turns,
    and `plain` pages without a flag."""
    rng = random.Random(seed)
    by_reason: dict[str, list[tuple[str, int]]] = defaultdict(list)
    unflagged: list[tuple[str, int]] = []
    for cases in answers.values():
        for answer in cases.values():
            if "error" in answer:
                continue
            flagged = {int(p): r for p, r in answer["flagged_pages"].items()}
            for number, reasons in flagged.items():
                for reason in reasons:
                    by_reason[reason].append((answer["pdf"], number))
            unflagged += [(answer["pdf"], n) for n in range(1, answer["pages"] + 1) if n not in flagged]
    for pages in by_reason.values():
        rng.shuffle(pages)
    chosen: list[tuple[str, int]] = []
    while len(chosen) < count and any(by_reason.values()):
        for reason in REASONS:
            while by_reason.get(reason) and by_reason[reason][-1] in chosen:
                by_reason[reason].pop()
            if by_reason.get(reason) and len(chosen) < count:
                chosen.append(by_reason[reason].pop())
    chosen += rng.sample(unflagged, min(plain, len(unflagged)))
    result: dict[str, list[int]] = defaultdict(list)
    for pdf, number in chosen:
        result[pdf].append(number)
    return result


def run_render(
    pages: dict[str, list[int]], passwords: dict[str, str | None], seed: int
) -> list[dict[str, Any]]:
    worker = JobWorker()
    records: list[dict[str, Any]] = []
    try:
        for number, (pdf, numbers) in enumerate(sorted(pages.items())):
            job = {"task": "render", "pdf": pdf, "password": passwords.get(pdf), "pages": sorted(numbers),
                   "cache": str(CACHE / "renders"), "seed": seed}  # fmt: skip
            answer = worker.ask(job, RENDER_TIMEOUT_S)
            print(f"\rrender {number + 1}/{len(pages)} {Path(pdf).stem[:40]:40}", end="", file=sys.stderr)
            if "error" in answer:
                print(f"\n{Path(pdf).name}: {answer['error']}", file=sys.stderr)
                continue
            for record in answer["records"]:
                records.append({**record, "pdf": pdf, "complete": answer["complete"]})
    finally:
        worker.close()
    print(file=sys.stderr)
    return records


def print_render(records: list[dict[str, Any]]) -> None:
    flagged = [r for r in records if r["reasons"]]
    shown = [r for r in records if not r["reasons"]]
    pages = {(r["pdf"], r["page"]) for r in records}
    print(f"\n## Render check: {len(pages)} pages, {len(flagged)} flagged glyphs, {len(shown)} shown sampled")
    print(f"ink: > {MIN_INK_PX - 1} pixels differing in the glyph's box; unlooked: no pixel of its box "
          "free of other glyphs' boxes")  # fmt: skip
    columns = ("flagged", "looked", "ink (FP)", "FP rate", "unlooked", "pages")
    print(f"{'reason':18} " + " ".join(f"{c:>8}" for c in columns))
    for reason in REASONS:
        mine = [r for r in flagged if reason in r["reasons"]]
        if not mine:
            continue
        looked = [r for r in mine if r["looked"] or r["ink"] < 0]
        fp = [r for r in looked if r["ink"] >= MIN_INK_PX]
        rate = 100 * len(fp) / len(looked) if looked else 0.0
        fp_pages = len({(r["pdf"], r["page"]) for r in fp})
        cells = (len(mine), len(looked), len(fp), f"{rate:.1f}%", len(mine) - len(looked), fp_pages)
        print(f"{reason:18} " + " ".join(f"{c:>8}" for c in cells))
    looked_flagged = [r for r in flagged if r["looked"] or r["ink"] < 0]
    fp_all = [r for r in looked_flagged if r["ink"] >= MIN_INK_PX]
    if looked_flagged:
        rate = 100 * len(fp_all) / len(looked_flagged)
        totals = (len(flagged), len(looked_flagged), len(fp_all), f"{rate:.1f}%")
        print(f"{'all':18} " + " ".join(f"{c:>8}" for c in totals))
    ocr = [r for r in shown if r["mode"] in (3, 7)]
    # Letters and digits only: a period's few pixels can fall in the margins left out.
    drawn = [r for r in shown if r["mode"] not in (3, 7) and r["looked"] and r["text"].isalnum()]
    missed = [r for r in drawn if r["ink"] < MIN_INK_PX]
    if drawn:
        print(
            f"\nmisses: {len(missed)}/{len(drawn)} shown letters and digits looked at have no ink "
            f"({100 * len(missed) / len(drawn):.1f}%); {len(ocr)} shown glyphs in mode 3/7 (OCR layers) apart"
        )
    incomplete = {r["pdf"] for r in records if not r["complete"]}
    if incomplete:
        print(f"{len(incomplete)} files: a stream the text-free copy could not rewrite (its text paints)")
    print("\nworst false positives (file, page, reason, glyphs with ink, text):")
    fp_groups = _groups(fp_all, by_reason=True)
    for (pdf, page, reason), group in fp_groups[:12]:
        print(f"  {Path(pdf).name} p{page} {reason}: {len(group)} {_snippet(group)!r}")
    print("\nworst misses (file, page, glyphs without ink, text):")
    miss_groups = _groups(missed, by_reason=False)
    for (pdf, page, _), group in miss_groups[:8]:
        print(f"  {Path(pdf).name} p{page}: {len(group)} {_snippet(group)!r}")
    crops = CACHE / "crops"
    crops.mkdir(parents=True, exist_ok=True)
    for kind, groups, count in (("fp", fp_groups, CROPS), ("miss", miss_groups, CROPS // 2)):
        for (pdf, page, reason), group in groups[:count]:
            name = f"{kind}_{Path(pdf).stem}_p{page}_{reason or 'shown'}.png"
            _crop(pdf, page, group, crops / name)
    print(f"\ncrops: {crops}")


def _groups(records: list[dict[str, Any]], by_reason: bool) -> list[tuple[tuple[str, int, str], list[Any]]]:
    groups: dict[tuple[str, int, str], list[Any]] = defaultdict(list)
    for r in records:
        keys = r["reasons"] if by_reason else [""]
        for reason in keys:
            groups[(r["pdf"], r["page"], reason)].append(r)
    return sorted(groups.items(), key=lambda item: -len(item[1]))


def _snippet(group: list[dict[str, Any]]) -> str:
    return "".join(r["text"] for r in sorted(group, key=lambda r: r["index"]))[:50]


def _crop(pdf: str, page: int, group: list[dict[str, Any]], out: Path) -> None:
    """The area around the group's glyphs, the page beside the text-free page."""
    stem = CACHE / "renders" / f"{Path(pdf).stem}.p{page}"
    with Image.open(f"{stem}.same.png") as same, Image.open(f"{stem}.blank.png") as blank:
        rects = [r["rect"] for r in group]
        x0 = max(min(r[0] for r in rects) - CROP_MARGIN_PX, 0)
        y0 = max(min(r[1] for r in rects) - CROP_MARGIN_PX, 0)
        x1 = min(max(r[2] for r in rects) + CROP_MARGIN_PX, same.width)
        y1 = min(max(r[3] for r in rects) + CROP_MARGIN_PX, same.height)
        # A tall or wide group: the first glyphs' area is enough to look at.
        x1, y1 = min(x1, x0 + 800), min(y1, y0 + 400)
        if x1 <= x0 or y1 <= y0:
            return
        left, right = same.crop((x0, y0, x1, y1)).convert("RGB"), blank.crop((x0, y0, x1, y1)).convert("RGB")
        sheet = Image.new("RGB", (2 * left.width + 10, left.height), "gray")
        sheet.paste(left, (0, 0))
        sheet.paste(right, (left.width + 10, 0))
        draw = ImageDraw.Draw(sheet)
        for r in rects:
            draw.rectangle((r[0] - x0, r[1] - y0, r[2] - x0 - 1, r[3] - y0 - 1), outline="red")
        sheet.save(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="real,generated")
    parser.add_argument("--limit", type=int, default=0, help="first N files of each corpus")
    parser.add_argument("--render-check", type=int, default=0, metavar="K", help="flagged pages to render")
    parser.add_argument("--miss-pages", type=int, default=-1, metavar="M", help="pages without flags (K/3)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--report-only", action="store_true", help="print the last run's results again")
    args = parser.parse_args(argv)
    if args.report_only:
        print_census(json.loads((CACHE / "census.json").read_text()))
        if (CACHE / "render.json").exists():
            print_render(json.loads((CACHE / "render.json").read_text()))
        return 0
    corpora = [c.strip() for c in args.corpus.split(",") if c.strip()]
    answers = run_census(corpora, args.limit, args.timeout)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "census.json").write_text(json.dumps(answers))
    print_census(answers)
    if args.render_check:
        plain = args.miss_pages if args.miss_pages >= 0 else args.render_check // 3
        pages = pick_pages(answers, args.render_check, plain, args.seed)
        passwords = {str(c.pdf): c.password for corpus in corpora for c in _cases(corpus)}
        records = run_render(pages, passwords, args.seed)
        (CACHE / "render.json").write_text(json.dumps(records))
        print_render(records)
    return 0


def _cases(corpus: str) -> list[Case]:
    return load_cases(CORPUS / corpus)


if __name__ == "__main__":
    sys.exit(main())
