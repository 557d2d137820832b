"""Words of right-to-left lines from the glyphs side by side on the page, marks on their letters.

Each line is given as its *visual* string (what the page shows, left to right); a combining
mark is written right after the letter it stands over and drawn over that letter with zero
width. The tests draw the glyphs in different orders, as producers do.
"""

from __future__ import annotations

import unicodedata

import pytest

from pagetext.page import Page
from tests.pdfbuild import identity_font, open_page

ADVANCE = 5.0  # 500 units at 10 pt: a space in the visual string is a gap of one advance


def _cells(visual: str) -> list[tuple[str, float]]:
    """Each glyph of the visual string with its x; a mark over the letter before it."""
    cells: list[tuple[str, float]] = []
    x = 100.0
    for char in visual:
        if unicodedata.category(char) == "Mn":
            cells.append((char, x - ADVANCE + 1.0))
        else:
            if char != " ":
                cells.append((char, x))
            x += ADVANCE
    return cells


def _page(cells: list[tuple[str, float]], ops: list[bytes] | None = None) -> Page:
    chars = sorted({char for char, _x in cells})
    cids = {char: index + 1 for index, char in enumerate(chars)}
    if ops is None:
        ops = [b"1 0 0 1 %.2f 700 Tm <%04X> Tj" % (x, cids[char]) for char, x in cells]
    marks = {cid: 0.0 for char, cid in cids.items() if unicodedata.category(char) in ("Mn", "Cf")}
    fonts = lambda pdf: {  # noqa: E731
        "F2": identity_font(pdf, {cid: char for char, cid in cids.items()}, widths=marks, default_width=500)
    }
    return open_page(b"BT /F2 10 Tf " + b" ".join(ops) + b" ET", fonts=fonts)


def _text(cells: list[tuple[str, float]]) -> str:
    return _page(cells).text(order="content")


def test_a_word_drawn_in_two_pieces_is_one_word() -> None:
    # Word draws a line as visual runs that may cut a word: here "م" of "من" first with the
    # rest of the line to its right, then the line's left part ending with "ن".
    cells = _cells("تاقيبطتلا نم ةعساو")
    cut = [char for char, _x in cells].index("م")
    assert _text(cells[cut:] + cells[:cut]) == "واسعة من التطبيقات"


def test_no_space_before_a_full_stop_drawn_apart() -> None:
    cells = _cells(".لمعلا جئاتن")
    assert _text(cells[1:] + cells[:1]) == "نتائج العمل."


@pytest.mark.parametrize("drawn", ["visual", "logical", "mark first"])
def test_a_mark_follows_the_letter_it_stands_over(drawn: str) -> None:
    cells = _cells("اضًيأ") + _cells("          ءًانب")  # أيضًا, بناءً
    if drawn == "logical":
        cells.reverse()
    elif drawn == "mark first":  # each mark drawn before its letter, as Word does
        for index in range(len(cells)):
            if unicodedata.category(cells[index][0]) == "Mn":
                cells[index - 1], cells[index] = cells[index], cells[index - 1]
    assert _text(cells) == "بناءً أيضًا"


def test_two_marks_on_one_letter_keep_their_drawing_order() -> None:
    # שָׁלוֹם: shin with qamats and shin dot, vav with holam.
    cells = _cells("םוֹלשָׁ")
    assert _text(cells) == "שָׁלוֹם"
    assert _text(cells[::-1]) == "שׁ" + "ָלוֹם"  # drawn in logical order: shin dot, then qamats


def test_a_latin_word_drawn_by_a_backward_pen_reads_forwards() -> None:
    # Logical "قال habibi لي" drawn in logical order with one TJ: each Arabic glyph steps the
    # pen back over itself and the next (a kern of 1000), the Latin word is drawn forwards
    # after a jump to its left end.
    cells = _cells("يل habibi لاق")
    chars = sorted({char for char, _x in cells})
    cid = {char: b"<%04X>" % (index + 1) for index, char in enumerate(chars)}
    show = b"1 0 0 1 160 700 Tm [" + cid["ق"] + b" 1000 " + cid["ا"] + b" 1000 " + cid["ل"]
    show += b" 4000 " + b" ".join(cid[char] for char in "habibi")  # from 155 back to 115
    show += b" 4000 " + cid["ل"] + b" 1000 " + cid["ي"] + b"] TJ"  # from 145 back to 105
    assert _page(cells, [show]).text(order="content") == "قال habibi لي"


