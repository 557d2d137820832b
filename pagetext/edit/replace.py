"""Replacement: new text written where a hit was, in the hit's own font, nothing else moved.

The hit's codes are removed as redaction removes them; the new codes go where its first run
was, shown in the same font, size and spacing. They must fit the hit's width: narrower text is
followed by the gap that is left, wider text is scaled horizontally (Tz, §9.3.4) down to
MIN_SCALE of the original, and beyond that the replacement is refused. A character is written
only with a code the font is known to draw: a code the document already shows in that font
(a subset font holds no other glyphs), or, for an unsubsetted simple font, a code its
encoding maps to that character with a width. No other font is ever substituted.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Any, Final

from pagetext.content.glyph import Glyph
from pagetext.edit.redact import PagePlan, save_whole
from pagetext.edit.search import Hit
from pagetext.edit.select import select
from pagetext.edit.source import EditSource
from pagetext.edit.strings import Insertion
from pagetext.errors import UnsupportedError, UsageError
from pagetext.fonts.font import SimpleFont

MIN_SCALE: Final = 0.75  # narrower than 3/4 of its width, text reads as squeezed
_SUBSET = re.compile(r"^[A-Z]{6}\+")


def _codes_shown(glyphs: Iterable[Glyph], font: Any) -> dict[str, bytes]:
    """Character → the bytes of a code that shows it in `font`, from glyphs the page draws."""
    codes: dict[str, bytes] = {}
    for glyph in glyphs:
        source = glyph.source
        if source is None or source.font is not font or len(glyph.text) != 1:
            continue
        offsets = source.code_offsets()
        codes.setdefault(glyph.text, source.string[offsets[glyph.code_index] : offsets[glyph.code_index + 1]])
    return codes


def _codes_encoded(font: Any) -> dict[str, bytes]:
    """Character → code of an unsubsetted simple font, by its encoding (a width it must have)."""
    if not isinstance(font, SimpleFont) or _SUBSET.match(font.base_font or ""):
        return {}
    font.settle()
    codes: dict[str, bytes] = {}
    for code, (text, width) in enumerate(zip(font.texts, font.widths, strict=False)):
        if len(text) == 1 and (width > 0 or text == " "):
            codes.setdefault(text, bytes((code,)))
    return codes


def _advance_sum(source: Any, data: bytes) -> float:
    """Σ (w × Tfs + Tc + Tw) over the codes of `data`: their advance before Tz."""
    total = 0.0
    for glyph in source.font.decode(data):
        word_spacing = source.word_spacing if glyph.is_space else 0.0
        total += glyph.width * source.font_size + source.char_spacing + word_spacing
    return total


def _insertion(hit: Hit, new_text: str, page_glyphs: list[Glyph]) -> Insertion:
    first = hit.glyphs[0]
    source = first.source
    if source is None or any(g.source is None or g.source.font is not source.font for g in hit.glyphs):
        raise UnsupportedError(f"{hit.text!r} is not shown in one font; it cannot be replaced")
    if len(hit.quads) != 1 or source.font.wmode != 0:
        raise UnsupportedError(
            f"{hit.text!r} runs over more than one line or vertically; it cannot be replaced"
        )
    available = {**_codes_encoded(source.font), **_codes_shown(page_glyphs, source.font)}
    missing = sorted({char for char in new_text if char not in available})
    if missing:
        raise UnsupportedError(
            f"font {first.font_name} has no glyph known for {''.join(missing)!r} "
            "(a subset font holds only the glyphs the document uses); no other font is substituted"
        )
    codes = b"".join(available[char] for char in new_text)
    # The hit's width, as an advance before Tz: its first origin to its last glyph's end.
    last = hit.glyphs[-1]
    ux, uy = first.direction
    width_user = (last.baseline_end[0] - first.baseline_start[0]) * ux + (
        last.baseline_end[1] - first.baseline_start[1]
    ) * uy
    run_first = [g for g in hit.glyphs if g.source is source]
    first_sum = sum(_advance_sum(source, _code_bytes(g)) for g in run_first)
    first_user = (run_first[-1].baseline_end[0] - first.baseline_start[0]) * ux + (
        run_first[-1].baseline_end[1] - first.baseline_start[1]
    ) * uy
    if first_sum <= 0 or first_user <= 0:
        raise UnsupportedError(f"{hit.text!r} has no width to write into")
    per_unit = first_user / first_sum  # user space per unit of advance before Tz
    target = width_user / per_unit
    natural = _advance_sum(source, codes)
    scale = source.horizontal_scaling
    if natural > target:
        scale = source.horizontal_scaling * target / natural
        if scale < MIN_SCALE * source.horizontal_scaling:
            raise UnsupportedError(
                f"{new_text!r} is {natural / target:.0%} of the width of {hit.text!r}; "
                f"it fits only scaled below {MIN_SCALE:.0%}"
            )
    shown = natural * scale / source.horizontal_scaling
    return Insertion(codes, scale, 1000.0 * shown / source.font_size)


def _code_bytes(glyph: Glyph) -> bytes:
    source = glyph.source
    assert source is not None
    offsets = source.code_offsets()
    return source.string[offsets[glyph.code_index] : offsets[glyph.code_index + 1]]


def replace(source: EditSource, hits: Iterable[Hit], new_text: str, output: str | os.PathLike[str]) -> None:
    """Write `new_text` in place of each hit (see the module's rules) and save to `output`."""
    hits = list(hits)
    if not hits:
        raise UsageError("nothing to replace: no hits given")
    pdf = source.pdf
    plans = []
    for number in sorted({hit.page_number for hit in hits}):
        page = source.page(number)
        glyphs = page.glyphs
        page_hits = [hit for hit in hits if hit.page_number == number]
        selection = select(number, glyphs, page_hits)
        if selection.refused or selection.annotations:
            raise UnsupportedError(
                f"page {number}: the text to replace cannot be edited ({selection.refused})"
            )
        for hit in page_hits:
            first = hit.glyphs[0].source
            assert first is not None
            edit = selection.removals[(first.root, first.uses)][first.token]
            if edit.insertion is not None:
                raise UnsupportedError(f"page {number}: two replacements in one string")
            edit.insertion = _insertion(hit, new_text, glyphs)
        plans.append(PagePlan(pdf, page.dictionary, page.resources, selection))
    for plan in plans:
        plan.apply(None, "keep")
    save_whole(pdf, output)
