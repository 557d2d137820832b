"""Hyphenated line ends: the one rule (pagetext.layout.hyphens) and plain text joined by it."""

from __future__ import annotations

import pagetext
from pagetext.layout.hyphens import Vocabulary, dehyphenated, joins
from tests.pdfbuild import add_page, new_pdf, to_bytes


def _vocabulary(*texts: str) -> Vocabulary:
    vocabulary = Vocabulary()
    vocabulary.add(texts)
    return vocabulary


def test_a_hard_hyphen_is_a_break_unless_the_text_shows_a_compound() -> None:
    known = _vocabulary("hyphenation", "a trade-off", "a stamp", "the side ef-", "fects of", "effects")
    assert joins("An example of hyphen-", "ation in a line", known)  # the joined word is known
    assert joins("the ef-", "fects of inlining", known)  # the joined word is known
    assert joins("the op-", "timizations", known)  # neither part a word, and the text hyphenates
    assert not joins("a long-", "term study", _vocabulary("a long-", "term study"))  # ... it does not
    assert not joins("a trade-", "off between", known)  # the compound is written elsewhere
    assert not joins("each time-", "stamp is", known)  # the second part is a word
    assert not joins("the non-", "exclusive license", known)  # a compounding prefix
    assert not joins("an X-", "ray image", known)  # a single letter
    assert not joins("is joined, well-", "Known is not.", known)  # a capital: a new word
    assert joins("the Trace-", "Monkey VM", _vocabulary("TraceMonkey"))  # ... unless it joins one
    assert not joins("pages 1990-", "1995", known)  # not letters
    assert joins("hyphen\u00ad", "ation", set())  # a soft hyphen is a hyphenation point
    assert not joins("the compli-", "cated case", {"hyphenation"})  # a bare set knows joined words only


def test_a_part_after_a_line_end_hyphen_is_not_learnt_as_a_word() -> None:
    vocabulary = _vocabulary("the ef-", "fects of", "more")
    assert "fects" not in vocabulary and "of" in vocabulary and "more" in vocabulary


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
