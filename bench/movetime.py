"""How deep a UAI engine reads and how much of its time it uses at ``go movetime``, over a spread of positions.

    python bench/movetime.py [--movetime MS] [--positions N] [--seed K] [--engine "COMMAND"]

The positions: the openings of six block layouts (after zero to two random
plies), then middlegames and endgames from games of a lively random player on
the same layouts, ``--positions`` of each phase (by empty squares: 35 or more,
15 to 34, fewer). Each is sent to the engine as ``position fen`` and ``go
movetime``; the time is taken from the ``go`` written to the ``bestmove`` read
(what a program driving the engine waits), the depth is the last ``info
depth`` before it. Printed: mean depth, mean and slowest time per phase and
over all, against the goals (mean depth at least 12, mean time at least 85%
of the movetime, none over 150%). ``--engine`` measures another UAI engine on
the same positions (default: ours, ``python -m game.ai.uai``).
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from strength import OPENINGS  # noqa: E402

from game.engine.ataxx import Board  # noqa: E402

PHASES = (("opening", 35, 49), ("middlegame", 15, 34), ("endgame", 1, 14))


def positions(per_phase: int, seed: int) -> dict[str, list[str]]:
    """``per_phase`` FENs of each phase, from games of a random player that clones more often than it jumps."""
    rng = random.Random(seed)
    found: dict[str, list[str]] = {name: [] for name, _, _ in PHASES}
    layouts = list(OPENINGS)
    while any(len(fens) < per_phase for fens in found.values()):
        board = Board(layouts[rng.randrange(len(layouts))])
        for _ in range(rng.randrange(3)):
            board.push(rng.choice(board.legal_moves()))
        wanted = {name: rng.random() < 0.5 for name in found}
        while board.outcome() is None:
            empty = empty_squares(board)
            for name, low, high in PHASES:
                wanted_here = low <= empty <= high and wanted[name] and len(found[name]) < per_phase
                if wanted_here and len(board.legal_moves()) > 1:
                    found[name].append(board.fen())
                    wanted[name] = False
            moves = board.legal_moves()
            clones = [move for move in moves if move.is_clone]
            board.push(rng.choice(clones if clones and rng.random() < 0.8 else moves))
    return found


def empty_squares(board: Board) -> int:
    """The empty squares of ``board`` (blocks and pieces are not)."""
    return sum(int(char) for char in board.fen().split()[0] if char.isdigit())


class Engine:
    """A UAI engine on pipes: started, told positions, timed from ``go`` to ``bestmove``."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uai")
        self.read_until("uaiok")
        self.send("isready")
        self.read_until("readyok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, word: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine ended before {word!r}")
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def think(self, fen: str, movetime_ms: int) -> tuple[int, float]:
        """The depth reached and the seconds from ``go movetime`` to ``bestmove`` on ``fen``."""
        self.send("uainewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.read_until("readyok")
        start = time.monotonic()
        self.send(f"go movetime {movetime_ms}")
        lines = self.read_until("bestmove")
        took = time.monotonic() - start
        depth = 0
        for line in lines:
            words = line.split()
            if words[:2] == ["info", "depth"] and len(words) > 2 and words[2].isdigit():
                depth = int(words[2])
        return depth, took

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds a move (default 100)")
    parser.add_argument("--positions", type=int, default=20, help="positions of each phase (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    parser.add_argument("--engine", default=None, help="the UAI engine's command (default: ours)")
    args = parser.parse_args(argv)
    command = shlex.split(args.engine) if args.engine else [sys.executable, "-m", "game.ai.uai"]
    found = positions(args.positions, args.seed)
    engine = Engine(command)
    engine.think(OPENINGS[0], args.movetime)  # the compiled search built or loaded before the clock counts
    limit = args.movetime / 1000
    print(f"go movetime {args.movetime} to {' '.join(command)}, {args.positions} positions a phase")
    print(f"{'phase':<12} {'depth':>6} {'mean ms':>8} {'max ms':>7}")
    every: list[tuple[int, float]] = []
    for name, _, _ in PHASES:
        results = [engine.think(fen, args.movetime) for fen in found[name]]
        every += results
        depths, times = [depth for depth, _ in results], [took for _, took in results]
        print(
            f"{name:<12} {statistics.mean(depths):6.1f} {1000 * statistics.mean(times):8.1f} {1000 * max(times):7.1f}"
        )
    engine.close()
    depth = statistics.mean(depth for depth, _ in every)
    mean_time = statistics.mean(took for _, took in every)
    slowest = max(took for _, took in every)
    print(f"{'all':<12} {depth:6.1f} {1000 * mean_time:8.1f} {1000 * slowest:7.1f}")
    print(
        f"goals: mean depth >= 12: {'met' if depth >= 12 else 'not met'}; mean time >= {0.85 * args.movetime:.0f} ms: "
        f"{'met' if mean_time >= 0.85 * limit else 'not met'}; none over {1.5 * args.movetime:.0f} ms: "
        f"{'met' if slowest <= 1.5 * limit else 'not met'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
