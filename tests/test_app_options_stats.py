"""Options (persisted, applied at once), the damaged settings message, statistics through a real
finished game, and the rules pages with F1 during play."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.driver import Driver
from game.engine.ataxx import Move, Side
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.engine.stats import Statistics
from game.i18n import current_language, set_language, tr
from game.scenes.dialog import Dialog
from game.scenes.match import MatchScene
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.results import ResultsScene
from game.scenes.resume import open_match
from game.scenes.rules import RulesScene
from game.scenes.statistics import StatisticsScene
from game.ui import gfx, theme
from game.ui.settings import Settings

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"


@pytest.fixture
def driver():
    driver = Driver.fast()
    yield driver
    driver.app.close()
    set_language("en")


def _records() -> list:
    return Statistics.load("ataxx").records


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
        driver.press("ok")
        assert isinstance(driver.top, MenuScene)
        # The next save writes a fresh file and leaves the kept one alone.
        driver.press("options")
        driver.click(driver.top.row("Piece colours").rects[2].center)
        assert json.loads(settings_file.read_text(encoding="utf-8"))["palette"] == "colourblind"
        assert kept[0].exists()
    finally:
        driver.app.close()
    # Twice in the same second: the first kept file is not overwritten.
    settings_file.write_bytes(b"\x00\x01")
    Settings.load()
    assert len(list(user_data_dir.glob("settings.damaged-*.json"))) == 2


def test_options_apply_at_once_and_persist(driver: Driver, user_data_dir: Path) -> None:
    driver.press("options")
    options = driver.top
    assert isinstance(options, OptionsScene)
    driver.click(options.row("Piece colours").rects[2].center)  # colour-blind safe: orange and blue, marked
    assert theme.SEAT_NAMES[0] == "Orange"
    assert gfx.PIECE_MARKS[theme.SEAT_COLOURS[0]] == "cross"
    assert gfx.PIECE_MARKS[theme.SEAT_COLOURS[1]] == "ring"
    driver.click(options.row("Board").rects[2].center)
    assert theme.SQUARE_A == (206, 210, 222)
    driver.click(options.row("Piece set").rects[2].center)
    driver.click(options.row("Computer level").rects[3].center)  # Expert
    driver.click(options.row("Computer starts").rects[1].center)
    driver.click(options.row("Early finish").rects[1].center)
    driver.click(options.row("Draw by threefold repetition").rects[1].center)
    driver.click(options.row("Language").rects[1].center)
    assert current_language() == "fr" and tr("New game") == "Nouvelle partie"
    saved = json.loads((user_data_dir / "settings.json").read_text(encoding="utf-8"))
    ataxx = saved["games"]["ataxx"]
    assert saved["palette"] == "colourblind" and saved["board_theme"] == "paper"
    assert saved["piece_set"] == "flat" and ataxx["level"] == "expert"
    assert ataxx["human_starts"] is False and saved["language"] == "fr"
    assert ataxx["rules"] == {"early_finish": False, "threefold_repetition": False}
    driver.frames(2)  # drawn in the new look and language without a failure
    driver.press("back")
    # The next game uses the rules, the level and who starts.
    driver.press("new_game")
    driver.press("choose_level")
    driver.click(driver.top.card_centre(0))
    play = driver.top
    assert isinstance(play, MatchScene)
    assert play.match.options == {"early_finish": False, "threefold_repetition": False}
    computer = 1 - play.config.human_seat
    assert play.config.level == "expert" and play.match.player(computer).level == "expert"
    assert play.first_seat == computer, "the computer starts"
    loaded = Settings.load()
    assert loaded.language == "fr" and loaded.palette == "colourblind"


def _finish(driver: Driver) -> MatchScene:
    open_match(driver.app, Match(RULES, NEARLY_FULL, (Player.human(), Player.human())), "Nearly full")
    play = driver.top
    assert isinstance(play, MatchScene)
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    return play


def test_every_finished_game_is_counted_once(driver: Driver) -> None:
    play = _finish(driver)
    assert len(_records()) == 1
    record = _records()[0]
    assert record.opponent == "human" and record.level_name == "Nearly full" and record.result == "loss"
    driver.app.stack.pop()  # close the results; take the last move back and play it again
    driver.press("undo")
    assert not play.match.is_over
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    driver.app.stack.pop()
    driver.press("undo")
    driver.press("redo")
    driver.frames(3)
    assert len(_records()) == 1, "undo/redo after the end does not count the game again"
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=60)
    driver.press("rematch")
    assert driver.top is play and play.match.ply == 0
    driver.play_move(Move.from_uai("g7"))
    driver.frames(3)
    assert len(_records()) == 2, "a new game is a new record"


def test_statistics_screen_shows_the_games_and_resets_after_confirmation(driver: Driver) -> None:
    _finish(driver)
    driver.press("menu")
    driver.press("statistics")
    scene = driver.top
    assert isinstance(scene, StatisticsScene)
    charts = dict(scene.chart_rows())
    opponent = dict(charts["By opponent"])
    assert opponent["Two players"].losses == 1  # Blue won it
    assert charts["By board"] == []  # the boards count the games against the computer
    driver.frames(30)
    driver.press("reset")
    assert isinstance(driver.top, Dialog)
    driver.press("cancel")
    assert len(_records()) == 1
    driver.press("reset")
    driver.press("reset")
    assert driver.top is scene and _records() == []
    assert not scene.widgets["reset"].enabled


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_f1_opens_the_rules_over_the_game_and_the_clock_stops(driver: Driver) -> None:
    clock = FakeClock()
    play = open_match(
        driver.app, Match(RULES, players=(Player.human(), Player.human()), clock=clock), "Classic"
    )
    assert isinstance(play, MatchScene)
    driver.play_move(Move.from_uai("b6"))
    clock.now += 3
    driver.key(pygame.K_F1)
    rules = driver.top
    assert isinstance(rules, RulesScene) and rules.transparent
    before = play.match.elapsed
    assert before >= 3
    clock.now += 50
    driver.frames(5)
    assert play.match.elapsed == before, "the game clock is stopped while the rules are open"
    pages = len(rules.pages.pages)
    for _ in range(pages + 2):
        driver.key(pygame.K_RIGHT, frames=20)  # every page and its animation
    assert rules.page == pages - 1
    driver.press("previous")
    assert rules.page == pages - 2
    driver.click(play.board.square_centre(0))  # modal: the board beneath gets nothing
    assert play.board.selected is None
    driver.key(pygame.K_F1)
    assert driver.top is play
    clock.now += 2
    assert play.match.elapsed == before + 2
    assert play.match.turn == Side.BLUE


def test_the_rules_from_the_pause_menu_hide_the_menu_under_their_panel(driver: Driver) -> None:
    """Opened over the pause menu, the rules panel shows nothing of what lies beneath it: drawn over white
    and over black, every pixel inside it is the same."""
    play = open_match(driver.app, Match(RULES, players=(Player.human(), Player.human())), "Classic")
    driver.frames(1)
    play.open_menu()
    driver.frames(20)
    driver.press("rules")
    rules = driver.top
    assert isinstance(rules, RulesScene) and rules.overlay
    driver.frames(30)  # the veil has faded in
    inside = rules.panel_rect.inflate(-2 * rules.px(18), -2 * rules.px(18))
    pictures = []
    for ground in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(driver.app.size)
        surface.fill(ground)
        rules.draw(surface)
        pictures.append(pygame.surfarray.array3d(surface.subsurface(inside)))
    assert (pictures[0] == pictures[1]).all()


def test_rules_and_about_from_the_menu(driver: Driver) -> None:
    driver.press("help")
    rules = driver.top
    assert isinstance(rules, RulesScene) and not rules.transparent
    driver.press("next")
    assert rules.page == 1
    driver.key(pygame.K_ESCAPE)
    driver.press("about")
    from game.scenes.about import AboutScene, version

    assert isinstance(driver.top, AboutScene)
    assert version() not in ("", "?")
    driver.frames(2)
    driver.press("back")
    assert isinstance(driver.top, MenuScene)


def test_statistics_name_their_game_switch_game_and_show_only_its_outcomes(driver: Driver) -> None:
    from game.games import playable_games

    assert RULES.can_draw and not playable_games()[1].load_rules().can_draw
    driver.app.choose_game("attangle")
    driver.press("statistics")
    scene = driver.top
    assert isinstance(scene, StatisticsScene)
    driver.frames(2)
    assert scene.game.key == "attangle" and "ATTANGLE" in scene.title()
    assert [label for label, _, _ in scene._figures()] == [
        "Games",
        "Wins",
        "Losses",
        "Two-player games",
        "Winning streak",
        "Best / worst run",
    ]
    assert [kind for kind, _, _ in scene.outcomes()] == ["win", "loss"]
    assert len(scene.cards) == 6
    # The arrows beside the title (or the left and right keys) show another game's statistics.
    driver.press("next_game")
    driver.frames(2)
    assert scene.game.key == "lionheart" and "LIONHEART" in scene.title()
    driver.press("next_game")
    driver.frames(2)
    assert scene.game.key == "ataxx" and "ATAXX" in scene.title()
    assert "Draws" in [label for label, _, _ in scene._figures()] and len(scene.cards) == 7
    assert driver.app.game.key == "attangle", "the menu's game is not changed"
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    assert scene.game.key == "lionheart"
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    assert scene.game.key == "attangle"
