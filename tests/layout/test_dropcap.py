"""Drop caps: a large initial letter joins the word it begins."""

from __future__ import annotations

from tests.pdfbuild import open_page

BODY = (
    b"BT /F1 10 Tf 100 700 Td 12 TL (ver the years the town grew) Tj T* (into a city of bridges and) Tj "
    b"T* (markets along the river.) Tj ET\n"
    b"BT /F1 10 Tf 72 664 Td 12 TL (Its people kept the old names) Tj "
    b"T* (of the streets they walked.) Tj ET\n"
)
TEXT = (
    "Over the years the town grew\ninto a city of bridges and\nmarkets along the river.\n"
    "Its people kept the old names\nof the streets they walked."
)


def test_a_drop_cap_three_lines_tall_joins_its_word_on_the_first_line() -> None:
    # The "O" at 3.6 × the text size, its baseline two lines below the first line's.
    page = open_page(b"BT /F1 36 Tf 72 676 Td (O) Tj ET\n" + BODY)
    assert page.text() == TEXT
    assert page.text(order="content") == TEXT
    assert [word.text for word in page.words()][:2] == ["Over", "the"]


def test_a_drop_cap_drawn_after_its_paragraph_joins_too() -> None:
    page = open_page(BODY + b"BT /F1 36 Tf 72 676 Td (O) Tj ET\n")
    assert page.text() == TEXT


def test_a_big_letter_on_the_baseline_of_the_next_word_is_a_word_of_its_own() -> None:
    page = open_page(b"BT /F1 30 Tf 72 700 Td (A) Tj /F1 10 Tf 30 0 Td (big deal) Tj ET")
    assert page.text() == "A big deal"
