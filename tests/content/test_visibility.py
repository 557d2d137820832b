"""Glyph.hidden: each reason on a page built for it, and the controls that must stay visible."""

from __future__ import annotations

import pagetext
from tests.content.hidden_pdfs import build, hidden_report, reasons

TEXT = b"BT /F1 12 Tf 20 200 Td (Marker) Tj ET "
BESIDE = b"BT /F1 12 Tf 20 50 Td (Control) Tj ET "


# -- invisible render mode (§9.3.6) --------------------------------------------------------------


def test_render_mode_3_and_7_are_invisible() -> None:
    found = reasons(b"q 3 Tr " + TEXT + b"7 Tr BT /F1 12 Tf 20 100 Td (Clip) Tj ET Q " + BESIDE)
    assert found == {"Marker": ("invisible-mode",), "Clip": ("invisible-mode",), "Control": ()}


def test_ocr_layer_on_an_image_counts_as_shown() -> None:
    # A scanned page: the image first, then its text in render mode 3 over it.
    assert reasons(b"q 300 0 0 300 0 0 cm /Gray Do Q 3 Tr " + TEXT) == {"Marker": ()}


def test_invisible_text_beside_an_image_is_not_an_ocr_layer() -> None:
    assert reasons(b"q 100 0 0 100 150 0 cm /Gray Do Q 3 Tr " + TEXT) == {"Marker": ("invisible-mode",)}


# -- clipping (§8.5.4) ----------------------------------------------------------------------------


def test_text_outside_a_rectangle_clip_is_clipped() -> None:
    content = b"q 0 0 300 100 re W n " + TEXT + BESIDE + b"Q"
    assert reasons(content) == {"Marker": ("clipped",), "Control": ()}


def test_a_clip_of_curves_is_flattened() -> None:
    circle = (
        b"150 150 m 150 177.6 127.6 200 100 200 c 72.4 200 50 177.6 50 150 c "
        b"50 122.4 72.4 100 100 100 c 127.6 100 150 122.4 150 150 c W n "
    )
    # "Out" lies inside the circle's bounding box, outside the circle.
    content = b"q " + circle + b"BT /F1 12 Tf 80 145 Td (In) Tj ET BT /F1 12 Tf 135 185 Td (Out) Tj ET Q"
    assert reasons(content) == {"In": (), "Out": ("clipped",)}


def test_even_odd_clip_has_a_hole() -> None:
    content = (
        b"q 0 0 300 300 re 100 100 100 100 re W* n BT /F1 12 Tf 120 150 Td (Hole) Tj ET " + BESIDE + b"Q"
    )
    assert reasons(content) == {"Hole": ("clipped",), "Control": ()}


def test_the_clip_ends_with_its_graphics_state() -> None:
    assert reasons(b"q 0 0 10 10 re W n Q " + TEXT) == {"Marker": ()}


def test_nested_clips_intersect() -> None:
    content = (
        b"q 0 0 300 150 re W n q 0 0 100 300 re W n " + BESIDE + b"BT /F1 12 Tf 150 50 Td (Right) Tj ET Q Q"
    )
    assert reasons(content) == {"Control": (), "Right": ("clipped",)}


def test_a_form_clips_to_its_box() -> None:
    # The box is 28 wide: "Form" ends at its edge, "Text" lies past it (glyph by glyph).
    content = b"q 1 0 0 1 20 200 cm /Narrow Do Q q 1 0 0 1 20 100 cm /Text Do Q"
    assert hidden_report(content) == {"Text": ("clipped",)}
    assert pagetext.open(build(content))[0].text(hidden="drop") == "Form\nFormText"


# -- covered by later paint --------------------------------------------------------------------


def test_a_later_opaque_fill_covers() -> None:
    content = TEXT + BESIDE + b"1 g 0 190 300 30 re f"
    assert reasons(content) == {"Marker": ("covered",), "Control": ()}


def test_a_fill_painted_before_the_text_does_not_cover() -> None:
    assert reasons(b"0 g 0 190 300 30 re f 1 g " + TEXT) == {"Marker": ()}


def test_a_later_fill_that_does_not_reach_the_text_does_not_cover() -> None:
    assert reasons(TEXT + b"0 g 0 100 300 30 re f") == {"Marker": ()}


