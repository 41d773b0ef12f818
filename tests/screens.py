"""The screens of the game and how to reach each one with the Driver, for tests that look at every screen.

``SCREENS`` maps a screen's name to the scene's router name and a function
that opens it on a fresh Driver (at the menu, with an empty user-data folder).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.driver import Driver
from game.engine import saves
from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.levels import LevelInfo, load_level, save_custom_level, shipped_levels
from game.engine.match import Match, MatchConfig, Player
from game.engine.stats import Statistics, record_for
from game.scenes.resume import open_match

__all__ = ["CORNER_BLOCK", "NEARLY_FULL", "SCREENS"]

NEARLY_FULL = "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1"
CORNER_BLOCK = "-5o/1x5/7/7/7/1o5/x5- x 0 1"


def _match(driver: Driver) -> Any:
    play = driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    driver.frames(1)
    driver.play_move(Move.from_uai("b6"))
    return play


def _editor(driver: Driver) -> Any:
    driver.press("editor")
    return driver.top


def _with_a_save(driver: Driver) -> None:
    match = Match(RULES, players=(Player.human("You"), Player.computer("casual")))
    match.play(Move.from_uai("b6"))
    saves.save_game("A saved game", match, level_name="Classic")
    saves.write_autosave(match, level_name="Classic")  # "Continue" shows on the menu
    driver.app.router.reset("menu")


def _with_a_record() -> None:
    finished = Match(RULES, NEARLY_FULL, (Player.human(), Player.human()))
    finished.play(Move.from_uai("g7"))
    stats = Statistics("ataxx")
    stats.add(record_for(finished, level_name="Nearly full"))
    stats.save()


def _results(driver: Driver) -> None:
    open_match(driver.app, Match(RULES, NEARLY_FULL, (Player.human(), Player.human())), "Nearly full")
    driver.play_move(Move.from_uai("g7"))
    assert driver.until(lambda: driver.top.name == "results", max_frames=120)


def _error(driver: Driver) -> None:
    driver.press("about")

    def fail(dt: float) -> None:
        raise RuntimeError("a test failure")

    driver.top.update = fail
    driver.frames(1)


def _damaged_settings(driver: Driver) -> None:
    from game.app import damaged_settings_message

    driver.app.router.push("dialog", **damaged_settings_message(driver.app.settings))


def _new_game_from_editor(driver: Driver) -> None:
    _editor(driver)
    driver.press("play")


def _validation(position: str) -> Callable[[Driver], None]:
    def open_it(driver: Driver) -> None:
        _editor(driver).draft.set_position(position)
        driver.press("play")

    return open_it


def _custom_level(driver: Driver) -> Any:
    path = save_custom_level(LevelInfo("Mine", "My own.", "", CORNER_BLOCK), RULES)
    editor = _editor(driver)
    editor.load_level(load_level(path, RULES))
    return editor


def _press(*ids: str) -> Callable[[Driver], None]:
    def open_it(driver: Driver) -> None:
        for button_id in ids:
            driver.press(button_id)

    return open_it


def _then(first: Callable[[Driver], Any], *ids: str) -> Callable[[Driver], None]:
    def open_it(driver: Driver) -> None:
        first(driver)
        for button_id in ids:
            driver.press(button_id)

    return open_it


SCREENS: dict[str, tuple[str, Callable[[Driver], Any]]] = {
    # a screen: (the scene's name, how to open it)
    "menu": ("menu", _with_a_save),
    "new game": ("newgame", _press("new_game")),
    "new game, two players": (
        "newgame",
        lambda driver: (
            driver.press("new_game"),
            driver.click(driver.top.opponent.rects[1].center),
        ),
    ),
    "new game from the editor": ("newgame", _new_game_from_editor),
    "level select": ("levelselect", _press("new_game", "choose_level")),
    "match": ("match", _match),
    "restart?": ("dialog", _then(_match, "restart")),
    "computer stuck": ("dialog", lambda driver: _match(driver).ai_failed("a test failure")),
    "pause": ("pause", lambda driver: (_match(driver), driver.key(pygame.K_ESCAPE))),
    "save as": (
        "saveas",
        lambda driver: (_match(driver), driver.key(pygame.K_ESCAPE), driver.press("save_as")),
    ),
    "results": ("results", _results),
    "analysis": ("analysis", lambda driver: (_results(driver), driver.press("analyse"))),
    "load": ("load", lambda driver: (_with_a_save(driver), driver.press("load"))),
    "delete save?": (
        "dialog",
        lambda driver: (_with_a_save(driver), driver.press("load"), driver.press("delete")),
    ),
    "options": ("options", _press("options")),
    "statistics": ("statistics", lambda driver: (_with_a_record(), driver.press("statistics"))),
    "reset statistics?": (
        "dialog",
        lambda driver: (_with_a_record(), driver.press("statistics"), driver.press("reset")),
    ),
    "rules": ("rules", _press("help")),
    "rules, last page": ("rules", lambda driver: (driver.press("help"), driver.top.turn_to(99))),
    "rules over a game": ("rules", lambda driver: (_match(driver), driver.key(pygame.K_F1))),
    "about": ("about", _press("about")),
    "error": ("error", _error),
    "damaged settings": ("dialog", _damaged_settings),
    "editor": ("editor", _editor),
    "editor, a custom level": ("editor", _custom_level),
    "not playable": ("dialog", _validation("x--4/---4/---4/7/4---/4---/4--o x 0 1")),
    "unusual level": ("dialog", _validation(CORNER_BLOCK)),
    "save as level": ("dialog", _then(_editor, "save_level")),
    "standard levels": ("levelpicker", _then(_editor, "standard_levels")),
    "my levels": ("levelpicker", _then(_custom_level, "open_custom")),
    "delete level?": ("dialog", _then(_custom_level, "delete")),
    "leave the editor?": (
        "dialog",
        lambda driver: (
            _editor(driver).draft.set_position(CORNER_BLOCK),
            driver.press("cancel"),
        ),
    ),
}
