"""The move list of the match screen's side panel (and of the puzzle screen's): the moves played so far.

The list has two layouts. A game of one action a turn without dice
(Ataxx, Attangle) shows full moves in two columns (``move_rows``). A game
whose turns are several actions, or that rolls dice, shows one line per turn
(``turn_rows``): its actions, each roll in brackets after the action it
resolves, and the rolls before the first move (an opening roll) on a line of
their own; a turn too long for the panel wraps between its actions, never cut.
Entries are written by the game's board controller (``move_label``; rolls as
``game.scenes.board_capabilities`` says).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game.engine.core import CHANCE, Trait
from game.engine.match import Match, TurnRecord, move_numbers
from game.engine.rules import GameRules
from game.i18n import tr
from game.scenes.board_capabilities import roll_icons, roll_label
from game.ui import theme
from game.ui.textbox import draw_text
from game.ui.theme import MIN_TEXT_SIZE, Colour, Theme
from game.ui.view_panel import ViewPanel

__all__ = [
    "HELD_ROLL",
    "HIDDEN_ENTRY",
    "ROLL_MARK",
    "MoveLabels",
    "MoveList",
    "MoveListView",
    "TurnRow",
    "move_rows",
    "turn_rows",
    "wrap_groups",
]

HIDDEN_ENTRY = "•••"
"""How the move list writes an entry the person to move must not see (the other seat's set-up)."""
HELD_ROLL = "…"
"""How the move list writes a roll whose dice the board is still rolling."""
ROLL_MARK = "\u2063"
"""Starts a word of the move list that stands for a roll drawn as dice (``ShowsDice.roll_icons``):
the mark and the roll's index in the list's rolls (an invisible character, never written)."""


def move_rows(history: list[tuple[int, Any]], first_seat: int) -> list[tuple[int, list[str], list[str]]]:
    """The move list as rows of (number, seat 0's entries, seat 1's entries), as text.

    A row is one full move, numbered by ``game.engine.match.move_numbers`` (the
    numbers every screen uses); chance outcomes join the move they follow. When
    seat 1 moves first, the first row's seat 0 column shows ``…``.
    """
    numbers = move_numbers([seat for seat, _ in history], first_seat)
    rows: list[tuple[int, list[str], list[str]]] = []
    if first_seat == 1:
        rows.append((1, ["…"], []))
    last_seat = first_seat if first_seat == 1 else None
    for (seat, entry), number in zip(history, numbers, strict=True):
        if seat == CHANCE:
            if rows:
                column = rows[-1][1:][last_seat or 0]
                if column:
                    column[-1] += f" ({entry})"
            continue
        if not rows or rows[-1][0] != number:
            rows.append((number, [], []))
        rows[-1][1:][seat].append(str(entry))
        last_seat = seat
    return rows


@dataclasses.dataclass(frozen=True)
class TurnRow:
    """One turn of the move list by turns: its full-move number, its seat, and its groups of text.

    A group is an action with the rolls that resolve it (``e5xe6 [HHFP]``); a
    line wraps between groups only. ``seat`` is ``None`` (and ``number`` 0) for
    the rolls before anyone's first move, one group per roll.
    """

    number: int
    seat: int | None
    groups: tuple[str, ...]


def turn_rows(records: Sequence[TurnRecord], text: Callable[[int, Any], str]) -> list[TurnRow]:
    """The move list by turns, from ``Match.turn_records()``: one ``TurnRow`` per turn, oldest first.

    ``text(seat, entry)`` writes an entry (``seat`` is ``CHANCE`` for a roll's
    outcome, bracketed here). A roll joins the action before it in its turn.
    """
    rows: list[TurnRow] = []
    for record in records:
        groups: list[str] = []
        for seat, entry in record.entries:
            if seat != CHANCE:
                groups.append(text(seat, entry))
                continue
            label = text(seat, entry)
            roll = label if label.startswith(ROLL_MARK) else f"[{label}]"  # dice need no brackets
            if groups and record.seat is not None:
                groups[-1] += f" {roll}"
            else:
                groups.append(roll)
        rows.append(TurnRow(record.number, record.seat, tuple(groups)))
    return rows


def wrap_groups(groups: Sequence[str], width: int, measure: Callable[[str], int], gap: int) -> list[str]:
    """``groups`` in lines no wider than ``width``, breaking between groups, else (a group too wide alone)
    between its words; a word wider than ``width`` keeps a line of its own (the caller picks a size that fits)."""
    lines: list[str] = []
    line, line_width = "", 0
    for group in groups:
        pieces = [group] if measure(group) <= width else group.split(" ")
        for piece in pieces:
            piece_width = measure(piece)
            if line and line_width + gap + piece_width <= width:
                line, line_width = f"{line} {piece}", line_width + gap + piece_width
                continue
            if line:
                lines.append(line)
            line, line_width = piece, piece_width
    if line:
        lines.append(line)
    return lines


class MoveLabels(Protocol):
    """How the game's board controller writes the list's entries (``BoardController`` has these)."""

    @property
    def busy(self) -> bool: ...

    def move_label(self, move: Any) -> str: ...


class MoveListView(Protocol):
    """What the move list shows: the match, how the board writes its entries, and the seat to hide."""

    match: Match[Any, Any]
    rules: GameRules[Any, Any]

    @property
    def board(self) -> MoveLabels: ...

    @property
    def first_seat(self) -> int: ...

    def hidden_seat(self) -> int | None: ...


class MoveList(ViewPanel[MoveListView]):
    """Draws the moves of ``view``'s match in a rect, at the scale ``px`` gives, in ``ui``'s letters."""

    def __init__(self, view: MoveListView, px: Callable[[float], int], ui: Theme) -> None:
        super().__init__(view, px, ui)
        self._rolls: list[Any] = []
        """The rolls of the list by turns as last laid out, which its ``ROLL_MARK`` words index."""

    @property
    def by_turns(self) -> bool:
        """Whether the list shows one line per turn (turns of several actions, or dice), else full moves."""
        rules = self.view.rules
        return bool(rules.traits & {Trait.REPEATED_SEATS, Trait.CHANCE})

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The moves played so far, the latest at the bottom, in ``rect``."""
        self.rect = rect
        ui = self.ui
        pygame.draw.rect(surface, (12, 15, 34), rect, border_radius=self.px(8))
        pygame.draw.rect(surface, (44, 52, 94), rect, 1, border_radius=self.px(8))
        if not self.view.match.ply:
            draw_text(
                surface,
                ui,
                tr("No moves yet"),
                "body",
                self.px(15),
                theme.TEXT_FAINT,
                rect.inflate(-self.px(16), -self.px(8)),
                align="center",
                valign="middle",
            )
            return
        if self.by_turns:
            self._draw_turns(surface)
        else:
            self._draw_full_moves(surface)

    def _label(self, seat: int, entry: Any, hidden: int | None) -> str:
        """How the move list writes ``entry`` of ``seat``: masked when it belongs to the hidden seat's set-up."""
        if seat == hidden:
            return HIDDEN_ENTRY
        if seat == CHANCE:
            if roll_icons(self.view.board, entry, MIN_TEXT_SIZE) is not None:
                self._rolls.append(entry)
                return f"{ROLL_MARK}{len(self._rolls) - 1}"
            return roll_label(self.view.board, self.view.rules, entry)
        return self.view.board.move_label(entry)

    def _roll_of(self, word: str) -> Any:
        """The roll a ``ROLL_MARK`` word stands for."""
        return self._rolls[int(word[len(ROLL_MARK) :])]

    def _die_size(self, size: int) -> int:
        """The dice's size in the move list beside text of ``size``."""
        return max(12, round(size * 1.3))

    def _measure(self, text: str, size: int) -> int:
        """``text``'s width in the move list: its words, and its rolls as the dice drawn for them."""
        ui = self.ui
        if ROLL_MARK not in text:
            return ui.measure(text, "body", size)
        die = self._die_size(size)
        gap = ui.word_gap("body", size)
        widths = [
            len(self._roll_of(word)) * (die + 1) - 1
            if word.startswith(ROLL_MARK)
            else ui.measure(word, "body", size)
            for word in text.split(" ")
        ]
        return sum(widths) + gap * (len(widths) - 1)

    def _draw_line(
        self, surface: pygame.Surface, line: str, size: int, colour: Colour, box: pygame.Rect
    ) -> None:
        """One line of the move list by turns: its words, and its rolls drawn as dice."""
        ui = self.ui
        if ROLL_MARK not in line:
            draw_text(surface, ui, line, "body", size, colour, box, max_lines=1)
            return
        die = self._die_size(size)
        gap = ui.word_gap("body", size)
        x = box.x
        words: list[str] = []
        for word in [*line.split(" "), ""]:
            if word and not word.startswith(ROLL_MARK):
                words.append(word)
                continue
            if words:
                text = " ".join(words)
                width = ui.measure(text, "body", size)
                draw_text(
                    surface,
                    ui,
                    text,
                    "body",
                    size,
                    colour,
                    pygame.Rect(x, box.y, width + 2, box.height),
                    max_lines=1,
                )
                x += width + gap
                words = []
            if word:
                icons = roll_icons(self.view.board, self._roll_of(word), die) or []
                for icon in icons:
                    surface.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                    x += die + 1
                x += gap - 1

    def _draw_full_moves(self, surface: pygame.Surface) -> None:
        ui = self.ui
        rect = self.rect
        hidden = self.view.hidden_seat()
        history = [(seat, self._label(seat, entry, hidden)) for seat, entry in self.view.match.history()]
        rows = move_rows(history, self.view.first_seat)
        size = self.px(15)
        line_h = max(int(size * 1.45), ui.font("body", size, bold=True).get_height())
        capacity = max(1, (rect.height - self.px(10)) // line_h)
        shown = rows[-capacity:]
        last_seat = next((seat for seat, _ in reversed(history) if seat != CHANCE), None)
        y = rect.y + self.px(6)
        column_w = (rect.width - self.px(44)) // 2
        for row_index, (number, *columns) in enumerate(shown, start=len(rows) - len(shown)):
            number_box = pygame.Rect(rect.x + self.px(8), y, self.px(30), line_h)
            draw_text(surface, ui, f"{number}.", "body", size, theme.TEXT_FAINT, number_box, max_lines=1)
            for seat, entries in enumerate(columns):
                if not entries:
                    continue
                x = rect.x + self.px(40) + seat * column_w
                last = row_index == len(rows) - 1 and seat == last_seat
                if last:
                    mark = pygame.Rect(x - self.px(4), y - 1, column_w - self.px(4), line_h)
                    pygame.draw.rect(
                        surface,
                        theme.lerp_colour((12, 15, 34), theme.GOLD, 0.25),
                        mark,
                        border_radius=self.px(4),
                    )
                colour = (
                    theme.GOLD
                    if last
                    else theme.readable(theme.lerp_colour(theme.SEAT_COLOURS[seat], theme.TEXT, 0.55))
                )
                entry_box = pygame.Rect(x, y, column_w - self.px(6), line_h)
                draw_text(
                    surface, ui, " ".join(entries), "body", size, colour, entry_box, bold=last, max_lines=1
                )
            y += line_h

    def turn_lines(self, width: int) -> tuple[int, list[tuple[TurnRow, list[str]]]]:
        """The move list by turns laid out in ``width`` pixels: the text size, and each turn with its lines.

        The size is the panel's own unless a single word (an action, a roll)
        is wider than the list, when it shrinks until every word fits: a turn
        takes more lines, nothing is ever cut.
        """
        ui = self.ui
        hidden = self.view.hidden_seat()
        records = self.view.match.turn_records()
        self._rolls = []
        # A roll the board is still showing (its dice in the air) is not told here before it lands.
        count = sum(len(record.entries) for record in records)
        last_seat = records[-1].entries[-1][0] if records and records[-1].entries else None
        held = count - 1 if self.view.board.busy and last_seat == CHANCE else -1
        order = iter(range(count))

        def text(seat: int, entry: Any) -> str:
            return HELD_ROLL if next(order) == held else self._label(seat, entry, hidden)

        rows = turn_rows(records, text)
        size = self.px(15)
        words = {word for row in rows for group in row.groups for word in group.split(" ")}
        while size > MIN_TEXT_SIZE and any(self._measure(word, size) > width for word in words):
            size -= 1
        gap = ui.word_gap("body", size)
        laid = [
            (row, wrap_groups(row.groups, width, lambda text: self._measure(text, size), gap)) for row in rows
        ]
        return size, laid

    def _draw_turns(self, surface: pygame.Surface) -> None:
        ui = self.ui
        rect = self.rect
        number_w = self.px(32)
        text_x = rect.x + self.px(8) + number_w + self.px(4)
        width = rect.right - self.px(8) - text_x
        size, laid = self.turn_lines(width)
        line_h = max(int(size * 1.4), ui.font("body", size).get_height())
        capacity = max(1, (rect.height - self.px(10)) // line_h)
        # The latest turns that fit, whole: a turn is never shown in part.
        shown: list[tuple[TurnRow, list[str]]] = []
        used = 0
        for row, lines in reversed(laid):
            if shown and used + len(lines) > capacity:
                break
            shown.insert(0, (row, lines[:capacity]))
            used += len(lines)
        y = rect.y + self.px(6)
        previous_number: int | None = None
        for index, (row, lines) in enumerate(shown):
            last = index == len(shown) - 1
            if last:
                mark = pygame.Rect(text_x - self.px(4), y - 1, width + self.px(6), line_h * len(lines))
                pygame.draw.rect(
                    surface,
                    theme.lerp_colour((12, 15, 34), theme.GOLD, 0.25),
                    mark,
                    border_radius=self.px(4),
                )
            if (
                row.seat is not None and row.number and row.number != previous_number
            ):  # set-up rows: 0, unnumbered
                number_box = pygame.Rect(rect.x + self.px(8), y, number_w, line_h)
                draw_text(
                    surface, ui, f"{row.number}.", "body", size, theme.TEXT_FAINT, number_box, max_lines=1
                )
            previous_number = row.number
            if row.seat is None:
                colour = theme.lerp_colour(theme.GOLD, theme.TEXT, 0.4)
            else:
                colour = theme.readable(theme.lerp_colour(theme.SEAT_COLOURS[row.seat], theme.TEXT, 0.55))
                dot = (text_x - self.px(7), y + line_h // 2)
                pygame.draw.circle(surface, theme.SEAT_COLOURS[row.seat], dot, max(2, self.px(3)))
            for line in lines:
                box = pygame.Rect(text_x, y, width, line_h)
                self._draw_line(surface, line, size, theme.GOLD if last else colour, box)
                y += line_h
