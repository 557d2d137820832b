"""Corpus cases in the ../shared/corpus/FORMAT.md layout, and its comparison normalisation."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_WHITESPACE = re.compile(r"\s+")


@dataclass
class Case:
    pdf: Path
    expect: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.pdf.stem

    @property
    def password(self) -> str | None:
        value = self.expect.get("password")
        return value if isinstance(value, str) else None

    @property
    def features(self) -> list[str]:
        return list(self.expect.get("features", []))


def load_cases(folder: Path) -> list[Case]:
    """Every <case>.pdf of a folder with its <case>.expect.json (empty when missing)."""
    if not folder.is_dir():
        return []
    result = []
    for pdf in sorted(folder.glob("*.pdf")):
        # By the whole stem: a case may have dots in its name (`odf_table.ods.pdf`, `2201.00069.pdf`).
        sidecar = pdf.with_name(f"{pdf.stem}.expect.json")
        expect = json.loads(sidecar.read_text("utf-8")) if sidecar.exists() else {}
        result.append(Case(pdf, expect))
    return result


def normalise(text: str) -> str:
    """FORMAT.md: NFC, every whitespace run (form feeds too) to one space, BOM and ends stripped."""
    text = text.lstrip("\ufeff")
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
