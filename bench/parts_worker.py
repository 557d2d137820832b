"""A bench worker (bench.worker's protocol) that also answers where each read's time went: the
parts of a read, each timed on its own, for pagetext and pypdfium2.

    python -m bench.parts_worker LIBRARY

Each answer is {"pages": int, "seconds": float, "parts": [open, pages, text, close] | null}
or {"error", "seconds"}. pagetext's pages part makes the Page objects and its text part runs
page.text() (content, fonts, layout); pypdfium2's pages part loads each page (PDFium parses its
content there) and its text part makes the text page and reads its text. Other libraries
answer their whole read only.
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from collections.abc import Callable

from bench.extractors import EXTRACTORS, import_library

# (text of each page, seconds of each part) for a path and password
PartsReader = Callable[[str, "str | None"], tuple[list[str], list[float]]]


def pagetext_parts(path: str, password: str | None) -> tuple[list[str], list[float]]:
    import pagetext

    clock = time.perf_counter
    start = clock()
    document = pagetext.open(path, password=password)
    opened = clock()
    try:
        pages = list(document)
        listed = clock()
        texts = [page.text() for page in pages]
        read = clock()
    finally:
        document.close()
    closed = clock()
    return texts, [opened - start, listed - opened, read - listed, closed - read]


def pypdfium2_parts(path: str, password: str | None) -> tuple[list[str], list[float]]:
    import pypdfium2

    clock = time.perf_counter
    start = clock()
    document = pypdfium2.PdfDocument(path, password=password)
    opened = clock()
    try:
        pages = [document[index] for index in range(len(document))]
        listed = clock()
        texts = []
        for page in pages:
            text_page = page.get_textpage()
            texts.append(text_page.get_text_range())
            text_page.close()
        read = clock()
        for page in pages:
            page.close()
    finally:
        document.close()
    closed = clock()
    return texts, [opened - start, listed - opened, read - listed, closed - read]


PARTS: dict[str, PartsReader] = {
    "pagetext": pagetext_parts,
    "pagetext_py": pagetext_parts,
    "pypdfium2": pypdfium2_parts,
}


def answer(library: str, job: dict[str, object]) -> dict[str, object]:
    """One job's answer: the pages read and the seconds, with the parts where they are timed."""
    path = str(job["pdf"])
    password = job.get("password")
    password = password if isinstance(password, str) else None
    start = time.perf_counter()
    try:
        if library in PARTS:
            texts, parts = PARTS[library](path, password)
            result: dict[str, object] = {"pages": len(texts), "parts": parts}
        else:
            result = {"pages": len(EXTRACTORS[library](path, password)), "parts": None}
    except Exception as error:  # a library's failure on one file is a result, not a crash
        result = {"error": f"{type(error).__name__}: {error}"[:300]}
    result["seconds"] = time.perf_counter() - start
    return result


def main() -> None:
    library = sys.argv[1]
    import_library(library)  # before the first job: imports are not timed
    warnings.simplefilter("ignore")
    out = sys.stdout
    sys.stdout = sys.stderr  # libraries that print must not corrupt the answers
    for line in sys.stdin:
        if not line.strip():
            break
        out.write(json.dumps(answer(library, json.loads(line))) + "\n")
        out.flush()
    out.write(json.dumps({"max_rss_kb": 0}) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
