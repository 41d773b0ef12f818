"""The moment a game's board keeps between frames, kept once for every game: ``AnimatedBoard``, a board
controller with a move's animation (and the game's closing one), a shake for a refused click and a pulsing
hint; ``CursorBoard``, one with a keyboard cursor over its places.

Every game's board plays the move just made as an animation that sounds as it
goes, shakes what stands on a place a click there was refused, and pulses the
hint it shows. ``PlaceT`` is how the game names a place of its board (a
square's index, a point's, a square's name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, Protocol

from game.engine.rules import MoveT, PositionT
from game.i18n import tr
from game.scenes.board_host import PlaceT
from game.scenes.parts import BoardController

__all__ = ["SHAKE_TIME", "AnimatedBoard", "Animation", "Closing", "CursorBoard"]

SHAKE_TIME = 0.35
"""Seconds a refused click shakes what stands on its place."""


class Animation(Protocol):
    """A move's animation as the board drives it: advanced each frame, sounding as it goes, until done."""

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> Iterable[str]:
        """Advance by ``dt`` seconds; the names of the sounds that start now."""
        ...


class Closing(Animation, Protocol):
    """A game's closing animation at the end of a match (the board filling in, a winner's pieces lighting up),
    which a click ends."""

    def finish(self) -> None:
        """Jump to the end."""
        ...


class AnimatedBoard(BoardController[PositionT, MoveT], Generic[PositionT, MoveT, PlaceT]):
    """A board controller with a move's animation (``anim``), a refused click's shake (``shake``: the place and
    the seconds left) and the hint's pulse; a game's board adds its own state and calls these."""

    anim: Animation | None
    shake: tuple[PlaceT, float] | None

    def reset(self) -> None:
        self.anim = None
        self.shake = None
        self.hint_move = None
        self.hint_time = 0.0

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def closing(self) -> Closing | None:
        """The closing animation ``finishing`` has started, if any: ``skip`` ends it, ``play_closing`` plays it."""
        return None

    def skip(self) -> bool:
        skipped = self.anim is not None
        self.anim = None
        closing = self.closing()
        if closing is not None and not closing.done:
            closing.finish()
            skipped = True
        return skipped

    def play_closing(self, dt: float) -> bool:
        """Advance the closing animation by ``dt`` seconds, sounding it; whether it still runs."""
        closing = self.closing()
        if closing is None or closing.done:
            return False
        for sound in closing.update(dt):
            self.app.audio.play(sound)
        return True

    def shakes(self, place: PlaceT) -> bool:
        """Whether a refused click on ``place`` shakes it (something stands there): by default, always."""
        return True

    def reject(self, place: PlaceT | None, message: str | None = None) -> None:
        """Gentle feedback for a click that does nothing: a shake, a buzz, a short note."""
        if place is not None and self.shakes(place):
            self.shake = (place, SHAKE_TIME)
        self.scene.reject(message)

    def out_of_turn(self) -> bool:
        """Whether a person may not move now, saying why unless the match is over (the computer thinks, or it
        is not their turn)."""
        if self.human_turn():
            return False
        scene = self.scene
        if not self.match.is_over:
            scene.say(tr("The computer is thinking…") if scene.thinking else tr("Wait for your turn"), 1.2)
        return True

    def update(self, dt: float) -> None:
        self.hint_time += dt
        if self.shake is not None:
            place, left = self.shake
            self.shake = (place, left - dt) if left > dt else None
        if self.anim is not None:
            for sound in self.anim.update(dt):
                self.app.audio.play(sound)
            if self.anim.done:
                self.anim = None


class CursorBoard(AnimatedBoard[PositionT, MoveT, PlaceT]):
    """An animated board with a keyboard cursor over its places: the arrows move it, Enter (or Space) does
    there what a click would (``press``). The pointer's place (``hover``) follows the cursor while it shows."""

    cursor: PlaceT
    hover: PlaceT | None
    _cursor_shown = False

    @property
    def cursor_shown(self) -> bool:
        return self._cursor_shown

    def show_cursor(self, shown: bool) -> None:
        self._cursor_shown = shown

    def press(self, place: PlaceT) -> bool:
        """A click (or Enter on the cursor) on ``place``; whether it was taken."""
        raise NotImplementedError

    def move_cursor(self, step: Callable[[PlaceT], PlaceT]) -> bool:
        """An arrow: the first shows the cursor where it stands, the next ones move it to ``step(cursor)``."""
        if self._cursor_shown:
            self.cursor = step(self.cursor)
        self._cursor_shown = True
        self.hover = self.cursor
        return True

    def press_cursor(self) -> bool:
        """Enter or Space: end an animation, else show the cursor, else press where it stands."""
        if self.scene.skip():
            return True
        if not self._cursor_shown:
            self._cursor_shown = True
            self.hover = self.cursor
            return True
        return self.press(self.cursor)
