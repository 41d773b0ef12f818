"""What the match screen keeps on disk as the game goes: the autosave, named saves and the statistics.

``MatchKeeper.update`` runs every frame of a ``MatchScene``. When the match's
history changes (a move, an undo, a redo) or it ends without a move (a
resignation) the game is autosaved (one autosave per game), so "Continue"
resumes it after a quit or a crash; a finished game removes its autosave. When a match ends, its record goes into that game's
statistics — once per match: taking moves back after the end and finishing
again does not count the game twice, and a saved game that was already over
when loaded is not counted.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from game.engine import saves
from game.engine.levels import LevelInfo
from game.engine.match import Match
from game.engine.stats import Statistics, record_for
from game.i18n import tr
from game.scenes.services import ComputerServices, FileServices, SceneServices

__all__ = ["KeeperHost", "MatchKeeper"]

log = logging.getLogger(__name__)


def _signature(match: Match[Any, Any]) -> tuple[int, int, str, bool]:
    """What changes when the game does: a move, an undo or a redo, and an end without a move (a resignation)."""
    moves = match.moves
    return len(moves), len(match.redo_moves), str(moves[-1]) if moves else "", match.is_over


class KeeperServices(SceneServices, FileServices, ComputerServices, Protocol):
    """What keeping a match uses of the app: the sound, the files it writes, the run's options (no autosave
    in a demonstration)."""


class KeeperHost(Protocol):
    """The match screen as its keeper sees it: the match, its level, and whether the game is the player's."""

    @property
    def app(self) -> KeeperServices: ...

    match: Match[Any, Any]
    level: LevelInfo
    persistent: bool

    def say(self, message: str, seconds: float = 1.6) -> None: ...


class MatchKeeper:
    """Autosaves a match screen's match after every change, saves it by name, and records it once finished."""

    def __init__(self, scene: KeeperHost) -> None:
        self.scene = scene
        self.match: Match[Any, Any] | None = None
        self.signature: tuple[int, int, str, bool] | None = None
        self.recorded = False
        self.save_name: str | None = None
        """The name the game was saved or loaded under (Save writes there again)."""
        self.recorded_count = 0

    @property
    def enabled(self) -> bool:
        """Demonstrations (screenshots) and the kiosk's attract mode never touch the player's files."""
        return not self.scene.app.options.demo and self.scene.persistent

    def adopt(self, match: Match[Any, Any], save_name: str | None) -> None:
        """Take over a loaded ``match``: not autosaved until it changes, not counted if already over."""
        self.match = match
        self.signature = _signature(match)
        self.recorded = match.is_over
        self.save_name = save_name

    def update(self) -> None:
        """Autosave and record as needed (cheap when nothing changed)."""
        match = self.scene.match
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
            saves.write_autosave(self.scene.match, level_name=self.scene.level.name)
        except OSError as error:
            self.scene.app.write_failed("autosave", error)

    def save_as(self, name: str) -> bool:
        """Save the game under ``name``; the note on screen says where, or why not."""
        scene = self.scene
        try:
            path = saves.save_game(name, scene.match, level_name=scene.level.name)
        except (saves.SaveError, OSError) as error:
            log.warning("save failed: %s", error)
            scene.say(tr("Could not save: {reason}", reason=saves_reason(error)), 2.5)
            scene.app.audio.play("invalid")
            return False
        self.save_name = path.stem
        scene.say(tr("Saved as “{name}”", name=path.stem), 1.8)
        scene.app.audio.play("select")
        return True

    def record(self) -> None:
        """Add the finished match to its game's statistics."""
        if not self.enabled:
            return
        match = self.scene.match
        if not match.has_human:
            return
        try:
            statistics = Statistics.load(match.rules.key)
            statistics.add(record_for(match, level_name=self.scene.level.name))
            statistics.save()
            self.recorded_count += 1
        except OSError as error:
            self.scene.app.write_failed("statistics", error)


def saves_reason(error: BaseException) -> str:
    """Why a save or a load failed, in the player's language: a write's reason (permission, disk full...) or a
    damaged file's (see ``game.scenes.saveload``)."""
    from game.ui.lang import explain_file_error, explain_write_error

    if isinstance(error, OSError):
        return explain_write_error(error)
    return explain_file_error(str(error))
