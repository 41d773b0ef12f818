"""Play Attangle matches between the AI levels, a random player and a greedy one, and print the scores.

    python bench/attangle_strength.py                     # every default match
    python bench/attangle_strength.py --only greedy --games 40
    python bench/attangle_strength.py --match "master" "expert:t=0.2"
    python bench/attangle_strength.py --match "master:t=0.5" "baseline:t=0.5" --games 60

The goals (issue 11): the top level wins at least 99% against the random
player and 90% against the greedy one, each level scores at least 65% against
the one below, the bottom level loses to the greedy player more often than
not, and the top level answers within 3 s a move on either board.

Each match plays pairs of games, the two players swapping colours within a
pair, on Attangle's and Grand Attangle's boards in turn, each pair after one
or two random placements so that the games differ. Attangle has no draws.
Results are from the first player's side: wins, losses, score, the Elo
difference with its 95% margin, and each player's seconds a move (mean and
slowest). Games run in parallel (``--jobs``).

Player specs: a level key (``beginner`` .. ``master``, ``hint``), ``baseline``
(Master as it was before issue 21's search work, frozen in ``bench/baselines/``),
``random`` (any legal move), ``greedy`` (any capture if it has one, else a
placement next to one of its own stacks, else anywhere), optionally followed by
``:key=value,...`` with ``t`` (think time a move for the searching levels),
``d`` (depth), ``n`` (nodes a move), ``generic=1`` (the level on the generic
alpha-beta, ``game.ai.alphabeta``, instead of Attangle's compiled search: the
same tree, some seventy times slower), a search feature switched off or on
(``lmr=0``, ``hist=1``, ``asp=0``, ``part=0``: see ``game.ai.features.SearchFeatures``) or
the plies late moves are reduced by (``lmr=2``), or a level's own ``noise``,
``wander``, ``ov`` (overlook) or ``ld`` (its depth) changed, or an evaluation weight
(``triple_now=700``: see ``game.ai.attangle.evaluate.EvalWeights``).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from match_stats import add_match_options, result_text, run_sprt, sprt_from_args

from game.ai.alphabeta import AlphaBeta, SearchFeatures, SearchLimits
from game.ai.attangle.evaluate import AttangleHeuristics, EvalWeights
from game.ai.attangle.levels import LEVELS, choose_move, level_by_key
from game.ai.attangle.search import Searcher, prepare_compiled
from game.engine.attangle import Board, Move

RANDOM_PLIES = (1, 2)
FEATURES = {"lmr": "late_move_reductions", "hist": "history", "asp": "aspiration", "part": "partial"}
"""Spec options that switch a search feature off (``master:lmr=0``): see ``SearchFeatures``."""
TOP = LEVELS[-1].key
WEIGHTS = {field.name for field in dataclasses.fields(EvalWeights)}
"""Spec options that change an evaluation weight (``master:triple_now=700``): see ``EvalWeights``."""


class Player:
    """Chooses moves for one side of a game; ``move`` must return a legal move."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec
        name, _, options = spec.partition(":")
        self.name = name
        settings = dict(item.split("=", 1) for item in options.split(",") if item)
        self.rng = random.Random(seed)
        self.movetime = float(settings["t"]) if "t" in settings else None
        self.depth = int(settings["d"]) if "d" in settings else None
        self.nodes = int(settings["n"]) if "n" in settings else None
        features = SearchFeatures(
            **{
                FEATURES[key]: int(settings[key]) if key == "lmr" else settings[key] != "0"
                for key in settings
                if key in FEATURES
            }
        )
        self.level = (
            None if name in ("random", "greedy") else level_by_key("master" if name == "baseline" else name)
        )
        if self.level is not None and name != "baseline":
            # A level's own parameters tried out (the ladder's tuning): its noise, wander and depth.
            changes: dict[str, Any] = {}
            if "noise" in settings:
                changes["noise"] = int(settings["noise"])
            if "wander" in settings:
                changes["wander"] = float(settings["wander"])
            if "ov" in settings:
                changes["overlook"] = float(settings["ov"])
            if "ld" in settings:
                changes["depth"] = int(settings["ld"])
            self.level = dataclasses.replace(self.level, **changes)
        self.searcher: Searcher | AlphaBeta | None = None
        self.baseline: Any = None
        if name == "baseline":
            from baselines.attangle_master_2026_11 import alphabeta as frozen_alphabeta
            from baselines.attangle_master_2026_11 import evaluate as frozen_evaluate

            self.baseline = frozen_alphabeta.AlphaBeta(frozen_evaluate.AttangleHeuristics())
        elif self.level is not None:
            weights = EvalWeights(**{key: int(settings[key]) for key in settings if key in WEIGHTS})
            if settings.get("generic", "0") != "0":
                self.searcher = AlphaBeta(AttangleHeuristics(weights), features=features)
            else:  # compiled, or Python where numba is missing
                prepare_compiled(wait=True)  # built or loaded from the cache before the clock runs
                self.searcher = Searcher(weights=weights, features=features, compiled=True)
        self.think = 0.0
        self.slowest = 0.0
        self.moves = 0

    def move(self, board: Board) -> Move:
        start = time.monotonic()
        try:
            return self._move(board)
        finally:
            spent = time.monotonic() - start
            self.think += spent
            self.slowest = max(self.slowest, spent)
            self.moves += 1

    def _move(self, board: Board) -> Move:
        moves = board.legal_moves()
        if self.name == "random":
            return self.rng.choice(moves)
        if self.name == "greedy":
            return greedy_move(board, moves, self.rng)
        if self.baseline is not None:
            return self._baseline_move(board, moves)
        assert self.level is not None and self.searcher is not None
        if self.depth is not None or self.nodes is not None:
            raw, _ = self.searcher.search(board, SearchLimits(depth=self.depth, nodes=self.nodes))
            return board.move_from_raw(raw)
        level = self.level
        if self.movetime is not None:
            level = dataclasses.replace(level, think_time=self.movetime, max_think_time=self.movetime * 1.2)
        return choose_move(board, level, rng=self.rng, searcher=self.searcher)

    def _baseline_move(self, board: Board, moves: list[Move]) -> Move:
        """The frozen Master's move, searched as Master searched (its think time, or ``t``/``d``)."""
        from baselines.attangle_master_2026_11.limits import SearchLimits as FrozenLimits

        if len(moves) == 1:
            return moves[0]
        if self.depth is not None or self.nodes is not None:
            limits = FrozenLimits(depth=self.depth, nodes=self.nodes)
        else:
            assert self.level is not None
            level = self.level
            if self.movetime is not None:
                level = dataclasses.replace(
                    level, think_time=self.movetime, max_think_time=self.movetime * 1.2
                )
            limits = FrozenLimits.within(level.budget())
        raw: int = self.baseline.search(board, limits)[0]
        return board.move_from_raw(raw)


