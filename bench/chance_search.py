"""Measure the chance search's pruning: plain expectimax, Star1 and Star2 on the same trees.

    python bench/chance_search.py [--depth N] [--trees N] [--seed N]

Two kinds of trees, generated from a seed so every variant searches the same ones:

- ``random``: values independent from node to node (no move order can help),
  evaluations in -100..100 and the search told so (``bounds``);
- ``battle``: a game-like tree: each move shifts the evaluation a little from
  its parent's (so the game's order, best looking first, is good), a seat
  sometimes acts twice in a row, most moves are followed by a roll of 2 to 6
  outcomes, and one line in a few hundred ends the game (so the bounds are
  ±WIN_SCORE, as in a real game).

For each, every variant searches each tree to ``--depth`` decisions (fixed
depth, one search each, a new searcher each), with and without its
transposition table; printed are the nodes and seconds summed over the trees,
and each variant's ratio to plain expectimax's (``0.40x`` is 60% fewer). Every
variant's root values are checked to agree. Last, as the made-up trees never
transpose, the table alone on Attangle's positions (no dice), iterative
deepening to one decision less.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import time

from game.ai.expectimax import ChancePruning, Expectimax
from game.ai.limits import WIN_SCORE, SearchLimits
from game.engine.core import CHANCE

_MASK = 0xFFFF_FFFF_FFFF


def _mix(key: int, salt: int) -> int:
    """A cheap deterministic hash of two ints (splitmix-like), for positions made up on the fly."""
    key = (key * 0x9E3779B97F4A7C15 + salt * 0xBF58476D1CE4E5B9 + 1) & 0xFFFF_FFFF_FFFF_FFFF
    key ^= key >> 31
    key = (key * 0x94D049BB133111EB) & 0xFFFF_FFFF_FFFF_FFFF
    return key ^ (key >> 29)


class MadeUpGame:
    """A lazily generated game tree: every node's kind and numbers come from a hash of its path."""

    def __init__(self, seed: int, *, correlated: bool) -> None:
        self.correlated = correlated
        # Per node on the path: key, seat or CHANCE, seat 0's value, and at a roll the seat to move after it.
        self._stack: list[tuple[int, int, int, int]] = [(_mix(seed, 0), 0, 0, 0)]

    @property
    def hash(self) -> int:
        return self._stack[-1][0] & _MASK

    @property
    def turn(self) -> int:
        return self._stack[-1][1]

    @property
    def value(self) -> int:
        """The static evaluation from seat 0's view."""
        return self._stack[-1][2]

    def raw_moves(self) -> list[int]:
        key = self._stack[-1][0]
        if self.correlated and key % 400 == 0:
            return []  # the game is over
        return list(range(2 + key % 3))

    def chance_outcomes_raw(self) -> list[tuple[int, float]]:
        key = self._stack[-1][0]
        weights = [1 + _mix(key, 100 + index) % 4 for index in range(2 + key % 5)]
        total = sum(weights)
        return [(index, weight / total) for index, weight in enumerate(weights)]

    def push_raw(self, raw: int) -> None:
        key, turn, value, after_roll = self._stack[-1]
        child = _mix(key, raw + 1)
        if turn == CHANCE:
            self._stack.append((child, after_roll, self._next_value(child, value), 0))
            return
        seat = turn if child % 4 == 0 else 1 - turn  # now and then the same seat acts again
        if child % 3 != 0:  # a roll before the next decision
            self._stack.append((child, CHANCE, value, seat))
        else:
            self._stack.append((child, seat, self._next_value(child, value), 0))

    def pop_raw(self) -> None:
        self._stack.pop()

    def _next_value(self, key: int, value: int) -> int:
        if not self.correlated:
            return key % 201 - 100
        return max(-2000, min(2000, value + key % 61 - 30))


