"""Play Lionheart matches between the AI levels, a random player and a greedy one, and print the scores.

    python bench/lionheart_strength.py                          # every default match
    python bench/lionheart_strength.py --games 40 --budget 0.5 --scale 0.5
    python bench/lionheart_strength.py --only greedy --games 20
    python bench/lionheart_strength.py --match master "expert:t=0.2"

The goals: the top level scores at least 95% against the random player and
75% against the greedy one, each level at least 60% against the one below,
and the top level answers within 3 s a decision (one action).

Each match plays pairs of games with fixed seeds, the two players swapping
Gold and Silver within a pair (the same dice seed for both games of a pair,
a new one for each pair, so the opening rolls and every attack differ from
pair to pair). Pairs alternate between level 1 (the standard battle) and
level 2 (each player sets up its own army). Draws (thirty quiet turns, both
armies fallen) count a half. Results are from the first player's side: wins,
draws, losses, score, the Elo difference with its 95% margin, and each
player's seconds a decision (mean and slowest; on a busy machine the
slowest may be a moment the process was not run: the top level's goal line
gives its processor time too). Games run in parallel
(``--jobs``).

Player specs: a level key (``beginner`` .. ``master``, ``hint``), ``random``
(any legal action) or ``greedy`` (``game.ai.lionheart.baselines``), optionally
followed by ``:t=SECONDS`` (think time a decision), ``:d=DEPTH`` (a fixed
search depth in actions), ``:p=0`` (no pruning below the root), ``:partial=0`` (a depth
a limit stopped gives nothing, not its best root move so far), a weak
level's ``noise``, ``blind`` or ``wander`` (``skilled:blind=0.1``) or an
evaluation weight of the searching levels (``:engage=0``, any field of
``EvalWeights``), comma-separated. ``--budget`` sets the top level's think time and
``--scale`` multiplies every other level's (fewer seconds for a quick run).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lionheart_selfplay import weights_from
from match_stats import add_match_options, result_text, run_sprt, sprt_from_args

from game.ai.expectimax import Expectimax
from game.ai.limits import SearchLimits
from game.ai.lionheart.baselines import greedy_action, random_action
from game.ai.lionheart.levels import LEVELS, choose_move, level_by_key, new_searcher
from game.ai.lionheart.search import SearchBattle
from game.engine.lionheart import CHANCE, Battle, Move

TOP = LEVELS[-1].key
MAX_SECONDS = 3.0
"""The top level's promise: no decision (one action) takes longer."""
GOALS = {(TOP, "random"): 0.95, (TOP, "greedy"): 0.75}
"""The score each pairing must reach (and each level 60% against the one below: added below)."""
GOALS.update({(stronger.key, weaker.key): 0.60 for weaker, stronger in itertools.pairwise(LEVELS)})
MAX_ACTIONS = 2000
"""A game this long is stopped and counted a draw (thirty quiet turns end every battle far sooner)."""


CARELESSNESS: dict[str, type] = {"noise": int, "blind": float, "wander": float}
"""The weak levels' ways to err a player spec may change (``skilled:noise=40``)."""


@dataclasses.dataclass(frozen=True)
class Timing:
    """How long the players took: think time a level, scale of the others."""

    budget: float | None
    scale: float


