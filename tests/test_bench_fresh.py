"""A document read by a process started for it (bench/fresh.py): the sample of a folder, the
table of medians and ratios, and real fresh processes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.corpus import Case
from bench.fresh import SECTION, Fresh, fresh_section, main, report, run_fresh, sample

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "sample.pdf"


def test_sample_spreads_over_the_sorted_list() -> None:
    cases = [Case(Path(f"{n:02}.pdf")) for n in range(10)]
    assert [case.name for case in sample(cases, 3)] == ["00", "03", "06"]
    assert sample(cases, 0) == cases
    assert sample(cases, 12) == cases


def test_report_gives_medians_and_per_document_ratios_over_documents_all_read() -> None:
    results = {
        "pagetext": {
            "a": [Fresh(0.10, 0.010, 0.20), Fresh(0.12, 0.012, 0.24)],  # median 0.22 s
            "b": [Fresh(0.10, 0.020, 0.30), Fresh(0.10, 0.020, 0.30)],
            "c": [Fresh(0.10, 0.0, 0.30, "boom")] * 2,
        },
        "peer": {
            "a": [Fresh(0.02, 0.005, 0.11)] * 2,  # 0.5 × pagetext's 0.22
            "b": [Fresh(0.02, 0.005, 0.09)] * 2,  # 0.3 ×
            "c": [Fresh(0.02, 0.005, 0.10)] * 2,
        },
    }
    table = report(results, ["pagetext", "peer"])
    assert table.startswith("Documents read by every library in a fresh process: 2 of 3.")
    assert "| pagetext | 105.0 | 15.50 | 260.0 | 1.00 |" in table
    assert "| peer | 20.0 | 5.00 | 100.0 | 0.40 |" in table
    assert table.rstrip().endswith("Not read by every library: c.")


def test_a_fresh_process_imports_then_reads() -> None:
    fresh = run_fresh("pagetext", Case(SAMPLE))
    assert fresh.error == ""
    assert fresh.import_seconds > 0 and fresh.read_seconds > 0
    assert fresh.process_seconds > fresh.import_seconds + fresh.read_seconds


def test_a_file_the_library_cannot_read_is_an_error_not_a_crash(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf at all")
    fresh = run_fresh("pagetext", Case(junk))
    assert "DamagedPdfError" in fresh.error
    assert fresh.read_seconds > 0


def test_main_prints_the_table_and_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "one.pdf").write_bytes(SAMPLE.read_bytes())
    report_file = tmp_path / "fresh.md"
    monkeypatch.setattr(
        sys, "argv", ["bench.fresh", str(folder), "--libraries", "pagetext", "--report", str(report_file)]
    )
    report_file.write_text("# Report\n\n## Other\n\nkept\n", encoding="utf-8")
    main()
    printed = capsys.readouterr().out
    assert "fresh process: 1 of 1." in printed
    written = report_file.read_text(encoding="utf-8")
    assert written.startswith("# Report\n\n## Other\n\nkept\n")
    how = "`python -m bench.fresh docs/`, 1 documents, 1 process(es) a document and library"
    note = "(import and read timed in the process, the process by its parent)"
    assert fresh_section(written) == f"{SECTION}\n\nFrom {how} {note}.\n\n{printed}"
