"""The word-gap model on the layouts that corrupt data when it goes wrong: rows of numbers,
code set token by token, letter-spaced text (Tc, ashow), justified text, fake bold.

Fonts: 10 pt, box height 10 (ascent 800, descent -200), so the base word-space limit is 1.5.
`proportional` is a font whose glyphs have different widths (digits 556 units, as in most
fonts); `fixed` is a monospaced one (600 units, /Flags FixedPitch).
"""

from __future__ import annotations

from typing import Any

import pikepdf
import pytest

from pagetext.layout.assembly import explain
from pagetext.layout.params import LayoutParams
from tests.pdfbuild import open_page, simple_font


def _proportional_widths() -> list[float]:
    # codes 32..126: space 278, digits 556, "." "," 278, letters 500–722 by code.
    widths: list[float] = []
    for code in range(32, 127):
        char = chr(code)
        if char.isdigit():
            widths.append(556)
        elif char in " .,;:!|il'":
            widths.append(278)
        elif char.isalpha():
            widths.append(500 + (code % 5) * 55)
        else:
            widths.append(584)
    return widths


WIDTHS = dict(zip(map(chr, range(32, 127)), _proportional_widths(), strict=True))


def proportional(pdf: pikepdf.Pdf) -> dict[str, Any]:
    return {"F1": simple_font(pdf, widths=_proportional_widths())}


def fixed(pdf: pikepdf.Pdf) -> dict[str, Any]:
    font = simple_font(pdf, base_font="TestMono", widths=[600] * 95)
    font.FontDescriptor.Flags = 32 | 1  # Nonsymbolic, FixedPitch (ISO 32000-1 Table 123)
    return {"F1": font}


def text(content: bytes, fonts: Any = proportional) -> str:
    return open_page(content, fonts=fonts).text()


def cells(values: list[str], right_edges: list[float], size: float = 10) -> bytes:
    """One text object per cell, each right-aligned at its edge (digits 5.56 wide at 10 pt)."""
    parts = []
    for value, right in zip(values, right_edges, strict=True):
        width = sum(0.278 if c in ".," else 0.556 for c in value) * size
        parts.append(b"BT /F1 %g Tf %.2f 700 Td (%s) Tj ET" % (size, right - width, value.encode()))
    return b"\n".join(parts)


def test_single_digit_cells_in_evenly_spaced_columns_stay_apart() -> None:
    # Right-aligned one-digit cells 25 pt apart: every gap is the same (19.44), as even as
    # tracked letters, but wider than a digit: each cell is a number of its own.
    values = ["0", "1", "0", "0", "5", "5", "1", "2", "3", "0", "0", "0"]
    content = cells(values, [100 + 25 * i for i in range(len(values))])
    assert text(content) == " ".join(values)


def test_mixed_number_cells_keep_their_digits() -> None:
    # The row of the issue: multi-digit numbers and single digits in narrow columns.
    values = ["0", "100", "55", "12", "3", "0", "0", "0", "0", "1", "0", "0", "171"]
    content = cells(values, [100 + 24 * i for i in range(len(values))])
    assert text(content) == " ".join(values)


def test_narrow_number_columns_with_thousands_separators() -> None:
    # Columns 28 pt apart hold numbers up to 25 pt wide: gaps of 3–22 pt between cells; the
    # total's column is wider.
    values = ["8,785", "267", "4,596", "27", "4", "37", "0", "1", "0", "0", "71", "13,794"]
    content = cells(values, [130 + 28 * i for i in range(len(values) - 1)] + [130 + 28 * 11 + 6])
    assert text(content) == " ".join(values)


def test_cells_spaced_by_character_spacing_stay_apart() -> None:
    # One string draws two cells: Tc 24 moves the pen from "3" to the next column. The pen
    # continues, but the gap is four box heights: no letter spacing joins it.
    content = b"BT /F1 10 Tf 100 700 Td (12) Tj 24 Tc 30 0 Td (30) Tj 0 Tc 60 0 Td (171) Tj ET"
    assert text(content) == "12 3 0 171"


def test_kerning_inside_numbers_joins_the_digits() -> None:
    content = b"BT /F1 10 Tf 100 700 Td [(1) 30 (2) -40 (,) 20 (345) -100 (.) 50 (67)] TJ ET"
    assert text(content) == "12,345.67"


