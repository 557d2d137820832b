"""Ray Data: PDFs read across a cluster, one row per page (pip install 'pagetext[ray]').

    import pagetext.ray
    ds = pagetext.ray.read_pdfs("s3://bucket/pdfs/", format="text", lines=False)

Files are listed and read by Ray's own file reading (ray.data.read_binary_files), so
anything it reads works: local folders, object stores, partitioned paths. Every row has
the columns path, page (1-based), text, lines (a JSON string of pagetext/1 line records,
or None), warnings (list of str) and error. A file that cannot be read becomes one row with
page None and error set, so the job goes on.
"""

from __future__ import annotations

import functools
from typing import Any

from pagetext.document import FORMATS
from pagetext.document import open as open_pdf
from pagetext.errors import PdfError, UsageError
from pagetext.integrations.pages import read_page
from pagetext.limits import Limits
from pagetext.page import ORDERS

try:
    import ray.data
except ImportError as error:
    raise ImportError("pagetext.ray needs Ray Data: pip install 'pagetext[ray]'") from error

COLUMNS = ("path", "page", "text", "lines", "warnings", "error")
PDF_EXTENSIONS = ["pdf"]  # what a folder is read for unless file_extensions says otherwise


def _row(
    path: str, page: int | None, text: str, lines: str | None, warned: list[str], error: str | None
) -> dict[str, Any]:
    return {"path": path, "page": page, "text": text, "lines": lines, "warnings": warned, "error": error}


def _failed(path: str, page: int | None, error: Exception) -> dict[str, Any]:
    message = str(error) if isinstance(error, PdfError) else f"{type(error).__name__}: {error}"
    return _row(path, page, "", None, [], message)


def file_rows(
    file: dict[str, Any],
    format: str,  # noqa: A002
    pages: str | None,
    lines: bool,
    order: str,
    limits: Limits | None,
) -> list[dict[str, Any]]:
    """The rows of one file (a row of read_binary_files: bytes and path)."""
    path = str(file.get("path", ""))
    rows: list[dict[str, Any]] = []
    try:
        with open_pdf(file["bytes"], limits=limits) as doc:
            indices = doc._indices(pages)
            for index in indices:
                try:
                    page = read_page(doc, index, order, lines, format)
                except Exception as error:  # one page that fails does not lose the others
                    rows.append(_failed(path, index + 1, error))
                    continue
                rows.append(_row(path, page.number, page.text, page.lines_json(), page.warnings, None))
    except Exception as error:  # the file is reported in its row; a defect must not end the job
        return [_failed(path, None, error)]
    return rows


def read_pdfs(
    paths_or_dataset: str | list[str] | ray.data.Dataset,
    format: str = "text",  # noqa: A002
    pages: str | None = None,
    lines: bool = False,
    order: str = "reading",
    limits: Limits | None = None,
    **read_options: Any,
) -> ray.data.Dataset:
    """A Dataset of the pages of PDFs, one row per page (columns: COLUMNS).

    paths_or_dataset: paths or folders (anything ray.data.read_binary_files reads; folders
    for *.pdf unless file_extensions is given), or a Dataset with the columns bytes and
    path, as read_binary_files(..., include_paths=True) makes it.
    format: text is page.text(order); json, hocr, alto and markdown each page exported alone.
    pages: 1-based pages of every file, e.g. "1-3"; lines=True adds the line records;
    limits: budgets per page (pagetext.Limits); read_options go to read_binary_files.
    """
    if format not in FORMATS:
        raise UsageError(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
    if order not in ORDERS:
        raise UsageError(f"unknown order {order!r}; use one of {', '.join(ORDERS)}")
    if isinstance(paths_or_dataset, ray.data.Dataset):
        files = paths_or_dataset
    else:
        read_options.setdefault("file_extensions", PDF_EXTENSIONS)
        files = ray.data.read_binary_files(paths_or_dataset, include_paths=True, **read_options)
    rows = functools.partial(file_rows, format=format, pages=pages, lines=lines, order=order, limits=limits)
    return files.flat_map(rows)
