"""URI links of a page (/Link annotations, ISO 32000-1 §12.5.6.5, §12.6.4.7) through Page.links()."""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import pytest
from pikepdf import Array, Dictionary, Name, String

import pagetext
from pagetext.geometry import Box
from pagetext.pdf.links import Link, page_links
from tests.pdfbuild import add_page, new_pdf, to_bytes

TEXT = b"BT /F1 10 Tf 72 700 Td (Read the report online.) Tj ET\n"


def _uri_action(uri: str) -> Dictionary:
    return Dictionary(S=Name.URI, URI=String(uri))


def _link(rect: list[float], action: Any = None, **extra: Any) -> Dictionary:
    annot = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array(rect), Border=Array([0, 0, 0]), **extra)
    if action is not None:
        annot.A = action
    return annot


def _page(annots: list[Any], catalog_uri: Dictionary | None = None) -> pagetext.Page:
    pdf = new_pdf()
    add_page(
        pdf, TEXT, Annots=Array([pdf.make_indirect(a) if isinstance(a, Dictionary) else a for a in annots])
    )
    if catalog_uri is not None:
        pdf.Root.URI = catalog_uri
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pagetext.open(to_bytes(pdf))[0]


def test_rect_link() -> None:
    page = _page([_link([100, 695, 160, 710], _uri_action("https://example.org/report"))])
    assert page.links() == [Link((Box(100, 695, 160, 710),), "https://example.org/report")]
    assert page.warnings == []


def test_rect_corners_in_either_order() -> None:
    page = _page([_link([160, 710, 100, 695], _uri_action("https://example.org/"))])
    assert page.links()[0].boxes == (Box(100, 695, 160, 710),)


def test_quadpoints_give_one_box_per_quadrilateral() -> None:
    # Two lines of a link: the words at the end of one line and the start of the next.
    quads = [400, 710, 540, 710, 400, 698, 540, 698, 72, 698, 130, 698, 72, 686, 130, 686]
    annot = _link([72, 686, 540, 710], _uri_action("https://example.org/a"), QuadPoints=Array(quads))
    page = _page([annot])
    assert page.links() == [Link((Box(400, 698, 540, 710), Box(72, 686, 130, 698)), "https://example.org/a")]


def test_quadpoints_outside_the_rect_are_ignored_for_the_rect() -> None:
    quads = [100, 720, 200, 720, 100, 690, 200, 690]  # reaches above the Rect: §12.5.6.5 says ignore
    annot = _link([100, 695, 160, 710], _uri_action("https://example.org/"), QuadPoints=Array(quads))
    assert _page([annot]).links()[0].boxes == (Box(100, 695, 160, 710),)


def test_malformed_quadpoints_fall_back_to_the_rect() -> None:
    annot = _link(
        [100, 695, 160, 710], _uri_action("https://example.org/"), QuadPoints=Array([100, 700, 150])
    )
    assert _page([annot]).links()[0].boxes == (Box(100, 695, 160, 710),)


def test_goto_and_dest_links_are_not_uri_links() -> None:
    goto = _link([72, 600, 200, 612], Dictionary(S=Name.GoTo, D=Array([0, Name.Fit])))
    dest = _link([72, 580, 200, 592], Dest=Name.Chapter1)
    launch = _link([72, 560, 200, 572], Dictionary(S=Name.Launch, F=String("notes.txt")))
    uri = _link([72, 540, 200, 552], _uri_action("https://example.org/"))
    page = _page([goto, dest, launch, uri])
    assert [link.uri for link in page.links()] == ["https://example.org/"]
    assert page.warnings == []


def test_other_annotations_are_not_links() -> None:
    note = Dictionary(Type=Name.Annot, Subtype=Name.Text, Rect=Array([10, 10, 30, 30]), A=_uri_action("x:y"))
    assert _page([note]).links() == []


def test_broken_entries_are_left_out_with_a_warning() -> None:
    no_uri = _link([72, 600, 200, 612], Dictionary(S=Name.URI))
    action_not_dict = _link([72, 580, 200, 592], Array([1, 2]))
    no_rect = Dictionary(Type=Name.Annot, Subtype=Name.Link, A=_uri_action("https://example.org/no-rect"))
    good = _link([72, 540, 200, 552], _uri_action("https://example.org/good"))
    page = _page([no_uri, action_not_dict, no_rect, 42, good])
    assert [link.uri for link in page.links()] == ["https://example.org/good"]
    assert len(page.warnings) == 3
    assert any("no /URI string" in w for w in page.warnings)
    assert any("not a dictionary" in w for w in page.warnings)
    assert any("no valid /Rect" in w for w in page.warnings)


def test_annots_not_an_array_warns() -> None:
    pdf = new_pdf()
    add_page(pdf, TEXT, Annots=Dictionary(Foo=1))  # (qpdf drops such an entry when the file is written)
    found: list[str] = []
    assert page_links(pdf.pages[0].obj, found.append) == []
    assert found == ["the page's /Annots is not an array; links left out"]


def test_relative_uri_resolved_against_the_catalog_base() -> None:
    catalog_uri = Dictionary(Base=String("https://example.org/docs/"))
    page = _page(
        [
            _link([72, 600, 200, 612], _uri_action("guide/intro.html")),
            _link([72, 580, 200, 592], _uri_action("https://other.example/x")),
        ],
        catalog_uri,
    )
    assert [link.uri for link in page.links()] == [
        "https://example.org/docs/guide/intro.html",
        "https://other.example/x",
    ]


def test_the_same_annotation_listed_twice_is_one_link() -> None:
    pdf = new_pdf()
    annot = pdf.make_indirect(_link([72, 600, 200, 612], _uri_action("https://example.org/")))
    add_page(pdf, TEXT, Annots=Array([annot, annot]))
    page = pagetext.open(to_bytes(pdf))[0]
    assert len(page.links()) == 1


def test_page_links_reads_a_page_object_directly() -> None:
    pdf = new_pdf()
    add_page(pdf, TEXT, Annots=Array([_link([1, 2, 3, 4], _uri_action(" https://example.org/ "))]))
    found: list[str] = []
    assert page_links(pdf.pages[0].obj, found.append) == [Link((Box(1, 2, 3, 4),), "https://example.org/")]
    assert found == []


def test_link_is_frozen_and_slotted() -> None:
    link = Link((Box(0, 0, 1, 1),), "https://example.org/")
    assert not hasattr(link, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        link.uri = "x"  # type: ignore[misc]