class MadeUpHeuristics:
    """Evaluation from the seat to move's view; moves ordered by the value they lead to (the battle only)."""

    def __init__(self, correlated: bool) -> None:
        self.correlated = correlated

    def evaluate(self, game: MadeUpGame) -> int:
        return game.value if game.turn == 0 else -game.value

    def end_score(self, game: MadeUpGame, moves: list[int]) -> int | None:
        if moves:
            return None
        return WIN_SCORE if game.value > 0 else -WIN_SCORE if game.value < 0 else 0

    def order(self, game: MadeUpGame, moves: list[int]) -> list[int]:
        if not self.correlated:
            return moves
        key, turn = game.hash, game.turn
        # The nudge each move gives the evaluation, best for the seat to move first.
        sign = 1 if turn == 0 else -1
        return sorted(moves, key=lambda raw: -sign * (_mix(key, raw + 1) % 61 - 30))


def run(kind: str, depth: int, trees: int, seed: int) -> None:
    correlated = kind == "battle"
    bounds = (-WIN_SCORE, WIN_SCORE) if correlated else (-100, 100)
    print(f"{kind} trees, {trees} of them, depth {depth} decisions, bounds {bounds[0]}..{bounds[1]}")
    print(f"  {'variant':22s} {'nodes':>10s} {'seconds':>8s} {'nodes x':>8s} {'time x':>7s}")
    baseline: tuple[int, float] | None = None
    reference: list[float] | None = None
    for table in (False, True):
        for pruning in ChancePruning:
            nodes, seconds, values = 0, 0.0, []
            for index in range(trees):
                search = Expectimax(
                    MadeUpHeuristics(correlated), 1, bounds=bounds, pruning=pruning, table=table
                )
                start = time.monotonic()
                values.append(search.value(MadeUpGame(seed + index, correlated=correlated), depth))
                seconds += time.monotonic() - start
                nodes += search.nodes
            if reference is None:
                reference = values
            assert all(abs(a - b) < 1e-6 for a, b in zip(values, reference, strict=True)), "values differ"
            if baseline is None:
                baseline = (nodes, seconds)
            name = f"{pruning.value}{' + table' if table else ''}"
            print(
                f"  {name:22s} {nodes:10d} {seconds:8.2f} {nodes / baseline[0]:7.2f}x {seconds / baseline[1]:6.2f}x"
            )
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=4, help="decisions deep (default 4)")
    parser.add_argument("--trees", type=int, default=20, help="trees of each kind (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first tree's seed")
    args = parser.parse_args(argv)
    for kind in ("random", "battle"):
        run(kind, args.depth, args.trees, args.seed)
    table_on_a_real_game(args.depth - 1)
    return 0


def table_on_a_real_game(depth: int) -> None:
    """The made-up trees never transpose; Attangle (no dice, but moves that transpose) shows the table."""
    from game.ai.attangle.evaluate import AttangleHeuristics
    from game.engine.attangle import Board

    texts = [
        "-,-,-,-/-,b,-,w,-/-,-,-,-,w,-/-,b,-,-,w,w,-/w,w,-,-,b,-/-,-,b,-,-/-,-,-,b b 12 13",
        "-,-,-,-/-,w,-,-,-/w,-,-,wbw,-,-/-,b,-,-,-,-,-/w,b,-,b,-,-/-,-,w,-,-/wb,-,-,- w 11 13",
    ]
    print(f"Attangle, {len(texts)} positions, depth {depth} (iterative deepening), the table alone")
    baseline: tuple[int, float] | None = None
    for table in (False, True):
        nodes, seconds = 0, 0.0
        for text in texts:
            search = Expectimax(AttangleHeuristics(), 1, table=table)
            start = time.monotonic()
            _, info = search.search(Board(text), SearchLimits(depth=depth))
            seconds += time.monotonic() - start
            nodes += info.nodes
        if baseline is None:
            baseline = (nodes, seconds)
        name = "with table" if table else "without"
        print(
            f"  {name:22s} {nodes:10d} {seconds:8.2f} {nodes / baseline[0]:7.2f}x {seconds / baseline[1]:6.2f}x"
        )


if __name__ == "__main__":
    raise SystemExit(main())
