"""Opening a PDF through pikepdf (qpdf): passwords, and the pages of a damaged file as a viewer
still shows them (recovery, a rebuilt page tree)."""

from __future__ import annotations

import builtins
import io
import os
import re
from itertools import islice
from typing import IO, Any, Union

import pikepdf

from pagetext.errors import DamagedPdfError, FileReadError, PasswordError, UnsupportedError, UsageError
from pagetext.pdf.aes256_key import file_key, revision6_entries
from pagetext.pdf.file_bytes import FileBytes, open_file_bytes
from pagetext.pdf.file_pages import FilePages, file_pages
from pagetext.pdf.objects import OBJECT_ERRORS
from pagetext.pdf.pagetree import Rebuilt, rebuild_page_tree
from pagetext.pdf.passwords import candidates
from pagetext.pdf.pdf_handle import PdfHandle

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]

TREE_REBUILT = "the page tree is damaged ({reason}); its pages were gathered into a new one"


_STREAM_NAME = re.compile(r"^stream <[^>]*>")  # how qpdf names a file object it reads
_OBJECT_PREFIX = re.compile(r"^\(([^()]*)\): ")  # "(object 2 0): ..." where qpdf saw the damage


def qpdf_reason(error: Exception, target: Any = None) -> str:
    """qpdf's message, first line, without the file name it starts with."""
    text = (str(error).strip().splitlines() or [type(error).__name__])[0]
    if isinstance(target, str) and text.startswith(target):
        text = text[len(target) :]
    text = _STREAM_NAME.sub("", text).lstrip(" :")
    text = _OBJECT_PREFIX.sub(r"\1: ", text)
    return text or type(error).__name__


def _raw_bytes(target: Any) -> bytes | None:
    """All bytes of the input, for recovery; None when they cannot be read again."""
    try:
        if isinstance(target, str):
            with builtins.open(target, "rb") as stream:
                return stream.read()
        target.seek(0)
        data = target.read()
    except (OSError, AttributeError, ValueError):
        return None
    return bytes(data) if isinstance(data, (bytes, bytearray, memoryview)) else None


def _recovered(target: Any, label: str, attempts: list[str | bytes], error: Exception) -> Rebuilt:
    """The pages of a file qpdf cannot open, as a viewer would still show them.

    First qpdf opens the file without listing its pages (a page tree with a loop or nested
    too deep stops it there) and the tree is rebuilt; failing that, the objects are read
    again from a scan of the bytes (pagetext.pdf.recovery).
    """
    reason = qpdf_reason(error, target)
    try:
        if hasattr(target, "seek"):
            target.seek(0)
        pdf = pikepdf.open(target, password=attempts[0], inherit_page_attributes=False)
    except (pikepdf.PdfError, OSError, RuntimeError, ValueError):
        pass
    else:
        try:
            return rebuild_page_tree(pdf, [pdf.trailer], None, TREE_REBUILT.format(reason=reason))
        except (DamagedPdfError, *OBJECT_ERRORS):
            pdf.close()
    data = _raw_bytes(target)
    if data is None or (b"%PDF" not in data[:1024] and b"obj" not in data):
        raise DamagedPdfError(f"{label} is not a PDF or is damaged beyond repair: {reason}") from error
    from pagetext.pdf.recovery import recover  # here: only damaged files need it (3 ms to import)

    try:
        return recover(data, attempts, reason)
    except PasswordError as failure:
        raise PasswordError(f"{label} is damaged and encrypted: {failure}; pass its password") from error
    except DamagedPdfError as failure:
        raise DamagedPdfError(f"{label} is damaged beyond repair ({reason}): {failure}") from error


def open_pdf(
    source: Source, password: str | bytes | None
) -> tuple[PdfHandle, Rebuilt | None, FileBytes | None, FilePages | None]:
    """The opened file, for a damaged one the pages recovered from it, the file's bytes (a
    path's or bytes' source; None for a file object), open until the caller closes them, and
    the pages read from those bytes when qpdf need not read them (pagetext.pdf.file_pages: the
    file is then opened in qpdf only when the handle is first asked for it)."""
    # The file's bytes are read by pagetext as well as qpdf: a path's, or the bytes given.
    file_bytes: FileBytes | None = None
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw = bytes(source)
        target: Any = io.BytesIO(raw)
        label = "the PDF data"
        file_bytes = open_file_bytes(raw)
    elif isinstance(source, (str, os.PathLike)):
        target = os.fspath(source)
        label = repr(target)
        file_bytes = open_file_bytes(target, label)
    elif hasattr(source, "read"):
        target = source
        label = "the PDF stream"
    else:
        raise UsageError(f"cannot open a {type(source).__name__}: pass a path, bytes or a binary file object")
    attempts: list[str | bytes] = candidates(password) if password is not None else [""]
    try:
        if file_bytes is not None:
            handle = PdfHandle(None, lambda: _open(target, label, password, attempts, file_bytes)[0])
            pages = file_pages(file_bytes, handle)
            if pages is not None:
                return handle, None, file_bytes, pages
        pdf, rebuilt = _open(target, label, password, attempts, file_bytes)
    except BaseException:
        if file_bytes is not None:
            file_bytes.close()
        raise
    return PdfHandle(pdf), rebuilt, file_bytes, None


