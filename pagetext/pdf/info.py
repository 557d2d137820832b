"""The document information dictionary (ISO 32000-1 §14.3.3): title, author, dates, producer."""

from __future__ import annotations

from collections.abc import Callable

import pikepdf


def document_info(pdf: pikepdf.Pdf, warn: Callable[[str], None]) -> dict[str, str]:
    """Its text entries, keys without the slash; what cannot be read is reported to `warn`."""
    result: dict[str, str] = {}
    try:
        for key, value in pdf.docinfo.items():
            if isinstance(value, (pikepdf.String, pikepdf.Name)):
                result[str(key).lstrip("/")] = str(value)
    except (pikepdf.PdfError, RuntimeError, ValueError) as error:
        warn(f"the document information could not be read: {error}")
    return result
