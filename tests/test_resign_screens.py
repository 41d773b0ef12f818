"""Resigning on the screens, driven by posted mouse and key events: the panel's Resign and the pause
menu's, the question (Keep playing is the safe default), the results' line, the statistics, the
computer giving up a game its search proved lost, two people, the attract mode, French."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from starting import start_match
from waiting import frames_until

from game import i18n
from game.driver import Driver
from game.engine import saves
from game.engine.core import MatchTermination
from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.engine.stats import Statistics
from game.games import game, playable_games
from game.scenes.attract import AttractScene
from game.scenes.dialog import Dialog
from game.scenes.match import MatchScene
from game.scenes.pause import PauseScene
from game.scenes.results import ResultsScene
from game.scenes.resume import open_match
from game.ui.lang import seat_name

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search

GAMES = [definition.key for definition in playable_games()]
# Lost for Red, to move, whatever it plays (see tests/test_ai_resign.py).
ATAXX_LOST = "ooooooo/ooooooo/ooooooo/ooooooo/ooooxoo/ooxxooo/oo1xooo x 0 1"
# Lost for White, to move: Black builds its third triple within two turns (see tests/test_ai_resign.py).
ATTANGLE_LOST = "b,wb,-,bw/wwb,w,-,-,w/-,-,w,-,-,-/-,b,-,-,-,-,bwb/-,-,w,w,-,b/-,b,-,w,-/-,bw,-,- w 6 8"


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = Driver.fast()
    yield driver
    driver.app.close()


@pytest.fixture
def patient() -> Iterator[Driver]:
    """The computer with time to finish a depth of its search on a busy machine (a search stopped before
    its first depth proves nothing, so it never resigns); a decided game ends the search at once anyway."""
    driver = Driver.fast(ai_time_budget=2.0)
    yield driver
    driver.app.close()


def _from_menu(driver: Driver, key: str, *, two_players: bool = False) -> MatchScene:
    """A new game of ``key`` chosen from the menus (against the Casual computer, or two people), at the
    first level, run until a person is to move."""
    driver.app.choose_game(key)
    driver.app.router.reset("menu")
    driver.frames(1)
    play = start_match(driver, 0, computer=None if two_players else "casual")
    assert play.definition.key == key
    assert frames_until(driver, play.can_resign), "a person never got to move"
    return play


def _at(driver: Driver, key: str, position: str, config: MatchConfig) -> MatchScene:
    """A match of ``key`` from ``position`` (a level of the tests'), on screen."""
    driver.app.choose_game(key)
    level = LevelInfo("Test", "A test position.", "tests", position)
    play = driver.app.router.push("match", config, level)
    assert isinstance(play, MatchScene)
    return play


def _question(driver: Driver) -> Dialog:
    dialog = driver.top
    assert isinstance(dialog, Dialog) and dialog.name == "dialog"
    return dialog


def _results(driver: Driver) -> ResultsScene:
    assert driver.until(lambda: isinstance(driver.top, ResultsScene), max_frames=300)
    results = driver.top
    assert isinstance(results, ResultsScene)
    return results


@pytest.mark.parametrize("key", GAMES)
def test_the_person_to_move_resigns_from_the_panel(driver: Driver, key: str) -> None:
    play = _from_menu(driver, key)
    seat = int(play.match.turn)
    assert play.match.player(seat).is_human
    driver.frames(1)
    driver.press("resign")
    question = _question(driver)
    assert question.title == "Resign?"
    assert question.lines == ["Give up this game? The computer wins it, and it counts as a loss."]
    # The safe answer first, and the one Enter takes.
    assert question.widgets.ids() == ["keep_playing", "resign"]
    assert question.widgets.buttons[question.widgets.focus].id == "keep_playing"
    assert not play.match.is_over
    driver.press("resign")
    results = _results(driver)
    match = play.match
    assert match.is_over and match.resigned == seat
    assert match.result is not None and match.result.outcome.termination is MatchTermination.RESIGNATION
    assert (results.title, results.lines) == ("YOU LOSE", [f"{seat_name(seat)} resigned"])
    assert seat_name(seat) in {"Red", "Blue", "White", "Black", "Gold", "Silver"}
    # Counted once, as a loss given up by the person; the game is no longer there to continue.
    records = Statistics.load(key).records
    assert [(record.result, record.resigned, record.seat) for record in records] == [("loss", seat, seat)]
    assert not saves.has_autosave(key)


def test_a_rematch_after_resigning_starts_with_resign_unlit(driver: Driver) -> None:
    """The pointer was on Resign when the question covered the game; the rematch starts with it at rest,
    not lit red as if the pointer were still there."""
    play = _from_menu(driver, "ataxx")
    driver.frames(1)
    resign = driver.button("resign")
    driver.press("resign")
    driver.press("resign")
    _results(driver)
    driver.frames(30)
    driver.press("rematch")
    assert driver.top is play and play.can_resign()
    driver.frames(30)
    assert resign.enabled and resign.hover == 0.0
    # The pointer coming back over it lights it as ever.
    driver.move_mouse(resign.rect.center)
    driver.frames(30)
    assert resign.hover == 1.0


def test_keep_playing_esc_and_enter_leave_the_game_going(driver: Driver) -> None:
    play = _from_menu(driver, "ataxx")
    driver.frames(1)
    for answer in ("button", pygame.K_ESCAPE, pygame.K_RETURN):
        driver.press("resign")
        _question(driver)
        if answer == "button":
            driver.press("keep_playing")
        else:
            driver.key(answer)
        assert driver.top is play, answer
        assert not play.match.is_over and play.can_resign()
    driver.frames(5)
    assert Statistics.load("ataxx").records == []


def test_resign_from_the_pause_menu(driver: Driver) -> None:
    play = _from_menu(driver, "attangle")
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene) and pause.widgets["resign"].enabled
    driver.press("resign")
    question = _question(driver)
    assert question.widgets.buttons[question.widgets.focus].id == "keep_playing"
    driver.key(pygame.K_DOWN)  # the keyboard way: the focus down to Resign, then Enter
    assert question.widgets.buttons[question.widgets.focus].id == "resign"
    driver.key(pygame.K_RETURN)
    results = _results(driver)
    assert results.lines == [f"{seat_name(play.match.resigned)} resigned"]  # type: ignore[arg-type]


