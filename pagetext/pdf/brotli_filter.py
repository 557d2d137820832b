"""The /BrotliDecode filter (proposed for PDF 2.x; MuPDF and pdf.js read it), which qpdf lacks.

Decoded with Google's brotli bindings (the `brotli` package). The output is capped, so
that a Brotli bomb costs its cap, not its full size.
"""

from __future__ import annotations

from typing import Final

import brotli

CHUNK: Final = 1024 * 1024  # output taken per call of the streaming decoder


def decompress(data: bytes, max_bytes: int) -> bytes | None:
    """At most max_bytes of the Brotli-decoded data (what decodes before damage, if any);
    None when nothing decodes."""
    decoder = brotli.Decompressor()
    out = bytearray()
    try:
        out += decoder.process(data, output_buffer_limit=CHUNK)
        while len(out) < max_bytes and not decoder.is_finished() and not decoder.can_accept_more_data():
            out += decoder.process(b"", output_buffer_limit=CHUNK)
    except brotli.error:
        if not out:
            return None
    return bytes(out[:max_bytes])
