"""Markdown export: headings, paragraphs, hyphenation, lists, emphasis, furniture, pages."""

from __future__ import annotations

import warnings

import pikepdf
import pytest
from pikepdf import Dictionary, Name

import pagetext
from pagetext.export.markdown import markdown_pages, numbered_depth, to_markdown
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import PROPORTIONAL, add_page, new_pdf, simple_font, to_bytes

GENERATED = CORPUS / "generated"


def _fonts(pdf: pikepdf.Pdf) -> dict[str, pikepdf.Object]:
    encoding = Dictionary(Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding)
    return {
        "R": simple_font(pdf, base_font="Helvetica", encoding=encoding, widths=PROPORTIONAL),
        "B": simple_font(pdf, base_font="Helvetica-Bold", encoding=encoding, widths=PROPORTIONAL),
        "I": simple_font(pdf, base_font="Helvetica-Oblique", encoding=encoding, widths=PROPORTIONAL),
        "S": simple_font(
            pdf,
            base_font="Helvetica",
            encoding=Dictionary(Type=Name.Encoding, Differences=[173, Name.sfthyphen]),
            widths=PROPORTIONAL,
        ),
        "C": simple_font(pdf, base_font="Courier", encoding=encoding),
    }


def _text(font: str, size: float, x: float, y: float, text: bytes) -> bytes:
    escaped = text.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"BT /%s %g Tf %g %g Td (%s) Tj ET\n" % (font.encode(), size, x, y, escaped)


