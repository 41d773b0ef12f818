"""Who plays a seat: a person, or the computer at a level of the game's AI or as an engine the player added."""

from __future__ import annotations

import dataclasses
import enum

__all__ = ["ENGINE_LEVEL_PREFIX", "Player", "PlayerKind", "engine_key", "engine_level"]


ENGINE_LEVEL_PREFIX = "engine:"
"""How a computer player's level names an engine the player added (another program), not a level of the
game's own AI: ``engine:<the engine's key in the settings>``. The player's name is the engine's."""


def engine_level(key: str) -> str:
    """The level of a computer player that is the engine ``key``.

    >>> engine_level("1f2e"), engine_key("engine:1f2e"), engine_key("master"), engine_key(None)
    ('engine:1f2e', '1f2e', None, None)
    """
    return ENGINE_LEVEL_PREFIX + key


def engine_key(level: str | None) -> str | None:
    """The engine's key when ``level`` names an engine (``engine_level``; ``""`` for one not chosen yet),
    else ``None``."""
    if level is None or not level.startswith(ENGINE_LEVEL_PREFIX):
        return None
    return level[len(ENGINE_LEVEL_PREFIX) :]


class PlayerKind(enum.Enum):
    """Who plays a seat."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclasses.dataclass(frozen=True)
class Player:
    """A seat's player: a person, or the computer at a difficulty level (a level key)."""

    kind: PlayerKind
    level: str | None = None
    name: str = ""

    @classmethod
    def human(cls, name: str = "") -> Player:
        """A person at this machine."""
        return cls(PlayerKind.HUMAN, None, name)

    @classmethod
    def computer(cls, level: str, name: str = "") -> Player:
        """The computer playing at ``level`` (a key of the game's AI levels)."""
        return cls(PlayerKind.COMPUTER, level, name)

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind is PlayerKind.HUMAN

    @property
    def engine(self) -> str | None:
        """The key of the engine (another program) that plays this seat, or ``None`` (a person, our AI)."""
        return None if self.is_human else engine_key(self.level)
