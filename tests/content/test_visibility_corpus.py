"""Glyph.hidden on real files of the corpus, each checked against its rendered page."""

from __future__ import annotations

import pagetext
from tests.corpus import CORPUS, needs_corpus

REAL = CORPUS / "real"


def _hidden_words(name: str, page: int) -> list[tuple[str, tuple[str, ...]]]:
    with pagetext.open(REAL / name) as doc:
        return [(w.text, w.hidden) for w in doc[page - 1].words(hidden="flag") if w.hidden]


@needs_corpus
def test_a_printers_slug_in_white_is_same_color() -> None:
    # The Federal Register's slug line at the foot of the page is printed white on white.
    found = _hidden_words("pdfplumber__federal-register-2020-17221.pdf", 1)
    assert ("VerDate", ("same-color",)) in found
    with pagetext.open(REAL / "pdfplumber__federal-register-2020-17221.pdf") as doc:
        page = doc[0]
        assert "VerDate" in page.text()
        assert "VerDate" not in page.text(hidden="drop")
        assert "ADDRESSES:" in page.text(hidden="drop")


@needs_corpus
def test_a_tax_tables_rules_drawn_as_thick_dashes_hide_nothing() -> None:
    # Vertical rules are 30-pt strokes half a point long, butt-capped, beside the header
    # text; black text on white there is shown.
    assert _hidden_words("pdfminer__i1040nr.pdf", 35) == []


@needs_corpus
def test_the_copy_a_fill_paints_over_is_covered_and_its_twin_on_top_is_not() -> None:
    # The box's text is drawn, the box is filled over it, and the text is drawn again.
    with pagetext.open(REAL / "pdfplumber__issue-71-duplicate-chars-2.pdf") as doc:
        glyphs = doc[0].glyphs(forms=True, hidden="flag")
    objectives = [g for g in glyphs if g.text == "O" and 555 < g.center[1] < 565]  # "OBJECTIFS"
    assert sorted(g.hidden for g in objectives) == [(), ("covered",)]


@needs_corpus
def test_a_form_clipped_to_a_figure_hides_the_other_pages_text_it_carries() -> None:
    # Form Im6 draws a whole page clipped to the figure's box (y 299.8 to 507.9): its words
    # outside the box are clipped, the figure's labels "(a)" and "(b)" inside it are shown.
    with pagetext.open(REAL / "pymupdf__test_4026.pdf") as doc:
        words = doc[4].words(hidden="flag")
    drawn_by_form = [w for w in words if w.glyphs[0].forms == ("Im6",)]
    assert len(drawn_by_form) > 300
    for word in drawn_by_form:
        middle = (word.bounds[1] + word.bounds[3]) / 2
        assert ("clipped" in word.hidden) == (not 299.8 < middle < 507.9), word.text
    assert {w.text for w in drawn_by_form if not w.hidden} == {"(a)", "(b)"}
    assert all(not w.hidden for w in words if not w.glyphs[0].forms)
