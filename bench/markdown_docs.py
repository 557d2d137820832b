"""Test documents of known structure for the Markdown benchmark: the model, drawn from a seed.

A document is a list of blocks (heading, paragraph, list, table, caption, code, references)
plus the layout parameters it is set with (bench.markdown_render draws it with reportlab).
Texts are sentences of the licence texts in /usr/share/common-licenses: real prose, so that
paragraphs wrap over several lines as in a paper. Words with hyphens are left out, so that a
hyphen in an output is never the source's. Everything is drawn from random.Random(seed), so a
seed gives the same model on every machine that has the same licence files.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

PROSE_DIR = Path("/usr/share/common-licenses")
PROSE_FILES = ("GPL-3", "Apache-2.0", "GFDL-1.3", "MPL-2.0", "LGPL-2.1", "Artistic", "GPL-2")
CACHE = Path(__file__).resolve().parent / ".cache" / "markdown"
SETS = {"dev": range(0, 12), "heldout": range(100, 112)}
# Bumped when the model or its rendering changes, so that cached PDFs are drawn again.
GENERATOR_VERSION = 2

# Sentences of 8 to 45 words: shorter ones are licence headings and list fragments, longer
# ones legal run-ons that would make one sentence a whole paragraph.
SENTENCE_WORDS = (8, 45)
# A sentence is kept only when made of plain words and ordinary punctuation (no hyphens,
# no quotes that tools may turn curly, no section signs or brackets).
_PLAIN = re.compile(r"^[A-Z][A-Za-z0-9 ,;:.]*[a-z][.]$")
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
Block = dict[str, Any]
Model = dict[str, Any]


@lru_cache(maxsize=1)
def sentences() -> tuple[str, ...]:
    """The plain sentences of the licence texts, each once, in file order."""
    seen: dict[str, None] = {}
    for name in PROSE_FILES:
        path = PROSE_DIR / name
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for chunk in re.split(r"\n\s*\n", text):
            flat = re.sub(r"\s+", " ", chunk).strip()
            for sentence in _SPLIT.split(flat):
                low, high = SENTENCE_WORDS
                if _PLAIN.match(sentence) and low <= len(sentence.split()) <= high and ".." not in sentence:
                    seen.setdefault(sentence, None)
    return tuple(seen)


@lru_cache(maxsize=1)
def vocabulary() -> tuple[str, ...]:
    """Words of four letters or more from the sentences, for headings, labels and code."""
    words = {w.lower() for s in sentences() for w in re.findall(r"\b[A-Za-z]{4,12}\b", s)}
    return tuple(sorted(words))


def roman(number: int) -> str:
    numerals = ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"))
    out = ""
    for value, letters in numerals:
        while number >= value:
            out += letters
            number -= value
    return out


# List marker styles as drawn: the bullet character, or the format of the ordinal.
MARKERS = ("•", "–", "1.", "a)", "(iv)")


def marker(style: str, index: int) -> str:
    """The marker drawn before item `index` (from 1) of a list in `style`."""
    if style in ("•", "–"):
        return style
    if style == "1.":
        return f"{index}."
    if style == "a)":
        return f"{chr(ord('a') + index - 1)})"
    return f"({roman(index)})"


class Drawer:
    """Draws texts from the sentence pool without repeating one within a document."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.pool = list(sentences())
        rng.shuffle(self.pool)
        self.words = vocabulary()
        self.used_words: set[str] = set()

    def sentence(self) -> str:
        return self.pool.pop()

    def paragraph(self, chars: int) -> str:
        text = self.sentence()
        while len(text) < chars:
            text += " " + self.sentence()
        return text

    def phrase(self, low: int, high: int) -> str:
        """Title Case words, none used before in the document (headings stay unique)."""
        words: list[str] = []
        count = self.rng.randint(low, high)
        while len(words) < count:
            word = self.rng.choice(self.words)
            if word not in self.used_words:
                self.used_words.add(word)
                words.append(word.capitalize())
        return " ".join(words)

    def item(self) -> str:
        """A list item: one sentence, often cut to its first clause."""
        text = self.sentence()
        head = text.split(",")[0].rstrip(".;:")
        return head + "." if len(head.split()) >= 5 and self.rng.random() < 0.5 else text


def parameters(rng: random.Random) -> dict[str, Any]:
    """The layout a document is set in."""
    body = rng.choice((9, 9.5, 10, 10.5, 11, 12))
    return {
        "font": rng.choice(("Times", "Helvetica")),
        "body_size": body,
        "h1_scale": rng.choice((1.6, 1.8, 2.0)),
        "h2_scale": rng.choice((1.2, 1.3, 1.4)),
        "h3_scale": rng.choice((1.0, 1.1)),
        "h2_bold": rng.random() < 0.8,
        "h3_style": rng.choice(("bold", "italic", "bolditalic")),
        "justify": rng.random() < 0.5,
        "indent_first": rng.random() < 0.5,
        "columns": rng.choice((1, 1, 2)),
        "numbered_sections": rng.random() < 0.5,
        "running_head": rng.random() < 0.7,
        "footer": rng.choice(("plain", "page", "dash", "of")),
    }


