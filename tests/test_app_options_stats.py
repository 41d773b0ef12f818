"""Options (persisted, applied at once), the damaged settings message, statistics through a real
finished game, and the rules pages with F1 during play."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from game.engine.ataxx import Move, Side
from game.engine.match import Match, Player
from game.i18n import current_language, set_language, tr
from game.scenes.dialog import Dialog
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.play import PlayScene
from game.scenes.results import ResultsScene
from game.scenes.rules import PAGES, RulesScene
from game.scenes.saveload import open_match
from game.scenes.statistics import StatisticsScene
from game.stats import Statistics
from game.ui import gfx, theme
from game.ui.driver import Driver
from game.ui.settings import Settings

NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()
    set_language("en")


def test_a_damaged_settings_file_is_kept_aside_and_the_player_told(user_data_dir: Path) -> None:
    user_data_dir.mkdir(parents=True, exist_ok=True)
    settings_file = user_data_dir / "settings.json"
    settings_file.write_text('{"palette": "neon", oops', encoding="utf-8")
    driver = Driver.fast()
    try:
        message = driver.top
        assert isinstance(message, Dialog), "the player is told at once"
        assert any(str(settings_file) in line for line in message.lines)
        kept = list(user_data_dir.glob("settings.damaged-*.json"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == '{"palette": "neon", oops'
        assert any(kept[0].name in line for line in message.lines)
        assert driver.app.settings.palette == Settings().palette == "classic"
        driver.press("OK")
        assert isinstance(driver.top, MenuScene)
        # The next save writes a fresh file and leaves the kept one alone.
        driver.press("Options")
        driver.click(driver.top.palette.rects[2].center)
        assert json.loads(settings_file.read_text(encoding="utf-8"))["palette"] == "colourblind"
        assert kept[0].exists()
    finally:
        driver.app.close()
    # Twice in the same second: the first kept file is not overwritten.
    settings_file.write_bytes(b"\x00\x01")
    Settings.load()
    assert len(list(user_data_dir.glob("settings.damaged-*.json"))) == 2


def test_options_apply_at_once_and_persist(driver: Driver, user_data_dir: Path) -> None:
    driver.press("Options")
    options = driver.top
    assert isinstance(options, OptionsScene)
    driver.click(options.palette.rects[2].center)  # colour-blind safe: orange and blue, marked
    assert theme.SIDE_NAMES[Side.RED] == "Orange"
    assert gfx.PIECE_MARKS[theme.SIDE_COLOURS[Side.RED]] == "cross"
    assert gfx.PIECE_MARKS[theme.SIDE_COLOURS[Side.BLUE]] == "ring"
    driver.click(options.board.rects[2].center)
    assert theme.SQUARE_A == (206, 210, 222)
    driver.click(options.piece_set.rects[2].center)
    driver.click(options.level.rects[3].center)  # Expert
    driver.click(options.computer_starts.rects[1].center)
    driver.click(options.early_finish.rects[1].center)
    driver.click(options.repetition.rects[1].center)
    driver.click(options.language.rects[1].center)
    assert current_language() == "fr" and tr("New game") == "Nouvelle partie"
    saved = json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))
    assert saved["palette"] == "colourblind" and saved["board_theme"] == "paper"
    assert saved["piece_set"] == "flat" and saved["level"] == "expert"
    assert saved["human_starts"] is False and saved["language"] == "fr"
    assert saved["early_finish"] is False and saved["threefold_repetition"] is False
    driver.frames(2)  # drawn in the new look and language without a failure
    driver.press("Back")
    # The next game uses the rules, the level and who starts.
    driver.press("New game")
    driver.press("Choose level")
    driver.click(driver.top.card_centre(0))
    play = driver.top
    assert isinstance(play, PlayScene)
    assert not play.match.rules.early_finish and not play.match.rules.threefold_repetition
    assert play.config.level == "expert" and play.match.current_player.level == "expert"
    loaded = Settings.load()
    assert loaded.language == "fr" and loaded.palette == "colourblind"


def _finish(driver: Driver) -> PlayScene:
    players = (Player.human("Red"), Player.human("Blue"))
    open_match(driver.app, Match(NEARLY_FULL, players), "Nearly full")
    play = driver.top
    assert isinstance(play, PlayScene)
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    return play


def test_every_finished_game_is_counted_once(driver: Driver) -> None:
    play = _finish(driver)
    assert len(Statistics.load().records) == 1
    record = Statistics.load().records[0]
    assert record.opponent == "human" and record.level_name == "Nearly full" and record.result == "loss"
    driver.app.pop()  # close the results; take the last move back and play it again
    driver.press("Undo")
    assert not play.match.is_over
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    driver.app.pop()
    driver.press("Undo")
    driver.press("Redo")
    driver.frames(3)
    assert len(Statistics.load().records) == 1, "undo/redo after the end does not count the game again"
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    driver.press("Rematch")
    assert driver.top is play and play.match.ply == 0
    driver.play_move(Move.from_uai("g7"))
    driver.frames(3)
    assert len(Statistics.load().records) == 2, "a new game is a new record"


def test_statistics_screen_shows_the_games_and_resets_after_confirmation(driver: Driver) -> None:
    _finish(driver)
    driver.press("Menu")
    driver.press("Statistics")
    scene = driver.top
    assert isinstance(scene, StatisticsScene)
    charts = dict(scene.chart_rows())
    opponent = dict(charts["By opponent"])
    assert opponent["Two players (Red's view)"].losses == 1
    assert dict(charts["By board"])["Nearly full"].games == 1
    driver.frames(30)
    driver.press("Reset")
    assert isinstance(driver.top, Dialog)
    driver.press("Cancel")
    assert len(Statistics.load().records) == 1
    driver.press("Reset")
    driver.press("Reset")
    assert driver.top is scene and Statistics.load().records == []
    assert not scene.button("Reset").enabled


def test_f1_opens_the_rules_over_the_game_and_the_clock_stops(driver: Driver) -> None:
    players = (Player.human("Red"), Player.human("Blue"))
    play = open_match(driver.app, Match(players=players), "Classic")
    driver.play_move(Move.from_uai("b6"))
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesScene) and rules.transparent
    before = play.match.elapsed
    time.sleep(0.05)
    driver.frames(5)
    assert play.match.elapsed == before, "the game clock is stopped while the rules are open"
    for _ in range(len(PAGES) + 2):
        driver.key(pygame.K_RIGHT, frames=20)  # every page and its animation
    assert rules.page == len(PAGES) - 1
    driver.press("Previous")
    assert rules.page == len(PAGES) - 2
    driver.click(play.square_centre(0))  # modal: the board beneath gets nothing
    assert play.selected is None
    driver.key(pygame.K_F1)
    assert driver.top is play
    time.sleep(0.02)
    assert play.match.elapsed > before


def test_rules_and_about_from_the_menu(driver: Driver) -> None:
    driver.press("Help")
    rules = driver.top
    assert isinstance(rules, RulesScene) and not rules.transparent
    driver.press("Next")
    assert rules.page == 1
    driver.key(pygame.K_ESCAPE)
    driver.press("About")
    from game.scenes.about import AboutScene, version

    assert isinstance(driver.top, AboutScene)
    assert version() not in ("", "?")
    driver.frames(2)
    driver.press("Back")
    assert isinstance(driver.top, MenuScene)
