"""Redaction on PDFs built in code: one test per way text reaches the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

import pagetext
from pagetext.errors import UnsupportedError
from pagetext.geometry import Box
from tests.corpus import CORPUS, NO_CORPUS
from tests.edit.checks import assert_redacted, stream_bytes
from tests.pdfbuild import add_page, form, identity_font, new_pdf, simple_font


def _write(tmp_path: Path, content: bytes | list[bytes], **options: Any) -> Path:
    pdf = new_pdf()
    options = {k: (v(pdf) if callable(v) else v) for k, v in options.items()}
    add_page(pdf, content, **options)
    path = tmp_path / "in.pdf"
    pdf.save(path)
    return path


def _content(path: Path) -> bytes:
    """The page's content streams, joined."""
    with pikepdf.open(path) as pdf:
        contents = pdf.pages[0].Contents
        parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        return b"\n".join(part.read_bytes() for part in parts)


def _redact_word(path: Path, word: str, **options: Any) -> tuple[Path, int]:
    out = path.with_name("out.pdf")
    with pagetext.open(path) as doc:
        hits = doc.search(word)
        assert hits, f"{word!r} not found"
        report = doc.redact(hits, out, **options)
    return out, report.glyphs_removed


def test_tj(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (top secret plans) Tj ET")
    out, removed = _redact_word(path, "secret")
    assert removed == 6
    text = assert_redacted(path, out, "secret", 6, [b"secret"])
    assert text == "top plans"


def test_tj_with_kerning_and_one_adjustment_per_run(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td [(Al) -30 (pha sec) 45 (ret Omega)] TJ ET")
    out, _ = _redact_word(path, "secret")
    assert_redacted(path, out, "secret", 6, [b"sec", b"ret"])
    content = _content(out)
    # "sec", the kern 45 and "ret" became one number: the widths of the halves do not show.
    array = content[content.index(b"[") : content.index(b"]") + 1]
    assert array == b"[(Al) -30 <70686120> -2955 <204F6D656761>]"  # "pha ", " Omega" in hex


def test_spacing_operators(tmp_path: Path) -> None:
    content = b"BT /F1 10 Tf 0.4 Tc 7 Tw 80 Tz 3 Ts 72 700 Td (one secret two) Tj ET"
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "secret")
    assert assert_redacted(path, out, "secret", 6, [b"secret"]) == "one two"


def test_quote_operators(tmp_path: Path) -> None:
    content = (
        b"BT /F1 10 Tf 14 TL 72 700 Td (first line) Tj (a secret here) ' 4 1 (the secret again) \" (end) ' ET"
    )
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "secret")
    text = assert_redacted(path, out, "secret", 12, [b"secret"])
    assert text.split("\n") == ["first line", "a here", "the again", "end"]


