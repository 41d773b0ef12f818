"""Running a post-game analysis: through the AI worker for the screen (``AnalysisRun``), or here and now.

``game.ai.analysis`` says which positions to search and what the answers
mean; this module asks for them. ``AnalysisRun`` is what the analysis screen
steps every frame: one request to the worker at a time, its answer read when
it is there, never waited for. ``analyse_in_process`` searches in the calling
thread, for benchmarks and demonstrations.
"""

from __future__ import annotations

import dataclasses
import enum
import random
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from game.ai.analysis import Analysis, Search, settled_score
from game.ai.api import Progress
from game.ai.worker.status import AIState, AIStatus

__all__ = ["AnalysisRun", "RunState", "Worker", "analyse_in_process"]


class RunState(enum.Enum):
    """Where an ``AnalysisRun`` stands."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


class Worker(Protocol):
    """The part of ``game.ai.worker.AIWorker`` a run uses."""

    def request(self, game: str, position: str, level: str, *, time_budget: float | None = None) -> int: ...

    def poll(self, ticket: int) -> AIStatus: ...

    def cancel(self) -> None: ...

    def abandon(self) -> None: ...


@dataclasses.dataclass(eq=False)
class AnalysisRun:
    """Searches an ``Analysis``'s positions one after another through the AI worker, never waiting.

    The screen calls ``step()`` every frame: it asks the worker for the next
    position (``game`` a registry key, ``level`` a key of the game's AI, its
    strongest, ``time_budget`` seconds a position), or reads its answer. A
    search that fails, or does not answer within its time and ``grace``
    seconds (both by ``clock``: then it is abandoned), is asked again once;
    the second time the run fails (``error`` says why). A search that
    answers before completing its first depth (a busy machine, a child
    process still loading its search) is asked again with twice the time,
    up to ``MAX_LONGER`` times, rather than leave the move unjudged.
    ``cancel`` stops it.
    """

    MAX_LONGER = 3
    """How many times a position is searched again, each with twice the time, when no depth completed."""

    analysis: Analysis
    worker: Worker
    game: str
    level: str
    time_budget: float
    _: dataclasses.KW_ONLY
    grace: float = 5.0
    clock: Callable[[], float] = time.monotonic
    state: RunState = dataclasses.field(default=RunState.RUNNING, init=False)
    error: str = dataclasses.field(default="", init=False)
    changed: bool = dataclasses.field(default=True, init=False)
    """Whether an answer came since the screen last looked (it clears it)."""
    _ticket: int | None = dataclasses.field(default=None, init=False)
    _node: Any | None = dataclasses.field(default=None, init=False)
    _asked_at: float = dataclasses.field(default=0.0, init=False)
    _retried: bool = dataclasses.field(default=False, init=False)
    _longer: int = dataclasses.field(default=0, init=False)
    """How many times the position asked for has been given twice the time."""

    @property
    def _budget(self) -> float:
        return self.time_budget * float(2**self._longer)

    @property
    def fraction(self) -> float:
        """How much of the game is searched, 0 to 1."""
        total = self.analysis.total
        return 1.0 if total == 0 else min(1.0, self.analysis.searched / total)

    def step(self) -> None:
        """Ask for the next search, or take in the answer of the one asked for; never waits."""
        if self.state is not RunState.RUNNING:
            return
        if self._ticket is None:
            pending = self.analysis.pending()
            if not pending:
                self.state = RunState.DONE
                self.changed = True
                return
            self._ask(pending[0])
            return
        status = self.worker.poll(self._ticket)
        if status.state is AIState.THINKING:
            if self.clock() - self._asked_at > self._budget + self.grace:
                self.worker.abandon()
                if self._retried:
                    self._fail(f"the search gave no answer within {self._budget + self.grace:.0f} seconds")
                else:
                    self._retried = True
                    self._ticket = None
            return
        node, self._ticket = self._node, None
        if status.state in (AIState.CANCELLED, AIState.UNKNOWN):
            return  # superseded (another request took the worker): ask again
        if status.state is AIState.ERROR:
            if self._retried:
                self._fail(status.error or "the search failed")
            else:  # once more: a child process that has just started may fail its first search
                self._retried = True
            return
        assert node is not None
        self._retried = False
        search = self._search_of(status)
        if search.score is None and node.moves > 1 and self._longer < self.MAX_LONGER:
            self._longer += 1  # no depth completed: the same position again (pending's first), longer
            return
        self._longer = 0
        self.analysis.answer(node, search)
        self.changed = True

    def _ask(self, node: Any) -> None:
        self._node = node
        self._asked_at = self.clock()
        self._ticket = self.worker.request(self.game, node.text, self.level, time_budget=self._budget)

    def _search_of(self, status: AIStatus) -> Search:
        rules = self.analysis.rules
        progress = status.progress
        if progress is not None and progress.depth >= 1 and progress.pv:
            line = tuple(rules.move_text(move) for move in progress.pv)
            return Search(settled_score(progress.scores or (progress.score,)), line[0], line, progress.depth)
        best = None if status.move is None else rules.move_text(status.move)
        return Search(None, best, (best,) if best else ())

    def _fail(self, error: str) -> None:
        self.state = RunState.FAILED
        self.error = error
        self.changed = True

    def cancel(self) -> None:
        """Stop the run (the search under way too)."""
        if self.state is RunState.RUNNING:
            if self._ticket is not None:
                self.worker.cancel()
                self._ticket = None
            self.state = RunState.CANCELLED
            self.changed = True


def analyse_in_process(analysis: Analysis, ai: Any, level: str, time_budget: float, *, seed: int = 0) -> None:
    """Answer every search of ``analysis`` here and now with ``ai.choose`` (a ``GameAI``), ``time_budget``
    seconds a position at ``level``: what ``AnalysisRun`` does through the worker, without it (benchmarks,
    demonstrations). It blocks: never from a screen's frame."""
    memory: dict[str, Any] = {}
    while analysis.pending():
        node = analysis.pending()[0]
        seen: list[Progress] = []
        best = ai.choose(
            node.text,
            level,
            stop=threading.Event(),
            on_progress=seen.append,
            rng=random.Random(seed),
            time_budget=time_budget,
            memory=memory,
        )
        last = seen[-1] if seen else None
        if last is not None and last.depth >= 1 and last.pv:
            score = settled_score([progress.score for progress in seen])
            analysis.answer(node, Search(score, last.pv[0], tuple(last.pv), last.depth))
        else:
            analysis.answer(node, Search(None, best, (best,)))
