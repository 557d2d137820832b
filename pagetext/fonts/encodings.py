"""Simple-font encodings and glyph names → Unicode (ISO 32000-1 §9.6.6, Annex D)."""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from array import array
from bisect import bisect_left
from typing import Final

from pagetext.fonts.texnames import tex_glyph_text

# Names producers use that the Adobe Glyph List does not know.
_EXTRA_NAMES = {
    "nbspace": "\u00a0",
    "sfthyphen": "\u00ad",
    "nonbreakingspace": "\u00a0",
    "Tcommaaccent": "\u0162",
    "tcommaaccent": "\u0163",
}
_HEX_NAME = re.compile(r"(?:uni|u)([0-9A-Fa-f]{4,6})$")
# C0 and C1 control characters (tab, line feed and carriage return are white space): no
# glyph shows one, so a font that maps a glyph to controls only says it is no text.
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_LATIN1: Final = [chr(code) for code in range(256)]
_CHR: Final = chr  # compiled, read from a static: the builtin by name is a module lookup per call


def char(code: int) -> str:
    """chr(code), read from a table for Latin-1: compiled, each chr() call looks the builtin
    up by name, and fonts ask for a character per code and per ToUnicode entry."""
    return _LATIN1[code] if 0 <= code < 256 else _CHR(code)


def without_controls(text: str) -> str:
    """The text with its control characters left out ("" when it has nothing else)."""
    return _CONTROLS.sub("", text) if _CONTROLS.search(text) else text


class Core14Metrics:
    """A standard-14 font's metrics in glyph-space units: ascent, descent and advance widths
    by glyph name, as the package data holds them (tools/build_data.py).

    The widths are read into a table when first asked for: a font with /Widths (most) needs
    the ascent and descent at most, and the table of 315 names costs more than the font.
    """

    __slots__ = ("_tables", "_widths", "ascent", "descent")

    def __init__(self, data: str) -> None:
        _, extent, self._tables = data.split("\n", 2)  # glyph names, widths, encoding
        ascent, descent = extent.split()
        self.ascent = int(ascent)
        self.descent = int(descent)
        self._widths: dict[str, int] | None = None

    @property
    def widths(self) -> dict[str, int]:
        """Advance widths by glyph name."""
        widths = self._widths
        if widths is None:
            glyphs, hex_widths, _ = self._tables.split("\n", 2)
            values = array("H", bytes.fromhex(hex_widths))  # one call, where int() per width costs 2,000
            if sys.byteorder == "big":
                values.byteswap()  # stored little-endian
            widths = self._widths = dict(zip(glyphs.split(), values.tolist(), strict=True))
        return widths

    def encoding(self) -> list[str | None]:
        """The font's built-in encoding, code → glyph name (read when asked: fonts use their
        own but for Symbol and ZapfDingbats)."""
        table: list[str | None] = [None] * 256
        items = self._tables.split("\n", 3)[2].split()
        for index in range(0, len(items) - 1, 2):
            table[int(items[index])] = items[index + 1]
        return table


# The package data (tools/build_data.py), beside this module in either build. Read by path:
# importlib.resources imports zipfile and more on its first use, 5 M instructions.
DATA_FOLDER: Final = os.path.join(os.path.dirname(__file__), "data")
# The names of the package data files by folder, listed on first use: names come from PDFs,
# and a file system that ignores case would find "winansiencoding" too.
_DATA_NAMES: Final[dict[str, frozenset[str]]] = {}


def _data(folder: str, name: str) -> str | None:
    """The text of a package data file, None when there is none by that name."""
    path = os.path.join(DATA_FOLDER, folder)
    names = _DATA_NAMES.get(folder)
    if names is None:
        names = _DATA_NAMES[folder] = frozenset(
            entry[: -len(".txt")] for entry in os.listdir(path) if entry.endswith(".txt")
        )
    if name not in names:
        return None
    with open(os.path.join(path, f"{name}.txt"), encoding="utf-8") as file:
        return file.read()


# Read once per process, as documents ask: a few fonts and encodings, each a small file.
# Known names only are kept (14 fonts, 8 encodings), so the tables stay that small.
_ENCODINGS: Final[dict[str, list[str | None]]] = {}
_CORE14: Final[dict[str, Core14Metrics]] = {}


def encoding_table(name: str) -> list[str | None] | None:
    """The 256-entry code → glyph-name list of a named encoding, or None if unknown."""
    table = _ENCODINGS.get(name)
    if table is None:
        data = _data("encodings", name)
        if data is None:
            return None
        table = _ENCODINGS[name] = [line or None for line in data.split("\n")[1:257]]
    return table


