"""The LangChain loader and the LlamaIndex reader, on their real base classes: a Document per
page whose text is the library's."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

import pagetext
from pagetext.export.json import line_record
from tests.corpus import CORPUS
from tests.pdfbuild import add_page, new_pdf, to_bytes

FILE = CORPUS / "real" / "docling__skipped_1page.pdf"  # three pages


def test_langchain_loader() -> None:
    pytest.importorskip("langchain_core")
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document

    from pagetext.integrations.langchain import PagetextLoader

    loader = PagetextLoader(FILE, lines=True)
    assert isinstance(loader, BaseLoader)
    documents = list(loader.lazy_load())
    with pagetext.open(FILE) as doc:
        expected = [(page.text(), [line_record(line) for line in page.lines()]) for page in doc]
    assert all(isinstance(document, Document) for document in documents)
    assert [(d.page_content, d.metadata["lines"]) for d in documents] == expected
    assert [d.metadata["page"] for d in documents] == [1, 2, 3]
    assert {(d.metadata["source"], d.metadata["total_pages"]) for d in documents} == {(str(FILE), 3)}
    some = PagetextLoader(FILE, pages="3,1", order="content").load()
    with pagetext.open(FILE) as doc:
        assert [d.page_content for d in some] == [doc[2].text(order="content"), doc[0].text(order="content")]
    assert "lines" not in some[0].metadata


def test_langchain_loader_errors(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from pagetext.integrations.langchain import PagetextLoader

    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (secret) Tj ET")
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(to_bytes(pdf, encryption=pikepdf.Encryption(owner="o", user="u", R=6)))
    with pytest.raises(pagetext.PasswordError):
        PagetextLoader(locked).load()
    assert [d.page_content for d in PagetextLoader(locked, password="u").load()] == ["secret"]


def test_llamaindex_reader(tmp_path: Path) -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core import SimpleDirectoryReader
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import Document, MetadataMode

    from pagetext.integrations.llamaindex import PagetextReader

    reader = PagetextReader(lines=True)
    assert isinstance(reader, BaseReader)
    documents = reader.load_data(FILE, extra_info={"collection": "test"})
    with pagetext.open(FILE) as doc:
        expected = [(page.text(), [line_record(line) for line in page.lines()]) for page in doc]
    assert all(isinstance(document, Document) for document in documents)
    assert [(d.text, d.metadata["lines"]) for d in documents] == expected
    assert [d.metadata["page"] for d in documents] == [1, 2, 3]
    assert {(d.metadata["collection"], d.metadata["total_pages"]) for d in documents} == {("test", 3)}
    embedded = documents[0].get_content(metadata_mode=MetadataMode.EMBED)
    assert "page: 1" in embedded and '"bbox"' not in embedded  # the boxes stay out of the embedding

    folder = tmp_path / "pdfs"
    folder.mkdir()
    (folder / "one.pdf").write_bytes(FILE.read_bytes())
    found = SimpleDirectoryReader(str(folder), file_extractor={".pdf": PagetextReader()}).load_data()
    assert [d.text for d in found] == [text for text, _ in expected]
    assert found[0].metadata["file_name"] == "one.pdf" and "lines" not in found[0].metadata
