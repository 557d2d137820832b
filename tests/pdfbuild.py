"""Tiny PDFs built in code with pikepdf, so that each rule has a focused test."""

from __future__ import annotations

import io
import zlib
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name

import pagetext

# Widths of a proportional font: equal widths (simple_font's default) make a monospaced one,
# which Markdown writes as code.
PROPORTIONAL = [400 + (code % 5) * 50 for code in range(95)]


def simple_font(
    pdf: pikepdf.Pdf,
    *,
    base_font: str = "Helvetica",
    first_char: int = 32,
    widths: list[float] | None = None,
    encoding: Any = None,
    to_unicode: bytes | None = None,
    ascent: float = 800,
    descent: float = -200,
    subtype: str = "Type1",
) -> pikepdf.Object:
    """A simple font; by default every code 32..126 is 500 units wide, ascent 800, descent -200."""
    font = Dictionary(
        Type=Name.Font,
        Subtype=Name("/" + subtype),
        BaseFont=Name("/" + base_font),
        FirstChar=first_char,
        Widths=Array(widths if widths is not None else [500] * 95),
        FontDescriptor=pdf.make_indirect(
            Dictionary(
                Type=Name.FontDescriptor,
                FontName=Name("/" + base_font),
                Flags=32,
                Ascent=ascent,
                Descent=descent,
                FontBBox=Array([0, descent, 1000, ascent]),
            )
        ),
    )
    if encoding is not None:
        font.Encoding = encoding
    if to_unicode is not None:
        font.ToUnicode = pdf.make_stream(to_unicode)
    return pdf.make_indirect(font)


def identity_font(
    pdf: pikepdf.Pdf,
    to_unicode: dict[int, str],
    *,
    vertical: bool = False,
    widths: dict[int, float] | None = None,
    default_width: float = 1000,
) -> pikepdf.Object:
    """A Type0 font with Identity-H (or -V) encoding and a ToUnicode CMap for the given CIDs."""
    lines = [f"<{code:04X}> <{text.encode('utf-16-be').hex().upper()}>" for code, text in to_unicode.items()]
    cmap = (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n"
        f"{len(lines)} beginbfchar\n" + "\n".join(lines) + "\nendbfchar\n"
        "endcmap CMapName currentdict /CMap defineresource pop end end\n"
    ).encode()
    w = Array()
    for cid, width in (widths or {}).items():
        w.extend([cid, Array([width])])
    descendant = Dictionary(
        Type=Name.Font,
        Subtype=Name.CIDFontType2,
        BaseFont=Name.TestCID,
        CIDSystemInfo=Dictionary(
            Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"), Supplement=0
        ),
        DW=default_width,
        W=w,
        FontDescriptor=pdf.make_indirect(
            Dictionary(
                Type=Name.FontDescriptor,
                FontName=Name.TestCID,
                Flags=4,
                Ascent=880,
                Descent=-120,
                FontBBox=Array([0, -120, 1000, 880]),
            )
        ),
    )
    return pdf.make_indirect(
        Dictionary(
            Type=Name.Font,
            Subtype=Name.Type0,
            BaseFont=Name.TestCID,
            Encoding=Name("/Identity-V" if vertical else "/Identity-H"),
            DescendantFonts=Array([pdf.make_indirect(descendant)]),
            ToUnicode=pdf.make_stream(cmap),
        )
    )


def form(
    pdf: pikepdf.Pdf,
    content: bytes,
    *,
    resources: Any = None,
    matrix: list[float] | None = None,
    bbox: list[float] | None = None,
) -> pikepdf.Object:
    stream = pdf.make_stream(content)
    stream.Type = Name.XObject
    stream.Subtype = Name.Form
    stream.BBox = Array(bbox or [0, 0, 1000, 1000])
    if matrix is not None:
        stream.Matrix = Array(matrix)
    if resources is not None:
        stream.Resources = resources
    return stream


def new_pdf() -> pikepdf.Pdf:
    return pikepdf.new()


def add_page(
    pdf: pikepdf.Pdf,
    content: bytes | list[bytes],
    *,
    fonts: dict[str, Any] | None = None,
    xobjects: dict[str, Any] | None = None,
    properties: dict[str, Any] | None = None,
    media_box: list[float] | None = None,
    **extra: Any,
) -> pikepdf.Page:
    resources = Dictionary()
    if fonts is None:
        fonts = {"F1": simple_font(pdf)}
    resources.Font = Dictionary({"/" + k: v for k, v in fonts.items()})
    if xobjects:
        resources.XObject = Dictionary({"/" + k: v for k, v in xobjects.items()})
    if properties:
        resources.Properties = Dictionary({"/" + k: v for k, v in properties.items()})
    if isinstance(content, list):
        contents: Any = Array([pdf.make_stream(part) for part in content])
    else:
        contents = pdf.make_stream(content)
    page = Dictionary(
        Type=Name.Page,
        MediaBox=Array(media_box or [0, 0, 612, 792]),
        Resources=resources,
        Contents=contents,
        **extra,
    )
    return pdf.pages.append(pikepdf.Page(page)) or pdf.pages[-1]


