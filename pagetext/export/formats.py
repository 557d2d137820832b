"""The one registry of output formats: what `pagetext FILE --format F`, Document.export, batch
and the server each offer, with the file ending batch writes and the media type the server
answers with. A format is added here, and everywhere at once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class OutputFormat:
    """One format: its name, the ending of the file batch writes it to, its HTTP media type."""

    name: str
    extension: str
    media_type: str


REGISTRY: Final = {
    fmt.name: fmt
    for fmt in (
        OutputFormat("text", ".txt", "text/plain; charset=utf-8"),
        OutputFormat("json", ".json", "application/json"),  # the pagetext/1 schema
        OutputFormat("hocr", ".hocr", "application/xhtml+xml; charset=utf-8"),  # hOCR is XHTML
        OutputFormat("alto", ".alto.xml", "application/xml; charset=utf-8"),
        OutputFormat("markdown", ".md", "text/markdown; charset=utf-8"),
    )
}
FORMATS: Final = tuple(REGISTRY)  # the names, in the order help texts list them
