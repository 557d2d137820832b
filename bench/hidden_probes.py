"""Held-out probes for hidden text (issue 38): hand-made PDFs, each with marker words whose
expected visibility is known from the issue's rules, checked against Glyph.hidden.

    python -m bench.hidden_probes [--render] [--only NAME]

Each mark expects a set of reasons that must all be on every one of its glyphs, or nothing
(a control: every glyph must be visible). Extra reasons do not fail a mark. A mark not read as
glyphs at all is looked for in page.hidden_text() (an annotation hidden by optional content is
reported there). --render also renders every probe with and without its text (bench.hidden_render)
and prints whether the mark leaves ink, which checks the probe's own expectation against
poppler. The PDFs are written to bench/.cache/hidden/probes/.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext
from bench.hidden_pdf import OnePage, circle, text

OUT = Path(__file__).resolve().parent / ".cache" / "hidden" / "probes"
VISIBLE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Mark:
    text: str
    expect: frozenset[str]  # reasons that must be present; empty: must be visible


@dataclass(frozen=True)
class Probe:
    name: str
    build: Callable[[], pikepdf.Pdf]
    marks: tuple[Mark, ...]


def _marks(**expected: str) -> tuple[Mark, ...]:
    """MARK="reason reason" or MARK="" for a control."""
    return tuple(Mark(name, frozenset(reasons.split())) for name, reasons in expected.items())


PROBES: list[Probe] = []


def probe(**expected: str) -> Callable[[Callable[[], pikepdf.Pdf]], Callable[[], pikepdf.Pdf]]:
    def register(build: Callable[[], pikepdf.Pdf]) -> Callable[[], pikepdf.Pdf]:
        PROBES.append(Probe(build.__name__, build, _marks(**expected)))
        return build

    return register


# --- invisible-mode ---------------------------------------------------------------------


@probe(MODETHREE="invisible-mode", SHOWNPLAIN="")
def mode_3() -> pikepdf.Pdf:
    return OnePage().finish(text(72, 700, "MODETHREE", pre="3 Tr") + text(72, 650, "SHOWNPLAIN"))


@probe(MODESEVEN="invisible-mode", AFTERSEVEN="")
def mode_7_in_q() -> pikepdf.Pdf:
    # Tr 7 adds the glyphs to the clip at ET: q/Q keeps that clip away from the control.
    return OnePage().finish("q " + text(72, 700, "MODESEVEN", pre="7 Tr") + "Q " + text(72, 650, "AFTERSEVEN"))


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
        "q " + circle(300, 500, 100) + "W n " + text(255, 495, "INCIRCLE") + text(202, 590, "CORNER", 10) + "Q"
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
    return OnePage().finish(text(-200, 400, "LEFTOFPAGE") + text(72, 900, "ABOVEPAGE") + text(72, 400, "ONPAGE"))


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

    def ocmd(**entries: object) -> object:
        return page.pdf.make_indirect(Dictionary(Type=Name.OCMD, **entries))

    page.property("m1", ocmd(OCGs=Array([on]), P=Name.AllOff))
    page.property("m2", ocmd(OCGs=Array([on, off]), P=Name.AnyOn))
    page.property("m3", ocmd(OCGs=Array([on, off]), P=Name.AllOn))
    page.property("m4", ocmd(VE=Array([Name.Not, on])))
    page.property("m5", ocmd(VE=Array([Name.Or, off, on])))
    return page.finish(
        "".join(
            f"/OC /{tag} BDC " + text(72, 700 - 50 * index, mark) + "EMC "
            for index, (tag, mark) in enumerate(
                [("m1", "ALLOFFOFON"), ("m2", "ANYONMIXED"), ("m3", "ALLONMIXED"), ("m4", "VENOTON"),
                 ("m5", "VEORMIXED")]  # fmt: skip
            )
        )
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


# --- running ----------------------------------------------------------------------------


def build_all(out: Path = OUT, only: str = "") -> list[tuple[Probe, Path]]:
    out.mkdir(parents=True, exist_ok=True)
    built = []
    for item in PROBES:
        if only and only not in item.name:
            continue
        path = out / f"{item.name}.pdf"
        item.build().save(path)
        built.append((item, path))
    return built


def mark_span(glyphs: list[pagetext.Glyph], mark: str) -> tuple[int, int] | None:
    """Where `mark` is among the glyphs (first index, end index), or None."""
    starts = [0]
    for glyph in glyphs:
        starts.append(starts[-1] + len(glyph.text))
    at = "".join(g.text for g in glyphs).find(mark)
    if at < 0 or at not in starts or at + len(mark) not in starts:
        return None
    return starts.index(at), starts.index(at + len(mark))


def judge(page: pagetext.Page, mark: Mark) -> tuple[str, bool]:
    """What pagetext says about a mark ("visible", reasons joined, or "missing") and whether
    that passes."""
    glyphs = page.glyphs(forms=True, annotations=True, hidden="flag")
    span = mark_span(glyphs, mark.text)
    if span is None:
        spans = [span for span in page.hidden_text() if mark.text in span.text.replace(" ", "")]
        if not spans:
            return "missing", False
        reasons = set(spans[0].reasons)
        return " ".join(sorted(reasons)) + " (hidden_text)", bool(mark.expect) and mark.expect <= reasons
    glyphs = glyphs[span[0] : span[1]]
    union = {reason for glyph in glyphs for reason in glyph.hidden or ()}
    got = " ".join(sorted(union)) or "visible"
    if not mark.expect:
        return got, not union
    return got, all(mark.expect <= set(glyph.hidden or ()) for glyph in glyphs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--render", action="store_true", help="also check each mark's ink with poppler")
    parser.add_argument("--only", default="", help="probes whose name contains this")
    args = parser.parse_args(argv)
    rows = []
    for item, path in build_all(only=args.only):
        inks: dict[str, str] = {}
        if args.render:
            from bench.hidden_render import mark_ink

            inks = mark_ink(path, [mark.text for mark in item.marks])
        with pagetext.open(path) as document:
            page = document[0]
            for mark in item.marks:
                got, passed = judge(page, mark)
                expected = " ".join(sorted(mark.expect)) or "visible"
                rows.append((item.name, mark.text, expected, got, passed, inks.get(mark.text, "")))
    widths = [max(len(str(row[i])) for row in rows) for i in range(4)]
    header = ("probe", "mark", "expected", "got")
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + "  pass" + ("  ink" if args.render else ""))
    for row in rows:
        cells = "  ".join(str(cell).ljust(w) for cell, w in zip(row[:4], widths, strict=True))
        print(f"{cells}  {'yes ' if row[4] else 'NO  '}  {row[5]}".rstrip())
    passed = sum(row[4] for row in rows)
    hidden_rows = [row for row in rows if row[2] != "visible"]
    controls = [row for row in rows if row[2] == "visible"]
    print(
        f"\npassed {passed}/{len(rows)} ({100 * passed / len(rows):.0f}%): "
        f"hidden marks {sum(r[4] for r in hidden_rows)}/{len(hidden_rows)}, "
        f"controls {sum(r[4] for r in controls)}/{len(controls)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
