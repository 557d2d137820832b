"""bench.callgrind reads callgrind's format; bench.first_read picks the documents it profiles."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench import first_read
from bench.callgrind import dump_files, dumps, event_totals, object_split, pagetext_stages, parse
from bench.first_read import first_read_section, pick, render_cache, weighted_cycles

# Two objects; run_page calls load_font (40 instructions inside it) and a Python call from
# Page._lines (25); compressed names are defined once, "(id) name", and reused as "(id)".
DUMP = """\
version: 1
creator: callgrind-3.22.0
desc: Trigger: Client Request: read
positions: line
events: Ir
ob=(1) /venv/pagetext__mypyc.cpython-311-x86_64-linux-gnu.so
fl=(1) interpreter.c
fn=(1) CPyDef_interpreter___Interpreter___run_page
10 100
cfn=(2) CPyDef_loader___load_font
calls=1 20
12 40
fn=(2)
20 30
cob=(2) /usr/lib/libqpdf.so.30
cfn=(3) QPDF::resolve
calls=2 0
21 10
ob=(2)
fn=(3)
0 10
ob=(1)
fn=(4) CPyDef_page___Page____lines
30 5
cfn=(5) PyObject_Vectorcall
calls=1 0
31 25
cfn=(1)
calls=1 0
32 140
ob=(3) /usr/lib/libpython3.11.so.1.0
fn=(5)
+1 25
"""


def test_parse_splits_own_cost_from_call_arcs(tmp_path: Path) -> None:
    path = tmp_path / "run.out.4"
    path.write_text(DUMP)
    profile = parse(path)
    assert profile.total == 100 + 30 + 10 + 5 + 25
    assert profile.self_cost["CPyDef_loader___load_font"] == 30
    assert profile.inclusive("CPyDef_loader___load_font") == 40
    assert profile.inclusive("CPyDef_interpreter___Interpreter___run_page") == 140
    assert profile.inclusive("arc:page.Page._lines>PyObject_Vectorcall") == 25
    assert object_split(profile) == {"pagetext compiled": 135, "qpdf": 10, "CPython": 25}
    stages = pagetext_stages(profile)
    assert stages["interpretation (run_page)"] == 140
    assert stages["  fonts (load_font)"] == 40
    # Page._lines' own 5 and its call to a Python function lie outside every stage.
    assert stages["rest (outside the stages)"] == 5 + 25
    assert list(dumps(tmp_path / "run.out")) == ["read"]


def test_pick_takes_the_median_and_the_largest_by_glyphs() -> None:
    sizes = {f"d{n}.pdf": {"pages": 1, "glyphs": n * 10} for n in range(1, 8)}
    assert pick(sizes, 2) == [("median", "d4.pdf"), ("largest 1", "d7.pdf"), ("largest 2", "d6.pdf")]


def test_the_first_read_section_is_kept_whole_between_others() -> None:
    section = "## First read (issue 39 profile)\n\n| a |\n\n### doc\n\nx\n"
    report = f"# Report\n\n## Speed\n\nfast\n\n{section}\n## Later\n"
    assert first_read_section(report) == section
    assert first_read_section("# Report\n") == ""


# The read's dump of a run with --cache-sim=yes --branch-sim=yes: totals only.
CACHE_DUMP = """\
version: 1
creator: callgrind-3.19.0
desc: Trigger: Client Request: read
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
summary: 2000000 600000 400000 10000 20000 30000 100 200 300 300000 6000 50000 4000
"""


def test_the_cache_model_is_read_by_event_name_and_weighted(tmp_path: Path) -> None:
    (tmp_path / "pagetext.doc.cache.1").write_text("version: 1\ndesc: Trigger: Client Request: open\n")
    (tmp_path / "pagetext.doc.cache.2").write_text(CACHE_DUMP)
    read = dump_files(tmp_path / "pagetext.doc.cache")["read"]
    events = event_totals(read)
    assert (events["Ir"], events["D1mr"], events["D1mw"], events["I1mr"]) == (2000000, 20000, 30000, 10000)
    assert (events["Bcm"], events["Bim"]) == (6000, 4000)
    # An instruction a cycle, a first-level miss 10, a last-level miss 50, a mispredicted branch 15.
    assert weighted_cycles(events) == 2000000 + 10 * 60000 + 50 * 600 + 15 * 10000
    slower = {**events, "Ir": 4780000}
    rows = render_cache(
        {"doc": {"pagetext": events, "pypdfium2": slower}}, ["pagetext", "pypdfium2"]
    ).splitlines()
    assert rows[2] == (
        "| doc | pagetext | 2,000.0 k | 20.0 k | 30.0 k | 10.0 k | 6.0 k | 4.0 k | 0.1 k | 0.2 k | 0.3 k"
        " | 2.8 M | 1.00 |"
    )
    assert rows[3].endswith("| 5.6 M | 2.00 |")
    # A failed run is a row of dashes, not of zeros that would read as a measurement.
    failed = render_cache({"doc": {"pagetext": events}}, ["pagetext", "pymupdf"]).splitlines()[3]
    assert failed == "| doc | pymupdf |" + " - |" * 11


def test_a_read_after_others_runs_them_first_under_a_small_last_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    commands: list[list[str]] = []

    def run(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(first_read.subprocess, "run", run)
    first_read.run_cache("pagetext", "/d/doc.pdf", tmp_path / "out", "python", ("/d/a.pdf", "/d/b.pdf"))
    first_read.run_cache("pagetext", "/d/doc.pdf", tmp_path / "out", "python")
    after, fresh = commands
    assert f"--LL={first_read.COLD_LAST_LEVEL}" in after
    assert after[-4:] == ["pagetext", "/d/doc.pdf", "/d/a.pdf", "/d/b.pdf"]
    # A fresh process keeps callgrind's own model, and reads the document alone.
    assert not any(option.startswith("--LL") for option in fresh)
    assert fresh[-2:] == ["pagetext", "/d/doc.pdf"]
