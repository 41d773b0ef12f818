"""The computer's side of the match screen: asking the worker for its move and for a hint, and waiting on them.

The computer's move is asked of the App's worker as soon as it is its turn
(even while the previous move still animates) and played when the worker has
it, the animation is over and a short minimum "thinking" time has passed. An
engine (another program) is asked the same way. A search that has not
answered within its level's time and the app's grace is given up, the worker
restarted and the failure told (``MatchScene.ai_failed``, ``engine_failed``).

The computer resigns instead of playing its move when the search of its level
has proved the game lost (``GameAI.resigns``: never the Beginner, never a game
whose search cannot prove a loss).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.api import HINT
from game.ai.worker import AIState, AIStatus
from game.engine.match import Player, engine_key
from game.i18n import tr
from game.scenes.match_engines import engine_failure_text
from game.scenes.match_names import MatchPlayers

if TYPE_CHECKING:
    from game.games import GameDefinition
    from game.scenes.services import ComputerServices

__all__ = ["ComputerHost", "ComputerTurns", "HintBoard"]

log = logging.getLogger(__name__)


class HintBoard(Protocol):
    """What the requests need of the board: whether it still shows a move, and where a hint shows."""

    @property
    def busy(self) -> bool: ...

    def show_hint(self, move: Any) -> None: ...


class ComputerHost(MatchPlayers, Protocol):
    """The match screen as the computer's turns see it: the match, the worker, and what to do with an answer."""

    @property
    def app(self) -> ComputerServices: ...

    definition: GameDefinition
    hint_move: Any

    @property
    def board(self) -> HintBoard: ...

    def pace(self, normal: float, fast: float, off: float) -> float: ...

    def ai_budget(self) -> float | None: ...

    def ai_failed(self, error: str) -> None: ...

    def engine_failed(self, player: Player, reason: str, *, retry: bool = True) -> None: ...

    def play(self, move: Any, *, animate: bool = True) -> None: ...

    def resign(self, seat: int | None = None) -> None: ...

    def say(self, message: str, seconds: float = 1.6) -> None: ...


