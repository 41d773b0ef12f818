"""The level cards of one grid name their levels alike: one size, one weight, whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.driver import Driver
from game.games import playable_games
from game.i18n import set_language
from game.scenes.level_cards import card_name_fit
from game.ui.lang import level_name
from game.ui.textbox import layout_text


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(640, 480), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("game", [definition.key for definition in playable_games()])
def test_the_names_of_a_grid_share_one_size_and_weight(
    user_data_dir: Path, language: str, size: tuple[int, int], game: str
) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    (user_data_dir / "settings.json").write_text(f'{{"language": "{language}"}}', encoding="utf-8")
    driver = Driver.fast(size=size, audio=False, game=game)
    try:
        driver.press("new_game")
        driver.press("choose_level")
        select = driver.top
        ui = driver.app.theme
        card = select.cards[0][0]
        levels = [level for _, level in select.cards]
        name_size, lines, bold = card_name_fit(ui, card, levels, scale=select.scale)
        assert lines in (1, 2)
        pad = max(1, round(10 * select.scale))
        width = card.width - pad * 3 - (card.height - pad * 2)
        for level in levels:
            block = layout_text(ui, level_name(level), "title", name_size, width, bold=bold, max_lines=lines)
            # Whole, in one weight and at the size chosen: no card's name shrinks or loses its weight alone.
            assert block.bold == bold and not block.cut and block.condense == 1.0, level_name(level)
            assert block.size == name_size, level_name(level)
    finally:
        driver.app.close()
        set_language("en")
