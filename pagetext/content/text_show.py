"""Text-showing operators (ISO 32000-1 §9.4.3) and the geometry of every glyph they show (§9.4.4):
its box, origin and advance in user space, from the text state, text matrix and CTM."""

from __future__ import annotations

import math

from pagetext.content.glyph import Glyph, GlyphRun
from pagetext.content.paint_ops import show_painted
from pagetext.content.state import InterpreterState
from pagetext.content.text_state import op_T_star
from pagetext.fonts.loader import fallback_font
from pagetext.geometry import multiply
from pagetext.syntax.lexer import token_count
from pagetext.syntax.literals import Operand


def op_Tj(state: InterpreterState, operands: list[Operand], index: int) -> None:
    if not isinstance(operands[0], bytes):
        raise TypeError
    show(state, operands, index - 1)


def op_quote(state: InterpreterState, operands: list[Operand], index: int) -> None:
    op_T_star(state, operands, index)
    op_Tj(state, operands, index)


def op_dquote(state: InterpreterState, operands: list[Operand], index: int) -> None:
    state.gs.word_spacing = float(operands[0])
    state.gs.char_spacing = float(operands[1])
    op_T_star(state, operands, index)
    op_Tj(state, operands[2:], index)


def op_TJ(state: InterpreterState, operands: list[Operand], index: int) -> None:
    items = operands[0]
    if not isinstance(items, list):
        raise TypeError
    # The array's tokens end just before the operator: walk back to where it starts.
    show(state, items, index - token_count(items) + 1)


