"""The LangChain loader and the LlamaIndex reader, on their real base classes: a Document per
page whose text is the library's, with the metadata each framework's own PDF loaders give."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

import pagetext
from pagetext.export.json import line_record
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, new_pdf, report_pdf, to_bytes

FILE = CORPUS / "real" / "docling__skipped_1page.pdf"  # three pages
# Its document information dictionary as both loaders give it.
FILE_METADATA = {
    "producer": "macOS 버전 26.2(빌드 25C56) Quartz PDFContext",
    "creator": "Adobe InDesign CS6 (Macintosh)",
    "creationdate": "2026-01-09T01:18:13+00:00",
    "moddate": "2026-01-09T01:18:13+00:00",
}


def labelled_pdf(path: Path) -> Path:
    """Three pages labelled i, ii, 1, with a title, an author and a local-time creation date."""
    pdf = new_pdf()
    for word in (b"preface", b"contents", b"chapter"):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (" + word + b") Tj ET")
    nums = Array([0, Dictionary(S=Name.r), 2, Dictionary(S=Name.D)])
    pdf.Root.PageLabels = pdf.make_indirect(Dictionary(Nums=nums))
    pdf.trailer.Info = pdf.make_indirect(
        Dictionary(
            Title=String(" Annual report "),
            Author=String("Jane Doe"),
            CreationDate=String("D:20240301123000+01'00'"),
        )
    )
    path.write_bytes(to_bytes(pdf))
    return path


@needs_corpus
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
    assert [{k: v for k, v in d.metadata.items() if k != "lines"} for d in documents] == [
        {**FILE_METADATA, "source": str(FILE), "total_pages": 3, "page": index, "page_label": str(index + 1)}
        for index in range(3)
    ]
    some = PagetextLoader(FILE, pages="3,1", order="content").load()
    with pagetext.open(FILE) as doc:
        assert [d.page_content for d in some] == [doc[2].text(order="content"), doc[0].text(order="content")]
    assert "lines" not in some[0].metadata
    assert [d.metadata["page"] for d in some] == [2, 0]


def test_langchain_loader_metadata_as_pypdfloader_gives_it(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    from pagetext.integrations.langchain import PagetextLoader

    path = labelled_pdf(tmp_path / "report.pdf")
    documents = PagetextLoader(path).load()
    assert [d.page_content for d in documents] == ["preface", "contents", "chapter"]
    shared = {
        "producer": "",
        "creator": "",
        "creationdate": "2024-03-01T12:30:00+01:00",
        "title": "Annual report",
        "author": "Jane Doe",
        "source": str(path),
        "total_pages": 3,
    }
    assert [d.metadata for d in documents] == [
        {**shared, "page": 0, "page_label": "i"},
        {**shared, "page": 1, "page_label": "ii"},
        {**shared, "page": 2, "page_label": "1"},
    ]


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


@needs_corpus
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
    shared = {**FILE_METADATA, "file_name": FILE.name, "file_path": str(FILE), "total_pages": 3}
    assert [{k: v for k, v in d.metadata.items() if k != "lines"} for d in documents] == [
        {**shared, "page_label": str(index + 1), "collection": "test"} for index in range(3)
    ]
    # The boxes and the file's technical details stay out of the embedding.
    embedded = documents[0].get_content(metadata_mode=MetadataMode.EMBED)
    assert embedded == f"file_name: {FILE.name}\npage_label: 1\ncollection: test\n\n{expected[0][0]}"

    folder = tmp_path / "pdfs"
    folder.mkdir()
    (folder / "one.pdf").write_bytes(FILE.read_bytes())
    found = SimpleDirectoryReader(str(folder), file_extractor={".pdf": PagetextReader()}).load_data()
    assert [d.text for d in found] == [text for text, _ in expected]
    assert found[0].metadata["file_name"] == "one.pdf" and "lines" not in found[0].metadata
    assert [d.metadata["page_label"] for d in found] == ["1", "2", "3"]

    labelled = PagetextReader().load_data(labelled_pdf(tmp_path / "report.pdf"))
    assert [(d.text, d.metadata["page_label"]) for d in labelled] == [
        ("preface", "i"),
        ("contents", "ii"),
        ("chapter", "1"),
    ]
    assert {(d.metadata["title"], d.metadata["author"]) for d in labelled} == {("Annual report", "Jane Doe")}
    shown = labelled[0].get_content(metadata_mode=MetadataMode.LLM)
    assert shown == "author: Jane Doe\ntitle: Annual report\nfile_name: report.pdf\npage_label: i\n\npreface"


def test_markdown_format_gives_each_page_its_markdown(tmp_path: Path) -> None:
    pytest.importorskip("langchain_core")
    pytest.importorskip("llama_index.core")
    from pagetext.integrations.langchain import PagetextLoader
    from pagetext.integrations.llamaindex import PagetextReader

    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf())
    texts = [
        "# Annual Report\n\nSales rose in every region.\n",
        "Costs fell by a tenth.\n",
        "## Outlook\n\nNext year looks the same.\n",
    ]
    shared = {
        "producer": "",
        "creator": "",
        "creationdate": "",
        "title": "Annual report",
        "author": "Jane Doe",
    }
    chain = PagetextLoader(path, format="markdown").load()
    assert [d.page_content for d in chain] == texts
    assert [d.metadata for d in chain] == [
        {**shared, "source": str(path), "total_pages": 3, "page": index, "page_label": label}
        for index, label in enumerate(["i", "1", "2"])
    ]
    llama = PagetextReader(format="markdown").load_data(path)
    assert [d.text for d in llama] == texts
    assert [d.metadata["page_label"] for d in llama] == ["i", "1", "2"]
    assert llama[0].metadata["file_name"] == "report.pdf"

    # A range is read as one document of its pages; lines are those of the page.
    some = PagetextLoader(path, format="markdown", pages="2-3", lines=True).load()
    assert [d.page_content for d in some] == [texts[1], "# Outlook\n\nNext year looks the same.\n"]
    with pagetext.open(path) as doc:
        assert some[0].metadata["lines"] == [line_record(line) for line in doc[1].lines()]
    assert [d.text for d in PagetextReader(format="markdown", pages="2").load_data(path)] == [texts[1]]

    # The text format is unchanged (running heads and all), and a format the loaders do not
    # give is refused at once.
    assert (
        PagetextLoader(path).load()[1].page_content == "ACME Corp quarterly\nCosts fell by a tenth.\nPage 2"
    )
    with pytest.raises(pagetext.UsageError, match="unknown format 'json'; use one of text, markdown"):
        PagetextLoader(path, format="json")
    with pytest.raises(pagetext.UsageError, match="unknown format 'hocr'"):
        PagetextReader(format="hocr")
