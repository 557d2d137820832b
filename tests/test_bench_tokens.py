"""python -m bench.tokens on a one-case corpus built in code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.tokens import main
from tests.pdfbuild import text_pdf


def test_tokens_scores_glued_cells_and_lists_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The page shows the Guam cells glued; the expected text has them apart.
    (tmp_path / "row.pdf").write_bytes(text_pdf([["Guam 0100", "Iowa 8,785 267 4"]]))
    expected = {"source": "test", "text": "Guam 0 1 0 0\nIowa 8,785 267 4"}
    (tmp_path / "row.expect.json").write_text(json.dumps(expected), "utf-8")
    (tmp_path / "no_text.pdf").write_bytes(text_pdf([["12"]]))
    assert main([str(tmp_path), "--worst", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    name = tmp_path.name
    assert lines[0] == f"{name}/: 1 cases with text, 9 words, 7 number tokens"
    assert lines[1] == "  the most numbers: row, 100% of them"
    # Words: 5 common of 6 got and 9 wanted; numbers: 3 common of 4 got and 7 wanted.
    assert lines[3].split()[:4] == ["pagetext", f"{10 / 15:.3f}", f"{6 / 11:.3f}", "0"]
    assert lines[5:] == [
        "pagetext: the 1 cases with the lowest number F1 below 1",
        f"{6 / 11:.3f} row (7 expected)",
        "    missing: 0×3 1",
        "    extra:   0100",
    ]
