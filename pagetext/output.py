"""One document written in a format exactly as `pagetext FILE --format F` prints it.

The command line and pagetext.batch both write through `write_document`, so that a batch
writes, byte for byte, what the command prints for each file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from pagetext.document import Document
from pagetext.errors import UsageError

# How --page-chunks writes a chunk per page: JSON Lines (the command), one JSON array (the server).
CHUNK_LAYOUTS = ("lines", "array")


@dataclass(frozen=True, slots=True)
class OutputOptions:
    """What `pagetext FILE` lets a user choose about its output (see `pagetext --help`)."""

    format: str = "text"  # text, json, hocr, alto or markdown (pagetext.export.formats)
    pages: str | None = None  # 1-based range like "1-3,7"; None: all pages
    order: str = "reading"  # reading, content, structure or auto (markdown keeps its own)
    page_separator: str = "\f"  # text: between pages
    bom: bool = False  # text: start with a UTF-8 byte order mark
    annotations: bool = True  # the text of annotations and form fields, as a viewer shows it
    structure: bool = False  # json: each page's structure tree and its trust
    glyphs: bool = False  # json: every glyph record of each page
    dehyphenate: bool = False  # text: join words hyphenated across line ends; alto: mark them
    furniture: bool = False  # markdown: keep running headers and footers, page numbers, artifacts
    page_chunks: str = ""  # markdown: a JSON chunk per page (pagetext.export.chunks), CHUNK_LAYOUTS
    source: str = ""  # page chunks: the file's name in each chunk's metadata
    hidden: str = "keep"  # keep, drop (what a viewer does not show) or flag (json: why, per word)


def write_document(
    doc: Document,
    out: IO[bytes],
    options: OutputOptions,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write the document to a binary stream as the command prints it; return the number
    of pages written. Text, Markdown and JSON end in a newline, as a terminal expects of a
    command's output; hOCR and ALTO end with their closing tag.

    progress, if given, is called with (pages started, pages in all) before each page.
    """
    pages = len(doc.page_indices(options.pages))
    # flag marks hidden words in JSON alone; the other formats have no place for it and read
    # as with keep, without the cost of reading what a viewer shows.
    hidden = "keep" if options.hidden == "flag" and options.format != "json" else options.hidden
    if options.dehyphenate and options.format in ("json", "hocr"):
        raise UsageError(
            f"--dehyphenate does not apply to {options.format}: its words keep their boxes as printed "
            "(use text or alto; markdown always joins hyphenated words)"
        )
    if options.format == "text":
        doc.write_text(
            out,
            options.pages,
            options.page_separator,
            options.bom,
            options.order,
            progress,
            annotations=options.annotations,
            dehyphenate=options.dehyphenate,
            hidden=hidden,
        )
        out.write(b"\n")
        return pages
    # The exporters of the other formats, imported only for them: the command's import is
    # most of the time it takes on a short document.
    from pagetext.export.common import write_chunks

    if options.format == "markdown":
        markdown: dict[str, Any] = {
            "annotations": options.annotations,
            "furniture": options.furniture,
            "hidden": hidden,
        }
        if options.page_chunks:
            if options.page_chunks not in CHUNK_LAYOUTS:
                raise UsageError(
                    f"page chunks are written as one of {CHUNK_LAYOUTS}, not {options.page_chunks!r}"
                )
            from pagetext.export.chunks import document_chunks, json_chunks

            chunks = document_chunks(doc, options.pages, options.source, progress, **markdown)
            write_chunks(json_chunks(chunks, array=options.page_chunks == "array"), out)
            return pages
        write_chunks(doc.export("markdown", options.pages, progress=progress, **markdown), out)
        out.write(b"\n")
        return pages
    extra: dict[str, Any] = {"annotations": options.annotations, "hidden": hidden}
    if options.format == "json":
        extra.update(structure=options.structure, glyphs=options.glyphs)
    elif options.format == "alto":
        extra.update(dehyphenate=options.dehyphenate)
    write_chunks(doc.export(options.format, options.pages, options.order, progress, **extra), out)
    if options.format == "json":
        out.write(b"\n")
    return pages
