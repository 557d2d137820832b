"""`pagetext FILE --hidden` and `pagetext hidden FILE`: the report in text and JSON (valid
against pagetext-hidden/1), -p, -o written atomically, exit 0 with or without hidden text,
one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from pagetext.cli import SUBCOMMANDS, main
from pagetext.export.hidden import schema
from tests.export.checks import json_validator
from tests.pdfbuild import HIDDEN_LINES, hidden_pdf, text_pdf

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "letter.pdf"
    path.write_bytes(hidden_pdf())
    return path


def run(*args: str, out: Path) -> str:
    assert main([*args, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def test_extract_hidden_drop_keep_and_flag(pdf: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run(str(pdf), "--hidden", "drop", out=out) == "Dear reader,\nKind regards.\fSecond page.\n"
    default = run(str(pdf), out=out)
    assert HIDDEN_LINES[0] in default
    assert run(str(pdf), "--hidden", "keep", out=out) == default
    assert run(str(pdf), "--hidden", "flag", out=out) == default  # text has no place for flags
    record = json.loads(run(str(pdf), "--format", "json", "--hidden", "flag", out=out))
    json_validator().validate(record)
    words = [w for b in record["pages"][0]["blocks"] for line in b["lines"] for w in line["words"]]
    assert [w["text"] for w in words if "hidden" in w] == HIDDEN_LINES[0].split()
    assert "Ignore" not in run(str(pdf), "--format", "markdown", "--hidden", "drop", out=out)


def test_extract_refuses_an_unknown_hidden(pdf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(pdf), "--hidden", "hide"]) == 2
    assert "invalid choice: 'hide'" in capsys.readouterr().err


def test_registered() -> None:
    assert SUBCOMMANDS["hidden"] == "pagetext.cli.hidden"


def test_report_as_text(pdf: Path, tmp_path: Path) -> None:
    lines = run("hidden", str(pdf), out=tmp_path / "report.txt").splitlines()
    assert lines == [
        f'p.1  [invisible-mode]  72,684,234,694  "{HIDDEN_LINES[0]}"',
        f'p.2  [invisible-mode]  72,684,172.5,694  "{HIDDEN_LINES[1]}"',
        "hidden: 2 spans on 2 of 2 pages (invisible-mode 2)",
    ]


def test_report_as_json_is_valid(pdf: Path, tmp_path: Path) -> None:
    document = json.loads(run("hidden", str(pdf), "--format", "json", "-p", "2", out=tmp_path / "r.json"))
    jsonschema.validate(document, schema())
    assert document["file"] == str(pdf) and document["pages"] == 1
    assert [(span["page"], span["text"]) for span in document["spans"]] == [(2, HIDDEN_LINES[1])]
    assert document["counts"]["invisible-mode"] == 1


def test_nothing_hidden_exits_zero(tmp_path: Path) -> None:
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(text_pdf([["all shown"], ["also shown"]]))
    assert run("hidden", str(plain), out=tmp_path / "r.txt") == "hidden: nothing on the 2 pages read\n"
    document = json.loads(run("hidden", str(plain), "--format", "json", out=tmp_path / "r.json"))
    assert document["spans"] == [] and sum(document["counts"].values()) == 0


def test_report_from_standard_input_to_standard_output(pdf: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pagetext", "hidden", "-", "--format", "json"],
        input=pdf.read_bytes(), capture_output=True, check=True, cwd=ROOT,
    )  # fmt: skip
    document = json.loads(result.stdout)
    assert document["file"] == "" and len(document["spans"]) == 2


def test_errors_are_one_line_and_leave_no_output(
    pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.txt"
    assert main(["hidden", str(pdf), "-p", "9", "-o", str(out)]) == 2
    assert capsys.readouterr().err == "pagetext hidden: page 9 is out of range: the document has 2 page(s)\n"
    assert not out.exists()
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"not a pdf at all")
    assert main(["hidden", str(broken), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pagetext hidden: ") and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()
    assert main(["hidden", str(pdf), "-o", str(pdf)]) == 2  # never over its own input
    assert main(["hidden", str(pdf), "--format", "csv"]) == 2


def test_help_lists_the_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["hidden", "--help"])
    text = capsys.readouterr().out
    for reason in ("invisible-mode", "clipped", "covered", "same-color", "transparent", "tiny", "off-page"):
        assert reason in text
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "hidden " in capsys.readouterr().out
