"""Ataxx evaluation: a static score of a position on raw bitboards.

Scores are from the side to move's point of view, in hundredths of a piece: a
one-piece lead is worth ``PIECE`` (100). The search calls the evaluator at the
leaves with three ints: ``us`` (the pieces of the side to move), ``them`` and
``empty`` (the empty squares; blocks are neither).

By default it is material and the side to move's tempo: three pieces for having
the move, which is what the move is worth in most positions (it infects), so
that a leaf's score does not depend on whose turn the search's depth stopped
at. The other terms stay here, switched off by their weights, so
``bench/strength.py`` can measure them again.

>>> from game.engine.ataxx import Board
>>> evaluate_board(Board("x5o/7/7/7/7/7/o5x x 0 1"))
300
>>> evaluate_board(Board("xx4o/7/7/7/7/7/o5x o 0 1"))
200
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine.ataxx import FULL, Board, spread

__all__ = ["DEFAULT_WEIGHTS", "PIECE", "EvalWeights", "Evaluator", "evaluate_board", "make_evaluator"]

PIECE = 100
"""The value of one piece of material."""

Evaluator = Callable[[int, int, int], int]
"""``evaluator(us, them, empty) -> score`` for the side to move (``us``)."""

_EDGES = sum(1 << sq for sq in range(49) if sq % 7 in (0, 6) or sq // 7 in (0, 6))


@dataclass(frozen=True)
class EvalWeights:
    """Weights of the evaluation terms, each per piece or square, in hundredths of a piece.

    ``exposed``: an own piece next to an empty square (it can be infected).
    ``mobility``: an empty square next to an own piece (a clone target).
    ``edge``: an own piece on the board's edge (fewer sides to be attacked from).
    ``tempo``: a bonus for having the move.
    """

    piece: int = PIECE
    exposed: int = 0
    mobility: int = 0
    edge: int = 0
    tempo: int = 300

    margin: int | None = None
    """How far futility pruning takes one move to move the non-material terms: ``None`` for the bound
    that always holds (``positional_margin``'s default); a smaller one prunes more, at a risk."""

    @property
    def positional_margin(self) -> int:
        """How far the non-material terms can move the score (``margin``, or an upper bound)."""
        if self.margin is not None:
            return self.margin
        return 49 * (abs(self.exposed) + abs(self.mobility) + abs(self.edge)) + abs(self.tempo)


DEFAULT_WEIGHTS = EvalWeights()


def make_evaluator(weights: EvalWeights = DEFAULT_WEIGHTS) -> Evaluator:
    """An evaluator for ``weights``: ``f(us, them, empty) -> int`` from the mover's side.

    Pure function of its three bitboards; material-only weights give the
    fastest evaluator.
    """
    piece = weights.piece
    exposed = weights.exposed
    mobility = weights.mobility
    edge = weights.edge
    tempo = weights.tempo
    if not (exposed or mobility or edge):

        def material(us: int, them: int, empty: int) -> int:
            return piece * (us.bit_count() - them.bit_count()) + tempo

        return material

    def positional(us: int, them: int, empty: int) -> int:
        score = piece * (us.bit_count() - them.bit_count()) + tempo
        if exposed:
            near_empty = spread(empty)
            score -= exposed * ((us & near_empty).bit_count() - (them & near_empty).bit_count())
        if mobility:
            ours = spread(us) & empty
            theirs = spread(them) & empty
            score += mobility * (ours.bit_count() - theirs.bit_count())
        if edge:
            score += edge * ((us & _EDGES).bit_count() - (them & _EDGES).bit_count())
        return score

    return positional


def evaluate_board(board: Board, weights: EvalWeights = DEFAULT_WEIGHTS) -> int:
    """The static score of ``board`` for its side to move (no search, game end ignored)."""
    us = board.pieces[board.turn]
    them = board.pieces[1 - board.turn]
    return make_evaluator(weights)(us, them, FULL ^ (us | them | board.blocks))
