"""Annotation appearances (ISO 32000-1 §12.5): what a viewer shows of annotations on the page."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

import pagetext
from pagetext.content.appearances import appearance_matrix, page_annotations
from pagetext.geometry import Box, apply
from tests.content.annotated import (
    PAGE_TEXT,
    annotation,
    annotation_glyphs,
    appearance,
    build,
    inside,
    page_of,
    simple_stamp,
)
from tests.pdfbuild import add_page, form, new_pdf, simple_font, to_bytes


def test_free_text_and_stamp_appearances_are_page_text() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            annotation(
                pdf,
                "FreeText",
                [72, 500, 272, 520],
                AP=Dictionary(N=appearance(pdf, b"A remark", [0, 0, 200, 20])),
            ),
            annotation(
                pdf,
                "Stamp",
                [72, 300, 272, 320],
                AP=Dictionary(N=appearance(pdf, b"APPROVED", [0, 0, 200, 20])),
            ),
        ]

    page = page_of(annots)
    assert page.text() == "Page text\nA remark\nAPPROVED"
    assert page.text(annotations=False) == "Page text"
    glyphs = annotation_glyphs(page)
    assert {g.annotation for g in glyphs} == {"FreeText", "Stamp"}
    assert all(g.token_index == -1 and g.field_name == "" and g.forms for g in glyphs)
    assert inside([g for g in glyphs if g.annotation == "Stamp"], [72, 300, 272, 320])


def test_annotation_text_takes_its_place_in_reading_order() -> None:
    content = b"BT /F1 12 Tf 72 700 Td (Top) Tj ET BT /F1 12 Tf 72 100 Td (Bottom) Tj ET"

    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        return [
            annotation(
                pdf,
                "FreeText",
                [72, 395, 272, 415],
                AP=Dictionary(N=appearance(pdf, b"Middle", [0, 0, 200, 20], x=0)),
            )
        ]

    page = page_of(annots, content=content)
    assert page.text() == "Top\nMiddle\nBottom"
    assert page.text(order="content") == "Top\nBottom\nMiddle"  # drawn after the page (§12.5)


def test_widget_appearance_states_follow_as() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        states = Dictionary(
            On=appearance(pdf, b"Chosen", [0, 0, 60, 20]), Off=appearance(pdf, b"Not chosen", [0, 0, 60, 20])
        )
        return [
            annotation(
                pdf,
                "Widget",
                [72, 500, 132, 520],
                FT=Name.Btn,
                T=String("yes"),
                AS=Name.On,
                AP=Dictionary(N=states),
            ),
            annotation(
                pdf,
                "Widget",
                [72, 400, 132, 420],
                FT=Name.Btn,
                T=String("no"),
                AS=Name.Off,
                AP=Dictionary(N=Dictionary(On=appearance(pdf, b"Picked", [0, 0, 60, 20]))),
            ),
            annotation(
                pdf, "Widget", [72, 300, 132, 320], FT=Name.Btn, T=String("none"), AP=Dictionary(N=states)
            ),
        ]

    page = page_of(annots)
    assert page.text() == "Page text\nChosen"
    assert {g.field_name for g in annotation_glyphs(page)} == {"yes"}


def test_hidden_noview_popup_link_and_text_annotations_are_left_out() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        def ap(text: bytes) -> Dictionary:
            return Dictionary(N=appearance(pdf, text, [0, 0, 200, 20]))

        return [
            annotation(pdf, "FreeText", [72, 600, 272, 620], F=2, AP=ap(b"Hidden")),
            annotation(pdf, "FreeText", [72, 560, 272, 580], F=32, AP=ap(b"No view")),
            annotation(pdf, "FreeText", [72, 520, 272, 540], F=4, AP=ap(b"Printed")),
            annotation(pdf, "Popup", [72, 480, 272, 500], AP=ap(b"Popup")),
            annotation(pdf, "Text", [72, 440, 92, 460], Contents=String("A note"), AP=ap(b"Note icon")),
            annotation(pdf, "Link", [72, 400, 272, 420], AP=ap(b"Link")),
        ]

    assert page_of(annots).text() == "Page text\nPrinted"


def test_appearance_matrix_is_fitted_to_the_rect() -> None:
    # §12.5.5: the BBox transformed by the Matrix (a quarter turn) is [-20 0 0 100]; A maps it
    # onto the Rect [300 200 320 300]; the appearance is drawn with Matrix × A.
    rect = [300, 200, 320, 300]

    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        ap = appearance(pdf, b"Turned", [0, 0, 100, 20], matrix=[0, 1, -1, 0, 0, 0], x=2, y=6)
        return [
            annotation(
                pdf, "Widget", rect, FT=Name.Tx, T=String("turned"), V=String("Turned"), AP=Dictionary(N=ap)
            )
        ]

    page = page_of(annots)
    glyphs = annotation_glyphs(page)
    assert "".join(g.text for g in glyphs) == "Turned"
    assert inside(glyphs, rect)
    assert glyphs[0].direction == pytest.approx((0.0, 1.0))
    # Form (2, 6) → Matrix → (-6, 2) → A (translate by +320, +200) → (314, 202).
    assert glyphs[0].baseline_start == pytest.approx((314.0, 202.0))


def test_appearance_matrix_scales_a_bbox_larger_than_the_rect() -> None:
    matrix = appearance_matrix(Box(0, 0, 200, 40), (1, 0, 0, 1, 10, 10), Box(100, 100, 200, 120))
    assert matrix is not None
    assert apply(matrix, 0, 0) == pytest.approx((100.0, 100.0))
    assert apply(matrix, 200, 40) == pytest.approx((200.0, 120.0))
    assert appearance_matrix(Box(0, 0, 0, 40), (1, 0, 0, 1, 0, 0), Box(0, 0, 10, 10)) is None


def test_appearance_text_outside_its_bbox_is_clipped() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        content = b"BT /Helv 10 Tf 2 5 Td (Shown) Tj 0 40 Td (Beyond) Tj ET"
        ap = form(
            pdf, content, resources=Dictionary(Font=Dictionary(Helv=simple_font(pdf))), bbox=[0, 0, 200, 20]
        )
        return [annotation(pdf, "FreeText", [72, 500, 272, 520], AP=Dictionary(N=ap))]

    assert page_of(annots).text() == "Page text\nShown"


def test_appearance_without_resources_uses_the_acroform_dr() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        ap = appearance(pdf, b"From DR", [0, 0, 200, 20], resources=False)
        return [
            annotation(pdf, "Widget", [72, 500, 272, 520], FT=Name.Tx, T=String("dr"), AP=Dictionary(N=ap))
        ]

    pdf = new_pdf()
    page = add_page(pdf, PAGE_TEXT)
    made = annots(pdf)
    page.obj.Annots = Array(made)
    courier = simple_font(pdf, base_font="Courier")
    pdf.Root.AcroForm = Dictionary(Fields=Array(made), DR=Dictionary(Font=Dictionary(Helv=courier)))
    result = pagetext.open(to_bytes(pdf))[0]
    assert result.text() == "Page text\nFrom DR"
    assert {g.font_name for g in annotation_glyphs(result)} == {"Courier"}


def test_annotations_of_optional_content_that_is_off_are_left_out() -> None:
    made: dict[str, Any] = {}

    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        on = made["on"] = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("On layer")))
        off = made["off"] = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Off layer")))

        def ap(text: bytes) -> Dictionary:
            return Dictionary(N=appearance(pdf, text, [0, 0, 200, 20]))

        return [
            annotation(pdf, "FreeText", [72, 600, 272, 620], OC=on, AP=ap(b"Layer on")),
            annotation(pdf, "FreeText", [72, 560, 272, 580], OC=off, AP=ap(b"Layer off")),
            annotation(
                pdf,
                "FreeText",
                [72, 520, 272, 540],
                AP=ap(b"Any on"),
                OC=Dictionary(Type=Name.OCMD, OCGs=Array([on, off])),
            ),
            annotation(
                pdf,
                "FreeText",
                [72, 480, 272, 500],
                AP=ap(b"All on"),
                OC=Dictionary(Type=Name.OCMD, OCGs=Array([on, off]), P=Name.AllOn),
            ),
            annotation(
                pdf,
                "FreeText",
                [72, 440, 272, 460],
                AP=ap(b"Not off"),
                OC=Dictionary(Type=Name.OCMD, OCGs=off, VE=Array([Name.Not, off])),
            ),
        ]

    def properties(pdf: pikepdf.Pdf) -> Any:
        return Dictionary(OCGs=Array([made["on"], made["off"]]), D=Dictionary(OFF=Array([made["off"]])))

    page = page_of(annots, root={"/OCProperties": properties})
    assert page.text() == "Page text\nLayer on\nAny on\nNot off"


def test_base_state_off_turns_off_groups_not_listed_on() -> None:
    made: dict[str, Any] = {}

    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        listed = made["listed"] = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Listed")))
        other = made["other"] = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Other")))
        return [
            annotation(
                pdf,
                "FreeText",
                [72, 600, 272, 620],
                OC=listed,
                AP=Dictionary(N=appearance(pdf, b"Listed on", [0, 0, 200, 20])),
            ),
            annotation(
                pdf,
                "FreeText",
                [72, 560, 272, 580],
                OC=other,
                AP=Dictionary(N=appearance(pdf, b"Other", [0, 0, 200, 20])),
            ),
        ]

    def properties(pdf: pikepdf.Pdf) -> Any:
        return Dictionary(
            OCGs=Array([made["listed"], made["other"]]),
            D=Dictionary(BaseState=Name.OFF, ON=Array([made["listed"]])),
        )

    assert page_of(annots, root={"/OCProperties": properties}).text() == "Page text\nListed on"


def test_glyphs_include_annotations_with_forms_or_when_asked() -> None:
    page = page_of(simple_stamp)
    assert [g.text for g in page.glyphs()] == list("Page text")
    assert "".join(g.text for g in page.glyphs(forms=True)) == "Page textDRAFT"
    assert "".join(g.text for g in page.glyphs(annotations=True)) == "Page textDRAFT"
    assert "".join(g.text for g in page.glyphs(forms=True, annotations=False)) == "Page text"
    assert [w.text for w in page.words(annotations=False)] == ["Page", "text"]


def test_document_text_write_text_and_json_take_annotations(tmp_path: Path) -> None:
    doc = build(simple_stamp)
    assert doc.text() == "Page text\nDRAFT"
    assert doc.text(annotations=False) == "Page text"
    out = tmp_path / "out.txt"
    doc.write_text(out, annotations=False)
    assert out.read_text() == "Page text"


def test_cli_no_annotations(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_page(pdf, PAGE_TEXT)
    page.obj.Annots = Array(simple_stamp(pdf))
    source = tmp_path / "stamp.pdf"
    source.write_bytes(to_bytes(pdf))

    def run(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "pagetext", str(source), *args], capture_output=True, check=True
        )
        return result.stdout.decode()

    assert run() == "Page text\nDRAFT\n"
    assert run("--no-annotations") == "Page text\n"
    assert "DRAFT" not in run("--no-annotations", "--format", "json")
    assert "DRAFT" in run("--format", "json")


def test_damaged_annotations_give_warnings_and_what_could_be_read() -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        looped = pdf.make_indirect(Dictionary(T=String("loop"), FT=Name.Tx, V=String("Looped")))
        looped.Parent = looped
        no_bbox = pdf.make_stream(b"BT /Helv 10 Tf (No box) Tj ET")
        return [
            pdf.make_indirect(
                Dictionary(
                    Type=Name.Annot,
                    Subtype=Name.FreeText,
                    AP=Dictionary(N=appearance(pdf, b"No rect", [0, 0, 9, 9])),
                )
            ),
            annotation(pdf, "FreeText", [72, 500, 272, 520], AP=Dictionary(N=no_bbox)),
            annotation(pdf, "FreeText", [72, 460, 272, 480], AP=Dictionary(N=String("not a stream"))),
            annotation(pdf, "Widget", [72, 420, 272, 440], Parent=looped, T=String("kid")),
            annotation(
                pdf, "FreeText", ["a", 0, 1, 2], AP=Dictionary(N=appearance(pdf, b"Bad rect", [0, 0, 9, 9]))
            ),
            annotation(
                pdf, "Widget", [72, 380, 272, 400], FT=Name.Ch, V=Dictionary(), Opt=String("x"), F=String("x")
            ),
            pikepdf.String("not an annotation"),
            annotation(
                pdf,
                "FreeText",
                [72, 300, 272, 320],
                AP=Dictionary(N=appearance(pdf, b"Fine", [0, 0, 200, 20])),
            ),
        ]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pagetext.PdfWarning)
        page = page_of(annots)
        assert page.text() == "Page text\nLooped\nFine"
    assert any("/Rect" in w for w in page.warnings)
    assert any("/BBox" in w for w in page.warnings)
    assert any("loops" in w for w in page.warnings)


def test_annots_that_are_not_an_array_are_left_out() -> None:
    pdf = new_pdf()
    page = add_page(pdf, PAGE_TEXT)
    page.obj.Annots = Dictionary(Oops=1)  # qpdf drops it on save: read the object in memory
    found: list[str] = []
    assert page_annotations(page.obj, pdf, found.append) == []
    assert any("/Annots" in w for w in found)


@pytest.mark.parametrize("fmt", ["text", "json", "hocr", "alto", "markdown"])
def test_every_export_format_leaves_annotation_text_out_when_asked(fmt: str) -> None:
    def annots(pdf: pikepdf.Pdf) -> list[Any]:
        ap = Dictionary(N=appearance(pdf, b"APPROVED", [0, 0, 200, 20]))
        return [annotation(pdf, "Stamp", [72, 300, 272, 320], AP=ap)]

    doc = build(annots)
    assert "APPROVED" in "".join(doc.export(fmt))
    out = "".join(doc.export(fmt, annotations=False))
    assert "APPROVED" not in out and "Page" in out
