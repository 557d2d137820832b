"""Glyph records out of the cycle collector's lists (untrack.untrack_records).

The compiled build makes glyphs and runs untracked, and takes the glyph lists a page keeps
out of the collector's lists. That is sound only while no reference cycle can pass through
them: what a glyph refers to must never lead back to a glyph, a run, the page or a list
holding a glyph. That holds in both builds and is tested in both.
"""

from __future__ import annotations

import gc
import os
import tracemalloc
from typing import Any

import pytest

import pagetext
from pagetext.content import untrack as untrack_module
from pagetext.content.glyph import Glyph, GlyphRun
from tests.corpus import CORPUS, needs_corpus
from tests.pdfbuild import add_page, form, new_pdf, to_bytes

# Text in the page, in a form and in marked content with an MCID and an ActualText: every
# kind of object a run refers to (font, forms, marked content).
_CONTENT = (
    b"/P <</MCID 0>> BDC BT /F1 10 Tf 72 700 Td [(Hel) -20 (lo)] TJ ET EMC "
    b"/Span <</ActualText (fi)>> BDC BT /F1 10 Tf 72 680 Td (\\223) Tj ET EMC "
    b"/X1 Do"
)


def _pdf(lines: int = 1) -> bytes:
    pdf = new_pdf()
    line = b"BT /F1 10 Tf 72 %d Td (line %d of the page) Tj ET"
    body = b" ".join(line % (700 - i, i) for i in range(lines))
    add_page(
        pdf,
        _CONTENT + b" " + body,
        xobjects={"X1": form(pdf, b"BT /F1 9 Tf 72 600 Td (in a form) Tj ET")},
    )
    return to_bytes(pdf)


def _reachable(start: Any, limit: int = 50_000) -> list[Any]:
    """What `start` refers to, directly or not (modules and types left out)."""
    seen = {id(start)}
    found: list[Any] = []
    todo = [start]
    while todo and len(found) < limit:
        for referent in gc.get_referents(todo.pop()):
            if id(referent) in seen or isinstance(referent, type) or type(referent).__name__ == "module":
                continue
            seen.add(id(referent))
            found.append(referent)
            todo.append(referent)
    return found


def test_nothing_a_glyph_refers_to_leads_back_to_a_glyph_a_run_or_the_page() -> None:
    with pagetext.open(_pdf()) as doc:
        page = doc[0]
        glyphs = page.glyphs(forms=True)
        assert "".join(g.text for g in glyphs) == "Hellofiin a formline 0 of the page"
        assert any(g.original_text is not None for g in glyphs)  # the ActualText was applied
        for glyph in glyphs:
            reached = _reachable(glyph)
            assert reached.count(glyph.run) == 1
            assert not any(isinstance(obj, (Glyph, pagetext.Page)) for obj in reached)
            assert [obj for obj in reached if isinstance(obj, GlyphRun)] == [glyph.run]
            assert not any(isinstance(obj, list) and glyph in obj for obj in reached)


@pytest.mark.skipif(
    untrack_module._UNTRACK is None, reason="the compiled build untracks; plain Python cannot"
)
def test_the_compiled_build_untracks_the_glyphs_and_runs_a_page_keeps() -> None:
    with pagetext.open(_pdf()) as doc:
        page = doc[0]
        glyphs = page.glyphs(forms=True)
        assert glyphs
        assert not any(gc.is_tracked(g) or gc.is_tracked(g.run) for g in glyphs)
        assert page.text().startswith("Hello")


@pytest.mark.skipif(
    untrack_module._UNTRACK is None, reason="the compiled build untracks; plain Python cannot"
)
def test_the_compiled_build_makes_every_glyph_and_run_untracked() -> None:
    # Made so, not taken out afterwards: the glyphs assembly copies (letters of a word, the
    # glyphs of a line) are records of the same kind.
    from pagetext.content._native_untrack import untrack_at_birth

    with pagetext.open(_pdf(lines=3)) as doc:
        words = [word for line in doc[0].lines() for word in line.words]
    glyphs = [glyph for word in words for glyph in word.glyphs]
    assert len(glyphs) > 40
    assert not any(gc.is_tracked(g) or gc.is_tracked(g.run) for g in glyphs)
    with pytest.raises(TypeError):  # the allocator is replaced once, and only the generic one
        untrack_at_birth(Glyph)


