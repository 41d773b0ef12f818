"""The options offer "Computer starts" only for a game whose players choose who starts: where an opening
roll of the dice or the rules decide, the row would do nothing."""

from __future__ import annotations

import pytest

from game import games
from game.driver import Driver
from game.engine.rules import rolls_first_seat
from game.scenes.options import OptionsScene


@pytest.mark.parametrize("definition", games.playable_games(), ids=lambda definition: definition.key)
def test_who_starts_is_offered_only_where_the_players_choose_it(definition: games.GameDefinition) -> None:
    rules = definition.load_rules()
    start = rules.start_text
    chosen = not (rolls_first_seat(rules, start) or rules.first_seat_fixed(start))
    driver = Driver.fast(game=definition.key)
    try:
        options = driver.app.router.push("options")
        assert isinstance(options, OptionsScene)
        labels = [label for column in options.columns for label, _ in column]
        assert ("Computer starts" in labels) == chosen, labels
        assert "Computer level" in labels
    finally:
        driver.app.close()


def test_the_dice_decide_who_starts_a_battle_and_the_players_an_ataxx_game() -> None:
    """The games the parametrised test covers: at least one of each kind."""
    kinds = {}
    for definition in games.playable_games():
        rules = definition.load_rules()
        kinds[definition.key] = rolls_first_seat(rules, rules.start_text)
    assert kinds["lionheart"] and not kinds["ataxx"]
