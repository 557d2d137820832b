"""The glyph record: its geometry kept as numbers, read as points."""

from __future__ import annotations

import dataclasses
import gc

import pagetext
from pagetext.content.glyph import Glyph, glyph_from_points
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import open_page

_POINTS = ("baseline_start", "baseline_end", "glyph_end", "direction")


def _rotated_glyphs() -> list[Glyph]:
    # Text rotated 30°, with rise, spacing and scaling: no coordinate equals another.
    page = open_page(b"BT /F1 10 Tf 0.866 0.5 -0.5 0.866 100 200 Tm 2 Tc 3 Tw 80 Tz 1.5 Ts (A B) Tj ET")
    return page.glyphs()


def _assert_points_are_numbers(glyph: Glyph) -> None:
    assert glyph.quad == (
        (glyph.quad_x0, glyph.quad_y0),
        (glyph.quad_x1, glyph.quad_y1),
        (glyph.quad_x2, glyph.quad_y2),
        (glyph.quad_x3, glyph.quad_y3),
    )
    for name in _POINTS:
        assert getattr(glyph, name) == (getattr(glyph, name + "_x"), getattr(glyph, name + "_y"))


def _assert_holds_no_tuple_but_hidden(glyph: Glyph) -> None:
    held = [getattr(glyph, field.name) for field in dataclasses.fields(glyph)]
    assert not any(isinstance(value, tuple) for value in held if value is not glyph.hidden)


def test_the_points_are_the_numbers() -> None:
    glyphs = _rotated_glyphs()
    assert len(glyphs) == 3
    for glyph in glyphs:
        _assert_points_are_numbers(glyph)
        assert glyph.center == ((glyph.quad_x0 + glyph.quad_x2) / 2, (glyph.quad_y0 + glyph.quad_y2) / 2)
        xs = [x for x, _ in glyph.quad]
        ys = [y for _, y in glyph.quad]
        assert tuple(glyph.bbox) == (min(xs), min(ys), max(xs), max(ys))


def test_a_glyph_made_from_points_equals_the_shown_one() -> None:
    for glyph in _rotated_glyphs():
        copy = glyph_from_points(
            glyph.text, glyph.code, glyph.quad, glyph.baseline_start, glyph.baseline_end,
            glyph.glyph_end, glyph.direction, glyph.box_height, glyph.writing_mode,
            glyph.mapped_text, glyph.run, code_index=glyph.code_index,
        )  # fmt: skip
        assert copy == glyph
        assert repr(copy) == repr(glyph)
        moved = glyph.moved(
            glyph.quad, (1.0, 2.0), (3.0, 4.0), (5.0, 6.0), (0.0, 1.0), 7.0, 1
        )  # fmt: skip
        assert (moved.baseline_start, moved.baseline_end, moved.glyph_end, moved.direction) == (
            (1.0, 2.0), (3.0, 4.0), (5.0, 6.0), (0.0, 1.0),
        )  # fmt: skip
        assert (moved.box_height, moved.writing_mode, moved.text, moved.run) == (
            7.0,
            1,
            glyph.text,
            glyph.run,
        )
        assert moved.quad == glyph.quad


def test_the_repr_shows_the_points() -> None:
    glyph = _rotated_glyphs()[0]
    shown = repr(glyph)
    assert f"baseline_start={glyph.baseline_start!r}" in shown
    assert f"quad={glyph.quad!r}" in shown
    assert "quad_x0" not in shown


def test_a_glyph_record_holds_no_tuple_for_the_cycle_collector() -> None:
    # The reason the geometry is numbers: each tuple a glyph held was walked by plain
    # Python's cycle collector at every collection while the page was kept.
    for glyph in _rotated_glyphs():
        _assert_holds_no_tuple_but_hidden(glyph)
        assert not any(isinstance(value, tuple) and gc.is_tracked(value) for value in gc.get_referents(glyph))


@needs_corpus
def test_real_rotated_and_vertical_pages_hold_their_geometry_as_numbers() -> None:
    # Rotated pages and text, and a vertical Japanese page: every glyph's points are its
    # numbers, and its record holds no tuple but `hidden`.
    for name in ("pdfbox__PDFBOX-2984-rotations", "pdfjs__hello_world_rotated", "pdfminer__jo"):
        with pagetext.open(CORPUS / "real" / f"{name}.pdf") as document:
            glyphs = [glyph for page in document for glyph in page.glyphs()]
        assert glyphs, name
        assert {glyph.writing_mode for glyph in glyphs} >= ({1} if name == "pdfminer__jo" else {0})
        for glyph in glyphs:
            _assert_points_are_numbers(glyph)
            _assert_holds_no_tuple_but_hidden(glyph)
