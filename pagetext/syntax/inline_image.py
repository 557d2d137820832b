"""Inline images in a content stream: where their data ends (ISO 32000-1 §8.9.7).

The lexer reads `BI` … `ID` as usual and asks this module where the binary data and its `EI`
end, since the data is not PDF syntax.
"""

from __future__ import annotations

import re
from typing import Any

from pagetext.errors import Warn
from pagetext.syntax.chars import WHITE_SPACE
from pagetext.syntax.literals import Operand

_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"

# Components of the colour spaces an inline image may name directly (§8.9.7, Table 93).
_INLINE_COMPONENTS = {
    "G": 1,
    "DeviceGray": 1,
    "CalGray": 1,
    "I": 1,
    "Indexed": 1,
    "RGB": 3,
    "DeviceRGB": 3,
    "CalRGB": 3,
    "Lab": 3,
    "CMYK": 4,
    "DeviceCMYK": 4,
}
_EI_TOKEN = re.compile(rb"[\x00\t\n\x0c\r ]*EI(?!" + _REGULAR + rb")")  # EI as a whole token
_CONTENT_LIKE = re.compile(rb"[\x00\t\n\x0c\r\x20-\x7e]*\Z")


def _inline_image_length(params: dict[str, Operand]) -> int | None:
    """The data length of an unfiltered inline image, or None when it cannot be known."""
    length = params.get("L", params.get("Length"))
    if isinstance(length, int) and length >= 0:
        return length
    if params.get("F", params.get("Filter")):
        return None
    width: Any = params.get("W", params.get("Width"))
    height: Any = params.get("H", params.get("Height"))
    if not isinstance(width, int) or not isinstance(height, int) or width < 0 or height < 0:
        return None
    components: Any = 1
    bits: Any = 1
    if params.get("IM", params.get("ImageMask")) is not True:
        bits = params.get("BPC", params.get("BitsPerComponent"))
        space: Any = params.get("CS", params.get("ColorSpace"))
        if isinstance(space, list) and space:
            space = space[0]
        components = _INLINE_COMPONENTS.get(space) if isinstance(space, str) else None
        if not isinstance(bits, int) or components is None:
            return None
    return height * ((width * components * bits + 7) // 8)


def skip_inline_image_data(data: bytes, start: int, params: dict[str, Operand], warn: Warn) -> int:
    """Offset just past the EI that ends the inline image whose data begins at `start`.

    An unfiltered image has a known length. Otherwise the data may itself contain "EI", so a
    candidate counts only when the bytes after it look like content-stream text.
    """
    length = _inline_image_length(params)
    if length is not None:
        end = start + length
        match = _EI_TOKEN.match(data, end)
        if match is not None:
            return match.end()
    pos = start
    end = len(data)
    while True:
        # An EI with white space before it and white space or the end after it. bytes.find,
        # not a pattern: a look-behind keeps the regex engine matching at every byte.
        found = data.find(b"EI", pos)
        if found < 0:
            warn("inline image without EI; the rest of the stream was skipped")
            return end
        after = found + 2
        if (
            found > 0
            and data[found - 1] in WHITE_SPACE
            and (after == end or data[after] in WHITE_SPACE)
            and _CONTENT_LIKE.match(data[after : after + 48])
        ):
            return after
        pos = found + 1
