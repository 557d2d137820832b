"""Page labels (ISO 32000-1 §12.4.2): what a viewer shows as each page's number."""

from __future__ import annotations

import pikepdf
from pikepdf import Array, Dictionary, Name, String

import pagetext
from tests.pdfbuild import add_page, new_pdf, to_bytes


def labelled(count: int, tree: Dictionary | None) -> list[str]:
    pdf = new_pdf()
    for _ in range(count):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (x) Tj ET")
    if tree is not None:
        pdf.Root.PageLabels = pdf.make_indirect(tree)
    with pagetext.open(to_bytes(pdf)) as doc:
        return doc.page_labels


def test_styles_prefixes_and_starts() -> None:
    nums = Array(
        [
            0, Dictionary(S=Name.r),
            3, Dictionary(S=Name.D, P=String("A-"), St=7),
            5, Dictionary(P=String("Cover")),
            6, Dictionary(S=Name.A, St=26),
            9, Dictionary(S=Name.R, St=1994),
        ]
    )  # fmt: skip
    assert labelled(10, Dictionary(Nums=nums)) == [
        "i", "ii", "iii", "A-7", "A-8", "Cover", "Z", "AA", "BB", "MCMXCIV",
    ]  # fmt: skip


def test_pages_without_a_range_are_numbered() -> None:
    assert labelled(3, None) == ["1", "2", "3"]
    assert labelled(3, Dictionary(Nums=Array([1, Dictionary(S=Name.a)]))) == ["1", "a", "b"]


def test_a_tree_of_kids_is_read_and_a_loop_ends() -> None:
    pdf = pikepdf.new()
    first = pdf.make_indirect(Dictionary(Nums=Array([0, Dictionary(S=Name.D, St=10)])))
    second = pdf.make_indirect(Dictionary(Nums=Array([2, Dictionary(S=Name.r)])))
    second.Kids = Array([second, first])  # a node that lists itself
    root = Dictionary(Kids=Array([first, second]))
    for _ in range(3):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (x) Tj ET")
    pdf.Root.PageLabels = pdf.make_indirect(root)
    with pagetext.open(to_bytes(pdf)) as doc:
        assert doc.page_labels == ["10", "11", "i"]


def test_numbers_past_a_style_are_decimal() -> None:
    # Roman numerals end at 3999; a hostile /St must not make labels millions of letters long.
    nums = Array([0, Dictionary(S=Name.R, St=3998), 3, Dictionary(S=Name.a, St=2_000_000_000)])
    tree = Dictionary(Nums=nums)
    assert labelled(4, tree) == ["MMMCMXCVIII", "MMMCMXCIX", "4000", "2000000000"]