class Player:
    """Chooses actions for one side of a battle; ``action`` must return a legal one."""

    def __init__(self, spec: str, seed: int, timing: Timing) -> None:
        self.spec = spec
        name, _, options = spec.partition(":")
        self.name = name
        settings = dict(item.split("=", 1) for item in options.split(",") if item)
        self.rng = random.Random(seed)
        self.depth = int(settings["d"]) if "d" in settings else None
        self.level = None if name in ("random", "greedy") else level_by_key(name)
        weights = weights_from(
            {
                name: value
                for name, value in settings.items()
                if name not in ("d", "t", "p", "partial", *CARELESSNESS)
            }
        )
        self.searcher: Expectimax | None = None if self.level is None else new_searcher(weights=weights)
        if self.searcher is not None and "partial" in settings:
            self.searcher.partial = settings["partial"] != "0"
        if self.level is not None:
            if "t" in settings:
                think = float(settings["t"])
            elif name == TOP and timing.budget is not None:
                think = timing.budget
            else:
                think = self.level.think_time * timing.scale
            self.level = dataclasses.replace(
                self.level, think_time=think, max_think_time=max(self.level.max_think_time, think * 1.2)
            )
            if "p" in settings:
                self.level = dataclasses.replace(self.level, prune=settings["p"] != "0")
            for field in CARELESSNESS:
                if field in settings:
                    self.level = dataclasses.replace(
                        self.level, **{field: CARELESSNESS[field](settings[field])}
                    )
        self.think = 0.0
        self.slowest = 0.0
        self.slowest_cpu = 0.0
        self.actions = 0

    def action(self, battle: Battle) -> Move:
        start, start_cpu = time.monotonic(), time.process_time()
        try:
            return self._action(battle)
        finally:
            spent = time.monotonic() - start
            self.think += spent
            self.slowest = max(self.slowest, spent)
            self.slowest_cpu = max(self.slowest_cpu, time.process_time() - start_cpu)
            self.actions += 1

    def _action(self, battle: Battle) -> Move:
        if self.name == "random":
            return random_action(battle, self.rng)
        if self.name == "greedy":
            return greedy_action(battle, self.rng)
        assert self.level is not None and self.searcher is not None
        if self.depth is not None and not battle.in_setup:
            position = SearchBattle(battle.copy(), prune=self.level.prune)
            raw, _ = self.searcher.search(position, SearchLimits(depth=self.depth))
            return position.move(raw)
        return choose_move(battle, self.level, rng=self.rng, searcher=self.searcher)


def play_game(
    task: tuple[str, str, bool, int, Timing],
) -> tuple[float, int, tuple[float, float], tuple[tuple[float, float], ...], tuple[int, int]]:
    """One battle; returns (Gold's score, actions, seconds a decision of each, slowest of each, decisions)."""
    gold_spec, silver_spec, level2, seed, timing = task
    dice = random.Random(seed)
    battle = Battle.level2() if level2 else Battle.standard()
    players = (Player(gold_spec, seed * 2 + 1, timing), Player(silver_spec, seed * 2 + 2, timing))
    actions = 0
    while (outcome := battle.outcome()) is None and actions < MAX_ACTIONS:
        if battle.turn == CHANCE:
            rolls = battle.chance_outcomes()
            battle.push(dice.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0])
            continue
        battle.push(players[battle.side].action(battle))
        actions += 1
    score = 0.5 if outcome is None or outcome.winner is None else float(outcome.winner == 0)
    per_action = tuple(player.think / player.actions if player.actions else 0.0 for player in players)
    slowest = tuple((player.slowest, player.slowest_cpu) for player in players)
    counts = tuple(player.actions for player in players)
    return score, actions, per_action, slowest, counts  # type: ignore[return-value]


