"""Passing messages ("Back to move 5", "Saved as …", where an export went) show on one line in a strip of
their own along the bottom, never over the board, its reserves, the dice tray or the panel; a path too long
for the line keeps its start and its file's name."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.driver import Driver
from game.engine.ataxx.rules import RULES
from game.engine.match import Match, Player
from game.scenes.resume import open_match
from game.ui.textbox import ELLIPSIS

SIZES = [(640, 480), (1920, 1080)]
LONG = "Saved as “Sunday rematch against the computer, second try, after the one we lost”"


def _lines_in_strip(driver: Driver, scene: Any) -> list[Any]:
    """The lines drawn in the scene's message strip on the next frame."""
    driver.app.theme.drawn = []
    try:
        driver.frames(1)
        return [drawn for drawn in driver.app.theme.drawn if drawn.container == scene.messages.rect]
    finally:
        driver.app.theme.drawn = None


def _clear_of_everything(scene: Any, size: tuple[int, int]) -> None:
    strip = scene.messages.rect
    assert pygame.Rect((0, 0), size).contains(strip)
    assert not strip.colliderect(scene.board_area)
    assert not strip.colliderect(scene.board.rect)
    assert not strip.colliderect(scene.panel.rect)


@pytest.mark.parametrize("size", SIZES, ids=["640x480", "1920x1080"])
@pytest.mark.parametrize(
    ("game", "demo"), [("ataxx", "play"), ("attangle", "grand"), ("lionheart", "battle")]
)
def test_a_message_is_one_line_clear_of_the_board_and_the_panel(
    game: str, demo: str, size: tuple[int, int]
) -> None:
    driver = Driver.fast(game=game, size=size, demo=demo)
    try:
        scene = driver.top
        driver.frames(2)
        _clear_of_everything(scene, size)
        assert _lines_in_strip(driver, scene) == []  # nothing on show, nothing drawn
        scene.say(LONG)
        lines = _lines_in_strip(driver, scene)
        assert [line.text for line in lines] == [LONG]
        assert scene.messages.rect.contains(lines[0].rect)
    finally:
        driver.app.close()


def test_back_to_move_shows_in_the_strip_in_french(french: None) -> None:
    driver = Driver.fast(size=(640, 480))
    try:
        play = open_match(driver.app, Match(RULES, players=(Player.human(), Player.human())), "Classic")
        for move in ("b6", "b2", "c5"):
            driver.play_move(RULES.parse_move(move))
        driver.press("undo")
        lines = _lines_in_strip(driver, play)
        assert [line.text for line in lines] == ["Retour au coup 2"]
        _clear_of_everything(play, (640, 480))
        driver.frames(120)  # its time is up: gone
        assert _lines_in_strip(driver, play) == []
    finally:
        driver.app.close()


def test_an_exports_long_path_keeps_its_start_and_its_file_name() -> None:
    from game.engine.ataxx.rules import RULES as ATAXX

    driver = Driver.fast(size=(640, 480))
    try:
        match = Match(ATAXX, players=(Player.human("You"), Player.computer("casual")))
        match.play(ATAXX.parse_move("b6"))
        scene = driver.app.router.push("analysis", match, "Classic")
        driver.frames(1)
        _clear_of_everything(scene, (640, 480))
        folder = "/home/somebody/.local/share/attax-arcade/a-folder-with-a-long-name/analyses"
        message = f"Saved as {folder}/Classic analysis 2025-03-14 20.05.pgn"
        scene.say(message, 4.0)
        lines = _lines_in_strip(driver, scene)
        assert len(lines) == 1
        text = lines[0].text
        assert text.startswith("Saved as /home/") and text.endswith("Classic analysis 2025-03-14 20.05.pgn")
        assert ELLIPSIS in text and len(text) < len(message)
        assert scene.messages.rect.contains(lines[0].rect)
    finally:
        driver.app.close()


def test_the_editors_messages_leave_its_board_clear() -> None:
    driver = Driver.fast(size=(640, 480), demo="editor")
    try:
        editor = driver.top
        driver.frames(2)
        strip = editor.messages.rect
        assert not strip.colliderect(editor.board_area) and not strip.colliderect(editor.view.rect)
        assert not strip.colliderect(editor.panel_rect)
        editor._say("Saved as “My very own board with blocks in the middle and the corners”")
        lines = _lines_in_strip(driver, editor)
        assert len(lines) == 1 and lines[0].text.startswith("Saved as")
    finally:
        driver.app.close()
