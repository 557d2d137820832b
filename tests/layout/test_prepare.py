"""prepare_glyphs leaves out the steps its survey of the page finds nothing for: on pages where
a step matters it still runs, and the glyphs come out as they do with every step run."""

from __future__ import annotations

import random

import pytest

from pagetext.content.glyph import Glyph, GlyphRun, glyph_from_points
from pagetext.layout.accents import compose_accents
from pagetext.layout.advance import follow_advance
from pagetext.layout.params import LayoutParams
from pagetext.layout.prepare import (
    drop_duplicates,
    drop_hidden_whitespace,
    join_actual_text,
    order_vertical_runs,
    prepare_glyphs,
)
from pagetext.layout.scripts import FIRST_RTL

_RUN = GlyphRun("F1", 10.0, 0, None, 0, (), 0.0, None, "", "", False, "", (), 0, b"", None, 0.0, 0.0, 100.0)
_ACROSS = (1.0, 0.0)
_DOWN = (0.0, -1.0)  # vertical writing


def _glyph(
    text: str, x: float, y: float, direction: tuple[float, float] = _ACROSS, original: str | None = None
) -> Glyph:
    """A glyph 5 wide along `direction`, 10 high (vertical: writing mode 1, 5 down, 10 across)."""
    ux, uy = direction
    end = (x + 5.0 * ux, y + 5.0 * uy)
    top = (-10.0 * uy, 10.0 * ux)
    quad = ((x, y), end, (end[0] + top[0], end[1] + top[1]), (x + top[0], y + top[1]))
    mode = 1 if direction == _DOWN else 0
    return glyph_from_points(
        text, 0, quad, (x, y), end, end, direction, 10.0, mode, text, _RUN, original_text=original
    )


def _line(text: str, x: float, y: float) -> list[Glyph]:
    return [_glyph(char, x + 5.0 * i, y) for i, char in enumerate(text)]


def _every_step(glyphs: list[Glyph], params: LayoutParams, originals: dict[int, Glyph]) -> list[Glyph]:
    """prepare_glyphs as it was before the survey: every step run on every page."""
    kept = join_actual_text(glyphs, originals)
    if params.drop_duplicates:
        kept = drop_duplicates(kept, params)
    kept = compose_accents(kept, params, originals)
    kept = drop_hidden_whitespace(kept)
    # Every step looked at, each told along or across by follow_advance's own test.
    return order_vertical_runs(follow_advance(kept, params, originals, list(range(1, len(kept)))))


def _key(glyph: Glyph) -> tuple[object, ...]:
    return (
        glyph.text, glyph.quad, glyph.baseline_start, glyph.baseline_end, glyph.glyph_end,
        glyph.direction, glyph.box_height, glyph.writing_mode, glyph.original_text,
    )  # fmt: skip


def _prepared(glyphs: list[Glyph], params: LayoutParams | None = None) -> list[Glyph]:
    """prepare_glyphs' result, checked against every step run, copies mapped back alike."""
    params = params or LayoutParams()
    originals: dict[int, Glyph] = {}
    expected_originals: dict[int, Glyph] = {}
    result, searched = prepare_glyphs(glyphs, params, originals)
    # The texts rtl_page searches: those not of one code point below the first right-to-left block.
    assert searched == [g.text for g in glyphs if len(g.text) != 1 or ord(g.text) >= FIRST_RTL]
    expected = _every_step(glyphs, params, expected_originals)
    assert [_key(glyph) for glyph in result] == [_key(glyph) for glyph in expected]
    mapped = [originals.get(id(glyph), glyph) for glyph in result]
    assert mapped == [expected_originals.get(id(glyph), glyph) for glyph in expected]
    return result


def _texts(glyphs: list[Glyph]) -> str:
    return "".join(glyph.text for glyph in glyphs)


def test_an_actual_text_span_is_joined_into_its_first_glyph() -> None:
    # "ﬁ" shown as f and i with /ActualText (fi): the i carries no text of its own.
    span = [_glyph("fi", 100.0, 700.0, original="f"), _glyph("", 105.0, 700.0, original="i")]
    glyphs = _line("de", 90.0, 700.0) + span + _line("x", 110.0, 700.0)
    result = _prepared(glyphs)
    assert _texts(result) == "defix"
    assert result[2].baseline_end == span[1].baseline_end  # stretched over the i


@pytest.mark.parametrize(("accent", "letter"), [("\u00b4", "\u00e1"), ("`", "\u00e0")])
def test_an_accent_over_its_letter_is_composed(accent: str, letter: str) -> None:
    # The grave is printable ASCII, the one such character the survey cannot pass over.
    glyphs = [*_line("J", 95.0, 700.0), _glyph(accent, 100.0, 700.0), *_line("an", 100.0, 700.0)]
    assert _texts(_prepared(glyphs)) == "J" + letter + "n"


