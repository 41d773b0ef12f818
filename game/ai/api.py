"""What a game's computer opponent offers the AI worker and the screens (design.md, "AI").

Each game has one object implementing ``GameAI`` in ``game/ai/<game>/``
(Ataxx's is ``game.ai.ataxx.player.AI``); ``game.games`` points at it. The
worker hands it a position as text (with its history, see
``game.engine.rules.history_text``) and a level, and gets back one action as
text: a game whose turn is several actions (Lionheart) is asked once per
action, and never sees dice that have not been rolled yet.

Every game offers the same five level keys, weakest first; ``HINT`` is the key
of the level that suggests moves to the player.
"""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Callable, Mapping
from typing import Any, Protocol

__all__ = ["HINT", "LEVEL_KEYS", "GameAI", "Level", "Progress"]

LEVEL_KEYS = ("beginner", "casual", "skilled", "expert", "master")
"""The difficulty levels of every game, weakest first."""
HINT = "hint"
"""The key of the level that gives the player advice."""


@dataclasses.dataclass(frozen=True)
class Level:
    """A difficulty level as the screens show it: key, name and description (English keys for ``tr``).

    ``max_think_time`` is what a move never exceeds (seconds).
    """

    key: str
    name: str
    description: str
    max_think_time: float


@dataclasses.dataclass(frozen=True)
class Progress:
    """One step of a search, as a game reports it while it thinks (depth, score, best line as text)."""

    depth: int
    score: int
    nodes: int
    elapsed: float
    pv: tuple[str, ...] = ()


class GameAI(Protocol):
    """One game's computer opponent (see the module docstring)."""

    levels: tuple[Level, ...]
    """The five levels, weakest first (keys: ``LEVEL_KEYS``)."""
    hint_level: Level
    """The level of the hint (key ``HINT``)."""

    def level(self, key: str) -> Level:
        """The level called ``key`` (the hint's included); ``ValueError`` naming the levels otherwise."""
        ...

    def choose(
        self,
        position: str,
        level: str,
        *,
        stop: threading.Event,
        on_progress: Callable[[Progress], None],
        rng: random.Random,
        time_budget: float | None,
        memory: dict[str, Any],
    ) -> str:
        """The action ``level`` plays in ``position`` (text with history), as text.

        Must be legal; must return soon (100 ms) after ``stop`` is set; may
        report ``Progress``. ``memory`` lasts from one request to the next (for
        the life of the worker's child process or thread): a game may keep a
        transposition table there. Raises ``ValueError`` for a bad position or
        a finished game.
        """
        ...

    def describe_score(self, score: int) -> tuple[str, Mapping[str, object]]:
        """A progress score for the panel: an English template for ``tr`` and its fields."""
        ...
