"""ToUnicode bfchar and bfrange sections of hex strings only, read by a regular expression
instead of the lexer (issue 39): the same CMap and the same warnings as the lexer's reading,
and the lexer's reading wherever the stream is anything else."""

from __future__ import annotations

import pikepdf
import pytest

from pagetext.fonts import cmap_file
from pagetext.fonts.cmap import CMap
from pagetext.fonts.cmap_file import parse_cmap
from tests.corpus import needs_corpus, real_pdfs

HEADER = (
    b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
    b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
    b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def\n"
    b"1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
)
FOOTER = b"endcmap CMapName currentdict /CMap defineresource pop end end\n"


def _state(cmap: CMap) -> tuple[object, ...]:
    return (
        list(cmap.unicode.items()),  # in order: a later entry of a code replaces an earlier one
        cmap.unicode_ranges,
        cmap.codespace,
        cmap.name,
        cmap.wmode,
    )


def _readings(data: bytes) -> tuple[tuple[object, ...], tuple[object, ...], bool]:
    """(parse_cmap's reading and warnings, the lexer's, whether the sections were read plain)."""
    warnings: list[str] = []
    cmap, parent = parse_cmap(data, warnings.append)
    general_warnings: list[str] = []
    general, general_parent = cmap_file._read_operations(data, general_warnings.append)
    plain = cmap_file._read_plain_sections(data, lambda message: None) is not None
    return (_state(cmap), parent, warnings), (_state(general), general_parent, general_warnings), plain


PLAIN_STREAMS = {
    "bfchar": b"3 beginbfchar\n<01> <0041>\n<02> <0042>\n<03> <0043>\nendbfchar\n",
    "carriage returns": b"2 beginbfchar\r<01> <0041>\r<02><0042>\rendbfchar\r",
    "two-byte codes, several sections": (
        b"2 beginbfchar <0003> <0020> <0011> <002E> endbfchar\n1 beginbfchar <0003> <0021> endbfchar\n"
    ),
    "ligature, surrogate pair, lone surrogate, one byte": (
        b"4 beginbfchar <01> <006600660069> <02> <D835DC00> <03> <D800> <04> <41> endbfchar\n"
    ),
    "controls and U+FFFD": b"3 beginbfchar <01> <0000> <02> <FFFD> <03> <000A> endbfchar\n",
    "white space inside strings, none between": b"2 beginbfchar <01><00 41><0\r2> <0 0\n4 2> endbfchar\n",
    "one-byte and two-byte sources mixed": b"2 beginbfchar <01> <0041> <0102> <0042> endbfchar\n",
    "an unpaired last string": b"2 beginbfchar <01> <0041> <02> endbfchar\n",
    "short and long bfranges": (
        b"3 beginbfrange\n<20> <7E> <0020>\n<80> <81> <2022>\n<A0> <A0> <00660069>\nendbfrange\n"
    ),
    "a bfrange past the last code unit and into surrogates": (
        b"2 beginbfrange <01> <04> <FFFE> <10> <12> <D7FF> endbfrange\n"
    ),
    "a bfrange too long, clipped with a warning": b"1 beginbfrange <0000> <FFFFFF> <0000> endbfrange\n",
    "operators inside the dictionary (warned) before the sections": b"",
    "a plain section beside one with an array": (
        b"1 beginbfchar <05> <0045> endbfchar\n1 beginbfrange <01> <03> [<0061> <0062> <0063>] endbfrange\n"
        b"1 beginbfchar <02> <0058> endbfchar\n"
    ),
}


@pytest.mark.parametrize("body", PLAIN_STREAMS.values(), ids=PLAIN_STREAMS.keys())
def test_plain_sections_read_as_the_lexer_reads_them(body: bytes) -> None:
    header = HEADER
    if not body:  # Distiller's T1UV CMaps write def inside the CIDSystemInfo dictionary
        header = HEADER.replace(b"(Adobe) ", b"(Adobe) def ")
        body = b"1 beginbfchar <01> <0041> endbfchar 1 beginbfrange <00> <FFFFFF> <0000> endbfrange\n"
    fast, general, plain = _readings(header + body + FOOTER)
    assert plain
    assert fast == general
    state = fast[0]
    assert isinstance(state, tuple) and (state[0] or state[1])  # the sections gave entries


