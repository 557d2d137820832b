"""The names and encoding of a CFF program read from its bytes (fonts.cff_tables), as fontTools
reads them (program._fonttools_cff_tables, the reference), or left to fontTools."""

from __future__ import annotations

import pikepdf
import pytest

from pagetext.fonts.cff_tables import read_cff_tables
from pagetext.fonts.program import _fonttools_cff_tables
from tests.corpus import CORPUS, needs_corpus
from tests.fonts.fontprograms import cff, corpus_programs, read_as_reference_reads, with_encoding_supplements

GLYPHS = [".notdef", "space", "A", "B", "C", "a", "b", "c", "minus", "uni20AC"]


@pytest.mark.parametrize(
    "encoding",
    [
        None,  # the standard encoding
        {65: "A", 66: "B", 67: "C", 97: "a", 98: "b", 99: "c"},  # ranges: format 1
        {65: "A", 200: "B", 3: "C", 150: "minus", 1: "uni20AC"},  # scattered: format 0
    ],
    ids=["standard", "ranges", "scattered"],
)
def test_a_program_reads_as_fonttools_reads_it(encoding: dict[int, str] | None) -> None:
    data = cff(GLYPHS, encoding)
    tables = read_cff_tables(data)
    assert tables is not None
    assert tables == _fonttools_cff_tables(data)
    charset, ordering, read_encoding, _ = tables
    assert charset == GLYPHS and ordering is None
    if encoding is None:
        assert read_encoding == "StandardEncoding"
    else:
        assert isinstance(read_encoding, list)
        assert all(read_encoding[code] == glyph for code, glyph in encoding.items())


def test_an_encoding_with_supplements_reads_as_fonttools_reads_it() -> None:
    # Every glyph a code, scattered (format 0); then the codes of the last seven glyphs make
    # room for two supplements: 66 names "A" (a second code for it), 67 "space".
    scattered = dict(zip([10, 65, 200, 3, 150, 1, 90, 120, 160], GLYPHS[1:], strict=True))
    data = with_encoding_supplements(cff(GLYPHS, scattered), {66: "A", 67: "space"})
    tables = read_cff_tables(data)
    assert tables is not None
    assert tables == _fonttools_cff_tables(data)
    encoding = tables[2]
    assert isinstance(encoding, list)
    assert [encoding[code] for code in (10, 65, 66, 67)] == ["space", "A", "A", "space"]
    assert encoding[200] == encoding[160] == ".notdef"  # codes given up for the supplements


def test_a_supplement_naming_no_string_is_left_to_fonttools() -> None:
    data = with_encoding_supplements(cff(GLYPHS, {65: "A", 200: "B", 3: "C", 150: "a", 1: "b"}), {66: 0xFFFF})
    assert read_cff_tables(data) is None


@pytest.mark.parametrize("cut", range(1, 120, 7))
def test_a_program_cut_short_is_read_as_fonttools_reads_it_or_left_to_it(cut: int) -> None:
    data = cff(GLYPHS, {65: "A", 66: "B", 200: "C"})[:cut]
    tables = read_cff_tables(data)
    if tables is not None:
        assert tables == _fonttools_cff_tables(data)


def test_other_versions_are_left_to_fonttools() -> None:
    assert read_cff_tables(b"\x02" + cff(GLYPHS)[1:]) is None  # CFF2


def _cff_program(descriptor: pikepdf.Dictionary) -> bytes | None:
    if "/FontFile3" not in descriptor:
        return None
    stream = descriptor.FontFile3
    if str(stream.get("/Subtype")) not in ("/Type1C", "/CIDFontType0C"):
        return None
    return bytes(stream.read_bytes())


@needs_corpus
def test_corpus_programs_read_as_fonttools_reads_them() -> None:
    # Every distinct CFF program of the corpus: read here, the same tables fontTools reads;
    # most of them are read here.
    programs, read = read_as_reference_reads(
        corpus_programs(CORPUS, _cff_program), read_cff_tables, _fonttools_cff_tables
    )
    assert read > 0.9 * programs and read > 300
