"""ALTO 4.4 export (https://www.loc.gov/standards/alto/): one ``<alto>`` document for the
whole document, one ``Page`` per page.

``Description/MeasurementUnit`` is ``pixel`` at 72 per inch: one unit is one point, the
same coordinates hOCR gets (a page drawn at 72 dpi). Positions (HPOS, VPOS, WIDTH, HEIGHT)
are those a viewer shows: the visible box with the page's /Rotate applied, origin at the
top left, y down, clipped to the page. Each page has a ``PrintSpace`` (the box around its
text) holding one ``TextBlock`` per reading-order block (pagetext.layout.paragraphs), with
``TextLine`` (``BASELINE`` as ``x1,y1 x2,y2``), ``String`` (``CONTENT``, ``STYLEREFS``,
``WC="1"``) and ``SP`` between words. Fonts become ``Styles/TextStyle`` with FONTFAMILY
(the BaseFont without its subset tag), FONTSIZE (points, see
pagetext.export.common.visual_size) and FONTSTYLE read from the font name.

With ``dehyphenate=True`` a line ending in a hyphenated word (see
pagetext.export.common.Hyphenation) ends in ``<HYP CONTENT="-"/>``; its last String loses
the hyphen and carries ``SUBS_TYPE="HypPart1"`` and the joined word in ``SUBS_CONTENT``, as
does the first String of the next line with ``HypPart2``.

The styles come before the layout in ALTO, and are known only once every page is read: the
layout is spooled to a temporary file (memory stays flat), then written after the styles.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Iterable, Iterator
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from pagetext._version import __version__
from pagetext.export.common import (
    Hyphenation,
    Viewport,
    baseline,
    hyphen_ends,
    line_height,
    tokens,
    visual_size,
    xml_safe,
)
from pagetext.export.page_view import PageView
from pagetext.layout.paragraphs import paragraph_blocks
from pagetext.layout.records import Line

NAMESPACE: Final = "http://www.loc.gov/standards/alto/ns-v4#"
SCHEMA_LOCATION: Final = "http://www.loc.gov/standards/alto/v4/alto-4-4.xsd"
_SUBSET_TAG: Final = re.compile(r"^[A-Z]{6}\+")
_SPOOL_CHUNK: Final = 1 << 16


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: str) -> str:
    return quoteattr(xml_safe(value))


def font_styles(name: str) -> str:
    """FONTSTYLE from a font name: bold and italics, the rest cannot be told from a name."""
    lowered = name.lower()
    styles = []
    if any(key in lowered for key in ("bold", "black", "heavy", "semibold", "demi")):
        styles.append("bold")
    if "italic" in lowered or "oblique" in lowered:
        styles.append("italics")
    return " ".join(styles)


class Styles:
    """TextStyle IDs by (family, size, styles), in the order first seen."""

    def __init__(self) -> None:
        self.ids: dict[tuple[str, float, str], str] = {}

    def ref(self, font_name: str, size: float) -> str:
        family = _SUBSET_TAG.sub("", font_name) or "unknown"
        key = (family, round(size, 1), font_styles(family))
        style = self.ids.get(key)
        if style is None:
            style = self.ids[key] = f"FONT{len(self.ids)}"
        return style

    def xml(self) -> str:
        if not self.ids:
            return ""
        rows = []
        for (family, size, styles), style in self.ids.items():
            extra = f' FONTSTYLE="{styles}"' if styles else ""
            rows.append(f'<TextStyle ID="{style}" FONTFAMILY={_attr(family)} FONTSIZE="{_n(size)}"{extra}/>')
        return "<Styles>\n" + "\n".join(rows) + "\n</Styles>\n"


def _pos(box: tuple[float, float, float, float]) -> str:
    left, top, right, bottom = box
    return f'HPOS="{_n(left)}" VPOS="{_n(top)}" WIDTH="{_n(right - left)}" HEIGHT="{_n(bottom - top)}"'


Rect = tuple[float, float, float, float]


def _union(boxes: Iterable[Rect]) -> Rect:
    items = list(boxes)
    return (
        min(b[0] for b in items),
        min(b[1] for b in items),
        max(b[2] for b in items),
        max(b[3] for b in items),
    )


def _joined(last: str, head: str) -> str:
    return last[:-1] + head


def page_alto(
    page: PageView,
    styles: Styles,
    order: str = "reading",
    hyphenation: Hyphenation | None = None,
    annotations: bool = True,
    hidden: str = "keep",
) -> str:
    """One ``Page`` element; hidden="drop" leaves out what a viewer does not show (Page.lines)."""
    view = Viewport(page)
    n = page.number
    lines = page.lines(order=order, roles=True, annotations=annotations, hidden=hidden)
    if hyphenation is not None:
        hyphenation.learn(lines)
    rendered_blocks: list[tuple[str, Rect]] = []
    line_id = string_id = 0
    for block_index, block in enumerate(paragraph_blocks(lines, page.font_styles()), 1):
        ends = hyphen_ends(block, hyphenation)
        carried: str | None = None  # the joined word the line before ended with
        rendered_lines: list[tuple[str, Rect]] = []
        for line, hyphenated in zip(block, ends, strict=True):
            words = [(text, view.box(box), word) for word in line.words for text, box in tokens(word)]
            if not words:
                carried = None
                continue
            size = visual_size(line.font_size, line_height(line))
            joined = _joined(words[-1][0], _next_head(block, line)) if hyphenated else None
            parts = []
            previous: Rect | None = None
            for index, (text, box, word) in enumerate(words):
                if previous is not None:
                    gap = max(box[0] - previous[2], 0.0)
                    parts.append(f'<SP HPOS="{_n(previous[2])}" VPOS="{_n(previous[1])}" WIDTH="{_n(gap)}"/>')
                string_id += 1
                content, subs = text, ""
                if index == 0 and carried is not None:
                    subs = f' SUBS_TYPE="HypPart2" SUBS_CONTENT={_attr(carried)}'
                if index == len(words) - 1 and joined is not None:
                    content = text[:-1]
                    subs = f' SUBS_TYPE="HypPart1" SUBS_CONTENT={_attr(joined)}'
                style = styles.ref(word.font_name, visual_size(word.font_size, size))
                parts.append(
                    f'<String ID="P{n}_S{string_id}" {_pos(box)} CONTENT={_attr(content)} '
                    f'STYLEREFS="{style}" WC="1"{subs}/>'
                )
                previous = box
            if joined is not None:
                parts.append(f"<HYP CONTENT={_attr(words[-1][0][-1])}/>")
            carried = joined
            line_id += 1
            box = _union(b for _, b, _ in words)
            extra = ""
            base = baseline(line)
            if base is not None:
                (sx, sy), (ex, ey) = view.point(*base[0]), view.point(*base[1])
                extra += f' BASELINE="{_n(sx)},{_n(sy)} {_n(ex)},{_n(ey)}"'
            if any(g.writing_mode == 1 for g in line.words[0].glyphs):
                extra += ' BASEDIRECTION="ttb"'
            elif line.rtl:
                extra += ' BASEDIRECTION="rtl"'
            rendered_lines.append(
                (
                    f'<TextLine ID="P{n}_L{line_id}" {_pos(box)}{extra}>' + "".join(parts) + "</TextLine>\n",
                    box,
                )
            )
        if not rendered_lines:
            continue
        box = _union(b for _, b in rendered_lines)
        rotation = ""
        dx, dy = view.direction(*block[0].direction)
        angle = math.degrees(math.atan2(-dy, dx)) % 360
        if round(angle, 1) % 360 and not any(g.writing_mode == 1 for g in block[0].words[0].glyphs):
            rotation = f' ROTATION="{_n(angle)}"'
        rendered_blocks.append(
            (
                f'<TextBlock ID="P{n}_B{block_index}" {_pos(box)}{rotation}>\n'
                + "".join(text for text, _ in rendered_lines)
                + "</TextBlock>\n",
                box,
            )
        )
    space = _union(b for _, b in rendered_blocks) if rendered_blocks else (0.0, 0.0, view.width, view.height)
    return (
        f'<Page ID="P{n}" PHYSICAL_IMG_NR="{n}" WIDTH="{_n(view.width)}" HEIGHT="{_n(view.height)}">\n'
        f"<PrintSpace {_pos(space)}>\n"
        + "".join(text for text, _ in rendered_blocks)
        + "</PrintSpace>\n</Page>\n"
    )


def _next_head(block: list[Line], line: Line) -> str:
    index = next(i for i, item in enumerate(block) if item is line)
    words = block[index + 1].text.split()
    return words[0] if words else ""


def alto_chunks(
    pages: Iterable[PageView],
    order: str = "reading",
    dehyphenate: bool = False,
    file_name: str = "",
    annotations: bool = True,
    hidden: str = "keep",
) -> Iterator[str]:
    """The ALTO document in pieces: the pages' layout is spooled to a temporary file while
    the styles are gathered, then the header, the styles and the layout are yielded."""
    styles = Styles()
    hyphenation = Hyphenation() if dehyphenate else None
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", newline="") as spool:
        for page in pages:
            spool.write(page_alto(page, styles, order, hyphenation, annotations, hidden))
        source = (
            f"<sourceImageInformation><fileName>{escape(xml_safe(file_name))}</fileName>"
            "</sourceImageInformation>\n"
            if file_name
            else ""
        )
        yield (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<alto xmlns="{NAMESPACE}" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            f'xsi:schemaLocation="{NAMESPACE} {SCHEMA_LOCATION}">\n'
            "<Description>\n<MeasurementUnit>pixel</MeasurementUnit>\n"
            + source
            + '<Processing ID="PROC0"><processingStepDescription>text and layout extracted from the PDF'
            "</processingStepDescription><processingSoftware><softwareName>pagetext</softwareName>"
            f"<softwareVersion>{__version__}</softwareVersion></processingSoftware></Processing>\n"
            "</Description>\n" + styles.xml() + "<Layout>\n"
        )
        spool.seek(0)
        while True:
            chunk = spool.read(_SPOOL_CHUNK)
            if not chunk:
                break
            yield chunk
    yield "</Layout>\n</alto>\n"


def to_alto(
    pages: Iterable[PageView],
    order: str = "reading",
    dehyphenate: bool = False,
    file_name: str = "",
    annotations: bool = True,
    hidden: str = "keep",
) -> str:
    return "".join(alto_chunks(pages, order, dehyphenate, file_name, annotations, hidden))
