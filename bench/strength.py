"""Play Ataxx matches between the AI levels and python-ataxx's players, and print the scores.

    python bench/strength.py                      # every default match
    python bench/strength.py --only master --games 40 --movetime 1
    python bench/strength.py --match "master:t=0.2,exposed=5" "master:t=0.2"
    python bench/strength.py --sprt --match master "master:lmr=0" --movetime 0.05
    python bench/strength.py --sprt --match "master:tm=1" "master:tm=0" --clock 2+0.02

Each match plays pairs of games from varied openings (the start position and
several block layouts, each followed by a few random moves), the two players
swapping colours within a pair. Games end by the rules (``Board.outcome``: the
100 half-move draw and threefold repetition included) or as a draw at
``MAX_PLIES``. Results are from the first player's side: wins, draws, losses,
score, and the Elo difference with its 95% error margin. Games run in parallel
(``--jobs``, two by default).

With ``--sprt`` the one ``--match`` plays pairs until a sequential test
decides (``match_stats.Sprt``): H1, the first player is at least ``--elo1``
Elo stronger, or H0, it is not ``--elo0`` stronger; or ``--max-games`` runs out.

With ``--clock BASE+INC`` each player has BASE seconds for the game and INC more after each move, and
searches as the UAI engine does under ``go wtime ... winc ...`` (its ``time_limits``); one whose time runs
out loses. Only searching levels play with a clock.

Player specs: a level key (``beginner`` .. ``master``, ``hint``), ``baseline``
(Master as it was before issue 21, frozen in ``bench/baselines/``), ``frozen``
(the compiled Master of 29 November 2026, frozen there too: ``master frozen``
measures a change to the search), ``greedy``,
``random``, or ``abN`` (python-ataxx's alpha-beta to depth N), optionally
followed by ``:key=value,...`` with ``t`` (seconds a move), ``d`` (depth), ``n``
(nodes a move), the evaluation weights (``exposed``, ``mobility``, ``edge``,
``tempo``, and ``margin``, futility's allowance for them), a search feature switched off (``null=0``, ``lmr=0``, ``hist=0``,
``frontier=0``, ``futility=0``, ``asp=0``, ``keep=0``: see ``SearchFeatures``), a search feature's number
(``lmrt=N``, late moves reduced from a table, N percent; ``rfp=N`` and ``rfpd=N``, reverse futility's margin
a ply and depth; ``lmp=N`` and ``lmpd=N``, late-move pruning's count and depth; ``exact=N``, the empty squares from which they stop; ``lmrs=N``, the table's step in plies; ``nulld=N``, the null move's depth divisor; ``iir=N``, the
internal reduction's depth; ``nulle=N``, the empty squares from which the null move and late-move pruning
stop; ``lmrpv=N``, the table's percent on the principal variation: ``TUNABLE``)
``tm=0`` or ``tm=1`` (under a clock, the time planned without or with the best move's stability:
``SearchLimits.stability``; UAI's ``CLOCK_STABILITY`` by default),
``go=1`` (the movetime given as UAI's ``go movetime`` gives it: the whole time, not a level's think
time), ``py=1`` (the search run as Python, not compiled; the switches, weights and ``py`` apply to ``frozen``
too), and for a level, ``noise``,
``overlook`` and ``depth`` in place of the level's own (to tune the ladder).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from match_stats import add_match_options, result_text, run_sprt, sprt_from_args

from game.ai.ataxx.evaluate import EvalWeights
from game.ai.ataxx.levels import HINT_LEVEL, LEVELS, choose_move, level_by_key
from game.ai.ataxx.search import Searcher, SearchFeatures, SearchLimits
from game.ai.ataxx.uai import CLOCK_STABILITY
from game.engine.ataxx import Board, Move

OPENINGS = (
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
    "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
    "x5o/7/1-3-1/7/1-3-1/7/o5x x 0 1",
    "x5o/1-3-1/7/3-3/7/1-3-1/o5x x 0 1",
)
FEATURES = {
    "null": "null_move",
    "lmr": "late_move_reductions",
    "hist": "history",
    "frontier": "frontier",
    "futility": "futility",
    "asp": "aspiration",
    "keep": "keep_table",
}
"""Spec options that switch a search feature off (``master:null=0``): see ``SearchFeatures``."""
TUNABLE = {
    "lmrt": "reduction_table",
    "rfp": "reverse_futility",
    "rfpd": "reverse_futility_depth",
    "lmp": "late_move_pruning",
    "lmpd": "late_move_pruning_depth",
    "exact": "exact_empty",
    "lmrs": "reduction_step",
    "nulle": "null_empty",
    "lmrpv": "pv_reduction_table",
    "nulld": "null_divisor",
    "iir": "internal_reduction",
}
"""Spec options that set a search feature's number (``master:rfp=150``): see ``SearchFeatures``."""
MAX_PLIES = 400
RANDOM_PLIES = (0, 2)  # random opening plies, chosen per pair


