"""A rotated title reads first (issue 34): a line in another direction than the page's main
text, set in the page's largest type and standing at the top of its text (a form's name
printed along the edge of its header), is read before the main text. Other rotated text
(sidebars, stamps, watermarks, large type lower down) keeps its place after the body,
before the footer."""

from __future__ import annotations

import math

import pytest

from tests.pdfbuild import open_page

SIZE = 10  # the test font: every glyph 500 units wide, box 1 em tall (ascent 0.8, descent 0.2)


def _text(x: float, y: float, text: str, size: float = SIZE) -> bytes:
    return b"BT /F1 %g Tf %g %g Td (%s) Tj ET\n" % (size, x, y, text.encode("latin-1"))


def _rotated(x: float, y: float, text: str, size: float, degrees: float = 90) -> bytes:
    """Text from (x, y) turned `degrees` counter-clockwise: 90 reads up, -90 down."""
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    matrix = (size * cos, size * sin, -size * sin, size * cos, x, y)
    return b"BT /F1 1 Tf %f %f %f %f %f %f Tm (%s) Tj ET\n" % (*matrix, text.encode("latin-1"))


def _lines(page_text: str) -> list[str]:
    return [line for line in page_text.split("\n") if line.strip()]


# A form's header (the issuing department in 8 pt over a 12 pt heading) above twenty lines
# of 10 pt labels, 14 pt apart: the main text runs from y ≈ 738 down to y ≈ 392.
DEPARTMENT = "Department of the Treasury Internal Revenue Service"
HEADING = "U.S. Individual Income Tax Return for the year"
LABELS = [f"{row + 1} Line item label number {row + 1}" for row in range(20)]


def _form() -> bytes:
    header = _text(100, 730, DEPARTMENT, 8) + _text(100, 700, HEADING, 12)
    return header + b"".join(_text(100, 660 - row * 14, label) for row, label in enumerate(LABELS))


FORM_LINES = [DEPARTMENT, HEADING, *LABELS]


@pytest.mark.parametrize(
    "title",
    [
        _rotated(80, 660, "Form 1040", 24),  # up the left edge, reaching above the header
        _rotated(80, 627, "Form 1040", 24),  # up the left edge, its top beside the department
        _rotated(575, 770, "Form 1040", 24, -90),  # down the right edge from the top
    ],
    ids=["left-above", "left-beside", "right-down"],
)
@pytest.mark.parametrize("drawn_last", [True, False], ids=["drawn-last", "drawn-first"])
def test_a_large_rotated_title_at_the_top_of_a_form_reads_first(title: bytes, drawn_last: bool) -> None:
    content = _form() + title if drawn_last else title + _form()
    assert _lines(open_page(content).text()) == ["Form 1040", *FORM_LINES]


def test_a_rotated_title_comes_first_and_a_sidebar_still_before_the_page_number() -> None:
    sidebar = _rotated(40, 420, "Rotated sidebar text", SIZE)
    number = _text(300, 40, "1")
    content = number + sidebar + _form() + _rotated(80, 660, "Form 1040", 24)
    assert _lines(open_page(content).text()) == ["Form 1040", *FORM_LINES, "Rotated sidebar text", "1"]


def test_a_rotated_title_reads_first_on_a_two_column_page() -> None:
    left = [f"Left line {row + 1:02d} of the first column" for row in range(20)]
    right = [f"Right line {row + 1:02d} of the second column" for row in range(20)]
    pairs = enumerate(zip(left, right, strict=True))
    rows = [_text(60, 700 - 12 * row, a) + _text(330, 700 - 12 * row, b) for row, (a, b) in pairs]
    title = _rotated(40, 640, "Annual Report", 24)
    assert _lines(open_page(b"".join(rows) + title).text()) == ["Annual Report", *left, *right]


# Controls: rotated text that is no title keeps today's place, after the body.


def test_a_body_size_sidebar_down_the_whole_left_margin_stays_after_the_body() -> None:
    text = "Rotated sidebar set in body size down the whole margin of the form, " * 2
    sidebar = _rotated(40, 100, text.strip(), SIZE)
    assert _lines(open_page(sidebar + _form()).text()) == [*FORM_LINES, text.strip()]


def test_a_rotated_line_in_heading_size_at_the_top_stays_after_the_body() -> None:
    # 14 pt: taller than every main line, but under 1.5 × the 10 pt body: a rotated heading.
    label = _rotated(80, 660, "Side heading", 14)
    assert _lines(open_page(_form() + label).text()) == [*FORM_LINES, "Side heading"]


def test_a_line_of_body_size_words_in_two_directions_stays_after_the_body() -> None:
    # A chart's axis label up its side and a slanted tick label under it, which assembly joins
    # into one line: 45 pt across the first word's direction, but no word in it set large.
    drawn, lines = _sections()
    labels = _rotated(40, 680, "RAD51", SIZE) + _rotated(45, 640, "NIHOVCAR3", SIZE, 45)
    assert _lines(open_page(labels + drawn).text()) == [*lines, "RAD51 NIHOVCAR3"]


def test_a_rotated_title_under_a_larger_horizontal_title_stays_after_the_body() -> None:
    # The page's largest type is its horizontal title: a reader starts there.
    title = _text(150, 750, "Annual Return", 30)
    content = title + _form() + _rotated(80, 660, "Form 1040", 24)
    assert _lines(open_page(content).text()) == ["Annual Return", *FORM_LINES, "Form 1040"]


def _sections() -> tuple[bytes, list[str]]:
    """Three sections of eight 10 pt lines, 80 pt apart, from y = 740 down to y ≈ 100."""
    drawn, lines = b"", []
    for section in range(3):
        for row in range(8):
            line = f"Section {section + 1} line {row + 1} of the running text"
            drawn += _text(100, 740 - 220 * section - 12 * row, line)
            lines.append(line)
    return drawn, lines


def test_a_large_rotated_label_beside_a_later_section_stays_after_the_body() -> None:
    # In the upper half of the text, but below its first block: it labels the second section.
    drawn, lines = _sections()
    label = _rotated(70, 490, "Part Two", 24)
    assert _lines(open_page(drawn + label).text()) == [*lines, "Part Two"]


def test_a_large_rotated_banner_from_the_top_past_the_middle_stays_after_the_body() -> None:
    # It reaches the top but runs down past the middle of the text: a stamp along the margin.
    banner = _rotated(70, 400, "CONFIDENTIAL FILE COPY", 24)
    drawn, lines = _sections()
    assert _lines(open_page(drawn + banner).text()) == [*lines, "CONFIDENTIAL FILE COPY"]


def test_a_large_rotated_title_at_the_bottom_stays_after_the_body_before_the_page_number() -> None:
    title = _rotated(80, 250, "Form 1040", 24)
    number = _text(300, 40, "1")
    content = number + _form() + title
    assert _lines(open_page(content).text()) == [*FORM_LINES, "Form 1040", "1"]


def test_a_diagonal_watermark_across_the_middle_stays_after_the_body_before_the_page_number() -> None:
    drawn, lines = _sections()
    watermark = _rotated(200, 300, "DRAFT", 120, 45)
    number = _text(300, 40, "1")
    content = watermark + drawn + number
    assert _lines(open_page(content).text()) == [*lines, "DRAFT", "1"]
