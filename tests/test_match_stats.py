"""The benchmarks' sequential test (``bench/match_stats.py``): its LLR against figures computed elsewhere,
its bounds, and its verdict on seeded streams of results."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load_match_stats() -> ModuleType:
    # bench/ is no package: the benchmarks find match_stats beside them, the tests load it by path
    spec = importlib.util.spec_from_file_location("match_stats", BENCH / "match_stats.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("match_stats", module)
    spec.loader.exec_module(module)
    return module


match_stats = _load_match_stats()

# A Fishtest-style statistics page (montytest, test 69d3c8dc7c5b3724e29d2712) for 128 pairs
# [13, 37, 50, 25, 3] between elo0 0 and elo1 2.716 (logistic) gives the LLR as
# "Logistic (exact) -0.53772" and, in the approximation used here, "Logistic (alt2) -0.55961".
MONTYTEST_PAIRS = [13, 37, 50, 25, 3]
MONTYTEST_ELO1 = 2.716


def exact_llr(counts: Sequence[int], values: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalized LLR without approximation: each hypothesis's most likely distribution of the
    outcomes ``values`` given its mean score, found through its Lagrange multiplier by bisection."""
    total = sum(counts)
    observed = [count / total for count in counts]

    def best_log_likelihood(mean: float) -> float:
        def constraint(lam: float) -> float:
            return sum(q * (v - mean) / (1 + lam * (v - mean)) for q, v in zip(observed, values, strict=True))

        low, high = -1 / (max(values) - mean) + 1e-12, 1 / (mean - min(values)) - 1e-12
        for _ in range(200):
            middle = (low + high) / 2
            low, high = (middle, high) if constraint(middle) > 0 else (low, middle)
        lam = (low + high) / 2
        return sum(
            count * -math.log(1 + lam * (value - mean))
            for count, value in zip(counts, values, strict=True)
            if count
        )

    return best_log_likelihood(match_stats.expected_score(elo1)) - best_log_likelihood(
        match_stats.expected_score(elo0)
    )


def test_the_pentanomial_llr_is_fishtests_approximation() -> None:
    llr = match_stats.pentanomial_llr(MONTYTEST_PAIRS, 0.0, MONTYTEST_ELO1)
    assert llr == pytest.approx(-0.55961, abs=2e-4)


def test_the_exact_llr_computed_here_agrees_with_fishtests() -> None:
    # checks the independent computation the other tests compare against
    exact = exact_llr(MONTYTEST_PAIRS, match_stats.PAIR_SCORES, 0.0, MONTYTEST_ELO1)
    assert exact == pytest.approx(-0.53772, abs=2e-4)


@pytest.mark.parametrize(
    ("pairs", "elo0", "elo1"),
    [
        ([30, 200, 500, 230, 40], -5.0, 5.0),
        ([40, 210, 480, 220, 50], 0.0, 10.0),
        ([0, 3, 10, 6, 1], 0.0, 5.0),
    ],
)
def test_the_pentanomial_llr_is_close_to_the_exact_one_near_the_hypotheses(
    pairs: list[int], elo0: float, elo1: float
) -> None:
    exact = exact_llr(pairs, match_stats.PAIR_SCORES, elo0, elo1)
    assert match_stats.pentanomial_llr(pairs, elo0, elo1) == pytest.approx(exact, rel=0.02, abs=1e-3)


def test_the_trinomial_llr_worked_by_hand() -> None:
    # 60 wins, 20 draws, 20 losses: score 0.7, variance 0.6 + 0.2/4 - 0.7^2 = 0.16 a game;
    # s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.5143868; LLR = 100 (s1 - s0) (1.4 - s0 - s1) / 0.32
    s1 = 1 / (1 + 10 ** (-10 / 400))
    by_hand = 100 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32
    assert by_hand == pytest.approx(1.73371, abs=1e-5)
    assert match_stats.trinomial_llr(60, 20, 20, 0.0, 10.0) == pytest.approx(by_hand)


def test_the_trinomial_llr_is_close_to_the_exact_one_near_the_hypotheses() -> None:
    exact = exact_llr([480, 300, 520], (0.0, 0.5, 1.0), 0.0, 10.0)
    assert match_stats.trinomial_llr(520, 300, 480, 0.0, 10.0) == pytest.approx(exact, rel=0.01)


def test_no_spread_in_the_results_tells_nothing() -> None:
    assert match_stats.pentanomial_llr([0, 0, 7, 0, 0], 0.0, 10.0) == 0.0
    assert match_stats.trinomial_llr(0, 0, 0, 0.0, 10.0) == 0.0
    with pytest.raises(ValueError, match="5 entries"):
        match_stats.pentanomial_llr([1, 2, 3], 0.0, 10.0)


@pytest.mark.parametrize(("alpha", "beta"), [(0.05, 0.05), (0.05, 0.1), (0.01, 0.2)])
def test_the_bounds_are_walds(alpha: float, beta: float) -> None:
    lower, upper = match_stats.llr_bounds(alpha, beta)
    assert lower == pytest.approx(math.log(beta / (1 - alpha)))
    assert upper == pytest.approx(math.log((1 - beta) / alpha))
    assert match_stats.llr_bounds(0.05, 0.05) == pytest.approx((-2.944439, 2.944439))


def test_a_pair_counts_in_the_pentanomial_and_in_the_games() -> None:
    test = match_stats.Sprt(elo0=0.0, elo1=10.0)
    for pair in [(1.0, 1.0), (1.0, 0.5), (0.5, 0.0), (0.0, 1.0), (0.0, 0.0)]:
        test.add_pair(*pair)
    assert test.pairs == [1, 1, 1, 1, 1]
    assert (test.wins, test.draws, test.losses, test.games) == (4, 2, 4, 10)
    assert test.llr() == match_stats.pentanomial_llr([1, 1, 1, 1, 1], 0.0, 10.0)


def _play_until_decided(probabilities: tuple[float, float, float], seed: int) -> tuple[str | None, int]:
    """Feed a test pairs of games won, drawn and lost with these probabilities until it decides."""
    rng = random.Random(seed)
    test = match_stats.Sprt(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05)
    lower, upper = match_stats.llr_bounds(0.05, 0.05)
    while test.decision() is None and test.games < 40_000:
        assert lower < test.llr() < upper
        first, second = rng.choices((1.0, 0.5, 0.0), probabilities, k=2)
        test.add_pair(first, second)
    return test.decision(), test.games


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_stronger_player_crosses_the_upper_bound(seed: int) -> None:
    # 45% wins, 30% draws, 25% losses: a score of 60%, some 70 Elo
    decision, games = _play_until_decided((0.45, 0.30, 0.25), seed)
    assert decision == "H1"
    assert games < 2000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_equal_player_crosses_the_lower_bound(seed: int) -> None:
    decision, _games = _play_until_decided((0.35, 0.30, 0.35), seed)
    assert decision == "H0"


def test_the_progress_line_names_the_figures() -> None:
    test = match_stats.Sprt(elo0=0.0, elo1=10.0)
    for pair in [(1.0, 0.5), (0.5, 0.5), (1.0, 0.0)]:
        test.add_pair(*pair)
    line = test.progress_text()
    assert line.startswith("games    6  +2 =3 -1   58.3%  Elo  +58.5 +/- ")
    assert line.endswith("[-2.94, +2.94] (0, 10)")
