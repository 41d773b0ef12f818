"""What the Lionheart board's parts read of the board: ``FieldHost``, the protocol every mixin of
``LionheartBoard`` is written against (each widens it by what it reads of its siblings), so none of them
imports the board class that is built from them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.lionheart import Battle, Move
from game.scenes.board_host import PartsHost

if TYPE_CHECKING:
    from game.scenes.lionheart.anim import EntryAnimation
    from game.scenes.lionheart.view import FieldView
    from game.scenes.lionheart.words import BattleRecord

__all__ = ["FieldHost"]


class FieldHost(PartsHost[Battle, Move | tuple[str, ...], str], Protocol):
    """The Lionheart board as its parts see it: the field, the moment's state, the units' moves, the record."""

    view: FieldView
    anim: EntryAnimation | None
    hover_pos: tuple[int, int] | None
    time: float
    hint_move: Move | None
    """The hint on show: an action (the computer never hints a roll)."""

    def unit_moves(self, square: str) -> list[Move]: ...

    def record(self) -> BattleRecord: ...
