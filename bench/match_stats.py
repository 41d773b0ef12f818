"""What the strength benchmarks share: the options of a match run and the line that sums a match up.

``bench/strength.py`` (Ataxx) and ``bench/attangle_strength.py`` import it
(it sits beside them, so ``python bench/NAME.py`` finds it).

>>> result_text([1.0, 1.0, 0.5, 0.0])
'+2 =1 -1   62.5%  Elo    +89 [-221, +1200]'
"""

from __future__ import annotations

import argparse
import math

__all__ = ["add_match_options", "elo", "result_text"]


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (0..1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


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
