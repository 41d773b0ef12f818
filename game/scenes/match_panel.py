"""The match screen's side panel: players and scores, whose turn, the AI's progress, the moves, the buttons.

The same for every game: the seats' colours and names come from the theme, the
scores, the bar, the turn's state (Lionheart's actions left) and an optional
console (Ataxx's keypad prompt) from the game's board controller; the moves
are a ``MoveList``. The panel reads what it shows from a ``MatchView`` (the
match screen is one) and calls its commands from the buttons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.core import SEATS
from game.engine.levels import LevelInfo
from game.i18n import tr
from game.scenes.board_capabilities import HasConsole, console_height, turn_state
from game.scenes.match_status import MatchFlags
from game.scenes.move_list import MoveLabels, MoveList, MoveListView
from game.ui import gfx, theme
from game.ui.lang import level_name, seat_name
from game.ui.textbox import draw_text, layout_text, shared_size
from game.ui.theme import Colour, Theme
from game.ui.view_panel import ViewPanel
from game.ui.widgets import Button, WidgetGroup

__all__ = ["MatchPanel", "MatchView", "PanelBoard", "draw_headline"]

STATUS_DETAIL_LINES = 4
"""The most lines the status's detail takes (a hint's sentence, in French, in the narrowest panel)."""


class PanelBoard(MoveLabels, Protocol):
    """What the panel shows of the game's board controller (``BoardController`` has these)."""

    def instructions(self) -> str: ...

    def score_text(self, seat: int, score: int) -> str: ...

    def displayed_score(self, seat: int) -> int: ...

    def score_caption(self) -> str: ...

    def score_bar(self) -> tuple[int, int, int] | None: ...


class MatchView(MoveListView, MatchFlags, Protocol):
    """What the panel shows of a match and what its buttons do: the match screen implements it."""

    level: LevelInfo
    time: float

    @property
    def board(self) -> PanelBoard: ...

    def player_name(self, seat: int, *, stacked: bool = False) -> str: ...

    def computer_names(self) -> list[str]: ...

    def status_text(self) -> tuple[str, str, Colour]: ...

    def status_numbers(self) -> str: ...

    def relayout(self) -> None: ...

    def can_undo(self) -> bool: ...

    def can_redo(self) -> bool: ...

    def can_hint(self) -> bool: ...

    def can_resign(self) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def hint(self) -> None: ...

    def ask_restart(self) -> None: ...

    def ask_resign(self) -> None: ...

    def open_menu(self) -> None: ...


