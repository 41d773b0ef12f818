"""Ataxx: the rules engine (``from game.engine.ataxx import Board, Move, STARTPOS``).

``bits`` holds the rules at the bit level (shared with perft and the search),
``notation`` the squares' names and ``Move`` with its UAI notation, ``board``
the ``Board`` (it re-exports ``Move``, as design.md's public names), ``perft``
the move-tree counts, and ``rules`` what the generic match needs of Ataxx.
``keypad``, ``levels`` and ``level_edit`` serve the screens: the keypad codes
of seed 002, level checks and the editor's document.
"""

from __future__ import annotations

from game.engine.ataxx.bits import FULL, NOT_FILE_A, NOT_FILE_G, SQUARES, bits, spread
from game.engine.ataxx.board import (
    STARTPOS,
    Board,
    Cell,
    IllegalMoveError,
    InvalidFenError,
    Side,
    Termination,
)
from game.engine.ataxx.notation import (
    AtaxxError,
    InvalidMoveError,
    Move,
    jump_ring,
    neighbours,
    parse_square,
    square,
    square_file,
    square_name,
    square_rank,
)
from game.engine.core import Outcome

__all__ = [
    "FULL",
    "NOT_FILE_A",
    "NOT_FILE_G",
    "SQUARES",
    "STARTPOS",
    "AtaxxError",
    "Board",
    "Cell",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Outcome",
    "Side",
    "Termination",
    "bits",
    "jump_ring",
    "neighbours",
    "parse_square",
    "spread",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]
