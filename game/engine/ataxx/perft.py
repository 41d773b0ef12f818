"""Perft: counting the leaves of the Ataxx move tree, on raw bitboards (libataxx conventions).

Game-over nodes count 0 at depth >= 1, a forced pass counts as one move, and
repetition is ignored, so the figures compare with libataxx and python-ataxx
(start position: 16, 256, 6460, 155888, 4752668, 141865520 at depths 1-6).
``Board.perft`` is the public entry point; these functions take the side to
move's pieces ``us``, the other side's ``them``, the ``empty`` squares and the
half-move clock, and use the rules of ``bits``.

>>> from game.engine.ataxx.bits import FULL
>>> red, blue = 1 << 42 | 1 << 6, 1 << 48 | 1 << 0
>>> perft(red, blue, FULL ^ (red | blue), 0, 3)
6460
"""

from __future__ import annotations

from typing import Protocol

from game.engine.ataxx.bits import JUMP_RING, NEIGHBOURS, bits, count_moves, spread

__all__ = ["PerftStopped", "perft", "perft2"]

STOP_CHECK_DEPTH = 4
"""The stop event is looked at in nodes this many plies or more above the leaves: often enough to stop
within milliseconds, rarely enough to cost nothing (there are thousands of leaves under each)."""


class PerftStopped(Exception):
    """A count was stopped (its ``stop`` event was set) before it finished."""


class _Stop(Protocol):
    def is_set(self) -> bool: ...


def perft(us: int, them: int, empty: int, clock: int, depth: int, stop: _Stop | None = None) -> int:
    """Perft on raw bitboards: ``us`` is the side to move. Depth must be >= 1.

    ``stop`` (a ``threading.Event``) ends a long count: ``PerftStopped`` is
    raised soon after it is set.
    """
    if not us or not them or not empty or clock >= 100:
        return 0
    if depth == 1:
        count = count_moves(us, empty)
        if count:
            return count
        return 1 if spread(spread(them)) & empty else 0
    if depth == 2:
        return perft2(us, them, empty, clock)
    if stop is not None and depth >= STOP_CHECK_DEPTH and stop.is_set():
        raise PerftStopped
    nodes = 0
    neighbour_masks = NEIGHBOURS
    targets = spread(us) & empty
    moved = bool(targets)
    while targets:
        low = targets & -targets
        targets ^= low
        captured = neighbour_masks[low.bit_length() - 1] & them
        nodes += perft(them ^ captured, us | low | captured, empty ^ low, 0, depth - 1, stop)
    pieces = us
    ring = JUMP_RING
    while pieces:
        origin = pieces & -pieces
        pieces ^= origin
        targets = ring[origin.bit_length() - 1] & empty
        if targets:
            moved = True
            rest = us ^ origin
            freed = empty | origin
            while targets:
                low = targets & -targets
                targets ^= low
                captured = neighbour_masks[low.bit_length() - 1] & them
                nodes += perft(
                    them ^ captured, rest | low | captured, freed ^ low, clock + 1, depth - 1, stop
                )
    if not moved and spread(spread(them)) & empty:
        return perft(them, us, empty, clock + 1, depth - 1, stop)
    return nodes


def perft2(us: int, them: int, empty: int, clock: int) -> int:
    """Perft at depth 2, counting each child's moves without visiting it.

    The child's jump count is the parent's count of (enemy piece, empty square
    two apart) pairs, corrected for the infected pieces, the filled target and
    (for a jump) the freed origin. Most of perft's time is spent here, one ply
    above the leaves. The node itself must not be over.
    """
    ring = JUMP_RING
    neighbour_masks = NEIGHBOURS
    their_jumps = 0
    pieces = them
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        their_jumps += (ring[low.bit_length() - 1] & empty).bit_count()
    nodes = 0
    targets = spread(us) & empty
    moved = bool(targets)
    while targets:
        low = targets & -targets
        targets ^= low
        to = low.bit_length() - 1
        captured = neighbour_masks[to] & them
        rest = them ^ captured
        after = empty ^ low
        if not rest or not after:
            continue
        jumps = their_jumps - (ring[to] & rest).bit_count()
        while captured:
            infected = captured & -captured
            captured ^= infected
            jumps -= (ring[infected.bit_length() - 1] & empty).bit_count()
        count = (spread(rest) & after).bit_count() + jumps
        if count:
            nodes += count
        elif spread(spread(us | low | (them ^ rest))) & after:
            nodes += 1
    if clock + 1 < 100:
        pieces = us
        while pieces:
            origin = pieces & -pieces
            pieces ^= origin
            frm = origin.bit_length() - 1
            targets = ring[frm] & empty
            if not targets:
                continue
            moved = True
            freed = empty | origin
            while targets:
                low = targets & -targets
                targets ^= low
                to = low.bit_length() - 1
                captured = neighbour_masks[to] & them
                rest = them ^ captured
                after = freed ^ low
                if not rest or not after:
                    continue
                jumps = their_jumps - (ring[to] & rest).bit_count() + (ring[frm] & rest).bit_count()
                while captured:
                    infected = captured & -captured
                    captured ^= infected
                    jumps -= (ring[infected.bit_length() - 1] & empty).bit_count()
                count = (spread(rest) & after).bit_count() + jumps
                if count:
                    nodes += count
                elif spread(spread((us ^ origin) | low | (them ^ rest))) & after:
                    nodes += 1
    else:
        moved = moved or any(ring[sq] & empty for sq in bits(us))
    if not moved and spread(spread(them)) & empty:
        # We pass: the child is the same position with them to move and the clock one later.
        if clock + 1 >= 100:
            return 0
        count = (spread(them) & empty).bit_count() + their_jumps
        if count:
            return count
        return 1 if spread(spread(us)) & empty else 0
    return nodes
