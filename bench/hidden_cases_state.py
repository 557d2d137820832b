"""Hidden-text probes made by the text state: colour, alpha, size, place, optional content."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

from bench.hidden_pdf import OnePage, probe, text

# --- same-color -------------------------------------------------------------------------


@probe(WHITEGRAY="same-color", WHITERGB="same-color", WHITECMYK="same-color", NEARWHITE="same-color",
       WHITESC="same-color", MIDGRAY="")  # fmt: skip
def white_on_white() -> pikepdf.Pdf:
    return OnePage().finish(
        text(72, 700, "WHITEGRAY", pre="1 g")
        + text(72, 660, "WHITERGB", pre="1 1 1 rg")
        + text(72, 620, "WHITECMYK", pre="0 0 0 0 k")
        + text(72, 580, "NEARWHITE", pre="0.99 g")
        + text(72, 540, "WHITESC", pre="/DeviceRGB cs 1 1 1 sc")
        + text(72, 500, "MIDGRAY", pre="0.5 g")
    )


@probe(STROKEWHITE="same-color", STROKEBLACK="")
def stroke_only_text() -> pikepdf.Pdf:
    # Tr 1 paints the outline only: the stroke colour is what shows, not the fill colour.
    return OnePage().finish(
        text(72, 700, "STROKEWHITE", 20, pre="1 Tr 1 G 0 g")
        + text(72, 650, "STROKEBLACK", 20, pre="1 Tr 0 G 1 g")
    )


@probe(WHITEONBLACK="", BLACKONBLACK="same-color", YELLOWONRED="", BLUEONBLUE="same-color",
       NEARBLUE="same-color", WHITEONWHITEBOX="same-color", WHITEONBACKDROP="")  # fmt: skip
def text_on_boxes() -> pikepdf.Pdf:
    return OnePage().finish(
        "0 g 60 690 200 25 re f 60 640 200 25 re f 1 0 0 rg 60 590 200 25 re f "
        "0 0 1 rg 60 540 200 25 re f 60 490 200 25 re f "
        "0 g 40 200 400 200 re f 1 g 60 340 200 25 re f\n"
        + text(72, 700, "WHITEONBLACK", pre="1 g")
        + text(72, 650, "BLACKONBLACK", pre="0 g")
        + text(72, 600, "YELLOWONRED", pre="1 1 0 rg")
        + text(72, 550, "BLUEONBLUE", pre="0 0 1 rg")
        + text(72, 500, "NEARBLUE", pre="0 0 0.98 rg")
        + text(72, 350, "WHITEONWHITEBOX", pre="1 g")
        + text(72, 250, "WHITEONBACKDROP", pre="1 g")
    )


@probe(BLACKONIMAGE="same-color", WHITEONIMAGE="")
def text_on_image() -> pikepdf.Pdf:
    page = OnePage()
    page.add_xobject("Im1", page.image([0] * 64, 8, 8))
    return page.finish(
        "q 220 0 0 100 60 620 cm /Im1 Do Q\n"
        + text(72, 680, "BLACKONIMAGE", pre="0 g")
        + text(72, 640, "WHITEONIMAGE", pre="1 g")
    )


# --- transparent ------------------------------------------------------------------------


@probe(ALPHAZERO="transparent", STROKEALPHAZERO="", HALFALPHA="")
def fill_alpha() -> pikepdf.Pdf:
    page = OnePage()
    page.gstate("GS0", ca=0)
    page.gstate("GS1", CA=0)  # stroke alpha only: filled text still shows
    page.gstate("GS2", ca=0.5)
    return page.finish(
        "q /GS0 gs " + text(72, 700, "ALPHAZERO") + "Q "
        "q /GS1 gs " + text(72, 650, "STROKEALPHAZERO") + "Q "
        "q /GS2 gs " + text(72, 600, "HALFALPHA") + "Q"
    )


@probe(LUMINOSITYMASKED="transparent", ALPHAMASKED="transparent")
def soft_mask_removes() -> pikepdf.Pdf:
    page = OnePage()
    group = Dictionary(S=Name.Transparency, CS=Name.DeviceGray)
    # An empty luminosity group over the default black backdrop: luminosity 0, nothing shows.
    luminosity = page.form("", Group=group)
    # An empty alpha group: alpha 0 everywhere.
    alpha = page.form("", Group=group)
    page.gstate("GS0", SMask=Dictionary(Type=Name.Mask, S=Name.Luminosity, G=luminosity))
    page.gstate("GS1", SMask=Dictionary(Type=Name.Mask, S=Name.Alpha, G=alpha))
    return page.finish(
        "q /GS0 gs " + text(72, 700, "LUMINOSITYMASKED") + "Q q /GS1 gs " + text(72, 650, "ALPHAMASKED") + "Q"
    )


# --- tiny -------------------------------------------------------------------------------


@probe(TINYFONT="tiny", TINYMATRIX="tiny", TINYCTM="tiny", SMALLBUTSEEN="")
def tiny_text() -> pikepdf.Pdf:
    return OnePage().finish(
        text(72, 700, "TINYFONT", 0.4)
        + "BT /F1 12 Tf 0.05 0 0 0.05 72 650 Tm (TINYMATRIX) Tj ET "
        + "q 0.05 0 0 0.05 72 600 cm "
        + text(0, 0, "TINYCTM")
        + "Q "
        + text(72, 550, "SMALLBUTSEEN", 3)
    )


# --- off-page ---------------------------------------------------------------------------


@probe(ABOVECROP="off-page", INSIDECROP="")
def outside_crop_box() -> pikepdf.Pdf:
    page = OnePage(crop=(0, 0, 612, 500))
    return page.finish(text(72, 600, "ABOVECROP") + text(72, 400, "INSIDECROP"))


@probe(LEFTOFPAGE="off-page", ABOVEPAGE="off-page", ONPAGE="")
def outside_media_box() -> pikepdf.Pdf:
    return OnePage().finish(
        text(-200, 400, "LEFTOFPAGE") + text(72, 900, "ABOVEPAGE") + text(72, 400, "ONPAGE")
    )


@probe(BELOWORIGIN="off-page", SHIFTEDPAGE="")
def media_box_not_at_origin() -> pikepdf.Pdf:
    page = OnePage(media=(200, 200, 812, 992))
    return page.finish(text(250, 100, "BELOWORIGIN") + text(250, 300, "SHIFTEDPAGE"))


@probe(ROTATEDSHOWN="", ROTATEDOFF="off-page")
def rotated_page() -> pikepdf.Pdf:
    page = OnePage(rotate=90)
    return page.finish(text(72, 700, "ROTATEDSHOWN") + text(700, 100, "ROTATEDOFF"))


# --- optional-content -------------------------------------------------------------------


@probe(LAYEROFF="optional-content", LAYERON="", LAYERDEFAULT="", NESTEDOFF="optional-content",
       OFFOUTSIDE="optional-content")  # fmt: skip
def ocg_default_config() -> pikepdf.Pdf:
    page = OnePage()
    page.property("oc1", page.ocg("off", on=False))
    page.property("oc2", page.ocg("on", on=True))
    page.property("oc3", page.ocg("unlisted", on=True, listed=False))  # BaseState /ON
    return page.finish(
        "/OC /oc1 BDC " + text(72, 700, "LAYEROFF") + "EMC "
        "/OC /oc2 BDC " + text(72, 650, "LAYERON") + "EMC "
        "/OC /oc3 BDC " + text(72, 600, "LAYERDEFAULT") + "EMC "
        "/OC /oc2 BDC /OC /oc1 BDC " + text(72, 550, "NESTEDOFF") + "EMC EMC "
        "/OC /oc1 BDC /OC /oc2 BDC " + text(72, 500, "OFFOUTSIDE") + "EMC EMC"
    )


@probe(BASEOFF="optional-content", LISTEDON="")
def ocg_base_state_off() -> pikepdf.Pdf:
    page = OnePage()
    page.base_state = "/OFF"
    page.property("oc1", page.ocg("unlisted", on=False, listed=False))
    page.property("oc2", page.ocg("listed-on", on=True))
    return page.finish(
        "/OC /oc1 BDC " + text(72, 700, "BASEOFF") + "EMC /OC /oc2 BDC " + text(72, 650, "LISTEDON") + "EMC"
    )


@probe(ALLOFFOFON="optional-content", ANYONMIXED="", ALLONMIXED="optional-content",
       VENOTON="optional-content", VEORMIXED="")  # fmt: skip
def ocmd_policies() -> pikepdf.Pdf:
    page = OnePage()
    on = page.ocg("on", on=True)
    off = page.ocg("off", on=False)

    def ocmd(**entries: Any) -> Any:
        return page.pdf.make_indirect(Dictionary(Type=Name.OCMD, **entries))

    page.property("m1", ocmd(OCGs=Array([on]), P=Name.AllOff))
    page.property("m2", ocmd(OCGs=Array([on, off]), P=Name.AnyOn))
    page.property("m3", ocmd(OCGs=Array([on, off]), P=Name.AllOn))
    page.property("m4", ocmd(VE=Array([Name.Not, on])))
    page.property("m5", ocmd(VE=Array([Name.Or, off, on])))
    marks = ("ALLOFFOFON", "ANYONMIXED", "ALLONMIXED", "VENOTON", "VEORMIXED")
    return page.finish(
        "".join(f"/OC /m{i + 1} BDC " + text(72, 700 - 50 * i, mark) + "EMC " for i, mark in enumerate(marks))
    )


@probe(FORMLAYEROFF="optional-content", FORMLAYERON="")
def form_with_oc() -> pikepdf.Pdf:
    page = OnePage()
    off = page.ocg("off", on=False)
    on = page.ocg("on", on=True)
    page.add_xobject("Fm1", page.form(text(72, 700, "FORMLAYEROFF"), OC=off))
    page.add_xobject("Fm2", page.form(text(72, 650, "FORMLAYERON"), OC=on))
    return page.finish("/Fm1 Do /Fm2 Do")


@probe(ANNOTLAYEROFF="optional-content", ANNOTLAYERON="")
def annotation_with_oc() -> pikepdf.Pdf:
    page = OnePage()
    off = page.ocg("off", on=False)
    on = page.ocg("on", on=True)
    for y, mark, group in ((700, "ANNOTLAYEROFF", off), (650, "ANNOTLAYERON", on)):
        appearance = page.form(text(5, 10, mark), bbox=(0, 0, 200, 30))
        page.annotation("Stamp", (72, y, 272, y + 30), appearance, OC=group)
    return page.finish("")
