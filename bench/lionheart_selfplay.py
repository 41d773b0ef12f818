"""Play each Lionheart level against itself on the standard battle and print how the battles went.

    python bench/lionheart_selfplay.py                                  # 12 battles a level, 0.25 s
    python bench/lionheart_selfplay.py --battles 4 --time 0.1
    python bench/lionheart_selfplay.py --levels expert,master --seed 3
    python bench/lionheart_selfplay.py --levels expert --weights engage=0,hunt=0   # other weights

One row a level: the share of null turns (no attack declared, and every unit
left as found: same squares, facings and figures at the turn's end as at its
start), the share of turns in which nobody moved or attacked (turns only),
the share of undone turns (no attack declared in it nor in the side's turn
before, and some unit of the side ends it on the square and facing it had at
the start of that turn before, having left them in it: a turn taken back),
the battles won by a side (the rest drawn: thirty quiet turns, both armies
fallen, or stopped at the length cap) and the median number of turns.

The goals: no null turns above 1% at any level; turns where nobody moves or
attacks at most 8% at every level above the beginner; Expert and Master
battles decisive at least 80% of the time with a median of at most 45 turns.

``--time`` is the seconds a decision (one action) for every level. The dice
and the weak levels' mistakes follow ``--seed``: the table is the same from
run to run apart from how far a time-limited search gets.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import statistics
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.lionheart.evaluate import DEFAULT_WEIGHTS, EvalWeights
from game.ai.lionheart.levels import LEVELS, Level, choose_move, level_by_key, new_searcher
from game.engine.lionheart import CHANCE, Action, Battle

MAX_ACTIONS = 2000
"""A battle this long is stopped and counted a draw (thirty quiet turns end every battle far sooner)."""


@dataclasses.dataclass
class Tally:
    """What one battle's turns were."""

    turns: int = 0
    null: int = 0
    still: int = 0
    undone: int = 0
    decisive: bool = False


def _field(battle: Battle) -> frozenset[tuple[int, str, int, str, str]]:
    """Every unit as it stands (whether it attacked this turn left out)."""
    return frozenset(unit[:5] for unit in battle.units)


def _stands(battle: Battle, side: int) -> frozenset[tuple[str, str, str]]:
    """Where and how ``side``'s units stand: kind, square and facing."""
    return frozenset((unit.kind, unit.square, unit.facing) for unit in battle.units if unit.owner == side)


def play(task: tuple[str, float, int, EvalWeights]) -> Tally:
    """One battle of the level ``key`` against itself, ``seconds`` a decision, dice and noise from ``seed``,
    the searching levels evaluating with ``weights``."""
    key, seconds, seed, weights = task
    base = level_by_key(key)
    level: Level = dataclasses.replace(base, think_time=seconds, max_think_time=max(seconds * 1.2, seconds))
    dice = random.Random(seed)
    rngs = (random.Random(seed * 2 + 1), random.Random(seed * 2 + 2))
    searchers = (new_searcher(weights=weights), new_searcher(weights=weights))
    battle = Battle.standard()
    tally = Tally()
    side = -1
    start = _field(battle)
    moved = attacked = False
    actions = 0
    # Each side's previous turn: its units' stands at its start and end, and whether it attacked.
    previous: list[tuple[frozenset[tuple[str, str, str]], frozenset[tuple[str, str, str]], bool] | None]
    previous = [None, None]
    began = _stands(battle, 0)

    def close() -> None:
        tally.turns += 1
        if not attacked and _field(battle) == start:
            tally.null += 1
        if not moved and not attacked:
            tally.still += 1
        now = _stands(battle, side)
        before = previous[side]
        if before is not None and not attacked and not before[2] and (now & before[0]) - before[1]:
            tally.undone += 1
        previous[side] = (began, now, attacked)

    while (outcome := battle.outcome()) is None and actions < MAX_ACTIONS:
        if battle.turn == CHANCE:
            rolls = battle.chance_outcomes()
            battle.push(dice.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0])
            continue
        if battle.side != side:
            if side >= 0:
                close()
            side, start, moved, attacked = battle.side, _field(battle), False, False
            began = _stands(battle, side)
        move = choose_move(battle, level, rng=rngs[side], searcher=searchers[side])
        moved |= move.action is Action.MOVE
        attacked |= move.action is Action.ATTACK
        battle.push(move)
        actions += 1
    if side >= 0:
        close()
    tally.decisive = outcome is not None and outcome.winner is not None
    return tally


def row(key: str, tallies: list[Tally]) -> str:
    """The table's row of a level."""
    turns = sum(tally.turns for tally in tallies)
    null = sum(tally.null for tally in tallies)
    still = sum(tally.still for tally in tallies)
    undone = sum(tally.undone for tally in tallies)
    decisive = sum(tally.decisive for tally in tallies)
    median = statistics.median(tally.turns for tally in tallies)
    return (
        f"| {key:8s} | {100 * null / turns:5.1f}% | {100 * still / turns:5.1f}% "
        f"| {100 * undone / turns:5.1f}% | {decisive}/{len(tallies)} | {median:g} |"
    )


def weights_from(settings: Mapping[str, str], *, strict: bool = True) -> EvalWeights:
    """``DEFAULT_WEIGHTS`` with the fields ``settings`` names (``{"engage": "8"}``); other names are a
    ``SystemExit`` naming the weights if ``strict``, else left for the caller (a player spec's ``t=``)."""
    fields = {field.name for field in dataclasses.fields(EvalWeights)}
    if strict and (unknown := sorted(set(settings) - fields)):
        raise SystemExit(f"{unknown[0]!r} is not a weight; the weights are {', '.join(sorted(fields))}")
    overrides: dict[str, Any] = {
        name: type(getattr(DEFAULT_WEIGHTS, name))(value)
        for name, value in settings.items()
        if name in fields
    }
    return dataclasses.replace(DEFAULT_WEIGHTS, **overrides)


def weights_from_text(text: str) -> EvalWeights:
    """``weights_from`` of a text such as ``engage=8,hunt=20``."""
    return weights_from(dict(item.partition("=")[::2] for item in text.split(",") if item))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--battles", type=int, default=12, help="battles a level (default 12)")
    parser.add_argument("--time", type=float, default=0.25, help="seconds a decision (default 0.25)")
    parser.add_argument(
        "--levels", default=",".join(level.key for level in LEVELS), help="comma-separated level keys"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the weak levels' noise")
    parser.add_argument("--jobs", type=int, default=1, help="battles played in parallel (default 1)")
    parser.add_argument(
        "--weights", default="", help="evaluation weights to try, as engage=8,hunt=20 (fields of EvalWeights)"
    )
    args = parser.parse_args(argv)
    weights = weights_from_text(args.weights)
    keys = [key.strip() for key in args.levels.split(",") if key.strip()]
    for key in keys:
        level_by_key(key)  # a ValueError naming the valid keys for a wrong one
    print(f"each level against itself, standard battle, {args.battles} battles, {args.time} s a decision")
    print("| level | null turns | turns nobody moved or attacked | undone | decisive | median turns |")
    print("|---|---|---|---|---|---|")
    with multiprocessing.Pool(args.jobs) as pool:
        for key in keys:
            tasks = [
                (key, args.time, args.seed * 100_003 + battle, weights) for battle in range(args.battles)
            ]
            print(row(key, pool.map(play, tasks)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
