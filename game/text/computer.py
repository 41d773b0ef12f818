"""The computer's moves for the terminal: the AI worker of the windowed game, waited on.

The window polls the worker every frame and keeps drawing; a terminal has
nothing to draw while the computer thinks, so ``Computer.choose`` waits for the
answer, polling in short sleeps — which Ctrl+C interrupts like any sleep (the
``KeyboardInterrupt`` goes up to the caller, and ``close`` stops the search).
A search that does not answer within its time and a grace period is abandoned
(the worker restarts its child process) and asked again, as the match screen does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game import games
from game.ai.worker import AIState, AIWorker
from game.engine.ataxx import Move
from game.engine.match import Match
from game.i18n import tr

__all__ = ["ATTEMPTS", "GRACE", "Computer", "ComputerError"]

GRACE = 5.0
"""Seconds a search may run past its time before it is taken as hung (the window's ``ai_grace``)."""
ATTEMPTS = 3
"""How many times a move is asked for before the computer is given up on."""
POLL_INTERVAL = 0.01
"""Seconds between two looks at the worker: short beside any level's thinking time."""


class ComputerError(RuntimeError):
    """The computer could not give a move; the message says why."""


class Computer:
    """Asks the AI worker for the computer's moves and waits for them (see the module docstring).

    ``think_time`` (seconds) overrides the levels' own thinking time; the
    worker runs the search in a child process unless ``use_process`` is false.
    ``clock`` and ``wait`` are injected by tests; ``on_retry`` hears why an
    attempt failed before the next one.
    """

    def __init__(
        self,
        *,
        think_time: float | None = None,
        use_process: bool = True,
        clock: Callable[[], float] = time.monotonic,
        wait: Callable[[float], None] = time.sleep,
        on_retry: Callable[[str], None] | None = None,
        worker_factory: Callable[..., Any] = AIWorker,
    ) -> None:
        self.think_time = think_time
        self.use_process = use_process
        self._clock = clock
        self._wait = wait
        self.on_retry: Callable[[str], None] = on_retry or (lambda reason: None)
        self._worker_factory = worker_factory
        self._worker: Any = None

    def limit(self, level: str) -> float:
        """Seconds after which a search of ``level`` that has not answered is given up."""
        budget = self.think_time
        if budget is None:
            budget = games.game("ataxx").load_ai().level(level).max_think_time
        return budget + GRACE

    def choose(self, match: Match[Any, Any]) -> Move:
        """The move of the computer to play in ``match`` (its seat to move); ``ComputerError`` if none comes."""
        level = match.current_player.level or "casual"
        reason = ""
        for attempt in range(ATTEMPTS):
            if attempt:
                self.on_retry(reason)
            move, reason = self._ask(match, level)
            if move is not None:
                return move
        raise ComputerError(reason)

    def _ask(self, match: Match[Any, Any], level: str) -> tuple[Move | None, str]:
        """One request: the move, or ``None`` and why not."""
        if self._worker is None:
            self._worker = self._worker_factory(use_process=self.use_process)
        worker = self._worker
        limit = self.limit(level)
        ticket = worker.request("ataxx", match.position_text(), level, time_budget=self.think_time)
        asked = self._clock()
        while True:
            status = worker.poll(ticket)
            if status.state is AIState.DONE:
                if status.move in match.legal_moves():
                    return status.move, ""
                return None, tr("it proposed {move}, which is not legal here", move=str(status.move))
            if status.state is AIState.ERROR:
                return None, status.error or "unknown error"
            if status.state in (AIState.CANCELLED, AIState.UNKNOWN):
                return None, tr("the request was lost")
            if self._clock() - asked > limit:
                worker.abandon()
                return None, tr(
                    "it did not answer within {seconds} seconds, so it was restarted", seconds=round(limit)
                )
            self._wait(POLL_INTERVAL)

    def close(self) -> None:
        """Stop any search and the worker (its thread and child process). Idempotent."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None
