"""The glyph names and character maps of a TrueType program read from its bytes
(fonts.truetype_tables), as fontTools reads them (program._fonttools_truetype_tables, the
reference), or left to fontTools."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

from pagetext.fonts.program import _fonttools_truetype_tables, _truetype
from pagetext.fonts.truetype_tables import TrueTypeTables, is_made_up, read_truetype_tables
from tests.corpus import CORPUS, needs_corpus
from tests.fonts.fontprograms import corpus_programs, read_as_reference_reads, truetype

GLYPHS = [".notdef", "space", "A", "B", "a", "uni20AC", "f_i", "orphan", "Alpha"]
CMAP = {0x20: "space", 0x41: "A", 0x42: "B", 0x61: "a", 0x20AC: "uni20AC", 0x391: "Alpha", 0x10400: "f_i"}


def _as_read(tables: TrueTypeTables) -> tuple[list[str], list[tuple[int, int, list[tuple[int, str]]]]]:
    """Names and maps, each map's entries in their order (the symbolic map keeps the first)."""
    names, subtables = tables
    return list(names), [(platform, encoding, list(codes.items())) for platform, encoding, codes in subtables]


def _same_as_fonttools(data: bytes) -> TrueTypeTables:
    tables = read_truetype_tables(data)
    assert tables is not None
    assert _as_read(tables) == _as_read(_fonttools_truetype_tables(data))
    return tables


def _with_subtables(data: bytes, subtables: list[tuple[int, int, int, dict[int, str]]]) -> bytes:
    """The program with these cmap subtables (platform, encoding, format, map) instead, each
    of its own language (fontTools writes no two with the same ids and language)."""
    font = TTFont(io.BytesIO(data))
    tables = []
    for language, (platform, encoding, kind, codes) in enumerate(subtables):
        table = CmapSubtable.newSubtable(kind)
        table.platformID, table.platEncID, table.language = platform, encoding, language
        table.cmap = dict(codes)
        tables.append(table)
    font["cmap"].tables = tables
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def test_names_from_the_post_table() -> None:
    names, subtables = _same_as_fonttools(truetype(GLYPHS, CMAP))
    assert names == GLYPHS
    assert dict(subtables[0][2])[0x41] == "A"


def test_names_made_up_from_the_cmap_where_post_has_none() -> None:
    # Format 3 'post' (no names), as most subsets in PDFs: fontTools names each glyph after
    # its least code point (AGL name, uniXXXX, uXXXXX), the others glyph00007.
    names, _ = _same_as_fonttools(truetype(GLYPHS, CMAP, keep_glyph_names=False))
    assert names == [".notdef", "space", "A", "B", "a", "Euro", "u10400", "glyph00007", "Alpha"]


def test_names_made_up_from_the_cmap_need_no_import_of_fonttools_agl(tmp_path: Path) -> None:
    # AGLFN's names come from the package data: importing fontTools.agl (which parses the
    # whole AGL) cost a process 15 ms at its first such program.
    program = tmp_path / "program.ttf"
    program.write_bytes(truetype(GLYPHS, CMAP, keep_glyph_names=False))
    script = (
        "import sys\n"
        "from pagetext.fonts.truetype_tables import read_truetype_tables\n"
        f"tables = read_truetype_tables(open({str(program)!r}, 'rb').read())\n"
        "print(tables[0][5], 'fontTools.agl' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["Euro", "False"]


def test_a_glyph_two_codes_map_is_named_after_the_least_and_a_name_met_again_gets_alt() -> None:
    codes = {0x41: "A", 0x391: "A", 0x42: "B", 0xF042: "B", 0x61: "a"}
    data = _with_subtables(
        truetype(GLYPHS, CMAP, keep_glyph_names=False),
        [(3, 1, 4, codes), (0, 3, 4, {0x42: "a"})],
    )
    names, _ = _same_as_fonttools(data)
    assert names[2:5] == ["A", "B", "B.alt1"]


@pytest.mark.parametrize("kind", [0, 4, 6, 12])
def test_each_cmap_format_reads_as_fonttools_reads_it(kind: int) -> None:
    codes = {0x20: "space", 0x41: "A", 0x42: "B", 0x61: "a"}
    if kind == 12:
        codes |= {0x1F600: "uni20AC", 0x10400: "f_i"}
    data = _with_subtables(truetype(GLYPHS, CMAP), [(3, 10 if kind == 12 else 1, kind, codes)])
    _, subtables = _same_as_fonttools(data)
    assert dict(subtables[0][2]) == codes


def test_the_symbolic_map_and_subtables_named_twice_read_in_order() -> None:
    data = _with_subtables(
        truetype(GLYPHS, CMAP, keep_glyph_names=False),
        [(3, 0, 4, {0xF041: "A", 0x41: "B"}), (3, 1, 4, {0x41: "A"}), (3, 1, 6, {0x42: "B"})],
    )
    _same_as_fonttools(data)


@pytest.mark.parametrize("cut", range(20, 1400, 37))
def test_a_program_cut_short_is_read_as_fonttools_reads_it_or_left_to_it(cut: int) -> None:
    data = truetype(GLYPHS, CMAP, keep_glyph_names=False)[:cut]
    tables = read_truetype_tables(data)
    if tables is not None:
        assert _as_read(tables) == _as_read(_fonttools_truetype_tables(data))


def test_collections_and_cff_outlines_are_left_to_fonttools() -> None:
    data = truetype(GLYPHS, CMAP)
    assert read_truetype_tables(b"ttcf" + data[4:]) is None
    assert read_truetype_tables(b"OTTO" + data[4:]) is None


def test_the_font_program_is_the_same_either_way() -> None:
    data = truetype(GLYPHS, CMAP, keep_glyph_names=False)
    program = _truetype(data)
    assert program.unicode_by_gid[5] == "€" and program.unicode_by_gid[6] == "\U00010400"
    assert list(program.glyph_names) == _fonttools_truetype_tables(data)[0]


def _truetype_program(descriptor: pikepdf.Dictionary) -> bytes | None:
    return bytes(descriptor.FontFile2.read_bytes()) if "/FontFile2" in descriptor else None


@needs_corpus
def test_corpus_programs_read_as_fonttools_reads_them() -> None:
    # Every distinct TrueType program of the corpus: read here, the same names and maps
    # fontTools reads; nearly all of them are read here.
    def ours(data: bytes) -> object:
        tables = read_truetype_tables(data)
        return _as_read(tables) if tables is not None else None

    def reference(data: bytes) -> object:
        return _as_read(_fonttools_truetype_tables(data))

    programs, read = read_as_reference_reads(corpus_programs(CORPUS, _truetype_program), ours, reference)
    assert read >= 0.95 * programs > 0


# Decimal digits of other scripts count, superscripts not; one line end may follow.
MADE_UP = ["glyph12", "glyph00012", "glyph", "glyph12a", "glyph١٢", "glyph²", "glyph12\n", "glyph12\n\n", "x"]


@pytest.mark.parametrize("name", MADE_UP)
def test_made_up_names_are_told_as_the_pattern_tells_them(name: str) -> None:
    assert is_made_up(name) == (re.match(r"^glyph\d+$", name) is not None)
