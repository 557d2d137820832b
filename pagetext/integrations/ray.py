"""Ray Data: PDFs read across a cluster, one row per page (pip install 'pagetext[ray]').

    import pagetext.ray
    ds = pagetext.ray.read_pdfs("s3://bucket/pdfs/", format="text", lines=False)

Files are listed and read by Ray's own file reading (ray.data.read_binary_files), so
anything it reads works: local folders, object stores, partitioned paths. Every block has
the one Arrow schema SCHEMA, whatever its files gave, so that a dataset writes to Parquet
(or anything columnar) and reads back: path, page (1-based), text, lines (a JSON string of
pagetext/1 line records, null unless asked for), warnings (list of str) and error (null for
a page that was read). A file that cannot be read becomes one row with page 0, text "" and
error set, so the job goes on.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from pagetext.batch.opening import open_with_passwords
from pagetext.document import FORMATS
from pagetext.errors import PdfError, UsageError
from pagetext.integrations.pages import loader_hidden, read_page
from pagetext.limits import Limits
from pagetext.page import ORDERS

try:
    import pyarrow as pa
    import ray.data
except ImportError as error:
    raise ImportError("pagetext.ray needs Ray Data: pip install 'pagetext[ray]'") from error

SCHEMA = pa.schema(
    [
        pa.field("path", pa.string(), nullable=False),
        pa.field("page", pa.int64(), nullable=False),  # 0: the file as a whole (an error row)
        pa.field("text", pa.string(), nullable=False),
        pa.field("lines", pa.string()),
        pa.field("warnings", pa.list_(pa.string()), nullable=False),
        pa.field("error", pa.string()),
    ]
)
COLUMNS = tuple(SCHEMA.names)
PDF_EXTENSIONS = ["pdf"]  # what a folder is read for unless file_extensions says otherwise


def _row(
    path: str, page: int, text: str, lines: str | None, warned: list[str], error: str | None
) -> dict[str, Any]:
    return {"path": path, "page": page, "text": text, "lines": lines, "warnings": warned, "error": error}


def _failed(path: str, page: int, error: Exception) -> dict[str, Any]:
    message = str(error) if isinstance(error, PdfError) else f"{type(error).__name__}: {error}"
    return _row(path, page, "", None, [], message)


def file_rows(
    file: dict[str, Any],
    format: str,  # noqa: A002
    pages: str | None,
    lines: bool,
    order: str,
    limits: Limits | None,
    passwords: Sequence[str] = (),
    hidden: str = "keep",
) -> list[dict[str, Any]]:
    """The rows of one file (a row of read_binary_files: bytes and path)."""
    path = str(file.get("path", ""))
    rows: list[dict[str, Any]] = []
    try:
        with open_with_passwords(file["bytes"], path, passwords, limits) as doc:
            indices = doc.page_indices(pages)
            for index in indices:
                try:
                    page = read_page(doc, index, order, lines, format, hidden)
                except Exception as error:  # one page that fails does not lose the others
                    rows.append(_failed(path, index + 1, error))
                    continue
                rows.append(_row(path, page.number, page.text, page.lines_json(), page.warnings, None))
    except Exception as error:  # the file is reported in its row; a defect must not end the job
        return [_failed(path, 0, error)]
    return rows


def _batch_rows(files: pa.Table, **options: Any) -> pa.Table:
    """The rows of a batch of files as one table of SCHEMA (an empty one for no rows too)."""
    rows = [row for file in files.to_pylist() for row in file_rows(file, **options)]
    return pa.Table.from_pylist(rows, schema=SCHEMA)


def read_pdfs(
    paths_or_dataset: str | list[str] | ray.data.Dataset,
    format: str = "text",  # noqa: A002
    pages: str | None = None,
    lines: bool = False,
    order: str = "reading",
    limits: Limits | None = None,
    passwords: Iterable[str] = (),
    hidden: str = "keep",
    **read_options: Any,
) -> ray.data.Dataset:
    """A Dataset of the pages of PDFs, one row per page (columns: SCHEMA).

    paths_or_dataset: paths or folders (anything ray.data.read_binary_files reads; folders
    for *.pdf unless file_extensions is given), or a Dataset with the columns bytes and
    path, as read_binary_files(..., include_paths=True) makes it.
    format: text is page.text(order); json, hocr, alto and markdown each page exported alone.
    pages: 1-based pages of every file, e.g. "1-3"; lines=True adds the line records;
    limits: budgets per page (pagetext.Limits); passwords: tried in turn on each encrypted
    file that does not open without one (as pagetext.batch.extract_many does; one password
    for all is a list of one); hidden="drop" leaves out the text a viewer does not show,
    "flag" marks its words' reasons in the line records; read_options go to read_binary_files.
    """
    if format not in FORMATS:
        raise UsageError(f"unknown format {format!r}; use one of {', '.join(FORMATS)}")
    if order not in ORDERS:
        raise UsageError(f"unknown order {order!r}; use one of {', '.join(ORDERS)}")
    loader_hidden(hidden)
    if isinstance(passwords, str):
        raise UsageError("passwords is a list of passwords: for one, passwords=[password]")
    if isinstance(paths_or_dataset, ray.data.Dataset):
        files = paths_or_dataset
    else:
        read_options.setdefault("file_extensions", PDF_EXTENSIONS)
        files = ray.data.read_binary_files(paths_or_dataset, include_paths=True, **read_options)
    options = {
        "format": format,
        "pages": pages,
        "lines": lines,
        "order": order,
        "limits": limits,
        "hidden": hidden,
    }
    rows = functools.partial(_batch_rows, passwords=tuple(passwords), **options)
    # One file a batch: a PDF is work enough for one call, and files spread over the workers.
    return files.map_batches(rows, batch_size=1, batch_format="pyarrow")
