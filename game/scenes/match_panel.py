"""The match screen's side panel: players and scores, whose turn, the AI's progress, the moves, the buttons.

The same for every game: the seats' colours and names come from the theme, the
scores, the bar, the move labels, the turn's state (Lionheart's actions left)
and an optional console (Ataxx's keypad prompt) from the game's board
controller.

The move list has two layouts. A game of one action a turn without dice
(Ataxx, Attangle) shows full moves in two columns (``move_rows``). A game
whose turns are several actions, or that rolls dice, shows one line per turn
(``turn_rows``): its actions, each roll in brackets after the action it
resolves, and the rolls before the first move (an opening roll) on a line of
their own; a turn too long for the panel wraps between its actions, never cut.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import CHANCE, SEATS, Trait
from game.engine.match import TurnRecord, move_numbers
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import level_name, seat_name
from game.ui.textbox import draw_text, layout_text, shared_size
from game.ui.theme import MIN_TEXT_SIZE, Colour, Theme
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

__all__ = [
    "HELD_ROLL",
    "HIDDEN_ENTRY",
    "ROLL_MARK",
    "MatchPanel",
    "TurnRow",
    "move_rows",
    "turn_rows",
    "wrap_groups",
]

STATUS_DETAIL_LINES = 4
"""The most lines the status's detail takes (a hint's sentence, in French, in the narrowest panel)."""
HIDDEN_ENTRY = "•••"
"""How the move list writes an entry the person to move must not see (the other seat's set-up)."""
HELD_ROLL = "…"
"""How the move list writes a roll whose dice the board is still rolling."""
ROLL_MARK = "\u2063"
"""Starts a word of the move list that stands for a roll drawn as dice (``BoardController.roll_icons``):
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
                column = rows[-1][1 + (last_seat or 0)]
                if column:
                    column[-1] += f" ({entry})"
            continue
        if not rows or rows[-1][0] != number:
            rows.append((number, [], []))
        rows[-1][1 + seat].append(str(entry))
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


def draw_headline(
    surface: pygame.Surface,
    scene: Any,
    rect: pygame.Rect,
    headline: str,
    detail: str,
    colour: Colour,
    *,
    indent: int = 0,
    detail_lines: int | None = None,
) -> None:
    """A side panel's status: ``headline`` on one bold line in ``colour`` (``indent`` pixels in, beside a
    busy sign), ``detail`` beneath in small dim letters, in ``rect``."""
    ui = scene.app.theme
    head_h = ui.font("body", scene.px(17), bold=True).get_height()
    head_box = pygame.Rect(rect.x + indent, rect.y + scene.px(3), rect.width - indent, head_h)
    draw_text(
        surface, ui, headline, "body", scene.px(17), theme.readable(colour), head_box, bold=True, max_lines=1
    )
    if detail:
        detail_box = pygame.Rect(rect.x, head_box.bottom + scene.px(2), rect.width, 0)
        detail_box.height = rect.bottom - detail_box.y
        draw_text(
            surface, ui, detail, "body", scene.px(13), theme.TEXT_DIM, detail_box, max_lines=detail_lines,
            min_size=scene.px(13) * 0.85,
        )  # fmt: skip


class MatchPanel:
    """Lays out and draws the side panel of a ``MatchScene``; its buttons call the scene."""

    def __init__(self, scene: MatchScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._rolls: list[Any] = []
        """The rolls of the move list by turns as last laid out, which its ``ROLL_MARK`` words index."""
        self.widgets = WidgetGroup(
            [
                Button("undo", "Undo", scene.undo, key=pygame.K_u, icon="undo"),
                Button("redo", "Redo", scene.redo, key=pygame.K_y, icon="redo"),
                Button("hint", "Hint", scene.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("restart", "Restart", scene.ask_restart, accent=theme.ACCENT_2),
                Button("resign", "Resign", scene.ask_resign, accent=theme.DANGER),
                Button("menu", "Menu", scene.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.state_rect = pygame.Rect(0, 0, 0, 0)
        """Under the players: the lines of the game's turn state (``BoardController.turn_state``)."""
        self.state_lines = 0
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.console_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_h = 0
        """The height the status keeps for its detail (``_detail_height`` when last laid out)."""
        self.numbers_room = False
        """Whether the status has a line for the computer's figures (the option "With numbers")."""

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``."""
        scene = self.scene
        self.rect = rect
        pad = scene.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, scene.px(36))
        y = inner.y + scene.px(40)
        card_h = self._card_height(inner.width)
        for seat in SEATS:
            self.cards[seat] = pygame.Rect(inner.x, y, inner.width, card_h)
            y += card_h + scene.px(8)
        self.state_lines = self._turn_state_count()
        self.state_rect = pygame.Rect(inner.x, y, inner.width, self.state_lines * self._state_line_height())
        if self.state_lines:
            y = self.state_rect.bottom + scene.px(6)
        self.bar = pygame.Rect(inner.x, y + scene.px(2), inner.width, scene.px(12))
        y = self.bar.bottom + scene.px(12)
        ui = scene.app.theme
        # The headline, and room for the detail beneath it (the board's instructions, or what the status says
        # now: a hint's sentence), and for the computer's figures when the player asked for them.
        self.detail_h = self._detail_height(inner.width)
        self.numbers_room = scene.app.settings.ai_numbers
        numbers_h = ui.font("body", scene.px(12)).get_height() + scene.px(2) if self.numbers_room else 0
        status_h = (
            ui.font("body", scene.px(17), bold=True).get_height() + self.detail_h + numbers_h + scene.px(6)
        )
        self.status = pygame.Rect(
            inner.x, y, inner.width, max(scene.px(64 if self.numbers_room else 48), status_h)
        )
        y = self.status.bottom + scene.px(4)
        console = scene.board.console_height()
        self.console_rect = pygame.Rect(inner.x, y, inner.width, console)
        y = self.console_rect.bottom + (scene.px(8) if console else 0)
        button_h = scene.px(40)
        gap = scene.px(8)
        buttons_top = inner.bottom - 3 * button_h - 2 * gap
        self.moves_rect = pygame.Rect(inner.x, y, inner.width, max(scene.px(30), buttons_top - gap - y))
        half = (inner.width - gap) // 2
        ids = self.widgets
        ids["undo"].rect = pygame.Rect(inner.x, buttons_top, half, button_h)
        ids["redo"].rect = pygame.Rect(inner.x + half + gap, buttons_top, half, button_h)
        ids["hint"].rect = pygame.Rect(inner.x, buttons_top + button_h + gap, half, button_h)
        ids["restart"].rect = pygame.Rect(inner.x + half + gap, buttons_top + button_h + gap, half, button_h)
        ids["resign"].rect = pygame.Rect(inner.x, buttons_top + 2 * (button_h + gap), half, button_h)
        ids["menu"].rect = pygame.Rect(
            inner.x + half + gap, buttons_top + 2 * (button_h + gap), half, button_h
        )

    def _detail_height(self, width: int) -> int:
        """The height of the status's detail: the taller of the board's instructions (two lines at most) and
        the detail said now (``STATUS_DETAIL_LINES`` at most), both in the small letters of ``draw_headline``."""
        scene = self.scene
        size = scene.px(13)
        heights = [
            layout_text(
                scene.app.theme, text, "body", size, width, max_lines=lines, min_size=size * 0.85
            ).height
            for text, lines in (
                (scene.board.instructions(), 2),
                (scene.status_text()[1], STATUS_DETAIL_LINES),
            )
            if text
        ]
        return max(heights, default=0)

    # -- the players' cards --

    def _card_parts(self, card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A card's piece square, its text column and its score column."""
        scene = self.scene
        ui = scene.app.theme
        side = int(scene.px(58) * 0.62) + scene.px(10)  # the piece and a margin around it
        # Room for two digits whatever the scores: the names keep their size as the game goes on.
        board = self.scene.board
        scores = [board.score_text(seat, board.displayed_score(seat)) for seat in SEATS]
        score_w = max(ui.measure(text, theme.SCORE_ROLE, scene.px(28), bold=True) for text in [*scores, "00"])
        caption = board.score_caption()
        if caption:
            score_w = max(score_w, ui.measure(caption, "body", scene.px(12)))
        score = pygame.Rect(card.right - scene.px(12) - score_w, card.y, score_w, card.height)
        text = pygame.Rect(card.x + side, card.y + scene.px(6), 0, card.height - scene.px(12))
        text.width = max(1, score.x - scene.px(8) - text.x)
        return pygame.Rect(card.x, card.y, side, card.height), text, score

    def _name_fit(self, width: int) -> tuple[int, int]:
        """The one size of both players' names (neither looks smaller than the other) and their lines.

        One line if a slightly smaller size allows it, else two ("Computer ·" over "Beginner"). Against
        the computer, its name at every level counts: the size never changes with the level chosen.
        """
        scene = self.scene
        ui = scene.app.theme
        names = [scene.player_name(seat) for seat in SEATS]
        if scene.vs_computer:
            # Whatever its level, the computer's name has the same size from one game to the next.
            names += scene.computer_names()
        preferred = scene.px(17)
        size = shared_size(
            ui, names, "body", preferred, width, bold=True, max_lines=1, min_size=preferred * 0.8
        )
        one_line = [
            layout_text(ui, name, "body", size, width, bold=True, max_lines=1, min_size=size)
            for name in names
        ]
        if all(block.bold and not block.cut for block in one_line):
            return size, 1
        return shared_size(ui, names, "body", preferred, width, bold=True, max_lines=2), 2

    def _card_height(self, width: int) -> int:
        """As tall as the longer name and a note beneath it need, at least the design's."""
        scene = self.scene
        ui = scene.app.theme
        card = pygame.Rect(0, 0, width, scene.px(58))
        _, text, _ = self._card_parts(card)
        size, lines = self._name_fit(text.width)
        names = [
            layout_text(
                ui,
                scene.player_name(seat, stacked=lines == 2),
                "body",
                size,
                text.width,
                bold=True,
                max_lines=lines,
                min_size=size,
            )
            for seat in SEATS
        ]
        needed = max(name.height for name in names) + ui.font("body", scene.px(13)).get_height()
        return max(scene.px(58), needed + scene.px(12))

    # -- the turn's state --

    def _turn_state_count(self) -> int:
        lines = self.scene.board.turn_state()
        return len(lines) if lines else 0

    def _state_line_height(self) -> int:
        return self.scene.app.theme.font("body", self.scene.px(14), bold=True).get_height() + self.scene.px(2)

    def _draw_turn_state(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lines = scene.board.turn_state() or []
        line_h = self._state_line_height()
        seat = scene.match.turn
        colour = theme.SEAT_COLOURS[seat] if seat in SEATS and not scene.match.is_over else theme.TEXT_DIM
        for index, line in enumerate(lines[: self.state_lines]):
            box = pygame.Rect(
                self.state_rect.x, self.state_rect.y + index * line_h, self.state_rect.width, line_h
            )
            draw_text(
                surface,
                scene.app.theme,
                line,
                "body",
                scene.px(14),
                theme.readable(theme.lerp_colour(colour, theme.TEXT, 0.3)),
                box,
                bold=True,
                align="center",
                max_lines=1,
                min_size=scene.px(14) * 0.8,
                container=self.rect,
            )

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        scene = self.scene
        if self.rect.width and (
            scene.board.console_height() != self.console_rect.height
            or self._turn_state_count() != self.state_lines
        ):
            self.layout(self.rect)  # the board's console or turn state came or went: the move list adapts
        elif self.rect.width and self._detail_height(self.status.width) != self.detail_h:
            # A detail of more or fewer lines (a hint's sentence came or went): the move list adapts.
            self.layout(self.rect)
        if self.numbers_room != scene.app.settings.ai_numbers:
            scene.relayout()  # the option changed while the game was paused
        self.widgets["undo"].enabled = scene.can_undo()
        self.widgets["redo"].enabled = scene.can_redo()
        self.widgets["hint"].enabled = scene.can_hint()
        self.widgets["resign"].enabled = scene.can_resign()
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        scene = self.scene
        ui = scene.app.theme
        draw_text(
            surface,
            ui,
            level_name(scene.level).upper(),
            "title",
            scene.px(17),
            theme.TEXT,
            self.title_rect,
            bold=True,
            align="center",
            max_lines=1,
            container=self.rect,
        )
        for seat in SEATS:
            self._draw_card(surface, seat)
        if self.state_lines:
            self._draw_turn_state(surface)
        self._draw_bar(surface)
        self._draw_status(surface)
        if self.console_rect.height:
            scene.board.draw_console(surface, self.console_rect)
        self._draw_moves(surface)
        self.widgets.draw(surface, ui)

    def _draw_card(self, surface: pygame.Surface, seat: int) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.cards[seat]
        match = scene.match
        active = not match.is_over and match.turn == seat
        colour = theme.SEAT_COLOURS[seat]
        if active:
            pulse = 0.5 + 0.5 * math.sin(scene.time * 4)
            halo = gfx.glow_box(
                rect.width + scene.px(24),
                rect.height + scene.px(24),
                colour,
                0.35 + 0.15 * pulse,
                scene.px(14),
            )
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        fill = theme.lerp_colour(theme.PANEL, colour, 0.18 if active else 0.05)
        edge = theme.readable(colour, fill) if active else (56, 66, 110)
        gfx.panel(surface, rect, fill=fill, edge=edge, radius=scene.px(10), alpha=240)
        piece, text, score = self._card_parts(rect)
        diameter = int(scene.px(58) * 0.62)
        sprite = gfx.piece_sprite(diameter, colour)
        surface.blit(sprite, sprite.get_rect(center=piece.center))
        caption = scene.board.score_caption()
        if caption:
            caption_h = ui.font("body", scene.px(12)).get_height()
            digits_h = ui.font(theme.SCORE_ROLE, scene.px(28), bold=True).get_height()
            top = score.centery - (caption_h + digits_h) // 2
            caption_box = pygame.Rect(score.x, top, score.width, caption_h)
            draw_text(
                surface,
                ui,
                caption,
                "body",
                scene.px(12),
                theme.TEXT_DIM,
                caption_box,
                align="right",
                max_lines=1,
            )
            score = pygame.Rect(score.x, caption_box.bottom, score.width, digits_h)
        draw_text(
            surface,
            ui,
            scene.board.score_text(seat, scene.board.displayed_score(seat)),
            theme.SCORE_ROLE,
            scene.px(28),
            theme.TEXT,
            score,
            bold=True,
            align="right",
            valign="middle",
            max_lines=1,
            container=rect,
        )
        note_h = ui.font("body", scene.px(13)).get_height()
        name_box = pygame.Rect(text.x, text.y, text.width, text.height - note_h)
        size, lines = self._name_fit(text.width)
        name = scene.player_name(seat, stacked=lines == 2)
        block = draw_text(
            surface,
            ui,
            name,
            "body",
            size,
            theme.TEXT,
            name_box,
            bold=True,
            max_lines=lines,
            min_size=size,
            container=rect,
        )
        if active:
            note = tr("thinking…") if scene.thinking else tr("to move")
        else:
            note = seat_name(seat) if name != seat_name(seat) else ""
        if note:
            note_box = pygame.Rect(text.x, text.y + block.height, text.width, note_h)
            draw_text(
                surface,
                ui,
                note,
                "body",
                scene.px(13),
                theme.readable(colour, fill) if active else theme.TEXT_DIM,
                note_box,
                max_lines=1,
                container=rect,
            )

    def _draw_bar(self, surface: pygame.Surface) -> None:
        shares = self.scene.board.score_bar()
        if shares is None:
            return
        first, second, total = shares
        rect = self.bar
        radius = rect.height // 2
        pygame.draw.rect(surface, (34, 40, 72), rect, border_radius=radius)
        first_w = int(rect.width * first / max(1, total))
        second_w = int(rect.width * second / max(1, total))
        if first_w:
            pygame.draw.rect(
                surface, theme.SEAT_COLOURS[0], (rect.x, rect.y, first_w, rect.height), border_radius=radius
            )
        if second_w:
            pygame.draw.rect(
                surface,
                theme.SEAT_COLOURS[1],
                (rect.right - second_w, rect.y, second_w, rect.height),
                border_radius=radius,
            )
        pygame.draw.line(
            surface, theme.TEXT_FAINT, (rect.centerx, rect.y - 2), (rect.centerx, rect.bottom + 1), 1
        )

    def _draw_status(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.status
        headline, detail, colour = scene.status_text()
        if scene.thinking:
            # A ring of dots chasing each other: the computer is at work.
            centre = (rect.x + scene.px(14), rect.y + scene.px(14))
            for index in range(8):
                angle = scene.time * 5 + index * math.pi / 4
                alpha = (index + 1) / 8
                point = (centre[0] + math.cos(angle) * scene.px(9), centre[1] + math.sin(angle) * scene.px(9))
                pygame.draw.circle(
                    surface, theme.lerp_colour(theme.PANEL, colour, alpha), point, max(2, scene.px(2.4))
                )
            x = rect.x + scene.px(32)
        else:
            x = rect.x
        numbers_h = ui.font("body", scene.px(12)).get_height() + scene.px(2) if self.numbers_room else 0
        above_numbers = pygame.Rect(rect.x, rect.y, rect.width, rect.height - numbers_h)
        draw_headline(surface, scene, above_numbers, headline, detail, colour, indent=x - rect.x)
        numbers = scene.status_numbers() if self.numbers_room else ""
        if numbers:
            numbers_box = pygame.Rect(rect.x, rect.bottom - numbers_h, rect.width, numbers_h)
            draw_text(surface, ui, numbers, "body", scene.px(12), theme.TEXT_FAINT, numbers_box, max_lines=1)

    @property
    def by_turns(self) -> bool:
        """Whether the move list shows one line per turn (turns of several actions, or dice), else full moves."""
        rules = self.scene.rules
        return Trait.REPEATED_SEATS in rules.traits or bool(rules.has_chance)

    def draw_move_list(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The move list alone, in ``rect`` (the puzzle screen shows it in its own panel)."""
        self.moves_rect = rect
        self._draw_moves(surface)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.moves_rect
        pygame.draw.rect(surface, (12, 15, 34), rect, border_radius=scene.px(8))
        pygame.draw.rect(surface, (44, 52, 94), rect, 1, border_radius=scene.px(8))
        if not scene.match.ply:
            draw_text(
                surface,
                ui,
                tr("No moves yet"),
                "body",
                scene.px(15),
                theme.TEXT_FAINT,
                rect.inflate(-scene.px(16), -scene.px(8)),
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
            if self.scene.board.roll_icons(entry, MIN_TEXT_SIZE) is not None:
                self._rolls.append(entry)
                return f"{ROLL_MARK}{len(self._rolls) - 1}"
            return self.scene.board.roll_label(entry)
        return self.scene.board.move_label(entry)

    def _roll_of(self, word: str) -> Any:
        """The roll a ``ROLL_MARK`` word stands for."""
        return self._rolls[int(word[len(ROLL_MARK) :])]

    def _die_size(self, size: int) -> int:
        """The dice's size in the move list beside text of ``size``."""
        return max(12, round(size * 1.3))

    def _measure(self, text: str, size: int) -> int:
        """``text``'s width in the move list: its words, and its rolls as the dice drawn for them."""
        ui = self.scene.app.theme
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
        ui = self.scene.app.theme
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
                icons = self.scene.board.roll_icons(self._roll_of(word), die) or []
                for icon in icons:
                    surface.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                    x += die + 1
                x += gap - 1

    def _draw_full_moves(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.moves_rect
        hidden = scene.hidden_seat()
        history = [(seat, self._label(seat, entry, hidden)) for seat, entry in scene.match.history()]
        rows = move_rows(history, scene.first_seat)
        size = scene.px(15)
        line_h = max(int(size * 1.45), ui.font("body", size, bold=True).get_height())
        capacity = max(1, (rect.height - scene.px(10)) // line_h)
        shown = rows[-capacity:]
        last_seat = next((seat for seat, _ in reversed(history) if seat != CHANCE), None)
        y = rect.y + scene.px(6)
        column_w = (rect.width - scene.px(44)) // 2
        for row_index, (number, *columns) in enumerate(shown, start=len(rows) - len(shown)):
            number_box = pygame.Rect(rect.x + scene.px(8), y, scene.px(30), line_h)
            draw_text(surface, ui, f"{number}.", "body", size, theme.TEXT_FAINT, number_box, max_lines=1)
            for seat, entries in enumerate(columns):
                if not entries:
                    continue
                x = rect.x + scene.px(40) + seat * column_w
                last = row_index == len(rows) - 1 and seat == last_seat
                if last:
                    mark = pygame.Rect(x - scene.px(4), y - 1, column_w - scene.px(4), line_h)
                    pygame.draw.rect(
                        surface,
                        theme.lerp_colour((12, 15, 34), theme.GOLD, 0.25),
                        mark,
                        border_radius=scene.px(4),
                    )
                colour = (
                    theme.GOLD
                    if last
                    else theme.readable(theme.lerp_colour(theme.SEAT_COLOURS[seat], theme.TEXT, 0.55))
                )
                entry_box = pygame.Rect(x, y, column_w - scene.px(6), line_h)
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
        scene = self.scene
        ui = scene.app.theme
        hidden = scene.hidden_seat()
        records = scene.match.turn_records()
        self._rolls = []
        # A roll the board is still showing (its dice in the air) is not told here before it lands.
        count = sum(len(record.entries) for record in records)
        last_seat = records[-1].entries[-1][0] if records and records[-1].entries else None
        held = count - 1 if scene.board.busy and last_seat == CHANCE else -1
        order = iter(range(count))

        def text(seat: int, entry: Any) -> str:
            return HELD_ROLL if next(order) == held else self._label(seat, entry, hidden)

        rows = turn_rows(records, text)
        size = scene.px(15)
        words = {word for row in rows for group in row.groups for word in group.split(" ")}
        while size > MIN_TEXT_SIZE and any(self._measure(word, size) > width for word in words):
            size -= 1
        gap = ui.word_gap("body", size)
        laid = [
            (row, wrap_groups(row.groups, width, lambda text: self._measure(text, size), gap)) for row in rows
        ]
        return size, laid

    def _draw_turns(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui: Theme = scene.app.theme
        rect = self.moves_rect
        number_w = scene.px(32)
        text_x = rect.x + scene.px(8) + number_w + scene.px(4)
        width = rect.right - scene.px(8) - text_x
        size, laid = self.turn_lines(width)
        line_h = max(int(size * 1.4), ui.font("body", size).get_height())
        capacity = max(1, (rect.height - scene.px(10)) // line_h)
        # The latest turns that fit, whole: a turn is never shown in part.
        shown: list[tuple[TurnRow, list[str]]] = []
        used = 0
        for row, lines in reversed(laid):
            if shown and used + len(lines) > capacity:
                break
            shown.insert(0, (row, lines[:capacity]))
            used += len(lines)
        y = rect.y + scene.px(6)
        previous_number: int | None = None
        for index, (row, lines) in enumerate(shown):
            last = index == len(shown) - 1
            if last:
                mark = pygame.Rect(text_x - scene.px(4), y - 1, width + scene.px(6), line_h * len(lines))
                pygame.draw.rect(
                    surface,
                    theme.lerp_colour((12, 15, 34), theme.GOLD, 0.25),
                    mark,
                    border_radius=scene.px(4),
                )
            if (
                row.seat is not None and row.number and row.number != previous_number
            ):  # set-up rows: 0, unnumbered
                number_box = pygame.Rect(rect.x + scene.px(8), y, number_w, line_h)
                draw_text(
                    surface, ui, f"{row.number}.", "body", size, theme.TEXT_FAINT, number_box, max_lines=1
                )
            previous_number = row.number
            if row.seat is None:
                colour = theme.lerp_colour(theme.GOLD, theme.TEXT, 0.4)
            else:
                colour = theme.readable(theme.lerp_colour(theme.SEAT_COLOURS[row.seat], theme.TEXT, 0.55))
                dot = (text_x - scene.px(7), y + line_h // 2)
                pygame.draw.circle(surface, theme.SEAT_COLOURS[row.seat], dot, max(2, scene.px(3)))
            for line in lines:
                box = pygame.Rect(text_x, y, width, line_h)
                self._draw_line(surface, line, size, theme.GOLD if last else colour, box)
                y += line_h
