"""One library's first read of one document, its phases marked for callgrind.

    valgrind --tool=callgrind python bench/first_read_child.py LIBRARY PDF [EARLIER_PDF ...]

Run by its path from a neutral folder (bench.first_read does): with `-m` from a checkout,
the checkout comes first on sys.path and its plain-Python pagetext is imported over the
installed build. It imports nothing from bench for the same reason.

With EARLIER_PDFs, the child reads them first (no dumps), then evicts its caches by writing
and reading a buffer, as a bench worker meets a document: after others, and after the other
libraries' workers have run (bench.first_read cache --after).

Each phase ends with a callgrind dump (a client request from a few lines of C compiled on
first use into the user's cache; a no-op outside valgrind): startup, the library's import,
the open, and the read of every page's text once (page.text() for pagetext, as
Document.text() does; the text page's text for pypdfium2; page.get_text() for PyMuPDF).
"""

from __future__ import annotations

import ctypes
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

LIBRARIES = ("pagetext", "pypdfium2", "pymupdf")

# cg_dump: a dump labelled with the phase. font_program_call: pagetext's font programs are
# parsed by fontTools in plain Python, invisible to callgrind by name; called through ctypes
# and this C function, their cost is the inclusive cost of ctypes' _ctypes_callproc.
MARKER_C = """
#include <valgrind/callgrind.h>
void cg_dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
int font_program_call(int (*work)(void)) { return work(); }
"""


def marker() -> ctypes.CDLL | None:
    """The compiled client requests; None without a C compiler or valgrind's headers."""
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pagetext-bench"
    library = cache / "callgrind_marker_v2.so"
    if not library.exists():
        cache.mkdir(parents=True, exist_ok=True)
        # Built under this process's own names and renamed into place: children run side by
        # side (--jobs), and none may load a library another is still writing.
        source = cache / f"callgrind_marker.{os.getpid()}.c"
        built = cache / f"callgrind_marker.{os.getpid()}.so"
        source.write_text(MARKER_C)
        command = ["cc", "-O1", "-shared", "-fPIC", "-o", str(built), str(source)]
        compiled = subprocess.run(command, check=False).returncode == 0
        source.unlink()
        if not compiled:
            built.unlink(missing_ok=True)
            return None
        os.replace(built, library)
    return ctypes.CDLL(str(library))


def route_font_programs(native: ctypes.CDLL) -> None:
    """Make the compiled font loaders call load_program through font_program_call (they look
    it up in their module's globals on each call: it comes from a module not compiled)."""
    import pagetext.fonts.composite
    import pagetext.fonts.program
    import pagetext.fonts.simple

    original = pagetext.fonts.program.load_program
    callback_type = ctypes.CFUNCTYPE(ctypes.c_int)

    def routed(*args: object, **kwargs: object) -> object:
        box: list[object] = []

        def work() -> int:
            try:
                box.append(original(*args, **kwargs))  # type: ignore[arg-type]
            except BaseException as error:  # re-raised below, outside the C frame
                box.append(error)
            return 0

        native.font_program_call(callback_type(work))
        if isinstance(box[0], BaseException):
            raise box[0]
        return box[0]

    pagetext.fonts.simple.load_program = routed  # type: ignore[assignment]
    pagetext.fonts.composite.load_program = routed  # type: ignore[assignment]


# A buffer four times the last-level cache bench.first_read models for --after (2 MB),
# written and read through: what the processes that run between two documents of a bench
# worker do to its caches.
EVICT_BYTES = 8 << 20


def import_library(library: str) -> Any:
    """The library's module (its import is a phase of its own)."""
    if library not in LIBRARIES:
        raise SystemExit(f"unknown library {library!r}; one of {', '.join(LIBRARIES)}")
    return importlib.import_module(library)


def open_document(module: Any, pdf: str) -> Any:
    if module.__name__ == "pypdfium2":
        return module.PdfDocument(pdf)
    return module.open(pdf)  # pagetext, pymupdf


def page_texts(module: Any, doc: Any) -> list[str]:
    """Every page's text once: page.text() for pagetext (as Document.text() reads), the
    text page's whole range for pypdfium2, page.get_text() for PyMuPDF."""
    if module.__name__ == "pagetext":
        return [doc[i].text() for i in range(len(doc))]
    if module.__name__ == "pypdfium2":
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    return [doc[i].get_text() for i in range(len(doc))]


def main(library: str, pdf: str, after: list[str]) -> int:
    import warnings

    warnings.simplefilter("ignore")
    native = marker()

    def dump(label: str) -> None:
        if native is not None:
            native.cg_dump(label.encode())

    dump("startup")
    module = import_library(library)
    if after:
        # A bench worker's read: other documents first (read as below, with no dumps), then
        # the caches evicted.
        for earlier in after:
            earlier_doc = open_document(module, earlier)
            page_texts(module, earlier_doc)
            earlier_doc.close()
        bytearray(EVICT_BYTES).translate(bytes(range(1, 256)) + b"\0")
    if library == "pagetext" and native is not None:
        route_font_programs(native)
    dump("import")
    doc = open_document(module, pdf)
    dump("open")
    texts = page_texts(module, doc)
    dump("read")
    sys.stdout.write(json.dumps({"characters": sum(len(text) for text in texts)}) + "\n")
    return 0


if __name__ == "__main__":
    # first_read_child.py LIBRARY PDF [EARLIER_PDF ...]
    raise SystemExit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
