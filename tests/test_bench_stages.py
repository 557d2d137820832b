"""bench.stages' report writing, which every bench command that keeps a section of
bench/REPORT.md goes through."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.stages import replace_section_in, report_section, write_report

REPORT = (
    "# pagetext benchmark\n\n## Speed\n\nfast\n\n## Where the time goes\n\nold table\n\n## Last\n\nkept\n"
)


def test_a_section_is_replaced_and_the_others_kept(tmp_path: Path) -> None:
    report = tmp_path / "REPORT.md"
    report.write_text(REPORT, "utf-8")
    replace_section_in(report, "## Where the time goes", "## Where the time goes\n\nnew table\n")
    text = report.read_text("utf-8")
    assert report_section(text, "## Where the time goes") == "## Where the time goes\n\nnew table\n"
    assert "old table" not in text
    assert report_section(text, "## Speed") == "## Speed\n\nfast\n"
    assert report_section(text, "## Last") == "## Last\n\nkept\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["REPORT.md"]  # no temporary left


def test_a_missing_report_is_made_with_the_section(tmp_path: Path) -> None:
    report = tmp_path / "REPORT.md"
    replace_section_in(report, "## Cold", "## Cold\n\ntable\n")
    assert report_section(report.read_text("utf-8"), "## Cold") == "## Cold\n\ntable\n"


class _CutShort(str):
    """A report text whose writing is interrupted (as by Ctrl-C) once the file is open."""

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        raise KeyboardInterrupt


def test_a_write_cut_short_leaves_the_report_as_it_was(tmp_path: Path) -> None:
    # The report is rewritten from its own text: cut short, a write in place would lose the
    # sections it was keeping.
    report = tmp_path / "REPORT.md"
    report.write_text(REPORT, "utf-8")
    with pytest.raises(KeyboardInterrupt):
        write_report(report, _CutShort("# pagetext benchmark\n"))
    assert report.read_text("utf-8") == REPORT
    assert sorted(path.name for path in tmp_path.iterdir()) == ["REPORT.md"]
