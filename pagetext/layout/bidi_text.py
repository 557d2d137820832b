"""Lines with right-to-left text: words in visual order → words in logical order (UAX #9).

A page shows bidirectional text in visual order, and producers draw it in visual order,
logical order or a mix of both by runs. Assembly puts a line's glyphs in visual order by
position; the Unicode bidi algorithm (python-bidi, the unicode-bidi crate) run over that
visual string gives the logical string, as pdf.js does: right-to-left runs reversed, embedded
left-to-right words and digit runs kept forwards, brackets mirrored. The words are then
matched to the logical tokens, so each Word keeps its glyphs and their visual geometry.
"""

from __future__ import annotations

from collections.abc import Sequence

from pagetext.content.glyph import Glyph
from pagetext.geometry import Point
from pagetext.layout.inverse_bidi import logical_text
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Word, make_word
from pagetext.layout.scripts import BIDI_CONTROLS, bidi_class, has_rtl, mirrored
from pagetext.layout.visual_words import visual_words


def _strong(text: str) -> list[bool]:
    """The strong characters of the text in order (UAX #9 classes L, R, AL): True for R and AL."""
    result: list[bool] = []
    for char in text:
        kind = bidi_class(char)
        if kind == "L":
            result.append(False)
        elif kind in ("R", "AL"):
            result.append(True)
    return result


def rtl_page(glyphs: list[Glyph], searched: list[str]) -> bool | None:
    """Whether most strong characters of the page's `glyphs` are right-to-left; None when it
    has none. `searched`: those of their texts that may hold a right-to-left letter, all but
    the one-character texts below scripts.FIRST_RTL (most glyphs of most pages); the glyphs
    are read only when one of them does."""
    if not searched or not has_rtl("".join(searched)):
        return None
    strong = _strong("".join([glyph.text for glyph in glyphs]))
    return 2 * sum(strong) > len(strong)


def base_direction(visual: str, page_rtl: bool, params: LayoutParams) -> str:
    """The paragraph direction of a line given in visual order: "R" or "L".

    UAX #9 P2 takes the first strong character in logical order, which is the rightmost one
    of a right-to-left line and the leftmost of a left-to-right line. Both ends strong
    right-to-left: only a right-to-left base is consistent; both left-to-right: only a
    left-to-right one. Otherwise either could be, and the page's own direction decides unless
    the line's share of right-to-left letters says otherwise.
    """
    strong = _strong(visual)
    if not strong:
        return "R" if page_rtl else "L"
    if strong[0] == strong[-1]:
        return "R" if strong[0] else "L"
    share = sum(strong) / len(strong)
    needed = params.bidi_minority_share if page_rtl else 1 - params.bidi_minority_share
    return "R" if share >= needed else "L"


def _visual_text(group: Sequence[Glyph], normalized: bool) -> str:
    # A glyph's own text is in logical order (a lam-alef ligature is "لا"); in a visual
    # string a right-to-left glyph's characters run the other way. Directional formatting
    # characters are left out: their effect is already in where the glyphs stand.
    texts = [glyph.text if normalized else glyph.mapped_text for glyph in group]
    visual = "".join([text[::-1] if has_rtl(text) else text for text in texts])
    if BIDI_CONTROLS.isdisjoint(visual):  # nearly always: one pass in C
        return visual
    return "".join([char for char in visual if char not in BIDI_CONTROLS])


def _key(text: str) -> str:
    """The characters of a token, whatever order and mirroring the bidi algorithm gave them."""
    return "".join(sorted([char for char in text if not mirrored(char)]))


def logical_words(
    glyphs: list[Glyph], spaces: list[bool], direction: Point, page_rtl: bool, params: LayoutParams
) -> list[Word]:
    """The words of a line with right-to-left text, in logical order with logical text.

    `glyphs` are the line's glyphs in drawing order, `spaces[i]` whether assembly put a word
    space before glyph i; `direction` the line's.
    """
    visual = visual_words(glyphs, spaces, direction, params)
    texts = [_visual_text(group, params.normalize_text) for group in visual]
    line = " ".join(texts)
    base = base_direction(line, page_rtl, params)
    tokens = logical_text(line, base).split(" ")
    if len(tokens) != len(visual):  # a glyph text holding a space: keep the visual words
        ordered = visual[::-1] if base == "R" else visual
        return [
            make_word(group, logical_text(_visual_text(group, params.normalize_text), base))
            for group in ordered
        ]
    # Match each logical token to a visual word with the same characters: the nearest one to
    # the word matched before it (logical neighbours are visual neighbours), starting from
    # the end the base direction reads first.
    keys = [_key(text) for text in texts]
    unused = list(range(len(visual)))
    previous = len(visual) if base == "R" else -1
    words: list[Word] = []
    for token in tokens:
        key = _key(token)
        matching = [index for index in unused if keys[index] == key] or unused
        chosen = min(matching, key=lambda index: (abs(index - previous), index if base == "L" else -index))
        unused.remove(chosen)
        words.append(make_word(visual[chosen], token))
        previous = chosen
    return words
