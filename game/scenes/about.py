"""About: the version (from pyproject.toml), the credits and where the player's files are."""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from typing import Protocol

import pygame

from game import paths
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.services import KioskServices, SceneServices
from game.ui import gfx, theme
from game.ui.textbox import Paragraph, draw_column, draw_text, elide_middle
from game.ui.widgets import Button, WidgetGroup

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


class AboutServices(SceneServices, KioskServices, Protocol):
    """What the about screen uses of the app: the scenes', and whether it runs as a kiosk (no file locations
    shown)."""


class AboutScene(Scene):
    """The version and the credits."""

    app: AboutServices

    name = "about"

    def __init__(self, app: AboutServices) -> None:
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
        rect = self.panel_rect
        subtitle = pygame.Rect(self.px(20), self.px(92), width - self.px(40), rect.y - self.px(92))
        draw_text(surface, ui, line, "body", self.px(18), theme.ACCENT_2, subtitle, bold=True, align="center")
        gfx.panel(surface, rect, radius=self.px(16))
        paragraphs: list[Paragraph] = []
        for heading, lines in CREDITS:
            paragraphs.append(
                Paragraph(
                    tr(heading).upper(), self.px(14), theme.ACCENT, "title", bold=True, after=self.px(6)
                )
            )
            paragraphs += [Paragraph(tr(text), self.px(16), theme.TEXT) for text in lines]
            paragraphs[-1] = dataclasses.replace(paragraphs[-1], after=self.px(12))
        if not self.app.kiosk:  # a kiosk shows visitors nothing of its files
            column_w = rect.width - self.px(52)
            # The folder on a line of its own, its middle left out if too long: its start and its name say
            # where it is.
            folder = elide_middle(ui, str(paths.user_data_dir(create=False)), "body", self.px(14), column_w)
            note = tr("Your saves, settings and statistics are kept in this folder:")
            paragraphs.append(Paragraph(note, self.px(14), theme.TEXT_DIM))
            paragraphs.append(Paragraph(folder, self.px(14), theme.TEXT_DIM))
        draw_column(surface, ui, paragraphs, rect.inflate(-self.px(52), -self.px(40)), container=rect)
        self.widgets.draw(surface, ui)
