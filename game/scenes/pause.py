"""The in-game menu: resume, restart, options, quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.scenes.dialog import Dialog

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
            "Paused",
            [f"{play.level.name} · move {play.match.ply + 1}"],
            [
                ("Resume", self._resume),
                ("Restart", self._restart),
                ("Options", self._options),
                ("Quit to menu", self._quit),
            ],
            width=420,
        )
        self.escape_action = self._resume

    def _resume(self) -> None:
        self.app.pop()

    def _restart(self) -> None:
        self.app.pop()
        self.play.restart()

    def _options(self) -> None:
        from game.scenes.options import OptionsScene

        self.app.push(OptionsScene(self.app))

    def _quit(self) -> None:
        from game.scenes.menu import MenuScene

        if not self.app.pop_to(MenuScene):
            self.app.reset(MenuScene(self.app))
