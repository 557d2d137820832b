"""The content-stream lexer: every token kind, inline images, damage, token indices."""

from __future__ import annotations

import random
import struct
import zlib

import pytest

from pagetext.syntax.lexer import iter_operations, object_values, read_operations
from pagetext.syntax.literals import Reference


def ops(data: bytes) -> tuple[list[tuple[str, list[object], int]], list[str]]:
    warnings: list[str] = []
    return list(iter_operations(data, warnings.append)), warnings


def operands(data: bytes) -> list[object]:
    result, warnings = ops(data + b" X")
    assert warnings == []
    assert [op for op, _, _ in result] == ["X"]
    return result[0][1]


@pytest.mark.parametrize(
    ("source", "value"),
    [
        (b"12", 12),
        (b"-7", -7),
        (b"+3", 3),
        (b".5", 0.5),
        (b"-.5", -0.5),
        (b"4.", 4.0),
        (b"-0.002", -0.002),
        (b"0", 0),
    ],
)
def test_numbers(source: bytes, value: float) -> None:
    [result] = operands(source)
    assert result == value
    assert type(result) is type(value)


def test_names_decode_hex_escapes() -> None:
    assert operands(b"/F1 /A#20B /#2Fslash /") == ["F1", "A B", "/slash", ""]


def test_literal_string_nesting_and_escapes() -> None:
    data = rb"(a(b)c) (x\)y) (\n\r\t\b\f\\\(\)) (\101\0612\7) (\q)"
    assert operands(data) == [b"a(b)c", b"x)y", b"\n\r\t\b\f\\()", b"A12\x07", b"q"]


def test_literal_string_line_continuation_and_eol() -> None:
    assert operands(b"(ab\\\ncd) (ab\\\r\ncd) (l1\r\nl2\rl3)") == [b"abcd", b"abcd", b"l1\nl2\nl3"]


def test_octal_overflow_keeps_low_byte() -> None:
    assert operands(rb"(\777)") == [b"\xff"]


def test_hex_strings() -> None:
    assert operands(b"<48 65\n6C6c6F> <414> <>") == [b"Hello", b"A@", b""]


def test_hex_string_junk_is_dropped_with_warning() -> None:
    result, warnings = ops(b"<41zz42> Tj")
    assert result[0][1] == [b"AB"]
    assert warnings


def test_arrays_dicts_booleans_null_comments() -> None:
    data = b"[1 (a) [/N] << /K true /L null >>] % a comment ( ) [\n<< /A [false] >>"
    assert operands(data) == [[1, b"a", ["N"], {"K": True, "L": None}], {"A": [False]}]


def test_operators_and_token_indices() -> None:
    result, warnings = ops(b"BT /F1 12 Tf [(a) -20 (b)] TJ (c) Tj ET")
    assert warnings == []
    assert result == [
        ("BT", [], 0),
        ("Tf", ["F1", 12], 3),
        ("TJ", [[b"a", -20, b"b"]], 9),
        ("Tj", [b"c"], 11),
        ("ET", [], 12),
    ]


def test_numbers_strings_and_arrays_with_and_without_white_space_between() -> None:
    result, warnings = ops(b"1 0 0 1 72.5 -7 cm [(a)-20<0041>.5()] TJ [(a) /N] X [1 (b\\)) 2] Y")
    assert warnings == []
    assert result == [
        ("cm", [1, 0, 0, 1, 72.5, -7], 6),
        ("TJ", [[b"a", -20, b"\x00A", 0.5, b""]], 14),
        ("X", [[b"a", "N"]], 19),
        ("Y", [[1, b"b)", 2]], 25),
    ]


def test_decimals_read_as_the_floats_python_parses() -> None:
    # Up to 15 digits the lexer divides the digits by a power of ten instead of parsing.
    rng = random.Random(5)
    texts = [b"0.1", b"-0.0", b"123456789012345.6", b"9007199254740993.0", b"0.000000000000001"]
    for _ in range(3000):
        digits = str(rng.randrange(10 ** rng.randint(1, 17))).encode()
        dot = rng.randint(0, len(digits))
        texts.append(rng.choice([b"", b"-", b"+"]) + digits[:dot] + b"." + digits[dot:])
    values = operands(b" ".join(texts))
    assert [struct.pack("<d", v) for v in values] == [struct.pack("<d", float(t)) for t in texts]


