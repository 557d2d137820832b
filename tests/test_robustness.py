"""Hostile and broken input: budgets, bombs, deep forms, fuzzed bytes — never a crash or hang."""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import warnings
import zlib
from pathlib import Path

import pikepdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pikepdf import Dictionary, Name

import pagetext
from pagetext.fonts.cmap_file import parse_cmap
from pagetext.syntax.lexer import iter_operations
from tests.corpus import NO_CORPUS, cases
from tests.pdfbuild import add_page, form, new_pdf, open_page, simple_font, to_bytes

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _page_bytes(content: bytes) -> bytes:
    pdf = new_pdf()
    add_page(pdf, content)
    return to_bytes(pdf)


def test_operator_budget_gives_partial_text_or_raises_in_strict_mode() -> None:
    content = b"BT /F1 10 Tf 100 700 Td (Start) Tj ET " + b"0 0 m " * 5000 + b"BT /F1 10 Tf (End) Tj ET"
    data = _page_bytes(content)
    with pagetext.open(data, limits=pagetext.Limits(max_operators=4096)) as doc:
        page = doc[0]
        assert page.text() == "Start"
        assert any("more than 4096 operators" in w for w in page.warnings)
    strict = pagetext.Limits(max_operators=4096, strict=True)
    with pagetext.open(data, limits=strict) as doc, pytest.raises(pagetext.LimitExceeded, match="operators"):
        doc[0].text()
    with pagetext.open(data) as doc:
        assert doc[0].text() == "Start\nEnd"


def test_glyph_and_time_budgets() -> None:
    data = _page_bytes(b"BT /F1 10 Tf 100 700 Td (ABCDEFGH) Tj (IJKL) Tj ET")
    with pagetext.open(data, limits=pagetext.Limits(max_glyphs=10)) as doc:
        page = doc[0]
        assert page.text() == "ABCDEFGHIJKL"  # the run that crosses the budget is kept
        assert any("more than 10 glyphs" in w for w in page.warnings)
    slow = _page_bytes(b"BT /F1 10 Tf (A) Tj ET " + b"0 0 m " * 9000)
    with pagetext.open(slow, limits=pagetext.Limits(max_seconds=1e-9)) as doc:
        page = doc[0]
        assert page.text() == "A"
        assert any("longer than" in w for w in page.warnings)


def test_decompression_bomb_is_read_up_to_its_budget() -> None:
    pdf = new_pdf()
    add_page(pdf, b"")
    payload = b"BT /F1 10 Tf 100 700 Td (Bomb) Tj ET\n" + b" " * (64 * 1024 * 1024)
    pdf.pages[0].obj.Contents = pdf.make_stream(zlib.compress(payload, 9), Filter=Name.FlateDecode)
    with pagetext.open(to_bytes(pdf), limits=pagetext.Limits(max_stream_bytes=1024 * 1024)) as doc:
        page = doc[0]
        assert page.text() == "Bomb"
        assert any("more than 1048576 bytes" in w for w in page.warnings)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2 * 1024 * 1024  # KiB: under 2 GiB


def test_forms_nested_ten_thousand_deep() -> None:
    pdf = new_pdf()
    font = simple_font(pdf)
    chain = form(pdf, b"BT /F1 10 Tf (Z) Tj ET", resources=Dictionary(Font=Dictionary(F1=font)))
    for _ in range(10_000):
        chain = form(pdf, b"/N Do", resources=Dictionary(XObject=Dictionary(N=chain)))
    add_page(pdf, b"BT /F1 10 Tf 100 700 Td (Top) Tj ET /N Do", fonts={"F1": font}, xobjects={"N": chain})
    with pagetext.open(to_bytes(pdf)) as doc:
        page = doc[0]
        assert page.text() == "Top"
        assert any("deeper than 32" in w for w in page.warnings)


@FUZZ
@given(st.binary(max_size=400))
def test_lexer_never_raises(data: bytes) -> None:
    for _ in iter_operations(data, lambda message: None):
        pass


_TOKENS = [
    b"BT",
    b"ET",
    b"q",
    b"Q",
    b"cm",
    b"Tf",
    b"Td",
    b"TD",
    b"Tm",
    b"T*",
    b"Tj",
    b"TJ",
    b"'",
    b'"',
    b"Tc",
    b"Tw",
    b"Tz",
    b"TL",
    b"Ts",
    b"Tr",
    b"Do",
    b"BDC",
    b"BMC",
    b"EMC",
    b"BI",
    b"ID",
    b"EI",
    b"/F1",
    b"/Fm",
    b"/P",
    b"1",
    b"-3.5",
    b"0",
    b"1e9",
    b"(x)",
    b"<41>",
    b"[",
    b"]",
    b"<<",
    b">>",
    b"/MCID",
    b"(",
    b")",
    b"%",
    b"\n",
    b"\\",
    b"99999999999999999999",
]


