"""Keyboard navigation for the screens before a game: new game and level select.

Each helper belongs to one scene and sees its events first. Up and Down (or
Tab) walk the rows, Left and Right change the choice in a row, Enter goes on
and Esc goes back (the scenes' own Back buttons). The focused row wears a
pulsing outline so a person without a mouse always knows where they are.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import theme

if TYPE_CHECKING:
    from game.scenes.levelselect import LevelSelectScene
    from game.scenes.newgame import NewGameScene
    from game.ui.widgets import Choice

__all__ = ["LevelSelectKeys", "NewGameKeys", "draw_focus"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, time_s: float, radius: int) -> None:
    """A pulsing keyboard-focus outline around ``rect``."""
    glow = 0.5 + 0.5 * math.sin(time_s * 5)
    outline = rect.inflate(8, 8)
    colour = theme.lerp_colour(theme.ACCENT, (255, 255, 255), 0.35 * glow)
    pygame.draw.rect(surface, colour, outline, 2, border_radius=radius + 4)
    faint = outline.inflate(6, 6)
    layer = pygame.Surface(faint.size, pygame.SRCALPHA)
    pygame.draw.rect(
        layer, (*theme.ACCENT, int(40 + 50 * glow)), layer.get_rect(), 3, border_radius=radius + 7
    )
    surface.blit(layer, faint.topleft)


class NewGameKeys:
    """Rows of the new-game screen: the choices, the computer level, then Back / Choose level."""

    def __init__(self, scene: NewGameScene) -> None:
        self.scene = scene
        self.row: int | None = None
        """Index into ``rows()``; None until the keyboard is used."""
        self.on_back = False
        """On the buttons row: whether Back (rather than Choose level) has the focus."""

    def rows(self) -> list[str]:
        """The focusable rows, top to bottom, for the current opponent."""
        if self.scene.config.vs_computer:
            return ["opponent", "starts", "colour", "level", "buttons"]
        return ["opponent", "first", "buttons"]

    def _choice(self, name: str) -> Choice | None:
        scene = self.scene
        return {
            "opponent": scene.opponent,
            "starts": scene.starts,
            "colour": scene.colour,
            "first": scene.two_player_first,
        }.get(name)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Arrows, Tab and Enter; True when consumed."""
        if event.type == pygame.MOUSEMOTION and self.row is not None:
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        rows = self.rows()
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            step = -1 if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT) else 1
            if self.row is None:
                self.row = 0
            else:
                self.row = (min(self.row, len(rows) - 1) + step) % len(rows)
            self._sync_buttons()
            self.scene.app.audio.play("select")
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.row is None:
                self.row = 0
            self._change(rows[min(self.row, len(rows) - 1)], 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in _ENTER:
            if self.row is not None and rows[min(self.row, len(rows) - 1)] == "buttons" and self.on_back:
                self.scene.button("Back").action()
            else:
                self.scene.button("Choose level").action()
            return True
        return False

    def _change(self, row: str, step: int) -> None:
        scene = self.scene
        if row == "buttons":
            self.on_back = step < 0
            self._sync_buttons()
            return
        if row == "level":
            from game.ai.ataxx.levels import LEVELS

            keys = [level.key for level in LEVELS]
            index = keys.index(scene.config.level) if scene.config.level in keys else 0
            scene.choose_level(keys[max(0, min(len(keys) - 1, index + step))])
            return
        choice = self._choice(row)
        if choice is None:
            return
        values = [value for _, value in choice.options]
        index = values.index(choice.value) if choice.value in values else 0
        value = values[max(0, min(len(values) - 1, index + step))]
        if value != choice.value:
            choice.value = value
            choice.on_change(value)

    def _sync_buttons(self) -> None:
        widgets = self.scene.widgets
        rows = self.rows()
        on_buttons = self.row is not None and rows[min(self.row, len(rows) - 1)] == "buttons"
        if on_buttons:
            widgets._set_focus(0 if self.on_back else 1)
        else:
            widgets._set_focus(None)

    def draw(self, surface: pygame.Surface) -> None:
        """The focus outline around the row in focus (the buttons show their own)."""
        if self.row is None:
            return
        scene = self.scene
        rows = self.rows()
        row = rows[min(self.row, len(rows) - 1)]
        rect: pygame.Rect | None = None
        if row == "level":
            rect = next((r for r, key in scene.level_rects if key == scene.config.level), None)
        else:
            choice = self._choice(row)
            if choice is not None and choice.rects:
                rect = choice.rects[0].unionall(choice.rects[1:])
        if rect is not None:
            draw_focus(surface, rect, scene.time, scene.px(10))


class LevelSelectKeys:
    """Arrows move between the level cards (row by row), Enter plays the one in focus."""

    def __init__(self, scene: LevelSelectScene) -> None:
        self.scene = scene

    def _columns(self) -> int:
        cards = self.scene.cards
        if not cards:
            return 1
        first_y = cards[0][0].y
        return max(1, sum(1 for rect, _ in cards if rect.y == first_y))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Arrows and Enter; True when consumed."""
        if event.type != pygame.KEYDOWN:
            return False
        scene = self.scene
        count = len(scene.cards)
        if not count:
            return False
        steps = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self._columns(),
            pygame.K_DOWN: self._columns(),
            pygame.K_TAB: -1 if event.mod & pygame.KMOD_SHIFT else 1,
        }
        if event.key in steps:
            if scene.hover is None:
                scene.hover = 0
            else:
                scene.hover = max(0, min(count - 1, scene.hover + steps[event.key]))
            self._scroll_to(scene.hover)
            scene.app.audio.play("select")
            return True
        if event.key in _ENTER:
            if scene.hover is None:
                scene.hover = 0
                self._scroll_to(0)
            else:
                scene.play(scene.hover)
            return True
        return False

    def _scroll_to(self, index: int) -> None:
        scene = self.scene
        rect = scene.cards[index][0]
        top = rect.top - scene.view.top
        bottom = rect.bottom - scene.view.top
        if top < scene.scroll:
            scene.scroll = max(0, top)
        elif bottom > scene.scroll + scene.view.height:
            scene.scroll = min(scene.max_scroll, bottom - scene.view.height)
