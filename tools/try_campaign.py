"""Fight Lionheart's campaign battles with the computer on both sides, to see that each can be won and lost.

    python tools/try_campaign.py                  # every battle, three games each
    python tools/try_campaign.py 03 07 --games 5  # the battles whose file names start so

Gold (the player's side) is played by a strong level (``--level``, Expert by
default) with a short time for each action, Silver by the battle's own level.
Gold's computer knows nothing of the goal: it fights the battle. For a
"reach" goal it also rides its king forward whenever the square it reaches
is out of every enemy's reach. Each game prints how the goal ended, the
player's turns, the figures lost and the stars. A battle no game wins is too
hard, one every game wins at once too easy: its par (``par_turns``,
``par_losses``) is set from these figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.lionheart.levels import choose_move, level_by_key
from game.engine.lionheart import SILVER, Action, Battle, Move
from game.engine.lionheart.campaign import CampaignBattle, shipped_campaign
from game.engine.lionheart.goals import GoalState, GoalTracker, stars
from game.engine.lionheart.rules import RULES

MAX_ENTRIES = 3000
"""Actions and rolls a game may take before it is called off (a battle's draw comes long before)."""


def _safe(battle: Battle, square: str) -> bool:
    """Whether no enemy stands beside ``square`` and no enemy archers have it in their zone."""
    file, rank = ord(square[0]), int(square[1:])
    if rank == 10:
        return True
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1, 2, 3):
            name = f"{chr(file + df)}{rank + dr}"
            if not ("a" <= name[0] <= "i" and 1 <= rank + dr <= 10):
                continue
            unit = battle.unit_at(name)
            if unit is not None and unit.owner == SILVER and (abs(dr) <= 1 or unit.kind == "A"):
                return False
    return True


def gold_action(battle: Battle, plan: CampaignBattle, rng: random.Random, level: str, budget: float) -> Move:
    """Gold's action: the king's ride forward to a safe square for a "reach" goal, else the level's."""
    if plan.goal.kind == "reach":
        rides = [
            move
            for move in battle.legal_moves()
            if move.action is Action.MOVE
            and battle.unit_at(move.square).kind == "K"  # type: ignore[union-attr]
            and int(move.target[1:]) > int(move.square[1:])
            and _safe(battle, move.target)
        ]
        if rides:
            return max(rides, key=lambda move: int(move.target[1:]))
    return choose_move(battle, level_by_key(level), rng=rng, time_budget=budget)


def fight(plan: CampaignBattle, seed: int, level: str, budget: float) -> GoalTracker:
    """One game of ``plan``: the goal's tracker at its end."""
    rng = random.Random(seed)
    battle = Battle(plan.position)
    tracker = GoalTracker(plan.goal, battle)
    for _ in range(MAX_ENTRIES):
        if tracker.state is not GoalState.OPEN:
            break
        if battle.turn not in (0, 1):
            outcomes = battle.chance_outcomes()
            battle.push(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        elif battle.turn == 0:
            battle.push(gold_action(battle, plan, rng, level, budget))
        else:
            battle.push(choose_move(battle, level_by_key(plan.level), rng=rng, time_budget=budget))
        tracker.observe(battle)
    return tracker


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("battles", nargs="*", help="the start of the battles' file names (all by default)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--level", default="expert", help="Gold's level")
    parser.add_argument("--budget", type=float, default=0.25, help="seconds for each action")
    options = parser.parse_args(argv)
    for plan in shipped_campaign(RULES):
        if not isinstance(plan, CampaignBattle):
            print(f"unreadable: {plan}")
            continue
        if options.battles and not any(plan.id.startswith(start) for start in options.battles):
            continue
        for seed in range(options.games):
            began = time.monotonic()
            tracker = fight(plan, seed, options.level, options.budget)
            earned = stars(
                won=tracker.state is GoalState.WON,
                turns=tracker.player_turns,
                losses=tracker.losses,
                par_turns=plan.par_turns,
                par_losses=plan.par_losses,
            )
            print(
                f"{plan.id:24} {plan.level:9} game {seed}: {tracker.state.value:4} ({tracker.reason}), "
                f"{tracker.player_turns} turns, {tracker.losses} figures lost, {earned} stars, "
                f"{time.monotonic() - began:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