def test_a_number_ends_where_its_syntax_ends() -> None:
    result, warnings = ops(b"1.5.2 X 12abc -x 1234567890123456789 Y")
    assert warnings == []
    assert result == [
        ("X", [1.5, 0.2], 2),
        ("abc", [12], 4),
        ("-x", [], 5),
        ("Y", [1234567890123456789.0], 7),
    ]
    assert type(result[3][1][0]) is float


def test_a_run_of_numbers_separated_by_nul_bytes() -> None:
    # NUL is white space in PDF (§7.2.3) but not to bytes.split(): "9\x004" raised ValueError.
    assert operands(b"9\x004\x00 1.5\x00") == [9, 4, 1.5]


def test_numbers_with_thousands_of_digits_do_not_raise() -> None:
    # int() refuses strings over 4,300 digits; such a number is damage and reads as a float.
    digits = b"9" * 5000
    assert operands(digits) == [float("inf")]
    assert operands(b"[" + digits + b"]") == [[float("inf")]]
    assert operands(digits + b" 1") == [float("inf"), 1]


def test_an_array_of_many_numbers_then_a_name() -> None:
    # With an ambiguous regular expression for numbers this backtracked exponentially.
    assert operands(b"[" + b"123456789 " * 40 + b"/N]") == [[123456789] * 40 + ["N"]]


def test_a_long_run_of_numbers_without_an_operator_after_it() -> None:
    # The Python lexer reads a run of numbers and the operator after it as one match: a run
    # followed by none must be read once, not tried again from each of its numbers.
    assert operands(b"[" + b"1.5 " * 100_000 + b"]") == [[1.5] * 100_000]
    assert operands(b"1 2 " * 50_000 + b"(a)") == [1, 2] * 50_000 + [b"a"]


def test_a_long_number_glued_to_a_keyword() -> None:
    # A number's pattern that could read its digits in several splits tried each of them
    # when no white space followed: 20,000 digits took 3 s, this megabyte would take hours.
    result, warnings = ops(b"9" * 1_000_000 + b"e5 Q")
    assert result == [("e5", [float("inf")], 1), ("Q", [], 2)]
    assert warnings == []


def test_star_and_quote_operators() -> None:
    result, _ = ops(b"T* (a) ' 1 2 (b) \" d0 d1 f* B* W*")
    assert [op for op, _, _ in result] == ["T*", "'", '"', "d0", "d1", "f*", "B*", "W*"]


def test_inline_image_unfiltered_with_ei_in_data() -> None:
    # 4×1 gray, 8 bits: the data is exactly 4 bytes and spells " EI " itself.
    data = b"q BI /W 4 /H 1 /BPC 8 /CS /G ID \x20EI\x20 EI Q (after) Tj"
    result, warnings = ops(data)
    assert warnings == []
    assert [op for op, _, _ in result] == ["q", "EI", "Q", "Tj"]
    assert result[1][1] == [{"W": 4, "H": 1, "BPC": 8, "CS": "G"}]  # the image, painted there
    assert result[-1][1] == [b"after"]


def test_inline_image_filtered_with_ei_in_data() -> None:
    payload = zlib.compress(b"\x00" * 50)
    binary = payload + b"\n EI \xff\xfe\x00\x01 more binary \x80"  # a false EI followed by binary
    data = b"BI /W 10 /H 5 /BPC 8 /CS /G /F /Fl ID\n" + binary + b"\nEI (after) Tj"
    result, _ = ops(data)
    assert [op for op, _, _ in result] == ["EI", "Tj"]
    assert result[1][1] == [b"after"]


def test_inline_image_mask_with_array_counts_its_tokens() -> None:
    # BI /W 2 /H 2 /BPC 1 /IM true /D [ 1 0 ] ID are tokens 0-14, the data is 15.
    data = b"BI /W 2 /H 2 /BPC 1 /IM true /D [1 0] ID \xff\xff EI (x) Tj"
    result, warnings = ops(data)
    assert warnings == []
    image = {"W": 2, "H": 2, "BPC": 1, "IM": True, "D": [1, 0]}
    assert result == [("EI", [image], 15), ("Tj", [b"x"], 17)]


