"""Tune the Ataxx evaluation's weights from self-play, Texel's way, and print them.

    python bench/texel.py [--games N] [--depth D] [--seed K]

1. Play ``--games`` games of the search against itself at ``--depth`` plies
   (compiled: a few milliseconds a move), from the start position and the
   block layouts of ``bench/strength.py``, each after four random moves.
2. Keep every position from the tenth ply on with the game's result from the
   side to move (1, 0.5 or 0), and the evaluation's terms of that position
   (``game.ai.ataxx.evaluate``: material, exposed pieces, clone targets, edge
   pieces, each as a difference between the sides).
3. Fit the scale of a logistic curve to the material score alone, then every
   weight (material held at 100) by gradient descent on the mean squared error
   between the curve and the results, as Texel tuning does.

It prints the error of today's weights (material only) and of the tuned ones,
on the positions fitted and on held-out games (every fifth game), and the
tuned weights as a ``bench/strength.py`` spec to try them in matches, e.g.
``--match "master:t=0.1,exposed=E,mobility=M,edge=G" "master:t=0.1"``. The
peer measured in the same run is today's evaluation on the same positions.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import OPENINGS

from game.ai.ataxx.search import Searcher, SearchLimits, prepare_compiled
from game.engine.ataxx import FULL, Board, spread

EDGES = sum(1 << sq for sq in range(49) if sq % 7 in (0, 6) or sq // 7 in (0, 6))
TERMS = ("piece", "exposed", "mobility", "edge")
FIRST_PLY = 10


def terms(board: Board) -> list[int]:
    """The evaluation's terms from the side to move, as the weights multiply them (exposed counts against)."""
    us, them = board.pieces[board.turn], board.pieces[1 - board.turn]
    empty = FULL ^ (us | them | board.blocks)
    near_empty = spread(empty)
    return [
        us.bit_count() - them.bit_count(),
        -((us & near_empty).bit_count() - (them & near_empty).bit_count()),
        (spread(us) & empty).bit_count() - (spread(them) & empty).bit_count(),
        (us & EDGES).bit_count() - (them & EDGES).bit_count(),
    ]


def play(games: int, depth: int, seed: int) -> list[tuple[int, list[list[int]], list[float]]]:
    """Self-play games: for each, its number, and its positions' terms and results."""
    rng = random.Random(seed)
    searcher = Searcher(compiled=True)
    played = []
    for game in range(games):
        board = Board(OPENINGS[game % len(OPENINGS)])
        searcher.new_game()
        for _ in range(4):
            if board.outcome() is None:
                board.push(rng.choice(board.legal_moves()))
        seen: list[tuple[list[int], int]] = []
        ply = 4
        while board.outcome() is None and ply < 400:
            if ply >= FIRST_PLY:
                seen.append((terms(board), int(board.turn)))
            move, _ = searcher.search(board, SearchLimits(depth=depth))
            board.push(move)
            ply += 1
        outcome = board.outcome()
        winner = None if outcome is None else outcome.winner
        results = [0.5 if winner is None else 1.0 if int(winner) == side else 0.0 for _, side in seen]
        played.append((game, [row for row, _ in seen], results))
    return played


def error(x: numpy.ndarray, y: numpy.ndarray, weights: numpy.ndarray, scale: float) -> float:
    predicted = 1 / (1 + numpy.exp(-(x @ weights) / scale))
    return float(numpy.mean((predicted - y) ** 2))


def fit(x: numpy.ndarray, y: numpy.ndarray) -> tuple[numpy.ndarray, float]:
    """The curve's scale for material alone, then every weight (material at 100) by gradient descent."""
    material = numpy.array([100.0, 0, 0, 0])
    scales = numpy.linspace(20, 1000, 197)
    scale = float(min(scales, key=lambda s: error(x, y, material, s)))
    weights = material.copy()
    rate = 200.0
    for _ in range(4000):
        predicted = 1 / (1 + numpy.exp(-(x @ weights) / scale))
        slope = predicted * (1 - predicted) * (predicted - y)
        gradient = 2 * (x.T @ slope) / (scale * len(y))
        gradient[0] = 0.0  # material is the unit
        weights -= rate * gradient * scale
    return weights, scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games (default 300)")
    parser.add_argument("--depth", type=int, default=4, help="search depth of the self-play (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    prepare_compiled(wait=True)
    played = play(args.games, args.depth, args.seed)
    train = [(rows, results) for game, rows, results in played if game % 5]
    held = [(rows, results) for game, rows, results in played if not game % 5]

    def arrays(games: list[tuple[list[list[int]], list[float]]]) -> tuple[numpy.ndarray, numpy.ndarray]:
        rows = [row for game_rows, _ in games for row in game_rows]
        results = [result for _, game_results in games for result in game_results]
        return numpy.array(rows, dtype=float), numpy.array(results)

    x, y = arrays(train)
    held_x, held_y = arrays(held)
    weights, scale = fit(x, y)
    today = numpy.array([100.0, 0, 0, 0])
    print(f"{len(y)} positions from {len(train)} games fitted, {len(held_y)} from {len(held)} games held out")
    print(f"curve scale {scale:.0f} (a lead of {scale:.0f} hundredths is 73% to win)")
    print(f"{'weights':>10}  {'fitted error':>12}  {'held-out error':>14}")
    for name, w in (("today", today), ("tuned", weights)):
        print(f"{name:>10}  {error(x, y, w, scale):12.5f}  {error(held_x, held_y, w, scale):14.5f}")
    tuned = {term: round(value) for term, value in zip(TERMS, weights, strict=True)}
    print("tuned:", ", ".join(f"{term} {value}" for term, value in tuned.items()))
    print("spec:  master:" + ",".join(f"{term}={tuned[term]}" for term in TERMS[1:]))


if __name__ == "__main__":
    main()
