"""Cases of ../shared/corpus (see its FORMAT.md): a PDF and its sidecar of expectations."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
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


def cases(folder: str) -> list[Case]:
    root = CORPUS / folder
    if not root.is_dir():
        return []
    result = []
    for pdf in sorted(root.glob("*.pdf")):
        sidecar = pdf.with_suffix("").with_suffix(".expect.json")
        expect = json.loads(sidecar.read_text("utf-8")) if sidecar.exists() else {}
        result.append(Case(pdf, expect))
    return result


def normalise(text: str) -> str:
    """The comparison normalisation of FORMAT.md: NFC, whitespace runs to one space, stripped."""
    text = text.lstrip("\ufeff")
    return _WHITESPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()
