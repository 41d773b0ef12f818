"""A scripted computer opponent that answers at once, for the screens' tests of what happens around its
moves (the attract mode, whole games), not of its search.

``install(app)`` puts an ``InstantWorker`` in the app's place of the AI worker:
every request is answered before ``request`` returns, with a legal action
chosen by a seeded random generator, so a test runs as many frames as the
games take and never waits for a search or a child process.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from game import games
from game.ai.worker import AIState, AIStatus, EngineTimeouts
from game.engine.rules import replay

__all__ = ["InstantWorker", "install"]


class InstantWorker:
    """The part of ``AIWorker`` the screens use, answering every request at once with a random legal
    action of the position asked about."""

    child_pid = None
    engine_pid = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.engine_timeouts = EngineTimeouts()
        self.answered = 0
        self._tickets = itertools.count(1)
        self._current: tuple[int, AIStatus] | None = None

    def request(
        self,
        game: str,
        position: str,
        level: str,
        *,
        time_budget: float | None = None,
        seed: int | None = None,
    ) -> int:
        definition = games.game(game)
        definition.load_ai().level(level)  # an unknown level is still the caller's bug
        move = self.rng.choice(replay(definition.load_rules(), position).legal_moves())
        ticket = next(self._tickets)
        self._current = (ticket, AIStatus(AIState.DONE, move))
        self.answered += 1
        return ticket

    def poll(self, ticket: int) -> AIStatus:
        if self._current is not None and self._current[0] == ticket:
            return self._current[1]
        return AIStatus(AIState.UNKNOWN)

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True

    def cancel(self) -> None:
        """Nothing to stop: every answer is already there."""

    def abandon(self) -> None:
        """Nothing hangs."""

    def warm_up(self) -> None:
        """Nothing to start."""

    def release_engine(self) -> None:
        """No engine runs."""

    def close(self) -> None:
        """Nothing runs."""


def install(app: Any, seed: int = 0) -> InstantWorker:
    """Give ``app`` an ``InstantWorker`` (before its first request: the real worker is never started)."""
    worker = InstantWorker(seed)
    app._worker = worker
    return worker
