"""Reading PDF objects: arrays read from their own syntax (objects.plain_array)."""

from __future__ import annotations

import pikepdf
import pytest

from pagetext.objects import plain_array


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
