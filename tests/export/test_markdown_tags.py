"""Markdown headings from the structure tree (H1-H6) where order="auto" trusts it."""

from __future__ import annotations

from pagetext.export.markdown import to_markdown
from tests.structure.tagged import element, tagged_page

# Three lines in one size and weight: only the tags tell the first two are headings.
CONTENT = (
    b"/H1 <</MCID 0>> BDC BT /F1 10 Tf 72 720 Td (Annual report) Tj ET EMC "
    b"/H2 <</MCID 1>> BDC BT /F1 10 Tf 72 690 Td (Scope of the work) Tj ET EMC "
    b"/P <</MCID 2>> BDC BT /F1 10 Tf 72 660 Td (The work covers the year.) Tj ET EMC"
)
TREE = [element("Document", element("H1", 0), element("H2", 1), element("P", 2))]


def test_tagged_heading_levels_where_the_tags_are_trusted() -> None:
    page = tagged_page(CONTENT, TREE)
    assert page.structure_trust.ok
    assert to_markdown([page]) == (
        "<!-- page 1 -->\n\n# Annual report\n\n## Scope of the work\n\nThe work covers the year.\n"
    )


def test_untrusted_tags_leave_the_typography_to_tell() -> None:
    # Tags marked as suspect (/TagSuspect, §14.8.2.3.2): order="auto" does not trust them.
    page = tagged_page(b"/TagSuspect <</TagSoftware (x)>> BDC " + CONTENT + b" EMC", TREE)
    assert not page.structure_trust.ok
    assert "#" not in to_markdown([page])
