"""What the Ataxx board's parts read of the board: ``BoardHost``, the protocol its overlays and keys are written
against, so they need not import ``AtaxxBoard`` (which is built from them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.app import App
    from game.engine.ataxx import Board, Move
    from game.engine.match import Match
    from game.scenes.ataxx.anim import MoveAnimation
    from game.scenes.ataxx.view import BoardView
    from game.scenes.match import MatchScene

__all__ = ["BoardHost"]


class BoardHost(Protocol):
    """The Ataxx board as its overlays and its keys see it: the position, the moment's state, the squares."""

    scene: MatchScene
    view: BoardView
    anim: MoveAnimation | None
    selected: int | None
    hover: int | None
    shake: tuple[int, float] | None
    hint_move: Move | None
    hint_time: float

    @property
    def app(self) -> App: ...

    @property
    def match(self) -> Match[Board, Move]: ...

    @property
    def position(self) -> Board: ...

    @property
    def time(self) -> float: ...

    def px(self, value: float) -> int: ...

    def human_turn(self) -> bool: ...

    def targets(self, sq: int) -> tuple[int, int]: ...

    def movable(self, sq: int) -> bool: ...

    def move_for(self, source: int, target: int) -> Move | None: ...

    def select(self, sq: int | None) -> None: ...

    def reject(self, place: int | None, message: str | None = None) -> None: ...

    def press(self, pos: tuple[int, int]) -> bool: ...

    def cancel_drag(self) -> None: ...
