"""The paragraph model (pagetext.layout.paragraphs), its list markers and heading levels,
on pages built in code: 10 pt text on a 12 pt pitch unless a test says otherwise."""

from __future__ import annotations

import pikepdf
from pikepdf import Dictionary, Name

import pagetext
from pagetext.layout.list_markers import is_bullet, is_marker, list_marker
from pagetext.layout.paragraphs import Paragraph, paragraphs
from tests.pdfbuild import PROPORTIONAL, add_page, new_pdf, simple_font, to_bytes


def _page(lines: list[tuple[str, float, float, bytes]]) -> list[Paragraph]:
    """(font, x, baseline y, text) per line: R regular, C Courier."""
    pdf = new_pdf()
    encoding = Dictionary(Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding)
    fonts: dict[str, pikepdf.Object] = {
        "R": simple_font(pdf, base_font="Helvetica", encoding=encoding, widths=PROPORTIONAL),
        "C": simple_font(pdf, base_font="Courier", encoding=encoding),
    }
    content = b"".join(b"BT /%s 10 Tf %g %g Td (%s) Tj ET\n" % (f.encode(), x, y, t) for f, x, y, t in lines)
    add_page(pdf, content, fonts=fonts)
    page = pagetext.open(to_bytes(pdf))[0]
    return paragraphs(page.lines(), page.font_styles())


def _texts(found: list[Paragraph]) -> list[tuple[str, list[str]]]:
    return [(block.kind, [style.text for style in block.lines]) for block in found]


FULL = b"a full line of running text that reaches the right edge of the column"


def test_a_first_line_indent_starts_a_paragraph() -> None:
    found = _page([("R", 90, 700, FULL), ("R", 72, 688, FULL), ("R", 72, 676, FULL), ("R", 90, 664, FULL)])
    assert [len(block.lines) for block in found] == [3, 1]


def test_a_hanging_indent_goes_on_until_a_line_returns_to_the_margin() -> None:
    found = _page(
        [
            ("R", 72, 700, FULL),
            ("R", 90, 688, b"in a journal."),
            ("R", 72, 676, FULL),
            ("R", 90, 664, b"ends."),
        ]
    )
    assert [len(block.lines) for block in found] == [2, 2]


def test_a_short_line_ending_a_sentence_ends_its_paragraph() -> None:
    found = _page([("R", 72, 700, FULL), ("R", 72, 688, b"and it ends here."), ("R", 72, 676, FULL)])
    assert [len(block.lines) for block in found] == [2, 1]


def test_space_wider_than_the_paragraphs_pitch_starts_a_paragraph() -> None:
    found = _page([("R", 72, 700, FULL), ("R", 72, 688, FULL), ("R", 72, 670, FULL)])
    assert [len(block.lines) for block in found] == [2, 1]


def test_list_items_hang_and_a_numbered_paragraph_runs_on_at_its_margin() -> None:
    found = _page(
        [
            ("R", 72, 700, b"1. the first item of a list that"),
            ("R", 86, 688, b"wraps under its text"),
            ("R", 72, 676, b"2. the second item"),
            ("R", 72, 652, b"3. Terms. A numbered paragraph"),
            ("R", 72, 640, b"goes on at the number's margin."),
        ]
    )
    assert [(block.kind, block.marker, len(block.lines)) for block in found] == [
        ("item", "1.", 2),
        ("item", "2.", 1),
        ("text", "", 2),
    ]


def test_code_needs_a_typewriter_font_and_a_sign_of_code() -> None:
    found = _page(
        [
            ("R", 72, 700, b"Run it as follows, with the options it takes and the file to read:"),
            ("C", 90, 688, b"total = count(items)"),
            ("C", 90, 676, b"print(total)"),
            ("R", 72, 652, b"The title below is typewriter type, set for display, and no code."),
            ("C", 72, 628, b"PREFACE"),
            ("R", 72, 604, b"Running text again, as it is on every other line of the page here."),
        ]
    )
    assert [block.kind for block in found] == ["text", "code", "text", "text", "text"]


def test_list_markers() -> None:
    pdf = new_pdf()
    encoding = Dictionary(Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding)
    texts = [b"\x95 a bullet", b"(iv) a roman number", b"[3] a reference", b"- 12 -", b"1.5 mm is a size"]
    content = b"".join(b"BT /R 10 Tf 72 %d Td (%s) Tj ET\n" % (700 - 40 * i, t) for i, t in enumerate(texts))
    add_page(pdf, content, fonts={"R": simple_font(pdf, base_font="Helvetica", encoding=encoding)})
    lines = pagetext.open(to_bytes(pdf))[0].lines()
    assert [list_marker(line) for line in lines] == ["•", "(iv)", "[3]", "", ""]  # WinAnsi 0x95: U+2022
    assert is_bullet("•") and is_bullet("-") and not is_bullet("3.") and not is_bullet("(iv)")
    assert is_marker("a)") and is_marker("(12)") and not is_marker("A.") and not is_marker("12")


def test_a_symbol_fonts_glyph_is_a_bullet() -> None:
    pdf = new_pdf()
    fonts = {
        "R": simple_font(pdf, base_font="Helvetica", widths=PROPORTIONAL),
        "Z": simple_font(pdf, base_font="ZapfDingbats", widths=PROPORTIONAL),
    }
    # ZapfDingbats' "l" (a filled circle) and then the item's words in Helvetica.
    add_page(pdf, b"BT /Z 10 Tf 72 700 Td (l) Tj /R 10 Tf 14 0 Td (an item of the list) Tj ET", fonts=fonts)
    page = pagetext.open(to_bytes(pdf))[0]
    (block,) = paragraphs(page.lines(), page.font_styles())
    assert (block.kind, block.marker) == ("item", "•")
