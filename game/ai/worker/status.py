"""What the scenes see of a request to the AI worker: its state, the move, the progress, the error."""

from __future__ import annotations

import dataclasses
import enum
import traceback
from typing import Any

__all__ = ["AIProgress", "AIState", "AIStatus", "format_exception"]


class AIState(enum.Enum):
    """Where a request stands."""

    THINKING = "thinking"
    """The search is running (or about to start)."""
    DONE = "done"
    """The move is ready in ``AIStatus.move``."""
    ERROR = "error"
    """The search failed; ``AIStatus.error`` says why."""
    CANCELLED = "cancelled"
    """``cancel`` or ``close`` stopped the request; no move will come."""
    UNKNOWN = "unknown"
    """The ticket was never issued, or a newer request superseded it."""


@dataclasses.dataclass(frozen=True)
class AIProgress:
    """The latest completed search depth: what a scene shows while the AI thinks.

    ``score`` is from the point of view of the side to move (positive: good for
    the AI), in the game's own units: show it through the game's
    ``GameAI.describe_score``. ``pv`` is the best line found, as moves of the game.
    """

    depth: int
    score: int
    nodes: int
    nps: int
    elapsed: float
    pv: tuple[Any, ...]
    scores: tuple[int, ...] = ()
    """The scores of the last depths reported, oldest first, ``score`` last (the post-game analysis
    averages the last two: in Ataxx the side that moves last at a search's horizon gains a capture, so
    scores zigzag from one depth to the next)."""

    @property
    def best_move(self) -> Any:
        """The first move of the best line, or ``None`` if the line is empty."""
        return self.pv[0] if self.pv else None


@dataclasses.dataclass(frozen=True)
class AIStatus:
    """A snapshot of one request, as returned by ``AIWorker.poll``.

    ``move`` (a move of the game, checked legal) is set only when ``state`` is
    ``DONE``; ``error`` (the exception's type and message) and ``traceback``
    (and for an engine, ``failure``) only when it is ``ERROR``; ``progress`` is the latest search depth
    reported, kept after the request finishes.
    """

    state: AIState
    move: Any = None
    error: str | None = None
    traceback: str | None = None
    progress: AIProgress | None = None
    failure: tuple[str, dict[str, str]] | None = None
    """When an engine the player added failed (``ERROR``): what went wrong as a kind and its fields
    (``game.ai.worker.uai_client.EngineError``), for the screens to say in the player's language."""

    @property
    def finished(self) -> bool:
        """Whether the request is over (done, failed, cancelled or unknown): polling again is pointless."""
        return self.state is not AIState.THINKING


UNKNOWN = AIStatus(AIState.UNKNOWN)


def format_exception(error: BaseException) -> tuple[str, str]:
    """``("Type: message", full traceback)`` of ``error``, for a status or a message to the parent."""
    message = f"{type(error).__name__}: {error}"
    return message, "".join(traceback.format_exception(type(error), error, error.__traceback__))