def _open(
    target: Any,
    label: str,
    password: str | bytes | None,
    attempts: list[str | bytes],
    file_bytes: FileBytes | None,
) -> tuple[pikepdf.Pdf, Rebuilt | None]:
    """open_pdf's opening, password by password."""
    # AES-256 (revision 6): the key found here from each password, when the compiled build can.
    revision6 = revision6_entries(file_bytes) if file_bytes is not None else None
    file = file_bytes.file if file_bytes is not None and file_bytes.size else None  # qpdf's to map
    last_error: Exception | None = None
    for index, attempt in enumerate(attempts):
        if hasattr(target, "seek"):
            target.seek(0)
        try:
            key = file_key(revision6, attempt) if revision6 is not None else None
            if key is not None:
                pdf = _pikepdf_open(target, file, key.hex(), hex_password=True)
            else:
                pdf = _pikepdf_open(target, file, attempt, hex_password=False)
            try:
                len(pdf.pages)  # the page tree read here, where damage to it leads to recovery
            except BaseException:
                pdf.close()
                raise
            return pdf, None
        except pikepdf.PasswordError as error:
            last_error = error
        except pikepdf.PdfError as error:
            text = str(error)
            if "public key" in text.lower() or "unsupported" in text.lower():
                reason = qpdf_reason(error, target)
                raise UnsupportedError(f"{label} uses encryption pagetext cannot open: {reason}") from error
            rebuilt = _recovered(target, label, attempts[index:], error)
            return rebuilt.pdf, rebuilt
        except OSError as error:
            raise FileReadError(f"cannot read {label}: {error}") from error
        except (RuntimeError, ValueError) as error:  # qpdf's own failures surface as these too
            rebuilt = _recovered(target, label, attempts[index:], error)
            return rebuilt.pdf, rebuilt
    if password is None:
        raise PasswordError(
            f"{label} is encrypted: pass its password (password=... or --password)"
        ) from last_error
    raise PasswordError(f"the password given for {label} is wrong") from last_error


def _pikepdf_open(
    target: Any, file: io.FileIO | None, password: str | bytes, hex_password: bool
) -> pikepdf.Pdf:
    """pikepdf.open of `target`, inherited attributes left in place. A file pagetext has open
    already (`file`, the path's) is handed over as that file, mapped: given the path, pikepdf
    opens a Python file of its own (open, fstat, isatty, a buffered reader: some 4 µs, 10-20
    with the processor's caches cold) and maps that. Where the file cannot be mapped (OSError,
    ValueError), the path is opened; a qpdf failure of the same kinds is met there again."""
    # No filter of warnings around it: pikepdf warns at opening only for raw bytes (never
    # given here) and keeps qpdf's warnings on the Pdf; a filter would replace the process's
    # list of filters, which the threads of a service share, for every document opened.
    # Inherited attributes are read through /Parent (objects.inherited_entry), not pushed down
    # onto every page: that costs qpdf a pass over the tree at each open, and a saved edit
    # would carry the pushed copies.
    if file is not None:
        try:
            return pikepdf.open(
                file, password=password, hex_password=hex_password, inherit_page_attributes=False,
                access_mode=pikepdf.AccessMode.mmap_only,
            )  # fmt: skip
        except (OSError, ValueError):
            pass
    return pikepdf.open(target, password=password, hex_password=hex_password, inherit_page_attributes=False)


def page_objects(pdf: pikepdf.Pdf, rebuilt: Rebuilt | None) -> tuple[list[Any], Rebuilt | None]:
    """The page dictionaries in page order, and the rebuilt tree they came from if the file's own
    could not be read (§7.7.3.2); closes the file when no pages can be found at all."""
    if rebuilt is not None:
        return rebuilt.pages, rebuilt
    try:
        # As many pages as the tree counts: the iterator's end is a C++ exception raised
        # and caught inside pikepdf (indexing instead walks the tree each time).
        pages = pdf.pages
        return [page.obj for page in islice(pages, len(pages))], None
    except (pikepdf.PdfError, RuntimeError, ValueError, RecursionError) as error:
        warning = TREE_REBUILT.format(reason=qpdf_reason(error))
        try:
            rebuilt = rebuild_page_tree(pdf, [pdf.trailer], None, warning)
        except (DamagedPdfError, *OBJECT_ERRORS) as failure:
            pdf.close()
            raise DamagedPdfError(f"the page tree could not be read ({error}): {failure}") from error
    return rebuilt.pages, rebuilt
