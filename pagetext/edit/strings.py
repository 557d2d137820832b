"""Text-showing operators rewritten without some of their codes (ISO 32000-1 §9.4.3).

A string loses the codes of removed glyphs; each run of removed codes becomes ONE number of a
TJ array that moves the pen by exactly the run's displacement, so every glyph after it lands
where it was. A number n moves the pen by -n/1000 × Tfs (× Th horizontally), and a glyph
advances by (w0 × Tfs + Tc + Tw) × Th (Tw only for the single-byte code 32, §9.3.3): Th
cancels and n = -1000 × Σ(w × Tfs + Tc + Tw) / Tfs. Adjustments next to existing numbers are
merged with them, so the removed runs' widths show as no more than one number per gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pagetext.content.glyph import TextSource
from pagetext.edit.tokens import Edit, LexedStream, Operation
from pagetext.errors import UnsupportedError

NUMBER_DIGITS: Final = 4  # decimals of a written TJ number: 1e-4 thousandths of an em


@dataclass(slots=True)
class Piece:
    """A piece of a rebuilt TJ array: bytes to copy as they are (raw), or a number: an
    original one (raw holds its bytes) or the adjustment for a removed run (removal)."""

    raw: bytes
    number: float | None = None
    removal: bool = False


def format_number(value: float) -> bytes:
    text = f"{value:.{NUMBER_DIGITS}f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode()


def hex_string(data: bytes) -> bytes:
    return b"<" + data.hex().upper().encode() + b">"


def _displacement(source: TextSource, codes: list[tuple[int, bool, float]]) -> float:
    """The TJ number that moves the pen over the given codes (code, is space, width)."""
    size = source.font_size
    if size == 0:
        raise UnsupportedError("text shown at font size 0 cannot be redacted by a position adjustment")
    total = 0.0
    vertical = source.font.wmode == 1
    for code, is_space, width in codes:
        advance = source.font.vertical_metrics(code)[0] if vertical else width
        total += advance * size + source.char_spacing + (source.word_spacing if is_space else 0.0)
    return -1000.0 * total / size


def split_string(edit: StringEdit) -> list[Piece]:
    """The pieces that replace one string: kept runs as hex strings, removed runs as numbers
    (the first one preceded by the insertion, if any)."""
    source, removed = edit.source, edit.removed
    string = source.string
    decoded = source.font.decode(string)
    offsets = source.code_offsets()
    pieces: list[Piece] = []
    run: list[tuple[int, bool, float]] = []
    kept_from = -1
    for index, glyph in enumerate(decoded):
        if index in removed:
            if kept_from >= 0:
                pieces.append(Piece(hex_string(string[offsets[kept_from] : offsets[index]])))
                kept_from = -1
            run.append((glyph.code, glyph.is_space, glyph.width))
        else:
            if run:
                pieces.extend(_removed_run(edit, source, run, first_run=not any(p.removal for p in pieces)))
                run = []
            if kept_from < 0:
                kept_from = index
    if run:
        pieces.extend(_removed_run(edit, source, run, first_run=not any(p.removal for p in pieces)))
    if kept_from >= 0:
        pieces.append(Piece(hex_string(string[offsets[kept_from] :])))
    return pieces


def _removed_run(
    edit: StringEdit, source: TextSource, run: list[tuple[int, bool, float]], first_run: bool
) -> list[Piece]:
    """A removed run as one number; the first run of a replaced string gets the new codes
    first, between Tz operators when they are scaled (the TJ array is split around them)."""
    number = _displacement(source, run)
    insertion = edit.insertion
    if insertion is None or not first_run:
        return [Piece(b"", number, True)]
    codes = hex_string(insertion.codes)
    if insertion.scale != source.horizontal_scaling:
        new = format_number(insertion.scale * 100)
        old = format_number(source.horizontal_scaling * 100)
        codes = b"] TJ " + new + b" Tz [" + codes + b"] TJ " + old + b" Tz ["
    return [Piece(codes), Piece(b"", number + insertion.pad, True)]


def join_pieces(pieces: list[Piece]) -> bytes:
    """A TJ array's items. Consecutive numbers among which is a removal's are summed into one;
    other numbers keep their own bytes."""
    out: list[bytes] = []
    group: list[Piece] = []

    def flush() -> None:
        if any(p.removal for p in group):
            out.append(format_number(sum(p.number or 0.0 for p in group)))
        else:
            out.extend(p.raw for p in group)
        group.clear()

    for piece in pieces:
        if piece.number is not None:
            group.append(piece)
            continue
        flush()
        out.append(piece.raw)
    flush()
    return b" ".join(out)


def _count(item: object) -> int:
    if isinstance(item, list):
        return 2 + sum(_count(i) for i in item)
    if isinstance(item, dict):
        return 2 + sum(1 + _count(v) for v in item.values())
    return 1


@dataclass(slots=True)
class Insertion:
    """Codes written in place of a string's first removed run (replacement): `codes` are shown
    with horizontal scaling `scale` (Tz / 100, restored after them), then `pad` (a TJ number)
    moves the pen to where the removed run ended."""

    codes: bytes
    scale: float
    pad: float


@dataclass(slots=True)
class StringEdit:
    """What changes in one string: the codes removed (by index), and what is written instead."""

    source: TextSource
    removed: set[int]
    insertion: Insertion | None = None


Removals = dict[int, StringEdit]  # string token → its edit


def rewrite(stream: LexedStream, operation: Operation, removals: Removals) -> Edit:
    """The edit that rewrites one text operator without the removed codes of its strings."""
    operator = operation.operator
    end = stream.span(operation.index)[1]
    if operator == "TJ":
        array = operation.operands[-1]
        assert isinstance(array, list)
        open_token = operation.index - _count(array)
        token = open_token + 1
        pieces: list[Piece] = []
        for item in array:
            if token in removals:
                pieces.extend(split_string(removals[token]))
            elif isinstance(item, (int, float)) and not isinstance(item, bool):
                pieces.append(Piece(stream.raw(token), float(item)))
            else:
                pieces.append(Piece(stream.raw(token)))
            token += _count(item)
        start = stream.span(open_token)[0]
        return Edit(start, stream.span(operation.index - 1)[1], b"[" + join_pieces(pieces) + b"]")
    string_token = operation.index - 1
    array_bytes = b"[" + join_pieces(split_string(removals[string_token])) + b"] TJ"
    if operator == "Tj":
        return Edit(stream.span(string_token)[0], end, array_bytes)
    if operator == "'":  # ' is T* then Tj (§9.4.3)
        return Edit(stream.span(string_token)[0], end, b"T* " + array_bytes)
    # " sets Tw and Tc, moves to the next line, then shows the string (§9.4.3).
    word, char = operation.index - 3, operation.index - 2
    prefix = stream.raw(word) + b" Tw " + stream.raw(char) + b" Tc T* "
    return Edit(stream.span(word)[0], end, prefix + array_bytes)
