"""The fonts of one document, each parsed once (ISO 32000-1 §9.5–9.10): pages share them, so a font
used on every page is read on the first."""

from __future__ import annotations

from typing import Any

import pikepdf

from pagetext.errors import Warn, WarningRelay
from pagetext.fonts.font import Font
from pagetext.fonts.loader import load_font
from pagetext.pdf.file_bytes import FileBytes
from pagetext.pdf.file_objects import FileDictionary, FileObjects, file_objects
from pagetext.pdf.pdf_handle import PdfHandle
from pagetext.syntax.literals import Reference


class FontCache:
    """Fonts parsed once per document, keyed by the font dictionary's object number.

    A font named by reference is read from the file's bytes where they can be read
    (pagetext.pdf.file_objects), else through pikepdf; `handle` (the document in qpdf) and
    `file` (its bytes, None when there are none to read) are the document's, `objects` its
    objects when its pages are read from its bytes (pagetext.pdf.file_pages)."""

    def __init__(
        self,
        handle: PdfHandle | None = None,
        file: FileBytes | None = None,
        objects: FileObjects | None = None,
    ) -> None:
        self._fonts: dict[tuple[int, int], Font] = {}
        self._relay = WarningRelay()
        self._handle = handle
        self._file = file
        # The file's objects when its pages are read from its bytes too (pagetext.pdf.file_pages).
        self._objects: FileObjects | None = objects
        self._objects_read = handle is None or objects is not None
        self._file_entries: dict[tuple[int, int], dict[str, Any] | None] = {}

    def end_page(self) -> None:
        self._relay.clear()

    def get(self, font_dict: Any, warn: Warn) -> Font:
        """The font for a font dictionary; problems found while parsing it go to `warn`."""
        self._relay.target = warn
        key = font_dict.objgen if isinstance(font_dict, pikepdf.Object) else (0, 0)
        if key != (0, 0) and key in self._fonts:
            return self._fonts[key]
        font = load_font(font_dict, self._relay)
        if key != (0, 0):
            self._fonts[key] = font
        return font

    def get_referenced(self, reference: Reference, warn: Warn) -> Font | None:
        """The font of the font dictionary `reference` names; None when it names no object."""
        key = (reference.number, reference.generation)
        font = self._fonts.get(key)
        if font is not None:
            return font
        font_dict: Any = self._file_dictionary(reference)
        if font_dict is None:
            assert self._handle is not None
            try:
                font_dict = self._handle.pdf.get_object(key)
            except (pikepdf.PdfError, RuntimeError, ValueError) as error:
                warn(f"font object {key[0]} {key[1]} could not be read: {error}")
                font_dict = None
            if font_dict is None:
                return None
        self._relay.target = warn
        font = self._fonts[key] = load_font(font_dict, self._relay)
        return font

    def reads_file(self) -> bool:
        """Whether fonts are read from the file's bytes: a file of plain cross-reference
        tables, not encrypted, that qpdf did not warn about (pagetext.pdf.file_objects).
        Looked into at the first font; fonts of other files are pikepdf's alone."""
        if not self._objects_read:
            self._objects_read = True
            assert self._handle is not None
            self._objects = file_objects(self._handle.pdf, self._file)
        return self._objects is not None

    def file_entries(self, number: int, generation: int) -> dict[str, Any] | None:
        """read_file_entries, once a document: for objects pages share (/Resources, /Font)."""
        key = (number, generation)
        if key not in self._file_entries:
            self._file_entries[key] = self.read_file_entries(number, generation)
        return self._file_entries[key]

    def read_file_entries(self, number: int, generation: int) -> dict[str, Any] | None:
        """The entries of the dictionary object `number` `generation` read from the file's bytes
        (the lexer's values: names without their slash, references unresolved; FileObjects reads
        each once a document); None when the file's fonts are pikepdf's or the object cannot be
        read so."""
        objects = self._objects if self.reads_file() else None
        value = objects.value(number, generation) if objects is not None else None
        return value if isinstance(value, dict) else None

    def _file_dictionary(self, reference: Reference) -> FileDictionary | None:
        """The font dictionary read from the file's bytes, or None for pikepdf to read: a
        dictionary it cannot read, and one whose /BaseFont is not ASCII (the loaders read the
        name's bytes, and the lexer hands names over decoded)."""
        if not self.reads_file():
            return None
        assert self._objects is not None
        found = self._objects.dictionary(reference.number, reference.generation)
        if found is None:
            return None
        base_font = found.get("/BaseFont")
        return found if not isinstance(base_font, str) or base_font.isascii() else None
