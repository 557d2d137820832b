"""The hidden-text bench: its probe PDFs, and the render check's pixel mapping and ink test."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pikepdf
import pytest

import pagetext
from bench.hidden_pdf import OnePage, text
from bench.hidden_probes import PROBES, build_all
from bench.hidden_render import PixelMap, mark_ink, render
from pagetext.geometry import Box

needs_poppler = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed"
)


def _streams(pdf: pikepdf.Pdf) -> bytes:
    return b"".join(o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream))


def test_every_probe_draws_its_marks_and_its_controls_read_as_text(tmp_path: Path) -> None:
    built = build_all(tmp_path)
    assert len(built) == len(PROBES) > 25
    marks = [mark.text for item in PROBES for mark in item.marks]
    assert len(marks) == len(set(marks)), "marks are unique across probes"
    for item, path in built:
        with pikepdf.open(path) as pdf:
            raw = _streams(pdf)
        with pagetext.open(path) as document:
            page_text = document[0].text()
        for mark in item.marks:
            assert f"({mark.text}) Tj".encode() in raw, (item.name, mark.text)
            if not mark.expect:
                assert mark.text in page_text, (item.name, mark.text)


@needs_poppler
@pytest.mark.parametrize(
    ("rotate", "crop"),
    [(0, None), (0, (50, 100, 562, 700)), (90, (50, 100, 562, 700)), (180, None), (270, None)],
)
def test_pixel_map_finds_a_black_box_where_poppler_draws_it(tmp_path: Path, rotate: int, crop: tuple) -> None:
    box = Box(100, 400, 260, 450)
    page = OnePage(crop=crop, rotate=rotate)
    path = tmp_path / "box.pdf"
    page.finish(f"0 g {box.x0} {box.y0} {box.width} {box.height} re f").save(path)
    pixels = render(path, 1)
    with pagetext.open(path) as document:
        mapping = PixelMap(document[0].visible_box, document[0].rotation, pixels.shape)
    ys, xs = np.nonzero(pixels.max(axis=2) < 128)
    x0, y0, x1, y1 = mapping.rect(box)
    assert abs(xs.min() - x0) <= 1 and abs(xs.max() + 1 - x1) <= 1
    assert abs(ys.min() - y0) <= 1 and abs(ys.max() + 1 - y1) <= 1
    # The render is the crop box, turned as /Rotate says: a portrait page lies on its side at 90.
    portrait = pixels.shape[0] > pixels.shape[1]
    assert portrait == (rotate in (0, 180))


@needs_poppler
def test_ink_tells_drawn_text_from_covered_invisible_and_white_text(tmp_path: Path) -> None:
    path = tmp_path / "ink.pdf"
    page = OnePage(rotate=90)
    page.finish(
        text(72, 700, "DRAWN")
        + text(72, 650, "COVERED")
        + text(72, 600, "NOMODE", pre="3 Tr")
        + text(72, 550, "WHITE", pre="1 g")
        + "0 g 66 640 120 25 re f"
    ).save(path)
    assert mark_ink(path, ["DRAWN", "COVERED", "NOMODE", "WHITE", "ABSENT"]) == {
        "DRAWN": "ink",
        "COVERED": "none",
        "NOMODE": "none",
        "WHITE": "none",
        "ABSENT": "?",
    }
