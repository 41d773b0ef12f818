"""Attangle perft and make/unmake speed, against a plain second implementation measured in the same run.

    python bench/attangle_perft.py [--depth N] [--seconds S]

Perft counts the move sequences of each depth (a finished game counts 0) from
the start of both boards and from two positions taken from games, with
captures possible. The peer is ``tests/attangle_reference.py``, written from
the rules' words alone (axial coordinates in a dict, lines walked step by
step): the same counts must come out, and the last column says how many times
faster the engine is. Then random playouts measure pushes and pops per second.
There is no public Attangle engine in Python to compare with: the reference is
the honest peer (it is also what the tests check the rules against).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from attangle_reference import Reference  # noqa: E402

from game.engine.attangle import GRAND_STARTPOS, STARTPOS, Board  # noqa: E402

POSITIONS = {
    "attangle start": (STARTPOS, 4),
    "grand start": (GRAND_STARTPOS, 3),
    "attangle midgame": (
        "-,w,-,-/-,-,bw,-,-/-,b,-,w,-,-/-,-,wb,-,wbw,-,-/-,bbw,-,-,b,-/-,-,w,-,-/-,-,-,wb b 9 9",
        4,
    ),
    "grand midgame": (
        "-,-,-,-,-/-,-,-,-,wbw,w/-,bw,b,b,-,-,b/wb,-,-,-,w,-,-,-/-,-,-,-,-,-,wwb,-,-/-,-,bbw,-,-,-,-,-/"
        "-,-,-,-,-,w,-/-,-,b,-,-,-/-,-,-,-,- w 17 17",
        4,
    ),
}


def timed(function, *args) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def playouts(seconds: float, grand: bool) -> tuple[int, int]:
    """Random games pushed and popped to the end for ``seconds``: (moves made and unmade, games)."""
    rng = random.Random(7)
    moves = games = 0
    deadline = time.perf_counter() + seconds
    board = Board(grand=grand)
    while time.perf_counter() < deadline:
        made = 0
        while True:
            legal = board.raw_moves()
            if not legal:
                break
            board.push_raw(legal[rng.randrange(len(legal))])
            made += 1
        for _ in range(made):
            board.pop_raw()
        moves += made
        games += 1
    return moves, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=None, help="one depth for every position")
    parser.add_argument("--seconds", type=float, default=2.0, help="time for each playout run")
    args = parser.parse_args(argv)
    print(
        f"{'position':18s} {'depth':>5s} {'nodes':>10s} {'engine s':>9s} {'nodes/s':>9s} {'peer s':>8s}  ratio"
    )
    engine_total = peer_total = 0.0
    for name, (text, depth) in POSITIONS.items():
        depth = args.depth or depth
        nodes, seconds = timed(Board(text).perft, depth)
        peer_nodes, peer_seconds = timed(Reference(text).perft, depth)
        if peer_nodes != nodes:
            print(f"{name}: the engine counts {nodes}, the reference {peer_nodes}: they disagree!")
            return 1
        engine_total += seconds
        peer_total += peer_seconds
        print(
            f"{name:18s} {depth:5d} {nodes:10d} {seconds:9.2f} {int(nodes / seconds):9d} {peer_seconds:8.2f}  "
            f"{peer_seconds / seconds:5.1f}x"
        )
    print(
        f"{'all':18s} {'':5s} {'':10s} {engine_total:9.2f} {'':9s} {peer_total:8.2f}  {peer_total / engine_total:5.1f}x"
    )
    print()
    for grand in (False, True):
        moves, games = playouts(args.seconds, grand)
        board = "Grand Attangle" if grand else "Attangle"
        print(
            f"{board}: random playouts, {int(moves / args.seconds)} moves made and unmade a second "
            f"({games} games, {moves / max(1, games):.0f} plies each)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
