"""A demonstration opens a game that can show it, whichever game was chosen last (``main.py --demo``)."""

from __future__ import annotations

import pytest

from game import games
from game.app import App, AppOptions
from game.engine.puzzles import has_shipped_puzzles
from game.scenes.demo import DEMOS, demo_game, demo_games
from game.ui.settings import Settings


def _last_game(key: str) -> None:
    settings = Settings.load()
    settings.game = key
    settings.save()


def _app(demo: str, game: str | None = None) -> App:
    return App(
        AppOptions(
            size=(640, 480),
            demo=demo,
            game=game,
            instant=True,
            use_process=False,
            audio=False,
            ai_time_budget=0.02,
        )
    )


@pytest.mark.parametrize(
    ("demo", "owner"),
    [(name, definition.key) for definition in games.GAMES for name in definition.extras.demo_names],
)
def test_a_games_own_demonstration_belongs_to_that_game_alone(demo: str, owner: str) -> None:
    assert [definition.key for definition in demo_games(demo)] == [owner]
    for last in games.playable_games():
        assert demo_game(demo, last.key).key == owner


def test_the_generic_demonstrations_need_what_they_show() -> None:
    with_puzzles = [definition.key for definition in demo_games("puzzle")]
    assert with_puzzles == [
        definition.key for definition in games.playable_games() if has_shipped_puzzles(definition.key)
    ]
    assert with_puzzles and "lionheart" not in with_puzzles  # the tests below rely on a game without
    assert [definition.key for definition in demo_games("engines")] == [
        definition.key for definition in games.playable_games() if definition.extras.engine_protocol
    ]
    assert len(demo_games("statistics")) == len(games.playable_games())
    for name in DEMOS:  # a game that can show it is kept
        for definition in demo_games(name):
            assert demo_game(name, definition.key) is definition


def test_grand_opens_attangle_after_a_game_of_ataxx() -> None:
    _last_game("ataxx")
    app = _app("grand")
    try:
        app.start()
        app.frame(1 / 60)
        assert app.game.key == "attangle"
        assert app.top is not None and app.top.name == "match"
        assert app.top.match.rules.key == "attangle"  # type: ignore[attr-defined]
    finally:
        app.close()
    assert Settings.load().game == "ataxx"  # the last game chosen stays the player's


def test_the_puzzle_demonstration_opens_a_game_with_puzzles_after_lionheart() -> None:
    _last_game("lionheart")
    app = _app("puzzle")
    try:
        app.start()
        app.frame(1 / 60)
        assert app.game.key != "lionheart"
        assert app.top is not None and app.top.name == "puzzle"
    finally:
        app.close()


def test_a_generic_demonstration_keeps_the_last_game() -> None:
    _last_game("attangle")
    app = _app("puzzle")
    try:
        assert app.game.key == "attangle"
    finally:
        app.close()


def test_the_command_line_refuses_a_game_that_cannot_show_the_demonstration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from main import parse_args

    for demo, game, shown in (("grand", "ataxx", "attangle"), ("puzzle", "lionheart", "ataxx")):
        with pytest.raises(SystemExit) as stopped:
            parse_args(["--demo", demo, "--game", game])
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert f"--demo {demo} cannot be shown in {game}" in error and f"to open {shown}" in error
    assert parse_args(["--demo", "capture", "--game", "attangle"]).game == "attangle"
