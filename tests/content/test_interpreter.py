"""The interpreter: operators, graphics/text state, glyph geometry, marked content, forms."""

from __future__ import annotations

import pikepdf
import pytest
from pikepdf import Dictionary, Name

import pagetext
from pagetext.content.glyph import Glyph
from pagetext.fonts import font as font_module
from tests.pdfbuild import add_page, form, identity_font, new_pdf, open_page, simple_font, to_bytes

APPROX = 1e-6


def close(actual: object, expected: object) -> bool:
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected), (actual, expected)
        return all(close(a, e) for a, e in zip(actual, expected, strict=True))
    assert isinstance(actual, (int, float)) and isinstance(expected, (int, float))
    return abs(actual - expected) < APPROX


def text(glyphs: list[Glyph]) -> str:
    return "".join(g.text for g in glyphs)


# -- geometry of one glyph (SPEC §2, ISO 32000-1 §9.4.4) -------------------------------------


def test_plain_glyph_geometry() -> None:
    page = open_page(b"BT /F1 10 Tf 100 200 Td (AB) Tj ET")
    a, b = page.glyphs()
    assert (a.text, a.code, a.font_name, a.font_size) == ("A", 65, "Helvetica", 10)
    assert close(a.baseline_start, (100, 200))
    assert close(a.glyph_end, (105, 200))
    assert close(a.baseline_end, (105, 200))
    assert close(a.quad, ((100, 198), (105, 198), (105, 208), (100, 208)))
    assert close(a.direction, (1, 0))
    assert close(a.box_height, 10)
    assert (a.writing_mode, a.render_mode, a.mcid, a.token_index, a.forms) == (0, 0, None, 7, ())
    assert close(b.baseline_start, (105, 200))


def test_the_glyphs_of_one_string_share_one_run_record() -> None:
    page = open_page(b"BT /F1 10 Tf 0.5 Ts 100 200 Td (AB) Tj 3 Tr (C) Tj ET")
    a, b, c = page.glyphs()
    assert a.run is b.run and c.run is not a.run
    assert (c.render_mode, a.render_mode, c.font_name, c.token_index) == (3, 0, "Helvetica", 13)
    assert (a.rise, a.marked, a.annotation, a.field_name) == (0.5, None, "", "")
    assert a.source is not None and a.source.string == b"AB" and c.source.string == b"C"  # type: ignore[union-attr]


def test_a_strings_source_is_one_record_made_when_asked() -> None:
    # The run keeps the source's fields; glyph.source makes the TextSource once and gives the
    # same record for every glyph of the string. In a form the run's token index is -1 and the
    # source's token is the string's index in the form's own stream.
    def xobjects(pdf: pikepdf.Pdf) -> dict[str, object]:
        return {
            "Fm": form(
                pdf, b"BT /F1 10 Tf (CD) Tj ET", resources=Dictionary(Font=Dictionary(F1=simple_font(pdf)))
            )
        }

    page = open_page(b"BT /F1 10 Tf 1 Tc 2 Tw 50 Tz 100 200 Td (AB) Tj ET /Fm Do", xobjects=xobjects)
    a, b, c, d = page.glyphs(forms=True)
    assert a.run.made_source is None
    source = a.source
    assert source is not None and source is b.source and source is a.run.made_source
    assert (source.root, source.uses, source.token, source.string) == ("", (), 13, b"AB")
    assert (source.font_size, source.char_spacing, source.word_spacing, source.horizontal_scaling) == (
        10,
        1,
        2,
        0.5,
    )
    assert source.code_offsets() == [0, 1, 2]
    form_source = c.source
    assert form_source is not None and form_source is d.source and form_source is not source
    assert (c.token_index, form_source.token, form_source.string) == (-1, 4, b"CD")
    assert form_source.uses and form_source.uses[0][0] == 17  # the Do operator's token index


def test_char_and_word_spacing_extend_baseline_end_only() -> None:
    page = open_page(b"BT /F1 10 Tf 1 Tc 2 Tw 100 200 Td (A B) Tj ET")
    a, space, b = page.glyphs()
    assert close(a.glyph_end, (105, 200))
    assert close(a.baseline_end, (106, 200))  # + Tc
    assert close(space.baseline_start, (106, 200))
    assert close(space.glyph_end, (111, 200))
    assert close(space.baseline_end, (114, 200))  # + Tc + Tw: a single-byte code 32
    assert close(b.baseline_start, (114, 200))


