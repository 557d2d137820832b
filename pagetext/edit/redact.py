"""True redaction: the covered glyphs' codes leave the file, everything else stays where it was.

For each page: the targets select glyphs (edit.select); the page's content and the forms it
draws are rewritten without their codes (edit.rewrite, edit.strings); annotations whose
appearance shows covered text are flattened into the page content (then edited like a form)
and removed from /Annots; a box is painted over each target when `fill` is set. Nothing is
written until every page is planned, so a refused redaction leaves no half-edited document.
The file is written whole by pikepdf (no incremental update keeps an old revision) to a
temporary file beside the output, then moved into place.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import pikepdf

from pagetext.content.glyph import FormUse, Quad
from pagetext.edit.annotations import flatten, remove_annotations
from pagetext.edit.images import image_edits
from pagetext.edit.rewrite import FormChain, rewrite_chain, with_xobjects
from pagetext.edit.select import PageSelection, Target, pattern_text, select
from pagetext.edit.source import EditPage, EditSource
from pagetext.edit.strings import Removals
from pagetext.edit.structure import strip_element_text
from pagetext.edit.tokens import Edit, LexedStream, apply_edits
from pagetext.errors import UnsupportedError, UsageError
from pagetext.pdf.atomic import atomic_path

IMAGE_MODES: Final = ("keep", "remove", "blank")
Fill = tuple[float, float, float]


@dataclass(slots=True)
class PageRedaction:
    """What was done on one page: glyphs removed, annotations flattened or removed, images
    removed or blanked, and what could only be covered (force=True)."""

    page_number: int
    glyphs_removed: int = 0
    annotations: int = 0
    images: int = 0
    covered_only: list[str] = field(default_factory=list)


@dataclass(slots=True)
class RedactionReport:
    pages: list[PageRedaction]

    @property
    def glyphs_removed(self) -> int:
        return sum(page.glyphs_removed for page in self.pages)


def _content_parts(page: Any) -> list[pikepdf.Stream]:
    """The page's content streams, in order, as the page's text was read from them."""
    contents = page.get("/Contents")
    parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
    return [part for part in parts if isinstance(part, pikepdf.Stream)]


def _fill_ops(quads: Sequence[Quad], fill: Fill) -> bytes:
    r, g, b = fill
    ops = [f"q {r:g} {g:g} {b:g} rg"]
    for quad in quads:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
        ops.append(f"{x0:.3f} {y0:.3f} m {x1:.3f} {y1:.3f} l {x2:.3f} {y2:.3f} l {x3:.3f} {y3:.3f} l h f")
    ops.append("Q")
    return "\n".join(ops).encode()


def _balance(stream: LexedStream) -> tuple[int, list[Edit]]:
    """How many q the content leaves open at its end, and edits that delete the Q it has with
    none open: a viewer ignores those (§8.4.2), but inside our own q they would end it."""
    depth = 0
    unmatched: list[Edit] = []
    for operation in stream.operations:
        if operation.operator == "q":
            depth += 1
        elif operation.operator == "Q":
            if depth:
                depth -= 1
            else:
                start, end = stream.span(operation.index)
                unmatched.append(Edit(start, end, b""))
    return depth, unmatched


def _split_edits(parts: list[bytes], edits: list[Edit]) -> list[list[Edit]] | None:
    """The joined content's edits per part (parts are joined by one newline, §7.8.2);
    None when an edit crosses from one part into the next."""
    per_part: list[list[Edit]] = [[] for _ in parts]
    starts = []
    offset = 0
    for data in parts:
        starts.append(offset)
        offset += len(data) + 1
    for edit in edits:
        k = max(i for i, start in enumerate(starts) if start <= edit.start)
        if edit.end > starts[k] + len(parts[k]):
            return None
        per_part[k].append(Edit(edit.start - starts[k], edit.end - starts[k], edit.data))
    return per_part


class PagePlan:
    """The edits of one page, computed before anything is changed."""

    def __init__(self, pdf: pikepdf.Pdf, page: Any, resources: Any, selection: PageSelection) -> None:
        self.pdf = pdf
        self.page = page
        self.selection = selection
        self.parts = _content_parts(page)
        self.datas = [part.read_bytes() for part in self.parts]
        by_root: dict[str, dict[tuple[FormUse, ...], Removals]] = {}
        for (root, uses), removals in selection.removals.items():
            by_root.setdefault(root, {})[uses] = removals
        self.chain = FormChain(b"\n".join(self.datas), resources)
        self.edits, self.added = rewrite_chain(pdf, self.chain, by_root.pop("", {}))
        self.flattened = flatten(pdf, page, by_root, self.added)
        self.resources = resources

    def apply(self, fill: Fill | None, images: str) -> int:
        selection = self.selection
        pdf = self.pdf
        edits = list(self.edits)
        images_done = 0
        if images != "keep":
            image_editing, images_done = image_edits(
                pdf, self.chain.streams[()], self.resources, selection.areas, images
            )
            edits.extend(image_editing.edits)
            self.added.update(image_editing.added)
        tail = self.flattened.content
        quads = [*(selection.fills if fill is not None else []), *selection.forced]
        if quads:
            tail += b"\n" + _fill_ops(quads, fill or (0.0, 0.0, 0.0))
        open_saves = 0
        if tail:
            open_saves, unmatched = _balance(self.chain.streams[()])
            edits.extend(unmatched)
        per_part = _split_edits(self.datas, edits)
        parts: list[Any]
        if per_part is None:
            parts = [pikepdf.Stream(pdf, apply_edits(b"\n".join(self.datas), edits))]
        else:
            parts = [
                pikepdf.Stream(pdf, apply_edits(data, part_edits)) if part_edits else part
                for part, data, part_edits in zip(self.parts, self.datas, per_part, strict=True)
            ]
        if tail:
            # Back to the page's initial graphics state: ours, and any q the content left open.
            closing = b"\nQ" * (1 + open_saves) + b"\n"
            parts = [pikepdf.Stream(pdf, b"q\n"), *parts, pikepdf.Stream(pdf, closing + tail + b"\n")]
        if parts != self.parts:
            parts = [p if p.is_indirect else pdf.make_indirect(p) for p in parts]
            single = len(parts) == 1 and isinstance(self.page.get("/Contents"), pikepdf.Stream)
            self.page["/Contents"] = parts[0] if single else pikepdf.Array(parts)
        if self.added:
            self.page["/Resources"] = with_xobjects(pdf, self.resources, self.added)
        remove_annotations(pdf, self.page, selection.annotations)
        return images_done


def _check_targets(count: int, targets: Sequence[Target]) -> None:
    for target in targets:
        number = target.page_number if not isinstance(target, tuple) else target[0]
        if not 1 <= number <= count:
            raise UsageError(f"target on page {number}: the document has {count} page(s)")


def redact(
    source: EditSource,
    targets: Iterable[Target],
    output: str | os.PathLike[str],
    fill: Fill | None = (0.0, 0.0, 0.0),
    images: str = "keep",
    scrub_metadata: bool = False,
    force: bool = False,
) -> RedactionReport:
    """Remove the text under the targets from the document and write it to `output`.

    images: "keep" leaves images under the targets as they are, "remove" takes away the
    images a target overlaps (drawn by the page's own content), "blank" paints the covered
    pixels black. force=True accepts what cannot be edited safely (Type3 glyphs, text used as a
    clip, text in patterns) by painting a box over it; its text stays in the file.
    The source's objects are edited: Document.redact passes a fresh twin of the file.
    """
    if images not in IMAGE_MODES:
        raise UsageError(f"unknown images mode {images!r}; use one of {', '.join(IMAGE_MODES)}")
    targets = list(targets)
    _check_targets(source.page_count, targets)
    pdf = source.pdf
    plans: list[tuple[PagePlan, PageRedaction]] = []
    marked: list[tuple[EditPage, set[tuple[int, tuple[int, int] | None]]]] = []
    refused: list[str] = []
    numbers = sorted({t.page_number if not isinstance(t, tuple) else t[0] for t in targets})
    for number in numbers:
        page = source.page(number)
        selection = select(number, page.glyphs, targets)
        resources = page.resources
        if pattern_text(resources):
            selection.refuse("the page paints text through a tiling pattern (not edited)", selection.fills)
        report = PageRedaction(number, selection.count, len(selection.annotations))
        report.covered_only = list(selection.refused)
        if selection.refused and not force:
            refused.extend(f"page {number}: {reason}" for reason in selection.refused)
            continue
        plans.append((PagePlan(pdf, page.dictionary, resources, selection), report))
        if selection.marked:
            marked.append((page, selection.marked))
    if refused:
        raise UnsupportedError(
            "these targets cannot be redacted safely (force=True paints a box over them, "
            "leaving their text in the file): " + "; ".join(refused)
        )
    for plan, report in plans:
        report.images = plan.apply(fill, images)
    for page, content in marked:
        tree = source.structure_tree(page.warn)
        if tree is not None:
            strip_element_text(tree, page, content)
    if scrub_metadata:
        _scrub_metadata(pdf)
    save_whole(pdf, output)
    return RedactionReport([report for _, report in plans])


def _scrub_metadata(pdf: pikepdf.Pdf) -> None:
    """Drop the document's metadata copies of its text: the info dictionary and XMP (§14.3)."""
    if "/Metadata" in pdf.Root:
        del pdf.Root["/Metadata"]
    if "/Info" in pdf.trailer:
        del pdf.trailer["/Info"]


def save_whole(pdf: pikepdf.Pdf, output: str | os.PathLike[str]) -> None:
    """Write the whole file through the atomic writer (pagetext.pdf.atomic)."""
    with atomic_path(output) as temporary:
        pdf.save(temporary, encryption=pdf.is_encrypted)
