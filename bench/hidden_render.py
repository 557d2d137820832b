"""Does a glyph paint anything? Render a page as it is and with all its text made invisible
(poppler's pdftoppm) and look for pixels that differ inside the glyph's box.

The text-free copy rewrites every content stream (the page's, Form XObjects' and tiling
patterns' recursively, annotation appearances'): it starts each with `3 Tr` and maps every
`Tr` operand to 3 (0-3) or 7 (4-7), so text paints nothing while text clips (modes 4-7) still
clip what follows. Forms inherit the mode of the stream that draws them, so the start of each
stream suffices where BT does not reset it. Both renders come from pikepdf saves (the original
one unchanged) so that pikepdf's own rewriting cannot differ between them.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pikepdf
from PIL import Image

import pagetext
from pagetext.geometry import Box

DPI = 100
SCALE = DPI / 72
# A channel difference a reader sees: below it is anti-aliasing noise or a colour change too
# small to tell (0.99 gray text on white differs by 3 levels).
INK_LEVEL = 40
MIN_INK_PX = 2  # one stray pixel is not a glyph
SHRINK_PX = 1  # off each side of a glyph's box: its neighbours' anti-aliasing reaches in
GROW_PX = 1  # onto each side of other glyphs' boxes, when they are left out of a glyph's region
RENDER_TIMEOUT_S = 120


def _rewrite(stream: Any, done: set[tuple[int, int]]) -> bool:
    """Make the text of a content stream, and of the forms and patterns it draws, invisible.
    False when some stream could not be parsed (its text then still paints)."""
    key = stream.objgen
    if key != (0, 0):
        if key in done:
            return True
        done.add(key)
    ok = True
    try:
        operations = pikepdf.parse_content_stream(stream)
    except pikepdf.PdfError:
        return False
    out: list[Any] = [([3], pikepdf.Operator("Tr"))]
    for instruction in operations:
        operands: list[Any] = list(instruction.operands)
        operator = instruction.operator
        if str(operator) == "Tr" and operands:
            try:
                mode = int(operands[0])
            except (TypeError, ValueError):
                mode = 0
            operands = [7 if mode >= 4 else 3]
        elif isinstance(instruction, pikepdf.ContentStreamInlineImage):
            out.append(instruction)
            continue
        out.append((operands, operator))
    stream.write(pikepdf.unparse_content_stream(out))
    resources = stream.get("/Resources")
    if isinstance(resources, pikepdf.Dictionary):
        ok = _rewrite_resources(resources, done) and ok
    return ok


def _rewrite_resources(resources: Any, done: set[tuple[int, int]]) -> bool:
    ok = True
    for category, kind in (("/XObject", "/Subtype"), ("/Pattern", "/PatternType")):
        entries = resources.get(category)
        if not isinstance(entries, pikepdf.Dictionary):
            continue
        for _, item in entries.items():
            if not isinstance(item, pikepdf.Stream):
                continue
            if (kind == "/Subtype" and item.get(kind) == pikepdf.Name.Form) or (
                kind == "/PatternType" and item.get(kind) == 1
            ):
                ok = _rewrite(item, done) and ok
    return ok


def neutralise(source: Path, blank: Path, same: Path, password: str = "") -> bool:
    """Write `blank`, a copy of `source` whose text paints nothing, and `same`, an unchanged
    save of it. False when some stream could not be rewritten."""
    ok = True
    with pikepdf.open(source, password=password) as pdf:
        pdf.save(same)
        done: set[tuple[int, int]] = set()
        for page in pdf.pages:
            if "/Contents" in page.obj:
                page.contents_coalesce()
                ok = _rewrite(page.obj.Contents, done) and ok
            resources = page.resources
            if isinstance(resources, pikepdf.Dictionary):
                ok = _rewrite_resources(resources, done) and ok
            for annot in page.obj.get("/Annots", []):
                appearances = annot.get("/AP") if isinstance(annot, pikepdf.Dictionary) else None
                if not isinstance(appearances, pikepdf.Dictionary):
                    continue
                for _, entry in appearances.items():
                    states = [entry] if isinstance(entry, pikepdf.Stream) else []
                    if isinstance(entry, pikepdf.Dictionary):
                        states = [s for _, s in entry.items() if isinstance(s, pikepdf.Stream)]
                    for state in states:
                        ok = _rewrite(state, done) and ok
        pdf.save(blank)
    return ok


def render(pdf: Path, page: int) -> np.ndarray:
    """The page (1-based) as RGB pixels, its crop box at DPI, as a viewer shows it."""
    with tempfile.TemporaryDirectory() as tmp:
        prefix = Path(tmp) / "page"
        subprocess.run(
            [
                *f"pdftoppm -r {DPI} -cropbox -f {page} -l {page} -png -singlefile".split(),
                str(pdf),
                str(prefix),
            ],
            check=True,
            capture_output=True,
            timeout=RENDER_TIMEOUT_S,
        )
        with Image.open(prefix.with_suffix(".png")) as image:
            return np.asarray(image.convert("RGB"))


class PixelMap:
    """User space → pixel rectangles of a page rendered by `render` (crop box ∩ media box at
    the origin of the image, y down, /Rotate turning the image clockwise)."""

    def __init__(self, visible: Box, rotation: int, shape: tuple[int, ...]) -> None:
        self.visible = visible
        self.rotation = rotation % 360
        self.height, self.width = shape[0], shape[1]

    def point(self, x: float, y: float) -> tuple[float, float]:
        u = (x - self.visible.x0) * SCALE
        v = (self.visible.y1 - y) * SCALE
        w = self.visible.width * SCALE
        h = self.visible.height * SCALE
        if self.rotation == 90:
            return h - v, u
        if self.rotation == 180:
            return w - u, h - v
        if self.rotation == 270:
            return v, w - u
        return u, v

    def rect(self, box: Box, margin: int = 0) -> tuple[int, int, int, int]:
        """The pixels (x0, y0, x1, y1; ends exclusive, clamped to the image) that `box` covers,
        grown by `margin` pixels on each side (shrunk when negative)."""
        corners = [self.point(x, y) for x in (box.x0, box.x1) for y in (box.y0, box.y1)]
        xs = [c[0] for c in corners]
        ys = [c[1] for c in corners]
        x0, x1 = int(np.floor(min(xs))) - margin, int(np.ceil(max(xs))) + margin
        y0, y1 = int(np.floor(min(ys))) - margin, int(np.ceil(max(ys))) + margin
        return max(x0, 0), max(y0, 0), min(x1, self.width), min(y1, self.height)


def shrunk(rect: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A rectangle less SHRINK_PX each side, along each axis where that leaves a pixel."""
    x0, y0, x1, y1 = rect
    if x1 - x0 > 2 * SHRINK_PX:
        x0, x1 = x0 + SHRINK_PX, x1 - SHRINK_PX
    if y1 - y0 > 2 * SHRINK_PX:
        y0, y1 = y0 + SHRINK_PX, y1 - SHRINK_PX
    return x0, y0, x1, y1