class Player:
    """Chooses moves for one side of a game; ``move`` must return a legal move."""

    def __init__(self, spec: str, movetime: float | None, seed: int) -> None:
        self.spec = spec
        name, _, options = spec.partition(":")
        self.name = name
        self.options = dict(item.split("=", 1) for item in options.split(",") if item)
        self.rng = random.Random(seed)
        self.movetime = float(self.options.pop("t")) if "t" in self.options else movetime
        self.depth = int(self.options.pop("d")) if "d" in self.options else None
        self.nodes = int(self.options.pop("n")) if "n" in self.options else None
        switches = {
            FEATURES[key]: self.options.pop(key) != "0" for key in list(self.options) if key in FEATURES
        }
        for option, feature in TUNABLE.items():
            if option in self.options:
                switches[feature] = int(self.options.pop(option))
        features = SearchFeatures(**switches)
        pure = self.options.pop("py", "0") != "0"
        self.as_go = self.options.pop("go", "0") != "0"
        self.stability = self.options.pop("tm", "1" if CLOCK_STABILITY else "0") != "0"
        """Under a clock (``--clock``), the planned time scaled by the best move's stability (UAI's way)."""
        """The movetime given as UAI's ``go movetime`` gives it (the whole time less the engine's margin,
        soft and hard limits the same), not as a level's think time (no new depth after 45% of it)."""
        tuning = {key: float(self.options.pop(key)) for key in ("noise", "overlook") if key in self.options}
        if "depth" in self.options:
            tuning["depth"] = int(self.options.pop("depth"))
        weight_options = {key: int(value) for key, value in self.options.items()}
        weights = EvalWeights(**weight_options)
        self.searcher: Searcher | None = None
        self.level = None
        self.baseline: Any = None
        self.frozen: Any = None
        if name == "baseline":
            from baselines.ataxx_master_2026_11 import evaluate as frozen_evaluate
            from baselines.ataxx_master_2026_11 import search as frozen_search

            self.level = level_by_key("master")
            self.baseline = frozen_search.Searcher(
                weights=frozen_evaluate.EvalWeights(
                    **{key: value for key, value in dataclasses.asdict(weights).items() if key != "margin"}
                )
            )
        elif name == "frozen":
            # numba reads NUMBA_CACHE_DIR once: loaded by the live search's rule first, so each search's
            # kernel stays in its own cache folder (see the frozen copy's ``compiled``).
            from game.ai import compiled

            compiled.numba_problem()
            from baselines.ataxx_master_2026_11_29 import evaluate as frozen_evaluate
            from baselines.ataxx_master_2026_11_29 import features as frozen_features
            from baselines.ataxx_master_2026_11_29 import search as frozen_search

            self.frozen = frozen_search.Searcher(
                weights=frozen_evaluate.EvalWeights(**weight_options),
                features=frozen_features.SearchFeatures(**switches),
                compiled=not pure,
            )
        elif name in ("greedy", "random") or (name.startswith("ab") and name[2:].isdigit()):
            import ataxx  # noqa: F401  (fail early if python-ataxx is missing)
        else:
            self.level = HINT_LEVEL if name == "hint" else level_by_key(name)
            if tuning:
                self.level = dataclasses.replace(self.level, **tuning)  # type: ignore[arg-type]
            self.searcher = Searcher(weights=weights, features=features, compiled=not pure)
        self.think = 0.0
        self.moves = 0

    def move(self, board: Board, clock: tuple[float, float] | None = None) -> Move:
        """The move for ``board``; ``clock``: (seconds left, increment), searched as UAI's ``go`` with
        ``wtime``/``btime`` and ``winc``/``binc`` searches (a Master-like player only)."""
        start = time.monotonic()
        try:
            if clock is not None:
                return self._clock_move(board, *clock)
            return self._move(board)
        finally:
            self.think += time.monotonic() - start
            self.moves += 1

    def _move(self, board: Board) -> Move:
        if self.baseline is not None:
            return self._baseline_move(board)
        if self.frozen is not None:
            return self._frozen_move(board)
        if self.level is None:
            return self._peer_move(board)
        assert self.searcher is not None
        if self.depth is not None or self.nodes is not None:
            limits = SearchLimits(depth=self.depth, nodes=self.nodes)
            return self.searcher.search(board, limits)[0]
        level = self.level
        if self.movetime is not None and self.as_go and not level.careless:
            from game.ai.ataxx.uai import GoParams, time_limits

            legal = board.legal_moves()
            if len(legal) == 1:
                return legal[0]
            soft, hard = time_limits(GoParams(movetime=round(self.movetime * 1000)), board.turn)
            return self.searcher.search(board, SearchLimits(soft_time=soft, hard_time=hard))[0]
        if self.movetime is not None and not level.careless:
            level = dataclasses.replace(level, max_think_time=self.movetime, think_time=self.movetime)
        return choose_move(board, level, rng=self.rng, searcher=self.searcher)

    def _clock_move(self, board: Board, left: float, increment: float) -> Move:
        from game.ai.ataxx.uai import GoParams, time_limits

        if self.searcher is None or self.level is None or self.level.careless:
            raise SystemExit(f"{self.spec}: only a searching level plays with a clock")
        legal = board.legal_moves()
        if len(legal) == 1:
            return legal[0]
        left_ms, increment_ms = round(left * 1000), round(increment * 1000)
        params = GoParams(wtime=left_ms, btime=left_ms, winc=increment_ms, binc=increment_ms)
        soft, hard = time_limits(params, board.turn, board.empty.bit_count())
        limits = SearchLimits(soft_time=soft, hard_time=hard, stability=self.stability)
        return self.searcher.search(board, limits)[0]

    def _baseline_move(self, board: Board) -> Move:
        """The frozen Master's move, searched as Master searched (its think time, or ``t``/``d``/``n``)."""
        from baselines.ataxx_master_2026_11.limits import SearchLimits as FrozenLimits

        legal = board.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if self.depth is not None or self.nodes is not None:
            limits = FrozenLimits(depth=self.depth, nodes=self.nodes)
        else:
            assert self.level is not None
            limits = FrozenLimits.within(
                self.movetime if self.movetime is not None else self.level.think_time
            )
        move: Move = self.baseline.search(board, limits)[0]
        return move

    def _frozen_move(self, board: Board) -> Move:
        """The frozen Master's move, chosen as Master chose it (its think time, ``t`` or ``--movetime`` as
        both its times, as the levels get them), or searched to ``d`` / ``n``."""
        from baselines.ataxx_master_2026_11_29 import master
        from baselines.ataxx_master_2026_11_29.limits import SearchLimits as FrozenLimits

        move: Move
        if self.depth is not None or self.nodes is not None:
            move = self.frozen.search(board, FrozenLimits(depth=self.depth, nodes=self.nodes))[0]
        elif self.movetime is not None and self.as_go:
            # As the UAI engine of the day gave a movetime: all of it less 30 ms, or a fifth of a short one.
            limit = self.movetime - min(0.03, self.movetime / 5)
            legal = board.legal_moves()
            if len(legal) == 1:
                return legal[0]
            move = self.frozen.search(board, FrozenLimits(soft_time=limit, hard_time=limit))[0]
        elif self.movetime is not None:
            move = master.choose_move(
                board, self.frozen, think_time=self.movetime, max_think_time=self.movetime
            )
        else:
            move = master.choose_move(board, self.frozen)
        return move

    def _peer_move(self, board: Board) -> Move:
        import ataxx
        import ataxx.players

        peer = ataxx.Board(board.fen())
        random.seed(self.rng.random())  # python-ataxx's players use the global generator
        if self.name == "greedy":
            move = ataxx.players.greedy(peer)
        elif self.name == "random":
            move = ataxx.players.random_move(peer)
        else:
            move = ataxx.players.alphabeta(peer, -math.inf, math.inf, int(self.name[2:]))
        legal = board.legal_moves()
        if move is None:
            return legal[0]
        ours = Move.from_uai(str(move))
        return ours if ours in legal else legal[0]