def _markdown(*pages: bytes, furniture: bool = False) -> str:
    pdf = new_pdf()
    fonts = _fonts(pdf)
    for content in pages:
        add_page(pdf, content, fonts=fonts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = pagetext.open(to_bytes(pdf))
        return to_markdown(doc, furniture=furniture)


def _lines(font: str, size: float, x: float, top: float, texts: list[bytes], leading: float = 12) -> bytes:
    return b"".join(_text(font, size, x, top - i * leading, text) for i, text in enumerate(texts))


def test_title_sections_and_paragraphs() -> None:
    page = (
        _text("B", 20, 72, 740, b"Annual Report")
        + _lines("R", 10, 72, 700, [b"The first paragraph starts here", b"and ends on this line."])
        + _text("B", 10, 72, 660, b"1 Scope")
        + _lines("R", 10, 72, 640, [b"Some text of the scope section", b"that runs over two lines."])
        + _text("B", 10, 72, 600, b"1.1 Details")
        + _lines(
            "R",
            10,
            72,
            580,
            [b"A second paragraph of the", b"scope section.", b"", b"Another one after a gap."],
        )
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\n"
        "# Annual Report\n\n"
        "The first paragraph starts here and ends on this line.\n\n"
        "## 1 Scope\n\n"
        "Some text of the scope section that runs over two lines.\n\n"
        "### 1.1 Details\n\n"
        "A second paragraph of the scope section.\n\n"
        "Another one after a gap.\n"
    )


def test_hyphen_at_line_end_is_undone_only_for_a_known_word() -> None:
    page = _lines(
        "R",
        10,
        72,
        700,
        [b"A compli-", b"cated case is complicated,", b"a well-", b"known fact stays well-known."],
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\nA complicated case is complicated, a well-known fact stays well-known.\n"
    )


def test_hyphen_kept_when_the_joined_word_is_unknown() -> None:
    page = _lines("R", 10, 72, 700, [b"the non-", b"exclusive license"])
    assert _markdown(page) == "<!-- page 1 -->\n\nthe non-exclusive license\n"


def test_soft_hyphen_at_line_end_is_removed() -> None:
    page = _text("S", 10, 72, 700, b"hyphen\xad") + _text("R", 10, 72, 688, b"ation works")
    assert _markdown(page) == "<!-- page 1 -->\n\nhyphenation works\n"


def test_bullet_and_numbered_lists() -> None:
    page = (
        _text("R", 10, 72, 700, b"Intro text before the list.")
        + _text("R", 10, 72, 680, b"\x95 first item that")
        + _text("R", 10, 82, 668, b"wraps to a second line")
        + _text("R", 10, 72, 656, b"\x95 second item")
        + _text("R", 10, 72, 636, b"1. one")
        + _text("R", 10, 72, 624, b"2) two")
        + _text("R", 10, 72, 612, b"(a) three")
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\n"
        "Intro text before the list.\n\n"
        "- first item that wraps to a second line\n\n"
        "- second item\n\n"
        "1. one\n\n"
        "2) two\n\n"
        "- (a) three\n"
    )


def test_bold_and_italic_spans() -> None:
    page = (
        _text("R", 10, 72, 700, b"plain")
        + _text("B", 10, 105, 700, b"bold words")
        + _text("R", 10, 165, 700, b"and")
        + _text("I", 10, 190, 700, b"slanted")
        + _text("R", 10, 235, 700, b"text")
    )
    assert _markdown(page) == "<!-- page 1 -->\n\nplain **bold words** and *slanted* text\n"


def test_markdown_syntax_in_text_is_escaped() -> None:
    page = _lines("R", 10, 72, 700, [b"# not a heading, a_b and *stars*"]) + _lines(
        "R", 10, 72, 660, [b"4. Redistribution. You may", b"reproduce copies."]
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\n"
        "\\# not a heading, a_b and \\*stars\\*\n\n"
        "4\\. Redistribution. You may reproduce copies.\n"
    )


def _furniture_pages() -> list[bytes]:
    return [
        _text("R", 8, 72, 770, b"Journal of Tests")
        + _lines("R", 10, 72, 500, [b"Body text of page %d." % n])
        + _text("R", 8, 300, 30, b"%d" % n)
        for n in (1, 2, 3)
    ]


def test_running_headers_and_footers_are_left_out() -> None:
    assert _markdown(*_furniture_pages()) == (
        "<!-- page 1 -->\n\nBody text of page 1.\n\n"
        "<!-- page 2 -->\n\nBody text of page 2.\n\n"
        "<!-- page 3 -->\n\nBody text of page 3.\n"
    )


def test_furniture_kept_when_asked() -> None:
    markdown = _markdown(*_furniture_pages(), furniture=True)
    assert markdown.startswith(
        "<!-- page 1 -->\n\nJournal of Tests\n\nBody text of page 1.\n\n1\n\n<!-- page 2 -->"
    )


def test_markdown_pages_streams_one_string_per_page_from_an_iterator() -> None:
    pdf = new_pdf()
    fonts = _fonts(pdf)
    for content in _furniture_pages():
        add_page(pdf, content, fonts=fonts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = pagetext.open(to_bytes(pdf))
        pages = list(markdown_pages(iter(doc)))
    assert [page.splitlines()[0] for page in pages] == [
        "<!-- page 1 -->",
        "<!-- page 2 -->",
        "<!-- page 3 -->",
    ]
    assert pages[1] == "<!-- page 2 -->\n\nBody text of page 2.\n"


@pytest.mark.parametrize(
    ("text", "depth"), [("1 Title", 1), ("2. Title", 1), ("2.3.1 Title", 3), ("A.1 Title", 2), ("Title", 0)]
)
def test_numbered_depth(text: str, depth: int) -> None:
    assert numbered_depth(text) == depth


# Measured on the generated corpus (bench/markdown.py, 48 cases, 247 headings): every
# expected heading found, nothing else marked as a heading.
CORPUS_PRECISION = 1.0
CORPUS_RECALL = 1.0


@needs_corpus
def test_corpus_headings_precision_and_recall() -> None:
    from bench.markdown import generated_set

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = generated_set(["pagetext"], GENERATED)["pagetext"]
    assert result["expected"] >= 240
    assert result["precision"] >= CORPUS_PRECISION
    assert result["recall"] >= CORPUS_RECALL


def test_footnote_marks_and_footnotes_kept_together() -> None:
    marked = (
        b"BT /R 10 Tf 72 688 Td (scope,) Tj /R 6 Tf 4 Ts (1) Tj "  # the mark: smaller, raised
        b"/R 10 Tf 0 Ts ( including all copies.) Tj ET\n"
    )
    page = (
        _text("R", 10, 72, 700, b"The licence covers the whole")
        + marked
        + _lines("R", 10, 72, 640, [b"A second paragraph of the body text.", b"It ends here."])
        + _lines(
            "R", 8, 72, 100, [b"1 The scope is set out in the annex.", b"2 Copies include partial ones."], 10
        )
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\n"
        "The licence covers the whole scope,[^1] including all copies.\n\n"
        "A second paragraph of the body text. It ends here.\n\n"
        "[^1]: The scope is set out in the annex.\n\n"
        "[^2]: Copies include partial ones.\n"
    )


def test_a_page_set_in_a_typewriter_font_is_text_not_code() -> None:
    page = _lines("C", 10, 72, 700, [b"A filing typed in Courier runs", b"over two lines."]) + _lines(
        "C", 10, 72, 660, [b"Its second paragraph is prose too."]
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\nA filing typed in Courier runs over two lines.\n\n"
        "Its second paragraph is prose too.\n"
    )


def test_typewriter_lines_among_prose_are_a_code_block() -> None:
    page = (
        _lines("R", 10, 72, 700, [b"Run the tool as shown below, then read its report carefully."])
        + _lines("C", 10, 90, 680, [b"pagetext report.pdf", b"  --format markdown"])
        + _lines("R", 10, 72, 640, [b"The report comes out on the standard output as text."])
    )
    assert _markdown(page) == (
        "<!-- page 1 -->\n\nRun the tool as shown below, then read its report carefully.\n\n"
        "```\npagetext report.pdf\n  --format markdown\n```\n\n"
        "The report comes out on the standard output as text.\n"
    )


@needs_corpus
def test_right_to_left_and_vertical_paragraphs_keep_their_short_last_lines() -> None:
    # A right-to-left paragraph's lines start at the right: its short last line is no indent.
    arabic = pagetext.open(CORPUS / "real" / "docling__right_to_left_01.pdf").to_markdown()
    assert "يمكن أن يسهم بشكل كبير في تحسين نتائج العمل." in arabic
    # Vertical Japanese: CJK fonts are one em to every glyph, which is no typewriter type.
    japanese = pagetext.open(GENERATED / "chromium_ja_vertical_rl.pdf").to_markdown()
    assert "地域の歴史を伝える展示を企画したりと、その役割は幅広い。" in japanese
    assert "`" not in japanese
