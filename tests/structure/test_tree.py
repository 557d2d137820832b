"""The structure tree (ISO 32000-1 §14.7): kids, forms, role maps, the parent tree, damage."""

from __future__ import annotations

import warnings

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext
from tests.pdfbuild import add_page, form, new_pdf, simple_font, to_bytes
from tests.structure.tagged import build, element, tagged_page

TWO_LINES = (
    b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 720 Td (Alpha) Tj EMC ET "
    b"BT /F1 10 Tf /P <</MCID 1>> BDC 72 700 Td (Beta) Tj EMC ET"
)


def test_records_carry_type_alt_lang_bbox_and_glyphs() -> None:
    page = tagged_page(
        TWO_LINES,
        [element("Document", element("H1", 0, Lang="en-GB"), element("Figure", 1, Alt="a chart", E="Fig."))],
    )
    (document,) = page.structure()
    heading, figure = document.children
    assert (document.type, heading.type, heading.lang, heading.glyphs) == (
        "Document",
        "H1",
        "en-GB",
        [0, 1, 2, 3, 4],
    )
    assert (figure.type, figure.alt, figure.expansion, figure.glyphs) == (
        "Figure",
        "a chart",
        "Fig.",
        [5, 6, 7, 8],
    )
    assert tuple(heading.bbox) == (72, 718, 97, 728)
    assert document.all_glyphs() == list(range(9))


def test_role_map_chains_to_a_standard_type() -> None:
    page = tagged_page(
        TWO_LINES,
        [element("Story", element("Para", 0), element("Custom", 1))],
        role_map={"Para": "Normal", "Normal": "P", "Story": "Sect", "Custom": "Custom2", "Custom2": "Custom"},
    )
    (story,) = page.structure()
    para, custom = story.children
    assert (story.type, story.raw_type) == ("Sect", "Story")
    assert (para.type, para.raw_type) == ("P", "Para")
    assert custom.raw_type == "Custom" and custom.type in ("Custom", "Custom2")  # a loop is cut


def test_pdf2_namespace_role_map() -> None:
    pdf = new_pdf()
    page = add_page(pdf, TWO_LINES)
    root = build(pdf, page, [element("Document", element("Absatz", 0), element("P", 1))])
    custom = pdf.make_indirect(
        Dictionary(
            Type=Name.Namespace,
            NS=pikepdf.String("http://example.com/ns"),
            RoleMapNS=Dictionary(
                Absatz=Array(
                    [Name.P, Dictionary(Type=Name.Namespace, NS=pikepdf.String("http://iso.org/pdf2/ssn"))]
                )
            ),
        )
    )
    root.Namespaces = Array([custom])
    root.K[0].K[0].NS = custom
    doc = pagetext.open(to_bytes(pdf))
    assert [e.type for e in doc[0].structure()[0].children] == ["P", "P"]


def test_mcids_split_across_a_form_with_struct_parents() -> None:
    pdf = new_pdf()
    font = simple_font(pdf)
    body = form(
        pdf,
        b"BT /F1 10 Tf /P <</MCID 0>> BDC 72 700 Td (Body) Tj EMC "
        b"/P <</MCID 1>> BDC 0 -20 Td (More) Tj EMC ET",
        resources=Dictionary(Font=Dictionary(F1=font)),
    )
    body.StructParents = 1
    content = b"BT /F1 10 Tf /H1 <</MCID 0>> BDC 72 720 Td (Head) Tj EMC ET /Fm Do"
    page = add_page(pdf, content, fonts={"F1": font}, xobjects={"Fm": body})
    root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    doc_elem = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, P=root))
    head = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.H1, P=doc_elem, Pg=page.obj, K=0))
    more = pdf.make_indirect(
        Dictionary(
            Type=Name.StructElem,
            S=Name.P,
            P=doc_elem,
            Pg=page.obj,
            K=Dictionary(Type=Name.MCR, MCID=1, Stm=body),
        )
    )
    first = pdf.make_indirect(
        Dictionary(
            Type=Name.StructElem,
            S=Name.P,
            P=doc_elem,
            Pg=page.obj,
            K=Dictionary(Type=Name.MCR, MCID=0, Stm=body),
        )
    )
    doc_elem.K = Array([more, head, first])  # tree order: More, Head, Body
    root.K = doc_elem
    root.ParentTree = Dictionary(Nums=Array([0, Array([head]), 1, Array([first, more])]))
    page.obj.StructParents = 0
    pdf.Root.StructTreeRoot = root
    opened = pagetext.open(to_bytes(pdf))[0]
    assert opened.text(order="structure") == "More\nHead\nBody"
    assert opened.text() == "Head\nBody\nMore"
    assert [g.mcid for g in opened.glyphs(forms=True)][::4] == [0, 0, 1]
    assert opened.structure_trust.ok


def test_parent_tree_only_tree_is_read_from_the_parent_tree() -> None:
    page = tagged_page(TWO_LINES, [element("Document", element("H1", 0), element("P", 1))], k=False)
    (document,) = page.structure()
    assert [(e.type, e.glyphs) for e in document.children] == [("H1", [0, 1, 2, 3, 4]), ("P", [5, 6, 7, 8])]
    assert page.text(order="structure") == "Alpha\nBeta"


def test_a_cycle_in_the_tree_is_a_warning_and_an_untrusted_page() -> None:
    pdf = new_pdf()
    page = add_page(pdf, TWO_LINES)
    root = build(pdf, page, [element("Document", element("P", 0), element("P", 1))])
    document = root.K[0]
    document.K.append(document)  # the element is its own kid
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        opened = pagetext.open(to_bytes(pdf))[0]
        assert opened.text(order="structure") == "Alpha\nBeta"
        trust = opened.structure_trust
    assert not trust.ok and not trust.sound
    assert any("cycle" in reason for reason in trust.reasons)
    assert any("cycle" in warning for warning in opened.warnings)


def test_deep_and_damaged_trees_do_not_raise() -> None:
    pdf = new_pdf()
    page = add_page(pdf, TWO_LINES)
    root = build(pdf, page, [element("P", 0), element("P", 1)])
    deep = root.K[0]
    for _ in range(400):
        deep = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Div, K=Array([deep])))
    root.K = Array([deep, 17, Name.Nonsense, Dictionary(Type=Name.MCR), root.K[1]])
    root.RoleMap = Array([1])
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        opened = pagetext.open(to_bytes(pdf))[0]
        # The element beyond the depth limit is adopted from the parent tree, as a last root.
        assert opened.text(order="structure") == "Beta\nAlpha"
        assert opened.structure()
    assert any("deeper" in warning for warning in opened.warnings)


def test_an_untagged_page_has_no_structure() -> None:
    pdf = new_pdf()
    add_page(pdf, TWO_LINES)
    page = pagetext.open(to_bytes(pdf))[0]
    assert page.structure() == []
    assert page.structure_trust.reasons == ["no structure tree"]
    assert page.text(order="structure") == page.text() == "Alpha\nBeta"
