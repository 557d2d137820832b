"""Reading order on structured pages of the real corpus (issue 34): rows of forms, contents
and tables read whole, where the XY-cut once cut them into columns."""

from __future__ import annotations

import pagetext
from tests.corpus import CORPUS, needs_corpus


def _lines(name: str, page: int) -> list[str]:
    with pagetext.open(CORPUS / "real" / f"{name}.pdf") as document:
        return document[page - 1].text().split("\n")


@needs_corpus
def test_a_tax_forms_lines_keep_their_box_numbers() -> None:
    # Form 1040NR 2007, page 1: each line's label, then the number of its amount box.
    lines = _lines("pdfminer__f1040nr", 1)
    assert "24 Educator expenses (see page 15) 24" in lines
    assert "30 Scholarship and fellowship grants excluded 30" in lines
    assert "34 Add lines 24 through 33 34" in lines


@needs_corpus
def test_a_table_of_contents_keeps_each_entry_with_its_page() -> None:
    # WHO guidelines, page iii: titles left, page numbers right-aligned far to the right.
    lines = _lines("pymupdf__test-3820", 4)
    assert lines[lines.index("CONTENTS") + 1 : lines.index("CONTENTS") + 4] == [
        "ACKNOWLEDGEMENTS vi",
        "ABBREVIATIONS x",
        "GLOSSARY xii",
    ]
    assert "3.6 Formulation of recommendations 14" in lines


@needs_corpus
def test_a_two_column_table_in_a_paper_reads_by_rows() -> None:
    # A primer table (gene, sequence) drawn a column at a time.
    assert "HPRT ATGCTGAGGATTTGGAAAGG" in _lines("pymupdf__test_2548", 3)


@needs_corpus
def test_explain_order_names_the_tables_of_a_real_form() -> None:
    with pagetext.open(CORPUS / "real" / "pdfminer__f1040nr.pdf") as document:
        notes = document[1].explain_order()
    assert any("rows kept whole" in note and "read by rows" in note for note in notes)
    assert notes[-2] == "read from the layout: the leaves above, top to bottom, each row left to right"
