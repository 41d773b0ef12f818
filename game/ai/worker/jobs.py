"""The worker's book of requests: tickets, the current job, what still uses a CPU, and the answers;
and the inbox through which the requests reach the thread that manages the searches.

``JobBook`` is shared by the scenes' side (``AIWorker``) and the manager that
runs the searches (``managers``); every change of a job happens here, under
one lock. An answer arrives as text and is turned into a move of the game by
its rules, and checked legal in the position asked about: a bug in a game's AI
reaches the player as an error, never as a corrupt game.
"""

from __future__ import annotations

import dataclasses
import itertools
import queue
import threading
from collections.abc import Callable, Mapping
from typing import Any

from game.ai.worker.status import UNKNOWN, AIProgress, AIState, AIStatus, format_exception
from game.engine.rules import GameRules, replay

__all__ = ["Inbox", "Job", "JobBook", "next_item"]

Inbox = queue.Queue[tuple[Any, ...]]
"""What a manager thread serves: ``(kind, ...)`` tuples, ``("close",)`` last."""


def next_item(inbox: Inbox, deadline: float | None, clock: Callable[[], float]) -> tuple[Any, ...] | None:
    """The inbox's next item, or ``None`` once ``deadline`` (a ``clock`` time; ``None``: none) passes first."""
    timeout = None if deadline is None else max(0.0, deadline - clock())
    try:
        return inbox.get(timeout=timeout)
    except queue.Empty:
        return None


KEPT_SCORES = 4
"""How many of the last depths' scores a progress report keeps (``AIProgress.scores``)."""


@dataclasses.dataclass(eq=False)
class Job:
    """One request; its mutable fields are guarded by the book's lock."""

    ticket: int
    rules: GameRules[Any, Any]
    payload: dict[str, Any]
    stop: threading.Event = dataclasses.field(default_factory=threading.Event)
    state: AIState = AIState.THINKING
    move: Any = None
    error: str | None = None
    traceback: str | None = None
    progress: AIProgress | None = None
    failure: tuple[str, dict[str, str]] | None = None

    def status(self) -> AIStatus:
        """A snapshot for ``poll``."""
        return AIStatus(self.state, self.move, self.error, self.traceback, self.progress, self.failure)


class JobBook:
    """Tickets and job states (see the module docstring). Thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self._tickets = itertools.count(1)
        self.current: Job | None = None
        # Tickets whose search may still be using a CPU (queued, running, or
        # stopping); ``wait_idle`` waits for this to empty.
        self.busy: set[int] = set()

    def open(self, rules: GameRules[Any, Any], payload: dict[str, Any]) -> Job:
        """A new current job (the previous one cancelled); call with the lock held."""
        ticket = next(self._tickets)
        payload["id"] = ticket
        self.cancel_current_locked()
        job = Job(ticket, rules, payload)
        self.current = job
        self.busy.add(ticket)
        return job

    def poll(self, ticket: int) -> AIStatus:
        """The state of ``ticket``; ``UNKNOWN`` unless it is the current job."""
        with self.lock:
            job = self.current
            if job is None or job.ticket != ticket:
                return UNKNOWN
            return job.status()

    def cancel_current_locked(self) -> Job | None:
        """Cancel the current job if it is still thinking; returns it (call with the lock held)."""
        job = self.current
        if job is None or job.state is not AIState.THINKING:
            return None
        job.state = AIState.CANCELLED
        job.stop.set()
        return job

    def fail_current(self, error: tuple[str, str]) -> None:
        """The manager itself failed: the current job gets the error rather than waiting forever."""
        with self.lock:
            job = self.current
            if job is not None and job.state is AIState.THINKING:
                job.state = AIState.ERROR
                job.error, job.traceback = error

    def release(self, ticket: int) -> None:
        """``ticket`` no longer uses a CPU (it never started, or it stopped)."""
        with self.lock:
            self.busy.discard(ticket)
            self.lock.notify_all()

    def release_all(self) -> None:
        """Nothing runs any more (the manager ended)."""
        with self.lock:
            self.busy.clear()
            self.lock.notify_all()

    def wait_idle(self, timeout: float | None) -> bool:
        """Wait until no search uses a CPU; ``False`` on timeout."""
        with self.lock:
            return self.lock.wait_for(lambda: not self.busy, timeout)

    def report_progress(self, job: Job, data: Mapping[str, Any]) -> None:
        """Record a progress report (plain data); a malformed one is ignored, progress being cosmetic."""
        try:
            pv = tuple(job.rules.parse_move(str(text)) for text in data.get("pv", ()))
            progress = AIProgress(
                depth=int(data["depth"]),
                score=int(data["score"]),
                nodes=int(data["nodes"]),
                nps=int(data["nps"]),
                elapsed=float(data["elapsed"]),
                pv=pv,
            )
        except (KeyError, TypeError, ValueError):
            return
        with self.lock:
            if job.state is AIState.THINKING:
                earlier = job.progress.scores if job.progress is not None else ()
                job.progress = dataclasses.replace(
                    progress, scores=(*earlier[-(KEPT_SCORES - 1) :], progress.score)
                )

    def finish(
        self,
        job: Job,
        *,
        move_text: str | None = None,
        error: tuple[str, str] | None = None,
        failure: tuple[str, dict[str, str]] | None = None,
    ) -> None:
        """Record the answer (checked legal) or the error of ``job`` unless it was cancelled meanwhile
        (``failure``: an engine's, as ``AIStatus.failure`` gives it)."""
        move = None
        if error is None:
            try:
                move = self._checked_move(job, move_text)
            except (ValueError, TypeError) as exc:
                error = format_exception(exc)
        with self.lock:
            if job.state is AIState.THINKING:
                if error is not None:
                    job.state = AIState.ERROR
                    job.error, job.traceback = error
                    job.failure = failure
                else:
                    job.state = AIState.DONE
                    job.move = move
            self.busy.discard(job.ticket)
            self.lock.notify_all()

    @staticmethod
    def _checked_move(job: Job, move_text: str | None) -> Any:
        if not isinstance(move_text, str):
            raise TypeError(f"the AI answered {move_text!r}, not a move")
        move = job.rules.parse_move(move_text)
        position = replay(job.rules, job.payload["position"])
        if move not in position.legal_moves():
            raise ValueError(f"the AI chose {move_text}, which is not a legal move in this position")
        return move
