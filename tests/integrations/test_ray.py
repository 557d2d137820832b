"""pagetext.ray.read_pdfs on a local Ray: every row as single-process extraction gives it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray.data")

import pagetext
import pagetext.ray
from pagetext.export.json import line_record
from tests.corpus import CORPUS
from tests.pdfbuild import add_page, new_pdf, to_bytes

FILES = [
    CORPUS / "real" / "pdfminer__simple1.pdf",
    CORPUS / "real" / "docling__skipped_1page.pdf",  # three pages, Korean
    CORPUS / "real" / "pdfjs__hello_world_rotated.pdf",
    CORPUS / "robustness" / "pdfminer__issue-1113-evil-xobjects.pdf",  # read, with a warning
    CORPUS / "robustness" / "pdfjs__Pages-tree-refs.pdf",  # a page tree rebuilt, with a warning
]


def single_process(path: Path, format: str = "text", lines: bool = False) -> list[dict[str, Any]]:  # noqa: A002
    """The rows read_pdfs promises, read here in one process with the public API."""
    with pagetext.open(path.read_bytes()) as doc:  # as Ray hands them over: warnings name no file
        rows = []
        for page in doc:
            text = page.text() if format == "text" else "".join(doc.export(format, str(page.number)))
            records = json.dumps([line_record(line) for line in page.lines()], ensure_ascii=False)
            rows.append(
                {
                    "path": str(path),
                    "page": page.number,
                    "text": text,
                    "lines": records if lines else None,
                    "warnings": list(page.warnings),
                    "error": None,
                }
            )
        return rows


def failed_row(path: Path, error: Exception) -> dict[str, Any]:
    return {"path": str(path), "page": None, "text": "", "lines": None, "warnings": [], "error": str(error)}


def _sorted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = [{**row, "warnings": list(row["warnings"])} for row in rows]  # Ray hands back arrays
    return sorted(rows, key=lambda row: (row["path"], row["page"] or 0))


def test_rows_equal_single_process_extraction(ray_cluster: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not a PDF body at all")
    rows = _sorted(pagetext.ray.read_pdfs([*map(str, FILES), str(broken)], lines=True).take_all())
    expected = [row for path in FILES for row in single_process(path, lines=True)]
    with pytest.raises(pagetext.PdfError) as raised:
        pagetext.open(broken.read_bytes())
    assert rows == _sorted([*expected, failed_row(broken, raised.value)])
    assert any(row["warnings"] for row in rows)  # the repaired file reports what it found


def test_other_formats_pages_and_a_dataset_as_input(ray_cluster: Any, tmp_path: Path) -> None:
    pdf = new_pdf()
    for word in (b"one", b"two", b"three"):
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (" + word + b") Tj ET")
    three = tmp_path / "three.pdf"
    three.write_bytes(to_bytes(pdf))
    files = ray_cluster.data.read_binary_files([str(three), str(FILES[0])], include_paths=True)
    rows = _sorted(pagetext.ray.read_pdfs(files, format="markdown", pages="2-3").take_all())
    markdown = [row for row in single_process(three, "markdown") if row["page"] in (2, 3)]
    assert [row["text"] for row in markdown] == ["<!-- page 2 -->\n\ntwo\n", "<!-- page 3 -->\n\nthree\n"]
    one_page = FILES[0]
    with pagetext.open(one_page) as doc, pytest.raises(pagetext.UsageError) as raised:
        doc.text(pages="2-3")
    assert rows == _sorted([*markdown, failed_row(one_page, raised.value)])


def test_bad_arguments_fail_before_the_job() -> None:
    with pytest.raises(pagetext.UsageError):
        pagetext.ray.read_pdfs([str(FILES[0])], format="docx")
    with pytest.raises(pagetext.UsageError):
        pagetext.ray.read_pdfs([str(FILES[0])], order="sideways")
