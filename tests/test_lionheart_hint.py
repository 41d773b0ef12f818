"""Lionheart's hint: asked for at any moment of a person's turn, said in full at every size, and the
strongest advice the game can give, which its own analysis never marks worse than an inaccuracy."""

from __future__ import annotations

from collections.abc import Iterator

import instant_ai
import pytest
from waiting import frames_until

from game.engine.lionheart import Move
from game.engine.match import Match, Player
from game.games import game
from game.scenes.driver import Driver
from game.scenes.resume import open_match

RULES = game("lionheart").load_rules()


@pytest.fixture
def animated() -> Iterator[Driver]:
    """Animations on, as a player sees them: a roll is shown before the turn goes on."""
    driver = Driver.fast(game="lionheart", animation="normal", instant=False)
    yield driver
    driver.app.close()


def test_hint_pressed_while_the_roll_is_shown_is_answered(animated: Driver) -> None:
    # Gold's archers shoot, the dice roll, and while the roll is still being shown Gold asks for a hint for
    # the turn's second action: the press is a request, not a click that only cuts the animation short.
    worker = instant_ai.install(animated.app)
    match = Match(
        RULES,
        "gA4c1N,gK1a1N,gI4b1N,sI4d4S,sI4h9S,sK1i10S g 2 1 -",
        (Player.human(), Player.computer("master")),
        seed=3,
    )
    play = open_match(animated.app, match, "Hint")
    animated.frames(1)
    animated.play_move(Move.from_text("c1xd4"))
    assert frames_until(animated, lambda: match.ply == 2 and play.board.busy)  # rolled, and being shown
    animated.frames(1)  # the panel lights Hint up
    assert play.board.busy and play.human_turn() and match.actions_left == 1
    asked = worker.answered
    animated.press("hint")
    assert worker.answered == asked + 1, "the press asked the computer for a hint"
    assert frames_until(animated, lambda: play.hint_move is not None)
    assert play.board.hint_move == play.hint_move and play.hint_move in match.legal_moves()


LONGEST_HINTS = (
    # The longest names in both languages: mass infantry attacking heavy infantry; archers shooting knights.
    ("gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -", "e4xe5"),
    ("gM10e4N,gA4c3N,gK1a1N,sH2e5S,sN2d5S,sK1i10S g 2 1 -", "c3xd5"),
)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(640, 480), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize(("position", "hint"), LONGEST_HINTS, ids=["charge", "shot"])
def test_the_hint_is_said_in_full(
    position: str, hint: str, size: tuple[int, int], language: str, request: pytest.FixtureRequest
) -> None:
    if language == "fr":
        request.getfixturevalue("french")
    else:
        request.getfixturevalue("user_data_dir")
    driver = Driver.fast(game="lionheart", size=size)
    try:
        match = Match(RULES, position, (Player.human(), Player.computer("master")), seed=1)
        play = open_match(driver.app, match, "Hint")
        driver.frames(1)
        play.hint_move = Move.from_text(hint)
        play.board.show_hint(play.hint_move)
        driver.frames(1)  # the panel makes room for the sentence
        driver.app.theme.drawn = []
        driver.frames(1)
        sentence = play.board.hint_instruction(play.hint_move)
        status = play.panel.status
        said = [text for text in driver.app.theme.drawn if status.contains(text.rect)]
        assert not [text.text for text in said if text.cut], said
        assert " ".join(text.text for text in said).split() == [
            *play.status_text()[0].split(),
            *sentence.split(),
        ]
        assert status.bottom <= play.panel.moves_rect.top and play.panel.moves_rect.height > 0
    finally:
        driver.app.theme.drawn = None
        driver.app.close()
