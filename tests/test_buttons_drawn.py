"""Every screen draws every button it lets the player press (About's Back once was not drawn).

For each screen, at the default window size and at the smallest one: every
visible button has a non-empty rectangle inside the window, no other visible
button covers it, and the frame differs inside that rectangle from the same
frame drawn with the button hidden (so something of the button is on screen,
not under another layer).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from screens import SCREENS

from game.app import DEFAULT_SIZE, MIN_SIZE, App
from game.driver import Driver
from game.ui.widgets import Button

pytestmark = pytest.mark.usefixtures("compiled_search")  # these tests search


def _buttons(scene: Any) -> list[Button]:
    """The buttons of ``scene`` the player can see (its own, and its panel's)."""
    groups = [getattr(scene, "widgets", None), getattr(getattr(scene, "panel", None), "widgets", None)]
    return [button for group in groups if group is not None for button in group.buttons if button.visible]


def _frame(app: App) -> pygame.Surface:
    app.draw()
    return app.screen.copy()


@pytest.mark.parametrize("size", [DEFAULT_SIZE, MIN_SIZE], ids=["default", "smallest"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_visible_button_is_drawn_inside_the_window(
    screen: str, size: tuple[int, int], user_data_dir: Path
) -> None:
    driver = Driver.fast(size=size)
    app = driver.app
    try:
        driver.frames(1)
        name, open_screen = SCREENS[screen]
        open_screen(driver)
        driver.frames(40)  # every appearing animation is over
        scene = app.top
        assert scene is not None and scene.name == name, [s.name for s in app.stack.scenes]
        buttons = _buttons(scene)
        assert buttons, f"{screen}: no button to press"
        window = app.screen.get_rect()
        assert window.size == size
        for button in buttons:
            assert button.rect.width > 0 and button.rect.height > 0, f"{screen}: {button.id} has no size"
            assert window.contains(button.rect), f"{screen}: {button.id} {button.rect} is outside {window}"
            for other in buttons:
                if other is not button:
                    assert not button.rect.colliderect(other.rect), (
                        f"{screen}: {button.id} overlaps {other.id}"
                    )
        shown = _frame(app)
        for button in buttons:
            button.visible = False
            try:
                hidden = _frame(app)
            finally:
                button.visible = True
            area = button.rect
            same = pygame.image.tobytes(shown.subsurface(area), "RGB") == pygame.image.tobytes(
                hidden.subsurface(area), "RGB"
            )
            assert not same, f"{screen}: {button.id} ({button.label!r}) is not drawn"
        assert _frame(app).get_size() == size
    finally:
        app.close()