@pytest.mark.skipif(
    untrack_module._UNTRACK is None, reason="the compiled build untracks; plain Python cannot"
)
def test_the_compiled_build_untracks_the_list_a_page_keeps_but_not_the_lists_it_hands_out() -> None:
    with pagetext.open(_pdf()) as doc:
        page = doc[0]
        handed_out = page.glyphs(forms=True)
        kept = page._content.glyphs(False)
        assert not gc.is_tracked(kept)
        assert [g.text for g in kept] == [g.text for g in handed_out]
        # The caller's lists are ordinary ones: what the caller puts in them may refer back.
        assert gc.is_tracked(handed_out)
        assert gc.is_tracked(page.glyphs())
        assert gc.is_tracked(page.glyphs(forms=True, annotations=True, visible_only=True))


def test_the_compiled_build_has_untrack() -> None:
    if os.environ.get("PAGETEXT_COMPILE") == "1":
        assert untrack_module._UNTRACK is not None


def test_the_glyphs_of_a_dropped_page_are_freed() -> None:
    # Untracked, they are freed by reference counting alone, as soon as the page goes.
    data = _pdf(lines=500)
    gc.collect()
    tracemalloc.start()
    try:
        with pagetext.open(data) as doc:
            page = doc[0]
            assert len(page.glyphs()) > 8000
            kept = tracemalloc.get_traced_memory()[0]
            del page
            after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept - after > 8000 * 100  # at least 100 bytes a glyph came back


@needs_corpus
@pytest.mark.parametrize(
    "name",
    [
        "pdfplumber__mcid_example",  # tagged: MCIDs, structure elements
        "pdfjs__structure_simple",
        "pdfminer__AcroForm_TEST",  # form fields: annotation glyphs, made-up appearances
        "pdfjs__annotation-choice-widget",
    ],
)
def test_real_pages_hold_no_cycle_through_their_glyphs(name: str) -> None:
    # The same check on real files, a sample of each page's glyphs (page, forms, annotations).
    with pagetext.open(CORPUS / "real" / f"{name}.pdf") as doc:
        for page in doc:
            glyphs = page.glyphs(forms=True, annotations=True)
            for glyph in glyphs[:: max(1, len(glyphs) // 20)]:
                reached = _reachable(glyph)
                assert not any(isinstance(obj, (Glyph, pagetext.Page)) for obj in reached), name
                assert [obj for obj in reached if isinstance(obj, GlyphRun)] == [glyph.run], name
            if untrack_module._UNTRACK is not None:
                assert not any(gc.is_tracked(g) or gc.is_tracked(g.run) for g in glyphs), name


def _leads_back(start: Any) -> bool:
    """Whether what `start` refers to leads back to it (a reference cycle through it)."""
    seen: set[int] = set()
    todo = list(gc.get_referents(start))
    while todo:
        obj = todo.pop()
        if obj is start:
            return True
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return False


def test_decoded_codes_and_marked_sequences_are_in_no_reference_cycle() -> None:
    # The compiled build makes both untracked from birth (they live as long as their
    # document): sound only while nothing they refer to leads back to them.
    with pagetext.open(_pdf()) as doc:
        glyphs = doc[0].glyphs(forms=True)
        sequences = {id(g.marked): g.marked for g in glyphs if g.marked is not None}
        decoded = glyphs[0].run.font.decode(b"Hello")
        assert len(sequences) == 2 and len(decoded) == 5
        for record in [*sequences.values(), *decoded]:
            assert not _leads_back(record)
            if untrack_module._UNTRACK is not None:
                assert not gc.is_tracked(record)
