"""The word-gap model on the corpus files whose numbers and code it once glued or split.

These files have no expected text of their own; the lines below were read off the rendered
pages (pdftoppm), cell by cell.
"""

from __future__ import annotations

import pytest

import pagetext
from tests.corpus import CORPUS, needs_corpus

pytestmark = needs_corpus

NICS_ROWS = [
    "Guam 0 100 55 12 3 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 171",
    "Hawaii 1,248 0 0 0 0 0 0 0 0 0 0 0 1 3 0 0 0 0 0 0 0 1,252",
    "Iowa 8,785 267 4,596 27 4 37 0 1 0 0 71 0 4 2 0 0 0 0 0 0 0 13,794",
    "New Jersey 0 3,462 4,704 147 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 8,313",
    "Oregon 35 13,586 11,832 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 25,453",
    "Vermont 0 1,189 1,826 49 70 0 0 1 0 0 1 0 0 0 0 0 0 0 0 0 0 3,136",
]


@pytest.mark.parametrize("name", ["nics-background-checks-2015-11", "nics-background-checks-2015-11-rotated"])
def test_rows_of_single_digit_cells_keep_every_number(name: str) -> None:
    with pagetext.open(CORPUS / "real" / f"pdfplumber__{name}.pdf") as doc:
        lines = doc[0].text().splitlines()
    for row in NICS_ROWS:
        assert row in lines


def test_code_placed_token_by_token_in_a_monospaced_font() -> None:
    with pagetext.open(CORPUS / "real" / "pdfjs__tracemonkey.pdf") as doc:
        lines = doc[1].text().splitlines()
    assert "4 for (var k = i + i; i < 100; k += i)" in lines


@pytest.mark.parametrize(
    ("folder", "name", "page", "line"),
    [
        ("generated", "ps2pdf_ashow_kshow", 0, "run it."),  # ashow: every glyph tracked alike
        ("generated", "groff_ms_grops_twocol", 1, "- 2 -"),  # spaces Ghostscript wrote as Tc
        ("generated", "groff_ms_grops_twocol", 0, "A Study of Contributor Obligations"),
        ("real", "pymupdf__test_2904", 5, "FELINE FOCUS"),  # two sizes, each tracked alike
        (
            "real",
            "pymupdf__test_4751",
            1,
            "4.1 Post-training Data . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 6",
        ),
    ],
)
def test_letter_spacing_is_told_from_its_neighbourhood(folder: str, name: str, page: int, line: str) -> None:
    with pagetext.open(CORPUS / folder / f"{name}.pdf") as doc:
        assert line in doc[page].text().splitlines()