def _list(drawer: Drawer, depth: int) -> Block:
    rng = drawer.rng
    style = rng.choice(MARKERS if depth == 0 else ("–", "a)", "(iv)", "•"))
    items: list[Block] = []
    for _ in range(rng.randint(2, 5)):
        item: Block = {"text": drawer.item(), "children": None}
        if depth == 0 and rng.random() < 0.25:
            item["children"] = _list(drawer, 1)
        items.append(item)
    return {"kind": "list", "style": style, "items": items}


def _cell(drawer: Drawer, column: int) -> str:
    rng = drawer.rng
    if column == 0:
        return rng.choice(drawer.words).capitalize()
    if rng.random() < 0.7:
        return rng.choice((f"{rng.randint(1, 999)}", f"{rng.randint(1, 99)}.{rng.randint(0, 9)}"))
    return rng.choice(drawer.words)


def _table(drawer: Drawer, number: int, narrow: bool) -> list[Block]:
    """A caption and a ruled table; in a narrow column at most three columns of one-word
    headers, so that no word is wider than its cell."""
    rng = drawer.rng
    columns, body_rows = rng.randint(3, 3 if narrow else 5), rng.randint(3, 6)
    header = [{"text": drawer.phrase(1, 1 if narrow else 2), "span": 1} for _ in range(columns)]
    if rng.random() < 0.5:  # a header cell over two columns, as "Sales" over "2023" and "2024"
        start = rng.randint(0, columns - 2)
        header[start : start + 2] = [{"text": drawer.phrase(1, 2), "span": 2}]
    rows = [[{"text": _cell(drawer, c), "span": 1} for c in range(columns)] for _ in range(body_rows)]
    caption: Block = {"kind": "caption", "text": f"Table {number}. {drawer.item()}"}
    table: Block = {"kind": "table", "rows": [header, *rows]}
    return [caption, table] if rng.random() < 0.5 else [table, caption]


def _code(drawer: Drawer) -> Block:
    rng = drawer.rng
    names = [rng.choice(drawer.words) for _ in range(4)]
    lines = [
        f"def {names[0]}({names[1]}, {names[2]}):",
        f"    total = {names[1]} + {rng.randint(2, 99)}",
        f"    if total > {names[2]}:",
        f"        return {names[3]}(total)",
        "    return total",
    ]
    return {"kind": "code", "lines": lines[: rng.randint(3, 5)]}


def _references(drawer: Drawer) -> Block:
    rng = drawer.rng
    items = []
    for number in range(1, rng.randint(3, 6)):
        author = f"{drawer.phrase(1, 1)}, {chr(rng.randint(65, 90))}."
        items.append(f"[{number}] {author} {drawer.item()} {drawer.phrase(1, 2)}, {rng.randint(1980, 2024)}.")
    return {"kind": "references", "items": items}


def build_model(seed: int) -> Model:
    """The document of a seed: its layout parameters and its blocks."""
    rng = random.Random(seed)
    params = parameters(rng)
    drawer = Drawer(rng)
    per_line = (1 if params["columns"] == 1 else 0.47) * 468 / (0.5 * params["body_size"])
    blocks: list[Block] = [{"kind": "heading", "level": 1, "text": drawer.phrase(3, 7)}]
    tables = 0
    for section in range(1, rng.randint(3, 5) + 1):
        name = drawer.phrase(1, 4)
        number = f"{section} " if params["numbered_sections"] else ""
        blocks.append({"kind": "heading", "level": 2, "text": number + name})
        subsections = rng.choice((0, 0, 1, 2))
        for sub in range(subsections + 1):
            if sub:
                number = f"{section}.{sub} " if params["numbered_sections"] else ""
                blocks.append({"kind": "heading", "level": 3, "text": number + drawer.phrase(1, 4)})
            for _ in range(rng.randint(1, 3)):
                lines = rng.randint(2, 8)
                blocks.append({"kind": "paragraph", "text": drawer.paragraph(int(lines * per_line * 0.9))})
                extra = rng.random()
                if extra < 0.2:
                    blocks.append(_list(drawer, 0))
                elif extra < 0.32:
                    tables += 1
                    blocks.extend(_table(drawer, tables, params["columns"] == 2))
                elif extra < 0.4:
                    blocks.append(_code(drawer))
    blocks.append({"kind": "heading", "level": 2, "text": "References"})
    blocks.append(_references(drawer))
    return {"seed": seed, "version": GENERATOR_VERSION, "params": params, "blocks": blocks}


def ensure_set(name: str, cache: Path = CACHE) -> list[Path]:
    """The PDFs of a set, drawn into the cache when missing or made by another model."""
    from bench.markdown_render import render

    folder = cache / name
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for seed in SETS[name]:
        model = build_model(seed)
        pdf, stored = folder / f"{name}_{seed:03d}.pdf", folder / f"{name}_{seed:03d}.json"
        old = json.loads(stored.read_text(encoding="utf-8")) if stored.exists() else None
        if not pdf.exists() or old is None or {k: old.get(k) for k in model} != model:
            model["furniture"] = render(model, pdf)
            stored.write_text(json.dumps(model, indent=1, ensure_ascii=False), encoding="utf-8")
        paths.append(pdf)
    return paths


def load_model(pdf: Path) -> Model:
    model: Model = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
    return model
