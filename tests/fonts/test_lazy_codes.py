"""Work done once, when needed: code texts prepared as strings show the codes, font programs
read once for all fonts and documents that embed the same bytes (issue 39)."""

from __future__ import annotations

import random
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

from pagetext.fonts import program as program_module
from pagetext.fonts.code_texts import CodeTexts
from pagetext.fonts.loader import load_font
from pagetext.fonts.program import ProgramCache, load_program
from tests.fonts.fontprograms import truetype
from tests.pdfbuild import simple_font

# Names of every kind a code's text comes from: AGL, uniXXXX, ligatures, a name spelling its
# own code (a65, G42), a glyph id, ZapfDingbats' a-names, .notdef, nothing at all.
NAMES: list[str | None] = [None] * 256
for code, glyph in {
    1: "uni0001",
    32: "space",
    65: "a65",
    66: "G42",
    67: "g123",
    68: "f_f_l",
    69: "uni0416",
    70: "a12",
    71: ".notdef",
    72: "Tcommaaccent",
    73: "fi",
    74: "hyphen",
    160: "eacute",
}.items():
    NAMES[code] = glyph
TO_UNICODE: list[str | None] = [None] * 256
TO_UNICODE[75] = "X"
TO_UNICODE[76] = ""  # control characters only: dropped
TO_UNICODE[77] = "\ufb01"
DROPPED = bytes([76])


def _codes() -> CodeTexts:
    return CodeTexts(tuple(NAMES), tuple(TO_UNICODE), False, True, None, b"", DROPPED)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_code_gives_the_same_texts_whenever_it_is_first_asked_for(seed: int) -> None:
    eager = _codes()
    whole = eager.texts()
    order = list(range(256))
    random.Random(seed).shuffle(order)
    lazy = _codes()
    for code in order:
        assert (lazy.text(code), lazy.mapped_text(code), lazy.found(code)) == (
            whole[code],
            eager.mapped_text(code),
            eager.found(code),
        )
    assert lazy.texts() == whole
    assert [whole[code] for code in (65, 66, 67, 68, 69, 71, 75, 76, 77, 160)] == [
        "A", "B", "C", "ffl", "Ж", "G", "X", "", "fi", "é",
    ]  # fmt: skip


def test_a_font_decodes_a_code_shown_late_as_a_font_that_showed_it_first() -> None:
    pdf = pikepdf.new()
    encoding = Dictionary(
        Type=Name.Encoding,
        BaseEncoding=Name.WinAnsiEncoding,
        Differences=Array([65, Name.a65, Name.uni0416, Name("/f_f_l"), 200, Name.g9]),
    )
    widths = [float(100 + code) for code in range(32, 256)]
    shown_late = load_font(simple_font(pdf, encoding=encoding, widths=widths), lambda message: None)
    shown_first = load_font(simple_font(pdf, encoding=encoding, widths=widths), lambda message: None)
    every_code = bytes(range(256))
    for code in reversed(every_code):
        shown_late.decode(bytes([code]))
    late = [(d.code, d.text, d.mapped_text, d.width, d.is_space) for d in shown_late.decode(every_code)]
    first = [(d.code, d.text, d.mapped_text, d.width, d.is_space) for d in shown_first.decode(every_code)]
    assert late == first
    assert [entry[1] for entry in late[65:68]] == ["A", "Ж", "ffl"]
    assert late[67][3] == pytest.approx(0.167)  # its own /Widths entry
    assert late[0xE9][1] == "é"  # WinAnsi below the differences


class _CountingReads:
    """Counts the programs parsed (by truetype_tables or fontTools: the cache's misses)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parsed = 0
        original = program_module._read

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.parsed += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(program_module, "_read", counting)


def _descriptor(pdf: pikepdf.Pdf, data: bytes) -> pikepdf.Dictionary:
    return Dictionary(Type=Name.FontDescriptor, FontFile2=pdf.make_stream(data))


def test_the_same_program_in_another_document_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(program_module, "PROGRAMS", ProgramCache(4, 1000))
    counter = _CountingReads(monkeypatch)
    data = truetype([".notdef", "uni2713"], {0x2713: "uni2713"})
    documents = [pikepdf.new() for _ in range(3)]
    programs = [load_program(_descriptor(pdf, data), lambda message: None) for pdf in documents]
    assert counter.parsed == 1
    assert programs[0] is not None and all(other is programs[0] for other in programs)
    assert programs[0].unicode_by_gid == {1: "✓"}
    other = truetype([".notdef", "uni2714"], {0x2714: "uni2714"})
    read = load_program(_descriptor(documents[0], other), lambda message: None)
    assert counter.parsed == 2 and read is not None and read.unicode_by_gid == {1: "✔"}


def test_the_program_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    counter = _CountingReads(monkeypatch)
    datas = [
        truetype([".notdef", f"uni{0x2713 + n:04X}"], {0x2713 + n: f"uni{0x2713 + n:04X}"}) for n in range(3)
    ]
    cache = ProgramCache(2, 1000)
    for data in datas:
        cache.get("truetype", data, lambda message: None)
    cache.get("truetype", datas[2], lambda message: None)  # kept: the most recent two are
    cache.get("truetype", datas[1], lambda message: None)
    assert counter.parsed == 3
    cache.get("truetype", datas[0], lambda message: None)  # dropped as the least recently used
    assert counter.parsed == 4
    # A program with more entries than the whole budget is read each time, never kept.
    small = ProgramCache(32, 3)
    for _ in range(2):
        program = small.get("truetype", datas[0], lambda message: None)
        assert program is not None and program.size() > 3
    assert counter.parsed == 6


def test_a_program_that_cannot_be_read_warns_for_every_font_that_embeds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counter = _CountingReads(monkeypatch)
    cache = ProgramCache(4, 1000)
    warnings: list[str] = []
    for _ in range(2):
        assert cache.get("truetype", b"no font program at all", warnings.append) is None
    assert counter.parsed == 1
    assert len(warnings) == 2 and warnings[0] == warnings[1]
    assert "embedded font program could not be read" in warnings[0]
