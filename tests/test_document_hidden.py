"""Document's hidden=keep|flag|drop: text, write_text, tables, every export, and hidden_text.

The PDF shows two pages with a line in render mode 3 (invisible) on each (tests.pdfbuild.hidden_pdf).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import pagetext
from pagetext.layout.hidden_spans import HiddenSpan
from tests.pdfbuild import HIDDEN_LINES, hidden_pdf

FORMATS = ("text", "json", "hocr", "alto", "markdown")


@pytest.fixture
def doc() -> pagetext.Document:
    return pagetext.open(hidden_pdf())


def test_text_keeps_hidden_lines_by_default_and_drops_them_when_asked(doc: pagetext.Document) -> None:
    everything = doc.text()
    assert all(line in everything for line in HIDDEN_LINES)
    assert doc.text(hidden="keep") == everything
    assert doc.text(hidden="flag") == everything  # flag marks, it does not leave out
    assert doc.text(hidden="drop") == "Dear reader,\nKind regards.\fSecond page."
    assert doc.text(pages="2", hidden="drop") == "Second page."


def test_write_text_drops_hidden_lines_to_a_stream_and_to_a_path(
    doc: pagetext.Document, tmp_path: Path
) -> None:
    stream = io.BytesIO()
    assert doc.write_text(stream, hidden="drop", bom=True) == 2
    assert stream.getvalue() == "\ufeffDear reader,\nKind regards.\fSecond page.".encode()
    path = tmp_path / "out.txt"
    doc.write_text(path, page_separator="\n--\n", hidden="drop")
    assert path.read_text(encoding="utf-8") == "Dear reader,\nKind regards.\n--\nSecond page."
    doc.write_text(path)
    assert path.read_text(encoding="utf-8") == doc.text()


def test_write_text_by_default_writes_what_text_gives(doc: pagetext.Document) -> None:
    stream = io.BytesIO()
    doc.write_text(stream, dehyphenate=True)
    assert stream.getvalue().decode() == doc.text(dehyphenate=True)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_leaves_hidden_lines_out_with_drop(doc: pagetext.Document, fmt: str) -> None:
    kept = "".join(doc.export(fmt))
    dropped = "".join(doc.export(fmt, hidden="drop"))
    for words in HIDDEN_LINES:
        assert words.split()[0] in kept
        assert words.split()[0] not in dropped
    assert "Kind" in dropped and "Second" in dropped
    assert "".join(doc.export(fmt, hidden="keep")) == kept


def test_to_methods_take_hidden(doc: pagetext.Document) -> None:
    assert "Ignore" not in doc.to_json(hidden="drop")
    assert "Ignore" not in doc.to_hocr(hidden="drop")
    assert "Ignore" not in doc.to_alto(hidden="drop", dehyphenate=True)
    assert "Ignore" not in doc.to_markdown(hidden="drop")
    chunks = doc.to_markdown(page_chunks=True, hidden="drop")
    assert [chunk["text"] for chunk in chunks] == ["Dear reader,\n\nKind regards.\n", "Second page.\n"]
    assert '"hidden": ["invisible-mode"]' in doc.to_json(hidden="flag")


def test_write_methods_take_hidden(doc: pagetext.Document, tmp_path: Path) -> None:
    for write in (doc.write_json, doc.write_hocr, doc.write_alto, doc.write_markdown):
        path = tmp_path / write.__name__
        write(path, hidden="drop")
        assert "Ignore" not in path.read_text(encoding="utf-8")
        write(path)
        assert "Ignore" in path.read_text(encoding="utf-8")


def test_unknown_hidden_is_a_usage_error_before_any_output(doc: pagetext.Document) -> None:
    with pytest.raises(pagetext.UsageError, match="unknown hidden 'hide'"):
        doc.text(hidden="hide")
    for fmt in FORMATS:
        with pytest.raises(pagetext.UsageError, match="unknown hidden"):
            doc.export(fmt, hidden="hide")  # raised on the call, not once the pages are read
    with pytest.raises(pagetext.UsageError, match="unknown hidden"):
        doc.write_text(io.BytesIO(), hidden="")


def test_hidden_text_lists_every_page_in_order(doc: pagetext.Document) -> None:
    spans = doc.hidden_text()
    assert [(span.page, span.text, span.reasons) for span in spans] == [
        (1, HIDDEN_LINES[0], ("invisible-mode",)),
        (2, HIDDEN_LINES[1], ("invisible-mode",)),
    ]
    assert all(isinstance(span, HiddenSpan) for span in spans)
    assert spans[0].bbox.x0 == pytest.approx(72.0) and spans[0].bbox.y0 == pytest.approx(684.0)
    assert [span.page for span in doc.hidden_text("2")] == [2]


def test_hidden_text_is_empty_for_a_page_that_hides_nothing() -> None:
    from tests.pdfbuild import text_pdf

    with pagetext.open(text_pdf([["all of it shows"]])) as plain:
        assert plain.hidden_text() == []
        assert plain.text(hidden="drop") == plain.text()


def test_keep_reads_no_visibility(doc: pagetext.Document) -> None:
    # Cost only when asked: the default reads what it always read, Glyph.hidden stays unread.
    page = doc[0]
    assert all(glyph.hidden is None for glyph in page.glyphs(forms=True))
    page.text()
    assert all(glyph.hidden is None for glyph in page.glyphs(forms=True))
    assert any(glyph.hidden for glyph in page.glyphs(hidden="flag"))
