"""Measure whether the post-game analysis agrees with Lionheart's hint: the marks it gives hinted actions.

    python bench/hint_analysis.py [--battles N] [--entries E] [--opponent LEVEL] [--strengths quick,normal,deep]

Each battle: the standard one, Gold playing every action the hint advises
(``GameAI.choose`` at the hint level in its own time, the table kept from
action to action as the worker keeps it), Silver the ``--opponent`` level,
the dice drawn with the battle's seed, up to ``--entries`` actions and rolls.
Then the analysis judges the battle at each strength (the top level, that
many seconds a position, searched here: ``analyse_in_process``). Printed per
strength: Gold's judged actions and their marks, the hinted actions marked
worse than an inaccuracy (which the hint and the analysis, one search and one
evaluation, should never give), and the seconds it took. Figures, not a
verdict: the searches run against the clock, so a busy machine searches less
deep (the test at a fixed depth is ``tests/test_lionheart_hint.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("ATTAX_DATA_DIR", tempfile.mkdtemp(prefix="attax-bench-"))

from game.ai.analysis import STRENGTHS, Analysis, Mark
from game.ai.analysis_run import analyse_in_process
from game.ai.api import HINT
from game.ai.lionheart.levels import choose_move, level_by_key
from game.ai.lionheart.player import AI
from game.engine.lionheart import CHANCE, GOLD, Battle, Move
from game.engine.lionheart.rules import RULES
from game.engine.rules import history_text


def hinted_battle(seed: int, entries: int, opponent: str) -> tuple[str, list[object]]:
    """The start and the entries of a battle where Gold follows the hint (see the module docstring)."""
    rng = random.Random(seed)
    battle = Battle.standard()
    start = battle.text()
    played: list[object] = []
    memory: dict[str, object] = {}
    while battle.outcome() is None and len(played) < entries:
        if battle.turn == CHANCE:
            outcomes = battle.chance_outcomes()
            entry: Move | tuple[str, ...] = rng.choices(
                [roll for roll, _ in outcomes], [chance for _, chance in outcomes]
            )[0]
        elif battle.turn == GOLD:
            text = AI.choose(
                history_text(start, [RULES.move_text(item) for item in played]),
                HINT,
                stop=threading.Event(),
                on_progress=lambda progress: None,
                rng=random.Random(seed),
                time_budget=None,
                memory=memory,
            )
            entry = RULES.parse_move(text)
        else:
            entry = choose_move(battle, level_by_key(opponent), rng=rng)
        played.append(entry)
        battle.push(entry)
    return start, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2)
    parser.add_argument("--entries", type=int, default=140)
    parser.add_argument("--opponent", default="skilled")
    parser.add_argument("--strengths", default="normal,deep")
    args = parser.parse_args()
    seconds = dict(STRENGTHS)
    for seed in range(1, args.battles + 1):
        start, played = hinted_battle(seed, args.entries, args.opponent)
        print(f"battle {seed}: {len(played)} entries, Gold on the hint, Silver {args.opponent}")
        for strength in args.strengths.split(","):
            analysis = Analysis(RULES, AI, start, played)
            began = time.monotonic()
            analyse_in_process(analysis, AI, HINT, seconds[strength], seed=seed)
            judged = analysis.review().judged(GOLD)
            marks = Counter(verdict.mark.name.lower() for verdict in judged if verdict.mark is not None)
            worse = [
                f"{v.move} ({v.mark.label}, {v.before:.0%} to {v.after:.0%}, better {v.best})"
                for v in judged
                if v.mark in (Mark.MISTAKE, Mark.BLUNDER) and v.before is not None and v.after is not None
            ]
            print(
                f"  analysis {strength} ({seconds[strength]} s a position): {len(judged)} hinted actions judged,"
                f" {dict(marks)}; worse than an inaccuracy: {', '.join(worse) or 'none'}"
                f" ({time.monotonic() - began:.0f} s)"
            )


if __name__ == "__main__":
    main()
