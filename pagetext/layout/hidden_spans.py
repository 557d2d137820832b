"""The text a viewer does not show, as spans for a report (Page.hidden_text)."""

from __future__ import annotations

from dataclasses import dataclass

from pagetext.content.glyph import Glyph
from pagetext.geometry import Box
from pagetext.layout.assembly import assemble
from pagetext.layout.params import LayoutParams
from pagetext.layout.reading import reading_order
from pagetext.layout.records import Word


@dataclass(frozen=True, slots=True)
class HiddenSpan:
    """Words on one line hidden for the same reasons: their text (joined by spaces), the box
    around them in user space, the reasons (pagetext.content.visibility.REASONS) and the page."""

    text: str
    bbox: Box
    reasons: tuple[str, ...]
    page: int

    def to_dict(self) -> dict[str, object]:
        box = self.bbox
        return {
            "page": self.page,
            "text": self.text,
            "bbox": [round(box.x0, 2), round(box.y0, 2), round(box.x1, 2), round(box.y1, 2)],
            "reasons": list(self.reasons),
        }


def hidden_spans(glyphs: list[Glyph], params: LayoutParams, page: int) -> list[HiddenSpan]:
    """Hidden glyphs (Glyph.hidden set) as lines in reading order, cut into spans where the
    reasons change from one word to the next."""
    spans: list[HiddenSpan] = []
    for line in reading_order(assemble(glyphs, params), params):
        run: list[Word] = []
        for word in line.words:
            if run and word.hidden != run[0].hidden:
                spans.append(_span(run, page))
                run = []
            run.append(word)
        if run:
            spans.append(_span(run, page))
    return spans


def _span(words: list[Word], page: int) -> HiddenSpan:
    box = Box(
        min(w.bounds[0] for w in words),
        min(w.bounds[1] for w in words),
        max(w.bounds[2] for w in words),
        max(w.bounds[3] for w in words),
    )
    return HiddenSpan(" ".join(w.text for w in words), box, words[0].hidden, page)
