"""The loaders' hidden= keyword: "keep" (the default) reads as before, "drop" leaves out the
text a viewer does not show (a prompt injection in white or invisible text stays out of the
index), "flag" marks its words in the line records; an unknown mode fails when made."""

from __future__ import annotations

from pathlib import Path

import pytest

import pagetext
from pagetext.integrations.pages import read_pages
from tests.pdfbuild import HIDDEN_LINES, hidden_pdf


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "letter.pdf"
    path.write_bytes(hidden_pdf())
    return path


def test_read_pages_drop_and_flag(pdf: Path) -> None:
    with pagetext.open(pdf) as doc:
        dropped = [page.text for page in read_pages(doc, None, "reading", False, hidden="drop")]
        assert dropped == ["Dear reader,\nKind regards.", "Second page."]
        kept = [page.text for page in read_pages(doc, None, "reading", False)]
        assert kept == [doc[0].text(), doc[1].text()]
        markdown = [page.text for page in read_pages(doc, None, "reading", False, "markdown", "drop")]
        assert markdown == ["Dear reader,\n\nKind regards.\n", "Second page.\n"]
        (flagged,) = read_pages(doc, "2", "reading", True, hidden="flag")
    assert flagged.lines is not None
    words = [w for line in flagged.lines for w in line["words"]]
    assert [w["text"] for w in words if w.get("hidden") == ["invisible-mode"]] == HIDDEN_LINES[1].split()


def test_langchain_loader_hidden(pdf: Path) -> None:
    pytest.importorskip("langchain_core")
    from pagetext.integrations.langchain import PagetextLoader

    assert [d.page_content for d in PagetextLoader(pdf, hidden="drop").load()] == [
        "Dear reader,\nKind regards.",
        "Second page.",
    ]
    assert HIDDEN_LINES[0] in PagetextLoader(pdf).load()[0].page_content
    with pytest.raises(pagetext.UsageError, match="unknown hidden"):
        PagetextLoader(pdf, hidden="hide")


def test_llamaindex_reader_hidden(pdf: Path) -> None:
    pytest.importorskip("llama_index.core")
    from pagetext.integrations.llamaindex import PagetextReader

    documents = PagetextReader(hidden="drop", format="markdown").load_data(pdf)
    assert [d.text for d in documents] == ["Dear reader,\n\nKind regards.\n", "Second page.\n"]
    assert HIDDEN_LINES[1] in PagetextReader().load_data(pdf)[1].text
    with pytest.raises(pagetext.UsageError, match="unknown hidden"):
        PagetextReader(hidden="hide")


def test_ray_rows_hidden(pdf: Path) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("pyarrow")
    from pagetext.integrations.ray import file_rows, read_pdfs

    file = {"bytes": pdf.read_bytes(), "path": str(pdf)}
    rows = file_rows(file, "text", None, False, "reading", None, hidden="drop")
    assert [row["text"] for row in rows] == ["Dear reader,\nKind regards.", "Second page."]
    with pytest.raises(pagetext.UsageError, match="unknown hidden"):
        read_pdfs([str(pdf)], hidden="hide")  # refused before Ray reads anything
