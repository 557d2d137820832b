"""Hyphenated line ends: the one rule (pagetext.layout.hyphens) and plain text joined by it."""

from __future__ import annotations

import pagetext
from pagetext.layout.hyphens import dehyphenated, joins
from tests.pdfbuild import add_page, new_pdf, to_bytes


def test_a_hard_hyphen_joins_only_a_known_word_continued_in_lower_case() -> None:
    words = {"hyphenation", "wellknown"}
    assert joins("An example of hyphen-", "ation in a line", words)
    assert not joins("the non-", "exclusive license", words)  # "nonexclusive" unknown
    assert not joins("is joined, well-", "Known is not.", words)  # upper case: a new word
    assert not joins("pages 1990-", "1995", words)  # not letters
    assert joins("hyphen\u00ad", "ation", set())  # a soft hyphen is a hyphenation point


def test_the_rest_of_the_word_moves_up_and_an_emptied_line_goes() -> None:
    texts = ["An example of hyphen-", "ation in a line;", "compli-", "cated", "the non-", "exclusive one"]
    assert dehyphenated(texts, {"hyphenation", "complicated"}) == [
        "An example of hyphenation",
        "in a line;",
        "complicated",
        "the non-",
        "exclusive one",
    ]


def _pages(*contents: bytes) -> pagetext.Document:
    pdf = new_pdf()
    for content in contents:
        add_page(pdf, content)
    return pagetext.open(to_bytes(pdf))


FIRST = (
    b"BT /F1 10 Tf 72 700 Td 12 TL (An example of hyphen-) Tj T* (ation in a line; non-) Tj "
    b"T* (exclusive) Tj ET"
)
SECOND = b"BT /F1 10 Tf 72 700 Td 12 TL (hyphenation of a compli-) Tj T* (cated case) Tj ET"


def test_text_stays_as_printed_unless_asked_to_dehyphenate() -> None:
    with _pages(FIRST, SECOND) as doc:
        assert doc[0].text() == "An example of hyphen-\nation in a line; non-\nexclusive"
        assert doc[1].text(dehyphenate=True) == "hyphenation of a compli-\ncated case"  # unknown here
        # The document's words so far are the vocabulary: page 1 knows "hyphenation" by page 2's
        # line only when page 2 is read first.
        assert doc.text(dehyphenate=True) == (
            "An example of hyphen-\nation in a line; non-\nexclusive\fhyphenation of a compli-\ncated case"
        )
        assert doc.text(pages="2,1", dehyphenate=True) == (
            "hyphenation of a compli-\ncated case\fAn example of hyphenation\nin a line; non-\nexclusive"
        )


def test_a_page_alone_is_its_own_vocabulary_and_the_word_moves_up_with_its_punctuation() -> None:
    content = b"BT /F1 10 Tf 72 700 Td 12 TL (An example of hyphen-) Tj T* (ation; hyphenation) Tj ET"
    with _pages(content) as doc:
        assert doc[0].text(dehyphenate=True) == "An example of hyphenation;\nhyphenation"
