"""Measure the post-game analysis: seconds to analyse a 40-move Ataxx game at the default strength.

    python bench/analysis_speed.py [--moves N] [--strength quick|normal|deep] [--games G] [--losses]

The game: the Casual level against itself from the standard start, its moves
drawn with a fixed seed, for ``--moves`` full moves (40: 80 plies) or to its
end. The analysis runs as the screen runs it: ``game.ai.analysis.AnalysisRun``
through the real ``AIWorker`` (the search in its child process, compiled when
numba is there), at the strength's time a position and the strongest level,
stepped every 2 ms as the frame loop would. Printed: the seconds in all and a
position, the mean depth the searches completed, and the marks the game got.

The peer, measured in the same run: the same positions searched in this
process, one after another with the same level and time (no worker, no child
process, no frame loop): the seconds it takes, and the ratio, which is what
the worker and the loop cost on top of the searches themselves.

``--losses`` prints, over ``--games`` games, how much expected result the
moves the search did not choose gave away, in bands: what the marks'
limits (``game.ai.analysis.MARK_LIMITS``) were chosen from.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("ATTAX_DATA_DIR", tempfile.mkdtemp(prefix="attax-bench-"))
# The compiled search's cache, shared with the tests' (a build takes seconds; a load a fraction of one).
os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(tempfile.gettempdir()) / "attax-arcade-numba"))

from game.ai import compiled
from game.ai.analysis import (
    DEFAULT_STRENGTH,
    STRENGTHS,
    Analysis,
)
from game.ai.analysis_run import AnalysisRun, RunState, analyse_in_process
from game.ai.ataxx.player import AI
from game.ai.ataxx.search import prepare_compiled
from game.ai.worker import AIWorker
from game.engine.ataxx.rules import RULES
from game.engine.match import Match

LEVEL = AI.levels[-1].key


def self_play(moves: int, seed: int) -> Match:
    """Casual against itself for ``moves`` full moves (or to the end), the moves drawn with ``seed``."""
    match = Match(RULES)
    rng = random.Random(seed)
    while match.ply < 2 * moves and not match.is_over:
        forced = match.forced_move()
        if forced is not None:
            match.play(forced)
            continue
        text = AI.choose(
            match.position_text(),
            "casual",
            stop=threading.Event(),
            on_progress=lambda progress: None,
            rng=rng,
            time_budget=None,
            memory={},
        )
        match.play(RULES.parse_move(text))
    return match


def through_worker(match: Match, budget: float) -> tuple[float, Analysis]:
    """The analysis as the screen runs it; the seconds it took."""
    analysis = Analysis.of_match(match, AI)
    with AIWorker(use_process=True) as worker:
        # The child loads the compiled search from the cache as it starts: let it, as the menus do.
        ticket = worker.request("ataxx", match.start_text, LEVEL, time_budget=0.5)
        while not worker.poll(ticket).finished:
            time.sleep(0.01)
        run = AnalysisRun(analysis, worker, "ataxx", LEVEL, budget)
        start = time.perf_counter()
        while run.state is RunState.RUNNING:
            run.step()
            time.sleep(0.002)
        seconds = time.perf_counter() - start
    if run.state is not RunState.DONE:
        raise SystemExit(f"the analysis did not finish: {run.state.value} {run.error}")
    return seconds, analysis


def in_process(match: Match, budget: float) -> tuple[float, list[int]]:
    """The same positions searched here, one after another: the seconds, and each search's depth."""
    analysis = Analysis.of_match(match, AI)
    start = time.perf_counter()
    analyse_in_process(analysis, AI, LEVEL, budget)
    seconds = time.perf_counter() - start
    return seconds, [node.search.depth for node in analysis.main if node.search is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=40, help="full moves of the game analysed")
    parser.add_argument("--strength", choices=[key for key, _ in STRENGTHS], default=DEFAULT_STRENGTH)
    parser.add_argument("--games", type=int, default=1, help="games (seeds 1, 2, ...)")
    parser.add_argument(
        "--losses", action="store_true", help="the losses of the moves the search did not choose"
    )
    args = parser.parse_args(argv)
    budget = dict(STRENGTHS)[args.strength]
    ready = prepare_compiled(wait=True, timeout=600)
    problem = compiled.numba_problem()
    print(f"compiled search: {'ready' if ready and problem is None else 'NOT compiled: ' + str(problem)}")
    print(
        f"strength {args.strength}: {budget:g} s a position at {LEVEL}; {args.games} game(s) of {args.moves} moves"
    )
    losses: list[float] = []
    for seed in range(1, args.games + 1):
        match = self_play(args.moves, seed)
        seconds, analysis = through_worker(match, budget)
        review = analysis.review()
        positions = analysis.total
        depths = [node.search.depth for node in analysis.main if node.search is not None]
        marks = Counter(v.mark.value for v in review.verdicts if v is not None and v.mark is not None)
        print(f"\ngame {seed}: {match.full_moves} moves, {match.ply} plies, {positions} positions searched")
        print(
            f"  analysis through the worker: {seconds:.1f} s, {seconds / max(1, positions):.3f} s a position,"
            f" mean depth {statistics.fmean(depths) if depths else 0:.1f}"
        )
        print(
            "  marks: "
            + ", ".join(
                f"{marks[mark]} {mark}" for mark in ("best", "good", "inaccuracy", "mistake", "blunder")
            )
        )
        peer_seconds, peer_depths = in_process(match, budget)
        print(
            f"  peer, the same searches in this process: {peer_seconds:.1f} s,"
            f" mean depth {statistics.fmean(peer_depths) if peer_depths else 0:.1f};"
            f" worker and loop / peer: {seconds / peer_seconds:.2f}x"
        )
        losses += [
            v.loss for v in review.verdicts if v is not None and v.mark is not None and v.best is not None
        ]
    if args.losses and losses:
        bands = (0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.13, 0.17, 0.22, 0.3, 1.01)
        print(f"\nlosses of the {len(losses)} moves the search did not choose:")
        low = 0.0
        for high in bands:
            count = sum(1 for loss in losses if low <= loss < high)
            print(f"  {low:4.2f} to {high:4.2f}: {count:3d} ({100 * count / len(losses):.0f}%)")
            low = high
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
