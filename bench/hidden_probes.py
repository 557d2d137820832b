"""Held-out probes for hidden text (issue 38): hand-made PDFs, each with marker words whose
expected visibility is known from the issue's rules, checked against Glyph.hidden.

    python -m bench.hidden_probes [--render] [--only NAME]

Each mark expects a set of reasons that must all be on every one of its glyphs, or nothing
(a control: every glyph must be visible). Extra reasons do not fail a mark. A mark not read as
glyphs at all is looked for in page.hidden_text() (an annotation hidden by optional content is
reported there). --render also renders every probe with and without its text (bench.hidden_render)
and prints whether the mark leaves ink, which checks the probe's own expectation against
poppler. The PDFs are written to bench/.cache/hidden/probes/.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pagetext
from bench import hidden_cases_paint, hidden_cases_state
from bench.hidden_pdf import PROBES, Mark, Probe

OUT = Path(__file__).resolve().parent / ".cache" / "hidden" / "probes"

# Imported for their probes, which register themselves in PROBES.
_CASES = (hidden_cases_paint, hidden_cases_state)


def build_all(out: Path = OUT, only: str = "") -> list[tuple[Probe, Path]]:
    out.mkdir(parents=True, exist_ok=True)
    built = []
    for item in PROBES:
        if only and only not in item.name:
            continue
        path = out / f"{item.name}.pdf"
        item.build().save(path)
        built.append((item, path))
    return built


def mark_span(glyphs: list[pagetext.Glyph], mark: str) -> tuple[int, int] | None:
    """Where `mark` is among the glyphs (first index, end index), or None."""
    starts = [0]
    for glyph in glyphs:
        starts.append(starts[-1] + len(glyph.text))
    at = "".join(g.text for g in glyphs).find(mark)
    if at < 0 or at not in starts or at + len(mark) not in starts:
        return None
    return starts.index(at), starts.index(at + len(mark))


def judge(page: pagetext.Page, mark: Mark) -> tuple[str, bool]:
    """What pagetext says about a mark ("visible", reasons joined, or "missing") and whether
    that passes."""
    glyphs = page.glyphs(forms=True, annotations=True, hidden="flag")
    span = mark_span(glyphs, mark.text)
    if span is None:
        spans = [span for span in page.hidden_text() if mark.text in span.text.replace(" ", "")]
        if not spans:
            return "missing", False
        reasons = set(spans[0].reasons)
        return " ".join(sorted(reasons)) + " (hidden_text)", bool(mark.expect) and mark.expect <= reasons
    glyphs = glyphs[span[0] : span[1]]
    union = {reason for glyph in glyphs for reason in glyph.hidden or ()}
    got = " ".join(sorted(union)) or "visible"
    if not mark.expect:
        return got, not union
    return got, all(mark.expect <= set(glyph.hidden or ()) for glyph in glyphs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--render", action="store_true", help="also check each mark's ink with poppler")
    parser.add_argument("--only", default="", help="probes whose name contains this")
    args = parser.parse_args(argv)
    rows = []
    for item, path in build_all(only=args.only):
        inks: dict[str, str] = {}
        if args.render:
            from bench.hidden_render import mark_ink

            inks = mark_ink(path, [mark.text for mark in item.marks])
        with pagetext.open(path) as document:
            page = document[0]
            for mark in item.marks:
                got, passed = judge(page, mark)
                expected = " ".join(sorted(mark.expect)) or "visible"
                rows.append((item.name, mark.text, expected, got, passed, inks.get(mark.text, "")))
    widths = [max(len(str(row[i])) for row in rows) for i in range(4)]
    header = ("probe", "mark", "expected", "got")
    print(
        "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
        + "  pass"
        + ("  ink" if args.render else "")
    )
    for row in rows:
        cells = "  ".join(str(cell).ljust(w) for cell, w in zip(row[:4], widths, strict=True))
        print(f"{cells}  {'yes ' if row[4] else 'NO  '}  {row[5]}".rstrip())
    passed_count = sum(row[4] for row in rows)
    hidden_rows = [row for row in rows if row[2] != "visible"]
    controls = [row for row in rows if row[2] == "visible"]
    print(
        f"\npassed {passed_count}/{len(rows)} ({100 * passed_count / len(rows):.0f}%): "
        f"hidden marks {sum(r[4] for r in hidden_rows)}/{len(hidden_rows)}, "
        f"controls {sum(r[4] for r in controls)}/{len(controls)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
