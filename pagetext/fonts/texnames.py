"""Glyph names of TeX's math and symbol fonts that the Adobe Glyph List does not know.

Computer Modern (cmsy, cmmi, cmex, cmr), the AMS fonts and their successors (txfonts,
newtx, Libertine math) name their glyphs in their own built-in encodings, and pdfTeX
writes no ToUnicode for most of them. Without these names a prime reads as the code's
Latin-1 character (`0`) and a code below 32 as U+FFFD. The characters follow Unicode's
mathematical symbols; names whose AGL reading is a private-use code point (old-style
digits, extension pieces) are given their plain character here.
"""

from __future__ import annotations

import re
from typing import Final

_TEX_NAMES: Final[dict[str, str]] = {
    # cmsy, txsys, newtxsy
    "prime": "\u2032",
    "minusplus": "\u2213",
    "asteriskmath": "\u2217",
    "diamondmath": "\u22c4",
    "circleminus": "\u2296",
    "circledivide": "\u2298",
    "circledot": "\u2299",
    "circlecopyrt": "\u25ef",
    "equivasymptotic": "\u224d",
    "precedesequal": "\u2aaf",
    "followsequal": "\u2ab0",
    "lessmuch": "\u226a",
    "greatermuch": "\u226b",
    "precedes": "\u227a",
    "follows": "\u227b",
    "arrownortheast": "\u2197",
    "arrowsoutheast": "\u2198",
    "arrownorthwest": "\u2196",
    "arrowsouthwest": "\u2199",
    "similarequal": "\u2243",
    "owner": "\u220b",
    "triangle": "\u25b3",
    "triangleinv": "\u25bd",
    "negationslash": "\u0338",
    "mapsto": "\u21a6",
    "Rfractur": "\u211c",
    "Ifractur": "\u2111",
    "latticetop": "\u22a4",
    "unionmulti": "\u228e",
    "turnstileleft": "\u22a2",
    "turnstileright": "\u22a3",
    "floorleft": "\u230a",
    "floorright": "\u230b",
    "ceilingleft": "\u2308",
    "ceilingright": "\u2309",
    "angbracketleft": "\u27e8",
    "angbracketright": "\u27e9",
    "bardbl": "\u2016",
    "arrowbothv": "\u2195",
    "arrowdblbothv": "\u21d5",
    "wreathproduct": "\u2240",
    "coproduct": "\u2210",
    "unionsq": "\u2294",
    "intersectionsq": "\u2293",
    "subsetsqequal": "\u2291",
    "supersetsqequal": "\u2292",
    "openbullet": "\u25e6",
    # cmmi, txmi, newtxmi
    "epsilon1": "\u03f5",
    "pi1": "\u03d6",
    "rho1": "\u03f1",
    "arrowlefttophalf": "\u21bc",
    "arrowleftbothalf": "\u21bd",
    "arrowrighttophalf": "\u21c0",
    "arrowrightbothalf": "\u21c1",
    "arrowhookleft": "\u21aa",
    "arrowhookright": "\u21a9",
    "triangleright": "\u25b7",
    "triangleleft": "\u25c1",
    "star": "\u22c6",
    "flat": "\u266d",
    "natural": "\u266e",
    "sharp": "\u266f",
    "slurbelow": "\u2323",
    "slurabove": "\u2322",
    "lscript": "\u2113",
    "dotlessj": "\u0237",
    "vector": "\u20d7",
    "tie": "\u2040",
    # cmex and the extensible pieces of big delimiters
    "vextendsingle": "\u23d0",
    "vextenddouble": "\u2016",
    "arrowvertex": "\u23d0",
    "arrowvertexdbl": "\u2016",
    "radicalvertex": "\u23b7",
    "parenlefttp": "\u239b",
    "parenleftex": "\u239c",
    "parenleftbt": "\u239d",
    "parenrighttp": "\u239e",
    "parenrightex": "\u239f",
    "parenrightbt": "\u23a0",
    "bracketlefttp": "\u23a1",
    "bracketleftex": "\u23a2",
    "bracketleftbt": "\u23a3",
    "bracketrighttp": "\u23a4",
    "bracketrightex": "\u23a5",
    "bracketrightbt": "\u23a6",
    "bracelefttp": "\u23a7",
    "braceleftmid": "\u23a8",
    "braceleftbt": "\u23a9",
    "braceex": "\u23aa",
    "bracerighttp": "\u23ab",
    "bracerightmid": "\u23ac",
    "bracerightbt": "\u23ad",
    # AMS symbols (msam, msbm) most used in running text
    "lessorequalslant": "\u2a7d",
    "greaterorequalslant": "\u2a7e",
    "lessorsimilar": "\u2272",
    "greaterorsimilar": "\u2273",
    "approxorequal": "\u224a",
    "square": "\u25a1",
    "squaresolid": "\u25a0",
    "check": "\u2713",
    "forces": "\u22a9",
    "notsubseteql": "\u2288",
    "notsupersetequal": "\u2289",
    "emptyset1": "\u2205",
}
# cmex's sized variants of one symbol (`parenleftBig`, `summationdisplay`, `hatwider`): the
# base's text, an n-ary form where Unicode has one, else the base's own (floors, angles).
_SIZE_SUFFIX = re.compile(r"^(.+?)(?:big|Big|bigg|Bigg|text|display|wide|wider|widest)$")
_SIZED_BASES: Final[dict[str, str]] = {
    "parenleft": "(",
    "parenright": ")",
    "bracketleft": "[",
    "bracketright": "]",
    "braceleft": "{",
    "braceright": "}",
    "slash": "/",
    "backslash": "\\",
    "radical": "\u221a",
    "summation": "\u2211",
    "product": "\u220f",
    "coproduct": "\u2210",
    "integral": "\u222b",
    "contintegral": "\u222e",
    "union": "\u22c3",
    "intersection": "\u22c2",
    "unionmulti": "\u2a04",
    "unionsq": "\u2a06",
    "logicaland": "\u22c0",
    "logicalor": "\u22c1",
    "circledot": "\u2a00",
    "circleplus": "\u2a01",
    "circlemultiply": "\u2a02",
    "hat": "\u02c6",
    "tilde": "\u02dc",
}
_OLDSTYLE_DIGITS: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def tex_glyph_text(name: str) -> str:
    """The text of a TeX font's glyph name, or "" when the name is not one of them."""
    text = _TEX_NAMES.get(name)
    if text is not None:
        return text
    if name.endswith("oldstyle") and name[:-8] in _OLDSTYLE_DIGITS:
        return str(_OLDSTYLE_DIGITS.index(name[:-8]))
    match = _SIZE_SUFFIX.match(name)
    if match:
        base = match.group(1)
        return _SIZED_BASES.get(base) or _TEX_NAMES.get(base, "")
    return ""
