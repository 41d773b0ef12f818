"""The match screen, for every game: turns, the computer's requests, hint, undo/redo, the panel, pause, results.

The match (``game.engine.match.Match``) is the truth; this scene shows it and
feeds it moves. Everything about the board is the game's ``BoardController``
(``game/scenes/<game>/``): it lays the board out, draws it, turns clicks and
keys into moves (played through ``play``) and animates them. A move is played
on the match at once and then animated. The computer's move is asked of the
App's worker as soon as it is its turn (even while the previous move still
animates) and played when the worker has it, the animation is over and a short
minimum "thinking" time has passed. A move nobody chooses (Ataxx's forced
pass) is announced for a moment and played; dice are rolled by the match's own
generator.

The person to move may resign (the panel's and the pause menu's Resign, after
a question whose safe answer, Keep playing, is the one Enter takes). The
computer resigns instead of playing its move when the search of its level has
proved the game lost (``GameAI.resigns``: never the Beginner, never a game whose
search cannot prove a loss). Either way the match ends (``Match.resign``), is
counted, and the results say who resigned; the attract mode's computers resign
too, and the next game follows.

A game with a set-up (``Match.in_setup``) keeps each army secret until both
are placed: ``hidden_seat`` names the seat the board must not show, and
between two people's placements a curtain hides the board until the next
person clicks (``curtain_seat``). The computer sets up like it moves: the
worker is asked for its move.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.api import HINT, Outlook, ScoreReading
from game.ai.worker import AIState, AIStatus
from game.engine.core import CHANCE
from game.engine.levels import LevelInfo
from game.engine.match import Match, MatchConfig, Player, engine_key
from game.i18n import ntr, tr, trc
from game.scenes.base import Scene
from game.scenes.match_engines import engine_failed, engine_failure_text
from game.scenes.match_keeper import MatchKeeper
from game.scenes.match_panel import MatchPanel
from game.scenes.parts import BoardBackdrop
from game.ui import gfx, theme
from game.ui.anim import SPEED_FACTORS, ease_out_cubic
from game.ui.lang import end_reason, level_name, player_label, seat_name
from game.ui.notice import MessageStrip
from game.ui.textbox import draw_text

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.parts import BoardController
    from game.ui.settings import GameSettings

__all__ = ["MatchScene", "reading_text"]

log = logging.getLogger(__name__)


def reading_text(reading: ScoreReading) -> str:
    """What the computer makes of the game, in words, for every game (the game's AI reads its own scores)."""
    if reading.outlook is Outlook.WINNING:
        return ntr("It sees a win in {count} move", "It sees a win in {count} moves", reading.moves)
    if reading.outlook is Outlook.LOSING:
        return ntr("It sees a loss in {count} move", "It sees a loss in {count} moves", reading.moves)
    return {
        Outlook.AHEAD: tr("It thinks it is ahead"),
        Outlook.BEHIND: tr("It thinks it is behind"),
        Outlook.EVEN: tr("It thinks the game is even"),
    }[reading.outlook]


class MatchScene(Scene):
    """One game on a level, against the computer or a second player."""

    name = "match"
    persistent = True
    """Whether this game is the player's: autosaved and counted in the statistics (the kiosk's
    attract mode plays games that are neither)."""

    def __init__(
        self,
        app: App,
        config: MatchConfig,
        level: LevelInfo,
        *,
        match: Match | None = None,
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
        self.revealed_to: int | None = None
        """During two people's set-up: the seat last at the screen (``curtain_seat``)."""
        self._curtain_pressed = False
        """Whether a click began on the curtain (only such a click lifts it on release)."""
        self._clear_transient()
        if match is None:
            self._new_match()
        else:
            self.match = match
            # A game loaded during two people's set-up opens behind the curtain: whoever is at the screen
            # may not be the one placing.
            self.revealed_to = None
            self.results_shown = match.is_over  # a finished game opens on its final board
            self.keeper.adopt(match, save_name)
        board_class = self.definition.load("board")
        self.board: BoardController = board_class(self)
        self.panel = MatchPanel(self, self.px, app.theme)

    # -- the match --

    def _new_match(self) -> None:
        self.match = Match(
            self.rules,
            self.config.start(self.rules, self.level.position),
            self.config.players(),
            self.app.settings.match_options(self.definition.key),
        )
        self.revealed_to = self.match.turn  # the first to set up sees nothing of the other's
        self._clear_transient()
        self.results_shown = False

    def _clear_transient(self) -> None:
        """Forget the moment: requests, announcements, notes (the board forgets its own in ``reset``)."""
        self.ai_ticket: int | None = None
        self.ai_waited = 0.0
        self.ai_asked_at = 0.0
        self.ai_status: AIStatus | None = None
        self.hint_ticket: int | None = None
        self.hint_waited = 0.0
        self.hint_asked_at = 0.0
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
        """How the screens name the player of ``seat``.

        ``stacked``: a name too wide for one line says the computer and its level on two lines
        ("Computer" over "Master") rather than wrapping after the dot.
        """
        player = self.match.player(seat)
        if player.is_human:
            return player_label(player.name) if player.name else seat_name(seat)
        if player.engine is not None:
            return self.engine_name(player)
        level = self._level_name(player.level)
        if stacked and level:
            return f"{tr('Computer')}\n{level}"
        return self._computer_name(level)

    def computer_names(self) -> list[str]:
        """The computer's name at each of its levels, as ``player_name`` gives it (slots fit the longest)."""
        if self.ai is None:
            return []
        engines = [self.engine_name(player) for player in self.match.players if player.engine is not None]
        return [self._computer_name(tr(level.name)) for level in self.ai.levels] + engines

    def engine_name(self, player: Player) -> str:
        """The name of the engine (another program) that plays for ``player``: the one it gave when it was
        added, kept with the game (so a save names it after the engine is removed)."""
        if player.name:
            return str(player.name)
        entry = self.game_settings.find_engine(player.engine)
        return entry.name if entry is not None else tr("Engine")

    @property
    def game_settings(self) -> GameSettings:
        """The game's section of the settings (the engines the player added, the level chosen last)."""
        return self.app.settings.for_game(self.definition.key)

    @staticmethod
    def _computer_name(level: str) -> str:
        return tr("Computer · {level}", level=level) if level else tr("Computer")

    def _level_name(self, key: str | None) -> str:
        if key is None or self.ai is None:
            return ""
        try:
            return tr(self.ai.level(key).name)
        except ValueError:
            return key

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
        return self.ai_ticket is not None and self.match.computer_to_move

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
        """The seat whose set-up the screen must not show now, or ``None``.

        Only during the set-up (``Match.in_setup``): while a person places, the
        other seat (a person's or the computer's); while the computer places
        against a person, its own. Two computers hide nothing.
        """
        match = self.match
        if not match.in_setup or match.turn == CHANCE:
            return None
        seat = int(match.turn)
        if match.player(seat).is_human:
            return 1 - seat
        return seat if match.player(1 - seat).is_human else None

    def curtain_seat(self) -> int | None:
        """The person to set up next while the board waits behind the curtain for them, else ``None``.

        Between two people's placements: the seat to place has not yet said
        it is at the screen (``reveal``), so the other's placement stays hidden.
        """
        match = self.match
        if self.vs_computer or not match.in_setup or match.turn == CHANCE:
            return None
        seat = int(match.turn)
        return seat if self.revealed_to != seat else None

    def reveal(self) -> None:
        """The person to set up is at the screen: lift the curtain."""
        self._curtain_pressed = False
        seat = self.curtain_seat()
        if seat is not None:
            self.revealed_to = seat
            self.board.reset()
            self.app.audio.play("click")

    # -- lifecycle --

    def enter(self) -> None:
        if self.vs_computer:
            self.app.worker.warm_up()

    def exit(self) -> None:
        self._cancel_ai()
        self._cancel_hint()
        if any(player.engine is not None for player in self.match.players):
            self.app.worker.release_engine()  # the engine quits (or is killed) and is reaped

    def pause(self) -> None:
        self.match.pause()

    def resume(self) -> None:
        self.match.resume()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(16)
        panel_w = max(200, min(int(width * 0.3), self.px(330)))
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
        self._cancel_hint()
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
        return self.ai is not None and self.human_turn() and self.hint_ticket is None

    def undo(self) -> None:
        """Take back a turn: to the start of the last turn a person chose in (``Match.undo_turn``).

        Against the computer that is your previous turn (its answer goes too);
        between two people, the last turn. Forced moves are skipped over, and
        a roll of the dice is never taken back.
        """
        if not self.can_undo():
            self.reject()
            return
        self._cancel_ai()
        self._cancel_hint()
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
        self._cancel_ai()
        self._cancel_hint()
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
        self.hint_waited = 0.0
        self.hint_asked_at = time.monotonic()
        self.hint_ticket = self.app.worker.request(
            self.definition.key, self.match.position_text(), HINT, time_budget=self.app.options.ai_time_budget
        )
        self.app.audio.play("click")

    def ask_restart(self) -> None:
        """Restart the level from its first position (after a confirmation once moves were made)."""
        if self.match.ply == 0 or self.match.is_over:
            self.restart()
            return

        def confirmed() -> None:
            self.app.stack.pop()
            self.restart()

        self.app.router.push(
            "dialog",
            tr("Restart?"),
            [
                tr(
                    "Start {level} again from the beginning? This game will be lost.",
                    level=level_name(self.level),
                )
            ],
            [("restart", "Restart", confirmed), ("cancel", "Cancel", None)],
            accent=theme.ACCENT_2,
            default="cancel",
        )

    def can_resign(self) -> bool:
        """Whether Resign does something now: a person is to move in a game that goes on, its battle begun.

        Not during the set-up (``Match.in_setup``): no battle has been fought yet, so there is none to give up.
        """
        return self.human_turn() and not self.match.in_setup

    def ask_resign(self) -> None:
        """Ask the person to move whether they give the game up; the safe answer, Keep playing, is the default."""
        if not self.can_resign():
            self.reject()
            return
        seat = int(self.match.turn)

        def confirmed() -> None:
            self.app.stack.pop()
            self.resign(seat)

        opponent = self.match.player(1 - seat)
        if opponent.engine is not None:
            question = tr(
                "Give up this game? {name} wins it, and it counts as a loss.", name=self.engine_name(opponent)
            )
        elif self.vs_computer:
            question = tr("Give up this game? The computer wins it, and it counts as a loss.")
        else:
            question = tr(
                "{side} gives up this game, and {other} wins it.",
                side=seat_name(seat),
                other=seat_name(1 - seat),
            )
        self.app.audio.play("click")
        self.app.router.push(
            "dialog",
            tr("Resign?"),
            [question],
            [("keep_playing", "Keep playing", None), ("resign", "Resign", confirmed)],
            accent=theme.DANGER,
            default="keep_playing",
            escape="keep_playing",
        )

    def resign(self, seat: int | None = None) -> None:
        """``seat`` (the seat to move by default) gives the game up: the match ends, is counted, and the
        results follow once the board is still (``Match.resign``)."""
        self._cancel_ai()
        self._cancel_hint()
        self.hint_move = None
        self.board.show_hint(None)
        self.board.reset()  # a piece picked up, a code half typed: the game is over
        self.match.resign(seat)
        self.keeper.update()  # the autosave goes, the statistics count it

    def restart(self, *, swap: bool = False) -> None:
        """A new match on the same level (the seats swapped if ``swap``)."""
        self._cancel_ai()
        self._cancel_hint()
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

    def _cancel_ai(self) -> None:
        if self.ai_ticket is not None:
            self.app.worker.cancel()
            self.ai_ticket = None
        self.ai_status = None

    def _cancel_hint(self) -> None:
        if self.hint_ticket is not None:
            self.app.worker.cancel()
            self.hint_ticket = None

    def ai_budget(self) -> float | None:
        """Seconds the computer may think per move (None: its level's own time)."""
        return self.app.options.ai_time_budget

    def engine_time(self) -> float:
        """Seconds an engine thinks per move: the app's budget (tests), else the player's choice."""
        budget = self.ai_budget()
        return budget if budget is not None and budget > 0 else self.game_settings.engine_time

    def ai_limit(self, level: str) -> float:
        """Seconds after which a search of ``level`` that has not answered is given up: its time (the
        budget, else the level's stated most) plus the app's ``ai_grace``. An engine's own limits come
        first (the worker ends its request with the reason); this is the last resort."""
        if engine_key(level) is not None:
            return (
                self.app.worker.engine_timeouts.longest_move(self.engine_time()) + self.app.options.ai_grace
            )
        budget = self.ai_budget()
        if budget is None and self.ai is not None:
            try:
                budget = self.ai.level(level).max_think_time
            except ValueError:
                budget = None
        return (budget if budget is not None else 3.0) + self.app.options.ai_grace

    def _overdue(self, waited: float, asked_at: float, level: str) -> bool:
        """Whether a search asked for at ``asked_at`` (``time.monotonic()``) and waited on for ``waited``
        seconds of frames has run past its limit. Both clocks must agree: frames run faster than real
        time in tests, and a paused or slow machine must not make a working search look hung."""
        limit = self.ai_limit(level)
        return waited > limit and time.monotonic() - asked_at > limit

    def _drive_computer(self, dt: float) -> None:
        if self.ai_ticket is None:
            player = self.match.current_player
            level = player.level or "casual"
            if player.engine is not None:
                entry = self.game_settings.find_engine(player.engine)
                if entry is None:  # removed in the options since the game began
                    self.engine_failed(player, tr("it is no longer among your engines"), retry=False)
                    return
                self.ai_ticket = self.app.worker.request_engine(
                    self.definition.key, self.match.position_text(), entry.spec, movetime=self.engine_time()
                )
            else:
                self.ai_ticket = self.app.worker.request(
                    self.definition.key, self.match.position_text(), level, time_budget=self.ai_budget()
                )
            self.ai_asked_at = time.monotonic()
            self.ai_waited = 0.0
            self.ai_status = None
            return
        self.ai_waited += dt
        status = self.app.worker.poll(self.ai_ticket)
        self.ai_status = status
        if status.state is AIState.THINKING:
            level = self.match.current_player.level or "casual"
            if self._overdue(self.ai_waited, self.ai_asked_at, level):
                limit = self.ai_limit(level)
                # Hung (a stopped process, a search ignoring its clock): the game keeps the promise itself.
                log.error("AI gave no move within %.1f s; restarting it", limit)
                self.app.worker.abandon()
                self.ai_ticket = None
                reason = tr(
                    "it did not answer within {seconds} seconds, so it was restarted", seconds=round(limit)
                )
                player = self.match.current_player
                if player.engine is not None:
                    self.engine_failed(player, reason)
                else:
                    self.ai_failed(reason)
            return
        if status.state in (AIState.CANCELLED, AIState.UNKNOWN):
            self.ai_ticket = None  # ask again next frame
            return
        if status.state is AIState.ERROR:
            self.ai_ticket = None
            player = self.match.current_player
            if player.engine is not None:
                self.engine_failed(player, engine_failure_text(status))
            else:
                self.ai_failed(status.error or "unknown error")
            return
        if self.board.busy or self.ai_waited < self.pace(0.45, 0.25, 0.15):
            return  # let the last move finish, and never answer in a flash
        self.ai_ticket = None
        if self._computer_resigns(status):
            log.info(
                "the computer (%s) resigns: its search proved the game lost", self.match.current_player.level
            )
            self.resign()
            return
        move = status.move
        if move not in self.match.legal_moves():
            self.ai_failed(f"the computer proposed {move!s}, which is not legal here")
            return
        self.play(move)

    def _computer_resigns(self, status: AIStatus) -> bool:
        """Whether the computer gives up rather than play the move it found: its level's search, whose last
        completed depth is ``status.progress``, proved the game lost (``GameAI.resigns``)."""
        progress = status.progress
        level = self.match.current_player.level
        if progress is None or self.ai is None or level is None or engine_key(level) is not None:
            return False  # an engine's scores prove nothing to us: it plays on
        try:
            return self.ai.resigns(level, progress.depth, progress.score)
        except ValueError:  # a level the game lacks (a hand-made save): it plays on
            return False

    def ai_failed(self, error: str) -> None:
        """The computer could not move: say so, offer to try again or leave."""
        log.error("AI failed: %s", error)
        self.app.audio.play("invalid")
        self.app.router.push(
            "dialog",
            tr("The computer is stuck"),
            [tr("It could not choose a move: {error}", error=error[:240])],
            [("retry", "Try again", None), ("quit", "Quit to menu", self.app.router.home)],
            accent=theme.DANGER,
            escape="retry",
        )

    def engine_failed(self, player: Player, reason: str, *, retry: bool = True) -> None:
        """An engine could not move (``reason``, translated): say so and offer a way on
        (``match_engines.engine_failed``). The game stays as it was."""
        engine_failed(self, player, reason, retry=retry)

    def _poll_hint(self, dt: float) -> None:
        if self.hint_ticket is None:
            return
        self.hint_waited += dt
        status = self.app.worker.poll(self.hint_ticket)
        if status.state is AIState.THINKING:
            if self._overdue(self.hint_waited, self.hint_asked_at, HINT):
                log.error("the hint gave no move in time; restarting the AI")
                self.app.worker.abandon()
                self.hint_ticket = None
                self.say(tr("No hint this time: the computer did not answer"), 2.0)
            return
        self.hint_ticket = None
        if status.state is AIState.DONE and status.move in self.match.legal_moves():
            self.hint_move = status.move
            self.board.show_hint(status.move)
        elif status.state is AIState.ERROR:
            self.say(tr("No hint this time: the AI failed"), 2.0)
            log.error("hint failed: %s", status.error)

    # -- the frame --

    def update(self, dt: float) -> None:
        super().update(dt)
        self.panel.update(dt)
        self.keeper.update()
        self.board.update(dt)
        if self.toast is not None:
            self.toast = (self.toast[0], self.toast[1] - dt) if self.toast[1] > dt else None
        self._poll_hint(dt)
        match = self.match
        if match.is_over:
            self._update_end(dt)
        elif match.at_chance:
            self._update_chance(dt)
        elif match.forced_move() is not None:
            self._update_forced(dt)
        elif match.computer_to_move:
            self._drive_computer(dt)

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
        if self.chance_timer is None:
            self.chance_timer = self.pace(0.5, 0.3, 0.1)
        self.chance_timer -= dt
        if self.chance_timer <= 0:
            self.chance_timer = None
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
        if self.results_timer is None:
            self.results_timer = self.pace(1.0, 0.6, 0.4)
        self.results_timer -= dt
        if self.results_timer <= 0:
            self.results_shown = True
            self.results_timer = None
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
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return True
        if self.curtain_seat() is not None and self._curtain_event(event):
            return True
        widgets = self.panel.widgets
        if event.type == pygame.KEYDOWN and widgets.focus is not None and self._panel_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and widgets.usable_at(event.pos) is not None:
            # A press on a button is the button's: the board would take it, while it shows a move or a roll,
            # as a click that only cuts the animation short, and the button's release would then do nothing.
            return widgets.handle_event(event)
        if widgets.focus is None and self.board.handle_event(event):
            return True
        if widgets.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_RETURN) and self.skip():
                return True
            if event.key == pygame.K_TAB:
                return self._focus_panel()
            if event.key == pygame.K_BACKSPACE:
                self.undo()
                return True
        return False

    def _curtain_event(self, event: pygame.event.Event) -> bool:
        """The curtain is down: a click on the board, Enter or Space lifts it; the board gets nothing."""
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.board.rect.collidepoint(event.pos)
        ):
            # Only a click begun on the curtain lifts it: the release of the click that ended the other's
            # set-up (its last placement, its "Ready") must not.
            self._curtain_pressed = True
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.board.rect.collidepoint(event.pos)
        ):
            if self._curtain_pressed:
                self._curtain_pressed = False
                self.reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.reveal()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and self.board.rect.collidepoint(
            event.pos
        )

    def _shortcut(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key == pygame.K_F1:
            self.open_help()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        else:
            return False
        return True

    def _focus_panel(self) -> bool:
        widgets = self.panel.widgets
        usable = [index for index, button in enumerate(widgets.buttons) if button.active]
        if not usable:
            return False
        widgets.set_focus(usable[0])
        self.board.show_cursor(False)
        return True

    def _panel_key(self, event: pygame.event.Event) -> bool:
        """The panel has the focus: Tab walks its buttons and then comes back to the board; Esc comes back."""
        widgets = self.panel.widgets
        usable = [index for index, button in enumerate(widgets.buttons) if button.active]
        if event.key == pygame.K_TAB and (not usable or widgets.focus == usable[-1]):
            widgets.set_focus(None)
            self.board.show_cursor(True)
            return True
        if event.key == pygame.K_ESCAPE:
            widgets.set_focus(None)
            self.board.show_cursor(True)
            return True
        return False

    # -- drawing --

    def status_text(self) -> tuple[str, str, theme.Colour]:
        """The panel's status: a headline, a detail line and a colour."""
        match = self.match
        if match.is_over and not self.end_told:
            return "", "", theme.TEXT_DIM  # the last move is still being shown
        if match.is_over:
            result = match.result
            assert result is not None
            winner = result.outcome.winner
            headline = trc("result", "Draw") if winner is None else tr("{side} wins", side=seat_name(winner))
            return headline, end_reason(self.rules, result.outcome), theme.GOLD
        if match.at_chance:
            return tr("Rolling the dice…"), "", theme.GOLD
        seat = match.turn
        colour = theme.SEAT_COLOURS[seat]
        if self.curtain_seat() is not None:
            return (
                tr("{side} to set up", side=seat_name(seat)),
                tr("The board is hidden until you are ready"),
                colour,
            )
        if self.forced_timer is not None:
            headline, detail = self.board.forced_text(seat)
            return headline, detail, colour
        if self.thinking:
            progress = self.ai_status.progress if self.ai_status else None
            if progress is not None and self.ai is not None:
                detail = reading_text(self.ai.read_score(progress.score))
            else:
                detail = tr("searching…")
            player = match.current_player
            if player.engine is not None:
                headline = tr("{name} is thinking", name=self.engine_name(player))
            else:
                headline = tr("Computer is setting up") if match.in_setup else tr("Computer is thinking")
            return headline, detail, colour
        if self.hint_ticket is not None:
            return tr("Looking for a hint…"), "", theme.GOLD
        if self.hint_move is not None:
            return (
                self.board.hint_headline(self.hint_move),
                self.board.hint_instruction(self.hint_move),
                theme.GOLD,
            )
        if not match.player(seat).is_human:
            # The computer's turn (between its moves, or two computers playing): nobody is told to move.
            headline = tr("{side} to set up", side=seat_name(seat)) if match.in_setup else None
            return headline or tr("{side} to move", side=seat_name(seat)), "", colour
        if match.in_setup:
            headline = tr("Your set-up") if self.vs_computer else tr("{side} to set up", side=seat_name(seat))
            return headline, self.board.instructions(), colour
        if self.vs_computer:
            return tr("Your move"), self.board.instructions(), colour
        return tr("{side} to move", side=seat_name(seat)), self.board.instructions(), colour

    def status_numbers(self) -> str:
        """The search's figures (depth, evaluation) under the words, when the options ask for them, else ``""``."""
        if not self.app.settings.ai_numbers or not self.thinking or self.ai is None:
            return ""
        progress = self.ai_status.progress if self.ai_status else None
        if progress is None:
            return ""
        template, fields = self.ai.describe_score(progress.score)
        return tr("depth {depth} · eval {score}", depth=progress.depth, score=tr(template, **fields))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(
            self._backdrop.picture(surface.get_size(), self.board, self.panel.rect, self.px(16)), (0, 0)
        )
        self.board.draw(surface)
        self._draw_curtain(surface)
        self._draw_banner(surface)
        self._draw_toast(surface)
        self.panel.draw(surface)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        """Between two people's placements: the board hidden, and who sets up next."""
        seat = self.curtain_seat()
        if seat is None:
            return
        ui = self.app.theme
        # Over the board's frame too, not only its squares (and the curtain's own edge outside it).
        area = self.board.drawn_rect().inflate(self.px(4), self.px(4))
        colour = theme.SEAT_COLOURS[seat]
        pygame.draw.rect(surface, (10, 12, 30), area, border_radius=self.px(14))
        pygame.draw.rect(surface, colour, area, 2, border_radius=self.px(14))
        sprite = gfx.piece_sprite(self.px(64), colour)
        inner = area.inflate(-self.px(40), -self.px(40))
        sprite_rect = sprite.get_rect(midbottom=(area.centerx, area.centery - self.px(44)))
        surface.blit(sprite, sprite_rect)
        head = pygame.Rect(inner.x, area.centery - self.px(36), inner.width, self.px(72))
        self.draw_title(
            surface,
            tr("{side}, your turn to set up", side=seat_name(seat)),
            head,
            size=28,
            spread=8,
            glow=colour,
            max_lines=2,
            container=area,
        )
        note = pygame.Rect(inner.x, head.bottom + self.px(8), inner.width, self.px(60))
        draw_text(
            surface,
            ui,
            tr("The other player looks away. Click when ready."),
            "body",
            self.px(18),
            theme.TEXT_DIM,
            note,
            align="center",
            max_lines=2,
            container=area,
        )

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
            headline = self.board.forced_text(seat)[0]
            box = rect.inflate(-self.px(24), -self.px(10))
            self.draw_title(surface, headline, box, size=22, spread=8, glow=colour, max_lines=2)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.theme, self.toast, self.px(17))
