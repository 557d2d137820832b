"""The Unicode text of a simple font's codes (ISO 32000-1 §9.6.6, §9.10.2), each worked out
when a string first shows it.

A code's text comes from the first source that knows it: /ToUnicode, the glyph name of the
encoding, the embedded font program (glyph ids, its cmap), a name that spells out its own
code (`a235`), and at last the code itself read as Latin-1. Fonts show a few dozen of their
256 codes (the first-read profile of issue 39: 5,679 of 52,736), so no code is worked out
before a string shows it; the result is the same whenever it is.
"""

from __future__ import annotations

import re
from typing import Final

from pagetext.fonts.encodings import char, glyph_name_to_unicode, text_of_glyph, without_controls
from pagetext.fonts.program import FontProgram

UNMAPPED: Final = "\ufffd"
CODES: Final = 256  # a simple font's codes are one byte
_NO_NAMES: Final[tuple[str | None, ...]] = (None,) * CODES
_GLYPH_ID_NAME: Final = re.compile(r"^(?:g|glyph|gid|cid|index)(\d+)$", re.IGNORECASE)
# Names that spell out their own code in decimal (a235, c65) or hex (G41, x41), as Type3
# fonts and some converters write them; trusted only when the number is the code.
_DECIMAL_CODE_NAME = re.compile(r"^[A-Za-z]{1,3}(\d{2,3})$")
_HEX_CODE_NAME = re.compile(r"^[A-Za-z]{1,2}([0-9A-Fa-f]{2})$")
# ZapfDingbats' own glyph names (a1 … a191), which subsets of it keep under other font names.
_DINGBAT_NAME = re.compile(r"^a\d{1,3}$")


class CodeTexts:
    """Per code: the text the PDF's own mappings give (`found`, "" for none), the text the
    font shows, and that text before glyph-text folding (`mapped_text`).

    `names`: code → glyph name; `to_unicode`: code → ToUnicode text (None for none, "" for
    control characters only: such `dropped` codes have no text but a name's); `program`: the
    embedded program when it was read, `own`: the codes its built-in encoding names. Fonts
    with the same mappings and no program share one (simple.py): nothing is font-specific.

    Tuples and dictionaries of text, not lists: they hold no object the cycle collector
    tracks, so it leaves them out of its lists (tuples at its first pass, dictionaries from
    the start), where a list of 256 stays in them for good. Code texts live as long as their
    document's fonts, or longer (shared), and a collection that finds them alive counts
    them towards its next full collection of the heap, which walks every item of every list.
    """

    __slots__ = (
        "_complete",
        "_dropped",
        "_found",
        "_mapped_texts",
        "_names",
        "_own",
        "_program",
        "_tex",
        "_texts",
        "_to_unicode",
        "_zapf",
    )

    def __init__(
        self,
        names: tuple[str | None, ...],
        to_unicode: tuple[str | None, ...],
        zapf: bool,
        tex: bool,
        program: FontProgram | None,
        own: bytes,
        dropped: bytes,
    ) -> None:
        self._names = names
        self._to_unicode = to_unicode
        self._zapf = zapf
        self._tex = tex
        self._program = program
        self._own = own
        self._dropped = dropped
        # Each code's texts, worked out when asked for.
        self._found: dict[int, str] = {}
        self._texts: dict[int, str] = {}
        self._mapped_texts: dict[int, str] = {}
        self._complete: list[str] | None = None

    def found(self, code: int) -> str:
        text = self._found.get(code)
        if text is None:
            name = self._names[code]
            text = self._to_unicode[code] or (
                glyph_name_to_unicode(name, self._zapf, self._tex) if name else ""
            )
            self._found[code] = text
        return text

    def text(self, code: int) -> str:
        text = self._texts.get(code)
        if text is None:
            text = self._prepare(code)
        return text

    def mapped_text(self, code: int) -> str:
        text = self._mapped_texts.get(code)
        if text is None:
            self._prepare(code)
            text = self._mapped_texts[code]
        return text

    def _prepare(self, code: int) -> str:
        """Work out a code's texts: what the PDF gives, else what the program gives, else
        what the glyph name spells out, else (see _last_resort) the code read as Latin-1.
        Control characters a name or the program gives are left out as ToUnicode's are."""
        glyph_name = self._names[code]
        text = self.found(code)
        program = self._program
        if not text and program is not None:
            text = _text_from_program(code, glyph_name, program)
        named = bool(text)
        if named:
            text = without_controls(text)
        if not named and code not in self._dropped:
            text = _text_from_code_name(code, glyph_name) or last_resort(code, glyph_name, self._own)
        self._mapped_texts[code] = text
        folded = self._texts[code] = text_of_glyph(text)
        return folded

    def lacks_text(self, first: int, last: int) -> bool:
        """Whether a code the font has (one with a glyph name, or from first to last) has no
        text from the PDF's own mappings: then the program may give it one."""
        names = self._names
        return any(not self.found(code) and (names[code] or first <= code <= last) for code in range(CODES))

    def with_program(self, program: FontProgram | None) -> CodeTexts:
        """These mappings with a program read late (SimpleFont.settle): it gives text to the
        codes the PDF leaves without."""
        if program is None:
            return self  # nothing to add: the texts are those without a program
        result = CodeTexts(self._names, self._to_unicode, self._zapf, self._tex, program, b"", self._dropped)
        result._found = self._found  # the PDF's own texts do not depend on the program
        return result

    def texts(self) -> list[str]:
        """The text of every code (for reading the table whole, as editing does)."""
        complete = self._complete
        if complete is None:
            complete = self._complete = [self.text(code) for code in range(CODES)]
        return complete


def prepared_texts(texts: list[str]) -> CodeTexts:
    """Code texts known in advance (a made-up font's): each is its own mapped text."""
    result = CodeTexts(_NO_NAMES, _NO_NAMES, False, False, None, b"", b"")
    # Every code known: nothing is worked out later, so the three tables can be one.
    result._found = result._texts = result._mapped_texts = dict(enumerate(texts))
    return result


def _text_from_program(code: int, glyph_name: str | None, program: FontProgram) -> str:
    gid = None
    if glyph_name:
        gid = program.gid_for_name(glyph_name)
        if gid is None:
            match = _GLYPH_ID_NAME.match(glyph_name)
            if match:
                gid = int(match.group(1))
    if gid is None:
        gid = program.symbolic_cmap.get(code)
    return program.unicode_by_gid.get(gid, "") if gid is not None else ""


def _text_from_code_name(code: int, glyph_name: str | None) -> str:
    if not glyph_name:
        return ""
    match = _DECIMAL_CODE_NAME.match(glyph_name)
    if match and int(match.group(1)) == code:
        return char(code)
    match = _HEX_CODE_NAME.match(glyph_name)
    if match and int(match.group(1), 16) == code:
        return char(code)
    return ""


def last_resort(code: int, glyph_name: str | None, own: bytes) -> str:
    """The text of a code nothing else names: a ZapfDingbats name's, else the code as Latin-1."""
    if glyph_name and _DINGBAT_NAME.match(glyph_name):
        text = glyph_name_to_unicode(glyph_name, True)
        if text:
            return text
    if code in own and glyph_name and not glyph_name.startswith(".") and not _GLYPH_ID_NAME.match(glyph_name):
        # The program's own encoding says which glyph the code shows (§9.6.6.1): its code
        # is no character code, so an unknown glyph is unknown text, not the Latin-1 letter.
        return UNMAPPED
    # Codes that name nothing are most often plain ASCII/Latin-1 in custom encodings.
    return char(code) if 32 <= code < 127 or 160 <= code < 256 else UNMAPPED
