"""Document.to_markdown(page_chunks=True): one chunk per page for retrieval, its Markdown
without the page comment, and the metadata that says where it comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

import pagetext
from pagetext.export.chunks import PageChunk, chunk_text, json_chunks
from tests.pdfbuild import add_page, new_pdf, report_pdf, to_bytes

SHARED = {"page_count": 3, "source": "", "title": "Annual report", "author": "Jane Doe"}
CHUNKS = [
    {
        "text": "# Annual Report\n\nSales rose in every region.\n",
        "metadata": {"page": 1, "page_label": "i", **SHARED},
    },
    {"text": "Costs fell by a tenth.\n", "metadata": {"page": 2, "page_label": "1", **SHARED}},
    {
        "text": "## Outlook\n\nNext year looks the same.\n",
        "metadata": {"page": 3, "page_label": "2", **SHARED},
    },
]


def test_a_chunk_per_page_without_running_heads() -> None:
    with pagetext.open(report_pdf()) as doc:
        chunks = doc.to_markdown(page_chunks=True)
        whole = doc.to_markdown()
    assert chunks == CHUNKS
    # The same Markdown as the whole document's, each page without its comment line.
    pages = [f"<!-- page {c['metadata']['page']} -->\n\n{c['text']}" for c in chunks]
    assert "\n".join(pages) == whole
    assert isinstance(whole, str)


def test_a_range_keeps_the_document_page_numbers_labels_and_count() -> None:
    with pagetext.open(report_pdf()) as doc:
        chunks = doc.to_markdown(pages="3,2", page_chunks=True)
    assert [(c["metadata"]["page"], c["metadata"]["page_label"]) for c in chunks] == [(3, "2"), (2, "1")]
    assert {c["metadata"]["page_count"] for c in chunks} == {3}
    # Headings are told against the pages asked for, as to_markdown(pages=...) tells them.
    assert chunks[0]["text"] == "# Outlook\n\nNext year looks the same.\n"


def test_options_pass_through_to_the_exporter() -> None:
    with pagetext.open(report_pdf()) as doc:
        kept = doc.to_markdown(pages="2", page_chunks=True, furniture=True)
        with pytest.raises(pagetext.UsageError, match="bad option for the markdown format"):
            doc.to_markdown(page_chunks=True, no_such_option=True)
    assert kept[0]["text"] == "ACME Corp quarterly\n\nCosts fell by a tenth.\n\nPage 2\n"


def test_source_is_the_path_and_absent_information_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(info=False))
    with pagetext.open(path) as doc:
        chunks = doc.to_markdown(pages="1", page_chunks=True)
    assert chunks[0]["metadata"] == {"page": 1, "page_label": "i", "page_count": 3, "source": str(path)}


def test_an_empty_page_is_an_empty_chunk() -> None:
    pdf = new_pdf()
    add_page(pdf, b"")
    with pagetext.open(to_bytes(pdf)) as doc:
        assert doc.to_markdown(page_chunks=True) == [
            {"text": "", "metadata": {"page": 1, "page_label": "1", "page_count": 1, "source": ""}}
        ]


def test_chunk_text_and_json() -> None:
    assert chunk_text("<!-- page 12 -->\n\n# Title\n") == "# Title\n"
    assert chunk_text("<!-- page 3 -->\n") == ""
    assert chunk_text("no comment\n") == "no comment\n"
    chunk: PageChunk = {
        "text": "é\n",
        "metadata": {"page": 1, "page_label": "1", "page_count": 1, "source": ""},
    }
    line = '{"text": "é\\n", "metadata": {"page": 1, "page_label": "1", "page_count": 1, "source": ""}}'
    assert "".join(json_chunks([chunk, chunk])) == f"{line}\n{line}\n"
    assert "".join(json_chunks([chunk, chunk], array=True)) == f"[\n{line},\n{line}\n]\n"
    assert "".join(json_chunks([], array=True)) == "[\n]\n"