def pair_tasks(
    first: str, second: str, games: int, seed: int, timing: Timing
) -> list[tuple[tuple[str, str, bool, int, Timing], bool]]:
    """The games of ``games`` (rounded up to pairs) as (task, swapped), the two of a pair one after the other."""
    tasks = []
    for pair in range((games + 1) // 2):
        level2 = pair % 2 == 1
        game_seed = seed * 100_003 + pair
        tasks.append(((first, second, level2, game_seed, timing), False))
        tasks.append(((second, first, level2, game_seed, timing), True))
    return tasks


def run_match(
    first: str, second: str, games: int, jobs: int, seed: int, timing: Timing
) -> tuple[str, list[str]]:
    """Play ``games`` games (rounded up to pairs): the summary line, and whether the goals are met."""
    tasks = pair_tasks(first, second, games, seed, timing)
    scores: list[float] = []
    think = [0.0, 0.0]
    decisions = [0, 0]
    slowest = [0.0, 0.0]
    slowest_cpu = [0.0, 0.0]
    lengths = []
    with multiprocessing.Pool(jobs) as pool:
        results = pool.imap(play_game, [task for task, _ in tasks])
        for (_task, swapped), (score, actions, per_action, slow, counts) in zip(tasks, results, strict=True):
            scores.append(1.0 - score if swapped else score)
            mine, theirs = (1, 0) if swapped else (0, 1)
            for index, seat in enumerate((mine, theirs)):
                think[index] += per_action[seat] * counts[seat]
                decisions[index] += counts[seat]
                slowest[index] = max(slowest[index], slow[seat][0])
                slowest_cpu[index] = max(slowest_cpu[index], slow[seat][1])
            lengths.append(actions)
    count = len(scores)
    mean = [think[index] / max(1, decisions[index]) for index in (0, 1)]
    line = (
        f"{first + ' vs ' + second:24s} games {count:3d}  {result_text(scores)}  "
        f"s/decision {mean[0]:.2f} (max {slowest[0]:.2f}) vs {mean[1]:.2f} (max {slowest[1]:.2f})  "
        f"actions {sum(lengths) / count:.0f}"
    )
    goals = []
    goal = GOALS.get((first.partition(":")[0], second.partition(":")[0]))
    if goal is not None:
        score = sum(scores) / count
        goals.append(f"score >= {goal:.0%}: {'met' if score >= goal else 'NOT met'}")
    for index, spec in enumerate((first, second)):
        if spec == TOP and decisions[index]:
            met = slowest[index] <= MAX_SECONDS
            goals.append(
                f"{TOP} <= {MAX_SECONDS:.0f} s a decision: {'met' if met else 'NOT met'} "
                f"(slowest {slowest[index]:.2f} s, {slowest_cpu[index]:.2f} s of processor time)"
            )
    return line, goals


def default_matches(games: int) -> list[tuple[str, str, int]]:
    """The standard matches: the top level against random and greedy, each level against the one below."""
    matches = [(TOP, "random", games), (TOP, "greedy", games)]
    for weaker, stronger in itertools.pairwise(LEVELS):
        matches.append((stronger.key, weaker.key, games))
    return matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_match_options(parser, games=40)
    parser.add_argument("--budget", type=float, default=None, help="the top level's seconds a decision")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the other levels' think time")
    args = parser.parse_args(argv)
    timing = Timing(args.budget, args.scale)
    test = sprt_from_args(args, parser)
    if test is not None:
        first, second = args.match
        start = time.monotonic()
        tasks = pair_tasks(first, second, args.max_games, args.seed, timing)
        line = run_sprt(play_game, tasks, args.jobs, test)
        print(f"{first} vs {second}: {line}  ({time.monotonic() - start:.0f} s)", flush=True)
        return 0
    matches = [(args.match[0], args.match[1], args.games)] if args.match else default_matches(args.games)
    if args.only:
        matches = [match for match in matches if args.only in f"{match[0]} vs {match[1]}"]
    top_budget = args.budget if args.budget is not None else level_by_key(TOP).think_time
    print(
        f"pairs of games, Gold and Silver swapped, level 1 and level 2 in turn; "
        f"{TOP} thinks {top_budget} s a decision, the other levels x{args.scale}"
    )
    print("goals: master >= 95% vs random, >= 75% vs greedy; each level >= 60% vs the one below; <= 3 s")
    for first, second, games in matches:
        start = time.monotonic()
        line, goals = run_match(first, second, games, args.jobs, args.seed, timing)
        print(f"{line}  ({time.monotonic() - start:.0f} s)", flush=True)
        if goals:
            print(f"{'':24s} goals: {'; '.join(goals)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
