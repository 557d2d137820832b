"""The interpreter: operators, graphics/text state, glyph geometry, marked content (forms:
test_forms.py)."""

from __future__ import annotations

import pikepdf
import pytest
from pikepdf import Dictionary

from pagetext.fonts import font as font_module
from tests.content.glyph_checks import close, text
from tests.pdfbuild import form, identity_font, open_page, simple_font

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
