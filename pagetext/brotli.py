"""The /BrotliDecode filter (proposed for PDF 2.x; MuPDF and pdf.js read it), which qpdf lacks.

Decoded through the system's libbrotlidec when it is installed (it comes with most
distributions); without it such streams stay undecodable, as before. The output is capped,
so that a Brotli bomb costs its cap, not its full size.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Final

CHUNK: Final = 1024 * 1024  # output grown per call of the streaming decoder
# BrotliDecoderResult (brotli/decode.h)
_ERROR: Final = 0
_SUCCESS: Final = 1
_NEEDS_MORE_OUTPUT: Final = 3

_library: ctypes.CDLL | None = None
_loaded = False


def _load() -> ctypes.CDLL | None:
    global _library, _loaded
    if not _loaded:
        _loaded = True
        path = ctypes.util.find_library("brotlidec")
        try:
            library = ctypes.CDLL(path or "libbrotlidec.so.1")
        except OSError:
            return None
        library.BrotliDecoderCreateInstance.restype = ctypes.c_void_p
        library.BrotliDecoderCreateInstance.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        library.BrotliDecoderDestroyInstance.argtypes = [ctypes.c_void_p]
        library.BrotliDecoderDecompressStream.restype = ctypes.c_int
        library.BrotliDecoderDecompressStream.argtypes = [
            ctypes.c_void_p,
            ctypes.POINTER(ctypes.c_size_t),
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.POINTER(ctypes.c_size_t),
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_void_p,
        ]
        _library = library
    return _library


def available() -> bool:
    return _load() is not None


def decompress(data: bytes, max_bytes: int) -> bytes | None:
    """At most max_bytes of the Brotli-decoded data (what decodes before damage, if any);
    None when no decoder is installed or nothing decodes."""
    library = _load()
    if library is None:
        return None
    state = library.BrotliDecoderCreateInstance(None, None, None)
    if not state:
        return None
    source = ctypes.create_string_buffer(data, len(data))
    available_in = ctypes.c_size_t(len(data))
    next_in = ctypes.c_void_p(ctypes.addressof(source))
    out = bytearray()
    buffer = ctypes.create_string_buffer(CHUNK)
    try:
        while len(out) < max_bytes:
            available_out = ctypes.c_size_t(CHUNK)
            next_out = ctypes.c_void_p(ctypes.addressof(buffer))
            result = library.BrotliDecoderDecompressStream(
                state, ctypes.byref(available_in), ctypes.byref(next_in),
                ctypes.byref(available_out), ctypes.byref(next_out), None,
            )  # fmt: skip
            out += buffer.raw[: CHUNK - available_out.value]
            if result != _NEEDS_MORE_OUTPUT:
                break
        else:
            result = _SUCCESS
    finally:
        library.BrotliDecoderDestroyInstance(state)
    if result == _ERROR and not out:
        return None
    return bytes(out[:max_bytes])
