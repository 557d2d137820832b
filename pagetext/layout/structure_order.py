"""Structure order (a pre-order walk of the tree, ISO 32000-1 §14.7, §14.8.2.3) and whether
a page's tags can be trusted for it."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from pagetext.content.glyph import Glyph
from pagetext.layout.assembly import assemble
from pagetext.layout.params import LayoutParams
from pagetext.layout.records import Line
from pagetext.structure.tree import StructTree
from pagetext.structure.view import ContentItem, PageStructure, StructElement

# A tree is broken when the /ParentTree resolves more than this share of a page's MCIDs to
# nothing: a few stray ids happen in good files, a tenth means the tree was not kept up.
MAX_UNRESOLVED_SHARE: Final = 0.10
# The tags must cover at least this share of the page's visible, non-artifact glyphs: text
# left out of the tree (untagged content) would be appended at the end, out of its place.
MIN_COVERAGE: Final = 0.90
# Structure order may jump back up the page to the left (not to a next column) this many
# times beyond the column changes: a running head tagged last, a float or a side note ...
JUMP_ALLOWANCE: Final = 2
# ... or this share of the page's lines, whichever is more. Beyond it the tags were written
# in an order that is not the reading order (drawing order re-emitted as tags).
MAX_JUMP_SHARE: Final = 0.05


class StructureTrust:
    """Whether a page's structure order can be trusted (Page.structure_trust).

    ok: True when order="auto" reads the page in structure order; reasons: why not (or the
    notes of a sound tree); sound: the tree itself is whole (not suspect, not broken), even
    if its order is not used.
    """

    __slots__ = ("ok", "reasons", "sound")

    def __init__(self, ok: bool, reasons: list[str], sound: bool) -> None:
        self.ok = ok
        self.reasons = reasons
        self.sound = sound

    def __repr__(self) -> str:
        return f"StructureTrust(ok={self.ok}, reasons={self.reasons!r})"

    def __bool__(self) -> bool:
        return self.ok


def structure_sequence(structure: PageStructure) -> list[int]:
    """Glyph indices in a pre-order walk of the page's elements; within one marked-content
    sequence, in drawing order."""
    result: list[int] = []
    seen: set[int] = set()
    stack: list[StructElement | ContentItem] = list(reversed(structure.roots))
    while stack:
        item = stack.pop()
        if isinstance(item, ContentItem):
            for index in item.glyphs:
                if index not in seen:
                    seen.add(index)
                    result.append(index)
        else:
            stack.extend(
                reversed([kid for kid in item.kids if isinstance(kid, (StructElement, ContentItem))])
            )
    return result


def _counted(glyph: Glyph) -> bool:
    """A glyph that shows text: whitespace and glyphs an empty ActualText removed do not count."""
    text = glyph.original_text if glyph.original_text is not None else glyph.text
    return bool(text.strip()) and glyph.artifact is None


def backward_jumps(lines: Sequence[Line], cells: set[int], index_of: dict[int, int]) -> tuple[int, int]:
    """Jumps of a line order back up the page: (unexplained, column changes). A line that
    starts entirely above the previous one and to its right is a column change; above and not
    to the right, a backward jump. Jumps between lines of table cells do not count."""
    unexplained = columns = 0
    for prev, line in itertools.pairwise(lines):
        if line.bbox.y0 <= prev.bbox.y1:  # not entirely above
            continue
        if _in_cells(prev, cells, index_of) and _in_cells(line, cells, index_of):
            continue
        if line.bbox.x0 >= prev.bbox.x1 - 0.5 * line.font_size:
            columns += 1
        else:
            unexplained += 1
    return unexplained, columns


def _in_cells(line: Line, cells: set[int], index_of: dict[int, int]) -> bool:
    glyphs = line.glyphs
    return bool(glyphs) and index_of.get(id(glyphs[0]), -1) in cells


def trust(
    tree: StructTree | None,
    structure: PageStructure | None,
    tag_suspect: bool,
    glyphs: Sequence[Glyph],
    visible: Sequence[bool],
    lines: Sequence[Line],
) -> StructureTrust:
    """The per-page trust check of order="auto" (see the constants above).

    glyphs: the page's glyphs (forms included), visible: which of them are in the visible box,
    lines: the page's lines in structure order (for the backward-jump check).
    """
    if tree is None:
        return StructureTrust(False, ["no structure tree"], False)
    if structure is None or not structure.keys:
        return StructureTrust(False, ["no MCIDs on the page"], False)
    reasons: list[str] = []
    if tree.suspects:
        reasons.append("/MarkInfo /Suspects is true")
    if tag_suspect:
        reasons.append("TagSuspect content on the page")
    reasons.extend(f"broken tree: {reason}" for reason in tree.broken)
    share = structure.unresolved / len(structure.keys)
    if share > MAX_UNRESOLVED_SHARE:
        reasons.append(f"broken tree: the /ParentTree resolves {share:.0%} of the page's MCIDs to nothing")
    sound = not reasons
    counted = [i for i in range(len(glyphs)) if visible[i] and _counted(glyphs[i])]
    if counted:
        coverage = sum(1 for i in counted if i in structure.owned) / len(counted)
        if coverage < MIN_COVERAGE:
            reasons.append(f"the tags cover {coverage:.0%} of the visible text")
    index_of = {id(glyph): index for index, glyph in enumerate(glyphs)}
    unexplained, columns = backward_jumps(lines, structure.cell_glyphs, index_of)
    allowed = max(JUMP_ALLOWANCE + columns, MAX_JUMP_SHARE * len(lines))
    if unexplained > allowed:
        reasons.append(
            f"structure order jumps back up the page {unexplained} times ({columns} column changes)"
        )
    return StructureTrust(not reasons, reasons, sound)


def cells_in_tree_order(
    lines: list[Line], glyphs: Sequence[Glyph], structure: PageStructure, params: LayoutParams
) -> list[Line]:
    """Lines in reading order, with the lines made of table-cell glyphs (TD, TH) read in the
    tree's order instead, at the place of the first of them: a sound tree knows a table's
    cells better than geometry does (spanning cells, cells drawn out of order) even where its
    order as a whole is not trusted."""
    index_of = {id(glyph): index for index, glyph in enumerate(glyphs)}
    cells = structure.cell_glyphs
    first = -1
    covered: set[int] = set()
    rest: list[Line] = []
    for line in lines:
        indices = [index_of.get(id(glyph), -1) for glyph in line.glyphs]
        if indices and all(index in cells for index in indices):
            if first < 0:
                first = len(rest)
            covered.update(indices)
        else:
            rest.append(line)
    if first < 0:
        return lines
    table = [glyphs[index] for index in structure_sequence(structure) if index in covered]
    return [*rest[:first], *assemble(table, params), *rest[first:]]
