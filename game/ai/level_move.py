"""How a level plays a move: the frame every game's ``choose_move`` shares (``LevelMove``).

A move asked of a level is always the same story: a finished game is an
error; a move the game forces (the only legal one, a set-up the game plays by
its own plan) is played without a search; a careless level picks among scored
moves (``api.careless_choice`` or the game's own way); the others search
within the level's time (a ``time_budget`` given replaces it), to the level's
depth. A game's levels module subclasses ``LevelMove`` with its steps and
exports the bound ``choose_move``.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypedDict, TypeVar, Unpack

from game.ai.api import CarelessLevel
from game.ai.limits import SearchInfo, SearchLimits

__all__ = ["LevelMove", "MoveOptions"]


_CopyT = TypeVar("_CopyT")


class _Copyable(Protocol):
    """A position the search may play in: its copy leaves the caller's unchanged."""

    def copy(self: _CopyT) -> _CopyT: ...


PositionT = TypeVar("PositionT", bound=_Copyable)
MoveT = TypeVar("MoveT")
LevelT = TypeVar("LevelT", bound=CarelessLevel)


class MoveOptions(TypedDict, total=False):
    """How a move is asked of a level (``LevelMove.choose_move``), every one optional.

    A set ``stop`` makes it answer the best move found so far within 100 ms;
    ``on_info`` hears each depth completed; ``rng`` makes the weak levels'
    mistakes (and a set-up a game plays by plan) reproducible; ``time_budget``
    (seconds) replaces the level's think time; ``searcher`` (the game's search)
    keeps a transposition table between moves.
    """

    stop: threading.Event | None
    on_info: Callable[[SearchInfo], None] | None
    rng: random.Random | None
    time_budget: float | None
    searcher: Any | None


class LevelMove(Generic[PositionT, MoveT, LevelT]):
    """A game's way of playing a level's move (see the module docstring): ``choose_move`` and its steps.

    A game gives ``forced`` (the error of a finished game, and the moves it
    plays without a search) and ``new_searcher`` (a search with its own
    table, for a level); where they differ from the defaults, ``searched``
    (what its search runs on), ``careless_searcher`` (what a careless level
    scores with) and ``move`` (a search's raw move as the game's). A careless
    level picks with its own ``careless_move`` (``api.CarelessLevel``).
    """

    def forced(self, position: PositionT, level: LevelT, rng: random.Random) -> MoveT | None:
        """The move played in ``position`` without a search (the only legal one), else ``None``;
        ``ValueError`` if no move may be chosen (the game is over)."""
        raise NotImplementedError

    def searched(self, position: PositionT, level: LevelT) -> Any:
        """What the search runs on: a copy of ``position`` (so that it is left unchanged) by default."""
        return position.copy()

    def new_searcher(self, level: LevelT) -> Any:
        """A search with its own table, for ``level`` when the caller keeps none."""
        raise NotImplementedError

    def careless_searcher(self, level: LevelT, searcher: Any | None, rng: random.Random) -> Any:
        """The search a careless ``level`` scores its moves with: the caller's, or a new one, by default."""
        return searcher if searcher is not None else self.new_searcher(level)

    def move(self, searched: Any, raw: Any) -> MoveT:
        """The search's move ``raw`` in ``searched`` as the game's move (the search's own by default)."""
        return raw  # type: ignore[no-any-return]

    def choose_move(self, position: PositionT, level: LevelT, **options: Unpack[MoveOptions]) -> MoveT:
        """The move ``level`` plays in ``position`` (see ``MoveOptions``): always legal, the position left
        unchanged. Raises ``ValueError`` if the game is over."""
        rng = options.get("rng") or random.Random()
        forced = self.forced(position, level, rng)
        if forced is not None:
            return forced
        searched = self.searched(position, level)
        budget = level.budget(options.get("time_budget"))
        stop, on_info, searcher = options.get("stop"), options.get("on_info"), options.get("searcher")
        if level.careless:
            careless = self.careless_searcher(level, searcher, rng)
            raw = level.careless_move(careless, searched, budget, stop, on_info, rng)
        else:
            searcher = searcher if searcher is not None else self.new_searcher(level)
            limits = SearchLimits.within(budget, depth=level.depth)
            raw, _ = searcher.search(searched, limits, stop, on_info)
        return self.move(searched, raw)
