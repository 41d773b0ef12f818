"""Tune the Attangle evaluation's weights from self-play, Texel's way, and print them.

    python bench/attangle_texel.py [--games N] [--depth D] [--seed K] [--jobs J]

1. Play ``--games`` games of the search against itself at ``--depth`` plies,
   on Attangle's and Grand Attangle's boards in turn, each after two to five
   random placements.
2. Keep every position from the eighth ply on with the game's result from the
   side to move (1 or 0: Attangle has no draws) and the evaluation's terms of
   that position. The terms are read from the evaluation itself: it is linear
   in its weights, so with one weight at 1000 and the others at 0 it gives
   that weight's term (a thousand times).
3. Fit a logistic curve of every term by gradient descent on the mean squared
   error between the curve and the results, as Texel tuning does, starting
   from today's weights and keeping a triple at 1000.

It prints the error of today's weights and of the tuned ones, on the positions
fitted and on held-out games (every fifth game), and the tuned weights as a
``bench/attangle_strength.py`` spec to try them in matches, e.g.
``--match "master:n=3000,triple_now=700" "master:n=3000"``. The peer measured
in the same run is today's evaluation on the same positions.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import sys
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.alphabeta import AlphaBeta, SearchLimits
from game.ai.attangle.evaluate import DEFAULT_WEIGHTS, AttangleHeuristics, EvalWeights
from game.engine.attangle import Board

TERMS = tuple(field.name for field in dataclasses.fields(EvalWeights))
FIRST_PLY = 8
ZERO = EvalWeights(**dict.fromkeys(TERMS, 0))
BASIS = [AttangleHeuristics(dataclasses.replace(ZERO, **{term: 1000})) for term in TERMS]


def terms(board: Board) -> list[float]:
    """The evaluation's terms from the side to move, as its weights multiply them."""
    return [basis.evaluate(board) / 1000 for basis in BASIS]


def play(task: tuple[int, int, int]) -> tuple[int, list[list[float]], list[float]]:
    """One self-play game: its number, and its positions' terms and results."""
    game, depth, seed = task
    rng = random.Random(seed * 100_003 + game)
    board = Board(grand=game % 2 == 1)
    searcher = AlphaBeta(AttangleHeuristics())
    for _ in range(rng.randint(2, 5)):
        board.push_raw(rng.choice(board.raw_moves()))
    seen: list[tuple[list[float], int]] = []
    ply = 0
    while board.raw_moves() and ply < 300:
        if ply >= FIRST_PLY:
            seen.append((terms(board), int(board.turn)))
        raw, _ = searcher.search(board, SearchLimits(depth=depth))
        board.push_raw(raw)
        ply += 1
    outcome = board.outcome()
    winner = None if outcome is None else outcome.winner
    results = [0.5 if winner is None else 1.0 if int(winner) == side else 0.0 for _, side in seen]
    return game, [row for row, _ in seen], results


def error(x: numpy.ndarray, y: numpy.ndarray, weights: numpy.ndarray, scale: float) -> float:
    predicted = 1 / (1 + numpy.exp(-(x @ weights) / scale))
    return float(numpy.mean((predicted - y) ** 2))


def fit(x: numpy.ndarray, y: numpy.ndarray, today: numpy.ndarray) -> tuple[numpy.ndarray, float]:
    """The curve's scale for today's weights, then every weight (a triple held) by gradient descent."""
    scales = numpy.linspace(50, 3000, 296)
    scale = float(min(scales, key=lambda s: error(x, y, today, s)))
    weights = today.copy()
    unit = TERMS.index("triple")
    spread = x.std(axis=0) + 1e-9  # each term's step in its own size: Adam-like, without the momentum
    for _ in range(6000):
        predicted = 1 / (1 + numpy.exp(-(x @ weights) / scale))
        slope = predicted * (1 - predicted) * (predicted - y)
        gradient = 2 * (x.T @ slope) / (scale * len(y))
        gradient[unit] = 0.0  # a triple is the unit
        weights -= 4e5 * gradient / spread**2
        weights = numpy.maximum(weights, 0.0)  # every term counts the way its name says, or not at all
    return weights, scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games (default 300)")
    parser.add_argument("--depth", type=int, default=3, help="search depth of the self-play (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with multiprocessing.Pool(args.jobs) as pool:
        played = pool.map(play, [(game, args.depth, args.seed) for game in range(args.games)])
    train = [(rows, results) for game, rows, results in played if game % 5]
    held = [(rows, results) for game, rows, results in played if not game % 5]

    def arrays(games: list[tuple[list[list[float]], list[float]]]) -> tuple[numpy.ndarray, numpy.ndarray]:
        rows = [row for game_rows, _ in games for row in game_rows]
        results = [result for _, game_results in games for result in game_results]
        return numpy.array(rows, dtype=float), numpy.array(results)

    x, y = arrays(train)
    held_x, held_y = arrays(held)
    today = numpy.array([float(getattr(DEFAULT_WEIGHTS, term)) for term in TERMS])
    weights, scale = fit(x, y, today)
    print(f"{len(y)} positions from {len(train)} games fitted, {len(held_y)} from {len(held)} games held out")
    print(f"curve scale {scale:.0f} (a lead of {scale:.0f} points is 73% to win; a triple is 1000)")
    print(f"{'weights':>10}  {'fitted error':>12}  {'held-out error':>14}")
    for name, w in (("today", today), ("tuned", weights)):
        print(f"{name:>10}  {error(x, y, w, scale):12.5f}  {error(held_x, held_y, w, scale):14.5f}")
    tuned = {term: round(value) for term, value in zip(TERMS, weights, strict=True)}
    print("today:", ", ".join(f"{term} {getattr(DEFAULT_WEIGHTS, term)}" for term in TERMS))
    print("tuned:", ", ".join(f"{term} {value}" for term, value in tuned.items()))
    print("spec:  master:" + ",".join(f"{term}={tuned[term]}" for term in TERMS if term != "triple"))


if __name__ == "__main__":
    main()