def test_monospaced_code_placed_token_by_token() -> None:
    # Each token of `for (var k = i + i;` drawn at its column (6 pt per character), no space
    # glyphs: a one-character gap is a space, even as evenly as letter spacing.
    code = "for (var k = i + i; i < 100; k += i)"
    parts = []
    column = 0
    for token in code.split(" "):
        escaped = token.replace("(", "\\(").replace(")", "\\)").encode()
        parts.append(b"BT /F1 10 Tf %.1f 700 Td (%s) Tj ET" % (100 + 6 * column, escaped))
        column += len(token) + 1
    assert text(b"\n".join(parts), fonts=fixed) == code


@pytest.mark.parametrize("tracking", [1, 2, 4])
def test_letter_spaced_heading_with_tc(tracking: int) -> None:
    # Tc of 0.1–0.4 em between letters; a space glyph (and its Tc) between the words.
    content = b"BT /F1 10 Tf %d Tc 100 700 Td (FELINE FOCUS) Tj ET" % tracking
    assert text(content) == "FELINE FOCUS"


def test_a_short_letter_spaced_word_joins_by_the_letter_gaps_around_it() -> None:
    # "OF" has one letter gap; the letter gaps either side are spaced alike.
    assert text(b"BT /F1 10 Tf 3 Tc 100 700 Td (TABLE OF CONTENTS) Tj ET") == "TABLE OF CONTENTS"


def test_tc_alone_is_no_letter_spacing() -> None:
    # Ghostscript writes "A Study" as (AS) with Tc 3, then places "tudy" back at the end of
    # "S", and a page number "- 2 -" as (-2-) with Tc 2.5: gaps that no run of letter gaps
    # repeats are word spaces.
    content = b"BT /F1 10 Tf 3 Tc 100 700 Td (AS) Tj 0 Tc 13.11 0 Td (tudy of it) Tj ET"
    assert text(content) == "A Study of it"
    assert text(b"BT /F1 10 Tf 2.5 Tc 100 700 Td (-2-) Tj ET") == "- 2 -"
    assert text(b"BT /F1 10 Tf 2.5 Tc 100 700 Td (1 2 3) Tj ET") == "1 2 3"
    assert text(b"BT /F1 10 Tf 3 Tc 100 700 Td (OF) Tj ET") == "O F"


def test_words_placed_apart_in_a_tc_line_stay_words() -> None:
    # Tc 2 tracks the letters; a TJ move of 0.4 em beyond it separates the words.
    content = b"BT /F1 10 Tf 2 Tc 100 700 Td [(ANNUAL) -400 (REPORT)] TJ ET"
    assert text(content) == "ANNUAL REPORT"


def test_ashow_style_line_keeps_its_words() -> None:
    # Every glyph its own string, moved on by its width plus 1.6 pt (0.16 of the box
    # height, just past the word-gap limit); the word gap adds a space's width (2.78).
    def show(words: list[str], extra: float) -> bytes:
        parts = [b"BT /F1 10 Tf 100 700 Td"]
        for number, word in enumerate(words):
            if number:
                parts.append(b"%.3f 0 Td" % (WIDTHS[" "] / 100 + extra))
            for char in word:
                parts.append(b"(%s) Tj %.3f 0 Td" % (char.encode(), WIDTHS[char] / 100 + extra))
        return b" ".join([*parts, b"ET"])

    assert text(show(["run", "it."], 1.6)) == "run it."
    assert text(show(["letters", "spaced", "by", "ashow"], 2.5)) == "letters spaced by ashow"


def test_justified_text_with_large_word_spacing() -> None:
    # Tw 8 widens only the space glyphs (one-byte code 32, §9.3.3): the words stay whole.
    content = b"BT /F1 10 Tf 8 Tw 100 700 Td (justified words in a line) Tj ET"
    assert text(content) == "justified words in a line"


def test_leader_dots_keep_the_space_before_them() -> None:
    # A title, a word gap, then dots 3 pt apart (uniform, like tracked letters, but dots):
    # the gap before the dots is a space, the dots stay one run, the page number apart.
    title = "Post-training Data"
    start = sum(WIDTHS[char] for char in title) / 100 + 4  # a gap of 0.4 em after the title
    dots = b" ".join(b"(.) Tj 3 0 Td" for _ in range(12))
    content = b"BT /F1 10 Tf 100 700 Td (%s) Tj %.2f 0 Td %s 10 0 Td (6) Tj ET" % (
        title.encode(),
        start,
        dots,
    )
    assert text(content) == "Post-training Data ............ 6"


