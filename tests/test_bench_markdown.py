"""The Markdown benchmark's readers and scores (bench.markdown_metrics), on small strings."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("rapidfuzz")

from bench import markdown_metrics as mm
from bench.markdown import expected, score
from bench.markdown_docs import build_model

PARAGRAPH_A = "The first paragraph says one thing over two lines of text."
PARAGRAPH_B = "The second paragraph says another thing, also at some length."


def test_heading_at_a_wrong_level_counts_for_text_only() -> None:
    markdown = "# Title\n\n## 1 Introduction\n\nText.\n\n## Methods\n"
    want = [(1, "Title"), (2, "Introduction"), (3, "Methods")]
    found = mm.headings(markdown)
    assert found == [(1, "Title"), (2, "1 Introduction"), (2, "Methods")]
    assert mm.heading_counts(found, want) == (3, 2, 3, 3)


def test_heading_levels_compare_by_rank() -> None:
    # A tool that starts at ## and uses ### below is right on every level.
    found = mm.headings("## Title\n\n### Introduction\n")
    assert mm.heading_counts(found, [(1, "Title"), (2, "Introduction")]) == (2, 2, 2, 2)


def test_setext_and_wrapped_headings() -> None:
    # Consecutive headings of one level are one wrapped heading, unless the second is numbered.
    markdown = (
        "A Long Title\n============\n\nText.\n\n# First half\n\n# second half\n\n## 1 One\n\n## 2 Two\n"
    )
    assert mm.headings(markdown) == [
        (1, "A Long Title"),
        (1, "First half second half"),
        (2, "1 One"),
        (2, "2 Two"),
    ]


def test_split_paragraph_is_not_whole_and_merged_ones_are_over_merged() -> None:
    half = len(PARAGRAPH_A) // 2
    split = f"{PARAGRAPH_A[:half]}\n\n{PARAGRAPH_A[half:]}\n\n{PARAGRAPH_B}\n"
    assert mm.integrity_counts([PARAGRAPH_A, PARAGRAPH_B], mm.blocks(split)) == (1, 2, 0, 1)
    merged = f"{PARAGRAPH_A}\n{PARAGRAPH_B}\n"
    assert mm.integrity_counts([PARAGRAPH_A, PARAGRAPH_B], mm.blocks(merged)) == (2, 2, 1, 1)


def test_blocks_drop_markup_and_page_comments() -> None:
    markdown = (
        "**The** first [paragraph](https://x.org) says\n<!-- page 2 -->\none thing over two lines of text.\n"
    )
    assert mm.blocks(markdown) == [mm.squash(PARAGRAPH_A)]


def test_list_items_nested_with_their_continuation_lines() -> None:
    markdown = (
        "Intro.\n\n- a) first item\n  continued\n    - nested one\n    - nested two\n- second\n\nProse.\n"
    )
    assert mm.list_items(markdown) == [
        (0, "first item continued"),
        (1, "nested one"),
        (1, "nested two"),
        (0, "second"),
    ]


def test_prose_after_a_blank_line_ends_a_list() -> None:
    assert mm.list_items("1. one\n2) two\n\nNot an item.\n") == [(0, "one"), (0, "two")]


def test_pipe_table_and_html_colspan_read_to_the_same_grid() -> None:
    pipe = "| Sales | Sales | Note |\n|---|:---:|---|\n| 1 | 2 | ok |\n"
    html = (
        '<table><tr><th colspan="2">Sales</th><th>Note</th></tr>'
        "<tr><td>1</td><td>2</td><td>ok</td></tr></table>"
    )
    assert mm.tables(pipe) == mm.tables(html) == [[["Sales", "Sales", "Note"], ["1", "2", "ok"]]]
    cells, pairs = mm.cell_counts(mm.tables(html))
    assert sum(cells.values()) == 5  # the spanning cell once
    assert ("below", "sales|1") in pairs and ("below", "sales|2") in pairs
    assert ("right", "sales|note") in pairs


def test_scores_of_an_f1_with_nothing_to_find() -> None:
    assert mm.f1(0, 0, 0) is None
    assert mm.f1(1, 2, 2) == 0.5


def test_order_similarity_tolerates_furniture_lines() -> None:
    want = mm.words(PARAGRAPH_A)
    assert (
        mm.order_similarity(f"Running Head\n\n{PARAGRAPH_A}\n\nPage 2\n", want, ["Running Head", "Page 2"])
        == 1.0
    )
    assert mm.order_similarity(PARAGRAPH_B, want, []) < 0.6


def test_generated_models_are_deterministic_and_a_perfect_markdown_scores_one() -> None:
    model = build_model(3)
    assert json.dumps(model, sort_keys=True) == json.dumps(build_model(3), sort_keys=True)
    assert build_model(3) != build_model(4)
    want = expected(model)
    lines = [f"{'#' * level} {text}" for level, text in want["headings"]]
    lines += [*want["units"], *(f"- {item}" for item in want["items"])]
    for grid in want["grids"]:
        rows = ["| " + " | ".join(row) + " |" for row in grid]
        lines.append("\n".join([rows[0], "|---" * len(grid[0]) + "|", *rows[1:]]))
    result = score("\n\n".join(lines), model)
    assert result["heading"] == result["heading_text"] == 1.0
    assert result["integrity"] == 1.0
    assert result["list"] in (None, 1.0)
    assert result["cells"] in (None, 1.0)