def test_two_later_fills_together_cover() -> None:
    content = TEXT + b"0 0 1 rg 0 190 50 30 re f 45 190 100 30 re f"
    assert reasons(content) == {"Marker": ("covered",)}


def test_a_thick_stroke_covers() -> None:
    assert reasons(TEXT + b"0 G 20 w 0 204 m 300 204 l S") == {"Marker": ("covered",)}


def test_a_later_opaque_image_covers_and_one_beside_does_not() -> None:
    content = TEXT + BESIDE + b"q 200 0 0 40 0 190 cm /Gray Do Q"
    assert reasons(content) == {"Marker": ("covered",), "Control": ()}


def test_images_that_let_the_ground_through_do_not_cover() -> None:
    for image in (b"/Masked", b"/Stencil"):
        assert reasons(TEXT + b"q 200 0 0 40 0 190 cm " + image + b" Do Q") == {"Marker": ()}, image


def test_transparent_or_blended_fills_do_not_cover() -> None:
    for state in (b"/Half", b"/Multiply"):
        assert reasons(TEXT + b"q " + state + b" gs 0 g 0 190 300 30 re f Q") == {"Marker": ()}, state


def test_text_in_a_form_under_a_later_fill_is_covered() -> None:
    assert reasons(b"q 1 0 0 1 20 200 cm /Text Do Q 0 g 0 190 300 30 re f") == {"FormText": ("covered",)}


def test_a_fill_an_annotation_draws_over_page_text_covers() -> None:
    box = [0.0, 190.0, 300.0, 220.0]
    content = TEXT + BESIDE
    found = reasons(content, annotations=[(b"0 g 0 190 300 30 re f", box, {"Subtype": "/Square"})])
    assert found == {"Marker": ("covered",), "Control": ()}


# -- same colour as the ground -------------------------------------------------------------------


def test_white_text_on_the_white_page() -> None:
    assert reasons(b"1 g " + TEXT + b"0 g " + BESIDE) == {"Marker": ("same-color",), "Control": ()}


def test_white_in_every_device_space() -> None:
    for color in (b"1 g", b"1 1 1 rg", b"0 0 0 0 k", b"/DeviceRGB cs 1 1 1 sc"):
        assert reasons(color + b" " + TEXT) == {"Marker": ("same-color",)}, color


def test_near_white_is_white_and_light_gray_is_not() -> None:
    assert reasons(b"0.99 g " + TEXT + b"0.8 g " + BESIDE) == {"Marker": ("same-color",), "Control": ()}


def test_white_text_on_a_black_box_is_shown() -> None:
    assert reasons(b"0 g 0 190 300 30 re f 1 g " + TEXT) == {"Marker": ()}


def test_text_the_colour_of_the_box_beneath() -> None:
    content = b"0.2 0.4 0.8 rg 0 190 300 30 re f " + TEXT + b"0.8 0.2 0.2 rg " + BESIDE
    assert reasons(content) == {"Marker": ("same-color",), "Control": ()}


def test_coloured_text_on_another_colour_is_shown() -> None:
    assert reasons(b"0.2 0.4 0.8 rg 0 190 300 30 re f 1 1 0 rg " + TEXT) == {"Marker": ()}


def test_text_the_colour_of_an_image_beneath() -> None:
    content = b"q 300 0 0 300 0 0 cm /Gray Do Q 0.784 g " + TEXT + b"0 g " + BESIDE
    assert reasons(content) == {"Marker": ("same-color",), "Control": ()}


def test_stroked_text_takes_the_stroke_colour() -> None:
    assert reasons(b"1 G 0 g 1 Tr " + TEXT) == {"Marker": ("same-color",)}
    assert reasons(b"0 G 1 g 1 Tr " + TEXT) == {"Marker": ()}


def test_unknown_colours_are_shown() -> None:
    assert reasons(b"/Pattern cs " + TEXT) == {"Marker": ()}


# -- transparency (§11.6.4.4) ----------------------------------------------------------------------


def test_fill_alpha_zero_is_transparent() -> None:
    assert reasons(b"q /Clear gs " + TEXT + b"Q " + BESIDE) == {"Marker": ("transparent",), "Control": ()}


def test_half_alpha_is_shown() -> None:
    assert reasons(b"/Half gs " + TEXT) == {"Marker": ()}


