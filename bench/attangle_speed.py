"""Measure Attangle's search speed: nodes per second, and the depth reached in a given time.

    python bench/attangle_speed.py [--seconds S]

Three searches, measured in the same run on the same positions, each given
``--seconds`` a position (one thread, a fresh table):

- ours, compiled (``game.ai.attangle.search``: numba, built or loaded from the
  cache before timing starts),
- ours as Python (the same kernel source, not compiled: what plays without numba),
- the generic alpha-beta with Attangle's heuristics (``game.ai.alphabeta``),
  which played Attangle before the kernel: the same tree, node for node.

For each: nodes per second and the depth of the last completed iteration;
then the ratios of nodes per second and the plies gained. A node is a position
the search visits, counted the same way in all three (the same tree).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import compiled
from game.ai.alphabeta import AlphaBeta
from game.ai.attangle.evaluate import AttangleHeuristics
from game.ai.attangle.search import Searcher, SearchLimits, prepare_compiled
from game.engine.attangle import Board

POSITIONS = {
    "opening": "-,-,-,-/-,-,b,-,-/w,-,-,-,w,-/-,-,-,-,-,-,b/b,-,-,-,-,w/-,-,-,-,w/-,b,-,- w 14 14",
    "midgame": "-,-,-,-/-,b,-,w,-/-,-,-,-,w,-/-,b,-,-,w,w,-/w,w,-,-,b,-/-,-,b,-,-/-,-,-,b b 12 13",
    "stacks": "-,b,-,b/b,w,b,b,b/-,-,b,-,-,bw/-,w,w,-,-,-,-/-,-,-,bw,-,-/w,w,-,wb,-/-,-,-,- w 10 8",
    "late": "-,-,-,b/w,wwb,-,-,b/b,b,-,b,-,w/w,w,b,-,-,w,b/-,-,-,-,-,-/bw,-,-,bbw,-/-,bwb,-,w w 7 5",
    "grand opening": "-,-,-,-,-/-,-,-,w,-,w/-,b,-,-,-,-,-/-,-,-,-,-,-,b,-/-,-,-,-,-,-,-,-,-/"
    "-,w,-,-,-,-,-,-/-,-,-,b,-,w,-/-,-,b,-,-,-/-,-,-,-,- w 23 23",
    "grand midgame": "w,w,-,b,-/wb,-,-,w,-,-/-,b,-,b,-,-,-/w,-,-,-,wb,-,-,b/-,b,bw,-,-,wb,bbw,b,-/"
    "-,-,w,-,-,-,-,-/w,-,-,-,-,-,-/w,-,-,-,-,-/-,-,-,-,w b 14 15",
}


def timed(kind: str, text: str, seconds: float) -> tuple[int, int, float]:
    """Search ``text`` for ``seconds`` with ``kind`` (compiled, python, generic): nodes, depth, seconds taken."""
    board = Board(text)
    limits = SearchLimits(soft_time=seconds, hard_time=seconds)
    start = time.monotonic()
    searcher: Searcher | AlphaBeta = (
        AlphaBeta(AttangleHeuristics()) if kind == "generic" else Searcher(compiled=kind == "compiled")
    )
    infos = list(searcher.iterate(board, limits))
    return searcher.nodes, infos[-1].depth, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time a position for each search")
    args = parser.parse_args(argv)

    start = time.monotonic()
    ready = prepare_compiled(wait=True, timeout=600)
    problem = compiled.numba_problem()
    print(
        f"compiled search: {'ready' if ready and problem is None else 'NOT compiled: ' + str(problem)}"
        f" ({time.monotonic() - start:.1f} s to build or load)"
    )
    kinds = ("compiled", "python", "generic")
    totals = {kind: [0, 0.0] for kind in kinds}
    plies = {kind: 0 for kind in kinds}
    print(f"{args.seconds:g} s a position; nodes/s and depth reached")
    print(f"{'position':16s}" + "".join(f"{kind:>22s}" for kind in kinds))
    for name, text in POSITIONS.items():
        cells = []
        for kind in kinds:
            nodes, depth, seconds = timed(kind, text, args.seconds)
            totals[kind][0] += nodes
            totals[kind][1] += seconds
            plies[kind] += depth
            cells.append(f"{int(nodes / seconds):>12,d} depth {depth:2d}")
        print(f"{name:16s}" + "".join(f"{cell:>22s}" for cell in cells), flush=True)
    rate = {kind: totals[kind][0] / totals[kind][1] for kind in kinds}
    print(f"{'all':16s}" + "".join(f"{int(rate[kind]):>12,d} nodes/s   " for kind in kinds))
    count = len(POSITIONS)
    print(
        f"nodes/s against the generic search: compiled {rate['compiled'] / rate['generic']:.1f}x, "
        f"python {rate['python'] / rate['generic']:.2f}x; depth in {args.seconds:g} s, mean over the "
        f"positions: compiled {plies['compiled'] / count:.1f}, python {plies['python'] / count:.1f}, "
        f"generic {plies['generic'] / count:.1f} "
        f"(compiled {(plies['compiled'] - plies['generic']) / count:+.1f} plies)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
