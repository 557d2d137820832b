"""What every page of a document reads of it (DocumentContext): the file, the budgets, the fonts
its pages share, and the document-wide readings made once, on first use (the structure tree,
running heads and feet)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pikepdf

from pagetext.errors import Warn
from pagetext.fonts.cache import FontCache
from pagetext.layout.furniture import Furniture
from pagetext.limits import Limits
from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_objects import FileDictionary
from pagetext.pdf.file_pages import FilePages, reads_from_file
from pagetext.pdf.objects import OBJECT_ERRORS
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.pdf.spelling import may_hold_name
from pagetext.structure.tree import StructTree, read_tree


class DocumentContext:
    """What a page reads of its document: the file, the budgets, the fonts its pages share, the document-wide
    readings made once, on first use (structure tree, running heads and feet). It holds no Document and no
    Page, so that pages and their document make no reference cycle."""

    __slots__ = (
        "_file_resources",
        "_furniture",
        "_handle",
        "_no_element_text",
        "_struct_tree",
        "_struct_tree_read",
        "catalog",
        "file",
        "fonts",
        "limits",
        "page_objects",
        "repair_warning",
    )

    def __init__(
        self,
        handle: PdfHandle,
        limits: Limits,
        page_objects: list[Any],
        repair_warning: str | None,
        file: FileBytes | None = None,
        file_pages: FilePages | None = None,
    ) -> None:
        self._handle = handle
        # The file as opened, read by offset (fonts) and searched (a name); None when pagetext did not
        # open it or repaired it (its objects are then not the file's).
        self.file = file if repair_warning is None else None
        self.limits = limits
        self.page_objects = page_objects  # FileDictionary for pages read from the file's bytes
        self.repair_warning = repair_warning  # why the file had to be repaired, for each page
        # The catalog when the pages are read from the file's bytes (pagetext.pdf.file_pages).
        self.catalog = file_pages.catalog if file_pages is not None else None
        self._file_resources: dict[tuple[int, int], bool] = {}  # what reads_from_file found
        self.fonts = FontCache(handle, self.file, file_pages.objects if file_pages is not None else None)
        self._struct_tree: StructTree | None = None
        self._struct_tree_read = False
        self._furniture: Furniture | None = None
        self._no_element_text: bool | None = None

    @property
    def pdf(self) -> pikepdf.Pdf:
        """The document in qpdf: opened now for a file whose pages were read from its bytes."""
        return self._handle.pdf

    def content_page(self, page: Any) -> Any:
        """The page dictionary a page's content is read through: one read from the file's bytes
        when what its content needs is read there too (file_pages.reads_from_file), else qpdf's."""
        if not isinstance(page, FileDictionary):
            return page
        if self.catalog is not None and reads_from_file(page, self.catalog, self._file_resources):
            return page
        return self.pdf.get_object(page.objgen)

    def pikepdf_page(self, page: Any) -> Any:
        """qpdf's page dictionary, for what only pikepdf reads (links, edits, font styles)."""
        return self.pdf.get_object(page.objgen) if isinstance(page, FileDictionary) else page

    def structure_tree(self, warn: Warn) -> StructTree | None:
        """The structure tree (ISO 32000-1 §14.7), read on first use; None for untagged files.
        `warn` receives what is found damaged while it is read (the page that asked)."""
        if not self._struct_tree_read:
            self._struct_tree_read = True
            self._struct_tree = read_tree(self.pdf, warn)
        if self._struct_tree is not None:
            self._struct_tree.warn = warn
        return self._struct_tree

    def actual_text_tree(self, warn: Warn) -> StructTree | None:
        """The structure tree when its elements may give a page's glyphs an /ActualText (§14.9.4); None for an
        untagged file and for one known to hold none (a search of the file's bytes, not of every element)."""
        if self._no_element_text is None:
            self._no_element_text = not self._may_hold_element_text()
        return None if self._no_element_text else self.structure_tree(warn)

    def _may_hold_element_text(self) -> bool:
        """Whether the catalog has a /StructTreeRoot key (read_tree finds no tree without one) and the file
        may spell /ActualText. qpdf tells a key from one whose value is null (§7.3.7): the lookup parses the
        tree's root, in a file of object streams a whole stream (40-70 µs of a small file's 0.5-1 ms), which
        the search spares; in one of plain tables one object, less than the search it spares untagged ones."""
        try:
            if self.catalog is not None:  # a file of tables alone, read without qpdf
                return "/StructTreeRoot" in self.catalog and may_hold_name(None, self.file, "ActualText")
            plain_tables = self.fonts.reads_file()
            if plain_tables and "/StructTreeRoot" not in self.pdf.Root:
                return False
            held = may_hold_name(self.pdf, self.file, "ActualText")
            return held and (plain_tables or "/StructTreeRoot" in self.pdf.Root)
        except OBJECT_ERRORS:
            return True  # structure_tree() says what is wrong with it

    def furniture(self, read: Callable[[DocumentContext], Furniture]) -> Furniture:
        """Running headers and footers of the document, read once (by `read`, from every page)."""
        if self._furniture is None:
            self._furniture = read(self)
        return self._furniture
