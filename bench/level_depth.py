"""How deep each Ataxx level that searches reads in its own think time, compiled and as Python.

    python bench/level_depth.py [--games N] [--seed K] [--levels skilled,expert]

Positions come from games of a lively random player (every twelfth ply of
``--games`` games). Each is given to the level as a game would (``choose_move``
with the level's own think time, a table kept from move to move) and the
deepest depth it reported is counted; New game's descriptions ("Reads five
moves ahead") are the level's ``depth``, which the compiled search reaches.
The Python search (the AI child's until numba has built the kernel, or
wherever numba is missing) is measured after it, in the same process.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.ataxx.levels import choose_move, level_by_key
from game.ai.ataxx.search import Searcher, SearchInfo
from game.engine.ataxx import Board


def positions(games: int, seed: int) -> list[Board]:
    """Every twelfth position of ``games`` games of a random player that clones more often than it jumps."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        board = Board()
        plies = 0
        while board.outcome() is None and plies < 120:
            moves = board.legal_moves()
            clones = [move for move in moves if move.is_clone]
            board.push(rng.choice(clones if clones and rng.random() < 0.7 else moves))
            plies += 1
            if plies % 12 == 0 and board.outcome() is None and len(board.legal_moves()) > 1:
                found.append(board.copy())
    return found


def measure(level_key: str, boards: list[Board], *, compiled: bool) -> None:
    level = level_by_key(level_key)
    searcher = Searcher(compiled=compiled)
    choose_move(Board(), level, searcher=searcher)  # builds (or loads) the kernel first
    depths: Counter[int] = Counter()
    seconds = []
    for board in boards:
        infos: list[SearchInfo] = []
        start = time.monotonic()
        choose_move(board, level, searcher=searcher, on_info=infos.append)
        seconds.append(time.monotonic() - start)
        depths[max((info.depth for info in infos), default=0)] += 1
    how = "compiled" if searcher.is_compiled else "Python"
    shown = ", ".join(f"depth {depth}: {count}" for depth, count in sorted(depths.items()))
    print(
        f"{level.name:8} {how:8} depth {level.depth}, {level.think_time} s: {shown} "
        f"(of {len(boards)}; {max(seconds):.2f} s at most, {sum(seconds) / len(seconds):.2f} s on average)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="skilled,expert")
    args = parser.parse_args()
    boards = positions(args.games, args.seed)
    for compiled in (True, False):
        for key in args.levels.split(","):
            measure(key, boards, compiled=compiled)


if __name__ == "__main__":
    main()
