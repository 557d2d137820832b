"""Checks every export test shares: ALTO against the 4.4 XSD, hOCR structure, JSON against
the pagetext/1 schema, and each format's words against the text output's."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import xmlschema
from lxml import etree

from pagetext.export.json import schema

SCHEMAS = Path(__file__).resolve().parents[3] / "shared" / "schemas"
ALTO_NS = "{http://www.loc.gov/standards/alto/ns-v4#}"
XHTML_NS = "{http://www.w3.org/1999/xhtml}"
HOCR_LEVELS = ("ocr_page", "ocr_carea", "ocr_par", "ocr_line", "ocrx_word")
_BBOX = re.compile(r"bbox (\d+) (\d+) (\d+) (\d+)")


@functools.lru_cache(maxsize=1)
def alto_schema() -> xmlschema.XMLSchema:
    # The XLink import is served from the offline stub: the tests never reach the network.
    return xmlschema.XMLSchema(
        str(SCHEMAS / "alto-4-4.xsd"), locations={"http://www.w3.org/1999/xlink": str(SCHEMAS / "xlink.xsd")}
    )


@functools.lru_cache(maxsize=1)
def json_validator() -> jsonschema.protocols.Validator:
    document = schema()
    cls = jsonschema.validators.validator_for(document)
    cls.check_schema(document)
    return cls(document)


def check_alto(xml: str, expected: list[list[str]]) -> None:
    """Valid ALTO 4.4 whose pages' words (String CONTENT, a HYP's hyphen put back) are
    the expected words of each page."""
    alto_schema().validate(xml)
    root = etree.fromstring(xml.encode("utf-8"))
    pages = root.findall(f"{ALTO_NS}Layout/{ALTO_NS}Page")
    assert len(pages) == len(expected)
    for page, words in zip(pages, expected, strict=True):
        width, height = float(page.get("WIDTH")), float(page.get("HEIGHT"))
        found: list[str] = []
        for line in page.iter(f"{ALTO_NS}TextLine"):
            for item in line:
                if item.tag == f"{ALTO_NS}String":
                    found.append(item.get("CONTENT"))
                    x, y = float(item.get("HPOS")), float(item.get("VPOS"))
                    w, h = float(item.get("WIDTH")), float(item.get("HEIGHT"))
                    assert -0.01 <= x <= x + w <= width + 0.01 and -0.01 <= y <= y + h <= height + 0.01
                elif item.tag == f"{ALTO_NS}HYP":
                    found[-1] += item.get("CONTENT")
        assert found == words


def _bbox(element: Any) -> tuple[int, int, int, int]:
    match = _BBOX.search(element.get("title", ""))
    assert match, f"no bbox in {element.get('class')} {element.get('title')!r}"
    x0, y0, x1, y1 = (int(v) for v in match.groups())
    assert x0 <= x1 and y0 <= y1
    return x0, y0, x1, y1


def _inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def check_hocr(xml: str, expected: list[list[str]]) -> list[Any]:
    """Well-formed XHTML whose hOCR elements nest page > carea > par > line > word, each
    bbox inside its parent's and the page's, with the expected words on each page; returns
    the ocr_page elements."""
    root = etree.fromstring(xml.encode("utf-8"))
    assert root.tag == f"{XHTML_NS}html"
    pages = [e for e in root.iter(f"{XHTML_NS}div") if e.get("class") == "ocr_page"]
    assert len(pages) == len(expected)
    for page, words in zip(pages, expected, strict=True):
        title = page.get("title")
        assert "scan_res 72 72" in title and "ppageno" in title
        page_box = _bbox(page)
        assert page_box[:2] == (0, 0)
        found: list[str] = []
        for element in page.iter():
            cls = element.get("class")
            if cls not in HOCR_LEVELS or cls == "ocr_page":
                continue
            parent = element.getparent()
            assert parent.get("class") == HOCR_LEVELS[HOCR_LEVELS.index(cls) - 1]
            box = _bbox(element)
            assert _inside(box, _bbox(parent)) and _inside(box, page_box)
            if cls == "ocr_line":
                assert "x_size" in element.get("title")
            if cls == "ocrx_word":
                assert "x_wconf 100" in element.get("title")
                found.append(element.text)
        assert found == words
    return pages


def check_json(text: str, expected: list[list[str]]) -> dict[str, Any]:
    """Valid pagetext/1 JSON whose pages' words are the expected ones; returns it parsed."""
    record = json.loads(text)
    json_validator().validate(record)
    assert len(record["pages"]) == len(expected)
    for page, words in zip(record["pages"], expected, strict=True):
        found = [w["text"] for b in page["blocks"] for line in b["lines"] for w in line["words"]]
        assert found == words
        lines = [line["text"] for b in page["blocks"] for line in b["lines"]]
        assert " ".join(lines).split() == words
    return record
