"""Every format on the shared corpus: each file of generated/ and a fixed sample of real/.

ALTO is validated against the 4.4 XSD (xmlschema, offline XLink stub), hOCR is checked for
its structure (lxml: classes, nesting, boxes inside the page), JSON against the pagetext/1
JSON Schema; in every format the words of each page are the text output's words.
"""

from __future__ import annotations

import warnings

import pytest

import pagetext
from pagetext.export.alto import to_alto
from pagetext.export.hocr import to_hocr
from pagetext.export.json import to_json
from tests.corpus import CORPUS, cases
from tests.export.checks import SCHEMAS, check_alto, check_hocr, check_json

pytestmark = pytest.mark.skipif(
    not (CORPUS / "generated").is_dir() or not SCHEMAS.is_dir(), reason="needs ../shared/corpus and schemas"
)

REAL_SAMPLE = 20
PAGES = "1-3"  # a real file's first pages: enough for the formats, fast enough to run twice
# Roles (running heads) read every page of a document once; the sample keeps to short files
# so that the suite stays fast (long documents are the streaming test's business).
MAX_PAGES = 8


def _generated() -> list[str]:
    return sorted(case.name for case in cases("generated")) if (CORPUS / "generated").is_dir() else []


def _real() -> list[str]:
    """A fixed sample: every k-th file by name of the short ones that open without a password."""
    if not (CORPUS / "real").is_dir():
        return []
    names = sorted(
        case.name
        for case in cases("real")
        if case.password is None and case.expect.get("pages", 1) <= MAX_PAGES
    )
    step = max(1, len(names) // REAL_SAMPLE)
    return names[::step][:REAL_SAMPLE]


def _check(folder: str, name: str) -> None:
    path = CORPUS / folder / f"{name}.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pagetext.open(path) as doc:
            count = len(doc)
            indices = pagetext.parse_page_range(PAGES, count) if count > 3 else list(range(count))
            pages = [doc[i] for i in indices]  # one Page each: the glyphs are read once
            expected = [page.text().split() for page in pages]
            check_alto(to_alto(pages), expected)
            check_hocr(to_hocr(pages), expected)
            check_json(to_json(pages, metadata=doc.metadata), expected)


@pytest.mark.parametrize("name", _generated())
def test_generated(name: str) -> None:
    _check("generated", name)


@pytest.mark.parametrize("name", _real())
def test_real_sample(name: str) -> None:
    _check("real", name)