# Standard glyph name lists by name (tools/build_data.py): cff-standard-strings (CFF's 391
# standard strings, Adobe TN #5176 Appendix A), mac-glyph-names (the 258 names a TrueType
# 'post' table indexes), agl and zapf-dingbats (agl_text), aglfn (aglfn_name). Read from the
# package data at first use.
_NAME_LISTS: Final[dict[str, list[str]]] = {}


def glyph_name_list(name: str) -> list[str]:
    """A standard glyph name list of the package data; [] for an unknown name."""
    names = _NAME_LISTS.get(name)
    if names is None:
        data = _data("names", name)
        names = _NAME_LISTS[name] = data.split("\n")[:-1] if data is not None else []
    return names


# AGLFN's names by code point (names/aglfn.txt), read at first use: 586 of them, a dict of
# ints and strings (one the cycle collector does not track). fontTools' UV2AGL holds the same,
# but importing fontTools.agl parses the whole AGL (15 ms, 4,281 lists kept).
_AGLFN: Final[dict[int, str]] = {}


def aglfn_name(code: int) -> str | None:
    """The AGL for New Fonts' name of a code point, None when it lists none."""
    if not _AGLFN:
        for line in glyph_name_list("aglfn"):
            digits, _, name = line.partition(" ")
            _AGLFN[int(digits, 16)] = name
    return _AGLFN.get(code)


def core14_metrics(name: str) -> Core14Metrics | None:
    """Ascent, descent, widths by glyph name and built-in encoding of a standard-14 font."""
    metrics = _CORE14.get(name)
    if metrics is None:
        data = _data("core14", name)
        if data is None:
            return None
        metrics = _CORE14[name] = Core14Metrics(data)
    return metrics


# Texts already worked out, by glyph name and by text: fonts ask for 256 codes each, mostly
# the same few hundred names. Plain dicts: in compiled code a call through functools.cache
# costs ten times the lookup. Emptied when full, so that a process reading millions of
# documents with made-up glyph names does not grow without bound.
MAX_REMEMBERED_TEXTS: Final = 1 << 16
_NAME_TEXTS: Final[dict[str, str]] = {}
_DINGBAT_NAME_TEXTS: Final[dict[str, str]] = {}
_AGL_NAME_TEXTS: Final[dict[str, str]] = {}
_GLYPH_TEXTS: Final[dict[str, str]] = {}


def _remember(table: dict[str, str], key: str, text: str) -> str:
    if len(table) >= MAX_REMEMBERED_TEXTS:
        table.clear()
    table[key] = text
    return text


def glyph_name_to_unicode(name: str, zapf_dingbats: bool = False, tex_names: bool = True) -> str:
    """Unicode text for a glyph name: AGL rules (uniXXXX, uXXXX, a_b ligatures), plus extras
    and, unless `tex_names` is False, the names of TeX's math and symbol fonts.

    Returns "" when the name says nothing about the character (e.g. `g123`, `.notdef`).
    """
    table = _DINGBAT_NAME_TEXTS if zapf_dingbats else _NAME_TEXTS if tex_names else _AGL_NAME_TEXTS
    text = table.get(name)
    if text is None:
        text = _remember(table, name, _text_of_name(name, zapf_dingbats, tex_names))
    return text


def _text_of_name(name: str, zapf_dingbats: bool, tex_names: bool) -> str:
    base = name.split(".", 1)[0] if not name.startswith(".") else name
    if base in _EXTRA_NAMES:
        return _EXTRA_NAMES[base]
    # TeX's names first: the AGL reads some of them (old-style digits) as private-use codes.
    text: str = tex_glyph_text(base) if tex_names else ""
    if text:
        return text
    text = agl_text(name, zapf_dingbats)
    if text:
        return text
    match = _HEX_NAME.match(base)
    if match:
        value = int(match.group(1), 16)
        if value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF:
            return chr(value)
    return ""


_UPPER_HEX: Final = re.compile("[0-9A-F]+")


def agl_text(name: str, zapf_dingbats: bool = False) -> str:
    """The text a glyph name maps to by the AGL specification (§2): the name up to its first
    period, split at underscores, each component mapped and the texts joined; "" when no
    component maps. zapf_dingbats: the font is ZapfDingbats, whose names come first."""
    return "".join(_component_text(part, zapf_dingbats) for part in name.split(".", 1)[0].split("_"))


