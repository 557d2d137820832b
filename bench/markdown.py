"""Markdown structure benchmark: pagetext against pymupdf4llm, opendataloader-pdf and markitdown.

    python -m bench.markdown [--set dev|heldout|generated|all] [--tools pagetext,pymupdf4llm,...] [--json OUT]

Sets `dev` (seeds 0-11) and `heldout` (seeds 100-111): documents drawn from a seed with a
known structure (bench.markdown_docs; PDFs and models in bench/.cache/markdown/<set>/).
Per document and tool, then averaged over the documents (a document without, say, tables
and an output without tables leaves that document out of the table average):

- heading F1 of text and level (level as its rank among the document's heading levels,
  so that a tool starting at ## is not punished), and of text alone;
- paragraph integrity: share of expected paragraphs, list items, captions and references
  whose whole text is inside one output block (blank-line separated; a heading and a list
  item start a block); over-merge: share of the blocks holding expected text that hold
  two or more of them;
- list-item F1 (Markdown items, nested ones too, by text; references written as a list
  are left out);
- table cell F1 and adjacency F1 (right and lower neighbours) over pipe and HTML tables;
- reading order: Levenshtein similarity of the output's words and the document's words in
  model order (running heads and page numbers not expected, their lines tolerated).

Set `generated`: the generated corpus' known headings (tests/export/data/expected_headings.json,
from tools/expected_headings.py), pooled over the documents as before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

from bench import markdown_metrics as mm
from bench.markdown_docs import Block, Model, ensure_set, load_model, marker
from bench.markdown_tools import TOOLS, Run, ToolMissing

HEADINGS = Path(__file__).resolve().parent.parent / "tests" / "export" / "data" / "expected_headings.json"
GENERATED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "generated"
COLUMNS = {
    "heading": "heading F1",
    "heading_text": "heading text F1",
    "integrity": "paragraph integrity",
    "over_merge": "over-merge",
    "list": "list F1",
    "cells": "table cell F1",
    "adjacency": "adjacency F1",
    "order": "order similarity",
}


def _items(block: Block) -> list[tuple[str, str]]:
    """(marker, text) of a list's items, each followed by its nested items."""
    out: list[tuple[str, str]] = []
    for index, item in enumerate(block["items"], 1):
        out.append((marker(block["style"], index), item["text"]))
        if item["children"]:
            out.extend(_items(item["children"]))
    return out


def _grid(block: Block) -> mm.Grid:
    return [[cell["text"] for cell in row for _ in range(cell["span"])] for row in block["rows"]]


def expected(model: Model) -> dict[str, Any]:
    """What a perfect Markdown of the model holds: headings, units of prose, list items,
    table grids, and the words in reading order."""
    heads: list[tuple[int, str]] = []
    units: list[str] = []
    references: list[str] = []
    items: list[str] = []
    grids: list[mm.Grid] = []
    text: list[str] = []
    for block in model["blocks"]:
        kind = block["kind"]
        if kind == "heading":
            heads.append((block["level"], block["text"]))
            text.append(block["text"])
        elif kind in ("paragraph", "caption"):
            units.append(block["text"])
            text.append(block["text"])
        elif kind == "references":
            units.extend(block["items"])
            references.extend(block["items"])
            text.extend(block["items"])
        elif kind == "list":
            listed = _items(block)
            items.extend(item for _, item in listed)
            units.extend(item for _, item in listed)
            text.extend(f"{mark} {item}" for mark, item in listed)
        elif kind == "table":
            grid = _grid(block)
            grids.append(grid)
            text.extend(cell for row in grid for c, cell in enumerate(row) if c == 0 or cell != row[c - 1])
        elif kind == "code":
            text.extend(block["lines"])
    return {
        "headings": heads,
        "units": units,
        "items": items,
        "references": references,
        "grids": grids,
        "words": mm.words(" ".join(text)),
    }


def score(markdown: str, model: Model) -> dict[str, float | None]:
    want = expected(model)
    matched, leveled, found, wanted = mm.heading_counts(mm.headings(markdown), want["headings"])
    whole, units, merged, holding = mm.integrity_counts(want["units"], mm.blocks(markdown))
    cells, pairs = mm.cell_counts(mm.tables(markdown))
    want_cells, want_pairs = mm.cell_counts(want["grids"])
    # A reference list written as a Markdown list is neither expected nor wrong; an empty
    # item has no text to compare.
    free = {mm.squash(text) for text in want["references"]}
    got_items = Counter(
        key for _, text in mm.list_items(markdown) if (key := mm.squash(text)) and key not in free
    )
    return {
        "heading": mm.f1(leveled, found, wanted),
        "heading_text": mm.f1(matched, found, wanted),
        "integrity": whole / units if units else None,
        "over_merge": merged / holding if holding else 0.0,
        "list": mm.multiset_f1(got_items, Counter(mm.squash(text) for text in want["items"])),
        "cells": mm.multiset_f1(cells, want_cells),
        "adjacency": mm.multiset_f1(pairs, want_pairs),
        "order": mm.order_similarity(markdown, want["words"], model.get("furniture", [])),
    }


