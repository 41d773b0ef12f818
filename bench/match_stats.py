"""What the strength benchmarks share: the options of a match run, the line that sums a match up,
and the sequential test (SPRT) that stops a match once its result is clear.

``bench/strength.py`` (Ataxx), ``bench/attangle_strength.py`` and
``bench/lionheart_strength.py`` import it (it sits beside them, so
``python bench/NAME.py`` finds it).

>>> result_text([1.0, 1.0, 0.5, 0.0])
'+2 =1 -1   62.5%  Elo    +89 [-221, +1200]'

The SPRT is the generalized one Fishtest and cutechess-cli run, in Michel Van
den Bergh's approximation ("A simple approximation to the GSPRT"): with ``n``
samples of mean score ``s`` and variance ``v`` a sample, and ``s0``, ``s1`` the
scores the logistic Elo model expects at ``elo0`` and ``elo1``,
``LLR = n (s1 - s0) (2 s - s0 - s1) / (2 v)``. The samples are game pairs
(pentanomial: a pair scores 0, 1/4, 1/2, 3/4 or 1 a game), not single games
(trinomial): the two games of a pair start from the same opening with the
colours swapped, so their results are correlated, and the trinomial model,
which takes them for independent, overstates the variance when an opening
favours one colour and so needs more games to decide.

>>> round(pentanomial_llr([13, 37, 50, 25, 3], 0.0, 2.716), 3)
-0.56
>>> [round(bound, 4) for bound in llr_bounds(0.05, 0.05)]
[-2.9444, 2.9444]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Sprt",
    "add_match_options",
    "elo",
    "expected_score",
    "llr_bounds",
    "pentanomial_llr",
    "result_text",
    "run_sprt",
    "sprt_from_args",
    "trinomial_llr",
]

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A game pair's score a game, by the points (in half points) the first player took from the pair."""


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (0..1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def expected_score(difference: float) -> float:
    """The score (0..1) the logistic Elo model expects of a player ``difference`` Elo stronger."""
    return 1 / (1 + 10 ** (-difference / 400))


def _llr(counts: Sequence[int], values: Sequence[float], elo0: float, elo1: float) -> float:
    """The approximate GSPRT log-likelihood ratio of samples scoring ``values[i]`` ``counts[i]`` times."""
    count = sum(counts)
    if count == 0:
        return 0.0
    mean = sum(n * value for n, value in zip(counts, values, strict=True)) / count
    variance = sum(n * (value - mean) ** 2 for n, value in zip(counts, values, strict=True)) / count
    if variance <= 0:
        return 0.0  # every sample alike: nothing yet tells the two hypotheses apart
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def trinomial_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The LLR of "``elo1`` stronger" against "``elo0`` stronger" from single games' wins, draws and losses."""
    return _llr((losses, draws, wins), (0.0, 0.5, 1.0), elo0, elo1)


def pentanomial_llr(counts: Sequence[int], elo0: float, elo1: float) -> float:
    """The LLR from game pairs: ``counts[k]`` pairs where the first player took ``k`` half points (0..4)."""
    if len(counts) != len(PAIR_SCORES):
        raise ValueError(f"pentanomial counts need {len(PAIR_SCORES)} entries, got {list(counts)}")
    return _llr(counts, PAIR_SCORES, elo0, elo1)


def llr_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Where the test stops: H0 accepted at or below the first, H1 at or above the second."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass
class Sprt:
    """A sequential test between H0 "the first player is ``elo0`` stronger" and H1 "``elo1`` stronger",
    with false-positive rate ``alpha`` and false-negative rate ``beta``, fed game pairs.

    >>> test = Sprt(elo0=0, elo1=10)
    >>> test.add_pair(1.0, 0.5); test.add_pair(0.5, 0.5); test.add_pair(0.0, 1.0)
    >>> test.pairs, (test.wins, test.draws, test.losses), test.decision()
    ([0, 0, 2, 1, 0], (2, 3, 1), None)
    """

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    pairs: list[int] = field(default_factory=lambda: [0] * len(PAIR_SCORES))
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add_pair(self, first: float, second: float) -> None:
        """Count one pair: the first player's scores (1, 0.5 or 0) in its two games."""
        self.pairs[round(2 * (first + second))] += 1
        for score in (first, second):
            self.wins += score == 1.0
            self.draws += score == 0.5
            self.losses += score == 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def llr(self) -> float:
        return pentanomial_llr(self.pairs, self.elo0, self.elo1)

    def decision(self) -> str | None:
        """``H1`` once the LLR reaches the upper bound, ``H0`` once it reaches the lower, else None."""
        lower, upper = llr_bounds(self.alpha, self.beta)
        llr = self.llr()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def progress_text(self) -> str:
        """Games, W/D/L, score, Elo with its 95% margin (from the pairs' variance), the LLR and its bounds."""
        count = sum(self.pairs)
        mean = sum(n * value for n, value in zip(self.pairs, PAIR_SCORES, strict=True)) / max(1, count)
        variance = sum(n * (value - mean) ** 2 for n, value in zip(self.pairs, PAIR_SCORES, strict=True))
        error = 1.96 * math.sqrt(variance / max(1, count) / max(1, count))
        margin = (elo(mean + error) - elo(mean - error)) / 2
        lower, upper = llr_bounds(self.alpha, self.beta)
        return (
            f"games {self.games:4d}  +{self.wins} ={self.draws} -{self.losses}  {100 * mean:5.1f}%  "
            f"Elo {elo(mean):+6.1f} +/- {margin:.1f}  "
            f"LLR {self.llr():+.2f} [{lower:+.2f}, {upper:+.2f}] ({self.elo0:g}, {self.elo1:g})"
        )


def sprt_from_args(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Sprt | None:
    """The test ``--sprt`` asks for (it needs ``--match``), or None."""
    if not args.sprt:
        return None
    if not args.match:
        parser.error("--sprt needs --match FIRST SECOND")
    return Sprt(elo0=args.elo0, elo1=args.elo1, alpha=args.alpha, beta=args.beta)


def run_sprt(
    play: Callable[[Any], Sequence[Any]],
    tasks: Iterable[tuple[Any, bool]],
    jobs: int,
    test: Sprt,
    every: int = 20,
) -> str:
    """Play ``tasks`` in pairs until ``test`` decides or they run out; print progress every ``every`` games.

    ``tasks`` are (task, swapped), the two games of a pair one after the other;
    ``play(task)[0]`` is the score of the side that moved first, the first player
    unless swapped. Returns the last progress line with the verdict.
    """
    with multiprocessing.Pool(jobs) as pool:
        pending: list[float] = []
        listed = list(tasks)
        results = pool.imap(play, [task for task, _ in listed])
        for played, ((_task, swapped), result) in enumerate(zip(listed, results, strict=True), 1):
            score = float(result[0])
            pending.append(1.0 - score if swapped else score)
            if len(pending) < 2:
                continue
            test.add_pair(*pending)
            pending.clear()
            if test.decision() is not None or played == len(listed):
                break
            if test.games % every == 0:
                print(test.progress_text(), flush=True)
    verdict = {
        "H1": f"H1 accepted: the first player is at least {test.elo1:g} Elo stronger",
        "H0": f"H0 accepted: the first player is not {test.elo0:g} Elo stronger",
        None: "undecided at the last game",
    }[test.decision()]
    return f"{test.progress_text()}  {verdict}"


def result_text(scores: list[float]) -> str:
    """Wins, draws and losses, the score in percent and the Elo difference with its 95% margin."""
    count = len(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    losses = count - wins - draws
    mean = sum(scores) / count
    deviation = math.sqrt(sum((score - mean) ** 2 for score in scores) / count)
    margin = 1.96 * deviation / math.sqrt(count)
    return (
        f"+{wins} ={draws} -{losses}  {100 * mean:5.1f}%  "
        f"Elo {elo(mean):+6.0f} [{elo(mean - margin):+.0f}, {elo(mean + margin):+.0f}]"
    )


def add_match_options(parser: argparse.ArgumentParser, games: int) -> None:
    """The options every strength benchmark takes: games, a filter, parallel jobs, the seed, one match."""
    parser.add_argument("--games", type=int, default=games, help=f"games per match (default {games})")
    parser.add_argument("--only", default=None, help="play only the matches whose name contains this")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings and the weak levels' noise")
    parser.add_argument(
        "--match", nargs=2, metavar=("FIRST", "SECOND"), help="play one match between two specs"
    )
    sprt = parser.add_argument_group("sequential test (with --match)")
    sprt.add_argument(
        "--sprt",
        action="store_true",
        help="play pairs until an SPRT decides whether FIRST is elo1 stronger (H1) or not elo0 (H0)",
    )
    sprt.add_argument("--elo0", type=float, default=0.0, help="H0's Elo difference (default 0)")
    sprt.add_argument("--elo1", type=float, default=10.0, help="H1's Elo difference (default 10)")
    sprt.add_argument("--alpha", type=float, default=0.05, help="false-positive rate (default 0.05)")
    sprt.add_argument("--beta", type=float, default=0.05, help="false-negative rate (default 0.05)")
    sprt.add_argument(
        "--max-games", type=int, default=2000, help="stop undecided after this many games (default 2000)"
    )
