"""A test play from a level editor: the match screen on the position being edited, then back to the editor.

The real match screen (the game's board, its rules, its dice) with two
people at the screen, so the one making the level plays both sides. It is not
the player's game: nothing is autosaved, saved or counted in the statistics.
Esc and the end of the battle offer to play again or go back to the editor,
which is just beneath.
"""

from __future__ import annotations

from game.engine.levels import LevelInfo
from game.engine.match import MatchConfig
from game.i18n import tr
from game.scenes.match import MatchScene, MatchServices
from game.scenes.results import describe_result
from game.ui import theme
from game.ui.lang import level_name

__all__ = ["TrialScene"]


class TrialScene(MatchScene):
    """The match screen playing ``level`` for a test, two people at the screen."""

    name = "trial"
    persistent = False

    def __init__(self, app: MatchServices, level: LevelInfo) -> None:
        first = app.game.load_rules().first_seat(level.position)
        super().__init__(app, MatchConfig(vs_computer=False, first=first), level)

    def save(self) -> None:
        """A test play is not saved."""
        self.reject(tr("A test play is not saved"))

    def back_to_editor(self) -> None:
        """Close the test play: the editor is beneath."""
        self.computer.cancel()
        self.app.audio.play("click")
        self.app.stack.pop_to("editor")

    def _again(self) -> None:
        self.app.stack.pop()
        self.restart()

    def open_menu(self) -> None:
        """Esc: go on, play again or go back to the editor."""
        self.app.audio.play("click")
        self.app.router.push(
            "dialog",
            tr("Test play"),
            [tr("{level}: you play both sides.", level=level_name(self.level))],
            [
                ("resume", "Resume", None),
                ("again", "Play again", self._again),
                ("back_to_editor", "Back to the editor", self.back_to_editor),
            ],
            accent=theme.GOLD,
            escape="resume",
            default="resume",
        )

    def show_results(self) -> None:
        """The end of the battle: its result, then play again or back to the editor."""
        headline, reason, accent, sound = describe_result(self)
        self.app.audio.play(sound)
        self.app.router.push(
            "dialog",
            headline,
            [reason],
            [
                ("again", "Play again", self._again),
                ("back_to_editor", "Back to the editor", self.back_to_editor),
            ],
            accent=accent,
            default="back_to_editor",
        )