HANDED_BACK = {
    "a section in a comment": b"% 1 beginbfchar <01> <0058> endbfchar\n1 beginbfchar <02> <0041> endbfchar\n",
    "a comment ending inside a section": b"% 1 beginbfchar <01>\n <0058> endbfchar\n",
    "a comment hiding the end operator": b"1 beginbfchar <01> <0058> % endbfchar\n<02> <0041> endbfchar\n",
    "a section inside a string": (
        b"(1 beginbfchar <01> <0058> endbfchar) pop 1 beginbfchar <02> <0041> endbfchar\n"
    ),
    "a section inside an array": b"[1 beginbfchar <01> <0058> endbfchar] pop\n",
    "an end operator named": b"/endbfchar pop 1 beginbfchar <01> <0058> endbfchar\n",
    "an end operator run into the next token": b"1 beginbfchar <01> <0058> endbfcharendcmap\n",
    "operands before the begin operator's section in an array": b"[ 1 beginbfchar <01> <0058> endbfchar\n",
}


@pytest.mark.parametrize("body", HANDED_BACK.values(), ids=HANDED_BACK.keys())
def test_sections_the_lexer_may_read_otherwise_are_left_to_it(body: bytes) -> None:
    fast, general, plain = _readings(HEADER + body + FOOTER)
    assert not plain
    assert fast == general


NOT_PLAIN = {
    "odd hex digits": b"1 beginbfchar <01> <041> endbfchar\n",
    "a name destination": b"1 beginbfchar <01> /A endbfchar\n",
    "a delimiter before the begin operator": b"(x)beginbfchar <01> <0041> endbfchar\n",
    "damage in a section": b"1 beginbfchar <01> <0041> ) <02> <0042> endbfchar\n",
}


@pytest.mark.parametrize("body", NOT_PLAIN.values(), ids=NOT_PLAIN.keys())
def test_sections_of_anything_but_hex_strings_are_read_by_the_lexer(body: bytes) -> None:
    """Sections of anything but hex strings of whole bytes, and sections whose begin operator
    is not a token of its own, are the lexer's."""
    assert cmap_file._read_plain_sections(HEADER + body + FOOTER, lambda message: None) is None
    fast, general, _ = _readings(HEADER + body + FOOTER)
    assert fast == general


def test_warnings_keep_their_offsets_and_order() -> None:
    """The lexer reads the stream with the sections blanked, not cut: a damaged byte after a
    section is reported at its offset in the stream, and before a clipped bfrange's warning
    when it comes before that section."""
    body = (
        b"1 beginbfchar <01> <0041> endbfchar\n} 1 beginbfrange <0000> <FFFFFF> <0000> endbfrange\n"
        b"1 beginbfchar <02> <0042> endbfchar }\n"
    )
    data = HEADER + body + FOOTER
    fast, general, plain = _readings(data)
    assert plain
    warnings = fast[2]
    assert isinstance(warnings, list)
    assert warnings == [
        f"unexpected byte {b'}'!r} at offset {data.index(b'}')}; skipped",
        "ToUnicode bfrange too long; clipped",
        f"unexpected byte {b'}'!r} at offset {data.rindex(b'}')}; skipped",
    ]
    assert fast == general


@needs_corpus
def test_every_tounicode_of_the_corpus_reads_as_the_lexer_reads_it() -> None:
    checked = plain = 0
    for pdf in real_pdfs():
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Dictionary) or "/ToUnicode" not in obj:
                continue
            stream = obj.get("/ToUnicode")
            if not isinstance(stream, pikepdf.Stream):
                continue
            try:
                data = stream.read_bytes()
            except pikepdf.PdfError:
                continue  # damage the font loader reports
            fast, general, was_plain = _readings(data)
            assert fast == general, (pdf.filename, obj.objgen)
            checked += 1
            plain += was_plain
    assert checked > 100
    assert plain > checked // 2  # the plain reading is the common one
