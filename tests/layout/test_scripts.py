"""Script rules of assembly: bidirectional lines in logical order (UAX #9), word spaces by script.

Each line is drawn from its *visual* string (what the page shows, left to right), glyph by
glyph with its own text matrix, so the drawing order can be visual or reversed.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

import pytest

import pagetext
from pagetext.geometry import make_box
from pagetext.layout import scripts
from pagetext.layout.bidi_text import base_direction, logical_text
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line
from pagetext.layout.scripts import (
    _RTL,
    CJK_RANGES,
    UNSPACED_RANGES,
    bidi_class,
    category,
    has_rtl,
    is_cjk,
    is_unspaced,
    joins_next,
    joins_previous,
    mirrored,
)
from pagetext.layout.visual_words import is_mark
from pagetext.page import Page
from tests.corpus import cases, needs_corpus
from tests.pdfbuild import identity_font, open_page

ADVANCE = 5.0  # 500 units at 10 pt; a space in the visual string is a gap of one advance


def _page(visual_lines: list[str], drawn: str = "visual") -> Page:
    chars = sorted({char for line in visual_lines for char in line if char != " "})
    cids = {char: index + 1 for index, char in enumerate(chars)}
    ops: list[bytes] = []
    for number, line in enumerate(visual_lines):
        placed = [(char, 100 + ADVANCE * x) for x, char in enumerate(line) if char != " "]
        if drawn == "logical":
            placed.reverse()
        for char, x in placed:
            ops.append(b"1 0 0 1 %.2f %d Tm <%04X> Tj" % (x, 700 - 20 * number, cids[char]))
    content = b"BT /F2 10 Tf " + b" ".join(ops) + b" ET"
    fonts = lambda pdf: {  # noqa: E731
        "F2": identity_font(pdf, {cid: char for char, cid in cids.items()}, default_width=500)
    }
    return open_page(content, fonts=fonts)


def _page_text(visual_lines: list[str], drawn: str = "visual") -> str:
    return _page(visual_lines, drawn).text(order="content")


@pytest.mark.parametrize("drawn", ["visual", "logical"])
def test_an_english_word_inside_an_arabic_line_reads_forwards(drawn: str) -> None:
    # Logical "قال habibi لي": the page shows the Arabic words reversed, "habibi" forwards.
    assert _page_text(["يل habibi لاق"], drawn) == "قال habibi لي"


def test_digit_runs_keep_their_order() -> None:
    # Arabic-Indic (١٤) and European (1434) digits are shown left to right inside Arabic.
    assert _page_text(["١٤ يف 1434 ماع"]) == "عام 1434 في ١٤"


def test_a_number_range_at_the_start_of_a_hebrew_line() -> None:
    assert _page_text(["םולש 2-5"]) == "2-5 שלום"


def test_a_number_after_an_arabic_word_is_an_arabic_number() -> None:
    # W2: European digits after an Arabic letter are Arabic numbers, whose "-" does not join
    # them: logical "ص 2-5" is shown "5-2 ص".
    assert _page_text(["5-2 ص"]) == "ص 2-5"


def test_brackets_and_guillemets_are_mirrored() -> None:
    # A right-to-left phrase shows its opening bracket mirrored at its right end: the page
    # looks like "(םולש)" and the glyphs map to what they look like.
    assert _page_text(["(םולש) «ןכ»"]) == "«כן» (שלום)"
    assert _page_text(["םולש ab < cd ןכ"]) == "כן ab < cd שלום"  # a left-to-right run keeps "<"
    assert _page_text(["< ב"]) == "ב >"  # an unpaired mirrored sign inside right-to-left text


def test_a_left_to_right_line_with_one_arabic_word_keeps_its_order() -> None:
    assert _page_text(["The word ابحرم means hello"]) == "The word مرحبا means hello"


def test_lines_of_a_right_to_left_page_take_its_direction_when_ambiguous() -> None:
    # "abc" at the left end and Arabic at the right end: either base is possible; on an
    # Arabic page the line reads from the right.
    assert _page_text(["abc ابحرم", "ملاعلا ابحرم"]) == "مرحبا abc\nمرحبا العالم"


def test_brackets_mapped_to_the_characters_the_text_holds() -> None:
    # Some producers map a mirrored bracket glyph to the character of the text, not to the
    # one it looks like: the visual string then holds pairs reading backwards, ")…(".
    assert _page_text([")4()ב(15 ףיעס"]) == "סעיף 15(ב)(4)"
    assert logical_text(")4()ב(15 ףיעס", "R") == "סעיף 15(ב)(4)"


def test_base_direction_from_the_line_ends() -> None:
    params = LayoutParams()
    assert base_direction("abc ابحرم def", True, params) == "L"  # both ends left-to-right
    assert base_direction("ابحرم abc ملاعلا", False, params) == "R"  # both ends right-to-left
    assert base_direction("abc defgh ابحرم", False, params) == "L"
    assert base_direction("abc defgh ابحرم", True, params) == "R"
    assert base_direction("123", True, params) == "R"


def test_logical_text_of_a_left_to_right_line_is_the_forward_algorithm() -> None:
    assert logical_text("one ينثا three", "L") == "one اثني three"


def test_hangul_words_are_spaced_by_their_gaps() -> None:
    assert _page_text(["안녕하세요 세계"]) == "안녕하세요 세계"


def test_han_and_kana_gaps_are_no_word_spaces() -> None:
    assert _page_text(["日本 語の 文"]) == "日本語の文"


def test_a_gap_between_latin_and_cjk_is_a_word_space() -> None:
    assert _page_text(["PDF 抽出 2026 年"]) == "PDF 抽出 2026 年"


@pytest.mark.parametrize("order", ["content", "reading"])
def test_lines_say_whether_they_hold_right_to_left_letters(order: str) -> None:
    mixed = _page(["םולש 2-5", "plain words", "The word ابحرم means hello"]).lines(order=order)
    assert {line.text: line.rtl for line in mixed} == {
        "2-5 שלום": True, "plain words": False, "The word مرحبا means hello": True,
    }  # fmt: skip
    latin = _page(["plain words", "ümlaut café"]).lines(order=order)  # no such letter on the page
    assert [(line.text, line.rtl) for line in latin] == [("plain words", False), ("ümlaut café", False)]


def test_a_line_made_without_the_flag_searches_its_text() -> None:
    def line(text: str) -> Line:
        quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
        return Line(text, make_box(0, 0, 1, 1), quad, (1.0, 0.0), "F", 10.0, ())

    assert line("שלום").rtl is True
    assert line("hello").rtl is False


def test_a_page_whose_only_right_to_left_letters_are_in_multi_letter_glyphs_reads_them() -> None:
    # One glyph maps to two Hebrew letters (a ligature-like code), one Latin letter drawn
    # after it: the page is found right to left through that glyph's text alone.
    fonts = lambda pdf: {"F2": identity_font(pdf, {1: "של", 2: "ם"}, default_width=500)}  # noqa: E731
    content = b"BT /F2 10 Tf 1 0 0 1 100 700 Tm <0002> Tj 1 0 0 1 105 700 Tm <0001> Tj ET"
    page = open_page(content, fonts=fonts)
    (line,) = page.lines()
    assert line.rtl
    assert line.text == "שלם"


_RTL_CORPUS_FILES = (
    "docling__right_to_left_01", "docling__right_to_left_02", "pdfjs__ArabicCIDTrueType", "pymupdf__bug1945",
    "pypdf__multilang", "samplefiles__GeoTopo-komprimiert",  # the last: Latin-1 (German), none
)  # fmt: skip


@needs_corpus
@pytest.mark.parametrize("name", _RTL_CORPUS_FILES)
def test_corpus_lines_carry_whether_they_hold_right_to_left_letters(name: str) -> None:
    (case,) = [case for case in cases("real") if case.name == name]
    flagged = 0
    with pagetext.open(case.pdf, password=case.password) as doc:
        for page in list(doc)[:20]:
            for order in ("reading", "content"):
                for line in page.lines(order=order):
                    assert line.rtl == has_rtl(line.text), (page.number, line.text)
                    flagged += line.rtl
    assert (flagged > 0) == (name != "samplefiles__GeoTopo-komprimiert")


def test_one_character_is_right_to_left_exactly_when_the_pattern_says_so() -> None:
    # has_rtl compares a single character's code point with the pattern's ranges.
    for code in range(0x110000):
        char = chr(code)
        assert has_rtl(char) == (_RTL.search(char) is not None), hex(code)
    assert has_rtl("abc \u05d0") and not has_rtl("abc \u00e9") and not has_rtl("")


def test_joining_below_the_presentation_forms_is_the_join_causing_characters_alone() -> None:
    # joins_next and joins_previous ask for a decomposition only from U+FB50 on: no character
    # below carries a positional tag.
    tags = ("<initial>", "<medial>", "<final>")
    for code in range(0xFB50):
        assert not unicodedata.decomposition(chr(code)).startswith(tags), hex(code)
    assert joins_next("\ufe91") and not joins_previous("\ufe91")  # beh, initial form
    assert joins_previous("\ufe92") and joins_next("\ufe92")  # beh, medial form
    assert joins_next("\u0640") and joins_previous("\u0640")  # tatweel
    assert not joins_next("\u0628") and not joins_previous("a")


def test_marks_are_combining_or_formatting_characters_and_never_ascii() -> None:
    assert all(unicodedata.category(chr(code)) not in ("Mn", "Me") for code in range(128))
    assert is_mark("\u05b8") and is_mark("\u200f") and is_mark("\u064e\u0651")
    assert not is_mark("") and not is_mark("a") and not is_mark("\u05d0") and not is_mark("\u064ea")


# The rules as the character classes they were written as before the ranges were compared.
_CJK_CLASS = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff"
    "\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f"
    "\uff00-\uffef\U00020000-\U0003ffff]"
)
_UNSPACED_CLASS = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff"
    "\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f"
    "\uff00-\uff9f\uffe0-\uffef\U00020000-\U0003ffff]"
)


@pytest.mark.parametrize("ranges", [CJK_RANGES, UNSPACED_RANGES])
def test_script_ranges_ascend_without_overlap(ranges: tuple[tuple[int, int], ...]) -> None:
    for (first, last), (next_first, _) in itertools.pairwise(ranges):
        assert first <= last < next_first


def test_east_asian_and_unspaced_scripts_are_told_by_the_first_character_alone() -> None:
    for code in range(0x110000):
        char = chr(code)
        assert is_cjk(char) == (_CJK_CLASS.match(char) is not None), hex(code)
        assert is_unspaced(char) == (_UNSPACED_CLASS.match(char) is not None), hex(code)
    assert is_cjk("\uac00a") and not is_unspaced("\uac00a")  # Hangul: spaced as Latin is
    assert is_unspaced("\u65e5a") and not is_cjk("a\u65e5") and not is_cjk("") and not is_unspaced("")


def test_character_properties_are_the_unicode_databases_and_their_memory_is_bounded() -> None:
    for code in range(0x110000):
        char = chr(code)
        assert bidi_class(char) == unicodedata.bidirectional(char), hex(code)
        assert mirrored(char) == (unicodedata.mirrored(char) == 1), hex(code)
        assert category(char) == unicodedata.category(char), hex(code)
    for memo in (scripts._BIDI, scripts._MIRRORED, scripts._CATEGORY):
        assert len(memo) == scripts.MAX_CACHED_CHARACTERS
    assert bidi_class("\u05d0") == "R" and mirrored("(") and category("\u064e") == "Mn"