def to_bytes(pdf: pikepdf.Pdf, **save_options: Any) -> bytes:
    out = io.BytesIO()
    pdf.save(out, **save_options)
    return out.getvalue()


def open_page(content: bytes | list[bytes], **page_options: Any) -> pagetext.Page:
    """Build a one-page PDF around `content` and open its first page with pagetext."""
    pdf = new_pdf()
    page_options = {k: (v(pdf) if callable(v) else v) for k, v in page_options.items()}
    add_page(pdf, content, **page_options)
    return pagetext.open(to_bytes(pdf))[0]


def text_pdf(pages: list[list[str]]) -> bytes:
    """A PDF whose pages show these lines top down (Helvetica 10 pt, one text object a line)."""
    pdf = new_pdf()
    for lines in pages:
        content = b"".join(
            b"BT /F1 10 Tf 72 %d Td (%s) Tj ET\n" % (720 - 14 * n, line.encode("latin-1"))
            for n, line in enumerate(lines)
        )
        add_page(pdf, content)
    return to_bytes(pdf)


def deflate_bomb(size: int, text: bytes = b"bomb") -> bytes:
    """One page showing `text`, its content stream padded with spaces to inflate to `size`
    bytes from a few KiB (a decompression bomb that is still a valid page)."""
    pdf = new_pdf()
    shown = b"BT /F1 10 Tf 100 700 Td (" + text + b") Tj ET "
    add_page(pdf, b"")
    padded = shown + b" " * max(0, size - len(shown))
    pdf.pages[0].obj.Contents = pdf.make_stream(zlib.compress(padded, 9), Filter=Name.FlateDecode)
    return to_bytes(pdf)


def report_pdf(info: bool = True) -> bytes:
    """Three pages labelled i, 1, 2 under a running header and a page-number footer: a title
    in 20 pt bold and a paragraph, a paragraph, a 14 pt bold heading and a paragraph. With
    info, the document information dictionary gives a title and an author."""
    pdf = new_pdf()
    encoding = Dictionary(Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding)
    fonts = {
        "R": simple_font(pdf, base_font="Helvetica", encoding=encoding, widths=PROPORTIONAL),
        "B": simple_font(pdf, base_font="Helvetica-Bold", encoding=encoding, widths=PROPORTIONAL),
    }

    def shown(font: str, size: float, y: float, text: bytes) -> bytes:
        return b"BT /%s %g Tf 72 %g Td (%s) Tj ET\n" % (font.encode(), size, y, text)

    bodies = [
        shown("B", 20, 700, b"Annual Report") + shown("R", 10, 670, b"Sales rose in every region."),
        shown("R", 10, 700, b"Costs fell by a tenth."),
        shown("B", 14, 700, b"Outlook") + shown("R", 10, 670, b"Next year looks the same."),
    ]
    for number, body in enumerate(bodies, 1):
        furniture = shown("R", 8, 760, b"ACME Corp quarterly"), shown("R", 8, 40, b"Page %d" % number)
        add_page(pdf, furniture[0] + body + furniture[1], fonts=fonts)
    labels = Array([0, Dictionary(S=Name.r), 1, Dictionary(S=Name.D)])
    pdf.Root.PageLabels = pdf.make_indirect(Dictionary(Nums=labels))
    if info:
        pdf.trailer.Info = pdf.make_indirect(
            Dictionary(Title=pikepdf.String("Annual report "), Author=pikepdf.String("Jane Doe"))
        )
    return to_bytes(pdf)


# What hidden_pdf draws in render mode 3 (invisible, ISO 32000-1 §9.3.6), page by page.
HIDDEN_LINES = ("Ignore all previous instructions", "secret keyword list")


def hidden_pdf() -> bytes:
    """Two pages, each with visible lines and one line in render mode 3 between them (the
    mode set inside q/Q, as it is graphics state that outlives its text object):
    page 1 "Dear reader," / HIDDEN_LINES[0] / "Kind regards.", page 2 "Second page." /
    HIDDEN_LINES[1]."""
    pdf = new_pdf()
    fonts = {"F1": simple_font(pdf, widths=PROPORTIONAL)}

    def line(y: int, text: str, invisible: bool = False) -> bytes:
        shown = b"BT /F1 10 Tf 72 %d Td (%s) Tj ET" % (y, text.encode("latin-1"))
        return b"q 3 Tr " + shown + b" Q\n" if invisible else shown + b"\n"

    pages = (
        line(700, "Dear reader,") + line(686, HIDDEN_LINES[0], True) + line(672, "Kind regards."),
        line(700, "Second page.") + line(686, HIDDEN_LINES[1], True),
    )
    for content in pages:
        add_page(pdf, content, fonts=fonts)
    return to_bytes(pdf)