def test_a_covered_space_is_dropped_where_the_survey_found_it() -> None:
    # "ab " with the c drawn over the space: no other step changes the glyphs.
    glyphs = _line("ab ", 100.0, 700.0) + _line("c", 110.0, 700.0) + _line("d e", 115.0, 700.0)
    assert _texts(_prepared(glyphs)) == "abcd e"


def test_a_covered_space_is_dropped_after_an_accent_moved_the_glyphs() -> None:
    # The composed accent leaves the list one shorter: the space is no longer where it was.
    accented = [_glyph("\u00b4", 100.0, 700.0), *_line("a ", 100.0, 700.0), *_line("b", 105.0, 700.0)]
    glyphs = _line("x ", 80.0, 700.0) + accented
    assert _texts(_prepared(glyphs)) == "x \u00e1b"


def test_a_space_at_the_end_of_the_page_stays() -> None:
    assert _texts(_prepared(_line("ab ", 100.0, 700.0))) == "ab "


def test_vertical_columns_are_read_right_to_left() -> None:
    # Two columns drawn left one first: the right one is read first.
    left = [_glyph(char, 100.0, 700.0 - 5.0 * i, _DOWN) for i, char in enumerate("ab")]
    right = [_glyph(char, 130.0, 700.0 - 5.0 * i, _DOWN) for i, char in enumerate("cd")]
    assert _texts(_prepared(left + right)) == "cdab"


def test_letters_set_one_under_the_other_after_a_line_are_read_along_their_advance() -> None:
    # Only the steps off a line are looked at: the line's own steps are passed over.
    stacked = [_glyph(char, 200.0, 700.0 - 10.0 * i) for i, char in enumerate("tag")]
    result = _prepared(_line("a line", 100.0, 720.0) + stacked)
    assert [glyph.direction for glyph in result[6:]] == [(0.0, -1.0)] * 3


def test_letters_stacked_after_accents_moved_the_glyphs_are_read_along_their_advance() -> None:
    # Two accents composed: the stacked letters' steps are two places before where they were.
    placed = [("\u00b4", 100.0), ("a", 100.0), ("\u00b4", 105.0), ("e", 105.0)]
    accented = [_glyph(text, x, 720.0) for text, x in placed]
    stacked = [_glyph(char, 200.0, 700.0 - 10.0 * i) for i, char in enumerate("tag")]
    result = _prepared(accented + stacked)
    assert _texts(result) == "\u00e1\u00e9tag"
    assert [glyph.direction for glyph in result[2:]] == [(0.0, -1.0)] * 3


def test_pages_mixing_every_step_come_out_as_with_every_step_run() -> None:
    rng = random.Random(39)
    pieces = ["plain", "space", "covered", "accent", "grave", "span", "copy", "vertical", "stacked"]
    for _ in range(200):
        glyphs: list[Glyph] = []
        y = 700.0
        for piece in rng.choices(pieces, k=rng.randint(1, 6)):
            x = rng.choice([50.0, 100.0, 100.5])
            if piece == "plain":
                glyphs += _line("word", x, y)
            elif piece == "space":
                glyphs += _line("a b", x, y)
            elif piece == "covered":
                glyphs += _line("a ", x, y) + _line("b", x + 5.0, y)
            elif piece in ("accent", "grave"):
                accent = "\u00b4" if piece == "accent" else "`"
                glyphs += [_glyph(accent, x, y), *_line("e", x, y)]
            elif piece == "span":
                glyphs += [_glyph("ff", x, y, original="f"), _glyph("", x + 5.0, y, original="f")]
            elif piece == "copy":
                glyphs += _line("bold", x, y) + _line("bold", x + 0.3, y)
            elif piece == "vertical":
                glyphs += [_glyph(char, x, y - 5.0 * i, _DOWN) for i, char in enumerate("tate")]
            else:
                glyphs += [_glyph(char, x, y - 10.0 * i) for i, char in enumerate("ab c")]
            y -= rng.choice([0.0, 12.0, 30.0])
        _prepared(glyphs, LayoutParams(drop_duplicates=rng.random() < 0.8))


def test_the_survey_finds_the_texts_that_may_be_right_to_left() -> None:
    params = LayoutParams()
    assert prepare_glyphs(_line("plain ASCII, no accent", 100.0, 700.0), params, {})[1] == []
    hebrew = "\u05e9\u05dc\u05d5\u05dd"
    assert prepare_glyphs(_line(f"x {hebrew}", 100.0, 700.0), params, {})[1] == list(hebrew)
    # Below the first right-to-left block: Latin-1 letters are no candidates, a dash above it is.
    assert prepare_glyphs(_line("caf\u00e9 \u2014 na\u00efve", 100.0, 700.0), params, {})[1] == ["\u2014"]
    # A text of two code points (a ligature's) is searched whatever it holds.
    assert prepare_glyphs([_glyph("fi", 100.0, 700.0)], params, {})[1] == ["fi"]
