"""The in-game menu: resume, save, save as, load, restart, resign, options, rules, quit to menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import ntr, tr
from game.scenes.dialog import Dialog
from game.ui.lang import level_name

if TYPE_CHECKING:
    from game.scenes.match import MatchScene
    from game.scenes.services import SceneServices

__all__ = ["PauseScene"]


class PauseScene(Dialog):
    """Pauses the game beneath (its clock stops) until Resume."""

    name = "pause"

    def __init__(self, app: SceneServices, scene: MatchScene) -> None:
        self.play = scene
        super().__init__(
            app,
            tr("Paused"),
            [self._subtitle()],
            [
                ("resume", "Resume", self._resume),
                ("save", "Save", self._save),
                ("save_as", "Save as", self._open("saveas", scene)),
                ("load", "Load game", self._open("load")),
                ("restart", "Restart", self._restart),
                ("resign", "Resign", self._resign),
                ("options", "Options", self._open("options")),
                ("rules", "Rules", self._open("rules", overlay=True)),
                ("quit_to_menu", "Quit to menu", app.router.home),
            ],
            width=560,
            escape="resume",
        )
        # For the person to move only, in a game that goes on (the board beneath is still while paused).
        self.widgets["resign"].enabled = scene.can_resign()

    def _subtitle(self) -> str:
        match = self.play.match
        level = level_name(self.play.level)
        if match.is_over:  # said as the saved games say it
            moves = ntr("{count} move", "{count} moves", match.full_moves)
            return tr("{level} · finished, {moves}", level=level, moves=moves)
        return tr("{level} · move {number}", level=level, number=match.move_number)

    def retranslate(self) -> None:
        """Called when the language changes while the menu is open."""
        self.title = tr("Paused")
        self.lines = [self._subtitle()]
        self.relayout()

    def resume(self) -> None:
        self.retranslate()

    def layout(self, size: tuple[int, int]) -> None:
        """Resume across the top, the other buttons in two columns beneath."""
        super().layout(size)
        buttons = [b for b in self.widgets.buttons if b.visible]
        gap = self.px(12)
        button_h = self.px(44)
        rows = 1 + (len(buttons) - 1 + 1) // 2
        height = self._header + rows * (button_h + gap) + self.px(24)
        self.panel_rect.height = min(height, size[1] - self.px(20))
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        inner_w = self.panel_rect.width - self.px(60)
        half = (inner_w - gap) // 2
        x = self.panel_rect.x + self.px(30)
        y = self.panel_rect.bottom - self.px(24) - rows * (button_h + gap) + gap
        buttons[0].rect = pygame.Rect(x, y, inner_w, button_h)
        for index, button in enumerate(buttons[1:]):
            row, column = divmod(index, 2)
            alone = index == len(buttons) - 2 and column == 0  # an odd one out spans both columns
            button.rect = pygame.Rect(
                x + column * (half + gap),
                y + (row + 1) * (button_h + gap),
                inner_w if alone else half,
                button_h,
            )

    def _open(self, name: str, *args: object, **kwargs: object) -> Callable[[], None]:
        def open_scene() -> None:
            self.app.router.push(name, *args, **kwargs)

        return open_scene

    def _resume(self) -> None:
        self.app.stack.pop()

    def _restart(self) -> None:
        # The same question as the panel's Restart: a game in progress is not thrown away unasked.
        self.app.stack.pop()
        self.play.ask_restart()

    def _resign(self) -> None:
        # Asked as on the panel: the safe answer first.
        self.app.stack.pop()
        self.play.ask_resign()

    def _save(self) -> None:
        self.app.stack.pop()
        self.play.save()
