"""The analysis screen's words for a move: its heading, its mark, what the search made of it.

Functions of a ``VerdictView`` (the analysis screen is one): the panel draws
what they return; a test reads them to check what a move is called.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ai.analysis import Analysis, Mark, MoveVerdict
from game.ai.api import GameAI
from game.engine.core import CHANCE
from game.engine.match import Match
from game.engine.rules import roll_luck
from game.formats import format_decimal, format_percent
from game.i18n import ntr, tr, trc
from game.scenes.analysis_moves import MARK_COLOURS, ReplayView, RowLabels
from game.scenes.board_capabilities import roll_label
from game.ui import theme
from game.ui.lang import end_reason, seat_name

__all__ = [
    "VerdictBoard",
    "VerdictView",
    "mark_chip",
    "mark_name",
    "move_words",
    "verdict_lines",
    "verdict_text",
]


class VerdictBoard(RowLabels, Protocol):
    """The board's words for a move (``BoardController`` has these)."""

    def move_words(self, move: Any) -> str: ...


class VerdictView(ReplayView, Protocol):
    """What the words read of an analysis: the game, its replay to the move on show, the verdicts."""

    source: Match[Any, Any]
    ai: GameAI
    analysis: Analysis

    @property
    def match(self) -> Match[Any, Any]:
        """The game replayed to the position on show."""
        ...

    @property
    def board(self) -> VerdictBoard: ...

    @property
    def running(self) -> bool: ...


def mark_name(mark: Mark) -> str:
    """A mark's name in the player's language."""
    return {
        Mark.BEST: tr("Best"),
        Mark.GOOD: tr("Good"),
        Mark.INACCURACY: tr("Inaccuracy"),
        Mark.MISTAKE: tr("Mistake"),
        Mark.BLUNDER: tr("Blunder"),
    }[mark]


def _expected(value: float | None) -> str:
    """An expected result as a percentage, "?" when the search gave none."""
    return "?" if value is None else format_percent(value)


def verdict_text(
    view: VerdictView,
) -> tuple[str, tuple[str, theme.Colour] | None, list[tuple[str, theme.Colour]]]:
    """The move on show in words: a heading, its mark (name and colour) and up to three lines."""
    index = view.cursor
    if index >= len(view.entries):
        result = view.source.result
        if result is None:
            return tr("Last position"), None, [(tr("The game was not finished"), theme.TEXT_DIM)]
        winner = result.outcome.winner
        headline = trc("result", "Draw") if winner is None else tr("{side} wins", side=seat_name(winner))
        return (
            tr("Final position"),
            None,
            [(headline, theme.GOLD), (end_reason(view.rules, result.outcome), theme.TEXT_DIM)],
        )
    seat, entry = view.history[index]
    if seat == CHANCE:
        lines: list[tuple[str, theme.Colour]] = []
        luck = roll_luck(view.rules, view.match.position, entry) if view.match.ply == index else None
        if luck is not None:
            lines.append(
                (
                    ntr(
                        "{count} hit for {expected} expected",
                        "{count} hits for {expected} expected",
                        round(luck.rolled),
                        expected=format_decimal(luck.expected),
                    ),
                    theme.seat_text(luck.seat),
                )
            )
        return tr("Dice: {roll}", roll=roll_label(view.board, view.rules, entry)), None, lines
    heading = tr(
        "{number}. {side} {move}",
        number=view.numbers[index],
        side=seat_name(seat),
        move=view.board.move_label(entry),
    )
    verdict = view.verdict(index)
    if view.analysis.main[index].setup:
        return heading, None, [(tr("Setting up: not judged"), theme.TEXT_DIM)]
    return heading, mark_chip(verdict), verdict_lines(view, seat, verdict)


def mark_chip(verdict: MoveVerdict | None) -> tuple[str, theme.Colour] | None:
    if verdict is None or verdict.mark is None:
        return None
    glyph = f"{verdict.mark.glyph} " if verdict.mark.glyph else ""
    return glyph + mark_name(verdict.mark), MARK_COLOURS[verdict.mark]


def verdict_lines(
    view: VerdictView, seat: int, verdict: MoveVerdict | None
) -> list[tuple[str, theme.Colour]]:
    if verdict is not None and verdict.forced:
        return [(tr("The only move: not judged"), theme.TEXT_DIM)]
    if verdict is None or (verdict.before is None and verdict.mark is None):
        waiting = view.running
        return [(tr("Not analysed yet") if waiting else tr("Not analysed"), theme.TEXT_DIM)]
    lines: list[tuple[str, theme.Colour]] = []
    if verdict.after is None:
        # The position after it is still being valued (the rolls it might have given): no "to ?".
        result = tr(
            "{side}: {before} before the move", side=seat_name(seat), before=_expected(verdict.before)
        )
    else:
        result = tr(
            "{side}: from {before} to {after}",
            side=seat_name(seat),
            before=_expected(verdict.before),
            after=_expected(verdict.after),
        )
    lines.append((result, theme.seat_text(seat)))
    main = view.analysis.main
    if verdict.index + 1 < len(main) and main[verdict.index + 1].turn == CHANCE:
        # Honest about luck: what follows is the average over every roll the dice can show.
        lines.append((tr("Judged before the dice: their average"), theme.TEXT_DIM))
    elif verdict.score is not None:
        template, fields = view.ai.describe_score(verdict.score)
        if "{turns}" in template:
            lines.append((tr("The computer saw: {words}", words=tr(template, **fields)), theme.TEXT_DIM))
    if verdict.best is None:
        lines.append((tr("The computer's move too"), MARK_COLOURS[Mark.BEST]))
    else:
        better = move_words(view, verdict.best)
        if verdict.mark in (Mark.BEST, Mark.GOOD):
            lines.append((tr("The computer chose {move}", move=better), theme.TEXT_DIM))
        else:
            lines.append((tr("Better: {move}", move=better), theme.GOLD))
    return lines[:3]


def move_words(view: VerdictView, text: str) -> str:
    """The better move ``text`` in the words a hint would say it (the board shows its position)."""
    try:
        return view.board.move_words(view.rules.parse_move(text))
    except ValueError:
        return text
