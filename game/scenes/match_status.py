"""What the match screen's status says: whose turn, what the computer is doing and thinks, the hint, the end.

Functions of a ``StatusView`` (the match screen is one): the panel draws the
words they return, and the computer's figures under them when the player
asked for them.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ai.api import GameAI, Outlook, ScoreReading
from game.engine.match import Match, Player
from game.engine.rules import GameRules
from game.i18n import ntr, tr, trc
from game.scenes.board_capabilities import forced_text
from game.scenes.match_computer import ComputerTurns
from game.ui import theme
from game.ui.lang import end_reason, seat_name

__all__ = ["MatchFlags", "StatusBoard", "StatusView", "describe_status", "reading_text", "search_figures"]


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


class StatusBoard(Protocol):
    """The board's words for the status (``BoardController`` has these)."""

    def instructions(self) -> str: ...

    def hint_headline(self, move: Any) -> str: ...

    def hint_instruction(self, move: Any) -> str: ...


class MatchFlags(Protocol):
    """What the computer does in a screen's match: whether it plays a seat, is thinking now, and shows its figures
    (the status and the panel read these)."""

    @property
    def vs_computer(self) -> bool: ...

    @property
    def thinking(self) -> bool: ...

    @property
    def show_numbers(self) -> bool:
        """Whether the player asked for the computer's figures (the option "With numbers")."""
        ...


class StatusView(MatchFlags, Protocol):
    """What the status tells of a match screen."""

    match: Match[Any, Any]
    rules: GameRules[Any, Any]
    ai: GameAI | None
    computer: ComputerTurns
    end_told: bool
    forced_timer: float | None
    hint_move: Any

    @property
    def board(self) -> StatusBoard: ...

    def curtain_seat(self) -> int | None: ...

    def engine_name(self, player: Player) -> str: ...


def describe_status(view: StatusView) -> tuple[str, str, theme.Colour]:
    """The status of ``view``: a headline, a detail line and a colour."""
    match = view.match
    if match.is_over and not view.end_told:
        return "", "", theme.TEXT_DIM  # the last move is still being shown
    if match.is_over:
        result = match.result
        assert result is not None
        winner = result.outcome.winner
        headline = trc("result", "Draw") if winner is None else tr("{side} wins", side=seat_name(winner))
        return headline, end_reason(view.rules, result.outcome), theme.GOLD
    if match.at_chance:
        return tr("Rolling the dice…"), "", theme.GOLD
    seat = match.turn
    colour = theme.SEAT_COLOURS[seat]
    if view.curtain_seat() is not None:
        return (
            tr("{side} to set up", side=seat_name(seat)),
            tr("The board is hidden until you are ready"),
            colour,
        )
    if view.forced_timer is not None:
        headline, detail = forced_text(view.board, seat)
        return headline, detail, colour
    if view.thinking:
        status = view.computer.status
        progress = status.progress if status else None
        if progress is not None and view.ai is not None:
            detail = reading_text(view.ai.read_score(progress.score))
        else:
            detail = tr("searching…")
        player = match.current_player
        if player.engine is not None:
            headline = tr("{name} is thinking", name=view.engine_name(player))
        else:
            headline = tr("Computer is setting up") if match.in_setup else tr("Computer is thinking")
        return headline, detail, colour
    if view.computer.hint_ticket is not None:
        return tr("Looking for a hint…"), "", theme.GOLD
    if view.hint_move is not None:
        return (
            view.board.hint_headline(view.hint_move),
            view.board.hint_instruction(view.hint_move),
            theme.GOLD,
        )
    if not match.player(seat).is_human:
        # The computer's turn (between its moves, or two computers playing): nobody is told to move.
        setting_up = tr("{side} to set up", side=seat_name(seat)) if match.in_setup else None
        return setting_up or tr("{side} to move", side=seat_name(seat)), "", colour
    if match.in_setup:
        headline = tr("Your set-up") if view.vs_computer else tr("{side} to set up", side=seat_name(seat))
        return headline, view.board.instructions(), colour
    if view.vs_computer:
        return tr("Your move"), view.board.instructions(), colour
    return tr("{side} to move", side=seat_name(seat)), view.board.instructions(), colour


def search_figures(view: StatusView) -> str:
    """The search's figures (depth, evaluation) under the words, when the options ask for them, else ``""``."""
    if not view.show_numbers or not view.thinking or view.ai is None:
        return ""
    status = view.computer.status
    progress = status.progress if status else None
    if progress is None:
        return ""
    template, fields = view.ai.describe_score(progress.score)
    return tr("depth {depth} · eval {score}", depth=progress.depth, score=tr(template, **fields))
