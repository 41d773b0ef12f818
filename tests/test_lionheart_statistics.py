"""Lionheart's statistics: every battle counted once, in one outcome, whatever ended it (a king killed, 30
quiet turns, a resignation, two people at one screen), and the seats named Gold and Silver."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.driver import Driver
from game.engine.lionheart.rules import RULES
from game.engine.match import Match, Player
from game.engine.stats import Statistics, record_for
from game.scenes.statistics import StatisticsScene

YOU = (Player.human("You"), Player.computer("casual"))
PAIR = (Player.human(), Player.human())
KING_FALLS = "gN2e8N,gK1a1N,sI4i7S,sK1e9S g 2 29 e8xe9"
"""Gold's knights at Silver's king, the attack declared: two axes kill it."""
LAST_QUIET = "gI4a4N,gK1a1N,sI4i7S,sK1i10S g 1 30"
"""The thirtieth quiet turn, one action left: a step ends it in a draw."""


def _battles() -> list[Match]:
    battles = []
    for players in (YOU, PAIR):
        won = Match(RULES, KING_FALLS, players, seed=1)
        won.replay(RULES.parse_move("HHHH"))
        drawn = Match(RULES, LAST_QUIET, players, seed=1)
        drawn.play(RULES.parse_move("a4-a5"))
        given_up = Match(RULES, LAST_QUIET, players, seed=1)
        given_up.resign(1)
        battles += [won, drawn, given_up]
    assert all(battle.is_over for battle in battles), [battle.position_text() for battle in battles]
    return battles


@pytest.fixture
def scene() -> Iterator[StatisticsScene]:
    Statistics(
        "lionheart", [record_for(battle, level_name="The standard battle") for battle in _battles()]
    ).save()
    driver = Driver.fast(game="lionheart")
    statistics = driver.app.router.push("statistics")
    assert isinstance(statistics, StatisticsScene)
    driver.frames(2)
    yield statistics
    driver.app.close()


def test_every_battle_is_counted_once_in_one_outcome(scene: StatisticsScene) -> None:
    cards = {label: int(value) for label, value, _ in scene._figures() if value.isdigit()}
    assert cards["Games"] == 6
    assert (cards["Wins"], cards["Draws"], cards["Losses"], cards["Two-player games"]) == (2, 1, 0, 3)
    opponent = dict(dict(scene.chart_rows())["By opponent"])
    assert sum(tally.games for tally in opponent.values()) == 6
    assert scene.tally_text(opponent["Two players"]) == "Gold 2 · Silver 0 · 1 D"


def test_the_seats_are_gold_and_silver(scene: StatisticsScene) -> None:
    rows = dict(scene.resignation_rows())
    assert rows == {"You resigned": 0, "The computer resigned": 1, "Gold resigned": 0, "Silver resigned": 1}
    shown = " ".join(detail for _, detail in scene.extreme_parts())
    assert "White" not in shown and "Black" not in shown