def test_horizontal_scaling_scales_advance_and_spacing() -> None:
    page = open_page(b"BT /F1 10 Tf 1 Tc 50 Tz 100 200 Td (AB) Tj ET")
    a, b = page.glyphs()
    assert close(a.glyph_end, (102.5, 200))  # own advance × Tz
    assert close(a.baseline_end, (103, 200))  # (advance + Tc) × Tz
    assert close(b.baseline_start, (103, 200))
    assert close(a.box_height, 10)  # Tz does not change the height


def test_rise_shifts_origin_and_box() -> None:
    page = open_page(b"BT /F1 10 Tf 3 Ts 100 200 Td (A) Tj ET")
    (a,) = page.glyphs()
    assert close(a.baseline_start, (100, 203))
    assert close(a.quad, ((100, 201), (105, 201), (105, 211), (100, 211)))


def test_rotated_text_matrix() -> None:
    page = open_page(b"BT /F1 10 Tf 0 1 -1 0 100 200 Tm (AB) Tj ET")
    a, b = page.glyphs()
    assert close(a.direction, (0, 1))
    assert close(a.glyph_end, (100, 205))
    assert close(a.quad, ((102, 200), (102, 205), (92, 205), (92, 200)))
    assert close(a.box_height, 10)
    assert close(b.baseline_start, (100, 205))


def test_scaled_ctm_and_1pt_font_with_size_in_tm() -> None:
    page = open_page(b"2 0 0 2 0 0 cm BT /F1 1 Tf 10 0 0 10 50 100 Tm (AB) Tj ET")
    a, b = page.glyphs()
    assert a.font_size == 1
    assert close(a.baseline_start, (100, 200))
    assert close(a.glyph_end, (110, 200))
    assert close(a.box_height, 20)
    assert close(b.baseline_start, (110, 200))


def test_tj_numbers_move_the_pen_and_token_indices_point_at_strings() -> None:
    # Tokens: BT /F1 10 Tf 100 200 Td [ (A) -1000 (B) ] TJ
    page = open_page(b"BT /F1 10 Tf 100 200 Td [(A) -1000 (B)] TJ ET")
    a, b = page.glyphs()
    assert close(b.baseline_start, (115, 200))
    assert (a.token_index, b.token_index) == (8, 10)


def test_td_TD_Tstar_TL_and_quote_operators() -> None:
    content = b"BT /F1 10 Tf 12 TL 100 200 Td (A) Tj (B) ' 3 1 (C D) \" 0 -20 TD (E) Tj T* (F) Tj ET"
    page = open_page(content)
    a, b, c, space, d, e, f = page.glyphs()
    assert close(a.baseline_start, (100, 200))
    assert close(b.baseline_start, (100, 188))
    assert close(c.baseline_start, (100, 176))
    assert close(space.baseline_start, (106, 176))  # C: 5 + Tc 1
    assert close(d.baseline_start, (115, 176))  # space: 5 + Tc 1 + Tw 3
    assert close(e.baseline_start, (100, 156))
    assert close(f.baseline_start, (100, 136))  # TD set TL to 20
    assert (b.token_index, c.token_index) == (11, 15)  # the strings before the quote operators


def test_q_Q_restore_the_whole_text_state() -> None:
    content = (
        b"BT /F1 10 Tf 1 Tc 2 Tw 80 Tz 5 TL 1 Tr 2 Ts 100 200 Td "
        b"q /F2 20 Tf 0 Tc 0 Tw 100 Tz 0 TL 0 Tr 0 Ts <0001> Tj Q (A) Tj ET"
    )
    page = open_page(content, fonts=lambda pdf: {"F1": simple_font(pdf), "F2": identity_font(pdf, {1: "中"})})
    wide, a = page.glyphs()
    assert (wide.text, wide.font_name, wide.font_size, wide.render_mode) == ("中", "TestCID", 20, 0)
    assert (a.text, a.font_name, a.font_size, a.render_mode) == ("A", "Helvetica", 10, 1)
    assert close(a.baseline_start[1], 202)  # Ts 2 restored
    assert close(a.glyph_end[0] - a.baseline_start[0], 4)  # 5 × Tz 0.8
    assert close(a.baseline_end[0] - a.baseline_start[0], (5 + 1) * 0.8)  # Tc 1 restored


def test_unbalanced_Q_is_ignored() -> None:
    page = open_page(b"Q Q 1 0 0 1 10 0 cm BT /F1 10 Tf (A) Tj ET")
    (a,) = page.glyphs()
    assert close(a.baseline_start, (10, 0))


def test_too_many_operands_keep_the_last_and_warn() -> None:
    page = open_page(b"BT /F1 10 Tf 7 8 100 200 Td (A) Tj ET")
    (a,) = page.glyphs()
    assert close(a.baseline_start, (100, 200))
    assert any("kept the last 2" in w for w in page.warnings)


