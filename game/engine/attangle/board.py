"""The Attangle board: stacks on a hexagon, reserves, placements and captures, outcomes, perft.

Seed 004 (Dieter Stein's Attangle and Grand Attangle), as design.md resolves
it. White moves first. A turn is a placement from the reserve on an empty
point (never on a no-placement point) or a capture: two stacks the mover
controls, each the first stack seen along a different one of the target's six
lines, move over empty points onto an enemy stack; the taller attacker lands
first, then the single, and the top piece goes back to the mover's reserve.
Single + single take a single or a double, single + double take a single;
triples never move and are never taken. Capturing is compulsory only with an
empty reserve; a player with no legal move loses; the 3rd own-topped triple
wins (the 5th in Grand Attangle). There is no pass and no draw: every move
raises the sum of the squared stack heights, so every game ends.

A stack is text, bottom to top: ``"wb"`` is a white piece under a black one
(Black controls it). Moves and positions as text:

>>> board = Board()
>>> board.push(Move.from_text("c3"))
>>> board.text()
'-,-,-,-/-,-,-,-,-/-,-,w,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-/-,-,-,- b 17 18'
>>> str(Move.from_text("b2,a1-c3"))
'a1,b2-c3'
>>> str(board.pop())
'c3'
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable
from typing import Any, NamedTuple, Self

from game.engine.attangle.geometry import GRAND, SMALL, Geometry, geometry_for_rows
from game.engine.core import Outcome, require_text
from game.filedata import ascii_int

__all__ = [
    "GRAND_STARTPOS",
    "STARTPOS",
    "AttangleError",
    "Board",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "Side",
    "Termination",
]

MAX_TEXT_LENGTH = 1000
"""Longer position texts are refused unread (Grand Attangle's fullest is about 250 characters)."""
_POINT = re.compile(r"[a-i][1-9]")
STACKS_BY_HEIGHT = {1: ("w", "b"), 2: ("wb", "bw"), 3: ("wbw", "bwb", "bbw", "wwb")}
"""Every stack a game can make. A double is always an enemy piece under the capturer's; a triple is a
double taken by a single (``wbw``) or a single taken with a double's help (``bbw``)."""
_STACKS = frozenset(stack for stacks in STACKS_BY_HEIGHT.values() for stack in stacks)


class AttangleError(ValueError):
    """Base class of the errors raised for bad Attangle input."""


class InvalidMoveError(AttangleError):
    """Move text that is not a placement (``c3``) or a capture (``a1,b2-c3``)."""


class IllegalMoveError(AttangleError):
    """A well-formed move that is not legal in the position."""


class InvalidPositionError(AttangleError):
    """Position text that does not describe an Attangle position."""


class Side(enum.IntEnum):
    """A player. White (``w``) moves first."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def symbol(self) -> str:
        """The letter of the side in stacks and position text: ``w`` or ``b``."""
        return "w" if self is Side.WHITE else "b"


class Termination(enum.Enum):
    """Why a game ended."""

    TRIPLES = "triples"
    """The winner built its third own-topped triple (fifth in Grand Attangle)."""
    NO_MOVES = "no moves"
    """The side to move has no legal move and must resign (an empty reserve and no capture)."""


# --- moves ---------------------------------------------------------------------


def _check_point(text: str, whole: str) -> str:
    if not _POINT.fullmatch(text):
        raise InvalidMoveError(
            f"{text!r} in {whole!r} is not a point: expected a row letter a-i and a number 1-9 (c3)"
        )
    return text


class _Points(NamedTuple):
    target: str
    attackers: tuple[str, ...] = ()


class Move(_Points):
    """A placement (no ``attackers``) or a capture of the stack on ``target`` by two ``attackers``.

    Moves are plain values naming points (so they do not depend on the board
    size): equal when their points are, hashable, and written by ``str`` as
    the placement's point (``c3``) or the two attackers in alphabetical order,
    then the target (``a1,b2-c3``).

    >>> Move.from_text("b2,a1-c3") == Move.capture("a1", "b2", "c3")
    True
    >>> Move.from_text("c3,c3-d4")
    Traceback (most recent call last):
    ...
    game.engine.attangle.board.InvalidMoveError: 'c3,c3-d4' names the same attacker twice

    ``Move(target, attackers)`` checks its points the same way (the attackers
    in either order); the engine builds its own moves without the check.

    >>> Move("c3", ("b2", "a1")) == Move.capture("a1", "b2", "c3")
    True
    >>> Move("c3", ("a1",))
    Traceback (most recent call last):
    ...
    game.engine.attangle.board.InvalidMoveError: Move('c3', ('a1',)): a capture has two attackers, not 1
    """

    __slots__ = ()

    def __new__(cls, target: str, attackers: tuple[str, ...] = ()) -> Move:
        if not isinstance(target, str):
            raise InvalidMoveError(
                f"Move({target!r}, {attackers!r}): the target is a point name like 'c3', "
                f"not {type(target).__name__}"
            )
        if not isinstance(attackers, (tuple, list)):
            raise InvalidMoveError(
                f"Move({target!r}, {attackers!r}): the attackers are a tuple of two point names "
                f"(or () for a placement), not {type(attackers).__name__}"
            )
        if not attackers:
            return tuple.__new__(cls, (_check_point(target, target), ()))
        if len(attackers) != 2:
            raise InvalidMoveError(
                f"Move({target!r}, {attackers!r}): a capture has two attackers, not {len(attackers)}"
            )
        first, second = attackers
        if not isinstance(first, str) or not isinstance(second, str):
            raise InvalidMoveError(
                f"Move({target!r}, {attackers!r}): the attackers are point names like 'a1'"
            )
        return cls.capture(first, second, target)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]  # _replace too: checked
        return cls(*iterable)

    @classmethod
    def place(cls, point: str) -> Move:
        """A placement on ``point``; ``InvalidMoveError`` if it is not a point name."""
        return tuple.__new__(cls, (_check_point(point, point), ()))

    @classmethod
    def capture(cls, first: str, second: str, target: str) -> Move:
        """A capture of ``target`` by the stacks on ``first`` and ``second`` (in either order)."""
        whole = f"{first},{second}-{target}"
        for point in (first, second, target):
            _check_point(point, whole)
        if first == second:
            raise InvalidMoveError(f"{whole!r} names the same attacker twice")
        if target in (first, second):
            raise InvalidMoveError(f"{whole!r} attacks with the target itself")
        return tuple.__new__(cls, (target, (first, second) if first < second else (second, first)))

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Parse ``c3`` (a placement) or ``a1,b2-c3`` (a capture; the attackers in either order).

        Raises ``InvalidMoveError`` (a ``ValueError``) saying what is wrong.
        """
        text = require_text(text, "a move", InvalidMoveError)
        if not text:
            raise InvalidMoveError("empty move text: expected a point (c3) or a capture (a1,b2-c3)")
        if len(text) > 16:
            raise InvalidMoveError(f"{text[:16]!r}... is too long for a move")
        if "-" not in text and "," not in text:
            return cls.place(text)
        attackers, dash, target = text.partition("-")
        parts = attackers.split(",")
        if not dash or len(parts) != 2 or "-" in target:
            raise InvalidMoveError(
                f"{text!r} is not a move: a capture is two attackers and the target, as a1,b2-c3"
            )
        return cls.capture(parts[0], parts[1], target)

    @property
    def is_capture(self) -> bool:
        """Whether this move captures."""
        return bool(self.attackers)

    def text(self) -> str:
        """The move as text (``c3``, ``a1,b2-c3``)."""
        if not self.attackers:
            return self.target
        return f"{self.attackers[0]},{self.attackers[1]}-{self.target}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.from_text({self.text()!r})"


# Raw moves, for the search and perft: a placement is the point's index; a capture is
# ``target | first << 6 | second << 12 | CAPTURE`` with ``first < second`` (indices < 64).
CAPTURE = 1 << 18
_MASK = 63


# --- Zobrist keys --------------------------------------------------------------


def _zobrist() -> tuple[dict[str, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]], int]:
    # A fixed seed keeps hashes the same from run to run.
    rng = random.Random(0xA77A6E)
    points = max(len(SMALL.names), len(GRAND.names))
    stacks = {"": (0,) * points} | {
        stack: tuple(rng.getrandbits(64) for _ in range(points)) for stack in sorted(_STACKS)
    }
    most = max(SMALL.pieces_per_side, GRAND.pieces_per_side)
    reserves = (
        tuple(rng.getrandbits(64) for _ in range(most + 1)),
        tuple(rng.getrandbits(64) for _ in range(most + 1)),
    )
    return stacks, reserves, rng.getrandbits(64)


