"""Running headers, footers and page numbers are marked, and stay in the text."""

from __future__ import annotations

import json

import pagetext
from pagetext.export import to_json
from tests.corpus import CORPUS
from tests.pdfbuild import add_page, new_pdf, simple_font, to_bytes


def _document(pages: int) -> pagetext.Document:
    pdf = new_pdf()
    font = simple_font(pdf)
    for number in range(1, pages + 1):
        content = (
            b"BT /F1 9 Tf 72 760 Td (Journal of Careful Tests) Tj ET "
            b"BT /F1 10 Tf 72 600 Td (Body text that differs on page %d) Tj ET "
            b"BT /F1 9 Tf 300 30 Td (Page %d) Tj ET" % (number, number)
        )
        add_page(pdf, content, fonts={"F1": font})
    return pagetext.open(to_bytes(pdf))


def test_repeated_lines_are_marked_and_kept() -> None:
    with _document(3) as doc:
        page = doc[1]
        lines = page.lines(roles=True)
        assert [(line.text, line.role) for line in lines] == [
            ("Journal of Careful Tests", "header"),
            ("Body text that differs on page 2", ""),
            ("Page 2", "footer"),
        ]
        assert page.text() == "Journal of Careful Tests\nBody text that differs on page 2\nPage 2"
        assert all(line.role == "" for line in page.lines())  # roles only when asked for


def test_a_single_page_has_no_furniture() -> None:
    with _document(1) as doc:
        assert [line.role for line in doc[0].lines(roles=True)] == ["", "", ""]


def test_json_carries_roles() -> None:
    with _document(2) as doc:
        record = json.loads(to_json(doc, "reading"))
        lines = [line for block in record["pages"][0]["blocks"] for line in block["lines"]]
        roles = [line.get("role") for line in lines]
        assert roles == ["header", None, "footer"]


def test_running_heads_of_generated_documents_are_marked() -> None:
    path = CORPUS / "generated" / "chromium_onecol_long.pdf"
    if not path.exists():
        return
    with pagetext.open(path) as doc:
        marked = [
            (page.number, line.role, line.text)
            for page in doc
            for line in page.lines(roles=True)
            if line.role
        ]
    heads = [(n, "header", "Quarterly Review of Language Design") for n in (1, 2, 3)]
    numbers = [(n, "footer", str(n)) for n in (1, 2, 3)]
    assert sorted(marked) == sorted(heads + numbers)
