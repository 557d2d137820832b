"""Markdown headings against the generated corpus' known headings: pagetext and pymupdf4llm.

    python -m bench.markdown ../shared/corpus/generated

Expected headings: tests/export/data/expected_headings.json (tools/expected_headings.py).
A heading is a Markdown `#`…`######` line; consecutive heading lines of one level with only
blank lines between them are one heading when the second does not start with a number
(a title or section name wrapped over two lines, which both tools write as two headings).
Headings are compared without markup, section numbers, case and white space, per document
as multisets. Level: of the matched headings, whether the document title is above the
section headings (ranks of the levels used, compared with the expected 1 and 2).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import time
import unicodedata
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "tests" / "export" / "data" / "expected_headings.json"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_NUMBER = re.compile(r"^\d+(?:\.\d+)*\.?\s*")
_MARKUP = re.compile(r"\\(?=[^\w\s])|[*_`]")


def expected_table() -> dict[str, list[dict[str, object]]]:
    table: dict[str, list[dict[str, object]]] = json.loads(TABLE.read_text(encoding="utf-8"))
    return table


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", _MARKUP.sub("", text)).strip()
    text = _NUMBER.sub("", text)
    return re.sub(r"\s+", "", text).casefold().rstrip(".:")


def headings(markdown: str) -> list[tuple[int, str]]:
    """(level, text) of the Markdown headings, wrapped ones joined."""
    found: list[tuple[int, str]] = []
    joinable = False
    for line in markdown.splitlines():
        if not line.strip():
            continue
        match = _HEADING.match(line)
        if not match:
            joinable = False
            continue
        level, text = len(match.group(1)), match.group(2)
        if not _MARKUP.sub("", text).strip():
            continue
        if joinable and found and found[-1][0] == level and not _NUMBER.match(_MARKUP.sub("", text)):
            found[-1] = (level, found[-1][1] + " " + text)
        else:
            found.append((level, text))
        joinable = True
    return found


def score(found: list[tuple[int, str]], expected: list[dict[str, object]]) -> tuple[int, int, int, int, int]:
    """(matched, found, expected, matched with the right relative level, matched)."""
    want = Counter(normalize(str(h["text"])) for h in expected)
    got = Counter(normalize(text) for _, text in found)
    matched = sum((want & got).values())
    levels_of = {normalize(str(h["text"])): int(str(h["level"])) for h in expected}
    pairs = [(level, levels_of[normalize(text)]) for level, text in found if normalize(text) in levels_of]
    ranks = {level: rank for rank, level in enumerate(sorted({level for level, _ in pairs}), 1)}
    right = sum(1 for level, want_level in pairs if ranks[level] == want_level)
    return matched, sum(got.values()), sum(want.values()), right, len(pairs)


def pagetext_markdown(path: Path) -> str:
    import pagetext
    from pagetext.export.markdown import to_markdown

    with pagetext.open(path) as doc:
        return to_markdown(doc)


def pymupdf4llm_markdown(path: Path) -> str:
    import pymupdf4llm

    with contextlib.redirect_stdout(io.StringIO()):  # it prints parser messages per file
        return str(pymupdf4llm.to_markdown(str(path), show_progress=False))


LIBRARIES: dict[str, Callable[[Path], str]] = {
    "pagetext": pagetext_markdown,
    "pymupdf4llm": pymupdf4llm_markdown,
}


def evaluate(root: Path, library: Callable[[Path], str], verbose: bool = False) -> dict[str, float]:
    totals = [0, 0, 0, 0, 0]
    seconds = 0.0
    for case, expected in expected_table().items():
        path = root / f"{case}.pdf"
        if not path.exists():
            continue
        start = time.perf_counter()
        markdown = library(path)
        seconds += time.perf_counter() - start
        found = headings(markdown)
        result = score(found, expected)
        totals = [a + b for a, b in zip(totals, result, strict=True)]
        if verbose and (result[0] != result[1] or result[0] != result[2]):
            missing = Counter(normalize(str(h["text"])) for h in expected) - Counter(
                normalize(t) for _, t in found
            )
            extra = Counter(normalize(t) for _, t in found) - Counter(
                normalize(str(h["text"])) for h in expected
            )
            print(f"  {case}: missing {sorted(missing)} extra {sorted(extra)}")
    matched, found_count, expected_count, right, pairs = totals
    return {
        "precision": matched / found_count if found_count else 0.0,
        "recall": matched / expected_count if expected_count else 0.0,
        "level": right / pairs if pairs else 0.0,
        "found": float(found_count),
        "expected": float(expected_count),
        "seconds": seconds,
    }


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    args = [arg for arg in argv if arg != "-v"]
    root = Path(args[0] if args else "../shared/corpus/generated")
    warnings.simplefilter("ignore")
    print(f"headings on {root} ({len(expected_table())} cases)")
    columns = ("precision", "recall", "F1", "level", "found", "expected", "seconds")
    print(f"{'library':12} " + " ".join(f"{column:>9}" for column in columns))
    for name, library in LIBRARIES.items():
        try:
            r = evaluate(root, library, verbose)
        except ImportError as error:
            print(f"{name:12} not available: {error}")
            continue
        p, rc = r["precision"], r["recall"]
        f1 = 2 * p * rc / (p + rc) if p + rc else 0.0
        values = (
            f"{p:.3f}",
            f"{rc:.3f}",
            f"{f1:.3f}",
            f"{r['level']:.3f}",
            f"{r['found']:.0f}",
            f"{r['expected']:.0f}",
        )
        print(f"{name:12} " + " ".join(f"{value:>9}" for value in values) + f" {r['seconds']:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