def coverage(rects: list[tuple[int, int, int, int]], height: int, width: int) -> np.ndarray:
    """How many of the rectangles cover each pixel."""
    edges = np.zeros((height + 1, width + 1), dtype=np.int32)
    for x0, y0, x1, y1 in rects:
        if x1 > x0 and y1 > y0:
            edges[y0, x0] += 1
            edges[y0, x1] -= 1
            edges[y1, x0] -= 1
            edges[y1, x1] += 1
    return edges.cumsum(0).cumsum(1)[:height, :width]


def ink_mask(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Pixels where the two renders differ visibly."""
    if before.shape != after.shape:
        raise ValueError(f"renders differ in size: {before.shape} and {after.shape}")
    return (np.abs(before.astype(np.int16) - after.astype(np.int16)).max(axis=2)) > INK_LEVEL


def glyph_inks(
    glyphs: list[Any], flagged: list[bool], mapping: PixelMap, ink: np.ndarray
) -> list[tuple[int, int]]:
    """(ink pixels, pixels looked at) for each glyph. A flagged glyph is looked at where no
    unflagged glyph's box reaches; an unflagged one where no other glyph's box does. Both
    exclusions keep a neighbour's ink from being taken for the glyph's own. (-1, 0): the
    glyph lies off the render entirely (it shows nothing there)."""
    rects = [mapping.rect(g.bbox) for g in glyphs]
    seen = [bool(g.text.strip()) for g in glyphs]
    grown = [mapping.rect(g.bbox, GROW_PX) for g in glyphs]
    everyone = coverage([r for r, s in zip(grown, seen, strict=True) if s], mapping.height, mapping.width)
    shown = coverage(
        [r for r, s, f in zip(grown, seen, flagged, strict=True) if s and not f],
        mapping.height,
        mapping.width,
    )
    result = []
    for rect, flag in zip(rects, flagged, strict=True):
        x0, y0, x1, y1 = shrunk(rect)
        if x1 <= x0 or y1 <= y0:
            result.append((-1, 0))
            continue
        region = shown[y0:y1, x0:x1] == 0 if flag else everyone[y0:y1, x0:x1] == 1
        result.append((int(ink[y0:y1, x0:x1][region].sum()), int(region.sum())))
    return result


def mark_ink(path: Path, marks: list[str]) -> dict[str, str]:
    """For the probes: "ink" or "none" for each mark of page 1 of `path` (pagetext's glyph
    boxes, hidden flags as pagetext reads them), "?" when no pixel of it could be looked at."""
    from bench.hidden_probes import mark_span

    with tempfile.TemporaryDirectory() as tmp:
        blank, same = Path(tmp) / "blank.pdf", Path(tmp) / "same.pdf"
        neutralise(path, blank, same)
        before, after = render(same, 1), render(blank, 1)
    ink = ink_mask(before, after)
    result = {}
    with pagetext.open(path) as document:
        page = document[0]
        glyphs = page.glyphs(forms=True, annotations=True, hidden="flag")
        mapping = PixelMap(page.visible_box, page.rotation, ink.shape)
        inks = glyph_inks(glyphs, [bool(g.hidden) for g in glyphs], mapping, ink)
    for mark in marks:
        span = mark_span(glyphs, mark)
        if span is None:
            result[mark] = "?"
            continue
        counted = inks[span[0] : span[1]]
        painted = sum(max(px, 0) for px, _ in counted)
        looked = any(n for _, n in counted) or all(px < 0 for px, _ in counted)
        result[mark] = "ink" if painted >= MIN_INK_PX else ("none" if looked else "?")
    return result
