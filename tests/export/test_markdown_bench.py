"""The Markdown structure benchmark's development set (bench/markdown_docs.py: documents of
known structure drawn with reportlab): floors under what pagetext scores on it, so that a
change that loses headings, splits paragraphs or drops table cells fails here."""

from __future__ import annotations

import statistics
import warnings

import pytest

pytest.importorskip("reportlab")

# Measured on the dev set (12 documents, 2026-12-05): heading F1 1.000, paragraph integrity
# 0.997, list F1 0.998, table cell F1 1.000, adjacency F1 0.994, order similarity 1.000.
FLOORS = {"heading": 0.99, "integrity": 0.99, "list": 0.99, "cells": 0.99, "adjacency": 0.98, "order": 0.99}


def test_markdown_structure_on_the_development_set() -> None:
    import pagetext
    from bench.markdown import score
    from bench.markdown_docs import ensure_set, load_model

    found: dict[str, list[float]] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in ensure_set("dev"):
            with pagetext.open(path) as doc:
                scores = score(doc.to_markdown(), load_model(path))
            for name, value in scores.items():
                if value is not None:
                    found.setdefault(name, []).append(value)
    means = {name: statistics.fmean(values) for name, values in found.items()}
    assert {name: means[name] >= floor for name, floor in FLOORS.items()} == dict.fromkeys(FLOORS, True), (
        means
    )