def greedy_move(board: Board, moves: list[Move], rng: random.Random) -> Move:
    """Any capture; else a placement next to one of the mover's stacks; else any placement."""
    captures = [move for move in moves if move.is_capture]
    if captures:
        return rng.choice(captures)
    geometry = board.geometry
    us = board.turn.symbol
    near = set()
    for point, stack in enumerate(board.stacks):
        if stack and stack[-1] == us:
            for ray in geometry.rays[point]:
                if ray:
                    near.add(geometry.names[ray[0]])
    beside = [move for move in moves if move.target in near]
    return rng.choice(beside or moves)


def play_game(
    task: tuple[str, str, bool, int],
) -> tuple[float, int, tuple[float, float], tuple[float, float]]:
    """One game; returns (White's score, plies, seconds a move of each, slowest move of each)."""
    white_spec, black_spec, grand, seed = task
    rng = random.Random(seed)
    board = Board(grand=grand)
    for _ in range(rng.choice(RANDOM_PLIES)):
        board.push(rng.choice(board.legal_moves()))
    players = (Player(white_spec, seed * 2 + 1), Player(black_spec, seed * 2 + 2))
    plies = 0
    while (outcome := board.outcome()) is None:
        board.push(players[board.turn].move(board))
        plies += 1
    score = float(outcome.winner == 0)
    per_move = tuple(player.think / player.moves if player.moves else 0.0 for player in players)
    slowest = tuple(player.slowest for player in players)
    return score, plies, per_move, slowest  # type: ignore[return-value]


def pair_tasks(
    first: str, second: str, games: int, seed: int
) -> list[tuple[tuple[str, str, bool, int], bool]]:
    """The games of ``games`` (rounded up to pairs) as (task, swapped), the two of a pair one after the other."""
    tasks = []
    for pair in range((games + 1) // 2):
        grand = pair % 2 == 1
        game_seed = seed * 100_003 + pair
        tasks.append(((first, second, grand, game_seed), False))
        tasks.append(((second, first, grand, game_seed), True))
    return tasks


def run_match(first: str, second: str, games: int, jobs: int, seed: int) -> str:
    """Play ``games`` games (rounded up to pairs) and return the summary line."""
    tasks = pair_tasks(first, second, games, seed)
    scores: list[float] = []
    think = [0.0, 0.0]
    slowest = [0.0, 0.0]
    plies_seen = []
    with multiprocessing.Pool(jobs) as pool:
        results = pool.imap(play_game, [task for task, _ in tasks])
        for (_task, swapped), (score, plies, per_move, slow) in zip(tasks, results, strict=True):
            scores.append(1.0 - score if swapped else score)
            mine, theirs = (1, 0) if swapped else (0, 1)
            think[0] += per_move[mine]
            think[1] += per_move[theirs]
            slowest[0] = max(slowest[0], slow[mine])
            slowest[1] = max(slowest[1], slow[theirs])
            plies_seen.append(plies)
    count = len(scores)
    return (
        f"{first + ' vs ' + second:26s} {result_text(scores)}  "
        f"s/move {think[0] / count:.2f} (max {slowest[0]:.2f}) vs {think[1] / count:.2f} "
        f"(max {slowest[1]:.2f})  plies {sum(plies_seen) / count:.0f}"
    )


def default_matches(games: int) -> list[tuple[str, str, int]]:
    """The standard matches: the top level against random and greedy, each level against the one below."""
    matches = [
        (TOP, "random", max(games, 100)),
        (TOP, "greedy", max(games, 60)),
        ("beginner", "greedy", max(games, 60)),
    ]
    for weaker, stronger in itertools.pairwise(LEVELS):
        matches.append((stronger.key, weaker.key, games))
    return matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_match_options(parser, games=40)
    args = parser.parse_args(argv)
    test = sprt_from_args(args, parser)
    if test is not None:
        first, second = args.match
        start = time.monotonic()
        line = run_sprt(play_game, pair_tasks(first, second, args.max_games, args.seed), args.jobs, test)
        print(f"{first} vs {second}: {line}  ({time.monotonic() - start:.0f} s)", flush=True)
        return 0
    matches = [(args.match[0], args.match[1], args.games)] if args.match else default_matches(args.games)
    if args.only:
        matches = [match for match in matches if args.only in f"{match[0]} vs {match[1]}"]
    print(
        f"pairs of games, colours swapped, Attangle and Grand Attangle in turn, {RANDOM_PLIES} random plies first"
    )
    for first, second, games in matches:
        start = time.monotonic()
        line = run_match(first, second, games, args.jobs, args.seed)
        print(f"{line}  ({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
