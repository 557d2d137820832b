"""Tables as atoms of the reading order (layout/table_rows.py), and what is no table: margin
notes beside a text column, lists set side by side; `explain --order` shows the decisions."""

from __future__ import annotations

import pytest

from pagetext.cli import main
from pagetext.layout import table_rows
from pagetext.layout.assembly import assemble
from pagetext.layout.spans import Span, split_line
from pagetext.layout.table_rows import table_blocks
from pagetext.page_content import DEFAULT_PARAMS
from tests.layout.test_reading_structured import _column_text, _lines, _paragraph_lines, _right, _text
from tests.pdfbuild import add_page, new_pdf, open_page, to_bytes


@pytest.mark.parametrize("length", [8, 40])
def test_margin_notes_beside_a_text_column_are_no_table(length: int) -> None:
    # A journal's running head in the margin ("ER", "29,2", the page number) shares three
    # baselines with the column's lines; the column reads on, the notes apart. A short
    # column is too short to be cut: the notes share too few of its baselines to make it a
    # table.
    # Paragraphs of four lines, the last one short.
    column = [
        line[:20].strip() if index % 4 == 3 else line
        for index, line in enumerate(_paragraph_lines("tx", length, 70))
    ]
    notes = [_text(40, 700, "ER"), _text(40, 688, "29,2"), _text(40, 700 - 12 * (length - 1), "164")]
    content = b"".join(_column_text(110, 700, column)) + b"".join(notes)
    lines = _lines(open_page(content).text())
    assert [line for line in lines if line not in ("ER", "29,2", "164")] == column


def _spans(content: bytes) -> list[Span]:
    page = open_page(content)
    lines = assemble(page.glyphs(forms=True, visible_only=True), DEFAULT_PARAMS)
    return [
        span
        for order, line in enumerate(lines)
        for span in split_line(line, order, (1.0, 0.0), False, DEFAULT_PARAMS)
    ]


def test_a_few_shared_baselines_among_many_make_no_table_block() -> None:
    # Notes on the first, second and eighth of eight lines: three shared rows of eight.
    notes = [_text(40, 700, "ER"), _text(40, 688, "29,2"), _text(40, 616, "164")]
    column = _column_text(110, 700, _paragraph_lines("tx", 8, 30))
    assert table_blocks(_spans(b"".join(notes + column)), 70, 105) == []
    # Notes beside three labels: three shared rows of three.
    labels = _column_text(110, 700, ["first label", "second label", "third label"])
    notes = [_text(40, 700, "ER"), _text(40, 688, "29,2"), _text(40, 676, "164")]
    (block,) = table_blocks(_spans(b"".join(notes + labels)), 70, 105)
    assert [" ".join(word.text for span in row for word in span.words) for row in block.rows] == [
        "ER first label",
        "29,2 second label",
        "164 third label",
    ]


def test_negative_amounts_are_no_list_markers() -> None:
    rows = [("Revenue", "1,200"), ("Costs", "-800"), ("Taxes", "-120"), ("Profit", "280")]
    labels = b"".join(_text(60, 600 - 14 * n, label) for n, (label, _) in enumerate(rows))
    amounts = b"".join(_right(400, 600 - 14 * n, value) for n, (_, value) in enumerate(rows))
    assert _lines(open_page(labels + amounts).text()) == [f"{label} {value}" for label, value in rows]


def test_a_table_of_wrapped_cells_drawn_cell_by_cell_keeps_each_cell_together() -> None:
    # Each row's cells hold two lines; the stream draws a cell's lines one after the other.
    # Read by baselines the cells would interleave ("to air to water"); the stream keeps them.
    cells = [("Emission", "to air", "kg/year"), ("Benzene", "12 (as", "BTEX)"), ("Toluene", "7 (as", "BTEX)")]
    content = b""
    for row, (name, first, second) in enumerate(cells):
        y = 700 - 30 * row
        content += _text(60, y, name) + _text(200, y, first) + _text(200, y - 11, second)
        content += _text(340, y, first.upper()) + _text(340, y - 11, second.upper())
    body = b"".join(_column_text(60, 560, _paragraph_lines("pp", 12, 80)))
    lines = _lines(open_page(content + body).text())
    assert lines[:6] == ["Emission to air", "kg/year", "TO AIR", "KG/YEAR", "Benzene 12 (as", "BTEX)"]


