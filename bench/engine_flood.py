"""Measure how long a move from an engine that floods its output takes, against its time limit.

    python bench/engine_flood.py [--lines N] [--movetime S] [--runs R]

The engine is the tests' fake one in its ``flood`` mode (``tests/fake_uai_engine.py``): on ``go`` it
writes ``--lines`` ``info`` lines and as many garbage lines, as fast as it can, then its
``bestmove``. It plays through the real ``AIWorker`` (its engine thread, default timeouts: 2 s of
grace past the time per move, then ``stop`` and 1 s more). Printed for each run: the seconds until
the request ended, how it ended, and the limit (time per move, grace and stop) it must keep to.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("ATTAX_DATA_DIR", tempfile.mkdtemp(prefix="attax-bench-"))

from game.ai.worker import AIWorker, EngineSpec, EngineTimeouts  # noqa: E402

START = "x5o/7/7/7/7/7/o5x x 0 1"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000, help="info lines (as many garbage ones follow)")
    parser.add_argument("--movetime", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ["FAKE_FLOOD"] = str(args.lines)
    command = shlex.join([sys.executable, str(ROOT / "tests" / "fake_uai_engine.py"), "flood"])
    timeouts = EngineTimeouts()
    limit = args.movetime + timeouts.grace + timeouts.stop
    print(f"{2 * args.lines} lines before the move; limit {limit:.1f} s (time per move, grace, stop)")
    for run in range(1, args.runs + 1):
        with AIWorker(use_process=False, engine_timeouts=timeouts) as worker:
            started = time.monotonic()
            ticket = worker.request_engine(
                "ataxx", START, EngineSpec("Flood", command), movetime=args.movetime
            )
            while not (status := worker.poll(ticket)).finished:
                time.sleep(0.005)
            seconds = time.monotonic() - started
        ended = f"move {status.move}" if status.move is not None else f"error: {status.error}"
        print(f"run {run}: {seconds:.2f} s, {ended}")


if __name__ == "__main__":
    main()
