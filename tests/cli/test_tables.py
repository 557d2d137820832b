"""pagetext tables: the formats, -p, -o, --no-merge, usage errors; JSON valid against its schema.

The command runs in this process (run(argv)) with page.tables() stood in for by the test
finder of tests.tables.paged (the real finder is not on this branch).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from reportlab.pdfgen import canvas

from pagetext.cli import SUBCOMMANDS, main
from pagetext.export.tables import schema
from pagetext.page import Page
from tests.tables.paged import HEADER, body_row, build, stand_in_finder

ROOT = Path(__file__).resolve().parent.parent.parent
COUNTS = (20, 34, 3)


@pytest.fixture(autouse=True)
def finder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Page, "tables", stand_in_finder, raising=False)


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    return build(tmp_path / "three.pdf", COUNTS)


def tables(pdf: Path, tmp_path: Path, *args: str) -> str:
    out = tmp_path / "out"
    assert main(["tables", str(pdf), "-o", str(out), *args]) == 0
    return out.read_bytes().decode("utf-8")


def test_registered() -> None:
    assert SUBCOMMANDS["tables"] == "pagetext.cli.tables"


def test_csv_is_the_default(pdf: Path, tmp_path: Path) -> None:
    text = tables(pdf, tmp_path)
    assert list(csv.reader(io.StringIO(text, newline=""))) == [HEADER, *(body_row(n) for n in range(57))]


def test_no_merge_separates_tables_by_a_blank_line(pdf: Path, tmp_path: Path) -> None:
    text = tables(pdf, tmp_path, "--no-merge", "-p", "2-3")
    first, second = text.split("\r\n\r\n")
    assert first.startswith("Region,Date,Sales,Share\r\nRegion 20,")
    assert second.count("\r\n") == 4


def test_markdown(pdf: Path, tmp_path: Path) -> None:
    text = tables(pdf, tmp_path, "--format", "markdown", "-p", "3")
    assert text == (
        "Table 1 (page 3)\n\n"
        "| Region | Date | Sales | Share |\n| --- | --- | --- | --- |\n"
        + "".join("| " + " | ".join(body_row(n)) + " |\n" for n in range(54, 57))
    )


def test_html_is_one_document(pdf: Path, tmp_path: Path) -> None:
    text = tables(pdf, tmp_path, "--format", "html")
    assert text.startswith(
        '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>three.pdf</title>'
    )
    assert text.count("<table>") == 1 and "<h2>Table 1 (pages 1–3)</h2>" in text
    assert text.endswith("</table>\n</body>\n</html>\n")


def test_json_has_cells_spans_boxes_and_typed_values(pdf: Path, tmp_path: Path) -> None:
    document = json.loads(tables(pdf, tmp_path, "--format", "json"))
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.validate(document, schema())
    (table,) = document["tables"]
    assert (table["pages"], table["n_rows"], table["n_cols"], table["header_rows"]) == ([1, 2, 3], 58, 4, 1)
    assert len(table["merged_from"]) == 2
    cell = next(c for c in table["cells"] if (c["row"], c["col"]) == (57, 2))
    assert {k: cell[k] for k in ("row_span", "col_span", "page", "kind", "value", "currency")} == {
        "row_span": 1,
        "col_span": 1,
        "page": 3,
        "kind": "currency",
        "value": "56392.50",
        "currency": "€",
    }
    assert cell["bbox"][0] == 300.0 and cell["bbox"][2] == 400.0
    kinds = {c["kind"] for c in table["cells"]}
    assert kinds == {"text", "date", "currency", "percent"}


def test_no_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain.pdf"
    page = canvas.Canvas(str(plain))
    page.drawString(72, 700, "No table here.")
    page.save()
    document = json.loads(tables(plain, tmp_path, "--format", "json"))
    jsonschema.validate(document, schema())
    assert document == {"schema": "pagetext-tables/1", "tables": []}
    assert capsys.readouterr().err == "pagetext tables: no tables found on the pages read\n"


def test_output_written_atomically_leaves_no_temporary_file(pdf: Path, tmp_path: Path) -> None:
    tables(pdf, tmp_path, "--format", "json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "three.pdf"]
    # the output cannot be written: EXIT_IO
    assert main(["tables", str(pdf), "-o", str(tmp_path / "no-such-dir" / "out")]) == 4


def test_usage_errors(pdf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", str(pdf), "--format", "xml"]) == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err
    assert main(["tables", str(pdf), "-p", "9"]) == 2
    assert "page 9 is out of range" in capsys.readouterr().err
    assert main(["tables", str(pdf.with_name("missing.pdf"))]) == 1


def test_the_subcommand_through_python_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pagetext", "tables", "--help"], cwd=ROOT, capture_output=True, check=False
    )
    assert result.returncode == 0
    assert b"--format {csv,markdown,html,json}" in result.stdout
