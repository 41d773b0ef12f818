"""Playing Ataxx: the board, mouse play (click or drag), the computer's turns, animations, the panel.

The match (``game.engine.match.Match``) is the truth; this scene shows it and
feeds it moves. A move is played on the match at once and then animated: the
animation only decides how the squares it touches look until it ends. The
computer's move is asked of the App's worker as soon as it is its turn (even
while the previous move still animates) and played when the worker has it,
the animation is over and a short minimum "thinking" time has passed.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from game.ai.ataxx.levels import HINT_LEVEL, level_by_key
from game.ai.worker import AIState, AIStatus
from game.engine.ataxx import Move, Side
from game.engine.levels import LevelInfo
from game.engine.match import Match
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.play_keeper import MatchKeeper
from game.scenes.play_keys import PlayKeys
from game.scenes.play_overlays import SHAKE_TIME, BoardOverlays
from game.scenes.play_panel import PlayPanel, format_score
from game.scenes.results import REASONS
from game.ui import gfx, theme
from game.ui.anim import SPEED_FACTORS, FillAnimation, MoveAnimation
from game.ui.board_view import BoardView, PieceLook
from game.ui.lang import player_label, side_name, tr_data

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.newgame import GameConfig

__all__ = ["PlayScene"]

log = logging.getLogger(__name__)

DRAG_THRESHOLD = 6  # pixels the mouse must travel with the button held before a press becomes a drag


class _Drag:
    def __init__(self, square: int, pos: tuple[int, int]) -> None:
        self.square = square
        self.start = pos
        self.pos = pos
        self.active = False


class PlayScene(BoardOverlays, Scene):
    """One game of Ataxx on a level, against the computer or a second player."""

    persistent = True
    """Whether this game is the player's: autosaved and counted in the statistics (the kiosk's
    attract mode plays games that are neither)."""

    def __init__(self, app: App, config: GameConfig, level: LevelInfo) -> None:
        super().__init__(app)
        self.config = config
        self.level = level
        self.view = BoardView()
        self.panel = PlayPanel(self)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self._background_surface: pygame.Surface | None = None
        self._background_key: object = None
        self.keeper = MatchKeeper(self)
        self._new_match()
        self.keys = PlayKeys(self)

    # -- the match --

    def _new_match(self) -> None:
        self.match = Match(
            self.config.start_fen(self.level.fen), self.config.players(), self.app.settings.match_rules()
        )
        self.first_side = self.match.turn
        self._clear_transient()
        self.final_fill: dict[int, PieceLook | None] = {}
        self.results_shown = False

    def _clear_transient(self) -> None:
        """Forget everything about the moment: animations, selection, requests, announcements."""
        self.anim: MoveAnimation | None = None
        self.fill: FillAnimation | None = None
        self.selected: int | None = None
        self.hover: int | None = None
        self.drag: _Drag | None = None
        self.ai_ticket: int | None = None
        self.ai_waited = 0.0
        self.ai_status: AIStatus | None = None
        self.hint_ticket: int | None = None
        self.hint_move: Move | None = None
        self.hint_time = 0.0
        self.pass_timer: float | None = None
        self.shake: tuple[int, float] | None = None
        self.toast: tuple[str, float] | None = None
        self.results_timer: float | None = None
        self.final_fill = {}

    @property
    def speed(self) -> float:
        """The animation speed factor from the settings (0: animations off)."""
        return SPEED_FACTORS.get(self.app.settings.animation, 1.0)

    @property
    def instant(self) -> bool:
        return self.app.options.instant

    def _pace(self, normal: float, fast: float, off: float) -> float:
        if self.instant:
            return 0.0
        return {"normal": normal, "fast": fast}.get(self.app.settings.animation, off)

    def player_name(self, side: Side) -> str:
        """How the panel names the player of ``side``."""
        player = self.match.player(side)
        if player.is_human:
            return player_label(player.name) if player.name else side_name(side)
        if player.name:
            return tr("Computer · {level}", level=player_label(player.name))
        return tr("Computer")

    @property
    def vs_computer(self) -> bool:
        return not all(player.is_human for player in self.match.players)

    @property
    def thinking(self) -> bool:
        """Whether the computer is choosing a move now."""
        return self.ai_ticket is not None and self.match.computer_to_move

    def human_turn(self) -> bool:
        """Whether a person may move now."""
        return (
            not self.match.is_over
            and self.match.current_player.is_human
            and self.pass_timer is None
            and self.match.legal_moves() != [Move.null()]
        )

    def displayed_count(self, side: Side) -> int:
        """The piece count shown: the final one (with the early finish) once it has filled in."""
        result = self.match.result
        if result is not None and result.filled and (self.fill is None or self.fill.done):
            return result.count(side)
        return self.match.board.count(side)

    # -- lifecycle --

    def enter(self) -> None:
        if self.vs_computer:
            self.app.worker.warm_up()

    def exit(self) -> None:
        self._cancel_ai()

    def pause(self) -> None:
        self.match.pause()
        self.drag = None

    def resume(self) -> None:
        self.match.resume()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(16)
        panel_w = max(200, min(int(width * 0.3), self.px(330)))
        self.board_area = pygame.Rect(margin, margin, width - panel_w - margin * 3, height - margin * 2)
        self.view.place(self.board_area)
        self.panel.layout(pygame.Rect(width - panel_w - margin, margin, panel_w, height - margin * 2))

    def square_centre(self, sq: int) -> tuple[int, int]:
        """The pixel centre of square ``sq`` on screen (tests click there)."""
        self.ensure_layout()
        return self.view.square_centre(sq)

    # -- moves --

    def targets(self, sq: int) -> tuple[int, int]:
        """The clone and jump targets (bitboards) of the piece on ``sq``."""
        board = self.match.board
        return board.clone_targets(sq), board.jump_targets(sq)

    def _movable(self, sq: int) -> bool:
        clones, jumps = self.targets(sq)
        return self.match.board.side_at(sq) is self.match.turn and bool(clones | jumps)

    def move_for(self, source: int, target: int) -> Move | None:
        """The move taking the piece on ``source`` to ``target``, if legal."""
        clones, jumps = self.targets(source)
        if clones >> target & 1:
            return Move.clone(target)
        if jumps >> target & 1:
            return Move.jump(source, target)
        return None

    def play(self, move: Move, *, animate: bool = True) -> None:
        """Play ``move`` on the match and start its animation."""
        played = self.match.play(move)
        self.keeper.update()  # the autosave follows every move at once
        self.selected = None
        self.drag = None
        self.hint_move = None
        self._cancel_hint()
        if move.is_pass:
            return
        self.app.audio.reset_wave()
        if animate and self.speed > 0:
            self.anim = MoveAnimation(played, self.speed)
        else:
            self.app.audio.play("jump" if move.is_jump else "clone")
            if played.captured:
                self.app.audio.play("flip")

    def select(self, sq: int | None) -> None:
        """Select the piece on ``sq`` (None clears the selection)."""
        self.selected = sq
        if sq is not None:
            self.app.audio.play("select")

    def _reject(self, sq: int | None, message: str | None = None) -> None:
        """Gentle feedback for a click that does nothing: a shake, a buzz, a short note."""
        if sq is not None:
            self.shake = (sq, SHAKE_TIME)
        self.app.audio.play("invalid")
        if message:
            self.toast = (message, 1.6)

    # -- buttons --

    def can_undo(self) -> bool:
        if not self.match.can_undo:
            return False
        if self.vs_computer:
            return any(self.match.players[side].is_human for side in (Side.RED, Side.BLUE))
        return True

    def can_redo(self) -> bool:
        return self.match.can_redo

    def can_hint(self) -> bool:
        return self.human_turn() and self.hint_ticket is None

    def undo(self) -> None:
        """Take back moves: to your previous turn against the computer, one move between two players."""
        if not self.can_undo():
            self._reject(None)
            return
        self._cancel_ai()
        self._cancel_hint()
        if self.vs_computer:
            undone = self.match.undo_to_human_turn()
        else:
            undone = [self.match.undo()]
            while self.match.can_undo and self.match.legal_moves() == [Move.null()]:
                undone.append(self.match.undo())  # a forced pass is not a decision: skip back over it
        self._clear_transient()
        self.results_shown = False
        self.app.audio.play("click")
        taken = (
            tr("Took back 1 move") if len(undone) == 1 else tr("Took back {count} moves", count=len(undone))
        )
        self.toast = (taken, 1.2)

    def redo(self) -> None:
        """Replay moves taken back: up to your next turn against the computer."""
        if not self.match.can_redo:
            self._reject(None)
            return
        self._cancel_ai()
        self._cancel_hint()
        self._finish_animations()
        self.match.redo()
        while (
            self.vs_computer
            and self.match.can_redo
            and not self.match.is_over
            and not (self.match.current_player.is_human and self.match.legal_moves() != [Move.null()])
        ):
            self.match.redo()
        self._clear_transient()
        self.app.audio.play("click")

    def hint(self) -> None:
        """Ask the worker for a suggestion; it appears as an arrow."""
        if not self.can_hint():
            self._reject(None, tr("A hint is for your turn"))
            return
        self.hint_move = None
        self.hint_ticket = self.app.worker.request(
            self.match.board, HINT_LEVEL, time_budget=self.app.options.ai_time_budget
        )
        self.app.audio.play("click")

    def ask_restart(self) -> None:
        """Restart the level from its first position (after a confirmation once moves were made)."""
        if self.match.ply == 0 or self.match.is_over:
            self.restart()
            return
        from game.scenes.dialog import Dialog

        def confirmed() -> None:
            self.app.pop()
            self.restart()

        dialog = Dialog(
            self.app,
            tr("Restart?"),
            [
                tr(
                    "Start {level} again from the beginning? This game will be lost.",
                    level=tr_data(self.level.name),
                )
            ],
            [("Restart", confirmed), ("Cancel", self.app.pop)],
            accent=theme.ACCENT_2,
        )
        dialog.escape_action = self.app.pop
        self.app.push(dialog)

    def restart(self, *, swap: bool = False) -> None:
        """A new match on the same level (the sides swapped if ``swap``)."""
        self._cancel_ai()
        self._cancel_hint()
        if swap:
            self.config = self.config.swapped()
        self._new_match()
        self.app.audio.play("start")

    def open_help(self) -> None:
        """The rules pages over the game (F1); the game clock stops meanwhile."""
        from game.scenes.rules import RulesScene

        self.app.audio.play("click")
        self.app.push(RulesScene(self.app, overlay=True))

    def save(self) -> None:
        """Save to the game's name, asking for one the first time (Ctrl+S); a kiosk keeps only the autosave."""
        from game.scenes.saveload import quick_save

        if self.app.kiosk:
            self.toast = (tr("Saving is off on this machine"), 1.8)
            self.app.audio.play("invalid")
            return
        quick_save(self)

    def open_menu(self) -> None:
        """The pause overlay: resume, restart, options, quit to menu."""
        from game.scenes.pause import PauseScene

        self.app.audio.play("click")
        self.app.push(PauseScene(self.app, self))

    # -- the worker --

    def _cancel_ai(self) -> None:
        if self.ai_ticket is not None:
            self.app.worker.cancel()
            self.ai_ticket = None
        self.ai_status = None

    def _cancel_hint(self) -> None:
        if self.hint_ticket is not None:
            self.app.worker.cancel()
            self.hint_ticket = None

    def _ai_budget(self) -> float | None:
        """Seconds the computer may think per move (None: its level's own time)."""
        return self.app.options.ai_time_budget

    def _computer_level(self) -> object:
        return level_by_key(self.match.current_player.level or "casual")

    def _drive_computer(self, dt: float) -> None:
        if self.ai_ticket is None:
            self.ai_ticket = self.app.worker.request(
                self.match.board, self._computer_level(), time_budget=self._ai_budget()
            )
            self.ai_waited = 0.0
            self.ai_status = None
            return
        self.ai_waited += dt
        status = self.app.worker.poll(self.ai_ticket)
        self.ai_status = status
        if status.state is AIState.THINKING:
            return
        if status.state in (AIState.CANCELLED, AIState.UNKNOWN):
            self.ai_ticket = None  # ask again next frame
            return
        if status.state is AIState.ERROR:
            self.ai_ticket = None
            self._ai_failed(status.error or "unknown error")
            return
        if self.anim is not None or self.ai_waited < self._pace(0.45, 0.25, 0.15):
            return  # let the last move finish, and never answer in a flash
        self.ai_ticket = None
        move = status.move
        if not isinstance(move, Move) or not self.match.board.is_legal(move):
            self._ai_failed(f"the computer proposed {move!s}, which is not legal here")
            return
        self.play(move)

    def _ai_failed(self, error: str) -> None:
        from game.scenes.dialog import Dialog

        log.error("AI failed: %s", error)
        self.app.audio.play("invalid")
        self.app.push(
            Dialog(
                self.app,
                tr("The computer is stuck"),
                [tr("It could not choose a move: {error}", error=error[:240])],
                [("Try again", self.app.pop), ("Quit to menu", self._quit_to_menu)],
                accent=theme.DANGER,
            )
        )

    def _quit_to_menu(self) -> None:
        from game.scenes.menu import MenuScene

        if not self.app.pop_to(MenuScene):
            self.app.reset(MenuScene(self.app))

    def _poll_hint(self) -> None:
        if self.hint_ticket is None:
            return
        status = self.app.worker.poll(self.hint_ticket)
        if status.state is AIState.THINKING:
            return
        self.hint_ticket = None
        if (
            status.state is AIState.DONE
            and isinstance(status.move, Move)
            and self.match.board.is_legal(status.move)
        ):
            self.hint_move = status.move
            self.hint_time = 0.0
        elif status.state is AIState.ERROR:
            self.toast = (tr("No hint this time: the AI failed"), 2.0)
            log.error("hint failed: %s", status.error)

    # -- the frame --

    def _finish_animations(self) -> None:
        if self.anim is not None:
            self.anim.finish()
            self.anim = None
        if self.fill is not None:
            self.fill.finish()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.panel.update(dt)
        self.keeper.update()
        self.keys.update(dt)
        if self.shake is not None:
            self.shake = (self.shake[0], self.shake[1] - dt) if self.shake[1] > dt else None
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        self.hint_time += dt
        if self.anim is not None:
            for sound in self.anim.update(dt):
                self.app.audio.play(sound)
            if self.anim.done:
                self.anim = None
        self._poll_hint()
        match = self.match
        if match.is_over:
            self._update_end(dt)
            return
        if match.legal_moves() == [Move.null()]:
            self._update_pass(dt)
            return
        if match.computer_to_move:
            self._drive_computer(dt)

    def _update_pass(self, dt: float) -> None:
        if self.anim is not None:
            return
        if self.pass_timer is None:
            self.pass_timer = self._pace(1.7, 1.0, 0.8)
            self.app.audio.play("pass")
            self.selected = None
        self.pass_timer -= dt
        if self.pass_timer <= 0:
            self.pass_timer = None
            self.play(Move.null())

    def _update_end(self, dt: float) -> None:
        if self.anim is not None:
            return
        result = self.match.result
        assert result is not None
        if result.filled and self.fill is None:
            beneficiary = self.match.turn.opponent
            self.fill = FillAnimation(self.match.board, result.filled, beneficiary, self.speed)
            if self.speed == 0:
                self.fill.finish()
        if self.fill is not None and not self.fill.done:
            for sound in self.fill.update(dt):
                self.app.audio.play(sound)
            return
        if self.fill is not None:
            self.final_fill = self.fill.overrides()
        if self.results_shown:
            return
        if self.results_timer is None:
            self.results_timer = self._pace(1.0, 0.6, 0.4)
        self.results_timer -= dt
        if self.results_timer <= 0:
            from game.scenes.results import ResultsScene

            self.results_shown = True
            self.results_timer = None
            self.app.push(ResultsScene(self.app, self))

    # -- input --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F1 or (event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL)
        ):
            if event.key == pygame.K_F1:
                self.open_help()
            else:
                self.save()
            return True
        if self.keys.handle_event(event):
            return True
        if self.panel.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.view.square_at(event.pos)
            if self.drag is not None:
                self.drag.pos = event.pos
                if math.dist(event.pos, self.drag.start) > DRAG_THRESHOLD:
                    self.drag.active = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None
            self.drag = None
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_RETURN) and (self.anim or self.pass_timer):
                self._skip()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_BACKSPACE:
                self.undo()
                return True
        return False

    def _skip(self) -> bool:
        """A click or key during an animation or announcement ends it at once."""
        skipped = False
        if self.anim is not None:
            self.anim.finish()
            self.anim = None
            skipped = True
        if self.fill is not None and not self.fill.done:
            self.fill.finish()
            skipped = True
        if self.pass_timer is not None:
            self.pass_timer = 0.0
            skipped = True
        return skipped

    def _press(self, pos: tuple[int, int]) -> bool:
        sq = self.view.square_at(pos)
        if self._skip():
            return True
        if sq is None:
            if self.selected is not None:
                self.selected = None
            return False
        if not self.human_turn():
            if self.match.is_over:
                return True
            self.toast = (tr("The computer is thinking…") if self.thinking else tr("Wait for your turn"), 1.2)
            return True
        board = self.match.board
        if self.selected is not None:
            move = self.move_for(self.selected, sq)
            if move is not None:
                self.play(move)
                return True
        owner = board.side_at(sq)
        if owner is self.match.turn:
            if self._movable(sq):
                if self.selected != sq:
                    self.select(sq)
                self.drag = _Drag(sq, pos)
            else:
                self.selected = None
                self._reject(sq, tr("That piece has nowhere to go"))
            return True
        if self.selected is not None:
            self.selected = None
            self._reject(sq)
            return True
        if owner is not None:
            self._reject(sq, tr("That is {side}'s piece", side=side_name(owner)))
        elif board.blocks >> sq & 1:
            self._reject(sq, tr("A destroyed square"))
        else:
            self._reject(sq, tr("Pick one of your pieces first"))
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
            self.play(move)
        else:
            self._reject(sq)
        return True

    # -- drawing --

    def status_text(self) -> tuple[str, str, theme.Colour]:
        """The panel's status: a headline, a detail line and a colour."""
        match = self.match
        if match.is_over:
            result = match.result
            assert result is not None
            winner = result.outcome.winner
            headline = tr("Draw") if winner is None else tr("{side} wins", side=side_name(winner))
            termination = result.outcome.termination
            return headline, tr(REASONS.get(termination, termination.value.capitalize())), theme.GOLD
        side = match.turn
        colour = theme.SIDE_COLOURS[side]
        if self.pass_timer is not None:
            return tr("{side} passes", side=side_name(side)), tr("No move is possible"), colour
        if self.thinking:
            progress = self.ai_status.progress if self.ai_status else None
            detail = (
                tr("depth {depth} · eval {score}", depth=progress.depth, score=format_score(progress.score))
                if progress
                else tr("searching…")
            )
            return tr("Computer is thinking"), detail, colour
        if self.hint_ticket is not None:
            return tr("Looking for a hint…"), "", theme.GOLD
        if self.hint_move is not None:
            return tr("Hint: {move}", move=str(self.hint_move)), tr("Follow the arrow"), theme.GOLD
        if self.vs_computer:
            return tr("Your move"), tr("Click a piece, then a square"), colour
        return tr("{side} to move", side=side_name(side)), tr("Click a piece, then a square"), colour

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        board = self.match.board
        surface.blit(self._background(surface.get_size(), board.blocks), (0, 0))
        self._draw_last_move(surface)
        self._draw_highlights(surface)
        overrides: dict[int, PieceLook | None] = dict(self.final_fill)
        if self.fill is not None and not self.fill.done:
            overrides.update(self.fill.overrides())
        if self.anim is not None:
            overrides.update(self.anim.overrides(view))
        if self.shake is not None and board.side_at(self.shake[0]) is not None:
            sq, left = self.shake
            x, y = view.square_centre(sq)
            offset = math.sin(left * 60) * view.cell * 0.08 * (left / SHAKE_TIME)
            overrides[sq] = PieceLook(board.side_at(sq), centre=(x + offset, y))  # type: ignore[arg-type]
        if self.drag is not None and self.drag.active:
            side = board.side_at(self.drag.square)
            if side is not None:
                overrides[self.drag.square] = PieceLook(side, alpha=90)
        view.draw_pieces(surface, board, overrides)
        view.draw_flying(
            surface,
            {k: v for k, v in overrides.items() if v is not None and v.centre is not None and v.alpha == 255},
        )
        if self.drag is not None and self.drag.active:
            side = board.side_at(self.drag.square)
            if side is not None:
                view.draw_piece(
                    surface,
                    self.drag.square,
                    PieceLook(side, centre=self.drag.pos, lift=0.5, glow=theme.SELECT),
                )
        self._draw_hint(surface)
        self.keys.draw_board(surface)
        self._draw_banner(surface)
        self._draw_toast(surface)
        self.panel.draw(surface)

    def _background(self, size: tuple[int, int], blocks: int) -> pygame.Surface:
        """The backdrop, the empty board and the panel's frame in one opaque picture, cached."""
        key = (size, tuple(self.view.rect), blocks, tuple(self.panel.rect), theme.LOOK_VERSION)
        if self._background_key != key:
            background = gfx.backdrop(size).copy()
            self.view.draw_static(background, self.app.theme, blocks)
            gfx.panel(background, self.panel.rect, radius=self.px(16), alpha=215)
            self._background_surface = background
            self._background_key = key
        assert self._background_surface is not None
        return self._background_surface
