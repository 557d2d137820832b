"""The colour of an image where a glyph lies (§8.9.4–8.9.5), for telling text from its ground.

Images are decoded (through pikepdf's image support, Pillow) only when a glyph lies on one
and only once each; a damaged or very large image gives no colour (unknown)."""

from __future__ import annotations

from typing import Any, Final

import pikepdf

from pagetext.content.paths import RGB
from pagetext.geometry import Matrix

# Larger images are not decoded for a colour test: 25 megapixels is a page scanned at 600 dpi.
MAX_PIXELS: Final = 25_000_000


class ImageColors:
    """Decoded images by object, made when first asked."""

    def __init__(self) -> None:
        self._decoded: dict[tuple[int, int] | int, Any] = {}

    def color_at(
        self, image: pikepdf.Stream | None, ctm: Matrix, points: list[tuple[float, float]]
    ) -> RGB | None:
        """The image's mean colour at user-space points (a glyph's box, sampled), the image
        drawn with `ctm` (the unit square is the image, its first row at the top, §8.9.4);
        None when it cannot be told. A mean over the box, not the colour at its centre: text
        printed over a scan of itself has ink at its centre and paper around."""
        a, b, c, d, e, f = ctm
        det = a * d - b * c
        if det == 0 or image is None:  # an inline image: not decoded
            return None
        picture = self._picture(image)
        if picture is None:
            return None
        width, height = picture.size
        total = [0.0, 0.0, 0.0]
        count = 0
        for x, y in points:
            u = (d * (x - e) - c * (y - f)) / det
            v = (a * (y - f) - b * (x - e)) / det
            if not (0 <= u <= 1 and 0 <= v <= 1):
                continue
            pixel = picture.getpixel((min(width - 1, int(u * width)), min(height - 1, int((1 - v) * height))))
            total[0] += pixel[0]
            total[1] += pixel[1]
            total[2] += pixel[2]
            count += 1
        if count == 0:
            return None
        return (total[0] / count / 255, total[1] / count / 255, total[2] / count / 255)

    def _picture(self, image: pikepdf.Stream) -> Any:
        key = image.objgen if image.objgen != (0, 0) else id(image)
        if key in self._decoded:
            return self._decoded[key]
        picture = None
        try:
            width = int(image.get("/Width", 0))
            height = int(image.get("/Height", 0))
            if 0 < width * height <= MAX_PIXELS:
                picture = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
        except Exception:
            picture = None
        self._decoded[key] = picture
        return picture
