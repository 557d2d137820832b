"""hOCR 1.2 export (https://kba.github.io/hocr-spec/1.2/): XHTML that hOCR viewers and
hocr-tools read.

One ``ocr_page`` per page (``bbox 0 0 W H; ppageno N; scan_res 72 72``), an ``ocr_carea``
holding one ``ocr_par`` per reading-order block (pagetext.layout.paragraphs), ``ocr_line`` with
``baseline`` and ``x_size`` (``textangle`` instead of a baseline for lines the viewer shows
turned), ``ocrx_word`` with ``bbox`` and ``x_wconf 100``.

Coordinates are those a viewer shows: the visible box with the page's /Rotate applied,
origin at the top left, y down, in points (one pixel per point: scan_res 72 72), whole
numbers as hOCR wants them, boxes rounded outwards and clipped to the page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from xml.sax.saxutils import escape, quoteattr

from pagetext._version import __version__
from pagetext.export.common import Viewport, baseline, line_height, tokens, xml_safe
from pagetext.export.page_view import PageView
from pagetext.layout.paragraphs import paragraph_blocks
from pagetext.layout.records import Line

IntBox = tuple[int, int, int, int]

CAPABILITIES = "ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf"


def _int_box(box: tuple[float, float, float, float]) -> IntBox:
    left, top, right, bottom = box
    return math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)


def _union(boxes: Sequence[IntBox]) -> IntBox:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _bbox(box: IntBox) -> str:
    return "bbox {} {} {} {}".format(*box)


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _line_properties(line: Line, box: IntBox, view: Viewport) -> str:
    props = [_bbox(box)]
    ux, uy = line.direction
    dx, dy = view.direction(ux, uy)
    base = baseline(line)
    if base is not None and dx > 0 and abs(dy) <= 1e-3 * dx:
        (sx, sy), (ex, ey) = view.point(*base[0]), view.point(*base[1])
        slope = (ey - sy) / (ex - sx) if abs(ex - sx) > 1e-6 else 0.0
        offset = sy + slope * (box[0] - sx) - box[3]
        props.append(f"baseline {_number(slope)} {_number(offset)}")
    elif base is not None:
        angle = math.degrees(math.atan2(-dy, dx)) % 360
        props.append(f"textangle {_number(angle)}")
    props.append(f"x_size {_number(line_height(line))}")
    return "; ".join(props)


def page_hocr(page: PageView, order: str = "reading", annotations: bool = True, hidden: str = "keep") -> str:
    """One ``ocr_page`` div; hidden="drop" leaves out what a viewer does not show (Page.lines)."""
    view = Viewport(page)
    number = page.number
    width, height = math.ceil(view.width), math.ceil(view.height)
    out = [
        f'<div class="ocr_page" id="page_{number}" '
        f'title="bbox 0 0 {width} {height}; ppageno {number - 1}; scan_res 72 72">\n'
    ]
    word_id = line_id = block_id = 0
    for block in paragraph_blocks(
        page.lines(order=order, roles=True, annotations=annotations, hidden=hidden), page.font_styles()
    ):
        rendered: list[tuple[str, IntBox]] = []
        for line in block:
            words = [(text, _int_box(view.box(box))) for word in line.words for text, box in tokens(word)]
            if not words:
                continue
            line_id += 1
            box = _union([b for _, b in words])
            spans = []
            for text, word_box in words:
                word_id += 1
                spans.append(
                    f'<span class="ocrx_word" id="word_{number}_{word_id}" '
                    f'title="{_bbox(word_box)}; x_wconf 100">{escape(xml_safe(text))}</span>'
                )
            rendered.append(
                (
                    f'   <span class="ocr_line" id="line_{number}_{line_id}" '
                    f"title={quoteattr(_line_properties(line, box, view))}>" + " ".join(spans) + "</span>\n",
                    box,
                )
            )
        if not rendered:
            continue
        block_id += 1
        box = _union([b for _, b in rendered])
        out.append(f'  <div class="ocr_carea" id="block_{number}_{block_id}" title="{_bbox(box)}">\n')
        out.append(f'  <p class="ocr_par" id="par_{number}_{block_id}" title="{_bbox(box)}">\n')
        out.extend(text for text, _ in rendered)
        out.append("  </p>\n  </div>\n")
    out.append("</div>\n")
    return "".join(out)


def hocr_chunks(
    pages: Iterable[PageView],
    order: str = "reading",
    title: str = "",
    annotations: bool = True,
    hidden: str = "keep",
) -> Iterator[str]:
    """The hOCR document in pieces, one page at a time."""
    yield (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">\n<head>\n'
        f"<title>{escape(xml_safe(title))}</title>\n"
        '<meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>\n'
        f'<meta name="ocr-system" content="pagetext {__version__}"/>\n'
        f'<meta name="ocr-capabilities" content="{CAPABILITIES}"/>\n'
        "</head>\n<body>\n"
    )
    for page in pages:
        yield page_hocr(page, order, annotations, hidden)
    yield "</body>\n</html>\n"


def to_hocr(
    pages: Iterable[PageView],
    order: str = "reading",
    title: str = "",
    annotations: bool = True,
    hidden: str = "keep",
) -> str:
    return "".join(hocr_chunks(pages, order, title, annotations, hidden))