def test_presentation_forms_read_as_letters_with_a_latin_word_forwards() -> None:
    # The font maps its shaped glyphs to Arabic presentation forms (U+FE70-FEFF).
    assert _text(_cells("\ufef2\ufedf habibi \ufedd\ufe8e\ufed7")) == "قال habibi لي"


@pytest.mark.parametrize("mark", ["\u200f", "\u061c"])  # RLM, ALM: both strong right-to-left
def test_a_direction_mark_at_a_latin_word_start_leaves_it_forwards(mark: str) -> None:
    # Logical "مرحبا بالعالم Python": a zero-width direction mark drawn after the Latin word,
    # where it starts. Read between "P" and "ython", it made "ythonP".
    cells = _cells("Python ملاعلاب ابحرم")
    cells.insert(6, (mark, cells[0][1]))
    assert _text(cells) == "مرحبا بالعالم Python"


def test_a_zero_width_non_joiner_stays_between_its_letters() -> None:
    # Persian "می‌گویند": the non-joiner after "ی", drawn at the start of that letter's box.
    cells = _cells("دنیوگیم")
    cells.insert(7, ("\u200c", cells[5][1]))
    assert _text(cells) == "می\u200cگویند"
    assert _text(cells[::-1]) == "می\u200cگویند"


@pytest.mark.parametrize("drawn", ["visual", "logical"])
def test_letters_shaped_to_join_are_one_word_across_a_shaping_gap(drawn: str) -> None:
    # "بيت كبير" in presentation forms, the letters touching but for a gap of a quarter of the
    # box height where the medial yeh joins the medial beh; the word gap is one advance.
    forms = "\ufeae\ufef4\ufe92\ufedb \ufe96\ufef4\ufe91"  # visual: ﺮﻴﺒﻛ ﺖﻴﺑ
    cells = _cells(forms)
    cells = [(char, x - 2.5 if index < 2 else x) for index, (char, x) in enumerate(cells)]
    assert _text(cells if drawn == "visual" else cells[::-1]) == "بيت كبير"


def test_a_tatweel_joins_its_letters() -> None:
    # Kashida justification: tatweels a quarter of the box height apart from the letters.
    cells = [(char, 100 + 1.5 * ADVANCE * index) for index, char in enumerate("بـــب")]
    assert _text(cells) == "بـــب"


@pytest.mark.parametrize("drawn", ["visual", "logical"])
def test_an_actual_text_word_in_either_order_keeps_the_latin_word_forwards(drawn: str) -> None:
    # "مرحبا" under one /ActualText (ISO 32000-1 §14.9.4), then "العالم", then "Python".
    cells = _cells("Python ملاعلا ابحرم")
    cids = {char: index + 1 for index, char in enumerate(sorted({char for char, _x in cells}))}
    runs = [
        [cell for cell in cells if cell[1] >= 170],
        [cell for cell in cells if 135 <= cell[1] < 170],
        [cell for cell in cells if cell[1] < 130],
    ]
    if drawn == "logical":
        runs[0].reverse()
        runs[1].reverse()
    ops = [[b"1 0 0 1 %.2f 700 Tm <%04X> Tj" % (x, cids[char]) for char, x in run] for run in runs]
    actual = b"/Span <</ActualText <FEFF" + "مرحبا".encode("utf-16-be").hex().encode() + b">>> BDC"
    assert (
        _page(cells, [actual, *ops[0], b"EMC", *ops[1], *ops[2]]).text(order="content")
        == "مرحبا العالم Python"
    )


@pytest.mark.parametrize("drawn", ["visual", "logical"])
def test_a_mark_on_a_latin_letter_inside_a_right_to_left_line_follows_it(drawn: str) -> None:
    cells = _cells("cafe\u0301 ملاعلا ابحرم")
    assert _text(cells if drawn == "visual" else cells[::-1]) == "مرحبا العالم cafe\u0301"