def test_stroke_alpha_counts_for_stroked_text_only() -> None:
    assert reasons(b"/StrokeClear gs 1 Tr " + TEXT) == {"Marker": ("transparent",)}
    assert reasons(b"/StrokeClear gs " + TEXT) == {"Marker": ()}


def test_a_soft_mask_that_removes_the_text() -> None:
    # A luminosity mask whose group paints nothing over a black backdrop: the mask is 0.
    assert reasons(b"q /Masking gs " + TEXT + b"Q " + BESIDE) == {"Marker": ("transparent",), "Control": ()}


# -- size and place ----------------------------------------------------------------------------


def test_tiny_text() -> None:
    found = reasons(b"BT /F1 0.5 Tf 20 200 Td (Marker) Tj ET BT /F1 1.2 Tf 20 100 Td (Small) Tj ET")
    assert found == {"Marker": ("tiny",), "Small": ()}


def test_text_scaled_down_by_the_matrix_is_tiny() -> None:
    assert reasons(b"q 0.05 0 0 0.05 0 0 cm BT /F1 12 Tf 400 4000 Td (Marker) Tj ET Q") == {
        "Marker": ("tiny",)
    }


def test_text_outside_the_crop_box_is_off_page() -> None:
    content = b"BT /F1 12 Tf 20 280 Td (Marker) Tj ET " + BESIDE
    assert hidden_report(content, crop=[0, 0, 300, 250]) == {"Marker": ("off-page",)}


# -- optional content (§8.11) --------------------------------------------------------------------


def test_marked_optional_content_off_and_on() -> None:
    content = (
        b"/OC /Off BDC " + TEXT + b"EMC /OC /On BDC " + BESIDE + b"EMC "
        b"/OC /AllOff BDC BT /F1 12 Tf 20 100 Td (Membership) Tj ET EMC"
    )
    found = reasons(content)
    assert found == {"Marker": ("optional-content",), "Control": (), "Membership": ("optional-content",)}


def test_optional_content_nests() -> None:
    content = b"/OC /Off BDC /Span <</MCID 0>> BDC " + TEXT + b"EMC EMC " + BESIDE
    assert reasons(content) == {"Marker": ("optional-content",), "Control": ()}


def test_a_form_with_optional_content_off() -> None:
    assert reasons(b"q 1 0 0 1 20 200 cm /FormOff Do Q") == {"FormOff": ("optional-content",)}


def test_paint_in_optional_content_off_covers_nothing() -> None:
    content = TEXT + b"/OC /Off BDC 0 g 0 190 300 30 re f EMC q 200 0 0 40 0 190 cm /Off Do Q"
    assert reasons(content) == {"Marker": ()}


def test_an_annotation_hidden_by_optional_content_is_reported_not_read() -> None:
    box = [20.0, 100.0, 200.0, 120.0]
    annotation = (b"BT /F1 12 Tf 25 105 Td (Annotated) Tj ET", box, {"Subtype": "/FreeText", "OC": "off"})
    data = build(BESIDE, annotations=[annotation])
    with pagetext.open(data) as doc:
        page = doc[0]
        assert page.text() == "Control"
        assert [(s.text, s.reasons) for s in page.hidden_text()] == [("Annotated", ("optional-content",))]


# -- the surface -------------------------------------------------------------------------------


def test_keep_reads_as_before_and_does_not_read_visibility() -> None:
    data = build(b"1 g " + TEXT + b"0 g " + BESIDE)
    with pagetext.open(data) as doc:
        page = doc[0]
        assert page.text() == "Marker\nControl"
        assert all(g.hidden is None for g in page.glyphs())
        assert page.text(hidden="drop") == "Control"
        assert page.text() == "Marker\nControl"  # keep still reads it all


def test_hidden_text_spans_split_by_reasons() -> None:
    content = b"BT /F1 12 Tf 20 200 Td (Visible ) Tj 1 g (white words) Tj 3 Tr ( gone) Tj ET"
    assert hidden_report(content) == {"white words": ("same-color",), "gone": ("invisible-mode",)}


def test_unknown_hidden_value_is_a_usage_error() -> None:
    with pagetext.open(build(TEXT)) as doc:
        try:
            doc[0].text(hidden="hide")
        except pagetext.UsageError as error:
            assert "hidden" in str(error)
        else:
            raise AssertionError("no error")


