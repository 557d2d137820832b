"""Form field values (ISO 32000-1 §12.7): the text a viewer draws for a field."""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from tests.content.annotated import (
    annotation,
    annotation_glyphs,
    appearance,
    build,
    inside,
    page_of,
)


def test_field_full_name_joins_partial_names_up_the_parents() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        root = pdf.make_indirect(Dictionary(T=String("form"), FT=Name.Tx))
        group = pdf.make_indirect(Dictionary(T=String("address"), Parent=root))
        street = pdf.make_indirect(Dictionary(T=String("street"), Parent=group, V=String("Main St")))
        widget = annotation(pdf, "Widget", [72, 500, 272, 520], Parent=street)  # a widget of the field
        street.Kids = Array([widget])
        group.Kids = Array([street])
        root.Kids = Array([group])
        return [widget]

    page = page_of(annots)
    assert page.text() == "Page text\nMain St"
    glyphs = annotation_glyphs(page)
    assert {(g.annotation, g.field_name) for g in glyphs} == {("Widget", "form.address.street")}
    assert inside(glyphs, [72, 500, 272, 520])


def test_text_field_without_appearance_shows_its_value_with_the_da_font() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            annotation(
                pdf,
                "Widget",
                [72, 500, 272, 520],
                FT=Name.Tx,
                T=String("name"),
                V=String("Jane Doe"),
                DA=String("/Helv 9 Tf 0 g"),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 400, 272, 440],
                FT=Name.Tx,
                T=String("note"),
                Ff=1 << 12,
                V=String("first line\rsecond line"),
                DA=String("/Helv 0 Tf 0 g"),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 300, 272, 320],
                FT=Name.Tx,
                T=String("secret"),
                Ff=1 << 13,
                V=String("hunter2"),
            ),
            annotation(pdf, "Widget", [72, 200, 272, 220], FT=Name.Tx, T=String("empty")),
        ]

    page = page_of(
        annots,
        acroform={
            "DR": Dictionary(
                Font=Dictionary(Helv=Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
            )
        },
    )
    assert page.text() == "Page text\nJane Doe\nfirst line\nsecond line"
    glyphs = annotation_glyphs(page)
    name = [g for g in glyphs if g.field_name == "name"]
    assert {g.font_size for g in name} == {9.0} and {g.font_name for g in name} == {"Helvetica"}
    assert inside(name, [72, 500, 272, 520])
    assert inside([g for g in glyphs if g.field_name == "note"], [72, 400, 272, 440])


def test_need_appearances_prefers_the_value_over_a_stale_appearance() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        stale = appearance(pdf, b"Old value", [0, 0, 200, 20])
        check = Dictionary(Yes=appearance(pdf, b"Ticked", [0, 0, 60, 20]))
        return [
            annotation(
                pdf,
                "Widget",
                [72, 500, 272, 520],
                FT=Name.Tx,
                T=String("t"),
                V=String("New value"),
                AP=Dictionary(N=stale),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 400, 132, 420],
                FT=Name.Btn,
                T=String("c"),
                AS=Name.Yes,
                AP=Dictionary(N=check),
            ),
        ]

    page = page_of(annots, acroform={"NeedAppearances": True})
    assert page.text() == "Page text\nNew value\nTicked"
    page = page_of(annots)
    assert page.text() == "Page text\nOld value\nTicked"


def test_choice_fields_show_the_selected_options() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        options = Array([Array([String("fr"), String("France")]), Array([String("de"), String("Germany")])])
        return [
            annotation(
                pdf,
                "Widget",
                [72, 500, 272, 520],
                FT=Name.Ch,
                Ff=1 << 17,
                T=String("country"),
                Opt=options,
                V=String("de"),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 400, 272, 440],
                FT=Name.Ch,
                T=String("langs"),
                Opt=Array([String("English"), String("French"), String("German")]),
                V=Array([String("English"), String("German")]),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 300, 272, 320],
                FT=Name.Ch,
                Ff=1 << 17,
                T=String("by index"),
                Opt=Array([String("Zero"), String("One")]),
                I=Array([1]),
            ),
        ]

    page = page_of(annots)
    assert page.text() == "Page text\nGermany\nEnglish\nGerman\nOne"
    assert {g.field_name for g in annotation_glyphs(page)} == {"country", "langs", "by index"}


def test_value_text_outside_latin_comes_out_as_itself() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            annotation(
                pdf, "Widget", [72, 500, 272, 520], FT=Name.Tx, T=String("city"), V=String("東京 Zürich")
            )
        ]

    assert page_of(annots).text() == "Page text\n東京 Zürich"


def test_encrypted_file_that_forbids_extraction_still_shows_fields() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            annotation(
                pdf, "Widget", [72, 500, 272, 520], FT=Name.Tx, T=String("name"), V=String("Locked value")
            )
        ]

    locked = pikepdf.Encryption(owner="owner", user="", R=6, allow=pikepdf.Permissions(extract=False))
    assert build(annots, encryption=locked).text() == "Page text\nLocked value"


def test_a_field_value_follows_its_label_and_its_lines_stay_together() -> None:
    content = (
        b"BT /F1 12 Tf 72 700 Td (Name:) Tj ET BT /F1 12 Tf 72 600 Td (Colours:) Tj ET "
        b"BT /F1 12 Tf 72 500 Td (Signature) Tj ET"
    )

    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            # Listed (and drawn) before the first one: the order on the page decides.
            annotation(pdf, "Widget", [200, 580, 400, 630], FT=Name.Ch, T=String("colours"),
                       Opt=Array([String("Red"), String("Green"), String("Blue")]),
                       V=Array([String("Red"), String("Green"), String("Blue")])),
            annotation(pdf, "Widget", [200, 695, 400, 715], FT=Name.Tx, T=String("name"), V=String("Jane")),
        ]  # fmt: skip

    page = page_of(annots, content=content)
    # The list's first option stands above the "Colours:" label's baseline, its last below:
    # the field's lines stay one block, after the label on its row.
    assert page.text() == "Name:\nJane\nColours:\nRed\nGreen\nBlue\nSignature"
    assert page.text(order="content") == "Name:\nColours:\nSignature\nRed\nGreen\nBlue\nJane"
