"""Pages built in code for the visibility rules: a Helvetica page 300 × 300 with images, graphics
states, optional content groups and forms at hand, and a reader of each word's reasons."""

from __future__ import annotations

import io
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext


def _image(pdf: pikepdf.Pdf, gray: int, smask: bool = False, **extra: Any) -> pikepdf.Object:
    image = pdf.make_stream(
        bytes([gray]) * 16, Type=Name.XObject, Subtype=Name.Image, Width=4, Height=4,
        ColorSpace=Name.DeviceGray, BitsPerComponent=8, **extra,
    )  # fmt: skip
    if smask:
        image.SMask = pdf.make_stream(
            bytes([128]) * 16, Type=Name.XObject, Subtype=Name.Image, Width=4, Height=4,
            ColorSpace=Name.DeviceGray, BitsPerComponent=8,
        )  # fmt: skip
    return image


def build(
    content: bytes,
    *,
    crop: list[float] | None = None,
    annotations: list[tuple[bytes, list[float], dict[str, Any]]] = (),  # type: ignore[assignment]
) -> bytes:
    """A page drawing `content`. Resources: /F1 Helvetica; images /Gray (gray 200), /White,
    /Masked (black with a soft mask), /Stencil (an image mask); graphics states /Clear (ca 0),
    /Half (ca 0.5), /Multiply (BM), /Masking (a luminosity soft mask whose group paints
    nothing: black backdrop); optional content /Off (an OCG off by default), /On, /AllOff (an
    OCMD off while /On is on); forms /FormOff (/OC off), /Text ("FormText" at its origin,
    box 0 0 200 20), /Narrow (the same text in a box 28 wide: "Form" fits). annotations: appearance
    content, /Rect and extra annotation entries (the appearance's /OC may go in them as "OC")."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    page = pdf.pages[0]
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    fonts = Dictionary(F1=font)
    off = pdf.make_indirect(Dictionary(Type=Name.OCG, Name="Off"))
    on = pdf.make_indirect(Dictionary(Type=Name.OCG, Name="On"))
    pdf.Root.OCProperties = Dictionary(OCGs=Array([off, on]), D=Dictionary(OFF=Array([off])))
    all_off = pdf.make_indirect(Dictionary(Type=Name.OCMD, OCGs=Array([on]), P=Name.AllOff))
    empty_group = pdf.make_stream(
        b"", Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 300, 300],
        Group=Dictionary(S=Name.Transparency, CS=Name.DeviceGray),
    )  # fmt: skip

    def text_form(text: bytes, width: int, **extra: Any) -> pikepdf.Object:
        return pdf.make_stream(
            b"BT /F1 12 Tf 0 5 Td (" + text + b") Tj ET", Type=Name.XObject, Subtype=Name.Form,
            BBox=[0, 0, width, 20], Resources=Dictionary(Font=fonts), **extra,
        )  # fmt: skip

    page.Resources = Dictionary(
        Font=fonts,
        XObject=Dictionary(
            Gray=_image(pdf, 200),
            White=_image(pdf, 255),
            Masked=_image(pdf, 0, smask=True),
            Stencil=_image(pdf, 0, ImageMask=True),
            Off=_image(pdf, 0, OC=off),
            FormOff=text_form(b"FormOff", 200, OC=off),
            Text=text_form(b"FormText", 200),
            Narrow=text_form(b"FormText", 28),
        ),
        ExtGState=Dictionary(
            Clear=Dictionary(ca=0),
            Half=Dictionary(ca=0.5),
            Multiply=Dictionary(BM=Name.Multiply),
            Masking=Dictionary(SMask=Dictionary(S=Name.Luminosity, G=empty_group)),
            StrokeClear=Dictionary(CA=0),
        ),
        Properties=Dictionary(Off=off, On=on, AllOff=all_off),
    )
    page.Contents = pdf.make_stream(content)
    if crop is not None:
        page.CropBox = Array(crop)
    annots = []
    for appearance, rect, extra in annotations:
        stream = pdf.make_stream(
            appearance, Type=Name.XObject, Subtype=Name.Form, BBox=rect, Resources=Dictionary(Font=fonts)
        )
        entries = {k: off if v == "off" else Name(v) if isinstance(v, str) else v for k, v in extra.items()}
        annots.append(
            pdf.make_indirect(Dictionary(Type=Name.Annot, Rect=rect, AP=Dictionary(N=stream), **entries))
        )
    if annots:
        page.Annots = Array(annots)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def reasons(content: bytes, **options: Any) -> dict[str, tuple[str, ...]]:
    """Each word's hidden reasons (hidden="flag"), by its text."""
    with pagetext.open(build(content, **options)) as doc:
        return {w.text: w.hidden for w in doc[0].words(hidden="flag")}


def hidden_report(content: bytes, **options: Any) -> dict[str, tuple[str, ...]]:
    """The page's hidden_text() spans: reasons by text."""
    with pagetext.open(build(content, **options)) as doc:
        return {span.text: span.reasons for span in doc[0].hidden_text()}
