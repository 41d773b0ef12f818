"""How every screen counts moves: the full-move number of each entry of a history.

Moves are counted one way on every screen: in full moves, as the move list
numbers them (``move_numbers``). A full move is seat 0's turn then seat 1's;
passes count like any move, chance outcomes join the move they follow, and a
game that seat 1 starts has seat 1's first move as move 1. So a game of 53
plies from seat 0 is "27 moves", and in it move 27 was seat 0's last.

>>> move_numbers([0, 1, 0, 1, 0], first_seat=0)
[1, 1, 2, 2, 3]
>>> move_numbers([1, 0, 1, 0], first_seat=1)
[1, 2, 2, 3]
>>> moves_played([0, 1, 0], 0), next_move_number([0, 1, 0], 0, to_move=1), next_move_number([0, 1], 0, to_move=0)
(2, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.core import CHANCE

__all__ = ["move_numbers", "moves_played", "next_move_number"]


def move_numbers(seats: Sequence[int], first_seat: int) -> list[int]:
    """The full-move number of each entry of a history, given the seat that played each (``CHANCE`` for a roll).

    A new full move begins when seat 0 plays after the other seat (or first); a
    chance outcome takes the number of the move it follows (0 before any move).
    When ``first_seat`` is 1, seat 1's first move is move 1 and seat 0's reply
    begins move 2, as the move list shows it ("1. … b6", "2. f2 …").
    """
    number = 1 if first_seat == 1 else 0
    last: int | None = 1 if first_seat == 1 else None
    numbers: list[int] = []
    for seat in seats:
        if seat != CHANCE:
            if number == 0 or (seat == 0 and last is not None and last != 0):
                number += 1
            last = seat
        numbers.append(number)
    return numbers


def moves_played(seats: Sequence[int], first_seat: int) -> int:
    """How many full moves a history holds (the move list's last number; 0 when no one has moved)."""
    numbers = move_numbers(seats, first_seat)
    return next((n for seat, n in zip(reversed(seats), reversed(numbers), strict=True) if seat != CHANCE), 0)


def next_move_number(seats: Sequence[int], first_seat: int, to_move: int) -> int:
    """The number of the move ``to_move`` (a seat, or ``CHANCE``) plays next: the pause menu's "move 4"."""
    return max(1, move_numbers([*seats, to_move], first_seat)[-1])
