"""Measure the Ataxx search's speed: nodes per second, and the depth reached in a given time.

    python bench/search_speed.py [--seconds S] [--peer-depth N]

Three searches, measured in the same run on the same positions, each given
``--seconds`` a position (one thread, a fresh table):

- ours, compiled (numba; built or loaded from the cache before timing starts),
- ours as Python (the same kernel source, not compiled: what plays without numba),
- today's reference: Master's search as it was before issue 21, frozen in
  ``bench/baselines/ataxx_master_2026_11`` (pure Python).

For each: the nodes searched, nodes per second and the depth of the last
completed iteration; then the ratios of nodes per second and the plies gained.
A node is a position the search visits, counted the same way in all three.

The peer, measured in the same run: python-ataxx's own alpha-beta
(``ataxx.players.alphabeta``, material count at the leaves, no table) on the
same positions to ``--peer-depth``, against our compiled search to the same
depth: the time each takes, and the ratio.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import time

import ataxx
import ataxx.players
from baselines.ataxx_master_2026_11 import search as frozen

from game.ai import compiled
from game.ai.ataxx.search import Searcher, SearchLimits, prepare_compiled
from game.engine.ataxx import STARTPOS, Board

POSITIONS = {
    "start": STARTPOS,
    "blocks": "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "opening": "7/1x4x/3x1xx/1x2x2/o6/o1o3x/o1oo3 x 2 16",
    "crowded midgame": "x3xoo/1x2xoo/2-1-2/o6/ox-o-2/xxoooxx/xxxxx2 x 2 16",
    "endgame": "xxxoooo/xxoooo1/xxxo-oo/oxxxoo1/oxx-o2/xxxxo2/xxxxx1o o 0 40",
}


def timed(kind: str, fen: str, seconds: float) -> tuple[int, int, float]:
    """Search ``fen`` for ``seconds`` with ``kind`` (compiled, python, today): nodes, depth, seconds taken."""
    board = Board(fen)
    start = time.monotonic()
    if kind == "today":
        searcher = frozen.Searcher()
        limits = frozen.SearchLimits(soft_time=seconds, hard_time=seconds)
        infos = list(searcher.iterate(board, limits))
    else:
        searcher = Searcher(compiled=kind == "compiled")
        infos = list(searcher.iterate(board, SearchLimits(soft_time=seconds, hard_time=seconds)))
    return searcher.nodes, infos[-1].depth, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time a position for each search")
    parser.add_argument("--peer-depth", type=int, default=4, help="python-ataxx's alpha-beta depth")
    args = parser.parse_args(argv)

    start = time.monotonic()
    ready = prepare_compiled(wait=True, timeout=600)
    problem = compiled.numba_problem()
    print(
        f"compiled search: {'ready' if ready and problem is None else 'NOT compiled: ' + str(problem)}"
        f" ({time.monotonic() - start:.1f} s to build or load)"
    )
    kinds = ("compiled", "python", "today")
    totals = {kind: [0, 0.0] for kind in kinds}
    plies = {kind: 0 for kind in kinds}
    print(f"{args.seconds:g} s a position; nodes/s and depth reached")
    print(f"{'position':16s}" + "".join(f"{kind:>22s}" for kind in kinds))
    for name, fen in POSITIONS.items():
        cells = []
        for kind in kinds:
            nodes, depth, seconds = timed(kind, fen, args.seconds)
            totals[kind][0] += nodes
            totals[kind][1] += seconds
            plies[kind] += depth
            cells.append(f"{int(nodes / seconds):>12,d} depth {depth:2d}")
        print(f"{name:16s}" + "".join(f"{cell:>22s}" for cell in cells))
    rate = {kind: totals[kind][0] / totals[kind][1] for kind in kinds}
    print(f"{'all':16s}" + "".join(f"{int(rate[kind]):>12,d} nodes/s   " for kind in kinds))
    count = len(POSITIONS)
    print(
        f"nodes/s against today's: compiled {rate['compiled'] / rate['today']:.1f}x, "
        f"python {rate['python'] / rate['today']:.2f}x; depth in {args.seconds:g} s, mean over the positions: "
        f"compiled {plies['compiled'] / count:.1f}, python {plies['python'] / count:.1f}, "
        f"today {plies['today'] / count:.1f} (compiled {(plies['compiled'] - plies['today']) / count:+.1f} plies)"
    )
    print()
    peer_time = our_time = 0.0
    print(f"to depth {args.peer_depth}, ours (compiled) against python-ataxx's alphabeta:")
    for name, fen in POSITIONS.items():
        nodes, seconds = peer_search(fen, args.peer_depth)
        _move, info = Searcher(compiled=True).search(Board(fen), SearchLimits(depth=args.peer_depth))
        assert info is not None
        peer_time += seconds
        our_time += info.elapsed
        print(f"  {name:18s} ours {info.elapsed:6.3f} s  peer {seconds:6.3f} s ({nodes} nodes)")
    print(
        f"  all: ours {our_time:.3f} s, peer {peer_time:.3f} s: {peer_time / our_time:.0f}x faster to the same depth"
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