def test_garbage_is_skipped_and_the_rest_is_read() -> None:
    result, warnings = ops(b"(a) Tj ) } { > (b) Tj")
    assert [(op, args) for op, args, _ in result] == [("Tj", [b"a"]), ("Tj", [b"b"])]
    assert len(warnings) == 4


def test_unterminated_string_is_closed_at_end() -> None:
    result, warnings = ops(b"(a) Tj (never closed Tj")
    assert [(op, args) for op, args, _ in result] == [("Tj", [b"a"])]
    assert any("unterminated" in w for w in warnings)


def test_operator_inside_an_array_is_dropped_and_not_counted() -> None:
    # pdf.js operator-in-TJ-array.pdf: "[(Grandes) 0.0 Tc -250.0 (Clientèles,) ...] TJ"
    result, warnings = ops(b"[(a) 0.0 Tc -250 (b)] TJ (c) Tj")
    assert result == [("TJ", [[b"a", 0.0, -250, b"b"]], 6), ("Tj", [b"c"], 8)]
    assert warnings == ["operator 'Tc' inside an array or dictionary; skipped"]


def test_unclosed_array_at_the_end_warns() -> None:
    result, warnings = ops(b"(a) Tj [(b) 10")
    assert [(op, args) for op, args, _ in result] == [("Tj", [b"a"])]
    assert any("unclosed" in w for w in warnings)


def test_unmatched_closers_warn() -> None:
    result, warnings = ops(b"] >> (a) Tj")
    assert [(op, args) for op, args, _ in result] == [("Tj", [b"a"])]
    assert len(warnings) == 2


def test_trailing_operands_warn() -> None:
    result, warnings = ops(b"(a) Tj 1 2")
    assert len(result) == 1
    assert warnings


def test_trailing_whitespace_is_not_garbage() -> None:
    result, warnings = ops(b"(a) Tj \n\r\n \x00")
    assert len(result) == 1
    assert warnings == []


def test_inline_image_data_full_of_false_ei_candidates() -> None:
    # EI glued to data bytes, and EI between spaces followed by binary, are both data; the
    # first EI between white space with text after it ends the image.
    binary = b"xEI EIx \x00EI\x00\x01\x02\xff" * 200 + b" EI \xfe\xff"
    data = b"BI /W 9 /H 9 /BPC 8 /CS /G /F /AHx ID " + binary + b"\nEI (after) Tj"
    result, warnings = ops(data)
    assert warnings == []
    assert result[1:] == [("Tj", [b"after"], 14)]


def test_inline_image_ei_at_the_very_end_of_the_stream() -> None:
    result, warnings = ops(b"(a) Tj BI /W 2 /H 2 /F /Fl ID \x01\x02 EI")
    assert warnings == []
    assert [op for op, _, _ in result] == ["Tj", "EI"]


def test_operator_names_are_decoded_once_and_kept_bounded() -> None:
    from pagetext.syntax import lexer

    junk = b" ".join(b"zz%d" % n for n in range(3 * lexer._MAX_OPERATOR_NAMES))
    result, _ = ops(b"(a) Tj " + junk + b" (b) Tj")
    assert [op for op, _, _ in result][:3] == ["Tj", "zz0", "zz1"]
    assert result[-1] == ("Tj", [b"b"], 3 * lexer._MAX_OPERATOR_NAMES + 3)
    assert len(lexer._OPERATOR_NAMES) <= lexer._MAX_OPERATOR_NAMES
    # A name read from the table is the same text as a freshly decoded one.
    again, _ = ops(b"(c) Tj zz1")
    assert [op for op, _, _ in again] == ["Tj", "zz1"]


# -- read_operations: what an interpreter that ignores some operators is handed ----------------

_PATHS = frozenset({"m", "l", "re", "f", "cs", "EI"})


def read(data: bytes, allowance: int = 100) -> list[tuple[str, list[object], int, int]]:
    return list(read_operations(data, lambda message: None, _PATHS, [allowance]))


