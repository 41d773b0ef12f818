"""Every text on every screen fits its area and covers no other text, in English and French, small to large.

Each screen is opened with the Driver (see ``screens.py``; the ``--demo``
set-ups add screens full of saves, statistics and games in progress) and one
frame is drawn with the theme recording every line of text drawn through
``game.ui.textbox``: its box, and the area it must stay in (its button, card,
panel). A line fails when it leaves the window or its area, or when its box
meets the box of another line drawn by the same scene (an overlay's text is
compared with the overlay's only: it is drawn over the scene beneath on
purpose).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from screens import SCREENS

from game.engine.ataxx import Move
from game.engine.ataxx.rules import RULES
from game.engine.levels import shipped_levels
from game.engine.match import Match, MatchConfig, Player
from game.i18n import set_language
from game.scenes.demo import DEMOS
from game.scenes.driver import Driver
from game.scenes.resume import open_match
from game.ui.settings import Settings
from game.ui.theme import DrawnText

SIZES = [(640, 480), (1024, 768), (1920, 1080)]
LANGUAGES = ["en", "fr"]


def _two_computers(driver: Driver) -> None:
    """Names of different lengths in the two player cards (they share one size)."""
    players = (Player.computer("beginner"), Player.computer("casual"))
    open_match(driver.app, Match(RULES, players=players), "Classic")


def _keypad_error(driver: Driver) -> None:
    """The keypad's error line: a square typed that holds no piece of the player's."""
    driver.app.router.push(
        "match",
        MatchConfig(vs_computer=True, level="casual", human_seat=0, first=0),
        shipped_levels(RULES)[0],
    )
    driver.frames(1)
    for key, char in ((pygame.K_4, "4"), (pygame.K_4, "4")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
        driver.frames(1)


def _attangle_match(driver: Driver) -> None:
    driver.app.choose_game("attangle")
    driver.app.router.reset("menu")
    driver.press("new_game")
    driver.press("choose_level")
    driver.top.play(0)


def _over(driver: Driver) -> None:
    """A finished match left on screen: the status says who won and why."""
    driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    scene = driver.top
    scene.results_shown = True
    scene.match = Match(
        RULES, "xxxxxx1/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 1", scene.match.players
    )
    scene.match.play(Move.from_uai("g7"))


def _demo(name: str, game: str = "ataxx") -> tuple[str, dict[str, Any]]:
    return name, {"demo": name, "game": game}


EXTRA: dict[str, tuple[str, Callable[[Driver], Any]]] = {
    "match, two computers": ("match", _two_computers),
    "match, keypad error": ("match", _keypad_error),
    "match, over": ("match", _over),
    "attangle match": ("match", _attangle_match),
    "attangle menu": (
        "menu",
        lambda driver: (driver.app.choose_game("attangle"), driver.app.router.reset("menu")),
    ),
    "attangle rules, last page": (
        "rules",
        lambda driver: (driver.app.choose_game("attangle"), driver.press("help"), driver.top.turn_to(99)),
    ),
}

DEMO_SCREENS: dict[str, tuple[str, dict[str, Any]]] = {
    **{f"demo {name}": _demo(name) for name in DEMOS if name != "attract"},
    **{
        f"demo {name}": _demo(name)
        for name in ("keypad", "cursor", "editor", "editor-problems", "editor-save", "editor-open")
    },
    "demo attangle play": _demo("attangle", "attangle"),
    "demo attangle grand": _demo("grand", "attangle"),
    "demo attangle results": _demo("results", "attangle"),
    "demo attangle rules": _demo("rules", "attangle"),
}

ALL = sorted([*SCREENS, *EXTRA, *DEMO_SCREENS])


def _open(screen: str, size: tuple[int, int]) -> Driver:
    if screen in DEMO_SCREENS:
        _, options = DEMO_SCREENS[screen]
        return Driver.fast(size=size, **options)
    driver = Driver.fast(size=size)
    driver.frames(1)
    _, open_screen = SCREENS.get(screen) or EXTRA[screen]
    open_screen(driver)
    return driver


def _drawn(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, DrawnText]]:
    """Every line of text of one frame, with the scene that drew it."""
    app = driver.app
    drawn: list[DrawnText] = []
    owners: list[tuple[int, str]] = []
    original = app.stack.call

    def call(scene: Any, method: str, *args: Any) -> Any:
        if method == "draw":
            owners.append((len(drawn), scene.name))
        return original(scene, method, *args)

    monkeypatch.setattr(app.stack, "call", call)
    app.theme.drawn = drawn
    try:
        app.draw()
    finally:
        app.theme.drawn = None
        monkeypatch.setattr(app.stack, "call", original)
    texts: list[tuple[str, DrawnText]] = []
    for index, text in enumerate(drawn):
        layer = max(number for number, (start, _) in enumerate(owners) if start <= index)
        texts.append((f"{layer}:{owners[layer][1]}", text))
    return texts


def _on_screen(text: DrawnText, screen: pygame.Surface) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The line's box and its area in window coordinates; None when drawn off screen (a cached picture)."""
    surface = text.surface
    if surface is not screen and surface.get_abs_parent() is not screen:
        return None
    dx, dy = surface.get_abs_offset()
    return text.rect.move(dx, dy), text.container.move(dx, dy)


def problems(texts: list[tuple[str, DrawnText]], screen: pygame.Surface) -> list[str]:
    """What is wrong with the lines drawn: out of the window, out of their area, over one another."""
    window = screen.get_rect()
    found: list[str] = []
    placed: list[tuple[str, str, pygame.Rect]] = []
    for owner, text in texts:
        where = _on_screen(text, screen)
        if where is None:
            continue
        box, area = where
        if not window.contains(box):
            found.append(f"{text.text!r} {box} leaves the window {window.size}")
        elif not area.inflate(2, 2).contains(box):
            found.append(f"{text.text!r} {box} leaves its area {area}")
        for other_owner, other_text, other in placed:
            overlap = box.clip(other)
            if other_owner == owner and overlap.width > 1 and overlap.height > 1:
                found.append(f"{text.text!r} {box} covers {other_text!r} {other}")
        placed.append((owner, text.text, box))
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", ALL)
def test_every_text_fits_and_stands_alone(
    screen: str,
    language: str,
    size: tuple[int, int],
    user_data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = Settings.load()
    settings.language = language
    settings.save()
    driver = _open(screen, size)
    try:
        driver.frames(40)  # every appearing animation is over
        texts = _drawn(driver, monkeypatch)
        assert texts, f"{screen}: no text drawn"
        found = problems(texts, driver.app.screen)
        assert not found, f"{screen} ({language}, {size[0]}x{size[1]}):\n" + "\n".join(found)
    finally:
        driver.app.close()
        set_language("en")