class ComputerTurns:
    """The worker's requests of one match screen: the computer's move (``ticket``) and a hint (``hint_ticket``)."""

    def __init__(self, host: ComputerHost) -> None:
        self.host = host
        self.forget()

    def forget(self) -> None:
        """Forget both requests without cancelling them (a new moment of the match: the worker's answer is stale)."""
        self.ticket: int | None = None
        self.waited = 0.0
        self.asked_at = 0.0
        self.status: AIStatus | None = None
        """The worker's last word on the computer's move (its progress while it thinks)."""
        self.hint_ticket: int | None = None
        self.hint_waited = 0.0
        self.hint_asked_at = 0.0

    @property
    def thinking(self) -> bool:
        """Whether the computer is choosing a move now."""
        return self.ticket is not None and self.host.match.computer_to_move

    def cancel(self) -> None:
        """Take back the request for the computer's move."""
        if self.ticket is not None:
            self.host.app.worker.cancel()
            self.ticket = None
        self.status = None

    def cancel_hint(self) -> None:
        """Take back the request for a hint."""
        if self.hint_ticket is not None:
            self.host.app.worker.cancel()
            self.hint_ticket = None

    # -- how long --

    def engine_time(self) -> float:
        """Seconds an engine thinks per move: the app's budget (tests), else the player's choice."""
        budget = self.host.ai_budget()
        return budget if budget is not None and budget > 0 else self.host.game_settings.engine_time

    def limit(self, level: str) -> float:
        """Seconds after which a search of ``level`` that has not answered is given up: its time (the
        budget, else the level's stated most) plus the app's ``ai_grace``. An engine's own limits come
        first (the worker ends its request with the reason); this is the last resort."""
        app = self.host.app
        if engine_key(level) is not None:
            return app.worker.engine_timeouts.longest_move(self.engine_time()) + app.options.ai_grace
        budget = self.host.ai_budget()
        ai = self.host.ai
        if budget is None and ai is not None:
            try:
                budget = ai.level(level).max_think_time
            except ValueError:
                budget = None
        return (budget if budget is not None else 3.0) + app.options.ai_grace

    def _overdue(self, waited: float, asked_at: float, level: str) -> bool:
        """Whether a search asked for at ``asked_at`` (``time.monotonic()``) and waited on for ``waited``
        seconds of frames has run past its limit. Both clocks must agree: frames run faster than real
        time in tests, and a paused or slow machine must not make a working search look hung."""
        limit = self.limit(level)
        return waited > limit and time.monotonic() - asked_at > limit

    # -- the computer's move --

    def drive(self, dt: float) -> None:
        """The computer is to move: ask for its move, or wait on the worker, and play (or resign) when it has it."""
        host = self.host
        match = host.match
        if self.ticket is None:
            self._ask()
            return
        self.waited += dt
        status = host.app.worker.poll(self.ticket)
        self.status = status
        if status.state is AIState.THINKING:
            level = match.current_player.level or "casual"
            if self._overdue(self.waited, self.asked_at, level):
                limit = self.limit(level)
                # Hung (a stopped process, a search ignoring its clock): the game keeps the promise itself.
                log.error("AI gave no move within %.1f s; restarting it", limit)
                host.app.worker.abandon()
                self.ticket = None
                reason = tr(
                    "it did not answer within {seconds} seconds, so it was restarted", seconds=round(limit)
                )
                player = match.current_player
                if player.engine is not None:
                    host.engine_failed(player, reason)
                else:
                    host.ai_failed(reason)
            return
        if status.state in (AIState.CANCELLED, AIState.UNKNOWN):
            self.ticket = None  # ask again next frame
            return
        if status.state is AIState.ERROR:
            self.ticket = None
            player = match.current_player
            if player.engine is not None:
                host.engine_failed(player, engine_failure_text(status))
            else:
                host.ai_failed(status.error or "unknown error")
            return
        if host.board.busy or self.waited < host.pace(0.45, 0.25, 0.15):
            return  # let the last move finish, and never answer in a flash
        self.ticket = None
        if self.resigns(status):
            log.info("the computer (%s) resigns: its search proved the game lost", match.current_player.level)
            host.resign()
            return
        move = status.move
        if move not in match.legal_moves():
            host.ai_failed(f"the computer proposed {move!s}, which is not legal here")
            return
        host.play(move)

    def _ask(self) -> None:
        host = self.host
        worker = host.app.worker
        player = host.match.current_player
        position = host.match.position_text()
        if player.engine is not None:
            entry = host.game_settings.find_engine(player.engine)
            if entry is None:  # removed in the options since the game began
                host.engine_failed(player, tr("it is no longer among your engines"), retry=False)
                return
            self.ticket = worker.request_engine(
                host.definition.key, position, entry.spec, movetime=self.engine_time()
            )
        else:
            level = player.level or "casual"
            self.ticket = worker.request(host.definition.key, position, level, time_budget=host.ai_budget())
        self.asked_at = time.monotonic()
        self.waited = 0.0
        self.status = None

    def resigns(self, status: AIStatus) -> bool:
        """Whether the computer gives up rather than play the move it found: its level's search, whose last
        completed depth is ``status.progress``, proved the game lost (``GameAI.resigns``)."""
        progress = status.progress
        level = self.host.match.current_player.level
        ai = self.host.ai
        if progress is None or ai is None or level is None or engine_key(level) is not None:
            return False  # an engine's scores prove nothing to us: it plays on
        try:
            return ai.resigns(level, progress.depth, progress.score)
        except ValueError:  # a level the game lacks (a hand-made save): it plays on
            return False

    # -- the hint --

    def ask_hint(self) -> None:
        """Ask the worker for a suggestion for the person to move."""
        host = self.host
        self.hint_waited = 0.0
        self.hint_asked_at = time.monotonic()
        self.hint_ticket = host.app.worker.request(
            host.definition.key, host.match.position_text(), HINT, time_budget=host.app.options.ai_time_budget
        )

    def poll_hint(self, dt: float) -> None:
        """Wait on the hint asked for, if any; the board shows it when it comes."""
        if self.hint_ticket is None:
            return
        host = self.host
        self.hint_waited += dt
        status = host.app.worker.poll(self.hint_ticket)
        if status.state is AIState.THINKING:
            if self._overdue(self.hint_waited, self.hint_asked_at, HINT):
                log.error("the hint gave no move in time; restarting the AI")
                host.app.worker.abandon()
                self.hint_ticket = None
                host.say(tr("No hint this time: the computer did not answer"), 2.0)
            return
        self.hint_ticket = None
        if status.state is AIState.DONE and status.move in host.match.legal_moves():
            host.hint_move = status.move
            host.board.show_hint(status.move)
        elif status.state is AIState.ERROR:
            host.say(tr("No hint this time: the AI failed"), 2.0)
            log.error("hint failed: %s", status.error)