def test_text_that_clips_an_image_shows_through_it() -> None:
    # Mode 7 adds the glyphs to the clip; the image painted through them shows the letters.
    content = b"q 7 Tr " + TEXT + b"q 300 0 0 300 0 0 cm /Gray Do Q Q 0 Tr " + BESIDE
    assert reasons(content) == {"Marker": (), "Control": ()}
    assert reasons(b"q 7 Tr " + TEXT + b"Q") == {"Marker": ("invisible-mode",)}
    # Until the Q, the glyphs are the clip: text after them elsewhere is clipped.
    assert reasons(b"q 7 Tr " + TEXT + b"0 Tr " + BESIDE + b"Q") == {
        "Marker": ("invisible-mode",),
        "Control": ("clipped",),
    }


def test_a_butt_capped_dash_beside_text_does_not_cover_it() -> None:
    # A vertical rule drawn as a 30-wide stroke half a point long, left of the text.
    assert reasons(TEXT + b"0 G 30 w 10 205 m 10.5 205 l S") == {"Marker": ()}
    assert reasons(TEXT + b"0 G 1 J 30 w 10 205 m 10.5 205 l S")["Marker"] == ()  # the disc ends at 25.5


def test_a_dashed_stroke_hides_nothing() -> None:
    assert reasons(TEXT + b"0 G [2 2] 0 d 20 w 0 204 m 300 204 l S") == {"Marker": ()}


def test_inline_images_cover_and_carry_an_ocr_layer() -> None:
    inline = b"q 200 0 0 40 0 190 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI Q "
    assert reasons(TEXT + inline) == {"Marker": ("covered",)}
    assert reasons(inline + b"3 Tr " + TEXT) == {"Marker": ()}
    stencil = b"q 200 0 0 40 0 190 cm BI /W 8 /H 1 /IM true ID \x0f EI Q "
    assert reasons(TEXT + stencil) == {"Marker": ()}


# A word drawn as outlines: a triangle under "Marker" (one line tall, not a rectangle).
OUTLINES = b"0.1 g 20 198 m 60 198 l 40 208 l h f "


def test_transparent_text_over_its_outlines_is_a_text_layer() -> None:
    # As a browser prints a script its PDF fonts cannot carry: outlines, then text at alpha 0.
    assert reasons(OUTLINES + b"q /Clear gs " + TEXT + b"Q") == {"Marker": ()}
    assert reasons(OUTLINES + b"3 Tr " + TEXT) == {"Marker": ()}


def test_a_box_behind_invisible_text_is_no_drawing_of_it() -> None:
    assert reasons(b"0.5 g 0 150 300 100 re f 3 Tr " + TEXT) == {"Marker": ("invisible-mode",)}
    assert reasons(b"0.5 g 0 198 300 10 re f q /Clear gs " + TEXT + b"Q") == {"Marker": ("transparent",)}


def test_an_ocr_layer_under_its_scan_is_not_covered_but_a_box_over_both_covers_it() -> None:
    scan = b"q 300 0 0 300 0 0 cm /Gray Do Q "
    assert reasons(b"3 Tr " + TEXT + scan) == {"Marker": ()}
    redacted = b"3 Tr " + TEXT + b"0 Tr " + scan + b"0 g 0 190 300 30 re f"
    assert reasons(redacted) == {"Marker": ("covered",)}


def test_a_letter_the_clip_cuts_is_shown_while_part_of_it_shows() -> None:
    # The clip ends at x 45: "k" (40.7 to 46.7) shows most of itself, "e" (46.7 on) nothing.
    with pagetext.open(build(b"q 0 0 45 300 re W n " + TEXT + b"Q")) as doc:
        glyphs = [(g.text, g.hidden) for g in doc[0].glyphs(hidden="flag")]
    clipped = ("clipped",)
    assert glyphs == [("M", ()), ("a", ()), ("r", ()), ("k", ()), ("e", clipped), ("r", clipped)]


def test_a_thin_line_under_the_text_is_not_its_ground() -> None:
    # A black rule through the letters' middle (a figure's axis under its label): the rest
    # of each letter lies on the white page.
    assert reasons(b"0 G 0.5 w 0 204.4 m 300 204.4 l S 0 g " + TEXT) == {"Marker": ()}
    assert reasons(b"0 g 0 195 300 20 re f 0 g " + TEXT) == {"Marker": ("same-color",)}
