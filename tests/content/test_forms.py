"""Form XObjects drawn by the interpreter (SPEC §3.5, ISO 32000-1 §8.10)."""

from __future__ import annotations

from pikepdf import Dictionary, Name

import pagetext
from tests.content.glyph_checks import close, text
from tests.pdfbuild import add_page, form, new_pdf, open_page, simple_font, to_bytes


def _form_page(build: object) -> pagetext.Page:
    """A page whose resources come from build(pdf) -> (content, fonts, xobjects)."""
    pdf = new_pdf()
    content, fonts, xobjects = build(pdf)  # type: ignore[operator]
    add_page(pdf, content, fonts=fonts, xobjects=xobjects)
    return pagetext.open(to_bytes(pdf))[0]


def _font_resources(pdf: object, **fonts: object) -> Dictionary:
    return Dictionary(Font=Dictionary({"/" + k: v for k, v in fonts.items()}))


def test_form_drawn_twice_side_by_side_with_its_matrix() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        fm = form(
            pdf,
            b"BT /F1 10 Tf 0 0 Td (A) Tj ET",
            resources=_font_resources(pdf, F1=font),
            matrix=[1, 0, 0, 1, 5, 6],
        )
        return b"q 1 0 0 1 100 100 cm /Fm1 Do Q q 1 0 0 1 300 100 cm /Fm1 Do Q", {"F1": font}, {"Fm1": fm}

    page = _form_page(build)
    assert page.glyphs() == []  # the default: page-stream glyphs only
    first, second = page.glyphs(forms=True)
    assert close(first.baseline_start, (105, 106))
    assert close(second.baseline_start, (305, 106))
    assert (first.token_index, first.forms) == (-1, ("Fm1",))


def test_nested_forms_and_a_form_without_resources_borrows_its_parents() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        narrow = simple_font(pdf, base_font="Narrow", widths=[250] * 95)
        inner = form(pdf, b"BT /FN 10 Tf (AB) Tj ET", matrix=[2, 0, 0, 2, 0, 0])
        outer = form(
            pdf,
            b"/Inner Do",
            resources=Dictionary(Font=Dictionary(FN=narrow), XObject=Dictionary(Inner=inner)),
            matrix=[1, 0, 0, 1, 10, 0],
        )
        return b"BT /F1 10 Tf (x) Tj ET /Outer Do", {"F1": simple_font(pdf)}, {"Outer": outer}

    page = _form_page(build)
    x, a, b = page.glyphs(forms=True)
    assert (x.token_index, x.forms) == (1 + 3, ())
    assert (a.text, a.font_name, a.forms) == ("A", "Narrow", ("Outer", "Inner"))
    assert close(a.baseline_start, (10, 0))
    assert close(b.baseline_start, (15, 0))  # 250/1000 × 10 × CTM scale 2
    assert close(a.box_height, 20)


def test_self_referencing_form_is_drawn_once_with_a_warning() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        loop = form(pdf, b"BT /F1 10 Tf (A) Tj ET /Self Do")
        loop.Resources = Dictionary(Font=Dictionary(F1=font), XObject=Dictionary(Self=loop))
        return b"/Self Do", {"F1": font}, {"Self": loop}

    page = _form_page(build)
    assert text(page.glyphs(forms=True)) == "A"
    assert any("cycle" in w for w in page.warnings)


def test_mutually_referencing_forms_are_each_drawn_once() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        one = form(pdf, b"BT /F1 10 Tf (A) Tj ET /Two Do")
        two = form(pdf, b"BT /F1 10 Tf (B) Tj ET /One Do")
        one.Resources = Dictionary(Font=Dictionary(F1=font), XObject=Dictionary(Two=two))
        two.Resources = Dictionary(Font=Dictionary(F1=font), XObject=Dictionary(One=one))
        return b"/One Do /Two Do", {"F1": font}, {"One": one, "Two": two}

    page = _form_page(build)
    glyphs = page.glyphs(forms=True)
    assert [(g.text, g.forms) for g in glyphs] == [
        ("A", ("One",)),
        ("B", ("One", "Two")),
        ("B", ("Two",)),
        ("A", ("Two", "One")),
    ]
    assert sum("cycle" in w for w in page.warnings) == 2


def test_one_form_through_two_parents_is_drawn_each_time() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        shared = form(pdf, b"BT /F1 10 Tf (S) Tj ET", resources=_font_resources(pdf, F1=font))
        left = form(pdf, b"/S Do", resources=Dictionary(XObject=Dictionary(S=shared)))
        right = form(
            pdf, b"/S Do", resources=Dictionary(XObject=Dictionary(S=shared)), matrix=[1, 0, 0, 1, 50, 0]
        )
        return b"/L Do /R Do", {"F1": font}, {"L": left, "R": right}

    page = _form_page(build)
    glyphs = page.glyphs(forms=True)
    assert [(g.text, g.forms) for g in glyphs] == [("S", ("L", "S")), ("S", ("R", "S"))]
    assert close(glyphs[1].baseline_start, (50, 0))
    assert not any("cycle" in w for w in page.warnings)


def test_form_depth_limit() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        chain = form(pdf, b"BT /F1 10 Tf (Z) Tj ET", resources=_font_resources(pdf, F1=font))
        for _ in range(40):
            chain = form(
                pdf,
                b"BT /F1 10 Tf (x) Tj ET /N Do",
                resources=Dictionary(Font=Dictionary(F1=font), XObject=Dictionary(N=chain)),
            )
        return b"/N Do", {"F1": font}, {"N": chain}

    page = _form_page(build)
    glyphs = page.glyphs(forms=True)
    assert len(glyphs) == 32
    assert "Z" not in text(glyphs)
    assert any("deeper than 32" in w for w in page.warnings)


def test_form_bbox_clipping_is_optional() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        font = simple_font(pdf)
        fm = form(
            pdf,
            b"BT /F1 10 Tf 0 0 Td (A) Tj 200 0 Td (B) Tj ET",
            resources=_font_resources(pdf, F1=font),
            bbox=[0, -5, 100, 20],
            matrix=[1, 0, 0, 1, 10, 10],
        )
        return b"/Fm Do", {"F1": font}, {"Fm": fm}

    page = _form_page(build)
    assert text(page.glyphs(forms=True)) == "AB"
    assert text(page.glyphs(forms=True, clip_forms=True)) == "A"


def test_image_xobjects_are_skipped() -> None:
    def build(pdf):  # type: ignore[no-untyped-def]
        image = pdf.make_stream(b"\x00")
        image.Type, image.Subtype = Name.XObject, Name.Image
        image.Width, image.Height, image.BitsPerComponent, image.ColorSpace = 1, 1, 8, Name.DeviceGray
        return b"/Im Do BT /F1 10 Tf (A) Tj ET", {"F1": simple_font(pdf)}, {"Im": image}

    page = _form_page(build)
    assert text(page.glyphs(forms=True)) == "A"
    assert page.warnings == []


def test_missing_xobject_warns() -> None:
    page = open_page(b"/Nope Do BT /F1 10 Tf (A) Tj ET")
    assert text(page.glyphs()) == "A"
    assert any("Nope" in w for w in page.warnings)