def _listed_text(list_name: str, line_start: str) -> str:
    """The text of the line of a name list (agl, zapf-dingbats: sorted, "name" and code points
    in hex) that starts with `line_start` (the name and a space), "" when none does. Searched
    by halves, not made into a dict: a process asks for a few dozen of its 4,281 names."""
    lines = glyph_name_list(list_name)
    index = bisect_left(lines, line_start)
    if index == len(lines) or not lines[index].startswith(line_start):
        return ""
    return "".join([chr(int(code, 16)) for code in lines[index][len(line_start) :].split()])


def _component_text(component: str, zapf_dingbats: bool) -> str:
    if zapf_dingbats and component[:1] == "a" and component[1:].isdecimal():
        text = _listed_text("zapf-dingbats", f"a{int(component[1:])} ")
        if text:
            return text
    text = _listed_text("agl", component + " ") if component else ""
    if text:
        return text
    # uni + groups of four uppercase hex digits, none a surrogate; u + four to six, a scalar value.
    digits = component[3:] if component.startswith("uni") else ""
    if digits and len(digits) % 4 == 0 and _UPPER_HEX.fullmatch(digits):
        values = [int(digits[start : start + 4], 16) for start in range(0, len(digits), 4)]
        if not any(0xD800 <= value <= 0xDFFF for value in values):
            return "".join(chr(value) for value in values)
    digits = component[1:] if component.startswith("u") else ""
    if 4 <= len(digits) <= 6 and _UPPER_HEX.fullmatch(digits):
        value = int(digits, 16)
        if value <= 0xD7FF or 0xE000 <= value <= 0x10FFFF:
            return chr(value)
    return ""


# No character below this one is a presentation form, a radical or a hyphen that folds.
FIRST_FOLDED: Final = 0x2010
# Presentation forms are glyph shapes, not text: search and copy-paste want the letters.
# Latin ligatures U+FB00–FB06, Arabic presentation forms A and B, the vertical forms of
# U+FE10–FE19 (︒ is 。), and Kangxi radicals (U+2F00–2FDF), which some producers' ToUnicode
# maps give for ordinary ideographs (⽇ for 日). CJK compatibility forms (U+FE30–FE4F) stay:
# other tools keep them.
_PRESENTATION_FORMS = re.compile("[\u2f00-\u2fdf\ufb00-\ufb06\ufb50-\ufdff\ufe10-\ufe19\ufe70-\ufeff]")
# Typographic hyphens that searchers type as "-"; and CJK Radicals Supplement characters
# that the same producers' ToUnicode maps give for ordinary ideographs (⻄ for 西), after
# Unicode's EquivalentUnifiedIdeograph data (NFKC folds only two of them).
_FOLDED = str.maketrans(
    {
        "\u2010": "-", "\u2011": "-",
        "\u2ea0": "民", "\u2eae": "竹", "\u2ec4": "西", "\u2ec5": "见", "\u2ec6": "角", "\u2ec9": "贝",
        "\u2ecb": "车", "\u2ecc": "辶", "\u2ed1": "長", "\u2ed3": "长", "\u2ed4": "门", "\u2ed8": "青",
        "\u2ed9": "韦", "\u2eda": "页", "\u2edb": "风", "\u2edc": "飞", "\u2edd": "食", "\u2ee2": "马",
        "\u2ee4": "鬼", "\u2ee5": "鱼", "\u2ee6": "鸟", "\u2ee7": "卤", "\u2ee8": "麦", "\u2ee9": "黄",
        "\u2eea": "黾", "\u2eeb": "斉", "\u2eec": "齐", "\u2eed": "歯", "\u2eef": "竜", "\u2ef0": "龙",
        "\u2ef2": "亀",
    }
)  # fmt: skip


def _expand_presentation_form(match: re.Match[str]) -> str:
    char = match.group()
    if char == "\ufb05":  # ﬅ is long s + t; NFKC would also fold the long s to s
        return "\u017ft"
    return unicodedata.normalize("NFKC", char)


def text_of_glyph(text: str) -> str:
    """The text a glyph stands for: presentation forms and radical variants as the letters and
    ideographs they show, hyphens as "-"."""
    # One character below the first that folds, the common case, is told by a comparison;
    # else ASCII (compiled, isascii() is a method call by name).
    if (len(text) == 1 and ord(text) < FIRST_FOLDED) or text.isascii():
        return text
    known = _GLYPH_TEXTS.get(text)
    if known is None:
        known = _remember(_GLYPH_TEXTS, text, _fold_glyph_text(text))
    return known


def _fold_glyph_text(text: str) -> str:
    if _PRESENTATION_FORMS.search(text):
        text = _PRESENTATION_FORMS.sub(_expand_presentation_form, text)
    return text.translate(_FOLDED)
