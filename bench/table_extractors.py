"""One function per library: open a PDF and return its tables, each as a dict with its page
(1-based), its box in the displayed page's frame (points, origin top-left of the crop box
after /Rotate, y down: [x0, top, x1, bottom]) and its cells (cells with spans, or a grid).

Imported only inside the worker process that runs the library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TableExtractor = Callable[[str, "str | None"], list[Any]]


def displayed_box(
    box: tuple[float, float, float, float], crop: tuple[float, float, float, float], rotation: int
) -> list[float]:
    """A user-space box (x0, y0, x1, y1; y up) in the displayed frame of a page with this crop
    box and /Rotate: the view a viewer shows, turned clockwise by `rotation` degrees."""
    cx0, cy0, cx1, cy1 = crop
    corners = []
    for x, y in ((box[0], box[1]), (box[2], box[3])):
        if rotation == 90:
            corners.append((y - cy0, x - cx0))
        elif rotation == 180:
            corners.append((cx1 - x, y - cy0))
        elif rotation == 270:
            corners.append((cy1 - y, cx1 - x))
        else:
            corners.append((x - cx0, cy1 - y))
    (ax, ay), (bx, by) = corners
    return [min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)]


def pagetext_tables(path: str, password: str | None) -> list[Any]:
    import pagetext

    result: list[Any] = []
    with pagetext.open(path, password=password) as doc:
        for page in doc:
            crop = page.crop_box
            for table in page.tables():
                cells = [
                    {
                        "row": c.row,
                        "col": c.col,
                        "row_end": c.row + c.row_span - 1,
                        "col_end": c.col + c.col_span - 1,
                        "text": c.text,
                    }
                    for c in table.cells
                ]
                box = (table.bbox.x0, table.bbox.y0, table.bbox.x1, table.bbox.y1)
                frame = displayed_box(box, (crop.x0, crop.y0, crop.x1, crop.y1), page.rotation)
                result.append({"page": page.number, "bbox": frame, "cells": cells})
    return result


def _camelot(path: str, password: str | None, flavor: str) -> list[Any]:
    import camelot
    import pikepdf

    # camelot's boxes are in the displayed page (turned by /Rotate), y up from its bottom.
    with pikepdf.open(path, password=password or "") as pdf:
        heights = []
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.obj.get("/CropBox", page.mediabox))
            turned = int(page.obj.get("/Rotate", 0)) % 180 == 90
            heights.append(abs(x1 - x0) if turned else abs(y1 - y0))
    tables = camelot.read_pdf(path, pages="all", flavor=flavor, password=password)
    result = []
    for table in tables:
        number = int(table.page)
        left, bottom, right, top = table._bbox
        height = heights[number - 1]
        box = [left, height - top, right, height - bottom]
        result.append({"page": number, "bbox": box, "cells": table.df.values.tolist()})
    return result


def camelot_lattice_tables(path: str, password: str | None) -> list[Any]:
    return _camelot(path, password, "lattice")


def camelot_stream_tables(path: str, password: str | None) -> list[Any]:
    return _camelot(path, password, "stream")


def pdfplumber_tables(path: str, password: str | None) -> list[Any]:
    import pdfplumber

    # pdfplumber's boxes are in the displayed page already (x0, top, x1, bottom).
    with pdfplumber.open(path, password=password or "") as pdf:
        return [
            {"page": page.page_number, "bbox": list(table.bbox), "cells": table.extract()}
            for page in pdf.pages
            for table in page.find_tables()
        ]


def pymupdf_tables(path: str, password: str | None) -> list[Any]:
    import pymupdf

    # PyMuPDF's table boxes are in the displayed page already.
    with pymupdf.open(path) as doc:
        if doc.needs_pass:
            doc.authenticate(password or "")
        return [
            {"page": page.number + 1, "bbox": list(table.bbox), "cells": table.extract()}
            for page in doc
            for table in page.find_tables().tables
        ]


TABLE_EXTRACTORS: dict[str, TableExtractor] = {
    "pagetext": pagetext_tables,
    "camelot_lattice": camelot_lattice_tables,
    "camelot_stream": camelot_stream_tables,
    "pdfplumber": pdfplumber_tables,
    "pymupdf": pymupdf_tables,
}
