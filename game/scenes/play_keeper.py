"""What the play screen keeps on disk as the game goes: the autosave and the statistics.

``MatchKeeper.update`` runs every frame of a ``PlayScene``. When the match's
history changes (a move, an undo, a redo) the game is autosaved, so
"Continue" resumes it after a quit or a crash; a finished game removes the
autosave. When a match ends, its record goes into the statistics — once per
match: taking moves back after the end and finishing again does not count the
game twice, and a saved game that was already over when loaded is not counted.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game import saves
from game.engine.match import Match
from game.stats import Statistics, record_for

if TYPE_CHECKING:
    from game.scenes.play import PlayScene

__all__ = ["MatchKeeper"]

log = logging.getLogger(__name__)


def _signature(match: Match) -> tuple[int, int, str]:
    moves = match.moves
    return len(moves), len(match.redo_moves), str(moves[-1]) if moves else ""


class MatchKeeper:
    """Autosaves a play screen's match after every change and records it once finished."""

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.match: Match | None = None
        self.signature: tuple[int, int, str] | None = None
        self.recorded = False
        self.save_name: str | None = None
        """The name the game was saved or loaded under (Save writes there again)."""
        self.recorded_count = 0

    @property
    def enabled(self) -> bool:
        """Demonstrations (screenshots) and the kiosk's attract mode never touch the player's files."""
        return not self.play.app.options.demo and getattr(self.play, "persistent", True)

    def adopt(self, match: Match, save_name: str | None) -> None:
        """Take over a loaded ``match``: not autosaved until it changes, not counted if already over."""
        self.match = match
        self.signature = _signature(match)
        self.recorded = match.is_over
        self.save_name = save_name

    def update(self) -> None:
        """Autosave and record as needed (cheap when nothing changed)."""
        match = self.play.match
        if match is not self.match:  # a new game (restart, rematch): a fresh start
            self.match = match
            self.signature = _signature(match)
            self.recorded = match.is_over
            self.save_name = None
        signature = _signature(match)
        if signature != self.signature:
            self.signature = signature
            self.autosave()
        if match.is_over and not self.recorded:
            self.recorded = True
            self.record()

    def autosave(self) -> None:
        """Write the autosave now (a finished game removes it)."""
        if not self.enabled:
            return
        try:
            saves.write_autosave(self.play.match, level_name=self.play.level.name)
        except OSError as error:
            log.warning("autosave failed: %s", error)

    def record(self) -> None:
        """Add the finished match to the statistics file."""
        if not self.enabled:
            return
        match = self.play.match
        if all(not player.is_human for player in match.players):
            return
        try:
            statistics = Statistics.load()
            statistics.add(record_for(match, level_name=self.play.level.name))
            statistics.save()
            self.recorded_count += 1
        except (OSError, ValueError) as error:
            log.warning("statistics not recorded: %s", error)
