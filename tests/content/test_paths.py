"""Painted paths reported to the device (ISO 32000-1 §8.5): geometry in user space, colours."""

from __future__ import annotations

import pagetext
from pagetext.geometry import Box
from tests.pdfbuild import add_page, form, new_pdf, open_page, to_bytes


def test_rectangle_stroked_with_width_and_colour() -> None:
    (path,) = open_page(b"0.5 w 1 0 0 RG 10 20 100 30 re S").paths()
    assert path.rects == [Box(10, 20, 110, 50)]
    assert path.segments == []
    assert (path.stroke, path.fill, path.line_width) == (True, False, 0.5)
    assert path.stroke_color == (1.0, 0.0, 0.0)


def test_ctm_applies_to_points_and_line_width() -> None:
    (path,) = open_page(b"2 0 0 2 5 5 cm 3 w 0 0 m 10 0 l S").paths()
    assert path.segments == [(5.0, 5.0, 25.0, 5.0)]
    assert path.line_width == 6.0


def test_closed_four_corner_outline_is_a_rectangle_and_fill_closes() -> None:
    (path,) = open_page(b"0.2 g 10 10 m 50 10 l 50 60 l 10 60 l f").paths()
    assert path.rects == [Box(10, 10, 50, 60)]
    assert (path.fill, path.stroke) == (True, False)
    assert path.fill_color == (0.2, 0.2, 0.2)


def test_open_polyline_keeps_its_segments_and_curves_are_not_rectangles() -> None:
    (lines, curve) = open_page(b"0 0 m 10 0 l 10 10 l S 0 0 m 5 5 5 5 10 0 c 10 10 l 0 10 l h f").paths()
    assert lines.segments == [(0.0, 0.0, 10.0, 0.0), (10.0, 0.0, 10.0, 10.0)]
    assert curve.rects == []
    assert len(curve.segments) == 4


def test_unpainted_path_and_clip_paint_nothing() -> None:
    assert open_page(b"0 0 100 100 re W n 10 10 m 20 10 l n").paths() == []


def test_colour_spaces() -> None:
    page = open_page(
        b"/DeviceCMYK cs 0 0 0 0 sc 0 0 10 10 re f "
        b"/DeviceRGB CS 0 0 1 SC 0 0 m 10 0 l S "
        b"/Pattern cs /P0 scn 0 0 10 10 re f "
        b"0 0 0 1 k 0 0 10 10 re f"
    )
    cmyk_white, blue, pattern, black = page.paths()
    assert cmyk_white.fill_color == (1.0, 1.0, 1.0)
    assert blue.stroke_color == (0.0, 0.0, 1.0)
    assert pattern.fill_color is None  # not a device colour: unknown, counted visible
    assert black.fill_color == (0.0, 0.0, 0.0)


def test_colour_is_saved_and_restored_with_the_graphics_state() -> None:
    first, second = open_page(b"q 1 g 0 0 10 10 re f Q 0 0 10 10 re f").paths()
    assert first.fill_color == (1.0, 1.0, 1.0)
    assert second.fill_color == (0.0, 0.0, 0.0)


def test_paths_inside_form_xobjects_in_user_space() -> None:
    pdf = new_pdf()
    xobject = form(pdf, b"0 0 m 10 0 l S", matrix=[1, 0, 0, 1, 100, 200])
    add_page(pdf, b"/X0 Do", xobjects={"X0": xobject})
    with pagetext.open(to_bytes(pdf)) as doc:
        (path,) = doc[0].paths()
    assert path.segments == [(100.0, 200.0, 110.0, 200.0)]


def test_text_extraction_does_not_build_paths() -> None:
    page = open_page(b"0 0 m 10 0 l S BT /F1 10 Tf 100 200 Td (AB) Tj ET")
    assert page.text() == "AB"
    assert page._content.painted_paths is None
    assert len(page.paths()) == 1
    assert page.text() == "AB"
