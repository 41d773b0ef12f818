"""What the Lionheart board's parts read of the board: ``FieldHost``, the protocol every mixin of
``LionheartBoard`` is written against (each widens it by what it reads of its siblings), so none of them
imports the board class that is built from them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.scenes.board_base import BoardHost

if TYPE_CHECKING:
    from game.engine.lionheart import Battle, Move
    from game.engine.match import Match
    from game.scenes.lionheart.anim import EntryAnimation
    from game.scenes.lionheart.view import FieldView
    from game.scenes.lionheart.words import BattleRecord

__all__ = ["FieldHost"]


class FieldHost(BoardHost[str], Protocol):
    """The Lionheart board as its parts see it: the battle and its match, the field, the moment's state."""

    view: FieldView
    anim: EntryAnimation | None
    hover_pos: tuple[int, int] | None
    time: float
    hint_move: Move | None
    played: tuple[Move | tuple[str, ...], ...]

    @property
    def match(self) -> Match[Battle, Move | tuple[str, ...]]: ...

    @property
    def position(self) -> Battle: ...

    def unit_moves(self, square: str) -> list[Move]: ...

    def record(self) -> BattleRecord: ...
