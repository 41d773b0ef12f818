"""Measure the Ataxx search's speed: nodes per second, and the depth reached in one second.

    python bench/search_speed.py [--depth N] [--seconds S] [--peer-depth N]

Each fixed position is searched to a fixed depth (nodes, seconds, nodes per
second); then the start position and a crowded midgame get ``--seconds`` each
and the depth of the last completed iteration is printed.

The peer, measured in the same run: python-ataxx's own alpha-beta
(``ataxx.players.alphabeta``, material count at the leaves, no table) on the
same positions to ``--peer-depth``, its nodes counted as the positions it
makes, against our search to the same depth: the time each takes, and the
ratio. Nodes per second are printed too, but a node of ours does more (a full
evaluation, the table, move ordering) and the table and ordering make far
fewer of them, so time to a depth is the comparison that counts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import time

import ataxx
import ataxx.players

from game.ai.ataxx.search import Searcher, SearchLimits
from game.engine.ataxx import STARTPOS, Board

POSITIONS = {
    "start": (STARTPOS, 6),
    "blocks": ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 6),
    "opening": ("7/1x4x/3x1xx/1x2x2/o6/o1o3x/o1oo3 x 2 16", 4),
    "crowded midgame": ("x3xoo/1x2xoo/2-1-2/o6/ox-o-2/xxoooxx/xxxxx2 x 2 16", 5),
    "endgame": ("xxxoooo/xxoooo1/xxxo-oo/oxxxoo1/oxx-o2/xxxxo2/xxxxx1o o 0 40", 6),
}
TIMED = ("start", "crowded midgame")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--depth", type=int, default=None, help="override the fixed depth of every position")
    parser.add_argument("--seconds", type=float, default=1.0, help="time for the depth-in-time runs")
    parser.add_argument("--peer-depth", type=int, default=4, help="python-ataxx's alpha-beta depth")
    args = parser.parse_args(argv)

    total_nodes = 0
    total_time = 0.0
    print(f"{'position':18s} {'depth':>5s} {'nodes':>9s} {'seconds':>8s} {'nodes/s':>9s}  best")
    for name, (fen, depth) in POSITIONS.items():
        depth = args.depth or depth
        searcher = Searcher()
        move, info = searcher.search(Board(fen), SearchLimits(depth=depth))
        assert info is not None
        total_nodes += info.nodes
        total_time += info.elapsed
        print(f"{name:18s} {info.depth:5d} {info.nodes:9d} {info.elapsed:8.2f} {info.nps:9d}  {move}")
    ours = total_nodes / total_time
    print(f"{'all':18s} {'':5s} {total_nodes:9d} {total_time:8.2f} {int(ours):9d}")
    print()
    peer_nodes = 0
    peer_time = our_time = 0.0
    print(f"to depth {args.peer_depth}, ours against python-ataxx's alphabeta:")
    for name, (fen, _depth) in POSITIONS.items():
        nodes, seconds = peer_search(fen, args.peer_depth)
        _move, info = Searcher().search(Board(fen), SearchLimits(depth=args.peer_depth))
        assert info is not None
        peer_nodes += nodes
        peer_time += seconds
        our_time += info.elapsed
        print(f"  {name:18s} ours {info.elapsed:6.3f} s  peer {seconds:6.3f} s ({nodes} nodes)")
    peer = peer_nodes / peer_time
    print(
        f"  all: ours {our_time:.3f} s, peer {peer_time:.3f} s: {peer_time / our_time:.1f}x faster to the same depth; "
        f"nodes/s ours / peer = {ours / peer:.2f}"
    )
    print()
    for name in TIMED:
        fen = POSITIONS[name][0]
        searcher = Searcher()
        infos = list(
            searcher.iterate(Board(fen), SearchLimits(soft_time=args.seconds, hard_time=args.seconds))
        )
        last = infos[-1]
        print(
            f"{name}: depth {last.depth} in {args.seconds:g} s "
            f"({last.nodes} nodes at depth {last.depth}, {searcher.nodes} in all, "
            f"{int(searcher.nodes / args.seconds)} nodes/s), best {last.pv[0]} score {last.score}"
        )
    return 0


def peer_search(fen: str, depth: int) -> tuple[int, float]:
    """python-ataxx's alpha-beta on ``fen`` to ``depth``: the positions it made, and the seconds taken."""
    board = ataxx.Board(fen)
    made = 0
    make = board.makemove

    def counted(move: ataxx.Move) -> None:
        nonlocal made
        made += 1
        make(move)

    board.makemove = counted  # type: ignore[method-assign]
    start = time.monotonic()
    ataxx.players.alphabeta(board, -(10**6), 10**6, depth)
    return made, time.monotonic() - start


if __name__ == "__main__":
    raise SystemExit(main())
