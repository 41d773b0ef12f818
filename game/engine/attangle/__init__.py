"""Attangle and Grand Attangle (seed 004): the rules engine.

``from game.engine.attangle import Board, Move, STARTPOS`` is the public import
(design.md). ``board`` holds the rules, ``geometry`` the two hexagonal boards,
``rules`` the game as the generic layers see it (``RULES``).
"""

from __future__ import annotations

from game.engine.attangle.board import (
    GRAND_STARTPOS,
    STARTPOS,
    AttangleError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Side,
    Termination,
)
from game.engine.attangle.geometry import GRAND, SMALL, Geometry
from game.engine.core import Outcome

__all__ = [
    "GRAND",
    "GRAND_STARTPOS",
    "SMALL",
    "STARTPOS",
    "AttangleError",
    "Board",
    "Geometry",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "Outcome",
    "Side",
    "Termination",
]
