"""Write examples/sample.pdf: a small PDF of our own making for the README's quick start.

    python tools/make_sample.py

It shows what a plain extractor gets wrong: words separated only by TJ offsets, a line
split into two text objects, a heading drawn by a Form XObject, and a slug line outside
the CropBox that a viewer does not show.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

OUT = Path(__file__).resolve().parent.parent / "examples" / "sample.pdf"

CONTENT = b"""
q /Heading Do Q
BT /F1 11 Tf 72 680 Td 14 TL
[(Words)-278(separated)-278(by)-278(TJ)-278(offsets,)-278(with)-278(no)-278(space)-278(characters.)] TJ
T* (A line drawn in two) Tj ET
BT /F1 11 Tf 199.6 666 Td (text objects stays one line.) Tj ET
BT /F1 11 Tf 72 638 Td (Text outside the crop box, like this slug line, is not part of the page:) Tj ET
BT /F1 8 Tf 72 8 Td (SLUG: job 4711 plate K) Tj ET
"""

HEADING = b"BT /F2 18 Tf 0 0 Td (pagetext sample) Tj ET"


def main() -> None:
    pdf = pikepdf.new()
    helvetica = pdf.make_indirect(
        Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica, Encoding=Name.WinAnsiEncoding)
    )
    bold = pdf.make_indirect(
        Dictionary(
            Type=Name.Font,
            Subtype=Name.Type1,
            BaseFont=Name("/Helvetica-Bold"),
            Encoding=Name.WinAnsiEncoding,
        )
    )
    heading = pdf.make_stream(HEADING)
    heading.Type, heading.Subtype = Name.XObject, Name.Form
    heading.BBox = Array([0, -5, 300, 20])
    heading.Matrix = Array([1, 0, 0, 1, 72, 720])
    heading.Resources = Dictionary(Font=Dictionary(F2=bold))
    page = Dictionary(
        Type=Name.Page,
        MediaBox=Array([0, 0, 612, 792]),
        CropBox=Array([0, 36, 612, 792]),
        Resources=Dictionary(Font=Dictionary(F1=helvetica), XObject=Dictionary(Heading=heading)),
        Contents=pdf.make_stream(CONTENT.strip() + b"\n"),
    )
    pdf.pages.append(pikepdf.Page(page))
    pdf.docinfo[Name.Title] = "pagetext sample"
    OUT.parent.mkdir(exist_ok=True)
    pdf.save(OUT, deterministic_id=True)


if __name__ == "__main__":
    main()
