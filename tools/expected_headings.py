"""Write the expected Markdown headings of the generated corpus (tests/export/data/).

The generated cases were typeset from a small set of document titles and section names
(gen/*.py in the corpus' source); the sidecars' exact text has them as printed lines, but
does not say which lines they are. This finds them: a line (or two, when a narrow column or
a long title wraps it) that is a known title, or a section number followed by a known section
name, or the word "Abstract" on its own line. Running heads (journal names, repeated
on every page) are not in the lists; the first title of a case is its document title.

    python -m tools.expected_headings ../shared/corpus/generated > tests/export/data/expected_headings.json
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Final

TITLES: Final = (
    "A Short Reading of the Apache Licence",
    "A Study of Contributor Obligations",
    "How the Interpreter Evaluates Expressions",
    "Notes on Licences, Copies and Modified Versions",
    "On Sharing Software and the Freedom to Change It",
    "Terms, Conditions and Their Practical Effect",
    "日本語の組版についての覚え書き",
)
SECTIONS: Final = (
    "Introduction",
    "Background",
    "Terms and Definitions",
    "Distribution of Copies",
    "Practical Consequences",
    "Related Questions",
    "Conclusion",
    "縦書きと横書き",
    "活版印刷と組版の話",
    "図書館と四季の暮らし",
)
_SECTION = re.compile(r"^(\d+)\.? ?(.+)$")


def _heading(text: str) -> tuple[int, str] | None:
    """(level, text) when the text is a whole known heading."""
    if text in TITLES:
        return 1, text
    if text == "Abstract":
        return 2, text
    match = _SECTION.match(text)
    if match and match.group(2) in SECTIONS:
        return 2, text
    return None


def _prefix(text: str) -> bool:
    """Whether a line could be the first part of a wrapped heading."""
    return any(title.startswith(text) for title in TITLES) or bool(
        (match := _SECTION.match(text)) and any(name.startswith(match.group(2)) for name in SECTIONS)
    )


def expected(text: str) -> list[dict[str, object]]:
    lines = [line.strip() for line in text.replace("\f", "\n").split("\n")]
    found: list[dict[str, object]] = []
    titles_seen: set[str] = set()
    index = 0
    while index < len(lines):
        line = lines[index]
        heading = _heading(line)
        used = 1
        if heading is None and index + 1 < len(lines) and _prefix(line):
            joiner = "" if line[-1:] > "\u3000" else " "
            heading = _heading(line + joiner + lines[index + 1])
            used = 2
        if heading is not None:
            level, name = heading
            if level == 1:
                if name in titles_seen:  # a running head repeating the title
                    index += used
                    continue
                titles_seen.add(name)
            found.append({"level": level, "text": name})
        index += used if heading is not None else 1
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else "../shared/corpus/generated")
    table = {
        path.name.removesuffix(".expect.json"): expected(json.loads(path.read_text())["text"])
        for path in sorted(root.glob("*.expect.json"))
    }
    json.dump(table, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
