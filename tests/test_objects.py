"""Reading PDF objects: arrays read from their own syntax (objects.plain_array)."""

from __future__ import annotations

import pikepdf
import pytest

from pagetext.objects import plain_array
from tests.corpus import CORPUS


@pytest.mark.parametrize("indirect", [False, True])
def test_plain_array_reads_numbers_and_nested_arrays(indirect: bool) -> None:
    pdf = pikepdf.new()
    array = pikepdf.Array([250, -333.5, pikepdf.Array([1, 2.25]), 0])
    if indirect:  # /Widths and /W are mostly indirect objects
        array = pdf.make_indirect(array)
    items = plain_array(array)
    assert items == [250, -333.5, [1, 2.25], 0]
    assert [type(item) for item in items or []] == [int, float, list, int]


def test_plain_array_leaves_references_to_the_slow_reading() -> None:
    pdf = pikepdf.new()
    array = pikepdf.Array([1, pdf.make_indirect(pikepdf.Array([500]))])
    assert plain_array(array) is None


def _metric_arrays(pdf: pikepdf.Pdf) -> list[pikepdf.Array]:
    """The /Widths, /W and /W2 arrays of every font in the file."""
    found = []
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font:
            for key in ("/Widths", "/W", "/W2"):
                value = obj.get(key)
                if isinstance(value, pikepdf.Array):
                    found.append(value)
    return found


def _floats(items: list[object] | pikepdf.Array) -> list[object]:
    nested = (list, pikepdf.Array)
    return [[float(v) for v in item] if isinstance(item, nested) else float(item) for item in items]


def test_plain_array_reads_the_fonts_of_real_files_as_pikepdf_does() -> None:
    # Every font metric array of the real/ corpus: what the lexer reads from the syntax is the
    # value pikepdf gives, item by item (ints and reals alike, nested /W arrays included).
    files = sorted((CORPUS / "real").glob("*.pdf"))
    assert files, "the shared corpus is missing"
    read = 0
    for path in files:
        try:
            pdf = pikepdf.open(path)
        except (pikepdf.PdfError, pikepdf.PasswordError):
            continue  # encrypted without a password, or damaged beyond qpdf's repair
        with pdf:
            for array in _metric_arrays(pdf):
                items = plain_array(array)
                if items is None:
                    continue  # references inside: read the slow way
                assert _floats(items) == _floats(array)
                read += 1
    assert read > 500  # the corpus has hundreds of fonts; nearly all arrays read fast
