"""What every redaction test asserts: the text is gone from the extracted text and from the
file's bytes, every other glyph is where it was, and the file is valid."""

from __future__ import annotations

import shutil
import subprocess
import zlib
from pathlib import Path

import pikepdf

import pagetext

POSITION_TOLERANCE = 0.01  # points


Place = tuple[int, str, float, float]  # page, text, origin x, y


def glyph_places(doc: pagetext.Document) -> list[Place]:
    """Every glyph with its own text (an /ActualText over it may be gone after redaction)."""
    return [
        (
            page.number,
            glyph.text if glyph.original_text is None else glyph.original_text,
            *glyph.baseline_start,
        )
        for page in doc
        for glyph in page.glyphs(forms=True, annotations=True)
    ]


def unmatched(after: list[Place], before: list[Place]) -> tuple[list[Place], list[Place]]:
    """Glyphs of `after` with no glyph of `before` at the same place (within the tolerance),
    and the glyphs of `before` left over."""
    left = list(before)
    extra = []
    for place in after:
        for i, old in enumerate(left):
            if (
                old[:2] == place[:2]
                and abs(old[2] - place[2]) <= POSITION_TOLERANCE
                and abs(old[3] - place[3]) <= POSITION_TOLERANCE
            ):
                del left[i]
                break
        else:
            extra.append(place)
    return extra, left


def stream_bytes(path: Path, password: str = "") -> bytes:
    """The decoded data of every stream in the file, joined."""
    with pikepdf.open(path, password=password) as pdf:
        parts = []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream):
                try:
                    parts.append(obj.read_bytes())
                except pikepdf.PdfError:
                    parts.append(zlib.decompress(obj.read_raw_bytes()))
        return b"\n".join(parts)


def qpdf_check(path: Path, password: str = "") -> None:
    """`qpdf --check` passes (pikepdf's own qpdf check where the qpdf tool is not installed)."""
    if shutil.which("qpdf"):
        args = ["qpdf", "--check", *([f"--password={password}"] if password else []), str(path)]
        result = subprocess.run(args, capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stdout + result.stderr
    else:
        with pikepdf.open(path, password=password) as pdf:
            assert pdf.check_pdf_syntax() == []


def assert_redacted(
    before: Path,
    after: Path,
    word: str,
    removed: int,
    raw: list[bytes],
    password: str = "",
) -> str:
    """The word is gone from the text and `raw` (its encoded forms) from the streams; exactly
    `removed` glyphs went and every other glyph stayed within POSITION_TOLERANCE. Returns the
    text after."""
    with pagetext.open(before, password=password or None) as doc:
        old = glyph_places(doc)
    with pagetext.open(after, password=password or None) as doc:
        new = glyph_places(doc)
        text = doc.text()
    assert word not in text
    data = stream_bytes(after, password)
    for encoded in raw:
        assert encoded not in data, encoded
    moved, gone = unmatched(new, old)
    assert not moved, f"glyphs moved or appeared: {moved[:5]}"
    assert len(gone) == removed, gone
    qpdf_check(after, password)
    return text
