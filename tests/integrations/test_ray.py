"""pagetext.ray.read_pdfs on a local Ray: every row as single-process extraction gives it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest

pytest.importorskip("ray.data")
import pyarrow as pa
import pyarrow.parquet as pq

import pagetext
import pagetext.ray
from pagetext.export.json import line_record
from tests.corpus import CORPUS, needs_corpus
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
    return {"path": str(path), "page": 0, "text": "", "lines": None, "warnings": [], "error": str(error)}


def _sorted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = [{**row, "warnings": list(row["warnings"])} for row in rows]  # Ray hands back arrays
    return sorted(rows, key=lambda row: (row["path"], row["page"]))


@needs_corpus
def test_rows_equal_single_process_extraction(ray_cluster: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not a PDF body at all")
    rows = _sorted(pagetext.ray.read_pdfs([*map(str, FILES), str(broken)], lines=True).take_all())
    expected = [row for path in FILES for row in single_process(path, lines=True)]
    with pytest.raises(pagetext.PdfError) as raised:
        pagetext.open(broken.read_bytes())
    assert rows == _sorted([*expected, failed_row(broken, raised.value)])
    assert any(row["warnings"] for row in rows)  # the repaired file reports what it found


@needs_corpus
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


@needs_corpus
def test_one_schema_that_round_trips_through_parquet(ray_cluster: Any, tmp_path: Path) -> None:
    # A failed file and read pages land in different blocks: each block must still have the
    # declared types (no column typed null, page never null), or the files written do not
    # read back as one table.
    folder = tmp_path / "pdfs"
    folder.mkdir()
    (folder / "a_broken.pdf").write_bytes(b"%PDF-1.7\nthis is not a PDF body at all")
    shutil.copyfile(FILES[0], folder / "b_simple.pdf")
    shutil.copyfile(FILES[3], folder / "c_warned.pdf")
    dataset = pagetext.ray.read_pdfs(str(folder), override_num_blocks=3)
    assert dataset.schema().base_schema == pagetext.ray.SCHEMA
    dataset.write_parquet(str(tmp_path / "out"))
    table = pq.read_table(tmp_path / "out")
    assert table.schema.field("page").type == pa.int64()
    assert table.schema.field("warnings").type == pa.list_(pa.string())
    rows = sorted(table.to_pylist(), key=lambda row: (row["path"], row["page"]))
    assert [(Path(row["path"]).name, row["page"], row["error"] is None) for row in rows] == [
        ("a_broken.pdf", 0, False),
        ("b_simple.pdf", 1, True),
        ("c_warned.pdf", 1, True),
    ]
    assert rows[0]["text"] == "" and rows[0]["warnings"] == [] and rows[0]["error"]
    expected = [(row["text"], row["warnings"]) for row in single_process(FILES[0]) + single_process(FILES[3])]
    assert [(row["text"], row["warnings"]) for row in rows[1:]] == expected
    assert rows[2]["warnings"]


def test_passwords_are_tried_in_turn(ray_cluster: Any, tmp_path: Path) -> None:
    for name, password in (("first.pdf", "one"), ("second.pdf", "two"), ("third.pdf", "three")):
        pdf = new_pdf()
        add_page(pdf, b"BT /F1 10 Tf 100 700 Td (" + name.encode() + b") Tj ET")
        encryption = pikepdf.Encryption(owner="owner", user=password, R=6)
        (tmp_path / name).write_bytes(to_bytes(pdf, encryption=encryption))
    rows = _sorted(pagetext.ray.read_pdfs(str(tmp_path), passwords=["two", "one"]).take_all())
    assert [(Path(row["path"]).name, row["text"]) for row in rows] == [
        ("first.pdf", "first.pdf"),
        ("second.pdf", "second.pdf"),
        ("third.pdf", ""),
    ]
    message = f"{rows[2]['path']!r} is encrypted and none of the 2 password(s) given opens it"
    assert rows[2]["error"] == message
    with pytest.raises(pagetext.PasswordError):
        pagetext.open(tmp_path / "third.pdf")
    with pytest.raises(pagetext.UsageError):
        pagetext.ray.read_pdfs(str(tmp_path), passwords="two")