def test_word_split_over_two_strings(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td [(my pass) (word is) -250 (here)] TJ ET")
    out, _ = _redact_word(path, "password")
    assert assert_redacted(path, out, "password", 8, [b"pass", b"word"]) == "my is here"


def test_hit_across_a_line_break(tmp_path: Path) -> None:
    content = b"BT /F1 12 Tf 72 700 Td (the launch code is) Tj 0 -14 Td (alpha seven) Tj ET"
    path = _write(tmp_path, content)
    with pagetext.open(path) as doc:
        hits = doc.search("is alpha")
        assert len(hits) == 1 and len(hits[0].quads) == 2
        assert hits[0].text == "is\nalpha"
        doc.redact(hits, tmp_path / "out.pdf")
    text = assert_redacted(path, tmp_path / "out.pdf", "alpha", 7, [b"alpha"])
    assert text == "the launch code\nseven"


def test_hyphenated_line_end(tmp_path: Path) -> None:
    content = b"BT /F1 12 Tf 72 700 Td (a confi-) Tj 0 -14 Td (dential note) Tj ET"
    path = _write(tmp_path, content)
    with pagetext.open(path) as doc:
        assert [h.text for h in doc.search("confidential")] == ["confi-\ndential"]


def _two_uses(pdf: pikepdf.Pdf) -> dict[str, Any]:
    inner = form(
        pdf,
        b"BT /F1 10 Tf 0 0 Td (stamp secret) Tj ET",
        resources=Dictionary(Font=Dictionary(F1=simple_font(pdf))),
    )
    return {"X": inner}


def test_form_drawn_twice_one_use_redacted(tmp_path: Path) -> None:
    content = b"q 1 0 0 1 100 600 cm /X Do Q q 1 0 0 1 100 300 cm /X Do Q"
    path = _write(tmp_path, content, xobjects=_two_uses)
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        lower = [h for h in doc.search("secret") if h.glyphs[0].baseline_start[1] < 400]
        assert len(lower) == 1
        doc.redact(lower, out)
    with pikepdf.open(out) as pdf:
        xobjects = pdf.pages[0].Resources.XObject
        assert len(xobjects) == 2  # the original, still drawn by the upper use, and the copy
    text = assert_redacted(path, out, "never", 6, [])
    assert text.split("\n") == ["stamp secret", "stamp"]


def test_identity_h_two_byte_codes(tmp_path: Path) -> None:
    chars = {0x0101: "s", 0x0102: "e", 0x0103: "c", 0x0104: "r", 0x0105: "t", 0x0106: "o", 0x0107: " "}
    widths = {code: 600 for code in chars}

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": identity_font(pdf, chars, widths=widths)}

    def codes(text: str) -> bytes:
        reverse = {v: k for k, v in chars.items()}
        return b"".join(reverse[c].to_bytes(2, "big") for c in text)

    string = codes("to secret to")
    content = b"BT /F1 12 Tf 72 700 Td <" + string.hex().encode() + b"> Tj ET"
    path = _write(tmp_path, content, fonts=fonts)
    out, removed = _redact_word(path, "secret")
    assert removed == 6
    assert assert_redacted(path, out, "secret", 6, [codes("secret")]) == "to to"


def test_ligature_half_covered(tmp_path: Path) -> None:
    # Code 0xC0 is the "fi" ligature (ToUnicode "fi"), 1000 units wide at 10 pt: 10 points.
    to_unicode = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
        b"1 begincodespacerange <00> <FF> endcodespacerange\n"
        b"1 beginbfchar <C0> <00660069> endbfchar\n"
        b"endcmap CMapName currentdict /CMap defineresource pop end end"
    )
    widths = [500] * 95 + [0] * (0xC0 - 127) + [1000]

    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        return {"F1": simple_font(pdf, widths=widths, to_unicode=to_unicode)}

    path = _write(tmp_path, b"BT /F1 10 Tf 100 700 Td (a \xc0ne day) Tj ET", fonts=fonts)
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        glyph = next(g for g in doc[0].glyphs() if g.text == "fi")
        x0 = glyph.bbox.x0
        # Only the left half of the ligature (the "f") is under the area.
        doc.redact([(1, Box(x0 - 0.5, 690, x0 + 5, 720))], out)
    text = assert_redacted(path, out, "fi", 1, [b"\xc0"])
    assert text == "a ne day"


