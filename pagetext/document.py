"""Opening a PDF (through pikepdf/qpdf) and the Document that holds its pages."""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, Literal, Union, overload

import pikepdf

from pagetext.document_context import DocumentContext
from pagetext.errors import PdfWarning, UsageError
from pagetext.export.formats import FORMATS, format_chunks
from pagetext.export.text import separated
from pagetext.layout.furniture import Furniture
from pagetext.layout.hidden_spans import HiddenSpan
from pagetext.layout.hyphens import Vocabulary
from pagetext.layout.params import LayoutParams
from pagetext.limits import DEFAULT_LIMITS, Limits
from pagetext.page import HIDDEN, Page, dehyphenated_text, read_furniture
from pagetext.page_range import parse_page_range
from pagetext.pdf.atomic import atomic_open
from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_pages import FilePages
from pagetext.pdf.info import document_info
from pagetext.pdf.opening import Source, open_pdf, page_objects
from pagetext.pdf.page_labels import page_labels
from pagetext.pdf.pagetree import Rebuilt
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.structure.tree import StructTree

if TYPE_CHECKING:
    from pagetext.edit.redact import RedactionReport
    from pagetext.edit.search import Hit
    from pagetext.edit.select import Target as RedactionTarget
    from pagetext.edit.source import EditSource
    from pagetext.export.chunks import PageChunk
    from pagetext.tables.records import Table

Target = Union[str, "os.PathLike[str]", IO[bytes]]


def open(  # noqa: A001
    source: Source, password: str | bytes | None = None, limits: Limits | None = None
) -> Document:
    """Open a PDF from a path, bytes or a binary file object. Use it as a context manager.
    limits: budgets per page (operators, glyphs, decoded bytes, time); see pagetext.Limits."""
    handle, rebuilt, file, pages = open_pdf(source, password)
    document = Document(handle, limits, rebuilt, file=file, file_pages=pages)
    document._reopen = lambda: open(source, password, limits)
    return document


