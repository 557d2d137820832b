"""The Markdown writers compared: each takes a list of PDFs and gives one string per PDF.

A tool that cannot be imported raises ToolMissing (shown as "n/a" with the reason); a tool
that fails on one file gives "" for it and the error, so that one bad file costs that file's
scores only. opendataloader-pdf runs once per set (one JVM start for all files).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

_PAGE_COMMENT = re.compile(r"<!--\s*page\s+\d+\s*-->\n?")


class ToolMissing(Exception):
    """The tool's package is not importable; the message says why."""


@dataclass
class Run:
    outputs: dict[Path, str] = field(default_factory=dict)
    errors: dict[Path, str] = field(default_factory=dict)
    seconds: float = 0.0


def _each(convert: Callable[[Path], str], paths: list[Path]) -> Run:
    run = Run()
    for path in paths:
        start = time.perf_counter()
        try:
            # peers print progress and parser messages
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                run.outputs[path] = convert(path)
        except Exception as error:  # a peer's failure on one file is a result, not a crash
            run.outputs[path] = ""
            run.errors[path] = f"{type(error).__name__}: {error}"
        run.seconds += time.perf_counter() - start
    return run


def pagetext(paths: list[Path]) -> Run:
    try:
        import pagetext as library
    except ImportError as error:
        raise ToolMissing(str(error)) from error

    def convert(path: Path) -> str:
        with library.open(path) as doc:
            return _PAGE_COMMENT.sub("", doc.to_markdown())

    return _each(convert, paths)


def pymupdf4llm(paths: list[Path]) -> Run:
    try:
        import pymupdf
        import pymupdf4llm as library
    except ImportError as error:
        raise ToolMissing(str(error)) from error
    pymupdf.set_messages(path=os.devnull)  # its layout parser reports to MuPDF's message stream
    return _each(lambda path: str(library.to_markdown(str(path))), paths)


def markitdown(paths: list[Path]) -> Run:
    try:
        from markitdown import MarkItDown
    except ImportError as error:
        raise ToolMissing(str(error)) from error
    converter = MarkItDown()
    return _each(lambda path: str(converter.convert(str(path)).text_content), paths)


def opendataloader(paths: list[Path]) -> Run:
    try:
        import opendataloader_pdf
    except ImportError as error:
        raise ToolMissing(str(error)) from error
    run = Run()
    with tempfile.TemporaryDirectory(prefix="mdbench-odl-") as out:
        start = time.perf_counter()
        try:
            opendataloader_pdf.convert(
                input_path=[str(path) for path in paths], output_dir=out, format="markdown", quiet=True
            )
        except Exception as error:  # the whole batch failed (no Java, bad option): every file
            run.errors = {path: f"{type(error).__name__}: {error}" for path in paths}
        run.seconds = time.perf_counter() - start
        for path in paths:
            written = Path(out) / f"{path.stem}.md"
            run.outputs[path] = written.read_text(encoding="utf-8") if written.exists() else ""
            if not written.exists():
                run.errors.setdefault(path, "no output written")
    return run


TOOLS: dict[str, Callable[[list[Path]], Run]] = {
    "pagetext": pagetext,
    "pymupdf4llm": pymupdf4llm,
    "opendataloader": opendataloader,
    "markitdown": markitdown,
}
