"""Documents read cold and warm in one process (bench/cold.py): the table of medians and
ratios, a real run, the report section written and kept, and --switch's sweeper."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench.cold import SECTION, SWEEPER, Timed, cold_section, main, measure, report, switched
from bench.corpus import Case

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "sample.pdf"


def test_report_gives_medians_and_ratios_over_documents_every_library_read() -> None:
    reads = {
        "pagetext": {
            "a": Timed(0.002, [0.0008, 0.0009, 0.0007]),  # warm: the median, 0.0008
            "b": Timed(0.004, [0.0010]),
            "c": Timed(0.004, [0.004]),
        },
        "peer": {"a": Timed(0.002, [0.0016]), "b": Timed(0.002, [0.0010])},  # no "c": it failed
    }
    table = report(reads, ["pagetext", "peer"])
    assert table.startswith("Documents read by every library: 2 of 3.")
    # pagetext: cold 2000 and 4000 µs (median 3000), warm 800 and 1000 (900); cold ÷ warm
    # 2.5 and 4.0 (3.25).
    assert "| pagetext | 3000 | 900 | 3.25 | 1.00 | 1.00 |" in table
    # peer: cold 2000 µs both, warm 1600 and 1000; ÷ pagetext: cold 1.0 and 0.5, warm 2.0 and 1.0.
    assert "| peer | 2000 | 1300 | 1.62 | 0.75 | 1.50 |" in table


def test_a_real_run_reads_each_document_once_cold_then_warm() -> None:
    reads = measure([Case(SAMPLE)], ["pagetext"], warm_reads=2)
    timed = reads["pagetext"]["sample"]
    assert timed.cold > 0
    assert len(timed.warm) == 2 and all(seconds > 0 for seconds in timed.warm)
    assert "| pagetext |" in report(reads, ["pagetext"])


def test_a_document_the_library_cannot_read_is_left_out(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf at all")
    reads = measure([Case(junk), Case(SAMPLE)], ["pagetext"], warm_reads=1)
    assert list(reads["pagetext"]) == ["sample"]


def test_main_prints_the_table_and_writes_its_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "one.pdf").symlink_to(SAMPLE)
    written = tmp_path / "cold.md"
    written.write_text("# Report\n\n## Other\n\nkept\n", encoding="utf-8")
    main([str(tmp_path / "docs"), "--libraries", "pagetext", "--warm", "1", "--report", str(written)])
    printed = capsys.readouterr().out
    assert printed.startswith("Documents read by every library: 1 of 1.")
    report_text = written.read_text(encoding="utf-8")
    assert report_text.startswith("# Report\n\n## Other\n\nkept\n")
    how = "`python -m bench.cold docs/`, 1 documents, 1 warm read(s) a document and library"
    assert cold_section(report_text) == f"{SECTION}\n\nFrom {how}.\n\n{printed}"


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="--switch pins processes (Linux)")
def test_switch_runs_the_sweeper_only_in_the_pause_before_a_cold_read() -> None:
    allowed = os.sched_getaffinity(0)
    with switched() as before_cold:
        # Pinned to one processor, with a sweeper stopped (state T) but for the pause.
        assert os.sched_getaffinity(0) == {max(allowed)}
        sweeper = _sweeper_pid()
        assert os.sched_getaffinity(sweeper) == {max(allowed)}
        assert _state(sweeper) == "T"
        before = _cpu_ticks(sweeper)
        calls: list[float] = []
        reads = measure([Case(SAMPLE)], ["pagetext"], warm_reads=1, before_cold=lambda: calls.append(1.0))
        assert calls == [1.0] and "sample" in reads["pagetext"]
        before_cold()
        assert _state(sweeper) == "T"
        assert _cpu_ticks(sweeper) > before  # it ran in the pause
    assert os.sched_getaffinity(0) == allowed
    assert not Path(f"/proc/{sweeper}").exists() or _state(sweeper) in ("Z", "X")


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="--switch pins processes (Linux)")
def test_main_with_switch_says_so_in_the_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "one.pdf").symlink_to(SAMPLE)
    written = tmp_path / "cold.md"
    main(
        [
            str(tmp_path / "docs"),
            "--libraries",
            "pagetext",
            "--warm",
            "1",
            "--switch",
            "--report",
            str(written),
        ]
    )
    printed = capsys.readouterr().out
    how = (
        "`python -m bench.cold docs/ --switch`, 1 documents, 1 warm read(s) a document and library; "
        "before each cold read, a switch to a memory sweeper on the same processor"
    )
    assert cold_section(written.read_text(encoding="utf-8")) == f"{SECTION}\n\nFrom {how}.\n\n{printed}"


def _sweeper_pid() -> int:
    # This process's children (field 4 of their stat, the parent) that run the sweeper's code.
    children = [
        int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit() and _child(entry.name)
    ]
    sweepers = [pid for pid in children if SWEEPER.split("\n")[0] in _command(pid)]
    assert len(sweepers) == 1
    return sweepers[0]


def _child(pid: str) -> bool:
    try:
        return int(_stat_fields(int(pid))[1]) == os.getpid()  # the parent's pid
    except (OSError, IndexError, ValueError):  # gone meanwhile
        return False


def _command(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _stat_fields(pid: int) -> list[str]:
    # The fields after the command name (which may hold spaces), from the state on (proc(5)).
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _state(pid: int) -> str:
    return _stat_fields(pid)[0]


def _cpu_ticks(pid: int) -> int:
    fields = _stat_fields(pid)
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14 and 15 of the line)
