"""Lionheart push/pop speed: random playouts' actions (and rolls) a second, over fixed seeds.

    python bench/lionheart_perft.py [--seconds S] [--games N]

Each playout starts from a fixed position, picks a random legal action (or
draws a roll with its probability) until the battle ends, then pops every
entry back: the figure counts pushes and pops together, as a search makes
and unmakes. Two players: uniform (what a Monte Carlo playout does) and
fierce (prefers attacks, so the dice and panic code is timed too). Then
``search_nodes`` gives the AI's own figure: the top level's chance search
on fixed decisions, its depth, nodes and nodes a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.lionheart import CHANCE, Action, Battle  # noqa: E402

STARTS = {
    "standard": Battle.standard().text(),
    "close quarters": (
        "gA4c4N,gN2d4N,gK1e3N,gH2f4N,gP4g4N,gR2h4N,gM10b4N,gI4e4N,"
        "sI4c5S,sM10d5S,sR2e5S,sP3f5S,sH2g5S,sN2h5S,sA4b6S,sK1e7S g 2 0 -"
    ),
}


def playout(battle: Battle, rng: random.Random, fierce: bool) -> int:
    """One random battle to its end and back; the entries pushed and popped."""
    pushed = 0
    while battle.outcome() is None:
        if battle.turn == CHANCE:
            outcomes = battle.chance_outcomes()
            battle.push(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            moves = battle.legal_moves()
            if fierce:
                attacks = [move for move in moves if move.action is Action.ATTACK]
                moves = attacks or moves
            battle.push(rng.choice(moves))
        pushed += 1
    for _ in range(pushed):
        battle.pop()
    return 2 * pushed


def playouts(text: str, seconds: float, fierce: bool, games: int | None) -> tuple[int, int, float]:
    """Playouts from ``text`` with seeds 0, 1, ... for ``seconds`` (or ``games`` games): (entries, games, time)."""
    entries = played = 0
    begin = time.perf_counter()
    deadline = begin + seconds
    while (games is None and time.perf_counter() < deadline) or (games is not None and played < games):
        entries += playout(Battle(text), random.Random(played), fierce)
        played += 1
    return entries, played, time.perf_counter() - begin


SEARCH_STARTS = {
    "standard, rolled": Battle.standard().text().replace(" - 2 0 start", " g 2 0 -"),
    "close quarters": STARTS["close quarters"],
    "midgame": (
        "gK1e1N,gA4c1N,gI4c4N,gI4e5N,gN2d1N,gA4g2N,gI4g5N,"
        "sI4e7S,sI4c7S,sA4d9S,sN2f10S,sK1e10S,sA4g9S,sN2d10S g 2"
    ),
}
"""Fixed decisions for the search's figure: the opening, a crowded front, a midgame."""


def search_nodes(seconds: float) -> None:
    """The AI's figure: the top level's search (pruned, as it plays) for ``seconds`` on each of
    ``SEARCH_STARTS``, a fresh table each: the depth it completes, its nodes and nodes a second."""
    from game.ai.limits import SearchLimits
    from game.ai.lionheart.levels import new_searcher
    from game.ai.lionheart.search import SearchBattle

    print(f"{'search':16} {'depth':>6} {'nodes':>9} {'nodes/s':>10}  best")
    for name, text in SEARCH_STARTS.items():
        searcher = new_searcher()
        position = SearchBattle(Battle(text), prune=True)
        begin = time.perf_counter()
        move, info = searcher.search(position, SearchLimits(soft_time=seconds * 0.45, hard_time=seconds))
        spent = time.perf_counter() - begin
        print(
            f"{name:16} {info.depth:>6} {searcher.nodes:>9} {searcher.nodes / spent:>10.0f}  {position.text(move)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each line (default 3)")
    parser.add_argument("--games", type=int, default=None, help="a fixed number of games instead")
    options = parser.parse_args()
    print(f"{'start':16} {'player':8} {'games':>6} {'entries':>9} {'entries/s':>10}")
    for name, text in STARTS.items():
        for fierce in (False, True):
            entries, games, spent = playouts(text, options.seconds, fierce, options.games)
            player = "fierce" if fierce else "uniform"
            print(f"{name:16} {player:8} {games:>6} {entries:>9} {entries / spent:>10.0f}")
    search_nodes(options.seconds)


if __name__ == "__main__":
    main()