Z_STACK, Z_RESERVE, Z_BLACK_TO_MOVE = _zobrist()
"""``Z_STACK[stack][point]``, ``Z_RESERVE[side][count]``, and the key of Black to move."""


# --- the board -----------------------------------------------------------------


class _State(NamedTuple):
    """What ``push`` saves and ``pop`` restores."""

    raw: int
    points: tuple[tuple[int, str], ...]
    reserves: tuple[int, int]
    triples: tuple[int, int]
    hash: int


def _empty_text(geometry: Geometry, start: bool) -> str:
    rows = "/".join(
        ",".join(geometry.start_stacks.get(point, "-") if start else "-" for point in row)
        for row in geometry.rows
    )
    reserve = geometry.pieces_per_side - (len(geometry.start_stacks) // 2 if start else 0)
    return f"{rows} w {reserve} {reserve}"


STARTPOS = _empty_text(SMALL, start=True)
"""Attangle's start: the empty small board, White to move, 18 pieces in each reserve."""
GRAND_STARTPOS = _empty_text(GRAND, start=True)
"""Grand Attangle's start: three pieces each on the board, 24 in each reserve, White to move."""


class Board:
    """An Attangle position with a move stack.

    ``stacks[point]`` is the stack on each point (``""`` when empty), points
    numbered as in ``geometry``. ``push`` plays a move and ``pop`` takes the
    last one back, restoring every field exactly.
    """

    __slots__ = ("_stack", "geometry", "hash", "reserves", "stacks", "triples", "turn")

    def __init__(self, text: str | None = None, *, grand: bool = False) -> None:
        """The position ``text`` (see ``text()``), or the start of Attangle (Grand Attangle if ``grand``).

        With a text, its rows decide the board; ``grand=True`` with a small
        board's text is refused. Raises ``InvalidPositionError`` saying what is
        wrong with the text.
        """
        self._stack: list[_State] = []
        if text is None:
            text = GRAND_STARTPOS if grand else STARTPOS
        self._set_text(text)
        if grand and not self.geometry.grand:
            raise InvalidPositionError("grand=True, but the text describes the small board (7 rows)")

    # -- position text --

    def _set_text(self, text: str) -> None:
        text = require_text(text, "a position", InvalidPositionError)
        if len(text) > MAX_TEXT_LENGTH:
            raise InvalidPositionError(
                f"the position text is {len(text)} characters long, more than a board has"
            )
        fields = text.split()
        if len(fields) != 4:
            raise InvalidPositionError(
                f"{text!r} has {len(fields)} fields: expected the rows, the side to move and the two reserves"
            )
        rows_text, turn_text, white_text, black_text = fields
        rows = rows_text.split("/")
        geometry = geometry_for_rows(len(rows))
        if geometry is None:
            raise InvalidPositionError(
                f"the position has {len(rows)} rows: Attangle's board has 7, Grand Attangle's 9"
            )
        stacks: list[str] = []
        for row_index, (row_text, row) in enumerate(zip(rows, geometry.rows, strict=True)):
            row_name = chr(ord("a") + row_index)
            points = row_text.split(",")
            if len(points) != len(row):
                raise InvalidPositionError(f"row {row_name} has {len(points)} points, not {len(row)}")
            for point, point_text in zip(row, points, strict=True):
                name = geometry.names[point]
                if point_text == "-":
                    stacks.append("")
                    continue
                if point_text not in _STACKS:
                    if not point_text or set(point_text) - {"w", "b"} or len(point_text) > 3:
                        raise InvalidPositionError(
                            f"{name} holds {point_text!r}: a point is '-' or a stack of w and b, bottom first, "
                            "at most 3 high"
                        )
                    raise InvalidPositionError(
                        f"{name} holds {point_text!r}, a stack no game can make "
                        "(a double is one piece of each colour; a triple is wbw, bwb, bbw or wwb)"
                    )
                if point in geometry.no_placement:
                    raise InvalidPositionError(
                        f"{name} is a point nobody may place on, but holds {point_text!r}"
                    )
                stacks.append(point_text)
        if turn_text not in ("w", "b"):
            raise InvalidPositionError(f"the side to move is {turn_text!r}: expected w or b")
        reserves = []
        for side_name, value in (("White", white_text), ("Black", black_text)):
            reserve = ascii_int(value, max_digits=3)
            if reserve is None:
                raise InvalidPositionError(f"{side_name}'s reserve is {value!r}: expected a number of pieces")
            reserves.append(reserve)
        for side in Side:
            on_board = sum(stack.count(side.symbol) for stack in stacks)
            if on_board + reserves[side] > geometry.pieces_per_side:
                raise InvalidPositionError(
                    f"{side.name.title()} has {on_board} pieces on the board and {reserves[side]} in reserve: "
                    f"more than its {geometry.pieces_per_side}"
                )
        triples = [0, 0]
        for stack in stacks:
            if len(stack) == 3:
                triples[stack[-1] == "b"] += 1
        if min(triples) >= geometry.triples_to_win:
            raise InvalidPositionError("both sides have built their winning triples")
        self.geometry = geometry
        self.stacks = stacks
        self.reserves = reserves
        self.turn = Side.WHITE if turn_text == "w" else Side.BLACK
        self.triples = triples
        self.hash = self._full_hash()

    def text(self) -> str:
        """The position as text: the rows from ``a`` down, the side to move, White's and Black's reserves."""
        stacks = self.stacks
        rows = "/".join(",".join(stacks[point] or "-" for point in row) for row in self.geometry.rows)
        return f"{rows} {self.turn.symbol} {self.reserves[0]} {self.reserves[1]}"

    def _full_hash(self) -> int:
        key = Z_BLACK_TO_MOVE if self.turn is Side.BLACK else 0
        for point, stack in enumerate(self.stacks):
            key ^= Z_STACK[stack][point]
        return key ^ Z_RESERVE[0][self.reserves[0]] ^ Z_RESERVE[1][self.reserves[1]]

    def copy(self) -> Board:
        """An independent copy (with the move stack, so ``pop`` works on it too)."""
        board = Board.__new__(Board)
        board.geometry = self.geometry
        board.stacks = self.stacks.copy()
        board.reserves = self.reserves.copy()
        board.turn = self.turn
        board.triples = self.triples.copy()
        board.hash = self.hash
        board._stack = self._stack.copy()
        return board

    # -- reading --

    @property
    def grand(self) -> bool:
        """Whether this is Grand Attangle's board."""
        return self.geometry.grand

    def point(self, name: str) -> int:
        """The index of the point ``name``; ``IllegalMoveError`` if this board has no such point."""
        index = self.geometry.index_of.get(name)
        if index is None:
            board = "Grand Attangle's" if self.geometry.grand else "Attangle's"
            raise IllegalMoveError(f"{board} board has no point {name!r}")
        return index

    def stack(self, point_name: str) -> str:
        """The stack on ``point_name``, bottom to top (``""`` when empty)."""
        return self.stacks[self.point(point_name)]

    def reserve(self, side: Side | int) -> int:
        """The pieces ``side`` still has to place."""
        return self.reserves[side]

    def triple_count(self, side: Side | int) -> int:
        """The triples topped by ``side``'s colour (they never change once built)."""
        return self.triples[side]

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed so far, oldest first."""
        return [self.move_from_raw(state.raw) for state in self._stack]

    @property
    def ply(self) -> int:
        """How many moves have been pushed."""
        return len(self._stack)

    # -- moves --

    def move_from_raw(self, raw: int) -> Move:
        """The ``Move`` of a raw move (see ``raw_moves``)."""
        names = self.geometry.names
        if raw & CAPTURE:
            # Built without the checks: the names are the board's own (the search's hot path).
            return tuple.__new__(
                Move, (names[raw & _MASK], (names[raw >> 6 & _MASK], names[raw >> 12 & _MASK]))
            )
        return tuple.__new__(Move, (names[raw], ()))

    def raw_from_move(self, move: Move) -> int:
        """The raw form of ``move`` on this board; ``IllegalMoveError`` for a point it does not have."""
        target = self.point(move.target)
        if not move.attackers:
            return target
        first, second = self.point(move.attackers[0]), self.point(move.attackers[1])
        if first > second:
            first, second = second, first
        return target | first << 6 | second << 12 | CAPTURE

    def raw_moves(self) -> list[int]:
        """Every legal move as a raw int (placements first), ``[]`` when the game is over.

        For the search and perft: a placement is the point's index; a capture
        is ``target | first << 6 | second << 12 | CAPTURE`` (``first < second``).
        """
        if max(self.triples) >= self.geometry.triples_to_win:
            return []
        moves: list[int] = []
        stacks = self.stacks
        if self.reserves[self.turn]:
            moves = [point for point in self.geometry.placeable if not stacks[point]]
        moves += self.raw_captures()
        return moves

    def raw_captures(self) -> list[int]:
        """Every legal capture of the side to move, as raw ints (even when the game is over)."""
        stacks = self.stacks
        us = self.turn.symbol
        captures: list[int] = []
        rays = self.geometry.rays
        for target, stack in enumerate(stacks):
            if not stack or stack[-1] == us or len(stack) == 3:
                continue
            attackers = []
            for ray in rays[target]:
                for point in ray:
                    seen = stacks[point]
                    if seen:
                        if seen[-1] == us and len(seen) < 3:
                            attackers.append(point)
                        break
            if len(attackers) < 2:
                continue
            room = 4 - len(stack)  # the attackers' heights together, at most
            attackers.sort()
            for i, first in enumerate(attackers):
                height = len(stacks[first])
                for second in attackers[i + 1 :]:
                    if height + len(stacks[second]) <= room:
                        captures.append(target | first << 6 | second << 12 | CAPTURE)
        return captures

    def has_legal_move(self) -> bool:
        """Whether the side to move can move (the game not being won already)."""
        if max(self.triples) >= self.geometry.triples_to_win:
            return False
        stacks = self.stacks
        if self.reserves[self.turn] and any(not stacks[point] for point in self.geometry.placeable):
            return True
        return bool(self.raw_captures())

    def legal_moves(self) -> list[Move]:
        """Every legal move (placements, then captures), ``[]`` when the game is over."""
        return [self.move_from_raw(raw) for raw in self.raw_moves()]

    def illegal_reason(self, move: object) -> str | None:
        """Why ``move`` (anything: ``push`` is given what players send) cannot be played here, or ``None`` if legal."""
        if not isinstance(move, Move):
            return f"{move!r} is not an Attangle move"
        if max(self.triples) >= self.geometry.triples_to_win:
            return "the game is over"
        try:
            raw = self.raw_from_move(move)
        except IllegalMoveError as error:
            return str(error)
        stacks = self.stacks
        us = self.turn.symbol
        target = raw & _MASK
        name = move.target
        if not raw & CAPTURE:
            if stacks[target]:
                return f"{name} is taken"
            if target in self.geometry.no_placement:
                return f"nobody may place on {name}"
            if not self.reserves[self.turn]:
                return f"{self.turn.name.title()} has no piece left to place: it must capture"
            return None
        stack = stacks[target]
        if not stack:
            return f"there is nothing on {name} to capture"
        if stack[-1] == us:
            return f"{name} is {self.turn.name.title()}'s own"
        if len(stack) == 3:
            return f"{name} is a triple: triples are never taken"
        heights = 0
        for attacker_name in move.attackers:
            attacker = self.geometry.index_of[attacker_name]
            attacking = stacks[attacker]
            if not attacking:
                return f"there is no stack on {attacker_name}"
            if attacking[-1] != us:
                return f"{attacker_name} is not {self.turn.name.title()}'s"
            if len(attacking) == 3:
                return f"{attacker_name} is a triple: triples never move"
            between = self.geometry.between.get((target, attacker))
            if between is None:
                return f"{attacker_name} is not on a line with {name}"
            blocking = [self.geometry.names[point] for point in between if stacks[point]]
            if blocking:
                return f"{blocking[0]} stands between {attacker_name} and {name}"
            heights += len(attacking)
        if heights + len(stack) > 4:
            return "a capture may involve at most one double (the stack would be over three high)"
        return None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here."""
        return self.illegal_reason(move) is None

    def push(self, move: Move) -> None:
        """Play ``move``; raises ``IllegalMoveError`` saying why it is not legal, the board unchanged."""
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(f"{move} is not legal: {reason}")
        self.push_raw(self.raw_from_move(move))

    def push_raw(self, raw: int) -> None:
        """Play a raw move, which must be legal (one of ``raw_moves()``); no check is made."""
        stacks = self.stacks
        side = self.turn
        reserves = self.reserves
        key = self.hash ^ Z_BLACK_TO_MOVE ^ Z_RESERVE[side][reserves[side]]
        target = raw & _MASK
        if raw & CAPTURE:
            first, second = raw >> 6 & _MASK, raw >> 12 & _MASK
            under, one, other = stacks[target], stacks[first], stacks[second]
            self._stack.append(
                _State(
                    raw,
                    ((target, under), (first, one), (second, other)),
                    (reserves[0], reserves[1]),
                    (self.triples[0], self.triples[1]),
                    self.hash,
                )
            )
            # The taller attacker lands first, the single last; the single goes back to the reserve.
            stack = under + (one if len(one) >= len(other) else other)
            z_target = Z_STACK
            key ^= (
                z_target[under][target]
                ^ z_target[stack][target]
                ^ z_target[one][first]
                ^ z_target[other][second]
            )
            stacks[target] = stack
            stacks[first] = stacks[second] = ""
            reserves[side] += 1
            if len(stack) == 3:
                self.triples[side] += 1
        else:
            self._stack.append(
                _State(
                    raw,
                    ((target, ""),),
                    (reserves[0], reserves[1]),
                    (self.triples[0], self.triples[1]),
                    self.hash,
                )
            )
            stacks[target] = side.symbol
            key ^= Z_STACK[side.symbol][target]
            reserves[side] -= 1
        self.hash = key ^ Z_RESERVE[side][reserves[side]]
        self.turn = side.opponent

    def pop(self) -> Move:
        """Take back the last move and return it; ``IndexError`` if no move was pushed."""
        return self.move_from_raw(self.pop_raw())

    def pop_raw(self) -> int:
        """Take back the last move and return it as a raw move (the search's ``pop``)."""
        state = self._stack.pop()
        stacks = self.stacks
        for point, stack in state.points:
            stacks[point] = stack
        self.reserves = list(state.reserves)
        self.triples = list(state.triples)
        self.hash = state.hash
        self.turn = self.turn.opponent
        return state.raw

    # -- the end --

    def chance_outcomes(self) -> list[tuple[object, float]]:
        """The game has no dice: no position is a chance node, so there is never an outcome to list."""
        return []

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        ``Outcome.scores`` are the own-topped triples of White and Black.
        """
        scores = (self.triples[0], self.triples[1])
        need = self.geometry.triples_to_win
        for side in Side:
            if self.triples[side] >= need:
                return Outcome(Termination.TRIPLES, side, scores)
        if not self.has_legal_move():
            return Outcome(Termination.NO_MOVES, self.turn.opponent, scores)
        return None

    def is_game_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome() is not None

    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` moves (a finished game counts 0 at depth >= 1)."""
        if depth <= 0:
            return 1
        moves = self.raw_moves()
        if depth == 1:
            return len(moves)
        nodes = 0
        for raw in moves:
            self.push_raw(raw)
            nodes += self.perft(depth - 1)
            self.pop_raw()
        return nodes

    def __repr__(self) -> str:
        return f"Board({self.text()!r})"

    def __eq__(self, other: object) -> bool:
        """Positions are equal when their text is (the move stacks are not compared)."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.text() == other.text()

    __hash__ = None  # type: ignore[assignment]  # mutable
