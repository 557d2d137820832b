"""The export formats on PDFs built in code: coordinates, rotation, escaping, hyphenation,
the Document API and the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from lxml import etree

import pagetext
from pagetext.cli import main
from pagetext.export.common import Viewport, xml_safe
from pagetext.geometry import Box
from pagetext.layout.paragraphs import paragraph_blocks
from tests.export.checks import ALTO_NS, SCHEMAS, XHTML_NS, check_alto, check_hocr, check_json
from tests.pdfbuild import add_page, new_pdf, to_bytes

needs_schemas = pytest.mark.skipif(not SCHEMAS.is_dir(), reason="needs ../shared/schemas")

PARAGRAPHS = (
    b"BT /F1 10 Tf 72 700 Td 12 TL (First line of the first) Tj T* (paragraph goes on here.) Tj ET "
    b"BT /F1 10 Tf 72 640 Td 12 TL (Second paragraph, well apart.) Tj ET"
)


def _doc(*contents: bytes, **page_options: object) -> pagetext.Document:
    pdf = new_pdf()
    for content in contents:
        options = {k: (v(pdf) if callable(v) else v) for k, v in page_options.items()}
        add_page(pdf, content, **options)  # type: ignore[arg-type]
    return pagetext.open(to_bytes(pdf))


def _words(doc: pagetext.Document) -> list[list[str]]:
    return [page.text().split() for page in doc]


def test_blocks_cut_at_paragraph_gaps_and_keep_every_line() -> None:
    with _doc(PARAGRAPHS) as doc:
        lines = doc[0].lines()
        found = paragraph_blocks(lines)
        assert [[line.text for line in block] for block in found] == [
            ["First line of the first", "paragraph goes on here."],
            ["Second paragraph, well apart."],
        ]
        assert [line for block in found for line in block] == lines
        assert paragraph_blocks([]) == []


def _columns(last: bytes) -> bytes:
    return b"".join(
        b"BT /F1 10 Tf %d %d Td (column %d line %d%s) Tj ET "
        % (x, 700 - 12 * i, c, i, last if i == 11 else b"")
        for c, x in ((1, 72), (2, 320))
        for i in range(12)
    )


def test_blocks_cut_at_a_column_change() -> None:
    with _doc(_columns(b".")) as doc:
        found = paragraph_blocks(doc[0].lines())
        assert len(found) == 2
        assert found[1][0].text == "column 2 line 0"


def test_a_paragraph_runs_on_at_the_top_of_the_next_column() -> None:
    with _doc(_columns(b",")) as doc:  # the column's last line ends without a full stop
        found = paragraph_blocks(doc[0].lines())
        assert [len(block) for block in found] == [24]


@needs_schemas
def test_every_format_has_the_words_of_the_text() -> None:
    with _doc(PARAGRAPHS, b"BT /F1 10 Tf 72 700 Td (page two) Tj ET") as doc:
        expected = _words(doc)
        check_alto(doc.to_alto(), expected)
        check_hocr(doc.to_hocr(), expected)
        record = check_json(doc.to_json(glyphs=True), expected)
    assert record["schema"] == "pagetext/1"
    page = record["pages"][0]
    assert len(page["blocks"]) == 2
    assert page["rotation"] == 0 and page["warnings"] == []
    shown = ("First line of the first", "paragraph goes on here.", "Second paragraph, well apart.")
    assert len(page["glyphs"]) == sum(len(string) for string in shown)  # spaces are glyphs too
    line = page["blocks"][0]["lines"][0]
    assert line["baseline"] == [[72.0, 700.0], [line["bbox"][2], 700.0]]
    assert line["font"] == "Helvetica" and line["size"] == 10


def test_viewport_turns_a_rotated_page() -> None:
    with _doc(b"BT /F1 10 Tf 100 700 Td (Up) Tj ET", Rotate=90) as doc:
        page = doc[0]
        view = Viewport(page)
        assert (view.width, view.height) == (792, 612)
        # /Rotate 90 turns the page clockwise: the user-space top left is shown top right.
        assert view.point(0, 792) == (792, 0)
        assert view.point(0, 0) == (0, 0)
        assert view.point(612, 0) == (0, 612)
        word = page.words()[0]
        left, top, right, bottom = view.box(word.bbox)
        assert right - left == pytest.approx(word.bbox.height)  # the line runs down the shown page
        assert bottom - top == pytest.approx(word.bbox.width)
        assert left == pytest.approx(word.bbox.y0) and top == pytest.approx(100)


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_rotated_pages_keep_every_box_on_the_shown_page(rotation: int) -> None:
    with _doc(PARAGRAPHS, Rotate=rotation) as doc:
        expected = _words(doc)
        pages = check_hocr(doc.to_hocr(), expected)
        if SCHEMAS.is_dir():
            check_alto(doc.to_alto(), expected)
    title = pages[0].get("title")
    assert title.startswith("bbox 0 0 792 612" if rotation in (90, 270) else "bbox 0 0 612 792")
    line = next(e for e in pages[0].iter() if e.get("class") == "ocr_line")
    assert ("textangle" in line.get("title")) == (rotation != 0)


def test_view_boxes_are_clipped_to_the_page() -> None:
    with _doc(b"BT /F1 10 Tf 605 700 Td (edge) Tj ET") as doc:
        view = Viewport(doc[0])
        assert view.box(Box(600, 700, 630, 710)) == (600, 82, 612, 92)
        check_hocr(doc.to_hocr(), _words(doc))


# A ToUnicode CMap that maps "|" to U+0007 (BEL), a character XML 1.0 cannot carry.
def test_markup_and_control_characters_make_valid_xml() -> None:
    # Fonts give no control characters (a glyph mapped to one is no text); /ActualText can.
    content = (
        b"BT /F1 10 Tf 72 700 Td (<a> & \"b\" 'c' ) Tj /Span <</ActualText (x\\007y)>> BDC (xzy) Tj EMC ET"
    )
    with _doc(content) as doc:
        expected = _words(doc)
        assert expected[0][:3] == ["<a>", "&", '"b"']
        hocr = doc.to_hocr()
        alto = doc.to_alto()
        json_text = doc.to_json()
    control = expected[0][-1]
    safe = [xml_safe(word) for word in expected[0]]
    assert "\x07" in control and xml_safe(control) == "x\ufffdy"
    check_hocr(hocr, [safe])
    if SCHEMAS.is_dir():
        check_alto(alto, [safe])
    check_json(json_text, expected)  # JSON escapes control characters itself


@needs_schemas
def test_hyp_marks_a_word_hyphenated_across_lines() -> None:
    content = (
        b"BT /F1 10 Tf 72 700 Td 12 TL (An example of hyphen-) Tj T* (ation in a line; hyphenation) Tj "
        b"T* (is joined, well-) Tj T* (Known is not.) Tj ET"
    )
    with _doc(content) as doc:
        expected = _words(doc)
        plain = doc.to_alto()
        alto = doc.to_alto(dehyphenate=True)
    assert "<HYP" not in plain
    check_alto(alto, expected)
    root = etree.fromstring(alto.encode())
    hyps = list(root.iter(f"{ALTO_NS}HYP"))
    assert len(hyps) == 1 and hyps[0].get("CONTENT") == "-"
    strings = list(root.iter(f"{ALTO_NS}String"))
    first = next(s for s in strings if s.get("SUBS_TYPE") == "HypPart1")
    second = next(s for s in strings if s.get("SUBS_TYPE") == "HypPart2")
    assert (first.get("CONTENT"), second.get("CONTENT")) == ("hyphen", "ation")
    assert first.get("SUBS_CONTENT") == second.get("SUBS_CONTENT") == "hyphenation"


@needs_schemas
def test_alto_styles_and_layout() -> None:
    with _doc(PARAGRAPHS) as doc:
        alto = doc.to_alto()
    root = etree.fromstring(alto.encode())
    assert root.findtext(f"{ALTO_NS}Description/{ALTO_NS}MeasurementUnit") == "pixel"
    style = root.find(f"{ALTO_NS}Styles/{ALTO_NS}TextStyle")
    assert style.get("FONTFAMILY") == "Helvetica" and style.get("FONTSIZE") == "10"
    page = root.find(f"{ALTO_NS}Layout/{ALTO_NS}Page")
    assert (page.get("WIDTH"), page.get("HEIGHT")) == ("612", "792")
    assert len(page.findall(f"{ALTO_NS}PrintSpace/{ALTO_NS}TextBlock")) == 2
    first = next(root.iter(f"{ALTO_NS}String"))
    assert first.get("STYLEREFS") == style.get("ID")
    assert float(first.get("HPOS")) == 72 and float(first.get("VPOS")) == pytest.approx(792 - 708)


def test_hocr_line_has_baseline_and_x_size() -> None:
    with _doc(PARAGRAPHS) as doc:
        root = etree.fromstring(doc.to_hocr().encode())
    line = next(e for e in root.iter(f"{XHTML_NS}span") if e.get("class") == "ocr_line")
    # bbox bottom 94 (792 - 698), baseline at 92 (792 - 700): offset -2, level.
    assert line.get("title") == "bbox 72 84 187 94; baseline 0 -2; x_size 10"


def test_write_streams_to_a_path_atomically_and_to_a_stream(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    with _doc(PARAGRAPHS) as doc:
        doc.write_json(target)
        stream = io.BytesIO()
        doc.write_hocr(stream)
        doc.write_alto(tmp_path / "out.xml", dehyphenate=True)
        chunks = list(doc.export("json"))
    assert json.loads(target.read_text())["pages"][0]["page"] == 1
    assert stream.getvalue().startswith(b"<?xml")
    assert (tmp_path / "out.xml").read_bytes().startswith(b"<?xml")
    assert len(chunks) == 3  # head, one page, tail: pages are written one at a time
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "out.xml"]  # no temp files left


def test_export_reads_pages_lazily() -> None:
    with _doc(*[b"BT /F1 10 Tf 72 700 Td (page) Tj ET"] * 3) as doc:
        seen: list[int] = []
        chunks = doc.export("hocr", progress=lambda done, total: seen.append(done))
        next(chunks)
        assert seen == []
        next(chunks)
        assert seen == [1]


def test_bad_requests_raise_pdf_errors(tmp_path: Path) -> None:
    with _doc(PARAGRAPHS) as doc:
        with pytest.raises(pagetext.UsageError):
            doc.export("docx")
        with pytest.raises(pagetext.UsageError):
            doc.export("hocr", colour=True)
        with pytest.raises(pagetext.FileWriteError):
            doc.write_json(tmp_path / "missing" / "out.json")
        closed = io.BytesIO()
        closed.close()
        with pytest.raises(pagetext.FileWriteError):
            doc.write_alto(closed)  # type: ignore[arg-type]
        with pytest.raises(pagetext.UsageError):
            doc.write(object(), "json")  # type: ignore[arg-type]


def test_schema_ships_with_the_package() -> None:
    from pagetext.export.json import schema

    assert schema()["properties"]["schema"]["const"] == "pagetext/1"


@pytest.mark.parametrize("fmt", ["json", "hocr", "alto"])
def test_cli_formats(fmt: str, tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    pdf = new_pdf()
    add_page(pdf, PARAGRAPHS)
    source = tmp_path / "in.pdf"
    source.write_bytes(to_bytes(pdf))
    assert main([str(source), "--format", fmt, "-o", str(tmp_path / "out")]) == 0
    out = (tmp_path / "out").read_text()
    if fmt == "json":
        check_json(out, [PARAGRAPH_WORDS])
    elif fmt == "hocr":
        check_hocr(out, [PARAGRAPH_WORDS])
    elif SCHEMAS.is_dir():
        check_alto(out, [PARAGRAPH_WORDS])
    assert main([str(source), "--format", "json", "--glyphs"]) == 0
    assert "glyphs" in json.loads(capsysbinary.readouterr().out)["pages"][0]


PARAGRAPH_WORDS = "First line of the first paragraph goes on here. Second paragraph, well apart.".split()
