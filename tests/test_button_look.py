"""Buttons: arrow icons drawn as vectors, a smooth face, and rest, hover, focus and press told apart (issue 13).

Undo, Redo, Previous and Next showed ASCII ``<`` and ``>``; the buttons' face
was split in two flat tones at half height; the keyboard focus looked exactly
like the pointer's hover.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from game.driver import Driver
from game.engine.ataxx.rules import RULES
from game.engine.levels import shipped_levels
from game.engine.match import MatchConfig
from game.ui import gfx
from game.ui.widgets import Button

SIZE = (240, 96)
RECT = pygame.Rect(40, 24, 160, 48)


@pytest.fixture
def driver() -> Iterator[Driver]:
    driver = Driver.fast(save_settings=False)
    yield driver
    driver.app.close()


def _drawn(driver: Driver, button: Button, *, settle: bool = True) -> pygame.Surface:
    if settle:
        for _ in range(30):
            button.update(1 / 60)
    surface = pygame.Surface(SIZE)
    surface.fill((10, 12, 30))
    button.draw(surface, driver.app.theme)
    return surface


def _same(first: pygame.Surface, second: pygame.Surface, area: pygame.Rect | None = None) -> bool:
    area = area or first.get_rect()
    return all(
        first.get_at((x, y)) == second.get_at((x, y))
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
    )


def test_arrow_buttons_draw_vector_icons_and_keep_their_ids_and_labels(driver: Driver) -> None:
    play = driver.app.router.push("match", MatchConfig(vs_computer=False), shipped_levels(RULES)[0])
    driver.frames(1)
    buttons = {"undo": "Undo", "redo": "Redo"}
    for button_id, label in buttons.items():
        button = play.panel.widgets[button_id]  # type: ignore[attr-defined]
        assert button.icon in gfx.ICONS and button.label == label
    rules = driver.app.router.push("rules")
    driver.frames(1)
    for button_id in ("previous", "next"):
        button = rules.widgets[button_id]  # type: ignore[attr-defined]
        assert button.icon in gfx.ICONS and button.label == button_id.capitalize()
    for name in gfx.ICONS:
        small, large = gfx.icon(name, 16, (255, 255, 255)), gfx.icon(name, 40, (255, 255, 255))
        assert small.get_size() == (16, 16) and large.get_size() == (40, 40), "icons scale with the button"
        alphas = {large.get_at((x, y)).a for x in range(40) for y in range(40)}
        assert min(alphas) == 0 and max(alphas) >= 250 and len(alphas) > 8, f"{name}: anti-aliased edges"
    # The icon is drawn: the button differs with it from the same button without one.
    with_icon = _drawn(driver, Button("undo", "Undo", lambda: None, icon="undo", rect=RECT.copy()))
    plain = _drawn(driver, Button("undo", "Undo", lambda: None, rect=RECT.copy()))
    assert not _same(with_icon, plain, RECT)


def test_the_face_is_a_smooth_gradient_without_a_split(driver: Driver) -> None:
    surface = _drawn(driver, Button("plain", "", lambda: None, rect=RECT.copy()))
    column = [surface.get_at((RECT.centerx, y)) for y in range(RECT.top + 4, RECT.bottom - 4)]
    levels = [colour.r + colour.g + colour.b for colour in column]
    steps = [abs(b - a) for a, b in itertools.pairwise(levels)]
    # Smooth: no step between two rows stands out from the others (one level of rounding allowed).
    average = sum(steps) / len(steps)
    assert max(steps) <= 2 * average + 1, f"a hard step of {max(steps)} where rows change by {average:.1f}"
    assert levels[0] > levels[-1], "lit from above: lighter at the top than at the bottom"


def test_rest_hover_focus_and_press_look_different(driver: Driver) -> None:
    rest = Button("ok", "OK", lambda: None, rect=RECT.copy())
    hovered = Button("ok", "OK", lambda: None, rect=RECT.copy())
    hovered.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=RECT.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    focused = Button("ok", "OK", lambda: None, rect=RECT.copy(), focused=True)
    pressed = Button("ok", "OK", lambda: None, rect=RECT.copy())
    pressed.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=RECT.center, rel=(0, 0), buttons=(1, 0, 0))
    )
    pressed.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=RECT.center, button=1))
    frames = {name: _drawn(driver, button) for name, button in
              (("rest", rest), ("hover", hovered), ("focus", focused), ("press", pressed))}  # fmt: skip
    names = list(frames)
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            assert not _same(frames[first], frames[second]), f"{first} and {second} look the same"
    # The keyboard focus is a ring around the button: it shows outside the button, where hover has only its glow.
    ring = pygame.Rect(RECT.left - 3, RECT.centery - 2, 2, 4)
    assert not _same(frames["focus"], frames["hover"], ring)