def test_fake_bold_copies_leave_the_word_gaps_alone() -> None:
    # Each glyph drawn again 0.3 pt to the right (fake bold), word by word with TJ gaps.
    def bold(words: list[str]) -> bytes:
        parts = []
        x = 100.0
        for word in words:
            for char in word:
                for dx in (0.0, 0.3):
                    parts.append(b"BT /F1 10 Tf %.2f 700 Td (%s) Tj ET" % (x + dx, char.encode()))
                x += WIDTHS[char] / 100
            x += WIDTHS[" "] / 100
        return b"\n".join(parts)

    assert text(bold(["BOLD", "TEXT", "SAMPLE"])) == "BOLD TEXT SAMPLE"


def test_explain_names_the_evidence_of_letter_spacing() -> None:
    page = open_page(b"BT /F1 10 Tf 3 Tc 100 700 Td (TABLE OF) Tj ET", fonts=proportional)
    decision = next(d for prev, glyph, d in explain(page.glyphs(), LayoutParams()) if prev.text == "O")
    assert not decision.space
    assert decision.reason == "letter-spaced: the letter gaps around it are 0.30 × box height"


def test_letter_spaced_words_of_two_sizes_are_tracked_apart() -> None:
    # "FELINE" at 10 pt tracked by 2.6 pt, "FOCUS" at 13 pt by 2.1 pt: their letter gaps
    # differ as shares of their box heights, each word's own neighbours tell its tracking.
    content = b"BT /F1 10 Tf 2.6 Tc 100 700 Td (FELINE) Tj /F1 13 Tf 2.1 Tc 75 0 Td (FOCUS) Tj ET"
    assert text(content) == "FELINE FOCUS"


def test_short_words_justified_alike_are_no_letter_spacing() -> None:
    # Word gaps of 0.3 em between short words, as even as tracking, but the letters touch.
    content = (
        b"BT /F1 10 Tf 100 700 Td [(on) -300 (an) -300 (AS) -300 (IS) -300 (basis) -300 (of) -300 (it)] TJ ET"
    )
    assert text(content) == "on an AS IS basis of it"


def test_a_font_with_equal_widths_is_monospaced() -> None:
    # Letters 6 pt wide, 10.8 pt apart: gaps of 4.8 (0.48 of the box height), as even as
    # tracking. In a font whose /Widths are all equal (no FixedPitch flag) such a gap is a
    # space; in a proportional font the same letters are letter-spaced.
    def equal(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, base_font="TestCode", widths=[600] * 95)}

    def varied(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, widths=[300 + 5 * i for i in range(60)] + [600] * 35)}

    letters = [b"BT /F1 10 Tf %.1f 700 Td (%c) Tj ET" % (100 + 10.8 * i, c) for i, c in enumerate(b"abcdef")]
    content = b"\n".join(letters)
    assert text(content, fonts=equal) == "a b c d e f"
    assert text(content, fonts=varied) == "abcdef"


@pytest.mark.parametrize(("ascent", "descent"), [(700, -200), (900, -300), (1000, -450)])
def test_tight_word_gaps_of_a_tall_box_font(ascent: int, descent: int) -> None:
    # Justified word gaps shrunk to 0.14 em: 0.097 of a 1.45 em box, below the tight limit
    # of 0.1 box heights, but above 0.1 em; the letters touch. Kerning of ±0.03 em stays.
    def tall(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, ascent=ascent, descent=descent, widths=_proportional_widths())}

    words = [b"(we)", b"(find)", b"(that)", b"(th) 30 (e)", b"(model) -30 (s)", b"(are)", b"(good)"]
    content = b"BT /F1 10 Tf 100 700 Td [" + b" -140 ".join(words) + b"] TJ ET"
    assert text(content, fonts=tall) == "we find that the models are good"
    if ascent - descent > 1000:  # the gaps are under word_gap: explain says why they are spaces
        page = open_page(content, fonts=tall)
        reasons = {d.reason for prev, glyph, d in explain(page.glyphs(), LayoutParams()) if prev.text == "e"}
        assert "gap (tight line: its letters touch, limit lowered)" in reasons
