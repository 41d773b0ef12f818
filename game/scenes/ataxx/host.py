"""What the Ataxx board's parts read of the board: ``AtaxxHost``, the protocol its overlays and keys are written
against, so they need not import ``AtaxxBoard`` (which is built from them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.ataxx import Board, Move
from game.scenes.board_host import PartsHost

if TYPE_CHECKING:
    from game.scenes.ataxx.anim import MoveAnimation
    from game.scenes.ataxx.view import BoardView

__all__ = ["AtaxxHost"]


class AtaxxHost(PartsHost[Board, Move, int], Protocol):
    """The Ataxx board as its overlays and its keys see it: the view, the animation, the squares' moves."""

    view: BoardView
    anim: MoveAnimation | None

    @property
    def time(self) -> float: ...

    def px(self, value: float) -> int: ...

    def targets(self, sq: int) -> tuple[int, int]: ...

    def movable(self, sq: int) -> bool: ...

    def move_for(self, source: int, target: int) -> Move | None: ...

    def select(self, sq: int | None) -> None: ...

    def press(self, pos: tuple[int, int]) -> bool: ...

    def cancel_drag(self) -> None: ...
