"""One function per library: open a PDF and return its tables (cells with spans, or grids).

Imported only inside the worker process that runs the library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TableExtractor = Callable[[str, "str | None"], list[Any]]


def pagetext_tables(path: str, password: str | None) -> list[Any]:
    import pagetext

    result: list[Any] = []
    with pagetext.open(path, password=password) as doc:
        for page in doc:
            for table in page.tables():
                result.append(
                    [
                        {
                            "row": c.row,
                            "col": c.col,
                            "row_end": c.row + c.row_span - 1,
                            "col_end": c.col + c.col_span - 1,
                            "text": c.text,
                        }
                        for c in table.cells
                    ]
                )
    return result


def _camelot(path: str, password: str | None, flavor: str) -> list[Any]:
    import camelot

    tables = camelot.read_pdf(path, pages="all", flavor=flavor, password=password)
    return [table.df.values.tolist() for table in tables]


def camelot_lattice_tables(path: str, password: str | None) -> list[Any]:
    return _camelot(path, password, "lattice")


def camelot_stream_tables(path: str, password: str | None) -> list[Any]:
    return _camelot(path, password, "stream")


def pdfplumber_tables(path: str, password: str | None) -> list[Any]:
    import pdfplumber

    with pdfplumber.open(path, password=password or "") as pdf:
        return [table.extract() for page in pdf.pages for table in page.find_tables()]


def pymupdf_tables(path: str, password: str | None) -> list[Any]:
    import pymupdf

    with pymupdf.open(path) as doc:
        if doc.needs_pass:
            doc.authenticate(password or "")
        return [table.extract() for page in doc for table in page.find_tables().tables]


TABLE_EXTRACTORS: dict[str, TableExtractor] = {
    "pagetext": pagetext_tables,
    "camelot_lattice": camelot_lattice_tables,
    "camelot_stream": camelot_stream_tables,
    "pdfplumber": pdfplumber_tables,
    "pymupdf": pymupdf_tables,
}
