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
        _line(85, (0, "Parastratiosphecomyioides"), (110, "Says"), (200, "Buzz")),
        _line(70, (0, "Fox"), (110, "Says"), (200, "Ring")),
        _line(55, (0, "Owl"), (110, "Says"), (200, "Hoot")),
    ]
    # Set narrower than the others: it ends 6 points (0.6 of its height) short of "Says".
    lines[1][0] = TextWord("Parastratiosphecomyioides", Box(0, 85, 104, 95), 85, False, HEIGHT)
    edges = _edges(lines)
    assert len(edges) == 2 and 104 < edges[0] < 110 and 130 < edges[1] < 200


def test_a_wider_number_of_a_right_aligned_column_makes_no_gutter() -> None:
    # Most amounts of the middle column are short; a few wide ones reach left into the space
    # the short ones leave: one column, not two.
    values = ["86,336", "5,000", "12,560", "14,898,243", "311,163", "2,173", "4,408,505", "725,315", "1,024"]
    lines = [
        _line(200 - 15 * k, (0, "State"), (100 - CHAR * len(value), value), (150, "73,980"))
        for k, value in enumerate(values)
    ]
    # A header over the gutter, ending where the wide amounts start and the short ones do not.
    lines.insert(0, [TextWord("Estimates", Box(10, 215, 62, 225), 215, False, HEIGHT)])
    edges = _edges(lines)
    assert len(edges) == 2 and 25 < edges[0] < 50


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


def test_a_label_set_in_towards_the_numbers_is_no_column_of_its_own() -> None:
    labels = ["Labour market", "Courses", "Other education"]
    lines = [_line(100 - 15 * k, (0, label), (200, "51 955"), (260, "52")) for k, label in enumerate(labels)]
    lines.append(_line(55, (120, "Total"), (200, "2 246"), (260, "66")))  # right-aligned under the labels
    edges = _edges(lines)
    assert len(edges) == 2 and 75 < edges[0] < 200
