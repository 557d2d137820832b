"""Artifacts (ISO 32000-1 §14.8.2.2) are labelled, not dropped; artifacts="drop" drops them."""

from __future__ import annotations

import pytest

from tests.pdfbuild import open_page
from tests.structure.tagged import element, tagged_page

ARTIFACTS = [
    (b"<</Type /Pagination /Subtype /Header>>", 760, ("Pagination", "Header"), "header"),
    (b"<</Type /Pagination /Subtype /Footer>>", 30, ("Pagination", "Footer"), "footer"),
    (b"<</Type /Pagination>>", 30, ("Pagination", ""), "footer"),
    (b"<</Type /Layout>>", 400, ("Layout", ""), "artifact"),
    (b"<</Type /Page>>", 400, ("Page", ""), "artifact"),
    (b"<</Type /Background>>", 400, ("Background", ""), "artifact"),
    (b"<</Type /Pagination /Subtype /Watermark>>", 400, ("Pagination", "Watermark"), "artifact"),
]


@pytest.mark.parametrize(("properties", "y", "kind", "role"), ARTIFACTS)
def test_each_artifact_type_is_labelled(properties: bytes, y: int, kind: tuple[str, str], role: str) -> None:
    content = (
        b"BT /F1 10 Tf 72 500 Td (Body) Tj ET /Artifact "
        + properties
        + b" BDC BT /F1 10 Tf 72 %d Td (Furn) Tj ET EMC" % y
    )
    page = open_page(content)
    body, furniture = page.glyphs()[0], page.glyphs()[4]
    assert body.artifact is None
    assert furniture.artifact is not None
    assert (furniture.artifact.type, furniture.artifact.subtype) == kind
    assert {line.text: line.role for line in page.lines()} == {"Body": "", "Furn": role}
    assert "Furn" in page.text()
    assert page.text(artifacts="drop") == "Body"


def test_bmc_artifact_and_artifacts_in_structure_order() -> None:
    content = (
        b"/Artifact BMC BT /F1 10 Tf 72 760 Td (Head) Tj ET EMC "
        b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 500 Td (Body) Tj EMC ET"
    )
    page = tagged_page(content, [element("Document", element("P", 0))])
    assert page.glyphs()[0].artifact is not None
    assert page.text() == "Head\nBody"
    assert page.text(order="structure") == "Body"  # artifacts are no part of the structure
    assert page.structure_trust.ok  # artifacts do not count against coverage