class Document:
    """An open PDF: a sequence of pages."""

    def __init__(
        self, pdf: pikepdf.Pdf | PdfHandle, limits: Limits | None = None, rebuilt: Rebuilt | None = None, *,
        file: FileBytes | None = None,  # the file `pdf` was opened from, open for pagetext's reads
        file_pages: FilePages | None = None,  # its pages read from those bytes (pagetext.open)
    ) -> None:  # fmt: skip
        self._handle = pdf if isinstance(pdf, PdfHandle) else PdfHandle(pdf)
        self._file = file
        self.limits = limits or DEFAULT_LIMITS
        # The same file opened afresh (for pagetext.open'ed documents): redaction and replacement
        # edit that twin, so this document goes on reading the original.
        self._reopen: Callable[[], Document] | None = None
        self.warnings: list[str] = []
        # Why the file had to be repaired, for the document and each of its pages; None if not.
        self.repair_warning: str | None = None
        # The pages read from the file's bytes, else qpdf's (opened now).
        objects, rebuilt = (
            (list(file_pages.pages), None) if file_pages else page_objects(self._handle.pdf, rebuilt)
        )
        if rebuilt is not None:
            self.repair_warning = rebuilt.warning
            self._warn(rebuilt.warning)
        self._context = DocumentContext(
            self._handle, self.limits, objects, self.repair_warning, file, file_pages
        )

    def structure_tree(self, warn: Callable[[str], None]) -> StructTree | None:
        """The structure tree (ISO 32000-1 §14.7), read on first use; None for untagged files.
        `warn` receives what is found damaged while it is read (the page that asked)."""
        return self._context.structure_tree(warn)

    def furniture(self) -> Furniture:
        """Running headers and footers of the document (read once, from every page)."""
        return self._context.furniture(read_furniture)

    def _warn(self, message: str) -> None:
        self.warnings.append(message)
        warnings.warn(message, PdfWarning, stacklevel=2)

    def __enter__(self) -> Document:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._handle.close()
        if self._file is not None:
            self._file.close()

    def __len__(self) -> int:
        return len(self._context.page_objects)

    def __getitem__(self, index: int) -> Page:
        count = len(self._context.page_objects)
        if not isinstance(index, int):
            raise UsageError(f"pages are indexed by int, not {type(index).__name__}")
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise UsageError(f"page index {index} is out of range: the document has {count} page(s)")
        # Pages are not kept: a page keeps its glyphs while the caller holds it, and a long
        # document read page by page must not keep them all.
        return Page(self._context, self._context.page_objects[index], index + 1)

    def __iter__(self) -> Iterator[Page]:
        for index in range(len(self)):
            yield self[index]

    @property
    def pages(self) -> list[Page]:
        return list(self)

    @property
    def metadata(self) -> dict[str, str]:
        """The document information dictionary (§14.3.3) as text, keys without the slash."""
        return document_info(self._handle.pdf, self._warn)

    @property
    def page_labels(self) -> list[str]:
        """What a viewer shows as each page's number (§12.4.2): "iii", "A-2", or "7"."""
        return page_labels(self._handle.pdf, len(self), self._warn)

    def page_indices(self, pages: str | None) -> list[int]:
        """0-based indices of the pages a 1-based range like "1-3,7" names; every page for None."""
        return list(range(len(self))) if pages is None else parse_page_range(pages, len(self))

    def text(
        self,
        pages: str | None = None,
        page_separator: str = "\f",
        order: str = "reading",
        params: LayoutParams | None = None,
        annotations: bool = True,
        dehyphenate: bool = False,
        hidden: str = "keep",
    ) -> str:
        """The text of the pages (all, or a 1-based range like "1-3,7"), joined by page_separator.

        annotations=False leaves out the text of annotations and form fields; dehyphenate=True
        joins words hyphenated across line ends (see Page.text), the words of the pages read
        so far as vocabulary; hidden="drop" leaves out what a viewer does not show (Page.lines)."""
        vocabulary: Vocabulary | None = Vocabulary() if dehyphenate else None
        return page_separator.join(
            dehyphenated_text(self[i], order, params, "keep", annotations, vocabulary, hidden)
            for i in self.page_indices(pages)
        )

    def write_text(
        self,
        target: str | os.PathLike[str] | IO[bytes],
        pages: str | None = None,
        page_separator: str = "\f",
        bom: bool = False,
        order: str = "reading",
        progress: Callable[[int, int], None] | None = None,
        annotations: bool = True,
        dehyphenate: bool = False,
        hidden: str = "keep",
    ) -> int:
        """Write the text as UTF-8 to a path or binary stream; return the number of pages written.

        progress, if given, is called with (pages started, pages in all) before each page;
        annotations=False leaves out the text of annotations and form fields; dehyphenate
        and hidden as in text().
        """
        indices = self.page_indices(pages)
        vocabulary: Vocabulary | None = Vocabulary() if dehyphenate else None
        texts = (
            dehyphenated_text(page, order, None, "keep", annotations, vocabulary, hidden)
            for page in self.iter_pages(indices, progress)
        )
        with contextlib.ExitStack() as stack:
            if isinstance(target, (str, os.PathLike)):
                target = stack.enter_context(atomic_open(target))
            for chunk in separated(texts, page_separator, bom):
                target.write(chunk.encode())
        return len(indices)

    def iter_pages(
        self, indices: list[int], progress: Callable[[int, int], None] | None = None
    ) -> Iterator[Page]:
        """The pages at these indices, reporting each to `progress` before it is read."""
        for done, index in enumerate(indices, 1):
            if progress is not None:
                progress(done, len(indices))
            yield self[index]

    def hidden_text(self, pages: str | None = None) -> list[HiddenSpan]:
        """The text a viewer does not show on the pages (all, or a 1-based range like
        "1-3,7"), page by page, each page's spans in reading order (Page.hidden_text)."""
        return [span for page in self.iter_pages(self.page_indices(pages)) for span in page.hidden_text()]

    def tables(self, pages: str | None = None, merge: bool = True, hidden: str = "keep") -> list[Table]:
        """The tables of the pages (all, or a 1-based range like "1-3,7"), page by page and
        top to bottom on each, their cells typed (pagetext.tables.values).

        merge=True merges a table continued on the next page(s) into one (pagetext.tables.merge:
        Table.pages lists its pages, Table.merged_from says why each part was joined);
        merge=False gives every part on its own page. hidden="drop" leaves out of the cells
        what a viewer does not show (Page.lines).
        """
        from pagetext.tables.merge import PageTables, merge_runs, page_tables  # here: text never needs them
        from pagetext.tables.values import type_table

        found: list[PageTables] = []
        for page in self.iter_pages(self.page_indices(pages)):
            tables = page.tables(hidden=hidden)
            if merge and tables:
                lines = page.lines(roles=True, hidden=hidden)
                found.append(page_tables(page.number, tables, lines, page.rotation))
            else:
                found.append(PageTables(page.number, list(tables)))
        result = merge_runs(found)
        for table in result:
            type_table(table)  # a merged table: its columns' evidence now spans all its pages
        return result

    # -- export (pagetext.export): every format streams page by page ------------------------

    def _file_path(self) -> str:
        # The path pagetext opened (qpdf is handed the open file), else the caller's pikepdf.Pdf's.
        name = (
            self._file.path
            if self._file is not None
            else str(getattr(self._handle.pdf, "filename", "") or "")
        )
        return name if os.path.isfile(name) else ""

    def export(
        self,
        format: str = "text",  # noqa: A002
        pages: str | None = None,
        order: str = "reading",
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> Iterator[str]:
        """The pages (all, or a 1-based range like "1-3,7") in a format, as pieces of text
        yielded one page at a time, so that a long document never has all its pages' records
        in memory at once.

        format: "text" (options page_separator, bom), "json" (glyphs, structure: the pagetext/1
        schema), "hocr", "alto" (dehyphenate) or "markdown" (options of
        pagetext.export.markdown.markdown_pages). Every format takes annotations and hidden:
        hidden="drop" leaves out what a viewer does not show (Page.lines); "flag" marks it in
        JSON (each word's "hidden" reasons) and reads as "keep" in the other formats.
        """
        if format not in FORMATS:
            raise UsageError(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
        if options.get("hidden", "keep") not in HIDDEN:  # now: the pages are read only as it is read
            raise UsageError(f"unknown hidden {options['hidden']!r}; use one of {', '.join(HIDDEN)}")
        chosen = self.iter_pages(self.page_indices(pages), progress)
        try:
            file_name = os.path.basename(self._file_path())
            return format_chunks(format, chosen, order, options, lambda: self.metadata, file_name)
        except TypeError as error:
            raise UsageError(f"bad option for the {format} format: {error}") from error

    def write(
        self,
        target: Target,
        format: str = "text",  # noqa: A002
        pages: str | None = None,
        order: str = "reading",
        progress: Callable[[int, int], None] | None = None,
        **options: Any,
    ) -> None:
        """Write the pages in a format as UTF-8 to a binary stream, or to a path (written to
        a temporary file beside it, then renamed over it), one page at a time."""
        from pagetext.export.common import write_chunks

        write_chunks(self.export(format, pages, order, progress, **options), target)

    def to_json(
        self, pages: str | None = None, order: str = "reading", glyphs: bool = False,
        structure: bool = False, hidden: str = "keep",
    ) -> str:  # fmt: skip
        """The pagetext/1 JSON document (pagetext.export.json; schema: pagetext.export.json.schema())."""
        return "".join(self.export("json", pages, order, glyphs=glyphs, structure=structure, hidden=hidden))

    def to_hocr(self, pages: str | None = None, order: str = "reading", hidden: str = "keep") -> str:
        """hOCR 1.2 XHTML (pagetext.export.hocr)."""
        return "".join(self.export("hocr", pages, order, hidden=hidden))

    def to_alto(
        self, pages: str | None = None, order: str = "reading", dehyphenate: bool = False,
        hidden: str = "keep",
    ) -> str:  # fmt: skip
        """One ALTO 4.4 document with a Page per page (pagetext.export.alto)."""
        return "".join(self.export("alto", pages, order, dehyphenate=dehyphenate, hidden=hidden))

    @overload
    def to_markdown(self, pages: str | None = None, *, page_chunks: Literal[False] = False,
                    **options: Any) -> str: ...  # fmt: skip
    @overload
    def to_markdown(self, pages: str | None = None, *, page_chunks: Literal[True],
                    **options: Any) -> list[PageChunk]: ...  # fmt: skip
    @overload
    def to_markdown(self, pages: str | None = None, *, page_chunks: bool,
                    **options: Any) -> str | list[PageChunk]: ...  # fmt: skip
    def to_markdown(
        self, pages: str | None = None, *, page_chunks: bool = False, **options: Any
    ) -> str | list[PageChunk]:
        """Markdown (pagetext.export.markdown; options furniture, annotations, hidden);
        page_chunks=True: a list of one chunk per page, its Markdown and metadata
        (pagetext.export.chunks; document_chunks streams them)."""
        if not page_chunks:
            return "".join(self.export("markdown", pages, **options))
        from pagetext.export.chunks import document_chunks

        return list(document_chunks(self, pages, self._file_path(), **options))

    def write_json(
        self, target: Target, pages: str | None = None, order: str = "reading",
        glyphs: bool = False, structure: bool = False, hidden: str = "keep",
    ) -> None:  # fmt: skip
        self.write(target, "json", pages, order, glyphs=glyphs, structure=structure, hidden=hidden)

    def write_hocr(
        self, target: Target, pages: str | None = None, order: str = "reading", hidden: str = "keep"
    ) -> None:
        self.write(target, "hocr", pages, order, hidden=hidden)

    def write_alto(
        self, target: Target, pages: str | None = None, order: str = "reading",
        dehyphenate: bool = False, hidden: str = "keep",
    ) -> None:  # fmt: skip
        self.write(target, "alto", pages, order, dehyphenate=dehyphenate, hidden=hidden)

    def write_markdown(self, target: Target, pages: str | None = None, **options: Any) -> None:
        self.write(target, "markdown", pages, **options)

    # -- editing (pagetext.edit) -----------------------------------------------------------

    def search(
        self, query: str, ignore_case: bool = False, regex: bool = False, whole_words: bool = False
    ) -> list[Hit]:
        """Page.search over every page, in page order."""
        return [hit for page in self for hit in page.search(query, ignore_case, regex, whole_words)]

    def redact(
        self, targets: Iterable[RedactionTarget], output: str | os.PathLike[str], **options: Any
    ) -> RedactionReport:
        """Remove the text under the targets (search hits, (page number, Box) areas) and
        write the result to `output`; see pagetext.edit.redact.redact for the options."""
        from pagetext.edit.redact import redact

        with self._editable() as source:
            return redact(source, targets, output, **options)

    def replace(self, hits: Iterable[Hit], new_text: str, output: str | os.PathLike[str]) -> None:
        """Write `new_text` in place of each hit, in the hit's own font (see pagetext.edit.replace)."""
        from pagetext.edit.replace import replace

        with self._editable() as source:
            replace(source, hits, new_text, output)

    @contextlib.contextmanager
    def _editable(self) -> Iterator[EditSource]:
        """The document edits are made on: a fresh twin of the file, so that this one stays as
        it is (targets name glyphs by stream, token and code, which the twin reads alike); a
        Document built on a caller's own pikepdf.Pdf has no file to reopen and is edited itself."""
        if self._reopen is None:
            yield self._edit_source()
            return
        with self._reopen() as twin:
            yield twin._edit_source()

    def _edit_source(self) -> EditSource:
        """What pagetext.edit reads of this document; its pages are read when edit asks."""
        from pagetext.edit.source import EditSource

        return EditSource(
            self._handle.pdf, len(self), lambda number: self[number - 1].edit_page(), self.structure_tree
        )