def show(state: InterpreterState, items: list[Operand], token: int) -> None:
    """Show the strings of one Tj or TJ (§9.4.3), each at the text matrix, which then
    moves past it; a number between them moves the pen back by n/1000 em. `token` is the
    first item's token index. The state the strings share is read once and their glyphs
    go to the device together: a TJ holds seven strings on median pages, most of one or
    two glyphs. They are appended to the device's list, and the device told where they
    start; an operator that fails part way leaves none of its glyphs there."""
    gs = state.gs
    font = gs.font
    if font is None:
        if not state.warned_no_font:
            state.warned_no_font = True
            state.warn("text shown before any Tf; Helvetica metrics used")
        font = gs.font = fallback_font()
    stream = state.stream
    size = gs.font_size
    hscale = gs.horizontal_scaling
    char_spacing = gs.char_spacing
    word_spacing = gs.word_spacing
    rise = gs.rise
    ctm = gs.ctm
    marked = state.marked[-1] if state.marked else None
    mcid = marked.mcid if marked is not None else None
    base_font = font.base_font or gs.font_name
    sourced = stream.is_page or bool(stream.uses)
    vertical = font.wmode == 1
    wmode = font.wmode
    low = rise + font.descent * size
    high = rise + font.ascent * size
    page_token = stream.is_page  # a string's token index counts in the page stream only
    # Within one operator the text matrix only moves, so its linear part in user space,
    # and what follows from it (the writing direction, the box height, the rise and box
    # edge offsets), is the same for every string: only the origin (E, F) is per string.
    linear = multiply(state.text_matrix, ctm)
    A = linear[0]
    B = linear[1]
    C = linear[2]
    D = linear[3]
    if vertical:
        norm = _norm(C, D)
        direction_x, direction_y = (-C / norm, -D / norm) if norm else (0.0, -1.0)
        across = abs(direction_x * B - direction_y * A)
    else:
        norm = _norm(A, B)
        direction_x, direction_y = (A / norm, B / norm) if norm else (1.0, 0.0)
        up = abs(direction_x * D - direction_y * C)
        box_height = up * (font.ascent - font.descent) * abs(size)
    # Offsets of the origin (rise) and of the box's bottom and top edges, in user space.
    rise_x, rise_y = C * rise, D * rise
    rise_across = rise_y * direction_x - rise_x * direction_y
    low_x, low_y, high_x, high_y = C * low, D * low, C * high, D * high
    glyphs = state.device.glyphs  # appended to directly (see Device.glyphs)
    first = len(glyphs)
    try:
        for item in items:
            # Narrowed to float or int first: compiled, float() of the union is a call to the type.
            is_number = False
            kern = 0.0
            if isinstance(item, float):
                is_number = True
                kern = item
            elif isinstance(item, int) and not isinstance(item, bool):
                is_number = True
                kern = float(item)
            if is_number:
                shift = -kern / 1000 * size
                a, b, c, d, e, f = state.text_matrix
                if vertical:
                    state.text_matrix = (a, b, c, d, e + shift * c, f + shift * d)
                else:
                    shift *= hscale
                    state.text_matrix = (a, b, c, d, e + shift * a, f + shift * b)
            if not isinstance(item, bytes):
                token += token_count(item) if isinstance(item, (list, dict)) else 1
                continue
            tm = state.text_matrix
            origin = multiply(tm, ctm)
            E = origin[4]
            F = origin[5]
            advance_total = 0.0
            run = GlyphRun(
                base_font, size, gs.render_mode, mcid, token if page_token else -1, stream.forms,
                rise_across, marked, stream.annotation, stream.field_name, sourced, stream.root,
                stream.uses, token, item, font, char_spacing, word_spacing, hscale,
            )  # fmt: skip
            code_index = -1
            for decoded in font.decode(item):
                code = decoded.code
                width = decoded.width
                is_space = decoded.is_space
                code_index += 1
                origin_x = rise_x + E
                origin_y = rise_y + F
                # The glyph's corners, bottom-left first (see Glyph.quad), its glyph_end and
                # baseline_end, as numbers: the record keeps no tuples.
                if vertical:
                    w1 = decoded.w1
                    vx = decoded.vx
                    advance = w1 * size + char_spacing + (word_spacing if is_space else 0.0)
                    left = -vx * size * hscale
                    right = (width - vx) * size * hscale
                    bottom = rise + w1 * size
                    x0 = A * left + C * bottom + E
                    y0 = B * left + D * bottom + F
                    x1 = A * right + C * bottom + E
                    y1 = B * right + D * bottom + F
                    x2 = A * right + C * rise + E
                    y2 = B * right + D * rise + F
                    x3 = A * left + C * rise + E
                    y3 = B * left + D * rise + F
                    own_end_x = C * bottom + E
                    own_end_y = D * bottom + F
                    displaced = rise + advance
                    end_x = C * displaced + E
                    end_y = D * displaced + F
                    height = across * abs(width * size * hscale)
                    E += advance * C
                    F += advance * D
                else:
                    own = width * size * hscale
                    advance = (width * size + char_spacing + (word_spacing if is_space else 0.0)) * hscale
                    own_x = A * own
                    own_y = B * own
                    x0 = low_x + E
                    y0 = low_y + F
                    x1 = own_x + low_x + E
                    y1 = own_y + low_y + F
                    x2 = own_x + high_x + E
                    y2 = own_y + high_y + F
                    x3 = high_x + E
                    y3 = high_y + F
                    own_end_x = own_x + origin_x
                    own_end_y = own_y + origin_y
                    end_x = A * advance + origin_x
                    end_y = B * advance + origin_y
                    height = box_height
                    E += advance * A
                    F += advance * B
                advance_total += advance
                glyph = Glyph(
                    decoded.text, code, x0, y0, x1, y1, x2, y2, x3, y3, origin_x, origin_y,
                    end_x, end_y, own_end_x, own_end_y, direction_x, direction_y, height, wmode,
                    decoded.mapped_text, run, code_index=code_index,
                )  # fmt: skip
                glyphs.append(glyph)
            a, b, c, d, e, f = tm
            if vertical:
                state.text_matrix = (a, b, c, d, e + advance_total * c, f + advance_total * d)
            else:
                state.text_matrix = (a, b, c, d, e + advance_total * a, f + advance_total * b)
            token += 1
    except BaseException:
        del glyphs[first:]
        raise
    if stream.clip is not None:
        clip = stream.clip
        glyphs[first:] = [g for g in glyphs[first:] if clip.contains(*g.center)]
    shown = len(glyphs) - first
    if shown:
        if state.tracking is not None:
            show_painted(state, first)
        else:
            state.device.show_glyphs(first)
        budget = state.budget
        budget.glyphs += shown
        if budget.glyphs > state.max_glyphs:
            raise budget.exceeded(f"page has more than {state.max_glyphs} glyphs")


def _norm(x: float, y: float) -> float:
    """math.hypot(x, y); compiled, sqrt is native where hypot is a call through the module.
    Squares overflow past 1e154 (a hostile matrix): hypot then."""
    norm = math.sqrt(x * x + y * y)
    return norm if norm != math.inf else math.hypot(x, y)
