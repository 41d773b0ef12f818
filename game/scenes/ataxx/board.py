"""The Ataxx board on the match screen: ``AtaxxBoard``, the board controller of Ataxx's registry entry.

Mouse play (point at a piece to see its moves, click or drag it to a green
clone square or a magenta jump square), the keyboard cursor and the keypad
codes of seed 002 (``keys``), the animations of a move and of the early
finish (``anim``), and the overlays: the last move, the selection and its
targets, the hint arrow (``overlays``). Moves are handed to the match screen
(``scene.play``), which plays them on the match and then calls ``after_move``
here to animate them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import Board, Move, Side, bits, neighbours
from game.i18n import tr, trc
from game.scenes.ataxx.anim import FillAnimation, MoveAnimation, PlayedMove
from game.scenes.ataxx.keys import PlayKeys
from game.scenes.ataxx.overlays import BoardOverlays
from game.scenes.ataxx.view import BoardView, PieceLook, thumbnail
from game.scenes.board_base import SHAKE_TIME, AnimatedBoard
from game.scenes.board_capabilities import ViewOption
from game.ui import theme
from game.ui.lang import seat_name

if TYPE_CHECKING:
    from game.scenes.board_host import BoardHost

__all__ = ["AtaxxBoard"]

DRAG_THRESHOLD = 6  # pixels the mouse must travel with the button held before a press becomes a drag


class _Drag:
    def __init__(self, square: int, pos: tuple[int, int]) -> None:
        self.square = square
        self.start = pos
        self.pos = pos
        self.active = False


class AtaxxBoard(BoardOverlays, AnimatedBoard[Board, Move, int]):
    """The 7x7 board: pieces, selection, clicks and drags, keys, animations."""

    anim: MoveAnimation | None

    thumbnail = staticmethod(thumbnail)
    VIEW_OPTIONS = (ViewOption("keypad", "Keypad play"),)
    """Keypad play (seed 002) from the first move: the console prompt and the codes on the targets."""

    def __init__(self, scene: BoardHost[Board, Move]) -> None:
        super().__init__(scene)
        self.view = BoardView()
        self.reset()
        self.keys = PlayKeys(self)

    # -- what the board reads of the scene --

    @property
    def time(self) -> float:
        """Seconds since the scene entered (for idle animations)."""
        return self.scene.time

    def px(self, value: float) -> int:
        """``value`` design pixels at the scene's scale."""
        return self.scene.px(value)

    # -- the match --

    def reset(self) -> None:
        super().reset()
        self.fill: FillAnimation | None = None
        self.final_fill: dict[int, PieceLook | None] = {}
        self.selected: int | None = None
        self.hover: int | None = None
        self.drag: _Drag | None = None

    def before_move(self, move: Move) -> PlayedMove:
        return PlayedMove.describe(self.position, move)

    def after_move(self, move: Move, note: PlayedMove, *, animate: bool) -> None:
        self.selected = None
        self.drag = None
        if move.is_pass:
            return
        audio = self.app.audio
        audio.reset_wave()
        if animate:
            self.anim = MoveAnimation(note, self.scene.speed)
        else:
            audio.play("jump" if move.is_jump else "clone")
            if note.captured:
                audio.play("flip")

    def closing(self) -> FillAnimation | None:
        return self.fill

    def finishing(self, dt: float) -> bool:
        """The early finish fills the rest of the board before the results."""
        result = self.match.result
        assert result is not None
        if result.detail and self.fill is None:
            beneficiary = self.position.turn.opponent
            self.fill = FillAnimation(self.position, result.detail, beneficiary, self.scene.speed)
            if self.scene.speed == 0:
                self.fill.finish()
        if self.play_closing(dt):
            return True
        if self.fill is not None:
            self.final_fill = self.fill.overrides()
        return False

    # -- what the panel shows --

    def displayed_score(self, seat: int) -> int:
        """The piece count: the final one (with the early finish) once it has filled in."""
        result = self.match.result
        if result is not None and result.detail and (self.fill is None or self.fill.done):
            return result.score(seat)
        return self.position.count(Side(seat))

    def score_bar(self) -> tuple[int, int, int]:
        board = self.position
        return (
            self.displayed_score(0),
            self.displayed_score(1),
            49 - board.blocks.bit_count(),
        )

    def place_radius(self) -> float:
        return self.view.cell * 0.5  # the square's own outline: the piece inside stays whole

    def move_label(self, move: Move) -> str:
        return trc("ataxx", "pass") if isinstance(move, Move) and move.is_pass else str(move)

    def instructions(self) -> str:
        return tr("Click a piece, then a square")

    def forced_text(self, seat: int) -> tuple[str, str]:
        name = seat_name(seat)
        return tr("{side} cannot move and passes", side=name), tr("No move is possible")

    def console_height(self) -> int:
        # The seed's console prompt takes panel room only once keypad play is in use (a digit typed,
        # or the codes turned on with K); until then the move list has the room.
        return self.keys.console_height() if self.keys.keypad_mode else 0

    def draw_console(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.keys.draw_prompt(surface, rect)

    # -- squares --

    def layout(self, area: pygame.Rect) -> None:
        self.rect = area.copy()
        self.view.place(area)

    def square_centre(self, sq: int) -> tuple[int, int]:
        """The pixel centre of square ``sq`` on screen (tests click there)."""
        self.scene.ensure_layout()
        return self.view.square_centre(sq)

    def targets(self, sq: int) -> tuple[int, int]:
        """The clone and jump targets (bitboards) of the piece on ``sq``."""
        board = self.position
        return board.clone_targets(sq), board.jump_targets(sq)

    def movable(self, sq: int) -> bool:
        """Whether the piece on ``sq`` belongs to the side to move and can go somewhere."""
        clones, jumps = self.targets(sq)
        return self.position.side_at(sq) is self.position.turn and bool(clones | jumps)

    def move_for(self, source: int, target: int) -> Move | None:
        """The move taking the piece on ``source`` to ``target``, if legal."""
        clones, jumps = self.targets(source)
        if clones >> target & 1:
            return Move.clone(target)
        if jumps >> target & 1:
            return Move.jump(source, target)
        return None

    def click_points(self, move: Move) -> list[tuple[int, int]]:
        board = self.position
        if move.is_jump:
            source = move.from_square
        else:
            source = bits(neighbours(move.to_square) & board.pieces[board.turn])[0]
        return [self.square_centre(source), self.square_centre(move.to_square)]

    def select(self, sq: int | None) -> None:
        """Select the piece on ``sq`` (None clears the selection)."""
        self.selected = sq
        if sq is not None:
            self.app.audio.play("select")

    def cancel_drag(self) -> None:
        """Forget a press that might have become a drag (a key press never starts one)."""
        self.drag = None

    # -- input --

    @property
    def cursor_shown(self) -> bool:
        return self.keys.cursor_shown

    def show_cursor(self, shown: bool) -> None:
        self.keys.cursor_shown = shown

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.keys.handle_event(event):
            return True
        if event.type == pygame.WINDOWLEAVE:  # no pointer over the board (out of the window, or covered)
            self.hover = None
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.square_at(event.pos)
            if self.drag is not None:
                self.drag.pos = event.pos
                if math.dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                    self.drag.active = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            self.drag = None
            return True
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        """A press of the left button (or Enter on the cursor) at ``pos``."""
        sq = self.view.square_at(pos)
        if self.scene.skip():
            return True
        if sq is None:
            self.selected = None
            return False
        if self.out_of_turn():
            return True
        board = self.position
        if self.selected is not None:
            move = self.move_for(self.selected, sq)
            if move is not None:
                self.scene.play(move)
                return True
        owner = board.side_at(sq)
        if owner is board.turn:
            if self.movable(sq):
                if self.selected != sq:
                    self.select(sq)
                self.drag = _Drag(sq, pos)
            else:
                self.selected = None
                self.reject(sq, tr("That piece has nowhere to go"))
            return True
        if self.selected is not None:
            self.selected = None
            self.reject(sq)
            return True
        if owner is not None:
            self.reject(sq, tr("That is {side}'s piece", side=seat_name(owner)))
        elif board.blocks >> sq & 1:
            self.reject(sq, tr("A destroyed square"))
        else:
            self.reject(sq, tr("Pick one of your pieces first"))
        return True

    def _release(self, pos: tuple[int, int]) -> bool:
        drag, self.drag = self.drag, None
        if drag is None or not drag.active:
            return self.view.rect.collidepoint(pos)
        sq = self.view.square_at(pos)
        if sq is None or sq == drag.square:
            return True
        move = self.move_for(drag.square, sq) if self.human_turn() else None
        if move is not None:
            self.scene.play(move)
        else:
            self.reject(sq)
        return True

    # -- the frame --

    def update(self, dt: float) -> None:
        self.keys.update(dt)
        super().update(dt)

    def static_key(self) -> object:
        return (tuple(self.view.rect), self.position.blocks)

    def draw_static(self, surface: pygame.Surface) -> None:
        self.view.draw_static(surface, self.app.theme, self.position.blocks)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        board = self.position
        self.draw_last_move(surface)
        self.draw_highlights(surface)
        overrides: dict[int, PieceLook | None] = dict(self.final_fill)
        if self.fill is not None and not self.fill.done:
            overrides.update(self.fill.overrides())
        if self.anim is not None:
            overrides.update(self.anim.overrides(view))
        shaken = board.side_at(self.shake[0]) if self.shake is not None else None
        if self.shake is not None and shaken is not None:
            sq, left = self.shake
            x, y = view.square_centre(sq)
            offset = math.sin(left * 60) * view.cell * 0.08 * (left / SHAKE_TIME)
            overrides[sq] = PieceLook(shaken, centre=(x + offset, y))
        dragged = board.side_at(self.drag.square) if self.drag is not None and self.drag.active else None
        if dragged is not None and self.drag is not None:
            overrides[self.drag.square] = PieceLook(dragged, alpha=90)
        view.draw_pieces(surface, board, overrides)
        view.draw_flying(
            surface,
            {k: v for k, v in overrides.items() if v is not None and v.centre is not None and v.alpha == 255},
        )
        if dragged is not None and self.drag is not None:
            view.draw_piece(
                surface,
                self.drag.square,
                PieceLook(dragged, centre=self.drag.pos, lift=0.5, glow=theme.SELECT),
            )
        self.draw_hint(surface)
        self.keys.draw_board(surface)
