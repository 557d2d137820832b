"""Builds side by side over single passes (bench/passes.py) and the speed measure they share
with the bench (bench/speed.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.corpus import Case
from bench.interpreter import describe
from bench.passes import differing_texts, main, parse_builds, pass_ratios, summary_rows
from bench.speed import Speed, read_by_all, speed_stats

ROOT = Path(__file__).resolve().parent.parent


def _answers() -> dict[str, dict[str, dict[str, object]]]:
    return {
        "start": {"a": {"pages": ["x"], "seconds": 0.01}, "b": {"pages": ["y", "z"], "seconds": 0.04}},
        "end": {"a": {"pages": ["x"], "seconds": 0.005}, "b": {"pages": ["y", "z"], "seconds": 0.04}},
        "peer": {"a": {"pages": ["x", ""], "seconds": 0.01}, "b": {"error": "boom", "seconds": 0.1}},
    }


def test_speed_is_compared_on_the_documents_all_read_and_counts_the_first_builds_pages() -> None:
    cases = [Case(Path("a.pdf")), Case(Path("b.pdf"))]
    raw = _answers()
    common = read_by_all(["start", "end", "peer"], cases, raw)
    assert [case.name for case in common] == ["a"]
    stats = speed_stats(["start", "end", "peer"], common, raw, "start")
    # The peer read two pages of a, but a has one page as the counting build read it.
    assert stats["peer"] == Speed(median=100.0, total=100.0, pages=1, seconds=0.01)
    assert stats["end"].median == pytest.approx(200.0)
    both = speed_stats(["start"], cases, raw, None)["start"]
    assert both.pages == 3 and both.total == pytest.approx(60.0) and both.median == pytest.approx(75.0)


def test_ratios_of_each_build_over_the_peers_and_the_other_builds() -> None:
    stats = {
        "start": Speed(100.0, 50.0, 10, 0.2),
        "end": Speed(120.0, 40.0, 10, 0.25),
        "peer": Speed(110.0, 50.0, 10, 0.2),
    }
    # Paired: per document, the other's time over the build's; the median of those.
    seconds = {"start": [0.01, 0.02, 0.04], "end": [0.02, 0.01, 0.02], "peer": [0.01, 0.01, 0.01]}
    cases = [Case(Path(f"{name}.pdf")) for name in "abc"]
    raw = {
        label: {case.name: {"seconds": value} for case, value in zip(cases, values, strict=True)}
        for label, values in seconds.items()
    }
    ratios = pass_ratios(["start", "end"], ["peer"], stats, cases, raw)
    assert list(ratios) == [("start", "end"), ("start", "peer"), ("end", "start"), ("end", "peer")]
    assert ratios["end", "peer"] == pytest.approx((120 / 110, 0.8, 0.5))
    assert ratios["end", "start"] == pytest.approx((1.2, 0.8, 2.0))  # 0.5, 2, 2
    assert ratios["start", "end"] == pytest.approx((1 / 1.2, 1.25, 0.5))  # 2, 0.5, 0.5


def test_summary_gives_mean_and_range_over_the_passes() -> None:
    passes = [
        {("end", "peer"): (0.9, 1.0, 1.02)},
        {("end", "peer"): (1.0, 1.1, 1.04)},
        {("end", "peer"): (0.95, 0.9, 1.03)},
    ]
    assert (
        summary_rows(passes)[2]
        == "| end ÷ peer | 0.950 (0.90-1.00) | 1.000 (0.90-1.10) | 1.030 (1.02-1.04) |"
    )


def test_documents_read_differently_by_the_builds_are_named() -> None:
    raw = _answers()
    raw["end"]["b"] = {"pages": ["y", "Z"], "seconds": 0.04}
    cases = [Case(Path("a.pdf")), Case(Path("b.pdf"))]
    assert differing_texts(["start", "end"], cases, raw) == ["b"]
    assert differing_texts(["start"], cases, raw) == []


def test_builds_are_label_path_pairs_of_checkouts(tmp_path: Path) -> None:
    assert parse_builds([f"here={ROOT}"]) == {"here": ROOT}
    for wrong in (str(ROOT), f"={ROOT}", "here=", f"x={tmp_path}"):
        with pytest.raises(SystemExit):
            parse_builds([wrong])
    with pytest.raises(SystemExit, match="twice"):
        parse_builds([f"a={ROOT}", f"a={ROOT}"])


def test_one_pass_of_two_builds_reads_the_same_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(ROOT / "examples" / "sample.pdf", corpus / "sample.pdf")
    assert main([str(corpus), "--builds", f"a={ROOT}", f"b={ROOT}", "--peers", "", "--passes", "1"]) == 0
    out = capsys.readouterr().out
    interpreter, first_pass = out.splitlines()[:2]
    assert interpreter == describe()  # which Python ran the passes, first
    assert first_pass.startswith("pass 1 (median / total / paired): a ÷ b ")
    assert "differently" not in out
    assert "| b ÷ a | " in out


def test_a_corpus_named_relative_to_here_is_found_by_builds_elsewhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The builds' workers run in their checkouts (ROOT), not here (tmp_path).
    (tmp_path / "corpus").mkdir()
    shutil.copy(ROOT / "examples" / "sample.pdf", tmp_path / "corpus" / "sample.pdf")
    monkeypatch.chdir(tmp_path)
    assert main(["corpus", "--builds", f"a={ROOT}", f"b={ROOT}", "--peers", "", "--passes", "1"]) == 0
    out = capsys.readouterr().out
    assert "differently" not in out
    assert " 0.000 / 0.000 / 0.000" not in out