def test_explain_order_names_the_table_kept_whole(tmp_path, capsysbinary) -> None:  # type: ignore[no-untyped-def]
    pdf = new_pdf()
    labels = [f"Line item label {n}" for n in range(1, 9)]
    content = b"".join(_text(60, 700 - 14 * n, label) for n, label in enumerate(labels))
    content += b"".join(_right(500, 700 - 14 * n, f"{n * 100 + 100}.00") for n in range(8))
    add_page(pdf, content)
    path = tmp_path / "form.pdf"
    path.write_bytes(to_bytes(pdf))
    assert main(["explain", str(path), "--order"]) == 0
    out = capsysbinary.readouterr().out.decode()
    assert "table of 8 rows kept whole: 8 rows share baselines across the gap" in out
    assert "drawn by columns, read by rows" in out


def test_text_writes_out_no_table_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    # The evidence `explain --order` prints is formatted only when explaining: a table's
    # description alone cost more than the reading order of a short page.
    if not table_rows.__file__.endswith(".py"):
        pytest.skip("a compiled class's methods cannot be replaced")
    labels = [f"Line item label {n}" for n in range(1, 9)]
    content = b"".join(_text(60, 700 - 14 * n, label) for n, label in enumerate(labels))
    content += b"".join(_right(500, 700 - 14 * n, f"{n * 100 + 100}.00") for n in range(8))
    page = open_page(content)

    def described(block: table_rows.TableBlock) -> str:
        raise AssertionError("described without explain")

    monkeypatch.setattr(table_rows.TableBlock, "describe", described)
    assert _lines(page.text())[:2] == ["Line item label 1 100.00", "Line item label 2 200.00"]
    with pytest.raises(AssertionError, match="described without explain"):
        page.explain_order()


@pytest.mark.parametrize("explain", [True, False])
def test_explain_order_reports_a_column_cut(explain: bool) -> None:
    left, right = _paragraph_lines("le", 20, 46), _paragraph_lines("ri", 20, 46)
    page = open_page(b"".join(_column_text(50, 700, left) + _column_text(320, 700, right)))
    notes = page.explain_order()
    assert any(note.startswith("columns cut at the gutter x ") for note in notes)
    assert notes[-1].startswith("read from the layout")
    assert _lines(page.text()) == left + right  # explaining changes nothing


LISTS_IN_COLUMNS = {
    # A slide's boxes of bullets, their items on shared baselines: separate flows, the items
    # of different shapes.
    "bullets": ([f"- Apple {n}" for n in range(1, 6)], [f"- Pear plum {n}" for n in range(1, 6)]),
    # A character chart: symbol, name, code down one column and on down the next; entries of
    # one shape on both sides.
    "chart": (
        [f"* a{n} [x27{n:02d}]" for n in range(1, 16)],
        [f"+ a{n} [x27{n:02d}]" for n in range(16, 31)],
    ),
}


@pytest.mark.parametrize("kind", list(LISTS_IN_COLUMNS))
def test_lists_set_in_columns_are_no_table(kind: str) -> None:
    # Drawn a column at a time, their baselines shared: no table's columns to read by rows.
    left, right = LISTS_IN_COLUMNS[kind]
    content = b"".join(_text(60, 700 - 16 * i, entry) for i, entry in enumerate(left))
    content += b"".join(_text(330, 700 - 16 * i, entry) for i, entry in enumerate(right))
    assert _lines(open_page(content).text()) == left + right
