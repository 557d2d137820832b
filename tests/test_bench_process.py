"""The bench's worker processes (bench.process): a library that cannot be read is a result."""

from __future__ import annotations

from collections import Counter

from bench.corpus import Case
from bench.process import ROOT, Worker, turn_orders


def test_a_worker_whose_library_cannot_be_imported_answers_errors_and_closes() -> None:
    # Its process dies at each start: every job answers an error, and closing it is no crash.
    worker = Worker("no-such-library")
    case = Case(ROOT / "examples" / "sample.pdf")
    assert "error" in worker.run(case, 10)
    assert "error" in worker.run(case, 10)
    worker.process.wait(timeout=60)  # the worker started again after the error has died too
    worker.close()
    assert worker.max_rss_kb == 0


def test_turn_orders_let_each_worker_follow_each_other_worker_equally_often() -> None:
    # A fixed cyclic order made each library always read after the same one (pagetext after
    # pdfminer.six): every order is a permutation, every ordered pair of neighbours equally common.
    for count in range(2, 9):
        orders = turn_orders(count)
        assert len(orders) == (count if count % 2 == 0 else 2 * count)
        assert all(sorted(order) == list(range(count)) for order in orders)
        followers = Counter((order[i], order[i + 1]) for order in orders for i in range(count - 1))
        assert len(followers) == count * (count - 1)
        assert set(followers.values()) == {1 if count % 2 == 0 else 2}
        starters = Counter(order[0] for order in orders)
        assert len(starters) == count and set(starters.values()) == {len(orders) // count}
