"""The checks bench.redaction makes of a redacted page (see there): the other words at their
places, the pixels outside the redacted boxes unchanged, the file still valid for qpdf."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

POSITION_PT = 0.5
RENDER_DPI = 72
MASK_MARGIN_PX = 2
TIMEOUT_S = 90  # per document and tool


def _words(path: Path, index: int, password: str | None) -> list[tuple[str, float, float, float, float]]:
    import pymupdf

    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        return [(w[4], w[0], w[1], w[2], w[3]) for w in doc[index].get_text("words")]


def _distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return max(abs(p - q) for p, q in zip(a, b, strict=True))


def positions_kept(before: Path, after: Path, index: int, rects: list[Any], password: str | None) -> bool:
    """Every PyMuPDF word of `before` outside the redacted boxes is in `after` at its place."""
    import pymupdf

    left = _words(after, index, password)
    for text, x0, y0, x1, y1 in _words(before, index, password):
        if any(pymupdf.Rect(x0, y0, x1, y1).intersects(r) for r in rects):
            continue
        match = next(
            (
                i
                for i, w in enumerate(left)
                if w[0] == text and _distance(w[1:], (x0, y0, x1, y1)) <= POSITION_PT
            ),
            None,
        )
        if match is None:
            return False
        del left[match]
    return True


def _render(path: Path, index: int, password: str | None, renderer: str) -> tuple[Any, Any]:
    """The page as pixels (height × width × components) and PyMuPDF's rotation matrix."""
    import numpy as np
    import pymupdf

    with pymupdf.open(path) as doc:
        if password:
            doc.authenticate(password)
        page = doc[index]
        rotation = page.rotation_matrix
        if renderer == "pymupdf":
            pixmap = page.get_pixmap(dpi=RENDER_DPI, annots=True)
            shape = (pixmap.height, pixmap.width, pixmap.n)
            return np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(shape), rotation
    args = [
        "pdftoppm",
        "-cropbox",
        "-r",
        str(RENDER_DPI),
        "-f",
        str(index + 1),
        "-l",
        str(index + 1),
        "-singlefile",
    ]
    args += [*(["-upw", password] if password else []), str(path)]
    ppm = subprocess.run(args, capture_output=True, timeout=TIMEOUT_S, check=True).stdout
    # Binary PPM: "P6 width height 255" then the samples.
    fields = ppm.split(maxsplit=4)
    width, height = int(fields[1]), int(fields[2])
    return np.frombuffer(fields[4][: width * height * 3], dtype=np.uint8).reshape(height, width, 3), rotation


def pixels_kept(
    before: Path, after: Path, index: int, rects: list[Any], password: str | None, renderer: str
) -> bool:
    import numpy as np

    a, rotation = _render(before, index, password, renderer)
    again, _ = _render(before, index, password, renderer)
    b, _ = _render(after, index, password, renderer)
    if a.shape != b.shape:
        return False
    # Pixels a renderer does not draw the same twice (poppler, on some broken fonts) say nothing.
    differs = np.any(a != b, axis=2) & ~np.any(a != again, axis=2)
    zoom = RENDER_DPI / 72
    for rect in rects:
        r = (rect * rotation) * zoom
        x0, y0 = max(0, int(r.x0) - MASK_MARGIN_PX), max(0, int(r.y0) - MASK_MARGIN_PX)
        x1, y1 = int(r.x1) + 1 + MASK_MARGIN_PX, int(r.y1) + 1 + MASK_MARGIN_PX
        differs[y0:y1, x0:x1] = False
    return not differs.any()


def qpdf_ok(path: Path, password: str | None) -> bool:
    """`qpdf --check` passes (exit 0, or 3: warnings only); pikepdf's qpdf check without the tool."""
    if not shutil.which("qpdf"):
        import pikepdf

        with pikepdf.open(path, password=password or "") as pdf:
            return not pdf.check_pdf_syntax()
    args = ["qpdf", "--check", *([f"--password={password}"] if password else []), str(path)]
    return subprocess.run(args, capture_output=True, timeout=TIMEOUT_S, check=False).returncode in (0, 3)
