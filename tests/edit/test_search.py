"""Search over the reading-order text, mapped back to glyphs."""

from __future__ import annotations

import pytest

from pagetext.errors import UsageError
from tests.pdfbuild import open_page


def test_plain_case_regex_and_whole_words() -> None:
    page = open_page(b"BT /F1 12 Tf 72 700 Td (Cat catalog cat) Tj ET")
    assert [h.text for h in page.search("cat")] == ["cat", "cat"]
    assert [h.text for h in page.search("cat", ignore_case=True)] == ["Cat", "cat", "cat"]
    assert [h.text for h in page.search("cat", ignore_case=True, whole_words=True)] == ["Cat", "cat"]
    assert [h.text for h in page.search(r"c\w+g", regex=True)] == ["catalog"]
    hit = page.search("catalog")[0]
    assert "".join(g.text for g in hit.glyphs) == "catalog"
    assert hit.page_number == 1 and len(hit.quads) == 1


def test_query_spaces_match_inserted_word_gaps() -> None:
    # No space glyph: the word gap is a Td move, the space the assembly's.
    page = open_page(b"BT /F1 12 Tf 72 700 Td (two) Tj 30 0 Td (words) Tj ET")
    hits = page.search("two words")
    assert len(hits) == 1 and "".join(g.text for g in hits[0].glyphs) == "twowords"


def test_bad_queries() -> None:
    page = open_page(b"BT /F1 12 Tf 72 700 Td (x) Tj ET")
    with pytest.raises(UsageError):
        page.search("  ")
    with pytest.raises(UsageError):
        page.search("(", regex=True)
