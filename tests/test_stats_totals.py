"""The statistics screen's totals add up, and a game between two people says which seat won.

The games are those against the computer (the person's wins, draws and
losses, by level and by board too) and those between two people, counted by
seat and named as the palette in use names the seats.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.driver import Driver
from game.engine.stats import GameRecord, Statistics
from game.i18n import set_language
from game.scenes.statistics import SeatsTally, StatisticsScene

NOW = "2025-03-14T20:05:00"


def _record(opponent: str, result: str, *, level: str = "Classic", moves: int = 20) -> GameRecord:
    difficulty = "casual" if opponent == "computer" else ""
    return GameRecord(NOW, opponent, difficulty, level, 0, result, moves * 2, 60.0, (30, 19), moves=moves)


RECORDS = [
    *(_record("computer", "win", level="Diamond") for _ in range(4)),
    _record("computer", "draw"),
    *(_record("computer", "loss") for _ in range(3)),
    *(_record("human", "win", level="Columns") for _ in range(2)),
    _record("human", "draw", level="Columns"),
    *(_record("human", "loss", level="Diamond") for _ in range(3)),
]
"""Eight games against the computer (4 won, 1 drawn, 3 lost) and six between two people (Red 2, Blue 3)."""


@pytest.fixture
def scene() -> Iterator[StatisticsScene]:
    Statistics("ataxx", RECORDS).save()
    driver = Driver.fast(game="ataxx")
    driver.app.settings.palette = "colourblind"
    driver.app.apply_look()
    statistics = driver.app.router.push("statistics")
    assert isinstance(statistics, StatisticsScene)
    driver.frames(2)
    yield statistics
    driver.app.close()
    set_language("en")


def test_the_cards_add_up_to_the_games(scene: StatisticsScene) -> None:
    cards = {label: value for label, value, _ in scene._figures()}
    assert cards["Games"] == "14"
    assert (cards["Wins"], cards["Draws"], cards["Losses"], cards["Two-player games"]) == ("4", "1", "3", "6")
    counted = sum(int(cards[label]) for label in ("Wins", "Draws", "Losses", "Two-player games"))
    assert counted == int(cards["Games"])


def test_every_chart_adds_up(scene: StatisticsScene) -> None:
    charts = dict(scene.chart_rows())
    opponent = dict(charts["By opponent"])
    assert sum(tally.games for tally in opponent.values()) == 14
    against = opponent["Computer"]
    for title in ("By computer level", "By board"):  # the person's results against the computer
        rows = [tally for _, tally in charts[title]]
        assert sum(tally.wins for tally in rows) == against.wins == 4, title
        assert sum(tally.draws for tally in rows) == against.draws == 1, title
        assert sum(tally.losses for tally in rows) == against.losses == 3, title


def test_the_games_between_two_people_are_counted_by_seat(scene: StatisticsScene) -> None:
    pair = dict(dict(scene.chart_rows())["By opponent"])["Two players"]
    assert isinstance(pair, SeatsTally)
    assert scene.tally_text(pair) == "Orange 2 · Blue 3 · 1 D"
    set_language("fr")
    assert scene.tally_text(pair) == "Orange 2 · Bleu 3 · 1 N"


def test_a_game_between_two_people_says_which_seat_won(scene: StatisticsScene) -> None:
    scene.stats.records = [
        _record("computer", "win", moves=30),
        _record("human", "loss", moves=2),
        _record("human", "win", moves=90),
    ]
    parts = dict(scene.extreme_parts())
    assert parts["Shortest game"] == "2 moves in 1 min on Classic, Blue won"
    assert parts["Longest game"] == "90 moves in 1 min on Classic, Orange won"
    set_language("fr")
    assert "Classique, Orange a gagné" in scene.extreme_parts()[0][1]
