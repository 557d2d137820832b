"""Work a font may not need is done when first needed (issue 39): the standard-14 width
tables, a character collection's CID → Unicode table; the package data files read without
gzip's checksum give the bytes gzip gives; a simple font's ToUnicode ranges are read in one
pass, with the texts a search per code finds."""

from __future__ import annotations

import fnmatch
import gzip
import random
from pathlib import Path

import pytest
from pikepdf import Array, Name, String

from pagetext.fonts import encodings, predefined
from pagetext.fonts.cff_tables import STANDARD_STRING_COUNT
from pagetext.fonts.cmap import UnicodeMap
from pagetext.fonts.composite import CompositeFont
from pagetext.fonts.encodings import DATA_FOLDER, core14_metrics
from pagetext.fonts.font import SimpleFont
from pagetext.fonts.loader import load_font
from tests.pdfbuild import identity_font, new_pdf, simple_font


def test_package_data_reads_as_gzip_reads_it() -> None:
    files = sorted(Path(DATA_FOLDER).glob("*/*.gz"))
    assert files
    for path in files:
        assert predefined._package_data(str(path)) == gzip.decompress(path.read_bytes()), path


def test_standard14_widths_are_read_only_for_a_font_without_widths() -> None:
    encodings._CORE14.pop("Courier-Bold", None)  # metrics an earlier test read are kept
    pdf = new_pdf()
    with_widths = simple_font(pdf, base_font="Courier-Bold", first_char=65, widths=[321])
    font = load_font(with_widths, lambda _: None)
    assert isinstance(font, SimpleFont) and font.widths[65] == 0.321
    metrics = core14_metrics("Courier-Bold")
    assert metrics is not None and metrics._widths is None  # ascent and descent only

    without = simple_font(pdf, base_font="Courier-Bold")
    del without.Widths
    del without.FirstChar
    font = load_font(without, lambda _: None)
    assert isinstance(font, SimpleFont) and font.widths[65] == 0.6  # Courier's 600 units
    assert metrics.widths["A"] == 600 and len(metrics.widths) == 315


def test_collection_table_is_read_at_the_first_cid_no_other_source_names() -> None:
    predefined.cid_to_unicode_table.cache_clear()  # a table read by an earlier test is kept
    pdf = new_pdf()
    font_dict = identity_font(pdf, {0x0001: "A"})
    font_dict.DescendantFonts[0].CIDSystemInfo.Ordering = String("Japan1")
    font_dict.Encoding = Name("/Identity-H")
    font_dict.DescendantFonts[0].W = Array()
    font = load_font(font_dict, lambda _: None)
    assert isinstance(font, CompositeFont)
    table = font.collection_table
    assert table is not None and table._singles is None
    assert [glyph.text for glyph in font.decode(b"\x00\x01")] == ["A"]  # ToUnicode's
    assert table._singles is None
    # CID 842 of Adobe-Japan1 is HIRAGANA LETTER SMALL A, which the ToUnicode map leaves out.
    assert [glyph.text for glyph in font.decode(b"\x03\x4a")] == ["\u3041"]
    assert table._singles is not None


def test_a_collection_without_a_table_has_none() -> None:
    assert predefined.cid_to_unicode_table("Identity") is None
    assert predefined.cid_to_unicode_table("Japan1/..") is None
    table = predefined.cid_to_unicode_table("GB1")
    assert table is not None and table.get(-1) == "" and table.get(10**7) == ""


def test_byte_texts_of_overlapping_ranges_are_what_get_finds() -> None:
    rng = random.Random(39)
    for _ in range(300):
        ranges = []
        for _ in range(rng.randrange(1, 6)):
            first = rng.choice((0, rng.randrange(300), rng.randrange(0xD7F0, 0xD810)))
            ranges.append((first, first + rng.randrange(0, 300), rng.choice((0, 0x41, 0xD7F0, 0xFFF0))))
        entries = {rng.randrange(256): "x" for _ in range(rng.randrange(4))}
        to_unicode = UnicodeMap(entries, ranges)
        assert to_unicode.byte_texts() == [to_unicode.get(code) for code in range(256)], ranges


def test_standard_glyph_name_lists_are_fonttools_own() -> None:
    # Read from the package data rather than imported from fontTools (10-20 ms a process):
    # tools/build_data.py writes them from fontTools, and they must not drift from it.
    from fontTools.cffLib import cffStandardStrings
    from fontTools.ttLib.standardGlyphOrder import standardGlyphOrder

    strings = encodings.glyph_name_list("cff-standard-strings")
    assert strings == list(cffStandardStrings) and len(strings) == STANDARD_STRING_COUNT
    assert strings[1] == "space" and strings[390] == "Semibold"
    assert encodings.glyph_name_list("mac-glyph-names") == list(standardGlyphOrder)
    assert encodings.glyph_name_list("no-such-list") == []


def test_every_package_data_file_is_packaged() -> None:
    # A data file that no package-data pattern names is missing from wheels, where only the
    # fonts that need it notice (the CID tables moved from .txt.gz to .utf16le).
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["pagetext.fonts"]
    folder = Path(DATA_FOLDER)
    files = [path.relative_to(folder.parent).as_posix() for path in folder.rglob("*") if path.is_file()]
    assert len(files) > 200
    assert [name for name in files if not any(fnmatch.fnmatch(name, pattern) for pattern in patterns)] == []
