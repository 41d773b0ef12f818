"""Tweens for the Ataxx board: a move (clone grows, jump arcs, infected pieces flip in a wave)
and the early finish (empty squares fill, spreading from the winner's pieces).

Animations are timed in seconds and scaled by the speed setting. Each one
reports which squares it draws differently this frame (``overrides``, for
``BoardView``) and which sounds start (``update`` returns their names).
"""

from __future__ import annotations

import dataclasses
import math

from game.engine.ataxx import Board, Move, Side, bits, neighbours, spread
from game.scenes.ataxx.view import BoardView, PieceLook
from game.scenes.timeline import Timeline
from game.ui import theme
from game.ui.anim import ease_in_out, ease_out_back, ease_out_cubic, flip_squash

__all__ = ["FillAnimation", "MoveAnimation", "PlayedMove", "flip_look"]

CLONE_TIME = 0.24
JUMP_TIME = 0.46
FLIP_TIME = 0.36
FLIP_STAGGER = 0.065
FILL_STAGGER = 0.09
FILL_GROW = 0.3


def flip_look(old: Side, new: Side, progress: float) -> PieceLook:
    """A coin flip at ``progress`` (0..1): squash to edge-on, change colour, unsquash."""
    progress = max(0.0, min(1.0, progress))
    squash, turned = flip_squash(progress)
    lift = math.sin(math.pi * progress) * 0.25
    glow = theme.SEAT_COLOURS[new] if 0.2 < progress < 0.95 else None
    return PieceLook(new if turned else old, squash=squash, lift=0.0, scale=1 + lift, glow=glow)


@dataclasses.dataclass(frozen=True)
class PlayedMove:
    """What a move did, for its animation: the mover, the infected pieces and where the piece came from."""

    move: Move
    side: Side
    captured: int
    """Bitboard of the enemy pieces the move infected."""
    source: int | None
    """The square the piece came from: the jump origin, or a neighbouring own piece for a
    clone (the one a player would see it grow out of); ``None`` for a pass."""

    @classmethod
    def describe(cls, board: Board, move: Move) -> PlayedMove:
        """What ``move`` (legal) will do on ``board``, which it has not been played on yet."""
        side = board.turn
        if move.is_pass:
            return cls(move, side, 0, None)
        captured = board.captures(move)
        if move.is_jump:
            source: int | None = move.from_square
        else:
            adjacent_own = bits(neighbours(move.to_square) & board.pieces[side])
            source = adjacent_own[0] if adjacent_own else None
        return cls(move, side, captured, source)

    @property
    def captured_squares(self) -> list[int]:
        """The infected squares, nearest the destination first (diagonals after orthogonals)."""
        squares = bits(self.captured)
        to = self.move.to_square
        return sorted(squares, key=lambda sq: (abs(sq % 7 - to % 7) + abs(sq // 7 - to // 7), sq))


class MoveAnimation(Timeline):
    """One move played on the board; the board already shows the position after it."""

    def __init__(self, played: PlayedMove, speed: float) -> None:
        self.played = played
        self.time = 0.0
        move = played.move
        self.travel = (CLONE_TIME if move.is_clone else JUMP_TIME) * speed
        self.flips: list[tuple[int, float]] = []
        for index, sq in enumerate(played.captured_squares):
            self.flips.append((sq, self.travel + index * FLIP_STAGGER * speed))
        self.flip_time = FLIP_TIME * speed
        self.length = self.travel + (
            (self.flips[-1][1] - self.travel + self.flip_time) if self.flips else 0.08 * speed
        )
        self._sound_times: list[tuple[float, str]] = [(0.0, "jump" if move.is_jump else "clone")]
        self._sound_times += [(start, "flip") for _, start in self.flips]
        self._next_sound = 0

    def finish(self) -> None:
        super().finish()
        self._next_sound = len(self._sound_times)

    def update(self, dt: float) -> list[str]:
        """Advance by ``dt`` seconds; the names of the sounds that start now."""
        self.time += dt
        sounds = []
        while (
            self._next_sound < len(self._sound_times) and self._sound_times[self._next_sound][0] <= self.time
        ):
            sounds.append(self._sound_times[self._next_sound][1])
            self._next_sound += 1
        return sounds

    def overrides(self, view: BoardView) -> dict[int, PieceLook | None]:
        """How the moving, landing and flipping pieces look now."""
        played = self.played
        mover = played.side
        looks: dict[int, PieceLook | None] = {}
        to = played.move.to_square
        source = played.source if played.source is not None else to
        if self.time < self.travel:
            progress = self.time / self.travel if self.travel > 0 else 1.0
            start = view.square_centre(source)
            end = view.square_centre(to)
            if played.move.is_jump:
                eased = ease_in_out(progress)
                height = math.sin(math.pi * eased)
                x = start[0] + (end[0] - start[0]) * eased
                y = start[1] + (end[1] - start[1]) * eased - height * view.cell * 0.9
                looks[to] = PieceLook(mover, centre=(x, y), lift=height)
            else:
                eased = ease_out_cubic(progress)
                x = start[0] + (end[0] - start[0]) * eased
                y = start[1] + (end[1] - start[1]) * eased
                looks[to] = PieceLook(mover, centre=(x, y), scale=0.35 + 0.65 * ease_out_back(progress))
        else:
            settle = (self.time - self.travel) / 0.12 if self.travel > 0 else 1.0
            if settle < 1:
                looks[to] = PieceLook(mover, scale=1 + 0.08 * math.sin(math.pi * settle))
        for sq, start_time in self.flips:
            if self.time < start_time:
                looks[sq] = PieceLook(mover.opponent)
            elif self.time < start_time + self.flip_time:
                looks[sq] = flip_look(mover.opponent, mover, (self.time - start_time) / self.flip_time)
        return looks


def _fill_order(board: Board, filled: int, side: Side) -> list[list[int]]:
    """The filled squares in waves: those next to ``side``'s pieces first, then outwards."""
    waves: list[list[int]] = []
    reached = board.pieces[side]
    remaining = filled
    while remaining:
        wave = spread(reached) & remaining
        if not wave:  # not connected (cannot happen for an early finish): fill the rest at once
            wave = remaining
        waves.append(bits(wave))
        remaining &= ~wave
        reached |= wave
    return waves


class FillAnimation(Timeline):
    """The early finish: the remaining squares fill with the beneficiary's pieces."""

    def __init__(self, board: Board, filled: int, side: Side, speed: float) -> None:
        self.side = side
        self.time = 0.0
        self.starts: list[tuple[int, float]] = []
        for index, wave in enumerate(_fill_order(board, filled, side)):
            for sq in wave:
                self.starts.append((sq, index * FILL_STAGGER * speed))
        self.grow = FILL_GROW * speed
        self.length = (max((start for _, start in self.starts), default=0.0) + self.grow) if speed else 0.0
        self._sounded: set[float] = set()

    def update(self, dt: float) -> list[str]:
        """Advance; a soft clone sound for every wave that starts."""
        self.time += dt
        sounds = []
        for _, start in self.starts:
            if start <= self.time and start not in self._sounded:
                self._sounded.add(start)
                sounds.append("clone")
        return sounds

    def overrides(self) -> dict[int, PieceLook | None]:
        """The filled squares' pieces, growing in."""
        looks: dict[int, PieceLook | None] = {}
        for sq, start in self.starts:
            if self.time < start:
                continue
            progress = (self.time - start) / self.grow if self.grow > 0 else 1.0
            scale = ease_out_back(progress) if progress < 1 else 1.0
            looks[sq] = PieceLook(self.side, scale=max(0.05, scale))
        return looks
