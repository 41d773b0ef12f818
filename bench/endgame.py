"""Measure how the Ataxx search settles endgames: results proved, and how soon.

    python bench/endgame.py [--seconds S] [--games N] [--seed K]

Positions come from the computer's own games (Master against itself at a few
hundredths of a second a move, from varied openings), taken as they reach
each number of empty squares. Each position is searched ``--seconds`` (one
thread, a fresh table) by:

- ours (compiled): it stops as soon as it has proved the result
  (``SearchInfo.exact``: every line that matters reached the end of the game);
- the peer measured in the same run, today's reference (Master's search
  before issue 21, frozen in ``bench/baselines/``), which has no proof but
  stops when it has seen a forced win or loss to the end.

For each band of empty squares: how many positions each settles (ours: proved
win, draw or loss; the reference: a forced win or loss seen), and the mean
seconds it took to settle them. A draw can only be settled by ours.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baselines.ataxx_master_2026_11 import search as frozen

from game.ai.ataxx.search import Searcher, SearchLimits, is_win_score, prepare_compiled
from game.engine.ataxx import STARTPOS, Board
from game.engine.ataxx.bits import FULL

OPENINGS = (STARTPOS, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1")
BANDS = ((1, 2), (3, 4), (5, 6), (7, 8))


def empties(board: Board) -> int:
    return (FULL ^ (board.pieces[0] | board.pieces[1] | board.blocks)).bit_count()


def collect(games: int, seed: int) -> dict[tuple[int, int], list[Board]]:
    """One position of each game in each band of empty squares (the first the game reaches)."""
    rng = random.Random(seed)
    player = Searcher(compiled=True)
    found: dict[tuple[int, int], list[Board]] = {band: [] for band in BANDS}
    for game in range(games):
        board = Board(OPENINGS[game % len(OPENINGS)])
        player.new_game()
        for _ in range(2):
            board.push(rng.choice(board.legal_moves()))
        taken: set[tuple[int, int]] = set()
        while board.outcome() is None:
            for band in BANDS:
                if band not in taken and band[0] <= empties(board) <= band[1]:
                    found[band].append(board.copy())
                    taken.add(band)
            move, _ = player.search(board, SearchLimits(soft_time=0.02, hard_time=0.05))
            board.push(move)
    return found


def settle_ours(board: Board, seconds: float) -> tuple[bool, float]:
    start = time.monotonic()
    _, info = Searcher(compiled=True).search(board, SearchLimits(soft_time=seconds, hard_time=seconds))
    return bool(info.exact), time.monotonic() - start


def settle_reference(board: Board, seconds: float) -> tuple[bool, float]:
    start = time.monotonic()
    limits = frozen.SearchLimits(soft_time=seconds, hard_time=seconds)
    infos = list(frozen.Searcher().iterate(board, limits))
    return is_win_score(infos[-1].score), time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds a position (default 1)")
    parser.add_argument("--games", type=int, default=12, help="games to take positions from (default 12)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    prepare_compiled(wait=True)
    found = collect(args.games, args.seed)
    print(f"{args.seconds:g} s a position; positions from {args.games} games of Master against itself")
    print(
        f"{'empty squares':>13}  {'positions':>9}  {'ours: proved':>14}  {'mean s':>6}  {'reference: forced':>18}  {'mean s':>6}"
    )
    for band, boards in found.items():
        ours = [settle_ours(board, args.seconds) for board in boards]
        reference = [settle_reference(board, args.seconds) for board in boards]
        row = [f"{band[0]}-{band[1]:<2}".rjust(13), f"{len(boards):>9}"]
        for results in (ours, reference):
            settled = [seconds for done, seconds in results if done]
            mean = f"{sum(settled) / len(settled):.2f}" if settled else "-"
            row.append(f"{len(settled):>4} ({100 * len(settled) / max(1, len(boards)):3.0f}%)")
            row.append(f"{mean:>6}")
        print(f"{row[0]}  {row[1]}  {row[2]:>14}  {row[3]}  {row[4]:>18}  {row[5]}")


if __name__ == "__main__":
    main()