@FUZZ
@given(st.lists(st.sampled_from(_TOKENS), max_size=80))
def test_interpreter_survives_token_soup(tokens: list[bytes]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        page = open_page(b" ".join(tokens))
        page.text()
        page.glyphs(forms=True)


@FUZZ
@given(
    st.lists(
        st.sampled_from(
            [
                b"begincodespacerange",
                b"endcodespacerange",
                b"beginbfchar",
                b"endbfchar",
                b"beginbfrange",
                b"endbfrange",
                b"begincidrange",
                b"endcidrange",
                b"usecmap",
                b"/WMode",
                b"def",
                b"<00>",
                b"<FFFF>",
                b"<0041>",
                b"[<0041> <0042>]",
                b"12",
                b"/Identity-H",
                b"/Nope",
                b"<D800>",
                b"(a)",
            ]
        ),
        max_size=60,
    )
)
def test_cmap_parser_survives_token_soup(tokens: list[bytes]) -> None:
    cmap, _ = parse_cmap(b" ".join(tokens), lambda message: None)
    list(cmap.split(b"\x00\x41\xff\xff\x01"))


SAMPLE = (Path(__file__).resolve().parent.parent / "examples" / "sample.pdf").read_bytes()


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, len(SAMPLE) - 1), st.integers(0, 255)), max_size=12),
    st.integers(0, len(SAMPLE)),
)
def test_whole_file_open_survives_byte_flips_and_cuts(flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(SAMPLE)
    for position, value in flips:
        data[position] = value
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with pagetext.open(bytes(data[:cut] if cut > 20 else data)) as doc:
                for page in doc:
                    page.text()
        except pagetext.PdfError:
            pass


def _mutations(data: bytes, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    flipped = bytearray(data)
    for _ in range(20):
        flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    cut = rng.randrange(len(data))
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randrange(1, 2000)]
    return [bytes(flipped), data[:cut], data[:cut] + chunk + data[cut:]]


MUTATION_SOURCES = [
    case for case in cases("real") if case.pdf.stat().st_size < 300_000 and not case.password
][:12]


@pytest.mark.skipif(not MUTATION_SOURCES, reason=NO_CORPUS)
@pytest.mark.parametrize("seed", range(6))
def test_mutated_real_files_fail_only_with_pdf_errors(seed: int) -> None:
    source = MUTATION_SOURCES[seed % len(MUTATION_SOURCES)]
    for data in _mutations(source.pdf.read_bytes(), seed):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with pagetext.open(data) as doc:
                    for page in doc:
                        page.text()
            except pagetext.PdfError:
                pass


ROBUSTNESS = cases("robustness")


def _limit_memory() -> None:
    two_gib = 2 * 1024**3
    resource.setrlimit(resource.RLIMIT_AS, (two_gib, two_gib))


@pytest.mark.skipif(not ROBUSTNESS, reason=NO_CORPUS)
@pytest.mark.parametrize("case", ROBUSTNESS, ids=lambda case: case.name)
def test_robustness_file_through_the_command_line(case: object) -> None:
    # The timeout guards against a hang (it is no speed target): these files take well under
    # a second each. Memory is capped at 2 GiB.
    result = subprocess.run(
        [sys.executable, "-m", "pagetext", str(case.pdf)],  # type: ignore[attr-defined]
        capture_output=True, timeout=60, preexec_fn=_limit_memory, check=False,
    )  # fmt: skip
    assert result.returncode in (0, 1, 3), result.stderr.decode(errors="replace")
    assert b"Traceback" not in result.stderr
    assert pikepdf  # pikepdf builds the inputs above


@pytest.mark.skipif(not ROBUSTNESS, reason=NO_CORPUS)
def test_messages_for_bytes_input_do_not_name_python_objects() -> None:
    # qpdf names a file object it reads as "stream <_io.BytesIO object at 0x...>"; a message
    # made from it must say "the PDF data", as a user (or a server's client) knows it.
    messages = []
    for case in ROBUSTNESS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                with pagetext.open(case.pdf.read_bytes()):  # type: ignore[attr-defined]
                    pass
            except pagetext.PdfError as error:
                messages.append(str(error))
    assert any("encryption pagetext cannot open" in m for m in messages)
    assert not [m for m in messages if "object at 0x" in m]
