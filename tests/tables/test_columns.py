"""Column gaps from evidence across rows (tables/columns.py), on words placed by hand."""

from __future__ import annotations

from pagetext.geometry import Box
from pagetext.tables.columns import column_gaps
from pagetext.tables.records import TextWord

HEIGHT = 10.0
CHAR = 5.0  # a character's width at this height


def _line(y: float, *placed: tuple[float, str]) -> list[TextWord]:
    """Words at x positions on the baseline y, each CHAR wide per character."""
    return [
        TextWord(text, Box(x, y, x + CHAR * len(text), y + HEIGHT), int(y), False, HEIGHT)
        for x, text in placed
    ]


def _edges(lines: list[list[TextWord]]) -> list[float]:
    return [round((a + b) / 2, 1) for a, b in column_gaps(lines)]


def test_a_long_word_in_one_row_does_not_merge_the_columns_the_others_part() -> None:
    lines = [
        _line(100, (0, "Cat"), (110, "Says"), (200, "Meow")),
        _line(85, (0, "Telecommunications"), (96, "Says"), (200, "Woof")),  # 6 points short
        _line(70, (0, "Fox"), (110, "Says"), (200, "Ring")),
        _line(55, (0, "Owl"), (110, "Says"), (200, "Hoot")),
    ]
    lines[1][1] = TextWord("Says", Box(96, 85, 116, 95), 85, False, HEIGHT)
    edges = _edges(lines)
    assert len(edges) == 2 and 90 < edges[0] < 96 and 130 < edges[1] < 200


def test_a_header_spanning_a_gutter_is_not_cut_at_its_word_space() -> None:
    lines = [
        _line(100, (0, "Groups"), (120, "Foreign"), (160, "turnover")),  # over the number column
        *(
            _line(100 - 15 * k, (0, name), (170, "62.7"))
            for k, name in enumerate(["Carrefour", "Auchan", "Cora"], 1)
        ),
    ]
    (edge,) = _edges(lines)
    assert 45 < edge < 120  # in the gutter left of the header, not between its words (155..160)


def test_numbers_a_narrow_gutter_apart_are_two_columns() -> None:
    # Amounts of one width, 6 points apart (0.6 of their height: less than a chunk gap).
    rows = [("1,234", "5,678", "12.50"), ("9,876", "4,321", "(0.5)"), ("1,005", "(120)", "100.0")]
    lines = [
        _line(100 - 15 * k, (-60, "Item"), *((31.0 * c, value) for c, value in enumerate(values)))
        for k, values in enumerate([*rows, ("7,700", "8,080", "99.90")])
    ]
    assert len(_edges(lines)) == 3


def test_words_of_phrases_that_happen_to_align_make_no_column() -> None:
    lines = [
        _line(100 - 15 * k, (0, "Total"), (30, word), (150, "12"))
        for k, word in enumerate(["revenue", "cost", "income", "assets"])
    ]
    assert len(_edges(lines)) == 1
