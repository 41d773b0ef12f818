"""Tune Lionheart's evaluation weights from self-play, Texel's way, and print them.

    python bench/lionheart_texel.py [--games N] [--depth D] [--seed K] [--jobs J] [--weights engage=8]

1. Play ``--games`` battles of the chance search against itself at ``--depth``
   actions a decision, the standard battle and level 2 (each side setting up
   its own army) in turn; the dice from the battle's seed, and one action in
   ten a random one (so the positions are not all the search's own).
2. Keep every position where a side is to act (the set-up left out) with the
   battle's result from that side's view: 1 won, 0 lost, 0.5 drawn.
3. Fit the scale of a logistic curve to today's scores, then move one weight
   at a time up or down by a step while the mean squared error between the
   curve and the results falls (the evaluation is not linear in its weights:
   attack gains weigh dice and hits, the quiet counter fades every score;
   so each try scores every position again), halving the steps when no move
   helps. The die stays at its value: it is the unit.

It prints the error of today's weights and of the tuned ones, on the
positions fitted and on held-out battles (every fifth), and the tuned
weights as a ``bench/lionheart_strength.py`` spec to try them in matches,
e.g. ``--match "expert:engage=6,hunt=40" expert``. The peer measured in the
same run is today's evaluation on the same positions.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lionheart_selfplay import weights_from_text

from game.ai.limits import SearchLimits
from game.ai.lionheart.evaluate import EvalWeights, LionheartHeuristics
from game.ai.lionheart.levels import new_searcher
from game.ai.lionheart.search import SearchBattle
from game.ai.lionheart.setup import PLANS, setup_move
from game.engine.lionheart import CHANCE, Battle

FIXED = frozenset({"die", "engage"})
"""Weights the fit leaves alone: the die is the unit of the others, and the will to fight is no part of a
position's score (it is the searching side's taste, measured from the root)."""
MAX_ACTIONS = 1500
"""A battle this long is stopped and counted a draw."""


def play(task: tuple[int, int, int, EvalWeights]) -> tuple[int, list[tuple[str, float]]]:
    """One self-play battle: its number, and its positions (text) with their results."""
    number, depth, seed, weights = task
    rng = random.Random(seed * 100_003 + number)
    searcher = new_searcher(weights=weights, hash_mb=4)
    battle = Battle.level2() if number % 2 else Battle.standard()
    seen: list[tuple[str, int]] = []
    actions = 0
    while (outcome := battle.outcome()) is None and actions < MAX_ACTIONS:
        if battle.turn == CHANCE:
            rolls = battle.chance_outcomes()
            battle.push(rng.choices([roll for roll, _ in rolls], [chance for _, chance in rolls])[0])
            continue
        if battle.in_setup:
            battle.push(setup_move(battle, PLANS, rng))
            continue
        seen.append((battle.text(), battle.side))
        moves = battle.legal_moves()
        if rng.random() < 0.1:
            move = rng.choice(moves)
        else:
            position = SearchBattle(battle.copy(), prune=True)
            raw, _ = searcher.search(position, SearchLimits(depth=depth))
            move = position.move(raw)
        battle.push(move)
        actions += 1
    winner = None if outcome is None else outcome.winner
    return number, [(text, 0.5 if winner is None else float(winner == side)) for text, side in seen]


def scores(battles: list[Battle], weights: EvalWeights) -> list[int]:
    """Today's static score of each battle with ``weights``, from its side to act."""
    heuristics = LionheartHeuristics(weights)
    return [heuristics.score(battle) for battle in battles]


def error(values: list[int], results: list[float], scale: float) -> float:
    """Mean squared error between the results and the logistic curve of the scores."""
    total = 0.0
    for value, result in zip(values, results, strict=True):
        total += (result - 1 / (1 + math.exp(max(-50.0, min(50.0, -value / scale))))) ** 2
    return total / max(1, len(results))


def fit_scale(values: list[int], results: list[float]) -> float:
    """The curve's scale that fits today's scores best (a lead of ``scale`` is 73% to win)."""
    return min(
        (float(scale) for scale in range(50, 3001, 25)), key=lambda scale: error(values, results, scale)
    )


def tune(
    battles: list[Battle], results: list[float], start: EvalWeights, scale: float, rounds: int
) -> EvalWeights:
    """Texel's local search: each weight up or down a step while the error falls; steps halve when stuck."""
    best = start
    best_error = error(scores(battles, best), results, scale)
    names = [field.name for field in dataclasses.fields(EvalWeights) if field.name not in FIXED]
    steps = {
        name: max(abs(getattr(start, name)) * 0.25, 4.0 if name != "attack_now" else 0.1) for name in names
    }
    for round_number in range(rounds):
        improved = False
        for name in names:
            for sign in (1, -1):
                value = getattr(best, name)
                step = steps[name]
                candidate_value = value + sign * step
                if isinstance(value, int):
                    candidate_value = round(candidate_value)
                if candidate_value < 0 or candidate_value == value:
                    continue
                candidate = dataclasses.replace(best, **{name: candidate_value})
                candidate_error = error(scores(battles, candidate), results, scale)
                if candidate_error < best_error:
                    best, best_error, improved = candidate, candidate_error, True
                    break
        print(f"round {round_number + 1}: error {best_error:.5f}", flush=True)
        if not improved:
            steps = {name: step / 2 for name, step in steps.items()}
            if all(step < 1 and name != "attack_now" and name != "threat" for name, step in steps.items()):
                break
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="self-play battles (default 200)")
    parser.add_argument("--depth", type=int, default=2, help="search depth in actions (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="battles played in parallel (default 2)")
    parser.add_argument("--rounds", type=int, default=12, help="rounds of the local search (default 12)")
    parser.add_argument("--weights", default="", help="the weights to start from and play with (engage=8)")
    args = parser.parse_args(argv)
    start = weights_from_text(args.weights)
    began = time.monotonic()
    tasks = [(number, args.depth, args.seed, start) for number in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        played = pool.map(play, tasks)
    print(f"{args.games} battles played in {time.monotonic() - began:.0f} s", flush=True)

    def arrays(keep: bool) -> tuple[list[Battle], list[float]]:
        chosen = [pair for number, pairs in played if (number % 5 != 0) == keep for pair in pairs]
        return [Battle(text) for text, _ in chosen], [result for _, result in chosen]

    battles, results = arrays(True)
    held_battles, held_results = arrays(False)
    scale = fit_scale(scores(battles, start), results)
    print(
        f"{len(results)} positions fitted, {len(held_results)} held out; curve scale {scale:.0f}", flush=True
    )
    tuned = tune(battles, results, start, scale, args.rounds)
    print(f"{'weights':>8}  {'fitted error':>12}  {'held-out error':>14}")
    for name, weights in (("today", start), ("tuned", tuned)):
        fitted = error(scores(battles, weights), results, scale)
        held = error(scores(held_battles, weights), held_results, scale)
        print(f"{name:>8}  {fitted:12.5f}  {held:14.5f}")
    changed = {
        field.name: getattr(tuned, field.name)
        for field in dataclasses.fields(EvalWeights)
        if getattr(tuned, field.name) != getattr(start, field.name)
    }
    print("tuned: " + ", ".join(f"{name} {value:g}" for name, value in dataclasses.asdict(tuned).items()))
    print("spec:  expert:" + ",".join(f"{name}={value:g}" for name, value in changed.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