def test_rotated_page(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (keep secret keep) Tj ET", Rotate=90)
    out, _ = _redact_word(path, "secret")
    assert assert_redacted(path, out, "secret", 6, [b"secret"]) == "keep keep"
    with pikepdf.open(out) as pdf:
        assert pdf.pages[0].Rotate == 90


def test_encrypted_input(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 12 Tf 72 700 Td (the secret word) Tj ET")
    path = tmp_path / "in.pdf"
    pdf.save(path, encryption=pikepdf.Encryption(owner="owner", user="user"))
    out = tmp_path / "out.pdf"
    with pagetext.open(path, password="user") as doc:
        doc.redact(doc.search("secret"), out)
    assert assert_redacted(path, out, "secret", 6, [b"secret"], password="user") == "the word"
    with pikepdf.open(out, password="user") as result:
        assert result.is_encrypted


def test_content_array_only_the_edited_part_changes(tmp_path: Path) -> None:
    parts = [b"BT /F1 12 Tf 72 700 Td (public) Tj ET", b"BT /F1 12 Tf 72 680 Td (private data) Tj ET"]
    path = _write(tmp_path, parts)
    out, _ = _redact_word(path, "private", fill=None)
    assert assert_redacted(path, out, "private", 7, [b"private"]) == "public\ndata"
    with pikepdf.open(path) as before, pikepdf.open(out) as after:
        old, new = before.pages[0].Contents, after.pages[0].Contents
        assert len(new) == 2 and new[0].read_bytes() == old[0].read_bytes()


def test_fill_paints_the_hit(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (a secret) Tj ET")
    out, _ = _redact_word(path, "secret")
    content = _content(out)
    assert b" rg" in content and b" re" not in content and b"h f" in content


def test_actual_text_of_a_covered_span_is_removed(tmp_path: Path) -> None:
    content = b"/Span << /ActualText (secret) >> BDC BT /F1 12 Tf 72 700 Td (secret) Tj ET EMC"
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "secret")
    assert b"secret" not in stream_bytes(out)


def test_annotation_appearance_flattened(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_page(pdf, b"BT /F1 12 Tf 72 700 Td (page text) Tj ET")
    appearance = form(
        pdf,
        b"BT /F1 10 Tf 2 5 Td (note secret) Tj ET",
        resources=Dictionary(Font=Dictionary(F1=simple_font(pdf))),
        bbox=[0, 0, 200, 20],
    )
    annot = Dictionary(
        Type=Name.Annot, Subtype=Name.FreeText, Rect=Array([100, 500, 300, 520]), AP=Dictionary(N=appearance)
    )
    page.obj.Annots = Array([pdf.make_indirect(annot)])
    path = tmp_path / "in.pdf"
    pdf.save(path)
    out, _ = _redact_word(path, "secret")
    text = assert_redacted(path, out, "secret", 6, [b"secret"])
    assert text.split("\n") == ["page text", "note"]
    with pikepdf.open(out) as result:
        assert len(result.pages[0].get("/Annots", [])) == 0


def test_type3_refused_unless_forced(tmp_path: Path) -> None:
    def fonts(pdf: pikepdf.Pdf) -> dict[str, Any]:
        font = simple_font(pdf, subtype="Type3")
        font.FontMatrix = Array([0.001, 0, 0, 0.001, 0, 0])
        font.FontBBox = Array([0, 0, 1000, 1000])
        font.CharProcs = Dictionary()
        font.Resources = Dictionary()
        return {"F1": font}

    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (a secret) Tj ET", fonts=fonts)
    with pagetext.open(path) as doc:
        with pytest.raises(UnsupportedError, match="Type3"):
            doc.redact(doc.search("secret"), tmp_path / "out.pdf")
        assert not (tmp_path / "out.pdf").exists()
        report = doc.redact(doc.search("secret"), tmp_path / "out.pdf", force=True)
    assert report.pages[0].covered_only


def test_nothing_outside_the_targets_changes(tmp_path: Path) -> None:
    content = b"0 0 1 rg 50 50 100 100 re f BT /F1 12 Tf 72 700 Td (drop this) Tj ET"
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "drop", fill=None)
    data = _content(out)
    assert data.startswith(b"0 0 1 rg 50 50 100 100 re f BT /F1 12 Tf 72 700 Td ")
    assert data.endswith(b"<2074686973>] TJ ET")  # " this", after one adjustment for "drop"


def _image(pdf: pikepdf.Pdf, value: int) -> pikepdf.Stream:
    image = pikepdf.Stream(pdf, bytes([value]) * 100)
    image.Type, image.Subtype = Name.XObject, Name.Image
    image.Width = image.Height = 10
    image.ColorSpace, image.BitsPerComponent = Name.DeviceGray, 8
    return image


def _images_page(tmp_path: Path) -> Path:
    pdf = new_pdf()
    content = b"q 100 0 0 100 100 100 cm /A Do Q q 100 0 0 100 300 100 cm /B Do Q"
    add_page(pdf, content, xobjects={"A": _image(pdf, 200), "B": _image(pdf, 100)})
    path = tmp_path / "in.pdf"
    pdf.save(path)
    return path


def test_images_kept_by_default_removed_or_blanked_on_request(tmp_path: Path) -> None:
    path = _images_page(tmp_path)
    area = (1, Box(90, 90, 150, 210))  # the left half of image A
    for mode in ("keep", "remove", "blank"):
        out = tmp_path / f"{mode}.pdf"
        with pagetext.open(path) as doc:
            report = doc.redact([area], out, fill=None, images=mode)
        assert report.pages[0].images == (0 if mode == "keep" else 1)
        content = _content(out)
        assert b"/B Do" in content
        with pikepdf.open(out) as pdf:
            if mode == "keep":
                assert b"/A Do" in content
            elif mode == "remove":
                assert b"/A Do" not in content and b" Do" in content
            else:
                name = next(k for k in pdf.pages[0].Resources.XObject if k.startswith("/A_r"))
                rows = pdf.pages[0].Resources.XObject[name].read_bytes()
                assert [rows[r * 10 : r * 10 + 10] for r in (0, 9)] == [bytes(5) + bytes([200]) * 5] * 2


def test_metadata_scrubbed_only_when_asked(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 12 Tf 72 700 Td (the secret) Tj ET")
    pdf.docinfo["/Title"] = "secret"
    path = tmp_path / "in.pdf"
    pdf.save(path)
    for scrub in (False, True):
        out = tmp_path / f"out{scrub}.pdf"
        with pagetext.open(path) as doc:
            doc.redact(doc.search("secret"), out, scrub_metadata=scrub)
        with pikepdf.open(out) as result:
            assert ("/Title" in result.docinfo) is not scrub


def test_structure_element_actual_text_removed(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_page(
        pdf, b"/Span << /MCID 0 >> BDC BT /F1 12 Tf 72 700 Td (a secret) Tj ET EMC", StructParents=0
    )
    element = pdf.make_indirect(
        Dictionary(Type=Name.StructElem, S=Name.Span, K=0, Pg=page.obj, ActualText=pikepdf.String("a secret"))
    )
    root = pdf.make_indirect(
        Dictionary(
            Type=Name.StructTreeRoot, K=element, ParentTree=Dictionary(Nums=Array([0, Array([element])]))
        )
    )
    element.P = root
    pdf.Root.StructTreeRoot = root
    pdf.Root.MarkInfo = Dictionary(Marked=True)
    path = tmp_path / "in.pdf"
    pdf.save(path)
    out, _ = _redact_word(path, "secret")
    assert_redacted(path, out, "secret", 6, [b"secret"])
    with pikepdf.open(out) as result:
        assert "/ActualText" not in result.Root.StructTreeRoot.K


def test_fill_drawn_in_the_initial_state_after_unbalanced_content(tmp_path: Path) -> None:
    content = b"q q 2 0 0 2 0 0 cm BT /F1 6 Tf 36 350 Td (a secret) Tj ET"  # two q left open
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "secret")
    content = _content(out)
    # Our q and the content's two are closed before the fill, which lands on the hit (2x scale).
    assert content.count(b"Q") == 4 and b"ET\n\nQ\nQ\nQ\n" in content
    assert b"84.000 697.600 m 120.000 697.600 l" in content


def test_a_q_with_none_open_is_dropped_before_the_content_is_wrapped(tmp_path: Path) -> None:
    # The Q restores nothing (a viewer ignores it); inside our q it would undo the 2x cm.
    content = b"2 0 0 2 0 0 cm Q BT /F1 6 Tf 36 350 Td (a secret) Tj ET"
    path = _write(tmp_path, content)
    out, _ = _redact_word(path, "secret")
    assert assert_redacted(path, out, "secret", 6, [b"secret"]) == "a"
    assert _content(out).startswith(b"q\n\n2 0 0 2 0 0 cm  BT")


def test_the_open_document_keeps_reading_the_original(tmp_path: Path) -> None:
    path = _write(tmp_path, b"BT /F1 12 Tf 72 700 Td (alpha secret omega) Tj ET")
    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    with pagetext.open(path) as doc:
        doc.redact(doc.search("secret"), first)
        assert doc.text() == "alpha secret omega"
        doc.redact(doc.search("omega"), second)  # a second redaction starts from the original
    with pagetext.open(first) as doc:
        assert doc.text() == "alpha omega"
    with pagetext.open(second) as doc:
        assert doc.text() == "alpha secret"


def test_inherited_page_attributes_stay_inherited(tmp_path: Path) -> None:
    """The page's box and resources stay on the Pages node they are inherited from: the
    redaction changes the content, not where the page tree keeps its attributes."""
    pdf = new_pdf()
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Keep Secret) Tj ET")
    page = pdf.pages[0].obj
    pdf.Root.Pages.Resources = page.Resources
    pdf.Root.Pages.MediaBox = page.MediaBox
    del page["/Resources"]
    del page["/MediaBox"]
    path = tmp_path / "in.pdf"
    pdf.save(path)
    out, removed = _redact_word(path, "Secret")
    assert removed == 6
    with pikepdf.open(out, inherit_page_attributes=False) as result:
        kept = result.pages[0].obj
        assert "/MediaBox" not in kept and "/Resources" not in kept
        assert "/MediaBox" in result.Root.Pages and "/Resources" in result.Root.Pages
    with pagetext.open(out) as doc:
        assert doc[0].text() == "Keep"


# Pages whose /Resources or /MediaBox come from a Pages node.
INHERITING = ["pdfbox__simple-openoffice.pdf", "pypdf__crazyones.pdf"]


@pytest.mark.parametrize("name", INHERITING)
def test_inherited_attributes_stay_on_the_page_tree(name: str, tmp_path: Path) -> None:
    """The redaction changes the page's content, not where the tree keeps its attributes."""
    path = CORPUS / "real" / name
    if not path.exists():
        pytest.skip(NO_CORPUS)
    with pikepdf.open(path, inherit_page_attributes=False) as pdf:
        own_before = set(pdf.pages[0].obj.keys()) & {"/Resources", "/MediaBox", "/CropBox", "/Rotate"}
    assert not {"/Resources", "/MediaBox"} <= own_before  # one of them is inherited
    out = tmp_path / "out.pdf"
    with pagetext.open(path) as doc:
        before = doc[0].text()
        word = next(w.text for w in doc[0].words() if len(w.text) > 3 and w.text.isalpha())
        doc.redact(doc[0].search(word, whole_words=True), out)
    with pikepdf.open(out, inherit_page_attributes=False) as pdf:
        own_after = set(pdf.pages[0].obj.keys()) & {"/Resources", "/MediaBox", "/CropBox", "/Rotate"}
    assert own_after == own_before
    with pagetext.open(out) as doc:
        after = doc[0].text()
    assert word in before and word not in after
    kept = [w for w in before.split() if word not in w]
    assert kept and all(w in after.split() for w in kept)
