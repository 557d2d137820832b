"""Text assembly: word spaces and line breaks rebuilt from glyph geometry (SPEC §3.1, §3.2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pagetext.content.glyph import Glyph


@dataclass(frozen=True, slots=True)
class LayoutParams:
    """The thresholds of the assembly rules; the defaults are the seed's values."""

    # A gap after a glyph's own advance longer than this × the box height is a word space:
    # letter-spacing and kerning stay well below it, a word gap rarely does.
    word_gap: float = 0.15
    # A move across the writing direction longer than this × the larger box height starts a
    # new line: superscripts (rise ≈ 0.4) and baseline jitter stay below it.
    line_shift: float = 0.5

    def __post_init__(self) -> None:
        for name in ("word_gap", "line_shift"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"LayoutParams.{name} must be a positive number, not {value!r}")


def is_cjk(char: str) -> bool:
    """Whether a character belongs to a script set without spaces between words (CJK)."""
    code = ord(char)
    return (
        0x2E80 <= code <= 0x9FFF  # radicals, CJK symbols and punctuation, kana, Han
        or 0xAC00 <= code <= 0xD7AF  # Hangul syllables
        or 0xF900 <= code <= 0xFAFF  # CJK compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # half-width and full-width forms
        or 0x20000 <= code <= 0x3FFFF  # Han extensions B and later
    )


def assemble_text(glyphs: Iterable[Glyph], params: LayoutParams) -> str:
    """Join glyphs (in the order given) into text with spaces and line breaks from geometry."""
    parts: list[str] = []
    word_gap = params.word_gap
    line_shift = params.line_shift
    prev: Glyph | None = None
    for glyph in glyphs:
        text = glyph.text
        if not text:
            continue
        if prev is not None:
            dx = glyph.baseline_start[0] - prev.baseline_start[0]
            dy = glyph.baseline_start[1] - prev.baseline_start[1]
            ux, uy = prev.direction
            across = abs(dx * -uy + dy * ux)
            if across > line_shift * max(prev.box_height, glyph.box_height):
                parts.append("\n")
            else:
                gap = (glyph.baseline_start[0] - prev.glyph_end[0]) * ux + (
                    glyph.baseline_start[1] - prev.glyph_end[1]
                ) * uy
                before = prev.text[-1]
                after = text[0]
                if (
                    gap > word_gap * glyph.box_height
                    and not before.isspace()
                    and not after.isspace()
                    and not (is_cjk(before) and is_cjk(after))
                ):
                    parts.append(" ")
        parts.append(text)
        prev = glyph
    return "".join(parts)
