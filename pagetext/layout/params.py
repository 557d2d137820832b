"""Every threshold of the layout stage, in one frozen, validated object."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class LayoutParams:
    """Thresholds of assembly (SPEC §3.1–3.3); the defaults are the seed's values.

    Lengths are relative to the glyph box height (ascent to descent, user space), so they
    hold at any font size and under any matrix.
    """

    # Word space: a gap after a glyph's own advance longer than this × the current glyph's
    # box height. Tracking and kerning stay well below it; word gaps rarely do.
    word_gap: float = 0.15
    # New line: a move across the writing direction longer than this × the larger box
    # height. Superscripts (rise ≈ 0.4) and baseline jitter stay below it.
    line_shift: float = 0.5
    # Fake bold: a glyph repeating the text of one drawn among the last `duplicate_window`
    # glyphs, with an origin closer than this × box height, is a duplicate and is dropped.
    # Producers offset the copies by 1–3 % of the size; real repeated letters are a full
    # advance (≥ 20 %) apart.
    duplicate_tolerance: float = 0.1
    duplicate_window: int = 64
    drop_duplicates: bool = True

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise ValueError(f"LayoutParams.{field.name} must be True or False, not {value!r}")
            elif isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"LayoutParams.{field.name} must be a positive number, not {value!r}")
