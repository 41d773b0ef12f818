"""The match screen, for every game: turns, moves, undo/redo, the panel, pause, results.

The match (``game.engine.match.Match``) is the truth; this scene shows it and
feeds it moves. Everything about the board is the game's ``BoardController``
(``game/scenes/<game>/``): it lays the board out, draws it, turns clicks and
keys into moves (played through ``play``) and animates them. A move is played
on the match at once and then animated. A move nobody chooses (Ataxx's forced
pass) is announced for a moment and played; dice are rolled by the match's own
generator.

The scene holds its collaborators: ``ComputerTurns`` asks the worker for the
computer's moves and hints (``match_computer``), ``SetupCurtain`` keeps a
secret set-up hidden (``match_curtain``), ``MatchKeeper`` autosaves and counts
the game (``match_keeper``), ``MatchPanel`` draws the side panel from the
scene as its ``MatchView``; the status's words are ``match_status``'s and the
questions ``match_dialogs``'s. A resigned game ends (``Match.resign``), is
counted, and the results say who resigned; the attract mode's computers
resign too, and the next game follows.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.board_capabilities import forced_text
from game.scenes.board_host import SidePanel
from game.scenes.match_computer import ComputerTurns
from game.scenes.match_curtain import SetupCurtain
from game.scenes.match_dialogs import ask_resign, ask_restart, computer_stuck
from game.scenes.match_engines import engine_failed
from game.scenes.match_input import route_event
from game.scenes.match_keeper import MatchKeeper
from game.scenes.match_names import PlayerNames
from game.scenes.match_panel import MatchPanel
from game.scenes.match_status import describe_status, search_figures
from game.scenes.parts import BoardBackdrop
from game.scenes.services import (
    ComputerServices,
    FileServices,
    KioskServices,
    SceneServices,
    SettingsServices,
)
from game.ui import theme
from game.ui.anim import SPEED_FACTORS, ease_out_cubic, run_down
from game.ui.notice import MessageStrip

if TYPE_CHECKING:
    from game.scenes.parts import BoardController
    from game.ui.settings import GameSettings

__all__ = ["MatchScene", "MatchServices"]

log = logging.getLogger(__name__)


class MatchServices(SceneServices, SettingsServices, FileServices, KioskServices, ComputerServices, Protocol):
    """What the match screen uses of the app: the scenes', the settings, the files it writes (autosave,
    statistics), the kiosk, the computer."""


class MatchScene(Scene):
    """One game on a level, against the computer or a second player."""

    app: MatchServices

    name = "match"
    persistent = True
    """Whether this game is the player's: autosaved and counted in the statistics (the kiosk's
    attract mode plays games that are neither)."""

    def __init__(
        self,
        app: MatchServices,
        config: MatchConfig,
        level: LevelInfo,
        *,
        match: Match[Any, Any] | None = None,
        save_name: str | None = None,
    ) -> None:
        super().__init__(app)
        self.definition = app.game
        self.rules = self.definition.load_rules()
        self.ai = self.definition.load_ai() if self.definition.ai is not None else None
        self.config = config
        self.level = level
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.messages = MessageStrip()
        """Where passing messages show: a line of its own under the board, so they cover nothing."""
        self._backdrop = BoardBackdrop()
        self.keeper = MatchKeeper(self)
        self.names = PlayerNames(self)
        self.computer = ComputerTurns(self)
        self.curtain = SetupCurtain(self)
        self._clear_transient()
        if match is None:
            self._new_match()
        else:
            self.match = match
            # A game loaded during two people's set-up opens behind the curtain: whoever is at the screen
            # may not be the one placing.
            self.curtain.revealed_to = None
            self.results_shown = match.is_over  # a finished game opens on its final board
            self.keeper.adopt(match, save_name)
        board_class: type[BoardController[Any, Any]] = self.definition.load("board")
        self.board = board_class(self)
        self.panel: SidePanel = MatchPanel(self, self.px, app.theme)

    # -- the match --

    def _new_match(self) -> None:
        self.match = Match(
            self.rules,
            self.config.start(self.rules, self.level.position),
            self.config.players(),
            self.app.settings.match_options(self.definition.key),
        )
        self.curtain.revealed_to = self.match.turn  # the first to set up sees nothing of the other's
        self._clear_transient()
        self.results_shown = False

    def _clear_transient(self) -> None:
        """Forget the moment: requests, announcements, notes (the board forgets its own in ``reset``)."""
        self.computer.forget()
        self.hint_move: Any = None
        self.forced_timer: float | None = None
        self.chance_timer: float | None = None
        self.toast: tuple[str, float] | None = None
        self.results_timer: float | None = None
        self.end_told = False
        """Whether the end may be said (winner, reason): the board has finished showing the last move."""
        board = getattr(self, "board", None)
        if board is not None:
            board.reset()

    @property
    def speed(self) -> float:
        """The animation speed factor from the settings (0: animations off)."""
        return SPEED_FACTORS.get(self.app.settings.animation, 1.0)

    @property
    def instant(self) -> bool:
        """Tests: no waiting at all."""
        return self.app.options.instant

    def pace(self, normal: float, fast: float, off: float) -> float:
        """A pause in seconds for the animation speed setting (0 when instant)."""
        if self.instant:
            return 0.0
        return {"normal": normal, "fast": fast}.get(self.app.settings.animation, off)

    @property
    def first_seat(self) -> int:
        """The seat that moves first, read live from the match (an opening roll decides it once played)."""
        return self.match.first_seat

    def player_name(self, seat: int, *, stacked: bool = False) -> str:
        """How the screens name the player of ``seat`` (``PlayerNames.player``)."""
        return self.names.player(seat, stacked=stacked)

    def computer_names(self) -> list[str]:
        """The computer's name at each of its levels, as ``player_name`` gives it (slots fit the longest)."""
        return self.names.computers()

    def engine_name(self, player: Player) -> str:
        """The name of the engine (another program) that plays for ``player``."""
        return self.names.engine(player)

    @property
    def game_settings(self) -> GameSettings:
        """The game's section of the settings (the engines the player added, the level chosen last)."""
        return self.app.settings.for_game(self.definition.key)

    @property
    def show_numbers(self) -> bool:
        """Whether the player asked for the computer's figures under its words (the option "With numbers")."""
        return self.app.settings.ai_numbers

    @property
    def vs_computer(self) -> bool:
        """Whether the computer plays a seat."""
        return not all(player.is_human for player in self.match.players)

    @property
    def thinking(self) -> bool:
        """Whether the computer is choosing a move now."""
        return self.computer.thinking

    def human_turn(self) -> bool:
        """Whether a person may move now (not while the set-up's curtain is down)."""
        match = self.match
        return (
            not match.is_over
            and not match.at_chance
            and match.current_player.is_human
            and self.forced_timer is None
            and match.forced_move() is None
            and self.curtain_seat() is None
        )

    # -- a secret set-up --

    def hidden_seat(self) -> int | None:
        """The seat whose set-up the screen must not show now, or ``None`` (``SetupCurtain.hidden_seat``)."""
        return self.curtain.hidden_seat()

    def curtain_seat(self) -> int | None:
        """The person to set up next while the board waits behind the curtain for them, else ``None``."""
        return self.curtain.seat()

    # -- lifecycle --

    def enter(self) -> None:
        if self.vs_computer:
            self.app.worker.warm_up()

    def exit(self) -> None:
        self.computer.cancel()
        self.computer.cancel_hint()
        if any(player.engine is not None for player in self.match.players):
            self.app.worker.release_engine()  # the engine quits (or is killed) and is reaped

    def pause(self) -> None:
        self.match.pause()

    def resume(self) -> None:
        self.match.resume()

    # -- layout --

    def panel_width(self, width: int) -> int:
        """The side panel's width in a window ``width`` pixels wide."""
        return max(200, min(int(width * 0.3), self.px(330)))

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(16)
        panel_w = self.panel_width(width)
        # The messages' strip along the bottom, the window's width: a long message fits on its line.
        strip = MessageStrip.height(self.app.theme, self.px(17))
        self.messages.rect = pygame.Rect(margin, height - margin - strip, width - margin * 2, strip)
        above = height - margin * 2 - strip - self.px(8)
        self.board_area = pygame.Rect(margin, margin, width - panel_w - margin * 3, above)
        self.board.layout(self.board_area)
        self.panel.layout(pygame.Rect(width - panel_w - margin, margin, panel_w, above))

    # -- moves --

    def play(self, move: Any, *, animate: bool = True) -> None:
        """Play ``move`` (legal) on the match and let the board animate it."""
        note = self.board.before_move(move)
        self.match.play(move)
        self.keeper.update()  # the autosave follows every move at once
        self.hint_move = None
        self.board.show_hint(None)
        self.computer.cancel_hint()
        self.board.after_move(move, note, animate=animate and self.speed > 0)

    def reject(self, message: str | None = None) -> None:
        """Gentle feedback for input that does nothing: a buzz and a short note."""
        self.app.audio.play("invalid")
        if message:
            self.say(message, 1.6)

    def say(self, message: str, seconds: float = 1.6) -> None:
        """A short note in the message strip under the board (already translated)."""
        self.toast = (message, seconds)

    # -- buttons --

    def can_undo(self) -> bool:
        """Whether Undo does something now (a person's turn to go back to, no roll in the way).

        During two people's set-up a person may take back only their own
        placing: before it lies the other's, which they must not see.
        """
        match = self.match
        if not self.vs_computer and self.hidden_seat() is not None and match.starts_turn:
            return False
        return match.can_undo_turn

    def can_redo(self) -> bool:
        """Whether Redo does something now."""
        return self.match.can_redo and not self.match.is_over

    def can_hint(self) -> bool:
        """Whether a hint can be asked for now."""
        return self.ai is not None and self.human_turn() and self.computer.hint_ticket is None

    def undo(self) -> None:
        """Take back a turn: to the start of the last turn a person chose in (``Match.undo_turn``).

        Against the computer that is your previous turn (its answer goes too);
        between two people, the last turn. Forced moves are skipped over, and
        a roll of the dice is never taken back.
        """
        if not self.can_undo():
            self.reject()
            return
        self.computer.cancel()
        self.computer.cancel_hint()
        match = self.match
        match.undo_turn()
        self._clear_transient()
        self.results_shown = False
        self.app.audio.play("click")
        # Said by the move to play next, numbered as everywhere (a count of entries undone is not a count of moves).
        self.say(tr("Back to move {number}", number=match.move_number), 1.2)

    def redo(self) -> None:
        """Replay what was taken back, up to the next turn a person chooses in (``Match.redo_turn``)."""
        if not self.can_redo():
            self.reject()
            return
        self.computer.cancel()
        self.computer.cancel_hint()
        self.board.skip()
        self.match.redo_turn()
        self._clear_transient()
        self.app.audio.play("click")

    def hint(self) -> None:
        """Ask the worker for a suggestion; the board shows it."""
        if not self.can_hint():
            self.reject(tr("A hint is for your turn"))
            return
        self.hint_move = None
        self.board.show_hint(None)
        self.computer.ask_hint()
        self.app.audio.play("click")

    def ask_restart(self) -> None:
        """Restart the level from its first position (after a confirmation once moves were made)."""
        ask_restart(self)

    def can_resign(self) -> bool:
        """Whether Resign does something now: a person is to move in a game that goes on, its battle begun.

        Not during the set-up (``Match.in_setup``): no battle has been fought yet, so there is none to give up.
        """
        return self.human_turn() and not self.match.in_setup

    def ask_resign(self) -> None:
        """Ask the person to move whether they give the game up; the safe answer, Keep playing, is the default."""
        ask_resign(self)

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (the seat to move by default) gives the game up: the match ends, is counted, and the
        results follow once the board is still (``Match.resign``)."""
        self.computer.cancel()
        self.computer.cancel_hint()
        self.hint_move = None
        self.board.show_hint(None)
        self.board.reset()  # a piece picked up, a code half typed: the game is over
        self.match.resign(seat)
        self.keeper.update()  # the autosave goes, the statistics count it

    def restart(self, *, swap: bool = False) -> None:
        """A new match on the same level (the seats swapped if ``swap``)."""
        self.computer.cancel()
        self.computer.cancel_hint()
        if swap:
            self.config = self.config.swapped()
        self._new_match()
        self.app.audio.play("start")

    def open_help(self) -> None:
        """The rules pages over the game (F1); the game clock stops meanwhile."""
        self.app.audio.play("click")
        self.app.router.push("rules", overlay=True)

    def save(self) -> None:
        """Save to the game's name, asking for one the first time (Ctrl+S); a kiosk keeps only the autosave."""
        if self.app.kiosk:
            self.say(tr("Saving is off on this machine"), 1.8)
            self.app.audio.play("invalid")
            return
        if self.keeper.save_name:
            self.keeper.save_as(self.keeper.save_name)
        else:
            self.app.router.push("saveas", self)

    def open_menu(self) -> None:
        """The pause overlay: resume, restart, options, quit to menu."""
        self.app.audio.play("click")
        self.app.router.push("pause", self)

    # -- the worker --

    def ai_budget(self) -> float | None:
        """Seconds the computer may think per move (None: its level's own time)."""
        return self.app.options.ai_time_budget

    def ai_failed(self, error: str) -> None:
        """The computer could not move: say so, offer to try again or leave."""
        computer_stuck(self.app, error)

    def engine_failed(self, player: Player, reason: str, *, retry: bool = True) -> None:
        """An engine could not move (``reason``, translated): say so and offer a way on
        (``match_engines.engine_failed``). The game stays as it was."""
        engine_failed(self, player, reason, retry=retry)

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.panel.update(dt)
        self.keeper.update()
        self.board.update(dt)
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        self.computer.poll_hint(dt)
        match = self.match
        if match.is_over:
            self._update_end(dt)
        elif match.at_chance:
            self._update_chance(dt)
        elif match.forced_move() is not None:
            self._update_forced(dt)
        elif match.computer_to_move:
            self.computer.drive(dt)

    def _update_forced(self, dt: float) -> None:
        if self.board.busy:
            return
        if self.forced_timer is None:
            self.forced_timer = self.pace(1.7, 1.0, 0.8)
            self.app.audio.play("pass")
        self.forced_timer -= dt
        if self.forced_timer <= 0:
            self.forced_timer = None
            self.play(self.match.forced_move())

    def _update_chance(self, dt: float) -> None:
        if self.board.busy:
            return
        self.chance_timer = run_down(self.chance_timer, dt, self.pace(0.5, 0.3, 0.1))
        if self.chance_timer is None:
            note = self.board.before_move(None)
            outcome = self.match.roll()
            self.keeper.update()
            self.board.after_move(outcome, note, animate=self.speed > 0)

    def _board_settled(self, dt: float) -> bool:
        """At the end: whether the board has shown the last move and the game's closing animation.

        Only then is the end told (``end_told``): a winner named while the last
        pieces still turn gives the result away before the board shows it.
        """
        if self.board.busy or self.board.finishing(dt):
            return False
        self.end_told = True
        return True

    def _update_end(self, dt: float) -> None:
        if not self._board_settled(dt) or self.results_shown:
            return
        self.results_timer = run_down(self.results_timer, dt, self.pace(1.0, 0.6, 0.4))
        if self.results_timer is None:
            self.results_shown = True
            self.show_results()

    def show_results(self) -> None:
        """The end of the match: the results over the final board."""
        self.app.router.push("results", self)

    def skip(self) -> bool:
        """A click or key during an animation or announcement ends it at once."""
        skipped = self.board.skip()
        if self.forced_timer is not None:
            self.forced_timer = 0.0
            skipped = True
        return skipped

    # -- input --

    def handle_event(self, event: pygame.event.Event) -> bool:
        return route_event(self, event)

    # -- drawing --

    def status_text(self) -> tuple[str, str, theme.Colour]:
        """The panel's status: a headline, a detail line and a colour."""
        return describe_status(self)

    def status_numbers(self) -> str:
        """The search's figures (depth, evaluation) under the words, when the options ask for them, else ``""``."""
        return search_figures(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(
            self._backdrop.picture(surface.get_size(), self.board, self.panel.rect, self.px(16)), (0, 0)
        )
        self.board.draw(surface)
        self.curtain.draw(surface)
        self._draw_banner(surface)
        self._draw_toast(surface)
        self.panel.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The announcement of a forced move, across the board."""
        if self.forced_timer is None:
            return
        seat = self.match.turn
        total = self.pace(1.7, 1.0, 0.8) or 1.0
        elapsed = total - self.forced_timer
        appear = ease_out_cubic(elapsed / 0.25) * min(1.0, max(0.0, self.forced_timer / 0.2))
        area = self.board.rect
        rect = pygame.Rect(0, 0, area.width, self.px(84))
        rect.center = area.center
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((8, 10, 26, int(220 * appear)))
        colour = theme.SEAT_COLOURS[seat]
        pygame.draw.line(layer, (*colour, int(255 * appear)), (0, 0), (rect.width, 0), 3)
        pygame.draw.line(
            layer, (*colour, int(255 * appear)), (0, rect.height - 3), (rect.width, rect.height - 3), 3
        )
        surface.blit(layer, rect.topleft)
        if appear > 0.3:
            headline = forced_text(self.board, seat)[0]
            box = rect.inflate(-self.px(24), -self.px(10))
            self.draw_title(surface, headline, box, size=22, spread=8, glow=colour, max_lines=2)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.theme, self.toast, self.px(17))
