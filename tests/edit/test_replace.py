"""Replacement in the hit's own font: fits, scales within the limit, or is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import pagetext
from pagetext.errors import UnsupportedError
from tests.edit.checks import glyph_places, qpdf_check, unmatched
from tests.pdfbuild import add_page, new_pdf


def _write(tmp_path: Path, content: bytes) -> Path:
    pdf = new_pdf()
    add_page(pdf, content)
    path = tmp_path / "in.pdf"
    pdf.save(path)
    return path


def test_replacement_scaled_to_the_old_width(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td [(Dear Bob, h) -20 (ello)] TJ ET")
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        old = glyph_places(doc)
        doc.replace(doc.search("Bob,"), "Alice", out)
    with pagetext.open(out) as doc:
        assert doc[0].text() == "Dear Alice hello"
        new = glyph_places(doc)
        alice = doc[0].glyphs()[5:10]
        assert "".join(g.text for g in alice) == "Alice"
        # Five glyphs over the four old ones' 24 points: Tz 80.
        assert alice[0].baseline_start[0] == pytest.approx(102.0)
        assert alice[-1].baseline_end[0] == pytest.approx(126.0)
    moved, gone = unmatched(new[:5] + new[10:], old)
    assert not moved
    assert sorted(p[1] for p in gone) == [",", "B", "b", "o"]
    qpdf_check(out)


def test_narrower_replacement_keeps_the_gap(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (pay Bob now) Tj ET")
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        doc.replace(doc.search("Bob"), "Al", out)
    with pagetext.open(out) as doc:
        glyphs = doc[0].glyphs()
        assert "".join(g.text for g in glyphs) == "pay Al now"
        assert glyphs[-3].baseline_start[0] == pytest.approx(72 + 8 * 6)  # "now" where it was


def test_too_wide_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (pay Bob now) Tj ET")
    with pagetext.open(path) as doc, pytest.raises(UnsupportedError, match="75%"):
        doc.replace(doc.search("Bob"), "Alice", tmp_path / "out.pdf")
    assert not (tmp_path / "out.pdf").exists()


def test_missing_glyph_is_named(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (pay Bob now) Tj ET")
    with pagetext.open(path) as doc, pytest.raises(UnsupportedError, match="'é'"):
        doc.replace(doc.search("Bob"), "Bé", tmp_path / "out.pdf")
