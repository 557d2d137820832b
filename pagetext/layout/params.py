"""Every threshold of the layout stage, in one frozen, validated object."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class LayoutParams:
    """Thresholds of assembly (SPEC §3.1–3.3); the defaults are the seed's values.

    Lengths are relative to the glyph box height (ascent to descent, user space), so they
    hold at any font size and under any matrix.
    """

    # Word space: a gap after a glyph's own advance longer than this × the current glyph's
    # box height. Tracking and kerning stay well below it; word gaps rarely do.
    word_gap: float = 0.15
    # New line: a move across the writing direction longer than this × the larger box
    # height. Superscripts (rise ≈ 0.4) and baseline jitter stay below it.
    line_shift: float = 0.5
    # A glyph whose box is at most script_size × the other's, and overlaps it by half its own
    # height, is a superscript or subscript and stays on the line even past line_shift.
    script_size: float = 0.8
    # A glyph drawn over the one before it (their boxes share half the narrower width along
    # the line, and this × the smaller box height across it) is an accent or an overstrike
    # (a prime set over a decimal point) and stays on the line. Stacked lines share no more
    # than their boxes' overhang across the line, a few hundredths of the height.
    overstrike_overlap: float = 0.25
    # An accent glyph (´ ¨ ˆ ...) whose box covers at least this share of its width of a
    # neighbouring letter's box is that letter's accent and composes with it (TeX's \'a);
    # an accent beside a letter, kerned or not, covers next to none of it.
    accent_overlap: float = 0.5
    # Letter spacing (Tc, ashow, CSS letter-spacing) widens every letter gap past word_gap;
    # it is told from the text's own evidence and never joins what the page shows apart: of
    # the tracking_window letter gaps either side of a gap between glyphs of its size (box
    # heights within tracking_size), at least tracking_min_gaps lie within tracking_band of
    # their median, most of them between letters (kerning stays within the band), and at
    # most tracking_narrower of them are narrower: letter-spaced text has no touching
    # letters, while prose whose short words are justified alike ("on an AS IS basis") has
    # them between its word gaps. Code listings set letter-spaced have a word gap every other
    # gap, so no share of gaps at the median is asked. Then gaps up to that tracking +
    # word_gap are letter gaps. Tc alone is no evidence: Ghostscript writes evenly spaced
    # words ("- 2 -") as one string with Tc.
    tracking_min_gaps: int = 4
    tracking_window: int = 4
    tracking_band: float = 0.05
    tracking_narrower: float = 0.25
    tracking_size: float = 0.02
    # ... bounded: tracking beyond this × the box height (about half an em) is no letter
    # spacing but separate cells, columns or leader dots.
    max_tracking: float = 0.5
    # ... and two digits, or two glyphs of a monospaced font, are never joined across a gap
    # of this × the first one's own advance (about a character's width: a cell gap in a row
    # of numbers, a space in code).
    digit_gap: float = 0.75
    # In a line whose letters touch (median letter gap ≈ 0), gaps above this × the box height
    # are word spaces: tight justification shrinks word gaps below word_gap, kerning stays
    # under this ...
    tight_word_gap: float = 0.1
    # ... but at most this share of an em, where the font's ascent-to-descent box is taller
    # than an em (1.45 em boxes exist): justified word gaps shrink to ~0.14 em, positive
    # kerning stays below 0.05 em ...
    tight_word_gap_em: float = 0.1
    # ... judged only over at least this many gaps.
    tight_min_gaps: int = 6
    # Letters "touch" when the median gap of their line is below this × the box height.
    touching_gap: float = 0.02
    # Fake bold: a glyph repeating the text of one drawn among the last `duplicate_window`
    # glyphs, with an origin closer than this × box height, is a duplicate and is dropped.
    # Producers offset the copies by 1–3 % of the size; real repeated letters are a full
    # advance (≥ 20 %) apart.
    duplicate_tolerance: float = 0.1
    duplicate_window: int = 64
    drop_duplicates: bool = True
    # Text as search and RAG want it: ligatures (ﬁ → fi), presentation forms, radical
    # variants (⽇ → 日) and typographic hyphens as the letters, ideographs and "-" they show.
    # False keeps the code points the font maps to (Glyph.mapped_text) in words and lines.
    normalize_text: bool = True
    # /ActualText (ISO 32000-1 §14.9.4) replaces the text of the glyphs it covers ("0.1" for
    # glyphs drawn as "0 1", a word for its hyphenated halves). False keeps the glyphs' own.
    actual_text: bool = True
    # Bidirectional lines whose two ends do not tell their base direction (a left-to-right
    # word at the left end of a right-to-left line, or the reverse) take the page's direction
    # when at least this share of their strong letters is written that way (pdf.js reads a
    # text run right-to-left from 30 % of right-to-left characters), else the other one.
    bidi_minority_share: float = 0.3
    # Letters shaped to join (an initial or medial presentation form, a tatweel) are one word
    # with the letter they join across gaps up to this × the box height: shaping and kashida
    # justification open such gaps. A space (≈ 0.25 em) is about 0.2 × the box height; a
    # wider gap than this is a word gap whatever the shapes say (a font mapped wrongly).
    joined_gap: float = 0.3

    # Writing direction from the glyphs' positions (§9.7.4.3, §9.4.4): glyphs whose origins
    # step across the font's writing direction, one box after another, are read along that
    # step. Box gaps below stack_gap × the em make a step "tight": stacked letters touch (at
    # most ~0.1 em), rows or lines one line spacing apart leave ≥ 0.2 em.
    stack_gap: float = 0.12
    # ... a run needs this many consecutive tight steps: one step is any move to a new line.
    stack_steps: int = 2
    # ... and continues over gaps up to this × the em: word spaces. An empty cell (≥ 1 em) in
    # a column ends it, as it ends a line today (CJK columns get no space there).
    stack_run_gap: float = 0.8
    # Boxes of consecutive stacked glyphs may overlap this share of the em (tight setting).
    stack_overlap: float = 0.25
    # Only glyphs of one size form a run: ems within this share (a drop cap, a caption
    # below a heading, or lines of growing sizes are not stacked letters).
    stack_size: float = 0.02

    # Reading order (XY-cut). A gap inside a line wider than span_gap × its height may be a
    # gutter, so the line is cut there into spans (re-joined if they end up side by side).
    span_gap: float = 1.0
    # A vertical gutter is at least min_gutter × the median text height wide (relative to the
    # text, not points) ...
    min_gutter: float = 0.8
    # ... and crossed by at most this share of the spans (a stray cell or caption does not
    # fill a gutter).
    gutter_noise: float = 0.05
    # Spans wider than this share of their region, and single characters, are left out of the
    # gutter search: tab-padded table rows and table cells must not fill the gutter.
    wide_span: float = 0.55
    # Columns are cut only when one of them holds at least this many spans: title pages and
    # colophons with two short x-peaks stay whole.
    min_column_spans: int = 10
    # ... and when most of that column's characters are in spans at least this long: text
    # columns hold lines of words, table columns short cells (read row by row instead).
    min_column_chars: int = 12
    # Blocks are cut along Y at empty bands at least band_gap × the median text height tall.
    band_gap: float = 0.6
    # On a page the XY-cut leaves whole, a block drawn out of place (a page number drawn after
    # the running head, a title drawn last) is moved where it stands; blocks are cut at empty
    # bands at least block_gap × the median text height tall. Lines of one paragraph are
    # ≈ 0.2 apart (leading 1.2), paragraphs and page furniture clearly more.
    block_gap: float = 0.6
    # A guard on the recursion; real pages need a handful of levels.
    max_cut_depth: int = 32
    # A single capital letter at least this × as tall as the word after it, which goes on in
    # lowercase, is a drop cap: the initial of that word set large ("O" + "ver" is "Over").
    drop_cap: float = 2.0

    # Paragraphs (layout/paragraphs.py): lines of a paragraph follow each other at one pitch
    # (baseline to baseline). A line further below the previous one than the paragraph's own
    # pitch (or, for its second line, the page's usual pitch) plus this × the line height
    # starts a new paragraph: space between paragraphs is half a line or more, baseline
    # jitter and a superscript a few hundredths.
    paragraph_leading: float = 0.3
    # ... where the page gives no pitch to compare with, lines further apart than this × the
    # line height are not one paragraph (single to one-and-a-half spacing stays under it).
    paragraph_pitch: float = 1.7
    # Lines whose text sizes differ by more than this share are different blocks (a heading
    # above its paragraph; rounding and mixed fonts stay under it).
    paragraph_size: float = 0.12
    # Line starts within this × the line height are aligned; a start further right is an
    # indent (a new paragraph's first line, or a list item's hanging continuation).
    paragraph_edge: float = 0.8
    # A line ending a sentence this share of the paragraph's width short of its right edge is
    # its last line: ragged-right lines of one paragraph rarely end so short of the edge with
    # a full stop.
    paragraph_short: float = 0.15

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise ValueError(f"LayoutParams.{field.name} must be True or False, not {value!r}")
            elif isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"LayoutParams.{field.name} must be a positive number, not {value!r}")
        if not self.wide_span <= 1 or not self.gutter_noise < 1:
            raise ValueError("LayoutParams.wide_span and gutter_noise are shares: at most 1")