Clock = tuple[float, float]
"""A game's clock: each player's seconds at the start and the seconds added after each of its moves."""
Task = tuple[str, str, str, int, float | None, Clock | None]


def play_game(task: Task) -> tuple[float, int, float, float]:
    """Play one game; returns (score of the red player, plies, red's and blue's seconds a move).

    With a clock, a player whose time runs out loses the game."""
    red_spec, blue_spec, fen, seed, movetime, clock = task
    rng = random.Random(seed)
    board = Board(fen)
    for _ in range(rng.choice(RANDOM_PLIES)):
        moves = board.legal_moves()
        if not moves or board.outcome() is not None:
            break
        board.push(rng.choice([move for move in moves if move.is_clone] or moves))
    players = (Player(red_spec, movetime, seed * 2 + 1), Player(blue_spec, movetime, seed * 2 + 2))
    plies = 0
    left = [clock[0], clock[0]] if clock is not None else [0.0, 0.0]
    while board.outcome() is None and plies < MAX_PLIES:
        side = board.turn
        if clock is None:
            board.push(players[side].move(board))
        else:
            began = time.monotonic()
            move = players[side].move(board, (left[side], clock[1]))
            left[side] -= time.monotonic() - began
            if left[side] < 0:
                print(f"{players[side].spec} lost on time after {plies} plies", file=sys.stderr, flush=True)
                per_move = tuple(p.think / p.moves if p.moves else 0.0 for p in players)
                return float(side == 1), plies, per_move[0], per_move[1]
            left[side] += clock[1]
            board.push(move)
        plies += 1
    outcome = board.outcome()
    score = 0.5 if outcome is None or outcome.winner is None else float(outcome.winner == 0)
    per_move = tuple(p.think / p.moves if p.moves else 0.0 for p in players)
    return score, plies, per_move[0], per_move[1]