def run_set(name: str, tools: list[str], keep: Path | None) -> dict[str, dict[str, Any]]:
    paths = ensure_set(name)
    models = {path: load_model(path) for path in paths}
    results: dict[str, dict[str, Any]] = {}
    for tool in tools:
        try:
            run: Run = TOOLS[tool](paths)
        except ToolMissing as error:
            results[tool] = {"n/a": str(error)}
            continue
        per_doc = {path.stem: score(run.outputs[path], models[path]) for path in paths}
        if keep:
            for path, text in run.outputs.items():
                (keep / f"{tool}.{path.stem}.md").write_text(text, encoding="utf-8")
        means: dict[str, Any] = {}
        for column in COLUMNS:
            values = [v for doc in per_doc.values() if (v := doc[column]) is not None]
            means[column] = statistics.fmean(values) if values else None
        means["seconds"] = run.seconds
        means["errors"] = {path.stem: error for path, error in run.errors.items()}
        means["documents"] = per_doc
        results[tool] = means
    return results


def generated_set(tools: list[str], root: Path) -> dict[str, dict[str, Any]]:
    """Heading precision, recall and level (title above sections) on the generated corpus."""
    table: dict[str, list[dict[str, Any]]] = json.loads(HEADINGS.read_text(encoding="utf-8"))
    paths = [root / f"{case}.pdf" for case in table if (root / f"{case}.pdf").exists()]
    results: dict[str, dict[str, Any]] = {}
    for tool in tools:
        try:
            run = TOOLS[tool](paths)
        except ToolMissing as error:
            results[tool] = {"n/a": str(error)}
            continue
        totals = [0, 0, 0, 0]
        for path in paths:
            want = [(int(h["level"]), str(h["text"])) for h in table[path.stem]]
            counts = mm.heading_counts(mm.headings(run.outputs[path]), want)
            totals = [a + b for a, b in zip(totals, counts, strict=True)]
        matched, leveled, found, wanted = totals
        results[tool] = {
            "precision": matched / found if found else 0.0,
            "recall": matched / wanted if wanted else 0.0,
            "heading_text": mm.f1(matched, found, wanted),
            "heading": mm.f1(leveled, found, wanted),
            "found": found,
            "expected": wanted,
            "seconds": run.seconds,
        }
    return results


def _cell(value: Any) -> str:
    return "–" if value is None else f"{value:.3f}"


def table_text(name: str, results: dict[str, dict[str, Any]]) -> str:
    if name == "generated":
        columns = {
            "heading": "heading F1",
            "heading_text": "heading text F1",
            "precision": "precision",
            "recall": "recall",
        }
    else:
        columns = COLUMNS
    lines = [
        "| tool | " + " | ".join(columns.values()) + " | seconds |",
        "|---" * (len(columns) + 2) + "|",
    ]
    for tool, result in results.items():
        if "n/a" in result:
            lines.append(f"| {tool} | n/a: {result['n/a']} |" + " |" * len(columns))
            continue
        values = " | ".join(_cell(result[column]) for column in columns)
        lines.append(f"| {tool} | {values} | {result['seconds']:.1f} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.markdown", description=__doc__.split("\n")[0])
    parser.add_argument("--set", default="all", choices=("dev", "heldout", "generated", "all"))
    parser.add_argument("--tools", default=",".join(TOOLS), help="comma-separated: " + ",".join(TOOLS))
    parser.add_argument("--json", type=Path, help="write all results, per document too, to this file")
    parser.add_argument("--keep", type=Path, help="write every tool's Markdown of every document here")
    parser.add_argument("--corpus", type=Path, default=GENERATED, help="the generated corpus folder")
    args = parser.parse_args(argv)
    tools = [tool for tool in args.tools.split(",") if tool]
    unknown = [tool for tool in tools if tool not in TOOLS]
    if unknown:
        parser.error(f"unknown tools {unknown}; known: {', '.join(TOOLS)}")
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    warnings.simplefilter("ignore")
    sets = ("dev", "heldout", "generated") if args.set == "all" else (args.set,)
    everything: dict[str, Any] = {}
    for name in sets:
        results = (
            generated_set(tools, args.corpus) if name == "generated" else run_set(name, tools, args.keep)
        )
        everything[name] = results
        print(f"\n## {name}\n\n{table_text(name, results)}", flush=True)
        for tool, result in results.items():
            for doc, error in result.get("errors", {}).items():
                print(f"  {tool} failed on {doc}: {error[:200]}")
    if args.json:
        args.json.write_text(json.dumps(everything, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
