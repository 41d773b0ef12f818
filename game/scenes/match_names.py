"""How the screens name the players of a match: a person by name or seat, the computer with its level, an engine."""

from __future__ import annotations

from typing import Any, Protocol

from game.ai.api import GameAI
from game.engine.match import Match, Player
from game.i18n import tr
from game.ui.lang import player_label, seat_name
from game.ui.settings import GameSettings

__all__ = ["MatchPlayers", "PlayerNames"]


class MatchPlayers(Protocol):
    """Who plays a screen's match: its players, the computer's AI, and the settings with its levels and the
    engines the player added (the names, the computer's turns and the engines' failures read these)."""

    match: Match[Any, Any]
    ai: GameAI | None

    @property
    def game_settings(self) -> GameSettings: ...


class PlayerNames:
    """Names the players of ``host``'s match, live (a save or a swap changes who plays)."""

    def __init__(self, host: MatchPlayers) -> None:
        self.host = host

    def player(self, seat: int, *, stacked: bool = False) -> str:
        """How the screens name the player of ``seat``.

        ``stacked``: a name too wide for one line says the computer and its level on two lines
        ("Computer" over "Master") rather than wrapping after the dot.
        """
        player = self.host.match.player(seat)
        if player.is_human:
            return player_label(player.name) if player.name else seat_name(seat)
        if player.engine is not None:
            return self.engine(player)
        level = self._level_name(player.level)
        if stacked and level:
            return f"{tr('Computer')}\n{level}"
        return self._computer(level)

    def computers(self) -> list[str]:
        """The computer's name at each of its levels, as ``player`` gives it (slots fit the longest)."""
        ai = self.host.ai
        if ai is None:
            return []
        engines = [self.engine(player) for player in self.host.match.players if player.engine is not None]
        return [self._computer(tr(level.name)) for level in ai.levels] + engines

    def engine(self, player: Player) -> str:
        """The name of the engine (another program) that plays for ``player``: the one it gave when it was
        added, kept with the game (so a save names it after the engine is removed)."""
        if player.name:
            return str(player.name)
        entry = self.host.game_settings.find_engine(player.engine)
        return entry.name if entry is not None else tr("Engine")

    @staticmethod
    def _computer(level: str) -> str:
        return tr("Computer · {level}", level=level) if level else tr("Computer")

    def _level_name(self, key: str | None) -> str:
        ai = self.host.ai
        if key is None or ai is None:
            return ""
        try:
            return tr(ai.level(key).name)
        except ValueError:
            return key
