"""Hidden-text probes made by what the page paints: render modes, clips, later paint."""

from __future__ import annotations

import pikepdf
from pikepdf import Array

from bench.hidden_pdf import OnePage, circle, probe, text

# --- invisible-mode ---------------------------------------------------------------------


@probe(MODETHREE="invisible-mode", SHOWNPLAIN="")
def mode_3() -> pikepdf.Pdf:
    return OnePage().finish(text(72, 700, "MODETHREE", pre="3 Tr") + text(72, 650, "SHOWNPLAIN"))


@probe(MODESEVEN="invisible-mode", AFTERSEVEN="")
def mode_7_in_q() -> pikepdf.Pdf:
    # Tr 7 adds the glyphs to the clip at ET: q/Q keeps that clip away from the control.
    return OnePage().finish(
        "q " + text(72, 700, "MODESEVEN", pre="7 Tr") + "Q " + text(72, 650, "AFTERSEVEN")
    )


@probe(OCRLAYER="", OCRSECOND="", NOTONIMAGE="invisible-mode")
def ocr_page() -> pikepdf.Pdf:
    page = OnePage()
    stripes = [40 if (row // 2) % 2 else 235 for row in range(32) for _ in range(32)]
    page.add_xobject("Im1", page.image(stripes, 32, 32))
    return page.finish(
        "q 400 0 0 300 50 400 cm /Im1 Do Q\n"
        + text(60, 600, "OCRLAYER", pre="3 Tr")
        + text(60, 500, "OCRSECOND", pre="3 Tr")
        + text(60, 200, "NOTONIMAGE", pre="3 Tr")
    )


# --- clipped ----------------------------------------------------------------------------


@probe(INSIDECLIP="", OUTSIDECLIP="clipped", AFTERRESTORE="")
def clip_rect() -> pikepdf.Pdf:
    return OnePage().finish(
        "q 60 600 200 100 re W n "
        + text(72, 650, "INSIDECLIP")
        + text(72, 500, "OUTSIDECLIP")
        + "Q "
        + text(72, 450, "AFTERRESTORE")
    )


@probe(INCIRCLE="", CORNER="clipped")
def clip_circle() -> pikepdf.Pdf:
    # CORNER lies inside the circle's bounding square but outside the circle.
    return OnePage().finish(
        "q "
        + circle(300, 500, 100)
        + "W n "
        + text(255, 495, "INCIRCLE")
        + text(202, 590, "CORNER", 10)
        + "Q"
    )


@probe(INHOLE="clipped", INRING="")
def clip_even_odd_hole() -> pikepdf.Pdf:
    return OnePage().finish(
        "q 100 400 400 300 re 200 500 200 100 re W* n "
        + text(250, 545, "INHOLE")
        + text(110, 650, "INRING")
        + "Q"
    )


@probe(NOHOLE="")
def clip_nonzero_no_hole() -> pikepdf.Pdf:
    # The same two rectangles, both drawn the same way round: non-zero winding fills the middle.
    return OnePage().finish("q 100 400 400 300 re 200 500 200 100 re W n " + text(250, 545, "NOHOLE") + "Q")


@probe(NESTIN="", NESTOUT="clipped", FORMABOVE="clipped", OUTERONLY="", BBOXOUT="clipped")
def clip_nested_in_form() -> pikepdf.Pdf:
    page = OnePage()
    form = page.form(
        "q 100 400 270 300 re W n q 100 400 150 300 re W n "
        + text(110, 550, "NESTIN")
        + text(300, 550, "NESTOUT")  # inside the outer clip, outside the inner one
        + text(110, 650, "FORMABOVE")
        + "Q "
        + text(270, 450, "OUTERONLY", 10)  # the inner clip is gone, the outer one holds it
        + "Q "
        + text(400, 300, "BBOXOUT"),
        bbox=(0, 0, 380, 792),
    )
    page.add_xobject("Fm1", form)
    # The page clips the form's drawing at y = 600: FORMABOVE is inside both of the form's clips.
    return page.finish("q 0 0 612 600 re W n /Fm1 Do Q")


@probe(ANNOTIN="", ANNOTOUT="clipped")
def clip_in_annotation() -> pikepdf.Pdf:
    page = OnePage()
    appearance = page.form(
        "q 0 0 100 50 re W n " + text(5, 20, "ANNOTIN", 10) + text(110, 20, "ANNOTOUT", 10) + "Q",
        bbox=(0, 0, 250, 50),
    )
    page.annotation("Stamp", (100, 300, 350, 350), appearance)
    return page.finish("")


@probe(FILLCLIPPEDAWAY="")
def fill_clipped_away() -> pikepdf.Pdf:
    # A later black fill over the whole page, clipped to a band that misses the text.
    return OnePage().finish(text(72, 700, "FILLCLIPPEDAWAY") + "q 0 0 612 300 re W n 0 g 0 0 612 792 re f Q")


# --- covered ----------------------------------------------------------------------------


@probe(REDACTED="covered", WHITEDOUT="covered", NOTREACHED="")
def covered_fills() -> pikepdf.Pdf:
    return OnePage().finish(
        text(72, 700, "REDACTED")
        + text(72, 650, "WHITEDOUT")
        + text(72, 600, "NOTREACHED")
        + "0 g 66 690 120 25 re f 1 g 66 640 120 25 re f 0 g 66 560 140 25 re f"
    )


@probe(TWOFILLS="covered")
def covered_by_two_fills() -> pikepdf.Pdf:
    # Neither fill covers the word; the two together do.
    return OnePage().finish(text(72, 700, "TWOFILLS") + "0 g 66 690 50 25 re f 0.2 g 110 690 60 25 re f")


@probe(UNDERIMAGE="covered", UNDERINLINE="covered", UNDERSMASK="", UNDERKEYMASK="")
def covered_by_images() -> pikepdf.Pdf:
    page = OnePage()
    page.add_xobject("Im1", page.image([90] * 64, 8, 8))
    soft = page.image([0] * 64, 8, 8)  # alpha 0 everywhere: the image shows nothing
    page.add_xobject("Im2", page.image([0] * 64, 8, 8, SMask=soft))
    # A colour-key mask over every sample value: nothing of it is painted.
    page.add_xobject("Im3", page.image([0] * 64, 8, 8, Mask=Array([0, 255])))
    inline = "BI /W 2 /H 2 /CS /G /BPC 8 ID \x20\x20\x20\x20 EI"
    return page.finish(
        text(72, 700, "UNDERIMAGE")
        + text(72, 600, "UNDERINLINE")
        + text(72, 500, "UNDERSMASK")
        + text(72, 400, "UNDERKEYMASK")
        + "q 120 0 0 25 66 690 cm /Im1 Do Q\n"
        + f"q 130 0 0 25 66 590 cm {inline} Q\n"
        + "q 130 0 0 25 66 490 cm /Im2 Do Q\n"
        + "q 140 0 0 25 66 390 cm /Im3 Do Q\n"
    )


@probe(FORMUNDER="covered", FORMONTOP="")
def covered_form_text() -> pikepdf.Pdf:
    page = OnePage()
    page.add_xobject("Fm1", page.form(text(72, 700, "FORMUNDER")))
    page.add_xobject("Fm2", page.form(text(72, 600, "FORMONTOP", pre="1 g")))
    return page.finish("/Fm1 Do 0 g 66 690 120 25 re f 66 590 120 25 re f /Fm2 Do")


@probe(UNDERSQUARE="covered", BESIDESQUARE="")
def covered_by_square_annotation() -> pikepdf.Pdf:
    page = OnePage()
    appearance = page.form("0 g 0 0 140 30 re f", bbox=(0, 0, 140, 30))
    page.annotation("Square", (66, 690, 206, 720), appearance, IC=Array([0, 0, 0]))
    return page.finish(text(72, 700, "UNDERSQUARE") + text(250, 700, "BESIDESQUARE"))


@probe(UNDERHALFALPHA="", UNDERSTROKE="covered")
def cover_alpha_and_stroke() -> pikepdf.Pdf:
    # A fill at 40 % alpha shows the text through it; a 30-pt stroke paints like a fill
    # (beyond the rule's letter, which names fills and images).
    page = OnePage()
    page.gstate("GS1", ca=0.4)
    return page.finish(
        text(72, 700, "UNDERHALFALPHA")
        + text(72, 600, "UNDERSTROKE")
        + "q /GS1 gs 0 g 66 690 140 25 re f Q 0 G 30 w 60 604 m 200 604 l S"
    )
