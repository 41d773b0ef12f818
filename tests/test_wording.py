"""What the screens say, said right: the end of a game, the keypad console, counts with plurals,
the computer's thinking in words, and the kiosk's options laid out.

Each test here is for one of the small wording defects of issue 13.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import games
from game.ai.api import Outlook, ScoreReading
from game.ai.limits import WIN_SCORE
from game.ai.worker import AIState, AIStatus
from game.ai.worker.status import AIProgress
from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.i18n import set_language
from game.scenes.match import MatchScene
from game.scenes.match_status import reading_text
from game.scenes.resume import open_match
from game.ui.settings import Settings

LAST_SQUARE = "xxxxxxx/xxxxxxx/xxxxxxx/oooooo1/ooooooo/ooooooo/ooooooo x 0 1"
"""Red fills g4, the last empty square, turning f4, f3 and g3: the board is full and Red wins."""


@pytest.fixture
def driver(user_data_dir: Path) -> Iterator[Driver]:
    driver = Driver.fast()
    driver.frames(1)
    yield driver
    driver.app.close()
    set_language("en")


def _draw(driver: Driver, recorded: list[str]) -> list[str]:
    recorded.clear()
    driver.app.draw()
    return list(recorded)


# -- the end of a game waits for the board --


def test_the_winner_is_named_only_once_the_last_flips_have_turned(user_data_dir: Path) -> None:
    driver = Driver.fast(animation="normal")  # animated, on the frames' own clock
    try:
        driver.frames(1)
        play = open_match(driver.app, Match(RULES, LAST_SQUARE, (Player.human(), Player.human())), "Full")
        driver.frames(1)
        play.play(Move.from_uai("g4"))
        assert play.match.is_over and play.board.busy, "the last move animates"
        animated = 0
        while play.board.busy:
            headline, detail, _ = play.status_text()
            assert "wins" not in headline and not detail, f"told after {animated} frames of the last move"
            assert driver.app.top is play, "no results before the board has shown the move"
            driver.frames(1)
            animated += 1
            assert animated < 600
        assert animated > 5, "the flips take a moment"
        driver.frames(1)
        assert play.status_text()[0] == "Red wins"
        assert driver.until(lambda: driver.app.top is not None and driver.app.top.name == "results", 120)
    finally:
        driver.app.close()


# -- the keypad console once the game is over --


def test_the_console_says_the_game_is_over_to_nobody(driver: Driver) -> None:
    play = open_match(driver.app, Match(RULES, LAST_SQUARE, (Player.human(), Player.human())), "Full")
    driver.play_move(Move.from_uai("g4"))
    assert play.match.is_over
    speaker, line = play.board.keys.prompt()
    assert speaker is None and line == "The game is over."
    driver.app.router.back_to("match")
    play.board.keys.show_codes = True  # the console shows in keypad play only (K)
    driver.frames(1)  # the panel makes room for it
    driver.app.theme.drawn = []
    driver.app.draw()
    console = [line for line in driver.app.theme.drawn if play.panel.console_rect.contains(line.rect)]
    said = [line.text for line in console]
    assert "The game is over." in said, said
    # The prompt line has no "[Blue] -" tag (a message beneath it may name the player who infected).
    assert not any(text in ("[Red]", "[Blue]") or text.startswith("- ") for text in said), said


# -- counts with plurals --


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("en", 1, "1 saved game"),
        ("en", 2, "2 saved games"),
        ("fr", 1, "1 partie enregistrée"),
        ("fr", 2, "2 parties enregistrées"),
    ],
)
def test_the_saved_games_are_counted_with_plurals(
    driver: Driver, recorded: list[str], language: str, count: int, expected: str
) -> None:
    for index in range(count):
        saves.save_game(f"Game {index}", Match(RULES), level_name="Classic")
    set_language(language)
    driver.press("load")
    drawn = _draw(driver, recorded)
    assert expected in drawn
    assert not any("(s)" in text for text in drawn)


# -- the options' Back button --


@pytest.mark.parametrize(("kiosk", "game"), [(True, "ataxx"), (False, "attangle"), (False, "ataxx")])
def test_the_options_buttons_sit_in_the_middle(user_data_dir: Path, kiosk: bool, game: str) -> None:
    driver = Driver.fast(kiosk=kiosk, kiosk_idle=60.0, kiosk_game_idle=60.0)
    try:
        driver.frames(1)
        driver.app.choose_game(game)
        driver.app.router.push("options")
        driver.frames(2)
        options = driver.app.top
        assert options is not None and options.name == "options"
        options.ensure_layout()
        shown = [button for button in options.widgets.buttons if button.visible]
        left = min(button.rect.left for button in shown)
        right = max(button.rect.right for button in shown)
        assert abs((left + right) / 2 - options.panel_rect.centerx) <= 1, [b.id for b in shown]
        assert options.widgets["editor"].visible == (not kiosk and game == "ataxx")
    finally:
        driver.app.close()


# -- the computer's thinking, in words; the figures only when asked for --


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            [
                "It sees a win in 1 move",
                "It sees a win in 2 moves",
                "It thinks it is ahead",
                "It thinks the game is even",
                "It thinks it is behind",
                "It sees a loss in 1 move",
                "It sees a loss in 3 moves",
            ],
        ),
        (
            "fr",
            [
                "Il voit une victoire en 1 coup",
                "Il voit une victoire en 2 coups",
                "Il pense mener",
                "Il juge la partie égale",
                "Il pense être mené",
                "Il voit une défaite en 1 coup",
                "Il voit une défaite en 3 coups",
            ],
        ),
    ],
)
def test_the_computers_view_in_words(language: str, expected: list[str]) -> None:
    readings = [
        ScoreReading(Outlook.WINNING, 1),
        ScoreReading(Outlook.WINNING, 2),
        ScoreReading(Outlook.AHEAD),
        ScoreReading(Outlook.EVEN),
        ScoreReading(Outlook.BEHIND),
        ScoreReading(Outlook.LOSING, 1),
        ScoreReading(Outlook.LOSING, 3),
    ]
    set_language(language)
    try:
        assert [reading_text(reading) for reading in readings] == expected
    finally:
        set_language("en")


@pytest.mark.parametrize("game", [definition.key for definition in games.playable_games()])
def test_every_game_reads_its_scores_into_the_same_words(game: str) -> None:
    ai = games.game(game).load_ai()
    unit = ai.score_unit  # type: ignore[attr-defined]
    assert ai.read_score(2 * unit).outlook is Outlook.AHEAD
    assert ai.read_score(-2 * unit).outlook is Outlook.BEHIND
    assert ai.read_score(unit // 4).outlook is Outlook.EVEN
    assert (ai.read_score(WIN_SCORE - 5).outlook, ai.read_score(WIN_SCORE - 5).moves) == (Outlook.WINNING, 3)
    assert (ai.read_score(2 - WIN_SCORE).outlook, ai.read_score(2 - WIN_SCORE).moves) == (Outlook.LOSING, 1)


def _thinking(driver: Driver, depth: int, score: int) -> MatchScene:
    """A match against the computer, shown as if its search had reached ``depth`` with ``score``."""
    match = Match(RULES, players=(Player.computer("casual"), Player.human("You")))
    play = open_match(driver.app, match, "Classic")
    assert isinstance(play, MatchScene)
    play.computer.ticket = -1  # no request is made: the frames below only draw
    play.computer.status = AIStatus(
        AIState.THINKING, progress=AIProgress(depth, score, 1000, 10_000, 0.1, ())
    )
    return play


def test_the_panel_says_what_the_computer_thinks_in_words(driver: Driver, recorded: list[str]) -> None:
    play = _thinking(driver, 7, 100)
    assert play.status_text()[:2] == ("Computer is thinking", "It thinks it is ahead")
    drawn = _draw(driver, recorded)
    assert "It thinks it is ahead" in drawn
    assert not any("depth" in text or "eval" in text or "+1.00" in text for text in drawn), drawn


def test_the_figures_show_when_the_options_ask_for_them(driver: Driver, recorded: list[str]) -> None:
    driver.app.settings.ai_numbers = True
    play = _thinking(driver, 7, 100)
    play.ensure_layout()
    drawn = _draw(driver, recorded)
    assert "It thinks it is ahead" in drawn and "depth 7 · eval +1.00" in drawn
    number_line = play.panel.status.bottom
    assert number_line <= play.panel.console_rect.top, "the figures have their own line"


def test_the_option_is_offered_and_kept(driver: Driver) -> None:
    options = driver.app.router.push("options")
    driver.frames(2)
    row = options.row("Computer's thinking")
    assert row.value is False
    driver.click(row.rects[1].center)
    assert driver.app.settings.ai_numbers is True
    assert Settings.load().ai_numbers is True
