"""The in-game menu: resume, save, save as, load, restart, options, rules, quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scenes.dialog import Dialog
from game.ui.lang import tr_data

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.play import PlayScene

__all__ = ["PauseScene"]


class PauseScene(Dialog):
    """Pauses the game beneath (its clock stops) until Resume."""

    def __init__(self, app: App, play: PlayScene) -> None:
        self.play = play
        super().__init__(
            app,
            tr("Paused"),
            [self._subtitle()],
            [
                ("Resume", self._resume),
                ("Save", self._save),
                ("Save as", self._save_as),
                ("Load game", self._load),
                ("Restart", self._restart),
                ("Options", self._options),
                ("Rules", self._rules),
                ("Quit to menu", self._quit),
            ],
            width=560,
        )
        self.escape_action = self._resume

    def _subtitle(self) -> str:
        match = self.play.match
        return tr("{level} · move {number}", level=tr_data(self.play.level.name), number=match.ply + 1)

    def retranslate(self) -> None:
        """Called when the language changes while the menu is open."""
        self.title = tr("Paused")
        self.lines = [self._subtitle()]
        self._layout_size = None

    def resume(self) -> None:
        self.retranslate()

    def layout(self, size: tuple[int, int]) -> None:
        """Resume across the top, the other buttons in two columns beneath."""
        super().layout(size)
        buttons = [b for b in self.widgets.buttons if b.visible]
        gap = self.px(12)
        button_h = self.px(44)
        rows = 1 + (len(buttons) - 1 + 1) // 2
        height = (
            self.px(92) + len(self._wrapped) * int(self.px(19) * 1.35) + rows * (button_h + gap) + self.px(24)
        )
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

    def _resume(self) -> None:
        self.app.pop()

    def _restart(self) -> None:
        self.app.pop()
        self.play.restart()

    def _save(self) -> None:
        self.app.pop()
        self.play.save()

    def _save_as(self) -> None:
        from game.scenes.saveload import SaveAsScene

        self.app.push(SaveAsScene(self.app, self.play))

    def _load(self) -> None:
        from game.scenes.saveload import LoadScene

        self.app.push(LoadScene(self.app))

    def _rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, overlay=True))

    def _options(self) -> None:
        from game.scenes.options import OptionsScene

        self.app.push(OptionsScene(self.app))

    def _quit(self) -> None:
        from game.scenes.menu import MenuScene

        if not self.app.pop_to(MenuScene):
            self.app.reset(MenuScene(self.app))