def draw_headline(
    surface: pygame.Surface,
    ui: Theme,
    px: Callable[[float], int],
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
    head_h = ui.font("body", px(17), bold=True).get_height()
    head_box = pygame.Rect(rect.x + indent, rect.y + px(3), rect.width - indent, head_h)
    draw_text(surface, ui, headline, "body", px(17), theme.readable(colour), head_box, bold=True, max_lines=1)
    if detail:
        detail_box = pygame.Rect(rect.x, head_box.bottom + px(2), rect.width, 0)
        detail_box.height = rect.bottom - detail_box.y
        draw_text(
            surface, ui, detail, "body", px(13), theme.TEXT_DIM, detail_box, max_lines=detail_lines,
            min_size=px(13) * 0.85,
        )  # fmt: skip


class MatchPanel(ViewPanel[MatchView]):
    """Lays out and draws the match screen's side panel from ``view``, at the scale ``px`` gives, in ``ui``'s
    letters; its buttons call ``view``'s commands."""

    def __init__(self, view: MatchView, px: Callable[[float], int], ui: Theme) -> None:
        super().__init__(view, px, ui)
        self.moves = MoveList(view, px, ui)
        self.widgets = WidgetGroup(
            [
                Button("undo", "Undo", view.undo, key=pygame.K_u, icon="undo"),
                Button("redo", "Redo", view.redo, key=pygame.K_y, icon="redo"),
                Button("hint", "Hint", view.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("restart", "Restart", view.ask_restart, accent=theme.ACCENT_2),
                Button("resign", "Resign", view.ask_resign, accent=theme.DANGER),
                Button("menu", "Menu", view.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.state_rect = pygame.Rect(0, 0, 0, 0)
        """Under the players: the lines of the game's turn state (``board_capabilities.turn_state``)."""
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
        view = self.view
        self.rect = rect
        pad = self.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, self.px(36))
        y = inner.y + self.px(40)
        card_h = self._card_height(inner.width)
        for seat in SEATS:
            self.cards[seat] = pygame.Rect(inner.x, y, inner.width, card_h)
            y += card_h + self.px(8)
        self.state_lines = self._turn_state_count()
        self.state_rect = pygame.Rect(inner.x, y, inner.width, self.state_lines * self._state_line_height())
        if self.state_lines:
            y = self.state_rect.bottom + self.px(6)
        self.bar = pygame.Rect(inner.x, y + self.px(2), inner.width, self.px(12))
        y = self.bar.bottom + self.px(12)
        ui = self.ui
        # The headline, and room for the detail beneath it (the board's instructions, or what the status says
        # now: a hint's sentence), and for the computer's figures when the player asked for them.
        self.detail_h = self._detail_height(inner.width)
        self.numbers_room = view.show_numbers
        numbers_h = ui.font("body", self.px(12)).get_height() + self.px(2) if self.numbers_room else 0
        status_h = (
            ui.font("body", self.px(17), bold=True).get_height() + self.detail_h + numbers_h + self.px(6)
        )
        self.status = pygame.Rect(
            inner.x, y, inner.width, max(self.px(64 if self.numbers_room else 48), status_h)
        )
        y = self.status.bottom + self.px(4)
        console = console_height(view.board)
        self.console_rect = pygame.Rect(inner.x, y, inner.width, console)
        y = self.console_rect.bottom + (self.px(8) if console else 0)
        gap = self.px(8)
        rows = (("undo", "redo"), ("hint", "restart"), ("resign", "menu"))
        buttons_top = self.widgets.place_pairs(rows, inner, self.px(40), gap)
        self.moves_rect = pygame.Rect(inner.x, y, inner.width, max(self.px(30), buttons_top - gap - y))

    def _detail_height(self, width: int) -> int:
        """The height of the status's detail: the taller of the board's instructions (two lines at most) and
        the detail said now (``STATUS_DETAIL_LINES`` at most), both in the small letters of ``draw_headline``."""
        view = self.view
        size = self.px(13)
        heights = [
            layout_text(self.ui, text, "body", size, width, max_lines=lines, min_size=size * 0.85).height
            for text, lines in (
                (view.board.instructions(), 2),
                (view.status_text()[1], STATUS_DETAIL_LINES),
            )
            if text
        ]
        return max(heights, default=0)

    # -- the players' cards --

    def _card_parts(self, card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A card's piece square, its text column and its score column."""
        ui = self.ui
        side = int(self.px(58) * 0.62) + self.px(10)  # the piece and a margin around it
        # Room for two digits whatever the scores: the names keep their size as the game goes on.
        board = self.view.board
        scores = [board.score_text(seat, board.displayed_score(seat)) for seat in SEATS]
        score_w = max(ui.measure(text, theme.SCORE_ROLE, self.px(28), bold=True) for text in [*scores, "00"])
        caption = board.score_caption()
        if caption:
            score_w = max(score_w, ui.measure(caption, "body", self.px(12)))
        score = pygame.Rect(card.right - self.px(12) - score_w, card.y, score_w, card.height)
        text = pygame.Rect(card.x + side, card.y + self.px(6), 0, card.height - self.px(12))
        text.width = max(1, score.x - self.px(8) - text.x)
        return pygame.Rect(card.x, card.y, side, card.height), text, score

    def _name_fit(self, width: int) -> tuple[int, int]:
        """The one size of both players' names (neither looks smaller than the other) and their lines.

        One line if a slightly smaller size allows it, else two ("Computer ·" over "Beginner"). Against
        the computer, its name at every level counts: the size never changes with the level chosen.
        """
        view = self.view
        ui = self.ui
        names = [view.player_name(seat) for seat in SEATS]
        if view.vs_computer:
            # Whatever its level, the computer's name has the same size from one game to the next.
            names += view.computer_names()
        preferred = self.px(17)
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
        view = self.view
        ui = self.ui
        card = pygame.Rect(0, 0, width, self.px(58))
        _, text, _ = self._card_parts(card)
        size, lines = self._name_fit(text.width)
        names = [
            layout_text(
                ui,
                view.player_name(seat, stacked=lines == 2),
                "body",
                size,
                text.width,
                bold=True,
                max_lines=lines,
                min_size=size,
            )
            for seat in SEATS
        ]
        needed = max(name.height for name in names) + ui.font("body", self.px(13)).get_height()
        return max(self.px(58), needed + self.px(12))

    # -- the turn's state --

    def _turn_state_count(self) -> int:
        lines = turn_state(self.view.board, self.view.match)
        return len(lines) if lines else 0

    def _state_line_height(self) -> int:
        return self.ui.font("body", self.px(14), bold=True).get_height() + self.px(2)

    def _draw_turn_state(self, surface: pygame.Surface) -> None:
        view = self.view
        lines = turn_state(view.board, view.match) or []
        line_h = self._state_line_height()
        seat = view.match.turn
        colour = theme.SEAT_COLOURS[seat] if seat in SEATS and not view.match.is_over else theme.TEXT_DIM
        for index, line in enumerate(lines[: self.state_lines]):
            box = pygame.Rect(
                self.state_rect.x, self.state_rect.y + index * line_h, self.state_rect.width, line_h
            )
            draw_text(
                surface,
                self.ui,
                line,
                "body",
                self.px(14),
                theme.readable(theme.lerp_colour(colour, theme.TEXT, 0.3)),
                box,
                bold=True,
                align="center",
                max_lines=1,
                min_size=self.px(14) * 0.8,
                container=self.rect,
            )

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        view = self.view
        if self.rect.width and (
            console_height(view.board) != self.console_rect.height
            or self._turn_state_count() != self.state_lines
        ):
            self.layout(self.rect)  # the board's console or turn state came or went: the move list adapts
        elif self.rect.width and self._detail_height(self.status.width) != self.detail_h:
            # A detail of more or fewer lines (a hint's sentence came or went): the move list adapts.
            self.layout(self.rect)
        if self.numbers_room != view.show_numbers:
            view.relayout()  # the option changed while the game was paused
        self.widgets["undo"].enabled = view.can_undo()
        self.widgets["redo"].enabled = view.can_redo()
        self.widgets["hint"].enabled = view.can_hint()
        self.widgets["resign"].enabled = view.can_resign()
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        view = self.view
        ui = self.ui
        draw_text(
            surface,
            ui,
            level_name(view.level).upper(),
            "title",
            self.px(17),
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
        if self.console_rect.height and isinstance(view.board, HasConsole):
            view.board.draw_console(surface, self.console_rect)
        self.moves.draw(surface, self.moves_rect)
        self.widgets.draw(surface, ui)

    def _draw_card(self, surface: pygame.Surface, seat: int) -> None:
        view = self.view
        ui = self.ui
        rect = self.cards[seat]
        match = view.match
        active = not match.is_over and match.turn == seat
        colour = theme.SEAT_COLOURS[seat]
        if active:
            pulse = 0.5 + 0.5 * math.sin(view.time * 4)
            halo = gfx.glow_box(
                rect.width + self.px(24),
                rect.height + self.px(24),
                colour,
                0.35 + 0.15 * pulse,
                self.px(14),
            )
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        fill = theme.lerp_colour(theme.PANEL, colour, 0.18 if active else 0.05)
        edge = theme.readable(colour, fill) if active else (56, 66, 110)
        gfx.panel(surface, rect, fill=fill, edge=edge, radius=self.px(10), alpha=240)
        piece, text, score = self._card_parts(rect)
        diameter = int(self.px(58) * 0.62)
        sprite = gfx.piece_sprite(diameter, colour)
        surface.blit(sprite, sprite.get_rect(center=piece.center))
        caption = view.board.score_caption()
        if caption:
            caption_h = ui.font("body", self.px(12)).get_height()
            digits_h = ui.font(theme.SCORE_ROLE, self.px(28), bold=True).get_height()
            top = score.centery - (caption_h + digits_h) // 2
            caption_box = pygame.Rect(score.x, top, score.width, caption_h)
            draw_text(
                surface,
                ui,
                caption,
                "body",
                self.px(12),
                theme.TEXT_DIM,
                caption_box,
                align="right",
                max_lines=1,
            )
            score = pygame.Rect(score.x, caption_box.bottom, score.width, digits_h)
        draw_text(
            surface,
            ui,
            view.board.score_text(seat, view.board.displayed_score(seat)),
            theme.SCORE_ROLE,
            self.px(28),
            theme.TEXT,
            score,
            bold=True,
            align="right",
            valign="middle",
            max_lines=1,
            container=rect,
        )
        note_h = ui.font("body", self.px(13)).get_height()
        name_box = pygame.Rect(text.x, text.y, text.width, text.height - note_h)
        size, lines = self._name_fit(text.width)
        name = view.player_name(seat, stacked=lines == 2)
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
            note = tr("thinking…") if view.thinking else tr("to move")
        else:
            note = seat_name(seat) if name != seat_name(seat) else ""
        if note:
            note_box = pygame.Rect(text.x, text.y + block.height, text.width, note_h)
            draw_text(
                surface,
                ui,
                note,
                "body",
                self.px(13),
                theme.readable(colour, fill) if active else theme.TEXT_DIM,
                note_box,
                max_lines=1,
                container=rect,
            )

    def _draw_bar(self, surface: pygame.Surface) -> None:
        shares = self.view.board.score_bar()
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
        view = self.view
        ui = self.ui
        rect = self.status
        headline, detail, colour = view.status_text()
        if view.thinking:
            # A ring of dots chasing each other: the computer is at work.
            centre = (rect.x + self.px(14), rect.y + self.px(14))
            for index in range(8):
                angle = view.time * 5 + index * math.pi / 4
                alpha = (index + 1) / 8
                point = (centre[0] + math.cos(angle) * self.px(9), centre[1] + math.sin(angle) * self.px(9))
                pygame.draw.circle(
                    surface, theme.lerp_colour(theme.PANEL, colour, alpha), point, max(2, self.px(2.4))
                )
            x = rect.x + self.px(32)
        else:
            x = rect.x
        numbers_h = ui.font("body", self.px(12)).get_height() + self.px(2) if self.numbers_room else 0
        above_numbers = pygame.Rect(rect.x, rect.y, rect.width, rect.height - numbers_h)
        draw_headline(surface, self.ui, self.px, above_numbers, headline, detail, colour, indent=x - rect.x)
        numbers = view.status_numbers() if self.numbers_room else ""
        if numbers:
            numbers_box = pygame.Rect(rect.x, rect.bottom - numbers_h, rect.width, numbers_h)
            draw_text(surface, ui, numbers, "body", self.px(12), theme.TEXT_FAINT, numbers_box, max_lines=1)
