"""The shared corpus beside the clone (../shared/corpus), read with the bench's own loader."""

from __future__ import annotations

from pathlib import Path

from bench.corpus import Case, load_cases, normalise

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

__all__ = ["CORPUS", "Case", "cases", "normalise"]


def cases(folder: str) -> list[Case]:
    return load_cases(CORPUS / folder)
