"""Ruling lines from painted paths: visibility, thin fills, merging, the table frame."""

from __future__ import annotations

from pagetext.content.paths import PathRecord
from pagetext.geometry import Box
from pagetext.tables.rules import Frame, Rule, merge_rules, page_rules, slanted_marks

PAGE = Box(0, 0, 600, 800)
UPRIGHT = Frame((1.0, 0.0))
BLACK = (0.0, 0.0, 0.0)
WHITE = (1.0, 1.0, 1.0)


def _stroke(
    segments: list[tuple[float, float, float, float]], color: tuple[float, float, float] = BLACK
) -> PathRecord:
    return PathRecord(segments, [], True, False, 0.5, color, BLACK)


def _fill(rects: list[Box], color: tuple[float, float, float] | None = BLACK) -> PathRecord:
    return PathRecord([], rects, False, True, 1.0, BLACK, color)


def test_horizontal_and_vertical_strokes_are_rules_slanted_ones_are_not() -> None:
    rules = page_rules([_stroke([(10, 100, 200, 100), (50, 20, 50, 300), (0, 0, 100, 100)])], PAGE, UPRIGHT)
    assert rules == [Rule(True, 100, 10, 200), Rule(False, 50, 20, 300)]


def test_white_strokes_and_zero_area_fills_are_invisible() -> None:
    paths = [_stroke([(10, 100, 200, 100)], WHITE), _fill([Box(10, 50, 200, 50)])]
    assert page_rules(paths, PAGE, UPRIGHT) == []


def test_unknown_colour_space_counts_as_visible() -> None:
    assert page_rules([_fill([Box(10, 50, 200, 51)], None)], PAGE, UPRIGHT) == [Rule(True, 50.5, 10, 200)]


def test_thin_filled_rectangle_is_one_rule_and_a_cell_fill_gives_soft_edges() -> None:
    (thin,) = page_rules([_fill([Box(10, 99, 200, 100)])], PAGE, UPRIGHT)
    assert thin == Rule(True, 99.5, 10, 200)
    edges = page_rules([_fill([Box(10, 100, 200, 120)])], PAGE, UPRIGHT)
    assert len(edges) == 4 and all(rule.soft for rule in edges)


def test_rules_are_clipped_to_the_visible_box() -> None:
    rules = page_rules([_stroke([(-50, 100, 100, 100), (10, 900, 200, 900)])], PAGE, UPRIGHT)
    assert rules == [Rule(True, 100, 0, 100)]


def test_collinear_pieces_merge_and_double_strokes_snap() -> None:
    pieces = [Rule(True, 100, 10, 50), Rule(True, 100.5, 51, 90), Rule(True, 100, 120, 150)]
    position = (100 + 100.5 + 100) / 3
    assert merge_rules(pieces) == [Rule(True, position, 10, 90), Rule(True, position, 120, 150)]


def test_frame_turns_a_rotated_table_upright() -> None:
    frame = Frame((0.0, 1.0))  # text running up the page
    (rule,) = page_rules([_stroke([(100, 10, 100, 200)])], PAGE, frame)
    assert rule.horizontal  # a vertical stroke under upward text is a row rule
    assert frame.to_user(frame.box(Box(1, 2, 3, 4))) == Box(1, 2, 3, 4)


def test_slanted_marks_from_fill_outlines() -> None:
    path = PathRecord([(0, 0, 10, 10), (10, 10, 20, 0), (20, 0, 0, 0)], [], False, True, 1, BLACK, BLACK)
    assert slanted_marks([path], UPRIGHT) == [(5.0, 5.0), (15.0, 5.0)]


BLUE = (0.8, 0.9, 0.95)
GREY = (0.85, 0.85, 0.85)


def _soft(rules: list[Rule]) -> list[tuple[bool, float, float, float]]:
    return sorted(
        (r.horizontal, round(r.position, 1), round(r.start, 1), round(r.end, 1)) for r in rules if r.soft
    )


def test_a_fill_painted_in_pieces_shows_one_area() -> None:
    # One cell's background in three abutting pieces (padding, body, the lower strip): the
    # seams between them are no edges, only the outline of the whole.
    pieces = [Box(10, 110, 15, 130), Box(15, 110, 200, 130), Box(10, 100, 200, 110)]
    assert _soft(page_rules([_fill(pieces, BLUE)], PAGE, UPRIGHT)) == [
        (False, 10, 100, 130),
        (False, 200, 100, 130),
        (True, 100, 10, 200),
        (True, 130, 10, 200),
    ]


def test_fills_of_two_colours_meeting_show_their_edge() -> None:
    paths = [_fill([Box(10, 100, 200, 120)], BLUE), _fill([Box(10, 120, 200, 140)], GREY)]
    horizontal = [r for r in _soft(page_rules(paths, PAGE, UPRIGHT)) if r[0]]
    assert horizontal == [(True, 100, 10, 200), (True, 120, 10, 200), (True, 140, 10, 200)]


def test_white_lines_drawn_over_a_fill_part_it_into_cells() -> None:
    # A grid drawn in white over one coloured fill: invisible on the page, visible on the fill.
    grid = _stroke([(100, 100, 100, 140), (10, 120, 200, 120), (100, 300, 100, 340)], WHITE)
    soft = _soft(page_rules([_fill([Box(10, 100, 200, 140)], BLUE), grid], PAGE, UPRIGHT))
    assert (False, 100, 100, 140) in soft and (True, 120, 10, 200) in soft
    assert all(not (r[0] is False and r[1] == 100 and r[2] >= 300) for r in soft)  # off the fill: unseen