def test_too_few_operands_skip_the_operator_and_warn() -> None:
    page = open_page(b"BT /F1 10 Tf 100 200 Td 5 Td (A) Tj ET")
    (a,) = page.glyphs()
    assert close(a.baseline_start, (100, 200))
    assert any("needs 2 operands" in w for w in page.warnings)


def test_wrong_operand_types_and_unknown_operators_are_skipped() -> None:
    page = open_page(b"BT /F1 10 Tf (x) (y) Td 1 2 frob 100 200 Td (A) Tj ET")
    (a,) = page.glyphs()
    assert close(a.baseline_start, (100, 200))
    assert any("wrong type" in w for w in page.warnings)
    assert any("frob" in w for w in page.warnings)


def test_text_before_any_font_uses_fallback_metrics() -> None:
    page = open_page(b"BT 100 200 Td (A) Tj ET")
    (a,) = page.glyphs()
    assert a.text == "A"
    assert close(a.glyph_end[0] - a.baseline_start[0], 0)  # Tfs was never set
    assert any("before any Tf" in w for w in page.warnings)


def test_render_mode_is_recorded() -> None:
    page = open_page(b"BT /F1 10 Tf 3 Tr (A) Tj 0 Tr (B) Tj ET")
    assert [g.render_mode for g in page.glyphs()] == [3, 0]


def test_contents_array_cut_between_operand_and_operator() -> None:
    page = open_page([b"BT /F1 10 Tf 100 200 Td (A)", b"Tj (B) Tj ET"])
    a, b = page.glyphs()
    assert text([a, b]) == "AB"
    assert (a.token_index, b.token_index) == (7, 9)


def test_vertical_writing_identity_v() -> None:
    page = open_page(
        b"BT /F2 10 Tf 100 200 Td <00010002> Tj [<0003> 500 <0001>] TJ ET",
        fonts=lambda pdf: {"F2": identity_font(pdf, {1: "縦", 2: "書", 3: "き"}, vertical=True)},
    )
    one, two, three, four = page.glyphs()
    assert text([one, two, three, four]) == "縦書き縦"
    assert one.writing_mode == 1
    assert close(one.direction, (0, -1))
    assert close(one.glyph_end, (100, 190))
    assert close(one.baseline_end, (100, 190))
    assert close(one.quad, ((95, 190), (105, 190), (105, 200), (95, 200)))
    assert close(one.box_height, 10)
    assert close(two.baseline_start, (100, 190))
    assert close(three.baseline_start, (100, 180))
    assert close(four.baseline_start, (100, 165))  # a TJ number of 500 moves down by 5


def test_marked_content_ids_inline_and_named() -> None:
    content = (
        b"/P <</MCID 3>> BDC BT /F1 10 Tf (A) Tj ET EMC "
        b"/Span /MC0 BDC BT /F1 10 Tf (B) Tj /Inner BMC (C) Tj EMC ET EMC BT /F1 10 Tf (D) Tj ET EMC"
    )
    page = open_page(content, properties={"MC0": Dictionary(MCID=7)})
    assert [(g.text, g.mcid) for g in page.glyphs()] == [("A", 3), ("B", 7), ("C", 7), ("D", None)]


# -- Form XObjects (SPEC §3.5) ---------------------------------------------------------------


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


@pytest.mark.parametrize("operator", [b"d0", b"d1"])
def test_type3_glyph_operators_are_accepted(operator: bytes) -> None:
    operands = b"500 0" if operator == b"d0" else b"500 0 0 0 500 500"
    page = open_page(operands + b" " + operator + b" BT /F1 10 Tf (A) Tj ET")
    assert text(page.glyphs()) == "A"
    assert page.warnings == []


def test_a_text_operator_that_fails_part_way_keeps_none_of_its_glyphs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The interpreter skips a failing operator whole. A TJ appends its strings' glyphs to the
    # device's list as it goes, so when its second string fails to decode, the glyphs of its
    # first are taken out again; the next operator shows as before.
    if not font_module.__file__.endswith(".py"):
        pytest.skip("a compiled class's methods cannot be replaced")
    decode = font_module.SimpleFont.decode

    def failing(self: font_module.SimpleFont, data: bytes) -> list[font_module.DecodedGlyph]:
        if data == b"EF":
            raise ValueError("a string that does not decode")
        return decode(self, data)

    monkeypatch.setattr(font_module.SimpleFont, "decode", failing)
    page = open_page(b"BT /F1 10 Tf 100 200 Td (AB) Tj [(CD) -500 (EF)] TJ (GH) Tj ET")
    assert text(page.glyphs()) == "ABGH"
