"""Iterative deepening's stop rule under a clock: the planned time follows the best move's stability."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.ai.deepening import Deepening, Found
from game.ai.limits import STABILITY, SearchLimits

DEPTH_COST = 0.125
"""Seconds each depth takes on the fake clock (a binary fraction: the sums are exact)."""


def depths_searched(
    monkeypatch: pytest.MonkeyPatch, limits: SearchLimits, best_at: Callable[[int], str]
) -> list[int]:
    """The depths completed within ``limits`` by a search whose every depth takes ``DEPTH_COST`` on a
    fake clock and whose best move at depth d is ``best_at(d)``."""
    now = [100.0]
    monkeypatch.setattr("game.ai.deepening.time.monotonic", lambda: now[0])

    def one_depth(depth: int) -> Found:
        now[0] += DEPTH_COST
        return Found(0, (best_at(depth), "reply"))

    deepening = Deepening(limits, start=100.0)
    infos = deepening.run(one_depth, nodes=lambda: 0, early=lambda: (0, ("a1",)))
    return [info.depth for info in infos]


def test_without_stability_no_depth_starts_after_the_soft_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = SearchLimits(soft_time=1.0, hard_time=4.0)
    assert depths_searched(monkeypatch, limits, lambda depth: "a1")[-1] == 8  # 8 × 0.125 = 1.0


def test_a_settled_best_move_stops_the_search_before_the_planned_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limits = SearchLimits(soft_time=1.0, hard_time=4.0, stability=True)
    # The same best move from depth 1: from depth 5 the planned time is 0.7 s, passed at depth 6.
    assert STABILITY[-1] == pytest.approx(0.7)
    assert depths_searched(monkeypatch, limits, lambda depth: "a1")[-1] == 6


def test_a_best_move_that_keeps_changing_gets_more_time_but_never_past_the_hard_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    changing = SearchLimits(soft_time=1.0, hard_time=4.0, stability=True)
    # A new best move every depth: 1.6 × the planned second, passed at depth 13 (1.625 s).
    assert STABILITY[0] == pytest.approx(1.6)
    assert depths_searched(monkeypatch, changing, lambda depth: f"m{depth}")[-1] == 13
    capped = SearchLimits(soft_time=1.0, hard_time=1.25, stability=True)
    assert depths_searched(monkeypatch, capped, lambda depth: f"m{depth}")[-1] == 10


def test_a_best_move_that_changed_late_resets_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = SearchLimits(soft_time=1.0, hard_time=4.0, stability=True)
    # a1 until depth 5 (0.625 s; 0.85 s planned at depth 4), then b2: at depth 6 it has held one depth
    # (1.6 s planned), at depth 8 three (1.0 s, just reached): the search stops at depth 8, not 6.
    assert depths_searched(monkeypatch, limits, lambda depth: "a1" if depth <= 5 else "b2")[-1] == 8
