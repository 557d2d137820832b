"""Glyph names and glyph texts (fonts.encodings): the AGL rules, the folding of presentation
forms, and the per-process tables that remember both."""

from __future__ import annotations

import pytest

from pagetext.fonts import encodings
from pagetext.fonts.encodings import glyph_name_to_unicode, text_of_glyph


@pytest.mark.parametrize(
    ("name", "zapf", "text"),
    [
        ("A", False, "A"),
        ("eacute", False, "é"),
        ("uni20AC", False, "€"),
        ("u1F600", False, "\U0001f600"),
        ("f_i", False, "fi"),
        ("nbspace", False, "\u00a0"),
        ("a.sc", False, "a"),  # a suffix names a variant of the glyph before it
        ("g123", False, ""),
        (".notdef", False, ""),
        ("a1", True, "\u2701"),  # ZapfDingbats' own names
        ("a1", False, ""),
        ("prime", False, "\u2032"),  # TeX's names (cmsy, txsys) the AGL does not know
        ("epsilon1", False, "\u03f5"),
        ("negationslash", False, "\u0338"),
        ("parenleftBigg", False, "("),  # cmex's sized variants
        ("summationdisplay", False, "\u2211"),
        ("hatwider", False, "\u02c6"),
        ("sevenoldstyle", False, "7"),  # the AGL reads it as a private-use code
        ("parenlefttp", False, "\u239b"),
        ("contextdisplay", False, ""),  # a size suffix on a name that is no TeX symbol
    ],
)
def test_glyph_names_read_by_the_agl_rules(name: str, zapf: bool, text: str) -> None:
    assert glyph_name_to_unicode(name, zapf) == text
    assert glyph_name_to_unicode(name, zapf) == text  # the second answer comes from the table


# Names around each rule's edges: suffixes, ligatures, uni groups (lowercase hex, surrogates,
# lengths not a multiple of four), u names (length, range), dingbat numbers.
_EDGE_NAMES = [
    "",
    ".",
    "..",
    "_",
    "A_",
    "_A",
    "A.B.C",
    "f_f_i",
    "f_f_i.alt",
    "T_h.swash",
    "uni0041",
    "uni00410042",
    "uni004",
    "uni00410",
    "uni0041_uni0042",
    "uniD800",
    "uniDFFF0041",
    "uni0041D800",
    "uni00e9",
    "uniFFFF",
    "uni",
    "unix",
    "u0041",
    "u1F600",
    "u10FFFF",
    "u110000",
    "uD800",
    "uE000",
    "u041",
    "u0000041",
    "u00e9",
    "uni1F600",
    "a0",
    "a1",
    "a01",
    "a100",
    "a191",
    "a192",
    "a206",
    "a207",
    "a999",
    "a",
    "aa1",
    "a1_a2",
    "a1.alt",
    "Euro",
    "dalethatafpatah",
    "space_space",
    "g123",
    "cid00042",
]


def test_agl_text_maps_as_fonttools_does() -> None:
    # fontTools.agl took 6 ms to import at the first glyph name; the package data and
    # encodings.agl_text replace it, and must read every name as it does.
    from fontTools import agl

    names = [*agl.LEGACY_AGL2UV, *agl.AGL2UV, *(f"a{number}" for number in range(260)), *_EDGE_NAMES]
    for zapf in (False, True):
        differing = [name for name in names if encodings.agl_text(name, zapf) != agl.toUnicode(name, zapf)]
        assert differing == [], zapf
    assert encodings.agl_text("dalethatafpatah") == "\u05d3\u05b2"  # an AGL name of two characters


def test_aglfn_names_are_fonttools_uv2agl_for_every_code_point() -> None:
    from fontTools.agl import UV2AGL

    differing = [code for code in range(0x110000) if encodings.aglfn_name(code) != UV2AGL.get(code)]
    assert differing == []
    assert encodings.aglfn_name(0x20AC) == "Euro"


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("abc", "abc"),
        ("\ufb01", "fi"),
        ("\ufb05", "\u017ft"),
        ("\u2010", "-"),
        ("\u2ec4", "西"),
        ("é", "é"),
        ("\ufe30", "\ufe30"),  # CJK compatibility forms stay, as other tools keep them
    ],
)
def test_glyph_texts_fold_presentation_forms_and_radicals(text: str, folded: str) -> None:
    assert text_of_glyph(text) == folded
    assert text_of_glyph(text) == folded


def test_no_character_below_the_first_folded_one_folds() -> None:
    # text_of_glyph answers them by a comparison, without the tables.
    unchanged = [chr(code) for code in range(encodings.FIRST_FOLDED)]
    assert [encodings._fold_glyph_text(char) for char in unchanged] == unchanged
    assert encodings._fold_glyph_text(chr(encodings.FIRST_FOLDED)) == "-"


def test_the_tables_stay_bounded_and_right_when_full() -> None:
    # A long batch of documents with made-up glyph names must not grow the tables without
    # bound; after a table is emptied, answers are worked out again, the same.
    limit = encodings.MAX_REMEMBERED_TEXTS
    for i in range(limit + 10):
        assert glyph_name_to_unicode(f"uni{0x4E00 + i % 0x5000:04X}.alt{i}") == chr(0x4E00 + i % 0x5000)
        assert text_of_glyph(f"\ufb01{i}") == f"fi{i}"
    assert len(encodings._NAME_TEXTS) <= limit
    assert len(encodings._GLYPH_TEXTS) <= limit
    assert glyph_name_to_unicode("uni4E00.alt0") == "一"
