"""The Markdown exporter's rules, one test each, on small realistic pages (markdown_pdfs).

Each test gives the exact Markdown of its page, page comments (<!-- page N -->) left out:
paragraphs one line each, blocks separated by one blank line; headings by size; lists with
their nesting; tables as pipe tables (HTML for spanning cells) with their captions; line-end
hyphens undone only where the document shows the joined word; emphasis over whole phrases;
code fenced; links; page furniture left out unless asked for.
"""

from __future__ import annotations

import re
import warnings

import pytest

import pagetext
from pagetext.geometry import Box
from tests.export import markdown_pdfs as pdfs

# List items are blocks like any other: one blank line between them (flip here to test tight lists).
ITEM_SEPARATOR = "\n\n"
PAGE_COMMENT = re.compile(r"^<!-- page \d+ -->\n", re.MULTILINE)


def markdown(data: bytes, **options: object) -> str:
    """The document's Markdown without page comments, blank-line runs they leave made one, stripped."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = pagetext.open(data).to_markdown(**options)
    return re.sub(r"\n{3,}", "\n\n", PAGE_COMMENT.sub("", text)).strip()


def blocks(*parts: str) -> str:
    return "\n\n".join(parts)


def items(*lines: str) -> str:
    return ITEM_SEPARATOR.join(lines)


SURVEY = blocks(*pdfs.SURVEY)
needs_dejavu = pytest.mark.skipif(not pdfs.DEJAVU.exists(), reason="the ◦ and ▪ bullets need DejaVu Sans")

# -- paragraphs ------------------------------------------------------------------------------


def test_block_paragraphs_separated_by_space() -> None:
    assert markdown(pdfs.block_paragraphs()) == SURVEY


def test_first_line_indented_justified_paragraphs_without_space() -> None:
    assert markdown(pdfs.indented_paragraphs()) == SURVEY


def test_hanging_indent_reference_list() -> None:
    assert markdown(pdfs.hanging_references()) == blocks(
        "The following works are cited in this report.", *pdfs.REFERENCES
    )


def test_short_last_line_ends_a_paragraph() -> None:
    assert markdown(pdfs.short_last_lines()) == blocks(*pdfs.SHORT_LAST)


# -- headings --------------------------------------------------------------------------------


def test_headings_by_size_relative_to_the_body() -> None:
    assert markdown(pdfs.headings()) == blocks(
        "# Field Survey of River Birds",
        "## Methods",
        pdfs.SURVEY[0],
        "### Sampling sites",
        pdfs.SURVEY[1],
        "## Results",
        pdfs.SURVEY[2],
    )


# -- lists -----------------------------------------------------------------------------------


@needs_dejavu
def test_bullets_without_their_glyphs() -> None:
    assert markdown(pdfs.bullets()) == blocks(
        "The survey recorded three kinds of disturbance along the river:",
        items(
            "- anglers on the bank, who were counted in every stretch and whose positions were marked"
            " on the map;",
            "- dogs off the lead near the water;",
            "- boats, mostly canoes in the summer.",
        ),
        "Each kind of disturbance was scored on a simple scale:",
        items("- none seen during the walk;", "- seen, but the birds did not move away."),
    )


@needs_dejavu
def test_nested_bullets_indented_by_the_parent_marker() -> None:
    assert markdown(pdfs.nested_bullets()) == blocks(
        "Each stretch was described by three features:",
        items(
            "- the bank, which was one of",
            "  - natural earth with reeds,",
            "  - stone walls, built in two ways:",
            "    - dry stone,",
            "    - mortared stone;",
            "- the width of the water;",
            "- the speed of the current.",
        ),
    )


def test_numbered_items_keep_their_numbers_and_nest_lettered_items() -> None:
    assert markdown(pdfs.numbered_nested()) == blocks(
        "Each count followed the same steps:",
        items(
            "1. Walk the stretch from the downstream end.",
            "2. Record each bird with its position:",
            "   - a) on the water or the bank;",
            "   - b) in the trees behind the bank.",
            "3. Check the notes with the second observer.",
        ),
        "After the last count of the season two more steps follow:",
        items(
            "7. Enter the counts into the shared spreadsheet.", "8. Freeze the data for the annual report."
        ),
    )


def test_roman_markers_kept_after_a_dash() -> None:
    assert markdown(pdfs.roman_items()) == blocks(
        "A count is void if any of the following holds:",
        items(
            "- (i) it started more than three hours after sunrise;",
            "- (ii) the wind was stronger than force five;",
            "- (iii) rain fell for more than half the walk;",
            "- (iv) the observer could not finish the stretch.",
        ),
    )


# -- tables ----------------------------------------------------------------------------------

PIPE_TABLE = "\n".join(
    [
        "| Site | Walks | Birds | Status |",
        "| --- | --- | --- | --- |",
        "| Weir | 12 | 418 | open |",
        "| Mill | 12 | 377 | open\\|fenced |",
        "| Bridge | 11 | 295 | closed |",
    ]
)
BEFORE_TABLE = "The counts per site are given below; one walk at the bridge was lost to a flood."
AFTER_TABLE = "The weir had the most birds in every month of the season."
CAPTION = "Table 1. Walks and birds counted at each site."


def test_ruled_table_as_a_pipe_table_after_its_caption() -> None:
    assert markdown(pdfs.pipe_table()) == blocks(BEFORE_TABLE, CAPTION, PIPE_TABLE, AFTER_TABLE)


def test_caption_printed_below_the_table_follows_it() -> None:
    assert markdown(pdfs.pipe_table(caption_below=True)) == blocks(
        BEFORE_TABLE, PIPE_TABLE, CAPTION, AFTER_TABLE
    )


def test_table_with_spanning_header_cells_as_html() -> None:
    html = "\n".join(
        [
            "<table>",
            "<thead>",
            '<tr><th></th><th colspan="2">2023</th><th colspan="2">2024</th></tr>',
            "<tr><th>Site</th><th>Spring</th><th>Summer</th><th>Spring</th><th>Summer</th></tr>",
            "</thead>",
            "<tbody>",
            "<tr><td>Weir</td><td>210</td><td>208</td><td>198</td><td>225</td></tr>",
            "<tr><td>Mill</td><td>180</td><td>197</td><td>176</td><td>190</td></tr>",
            "</tbody>",
            "</table>",
        ]
    )
    assert markdown(pdfs.spanning_table()) == blocks(
        "Table 2. Birds counted per season and year.",
        html,
        "Both sites had fewer birds in the spring of 2024.",
    )


# -- hyphenation -----------------------------------------------------------------------------


def test_line_end_hyphen_undone_when_the_joined_word_occurs() -> None:
    assert markdown(pdfs.hyphenated(pdfs.HYPHEN_KNOWN)) == (
        "Long words at the end of a printed line are often broken in two parts by the automatic hyphenation"
        " of the typesetter, which is common in justified text. Before the text is indexed, hyphenation must"
        " be undone, or a search for the word will miss it."
    )


def test_compound_hyphen_kept_when_the_compound_occurs() -> None:
    assert markdown(pdfs.hyphenated(pdfs.HYPHEN_COMPOUND)) == (
        "The sampling method that we chose for the survey is simple and cheap, and it is also quite"
        " well-known among volunteer observers in the region; a well-known survey of this kind was run on"
        " the Thames in 1998 and repeated ten years later."
    )


def test_hyphen_kept_when_the_joined_word_does_not_occur() -> None:
    assert markdown(pdfs.hyphenated(pdfs.HYPHEN_UNKNOWN)) == (
        "Funding has been agreed for five more seasons, and the survey is now planned as a long-term study"
        " of the river and its birds."
    )


def test_soft_hyphen_always_joins() -> None:
    assert markdown(pdfs.soft_hyphen()) == (
        "All the counts of the whole season were checked by a second observer for their consistency with"
        " the field notes before the data were frozen."
    )


# -- emphasis, code, links -------------------------------------------------------------------


def test_emphasis_merged_over_runs_and_line_breaks() -> None:
    assert markdown(pdfs.emphasis()) == (
        "In the final review of the annual plan the committee marked **three bold words** as essential,"
        " and it set *two italic* terms aside for a later meeting of the board. In the end the"
        " **revised budget was approved without changes** at the meeting in March."
    )


def test_monospaced_lines_as_a_fenced_code_block() -> None:
    assert markdown(pdfs.code_block()) == blocks(
        "The mean count per walk is computed as follows:",
        "```\n"
        "def mean_count(counts):\n"
        "    total = 0\n"
        "    for walk in counts:\n"
        "        total += walk.birds\n"
        "    return total / len(counts)\n"
        "```",
        "The function is called once per site and season.",
    )


def test_link_page_holds_two_uri_links_over_its_words() -> None:
    # The page the next test reads, through Page.links() (pagetext.pdf.links).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        page = pagetext.open(pdfs.links())[0]
    found = page.links()
    assert [link.uri for link in found] == [pdfs.LINK_URI, pdfs.DATA_URI]
    under = [
        " ".join(w.text for w in page.words() if any(_centre_in(w.bbox, box) for box in link.boxes))
        for link in found
    ]
    assert under == ["project website", "spreadsheet"]


def _centre_in(word: Box, link: Box) -> bool:
    return link.contains((word.x0 + word.x1) / 2, (word.y0 + word.y1) / 2)


def test_words_under_a_uri_link_as_a_markdown_link() -> None:
    assert markdown(pdfs.links()) == (
        "The methods used at each of the four sites are described in detail on the"
        f" [project website]({pdfs.LINK_URI}) and the raw counts of every walk can be downloaded as a"
        f" [spreadsheet]({pdfs.DATA_URI}) for further analysis by anyone who asks."
    )


# -- furniture -------------------------------------------------------------------------------


def test_running_head_and_page_numbers_left_out() -> None:
    assert markdown(pdfs.furniture_pages()) == blocks(*pdfs.PAGE_TEXTS)


def test_running_head_and_page_numbers_kept_when_asked() -> None:
    assert markdown(pdfs.furniture_pages(), furniture=True) == blocks(
        *(part for n, text in enumerate(pdfs.PAGE_TEXTS, 1) for part in (pdfs.RUNNING_HEAD, text, str(n)))
    )