def summary(name: str, scores: list[float], think: tuple[float, float]) -> str:
    """One line: W/D/L, score %, Elo ± 95% margin, seconds a move."""
    return f"{name:42s} {result_text(scores)}  s/move {think[0]:.2f} vs {think[1]:.2f}"


def pair_tasks(
    first: str, second: str, games: int, movetime: float | None, seed: int, clock: Clock | None = None
) -> list[tuple[Task, bool]]:
    """The games of ``games`` (rounded up to pairs) as (task, swapped), the two of a pair one after the other."""
    tasks = []
    for pair in range((games + 1) // 2):
        fen = OPENINGS[pair % len(OPENINGS)]
        game_seed = seed * 100_003 + pair
        tasks.append(((first, second, fen, game_seed, movetime, clock), False))
        tasks.append(((second, first, fen, game_seed, movetime, clock), True))
    return tasks


def run_match(
    first: str,
    second: str,
    games: int,
    movetime: float | None,
    jobs: int,
    seed: int,
    clock: Clock | None = None,
) -> str:
    """Play ``games`` games (rounded up to pairs) and return the summary line."""
    tasks = pair_tasks(first, second, games, movetime, seed, clock)
    scores: list[float] = []
    think = [0.0, 0.0]
    with multiprocessing.Pool(jobs) as pool:
        results = pool.imap(play_game, [task for task, _ in tasks])
        for (_task, swapped), (score, _plies, red_think, blue_think) in zip(tasks, results, strict=True):
            scores.append(1.0 - score if swapped else score)
            think[0] += blue_think if swapped else red_think
            think[1] += red_think if swapped else blue_think
    return summary(f"{first} vs {second}", scores, (think[0] / len(scores), think[1] / len(scores)))


def default_matches(movetime: float | None) -> list[tuple[str, str, float | None]]:
    """The standard matches: against python-ataxx, then each level against the one below."""
    matches: list[tuple[str, str, float | None]] = [
        ("beginner", "greedy", None),
        ("casual", "greedy", None),
        ("skilled", "ab2", None),
        ("expert", "ab3", None),
        ("master", "ab3", movetime if movetime is not None else 1.0),
    ]
    for weaker, stronger in itertools.pairwise(LEVELS):
        matches.append((stronger.key, weaker.key, movetime))
    return matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_match_options(parser, games=20)
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds a move for the searching levels"
    )
    parser.add_argument(
        "--clock",
        default=None,
        help="BASE+INC: each player's seconds and the seconds added a move, as UAI's wtime/winc (Master-like players)",
    )
    args = parser.parse_args(argv)
    clock: Clock | None = None
    if args.clock is not None:
        base, _, increment = args.clock.partition("+")
        try:
            clock = (float(base), float(increment or 0))
        except ValueError:
            parser.error(f"--clock {args.clock!r}: expected BASE+INC in seconds, e.g. 2+0.02")
    test = sprt_from_args(args, parser)
    if test is not None:
        first, second = args.match
        print(f"SPRT {first} vs {second}, at most {args.max_games} games", flush=True)
        start = time.monotonic()
        tasks = pair_tasks(first, second, args.max_games, args.movetime, args.seed, clock)
        line = run_sprt(play_game, tasks, args.jobs, test)
        print(f"{line}  ({time.monotonic() - start:.0f} s)", flush=True)
        return 0
    if args.match:
        matches = [(args.match[0], args.match[1], args.movetime)]
    else:
        matches = default_matches(args.movetime)
    if args.only:
        matches = [m for m in matches if args.only in f"{m[0]} vs {m[1]}"]
    print(f"{args.games} games a match, openings: {len(OPENINGS)} layouts + random plies {RANDOM_PLIES}")
    for first, second, movetime in matches:
        start = time.monotonic()
        line = run_match(first, second, args.games, movetime, args.jobs, args.seed, clock)
        print(f"{line}  ({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
