"""About: the version (from pyproject.toml), the credits and where the player's files are."""

from __future__ import annotations

import functools
import tomllib
from typing import TYPE_CHECKING

import pygame

from game import paths
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["CREDITS", "AboutScene", "version"]

# (heading, lines): English keys, translated when drawn; names stay as they are.
CREDITS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Fonts",
        ("Orbitron and Exo 2, under the SIL Open Font License 1.1 (licence texts in assets/fonts).",),
    ),
    (
        "Rules and ideas",
        (
            "The Attax 2000 manual (Frédéric Dubois, 1999): rules, levels, menus.",
            "A survey of Ataxx rules and settings (1997): early finish, statistics, piece sets.",
            "A terminal Ataxx assignment: keypad move codes. Rules of Attangle by Dieter Stein.",
        ),
    ),
    (
        "Checked against",
        ("python-ataxx and libataxx: move generation, perft figures and PGN files are compared with them.",),
    ),
    ("Made with", ("Python, pygame-ce and numpy.",)),
)


@functools.cache
def version() -> str:
    """The game's version, from pyproject.toml ("?" if it cannot be read)."""
    try:
        data = tomllib.loads((paths.source_root() / "pyproject.toml").read_text(encoding="utf-8"))
        return str(data["project"]["version"])
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return "?"


class AboutScene(Scene):
    """The version and the credits."""

    name = "about"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup([Button("back", "Back", self._back, key=pygame.K_ESCAPE, primary=True)])
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel_rect = pygame.Rect(0, 0, min(width - self.px(40), self.px(820)), height - self.px(230))
        self.panel_rect.midtop = (width // 2, self.px(140))
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(0, 0, self.px(200), self.px(48))
        back.rect.midbottom = (width // 2, height - self.px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _ = surface.get_size()
        self.draw_screen_title(surface, "ATTAX ARCADE", size=52, y=56, spread=10)
        line = tr("Version {version}  ·  strategy games against the computer or a friend", version=version())
        sub = ui.text(line, "body", self.px(18), theme.ACCENT_2, bold=True)
        surface.blit(sub, sub.get_rect(center=(width // 2, self.px(106))))
        rect = self.panel_rect
        gfx.panel(surface, rect, radius=self.px(16))
        x = rect.x + self.px(26)
        y = rect.y + self.px(20)
        text_w = rect.width - self.px(52)
        size = self.px(16)
        line_h = int(ui.font("body", size).get_linesize() * 1.05)
        for heading, lines in CREDITS:
            surface.blit(ui.text(tr(heading).upper(), "title", self.px(14), theme.ACCENT, bold=True), (x, y))
            y += self.px(24)
            for text in lines:
                for wrapped in ui.wrap(tr(text), "body", size, text_w):
                    surface.blit(ui.text(wrapped, "body", size, theme.TEXT), (x, y))
                    y += line_h
            y += self.px(10)
        folder = str(paths.user_data_dir(create=False))
        note = tr("Your saves, settings and statistics are kept in {folder}", folder=folder)
        for wrapped in ui.wrap(note, "body", self.px(14), text_w):
            if y > rect.bottom - self.px(20):
                break
            surface.blit(ui.text(wrapped, "body", self.px(14), theme.TEXT_DIM), (x, y))
            y += int(line_h * 0.9)
        self.widgets.draw(surface, ui)
