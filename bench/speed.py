"""Pages per second from the workers' answers: the median over documents and the total, as the
bench's speed table and `python -m bench.passes` compare them."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from bench.corpus import Case

Answers = dict[str, dict[str, dict[str, Any]]]  # label → case name → a worker's answer


@dataclass(frozen=True)
class Speed:
    median: float  # pages/s of the median document
    total: float  # pages/s over all documents
    pages: int
    seconds: float


def read_by_all(labels: list[str], cases: list[Case], raw: Answers) -> list[Case]:
    """The cases every worker read without error: speed is compared on those alone."""
    return [case for case in cases if all("error" not in raw[label][case.name] for label in labels)]


def speed_stats(labels: list[str], cases: list[Case], raw: Answers, counter: str | None) -> dict[str, Speed]:
    """Each worker's median and total pages/s over `cases`. A document's pages are counted as
    the worker `counter` read them (pagetext's, so that a library that drops pages is not
    faster for it); each worker's own count when `counter` is None."""
    stats: dict[str, Speed] = {}
    for label in labels:
        rates = []
        pages = 0
        seconds = 0.0
        for case in cases:
            answer = raw[label][case.name]
            count = len(raw[counter if counter is not None else label][case.name]["pages"])
            rates.append(count / max(answer["seconds"], 1e-6))
            pages += count
            seconds += answer["seconds"]
        median = statistics.median(rates) if rates else 0.0
        stats[label] = Speed(median, pages / seconds if seconds else 0.0, pages, seconds)
    return stats
