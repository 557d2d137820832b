"""A line's role from the artifacts it is drawn in (ISO 32000-1 §14.8.2.2): running heads and feet
that the tags mark, for Furniture and the page's line roles."""

from __future__ import annotations

from pagetext.geometry import Box
from pagetext.layout.records import Line

# Line roles from artifacts: the names Furniture uses for running heads and feet.
HEADER, FOOTER, ARTIFACT = "header", "footer", "artifact"


def artifact_role(line: Line, box: Box) -> str:
    """A line's role from the artifacts it is drawn in: "header" / "footer" for pagination
    artifacts (by /Subtype, else by the half of the page they are in), "artifact" for the
    others (layout, page, background, watermarks); "" when most of it is no artifact."""
    glyphs = [g for word in line.words for g in word.glyphs]
    artifacts = [g.artifact for g in glyphs if g.artifact is not None]
    if not artifacts or 2 * len(artifacts) <= len(glyphs):
        return ""
    first = artifacts[0]
    if first.type == "Pagination" or first.subtype in ("Header", "Footer"):
        if first.subtype == "Header":
            return HEADER
        if first.subtype == "Footer":
            return FOOTER
        if first.subtype in ("", "PageNum"):
            middle = (line.bbox.y0 + line.bbox.y1) / 2
            return HEADER if middle > (box.y0 + box.y1) / 2 else FOOTER
    return ARTIFACT