def test_no_resign_while_the_computer_is_to_move(driver: Driver) -> None:
    config = MatchConfig(vs_computer=True, level="master", human_seat=1, first=0)
    play = _at(driver, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1", config)
    assert not play.can_resign()
    play.ask_resign()  # asked directly: nothing to ask
    assert driver.top is play and "invalid" in driver.app.audio.played
    driver.frames(1)  # the computer is asked for its move: it answers on a later frame
    assert play.match.ply == 0 and not driver.button("resign").enabled
    driver.key(pygame.K_ESCAPE)
    pause = driver.top
    assert isinstance(pause, PauseScene) and play.match.ply == 0
    resign = pause.widgets["resign"]
    assert resign.visible and not resign.enabled
    driver.click(resign.rect.center)
    assert driver.top is pause and not play.match.is_over
    driver.press("resume")
    assert frames_until(driver, play.can_resign)
    driver.frames(1)
    assert driver.button("resign").enabled


def test_between_two_people_the_side_to_move_resigns(driver: Driver) -> None:
    play = _from_menu(driver, "ataxx", two_players=True)
    driver.play_move(play.match.legal_moves()[0])  # Red moves: Blue is to move
    assert play.match.turn == 1
    driver.press("resign")
    assert _question(driver).lines == ["Blue gives up this game, and Red wins it."]
    driver.press("resign")
    results = _results(driver)
    assert (results.title, results.lines) == ("RED WINS!", ["Blue resigned"])
    assert play.status_text()[:2] == ("Red wins", "Blue resigned")
    record = Statistics.load("ataxx").records[-1]
    assert (record.opponent, record.seat, record.result, record.resigned) == ("human", 0, "win", 1)
    assert Statistics.load("ataxx").resignations(opponent="human") == (0, 1)


@pytest.mark.parametrize(("key", "position"), [("ataxx", ATAXX_LOST), ("attangle", ATTANGLE_LOST)])
def test_the_computer_resigns_a_game_its_search_proved_lost(patient: Driver, key: str, position: str) -> None:
    driver = patient
    config = MatchConfig(vs_computer=True, level="expert", human_seat=1, first=0)
    play = _at(driver, key, position, config)
    results = _results(driver)
    match = play.match
    assert match.ply == 0 and match.resigned == 0  # it gave up instead of playing
    assert (results.title, results.lines) == ("YOU WIN!", [f"{seat_name(0)} resigned"])
    record = Statistics.load(key).records[-1]
    assert (record.result, record.seat, record.resigned, record.resigned_by_person) == ("win", 1, 0, False)


def test_the_beginner_plays_a_lost_game_on(driver: Driver) -> None:
    config = MatchConfig(vs_computer=True, level="beginner", human_seat=1, first=0)
    play = _at(driver, "ataxx", ATAXX_LOST, config)
    assert frames_until(driver, lambda: play.match.ply >= 1)
    assert play.match.resigned is None


def test_the_attract_mode_s_computers_resign_too_and_the_next_game_follows(
    patient: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = patient
    level = LevelInfo("Test", "A test position.", "tests", ATAXX_LOST)
    attract = driver.app.router.reset("attract", None, (game("ataxx"), level))
    assert isinstance(attract, AttractScene)
    following: list[Match] = []
    # The next game is a random one (perhaps of another game): here it is only noted.
    monkeypatch.setattr(attract, "next_game", lambda: following.append(attract.match))
    attract.match = Match(attract.rules, ATAXX_LOST, (Player.computer("expert"), Player.computer("skilled")))
    lost = attract.match
    assert frames_until(driver, lambda: bool(following))
    assert following == [lost] and attract.games == 1
    assert lost.resigned == 0 and lost.ply == 0
    assert attract.end_told and attract.status_text()[:2] == ("Blue wins", "Red resigned")
    assert Statistics.load("ataxx").records == []  # the attract mode counts nothing


def test_a_resigned_save_opens_finished_and_undo_takes_the_resignation_back(driver: Driver) -> None:
    match = Match(game("ataxx").load_rules(), players=(Player.human("You"), Player.computer("expert")))
    for text in ("b6", "f6"):
        match.play(match.rules.parse_move(text))
    match.resign()  # the person, to move, gave up
    path = saves.save_game("given up", match, level_name="Classic")
    loaded, _ = saves.load_game(path)
    play = open_match(driver.app, loaded, "Classic", save_name="given up")
    assert isinstance(play, MatchScene)
    driver.frames(2)
    assert driver.top is play and play.results_shown  # the final board, no results screen again
    assert play.status_text()[:2] == ("Blue wins", "Red resigned")
    assert not driver.button("resign").enabled and driver.button("undo").enabled
    # As after any end: Undo goes back to your previous turn, and the resignation goes with it.
    driver.press("undo")
    assert not play.match.is_over and play.match.resigned is None and play.match.ply == 0
    assert play.can_resign() and driver.button("redo").enabled
    assert Statistics.load("ataxx").records == []  # a game loaded finished was counted when it ended


def test_resigning_in_french(french: None, recorded: list[str]) -> None:
    driver = Driver.fast(game="ataxx")
    try:
        assert i18n.current_language() == "fr"
        play = _from_menu(driver, "ataxx")
        seat = int(play.match.turn)
        driver.frames(1)
        assert "Abandonner" in recorded  # the panel's button
        driver.press("resign")
        recorded.clear()
        driver.frames(30)
        assert {"ABANDONNER ?", "Continuer la partie", "Abandonner"} <= set(recorded)
        driver.press("resign")
        results = _results(driver)
        assert seat_name(seat) == ("Rouge", "Bleu")[seat]
        assert (results.title, results.lines) == ("PERDU", [f"{seat_name(seat)} a abandonné"])
    finally:
        driver.app.close()


def test_attangle_lets_a_player_resign_at_any_time_on_their_turn_as_its_texts_say(driver: Driver) -> None:
    play = _from_menu(driver, "attangle", two_players=True)
    for move in ("d2", "c3"):  # White, Black: White to move at move 2, nothing decided
        driver.play_move(play.match.rules.parse_move(move))
    assert play.can_resign() and driver.button("resign").enabled
    driver.press("resign")
    driver.press("resign")
    assert play.match.is_over and play.match.resigned == 0
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    attangle = readme[readme.index("### Attangle") : readme.index("### Lionheart")]
    assert "You may resign at any time on your turn" in attangle
    pages = game("attangle").load("rules_pages").pages
    assert any("You may resign at any time on your turn" in text for _, text, _ in pages)
