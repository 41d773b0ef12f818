"""The chance search plays Raid (two actions a turn, dice) right: checked against an exact brute force.

The brute force below computes, for every first action, the probability that
the seat to move wins with best play by both seats to the very end (small
positions near the turn limit, so the whole tree is searched). The search,
with Raid's evaluation, must choose an action of the best probability.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
import raid

from game.ai.alphabeta import AlphaBeta
from game.ai.api import UnsupportedGameError, check_search
from game.ai.expectimax import Expectimax
from game.ai.limits import SearchLimits
from game.engine.core import CHANCE
from game.engine.match import Match

RULES = raid.RULES


@cache
def win_chance(text: str, seat: int) -> float:
    """The probability that ``seat`` wins from the position ``text`` with best play by both seats (a draw: half)."""
    position = RULES.new_position(text)
    outcome = position.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == seat)
    if position.turn == CHANCE:
        total = 0.0
        for entry, probability in position.chance_outcomes():
            position.push(entry)
            total += probability * win_chance(RULES.position_text(position), seat)
            position.pop()
        return total
    values = []
    for move in position.legal_moves():
        position.push(move)
        values.append(win_chance(RULES.position_text(position), seat))
        position.pop()
    return max(values) if position.turn == seat else min(values)


def best_actions(text: str) -> tuple[set[str], dict[str, float]]:
    position = RULES.new_position(text)
    seat = position.turn
    chances = {}
    for move in position.legal_moves():
        position.push(move)
        chances[move] = win_chance(RULES.position_text(position), seat)
        position.pop()
    best = max(chances.values())
    return {move for move, chance in chances.items() if chance > best - 1e-9}, chances


def search_choice(text: str, depth: int) -> str:
    searcher = Expectimax(raid.RaidHeuristics())
    move, _ = searcher.search(raid.RaidSearchPosition(RULES.new_position(text)), SearchLimits(depth=depth))
    return raid.TOKENS[move]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6 6 0 2 5 -", {"step"}),  # two steps win for sure; a gamble first may not
        (
            "5 7 0 2 10 -",
            {"gamble"},
        ),  # behind, with the opponent a step from winning: only the dice can save it
        ("7 5 1 2 11 -", {"gamble"}),  # the last turn: steps and hits only draw, two gambles win 5 times in 9
        ("3 6 1 1 11 -", {"step", "gamble", "hit"}),  # whatever it does, seat 1 wins on points
    ],
)
def test_the_search_plays_the_action_of_the_best_chance(text: str, expected: set[str]) -> None:
    best, chances = best_actions(text)
    assert best == expected, chances
    assert search_choice(text, depth=6) in best


def test_random_late_positions_against_the_brute_force() -> None:
    rng = random.Random(18)
    checked = 0
    while checked < 25:
        scores = rng.randrange(0, 8), rng.randrange(0, 8)
        text = f"{scores[0]} {scores[1]} {rng.randrange(2)} {rng.choice((1, 2))} {rng.choice((10, 11))} -"
        if RULES.new_position(text).outcome() is not None:
            continue
        _, chances = best_actions(text)
        # Deep enough to see the end of the game: the search's choice is as good as the best.
        choice = search_choice(text, depth=8)
        assert chances[choice] > max(chances.values()) - 1e-9, (text, choice, chances)
        checked += 1


def test_the_search_plays_whole_games_through_the_match() -> None:
    """Set-up, opening roll, two actions a turn and gambles, for both seats: legal throughout, and from
    the tenth turn on (the brute force's reach) every choice has the best chance of winning."""
    checked = 0
    for game_number in range(6):
        match = Match(RULES, seed=game_number)
        search = Expectimax(raid.RaidHeuristics())
        while not match.is_over:
            if match.at_chance:
                match.roll()
                continue
            move, _ = search.search(raid.RaidSearchPosition(match.position.copy()), SearchLimits(depth=4))
            action = raid.TOKENS[move]
            if match.in_setup:
                assert action == "b2"  # the biggest bonus, whatever the other seat chose
            elif match.position.state.turns >= 10:
                _, chances = best_actions(RULES.position_text(match.position))
                assert chances[action] > max(chances.values()) - 1e-9, (
                    RULES.position_text(match.position),
                    action,
                )
                checked += 1
            match.play(action)
    assert checked >= 10


def test_an_alpha_beta_cannot_search_raid() -> None:
    class AlphaBetaAI:
        handles = AlphaBeta.handles

    with pytest.raises(UnsupportedGameError, match="chance"):
        check_search(AlphaBetaAI(), RULES)
