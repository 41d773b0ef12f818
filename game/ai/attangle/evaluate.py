"""Attangle's evaluation and move order for the generic alpha-beta (``game.ai.alphabeta``) and its own search.

What decides Attangle is the race to the triples, and triples come from
captures: two singles taking a double, or a single and a double taking a
single. So beside the triples already built (permanent), the evaluation
counts, in one scan of the board, every enemy stack each side could take now
(its first-seen attackers along the six lines) and whether that capture would
build a triple. The side to move will make one of its captures; the other
side's threats are dangers it may parry only one at a time. Stacks on the
board and pieces in reserve count a little (an empty reserve forces captures,
and a side with neither loses).

Scores are from the side to move's view, in points where a triple is 1000.

The compiled search (``game.ai.attangle.kernel``) has this evaluation and
this order again, written for numba; ``tests/test_attangle_kernel.py`` checks
that both give the same scores and the same trees. A change here is made there
too (the weights need not be: they reach the kernel as ``EvalWeights``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.alphabeta import WIN_SCORE
from game.engine.attangle.board import CAPTURE, Board

__all__ = ["DEFAULT_WEIGHTS", "AttangleHeuristics", "EvalWeights"]


@dataclass(frozen=True)
class EvalWeights:
    """The evaluation's weights (the strength benchmark can try others)."""

    triple: int = 1000
    """A triple built, topped by the side's colour."""
    triple_now: int = 650
    """The side to move can build a triple with this move."""
    triple_threat: int = 260
    """The side not to move threatens a triple (each further target: half again)."""
    capture_now: int = 60
    """The side to move can take a single with two singles."""
    capture_threat: int = 30
    """The side not to move could take a single."""
    single: int = 18
    double: int = 45
    reserve: int = 9
    low_reserve: int = 40
    """Penalty for each piece short of three in reserve (an empty reserve forces captures)."""
    attacker: int = 4
    """Each enemy stack one of the side's stacks sees: a half-made attack."""


DEFAULT_WEIGHTS = EvalWeights()


class AttangleHeuristics:
    """The ``Heuristics`` of Attangle: ``evaluate``, ``end_score``, ``order``, ``is_quiet`` and ``leaf_end_score`` (see ``game.ai.alphabeta``)."""

    def __init__(self, weights: EvalWeights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def end_score(self, board: Board, moves: list[int]) -> int | None:
        """A side with no move has lost: it either must resign or the other built its last triple."""
        return None if moves else -WIN_SCORE

    def leaf_end_score(self, board: Board) -> int | None:
        """``end_score`` without the moves, for the search's leaves: cheap while the side to move has a reserve."""
        return None if board.has_legal_move() else -WIN_SCORE

    def is_quiet(self, board: Board, move: int) -> bool:
        """A placement: the search may reduce it when it comes late, and orders placements by their history."""
        return not move & CAPTURE

    def order(self, board: Board, moves: list[int]) -> list[int]:
        """Captures that build a triple, then other captures, then placements (central ones first)."""
        stacks = board.stacks
        keyed = []
        centrality = board.geometry.coords
        for raw in moves:
            if raw & CAPTURE:
                height = len(stacks[raw & 63]) + len(stacks[raw >> 6 & 63]) + len(stacks[raw >> 12 & 63])
                keyed.append((200 + 100 * (height == 4), raw))
            else:
                q, r = centrality[raw]
                keyed.append((-(abs(q) + abs(r) + abs(q + r)), raw))
        keyed.sort(reverse=True)
        return [raw for _, raw in keyed]

    def evaluate(self, board: Board) -> int:
        """The static score for the side to move (the game must not be over)."""
        weights = self.weights
        stacks = board.stacks
        rays = board.geometry.rays
        # Per side (0 White, 1 Black): material, targets it can take, of which ones that build a triple.
        material = [0, 0]
        takes = [0, 0]
        triple_takes = [0, 0]
        seen = [0, 0]
        single, double = weights.single, weights.double
        for target, stack in enumerate(stacks):
            if not stack:
                continue
            height = len(stack)
            if height == 3:
                continue
            owner = stack[-1] == "b"
            material[owner] += single if height == 1 else double
            enemy = "w" if owner else "b"
            singles = doubles = 0
            for ray in rays[target]:
                for point in ray:
                    other = stacks[point]
                    if other:
                        if other[-1] == enemy:
                            size = len(other)
                            if size == 1:
                                singles += 1
                            elif size == 2:
                                doubles += 1
                        break
            attacker = 1 - owner
            seen[attacker] += singles + doubles
            if height == 1:
                if singles and doubles:
                    triple_takes[attacker] += 1
                elif singles >= 2:
                    takes[attacker] += 1
            elif singles >= 2:
                triple_takes[attacker] += 1
        me = int(board.turn)
        you = 1 - me
        triples = board.triples
        reserves = board.reserves
        score = weights.triple * (triples[me] - triples[you]) + material[me] - material[you]
        score += weights.reserve * (reserves[me] - reserves[you])
        score -= weights.low_reserve * (max(0, 3 - reserves[me]) - max(0, 3 - reserves[you]))
        score += weights.attacker * (seen[me] - seen[you])
        if triple_takes[me]:
            score += weights.triple_now
        elif takes[me]:
            score += weights.capture_now
        if triple_takes[you]:
            score -= weights.triple_threat + (weights.triple_threat // 2) * (triple_takes[you] - 1)
        score -= weights.capture_threat * min(takes[you], 3)
        return score
