"""/ActualText (ISO 32000-1 §14.9.4) replaces the glyphs it covers as one unit."""

from __future__ import annotations

from typing import Any

from pikepdf import Dictionary, String

import pagetext
from pagetext.layout.params import LayoutParams
from tests.pdfbuild import add_page, new_pdf, open_page, to_bytes
from tests.structure.tagged import build, element, tagged_page


def test_span_over_two_text_objects_is_one_unit() -> None:
    content = (
        b"/Span <</ActualText (0.1)>> BDC BT /F1 10 Tf 72 700 Td (0) Tj ET "
        b"BT /F1 10 Tf 90 700 Td (1) Tj ET EMC BT /F1 10 Tf 120 700 Td (kg) Tj ET"
    )
    page = open_page(content)
    assert page.text() == "0.1 kg"
    zero, one = page.glyphs()[:2]
    # Geometry stays: the replacement on the first glyph, the second empty and flagged.
    assert (zero.text, zero.original_text, zero.bbox.x0) == ("0.1", "0", 72)
    assert (one.text, one.original_text, one.bbox.x0, one.actual_text_cover) == ("", "1", 90, True)
    assert page.text(params=LayoutParams(actual_text=False)) == "0 1 kg"


def test_span_inside_tj_and_named_properties() -> None:
    content = b"BT /F1 10 Tf 72 700 Td /Span /AT BDC [(f) -30 (i)] TJ EMC [(nd)] TJ ET"
    page = open_page(content, properties={"AT": Dictionary(ActualText=String("fi"))})
    assert page.text() == "find"
    assert [g.text for g in page.glyphs()] == ["fi", "", "n", "d"]


def test_nested_spans_the_outer_replaces_all() -> None:
    content = (
        b"BT /F1 10 Tf 72 700 Td /Span <</ActualText (outer)>> BDC (a) Tj "
        b"/Span <</ActualText (inner)>> BDC (b) Tj EMC (c) Tj EMC ( d) Tj ET"
    )
    assert open_page(content).text() == "outer d"


def test_inner_span_alone_replaces_its_glyphs() -> None:
    content = b"BT /F1 10 Tf 72 700 Td /P BMC (a) Tj /Span <</ActualText (X)>> BDC (bc) Tj EMC (d) Tj EMC ET"
    assert open_page(content).text() == "aXd"


def test_soft_hyphens_are_removed_and_empty_text_removes_glyphs() -> None:
    # \255 is U+00AD in PDFDocEncoding; a UTF-16 ActualText is read too.
    content = (
        b"BT /F1 10 Tf 72 700 Td (hy) Tj /Span <</ActualText (\\255)>> BDC (-) Tj EMC "
        b"0 -20 Td (phen) Tj /Span <</ActualText <FEFF0078>>> BDC (y) Tj EMC "
        b"/Span <</ActualText ()>> BDC (GONE) Tj EMC "
        b"0 -20 Td /Span <</ActualText (6\t   $)>> BDC (6$) Tj EMC ET"
    )
    assert open_page(content).text() == "hy\nphenx\n6 $"


def test_structure_element_actual_text_covers_its_content() -> None:
    content = (
        b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (H) Tj ET BT /F1 10 Tf 82 700 Td (i) Tj EMC ET "
        b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 680 Td (x) Tj EMC ET"
    )
    page = tagged_page(content, [element("Document", element("P", 0, ActualText="Hello"), element("P", 1))])
    assert page.text() == "Hello\nx"
    assert page.text(params=LayoutParams(actual_text=False)) == "H i\nx"


def test_the_structure_tree_root_is_no_element_whatever_its_type_says() -> None:
    # The walk up from an element stops at the root by its identity (§14.7.2): a root that
    # lacks /Type and carries an /ActualText is still no element, and replaces nothing.
    content = b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (Hi) Tj EMC ET"
    pdf = new_pdf()
    page = add_page(pdf, content)
    root = build(pdf, page, [element("Document", element("P", 0))])
    del root.Type
    root.ActualText = String("not text of the page")
    assert pagetext.open(to_bytes(pdf))[0].text() == "Hi"


def _nest(depth: int, inner: Any) -> Any:
    for _ in range(depth):
        inner = element("Div", inner)
    return inner


def test_actual_text_high_above_deep_elements_covers_them_all() -> None:
    # Two paragraphs far below the element with the ActualText, and one beside it: the second
    # paragraph's walk up meets the ancestors the first one's walk read (§14.9.4).
    content = (
        b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (ab) Tj EMC ET "
        b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 680 Td (cd) Tj EMC ET "
        b"BT /F1 10 Tf /P <</MCID 2>> BDC 72 660 Td (ef) Tj EMC ET"
    )
    shared = _nest(60, element("Div", element("P", 0), element("P", 1)))
    covered = _nest(60, element("Sect", shared, ActualText="Whole"))
    page = tagged_page(content, [element("Document", covered, _nest(60, element("P", 2)))])
    assert page.text() == "Whole\nef"
    assert page.text(params=LayoutParams(actual_text=False)) == "ab\ncd\nef"


def test_a_loop_of_parents_ends_the_walk_up() -> None:
    # /P of the paragraph's parent points back to the paragraph: the walk stops at the repeat,
    # and the outermost ActualText it read still wins.
    content = b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (ab) Tj EMC ET"
    pdf = new_pdf()
    page = add_page(pdf, content)
    root = build(pdf, page, [element("Div", element("P", 0), ActualText="Loop")])
    div = root.K[0]
    div.P = div.K[0]
    assert pagetext.open(to_bytes(pdf))[0].text() == "Loop"