def test_unread_operators_are_skipped_and_counted_in_the_next_one() -> None:
    assert read(b"1 2 m 3 4 l (x) Tj 0 0 1 1 re f BT /P0 cs ET") == [
        ("Tj", [b"x"], 7, 2), ("BT", [], 14, 2), ("ET", [], 17, 1),
    ]  # fmt: skip
    # The token indices are those iter_operations gives: skipping changes none.
    assert [index for _, _, index, _ in read(b"1 2 m (x) Tj 5 6 l 7 8 Td")] == [4, 10]


def test_a_stream_that_ends_on_unread_operators_yields_the_last() -> None:
    assert read(b"BT 1 2 m 3 4 l 5 6 l") == [("BT", [], 0, 0), ("l", [], 9, 2)]
    assert read(b"1 2 m") == [("m", [], 2, 0)]
    assert read(b"") == []


def test_an_unread_operator_beyond_the_allowance_is_yielded_without_operands() -> None:
    data = b"1 2 m 3 4 l 5 6 m 7 8 l (a) Tj"
    assert read(data, allowance=2) == [("m", [], 8, 2), ("l", [], 11, 0), ("Tj", [b"a"], 13, 0)]
    assert read(data, allowance=0)[:2] == [("m", [], 2, 0), ("l", [], 5, 0)]


def test_the_allowance_is_read_as_the_caller_lowers_it() -> None:
    allowance = [100]
    operations = read_operations(b"(a) Tj 1 2 m 3 4 l 5 6 l (b) Tj", lambda message: None, _PATHS, allowance)
    assert next(operations) == ("Tj", [b"a"], 1, 0)
    allowance[0] = 3  # a form spent from the budget: the fourth operator (the second l) crosses it
    assert list(operations) == [("l", [], 10, 2), ("Tj", [b"b"], 12, 0)]


def test_an_unread_inline_image_is_skipped_after_its_data() -> None:
    warnings: list[str] = []
    data = b"BT BI /W 1 /H 1 /BPC 8 /CS /G ID \x00 EI ET"
    assert list(read_operations(data, warnings.append, _PATHS, [100])) == [
        ("BT", [], 0, 0),
        ("ET", [], 12, 1),
    ]
    assert warnings == []


# -- object syntax: references (ISO 32000-1 §7.3.10) --------------------------------------------


def _objects(data: bytes) -> tuple[list[object], list[str]]:
    warnings: list[str] = []
    return list(iter_operations(data, warnings.append, references=True)), warnings


def test_object_syntax_reads_references_in_dictionaries_and_arrays() -> None:
    data = b"<< /Font 12 0 R /Kids [1 0 R 2 3 R] /Nested << /Deep [4 0 R] >> /Widths [250 0 R] >> x"
    operations, warnings = _objects(data)
    assert operations == [
        (
            "x",
            [
                {
                    "Font": Reference(12, 0),
                    "Kids": [Reference(1, 0), Reference(2, 3)],
                    "Nested": {"Deep": [Reference(4, 0)]},
                    "Widths": [Reference(250, 0)],
                }
            ],
            30,  # the tokens of a reference count as any others
        )
    ]
    assert warnings == []


def test_an_r_after_anything_but_two_non_negative_integers_is_junk() -> None:
    # Negative numbers, reals and names make no reference: the R is dropped as in content.
    operations, warnings = _objects(b"[-1 0 R] [1.0 0 R] [/A 0 R] [7 R] [R] x")
    assert operations == [("x", [[-1, 0], [1.0, 0], ["A", 0], [7], []], 17)]
    assert warnings == ["operator 'R' inside an array or dictionary; skipped"] * 5


def test_content_streams_read_no_references() -> None:
    warnings: list[str] = []
    assert list(iter_operations(b"[1 0 R] x", warnings.append)) == [("x", [[1, 0]], 4)]
    assert warnings == ["operator 'R' inside an array or dictionary; skipped"]


def test_object_values_reads_objects_and_refuses_keywords_and_damage() -> None:
    assert object_values(b"<< /Type /Font /W [1 [500]] /D 3 0 R >>") == [
        {"Type": "Font", "W": [1, [500]], "D": Reference(3, 0)}
    ]
    assert object_values(b"[1 2] 3 (s)") == [[1, 2], 3, b"s"]
    assert object_values(b"<< /Length 5 >> stream") is None  # a stream's data follows
    assert object_values(b"<< /A 1 /B >>") is None  # an odd dictionary: damage
    assert object_values(b"[1 2") is None
