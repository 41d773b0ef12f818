"""The match screen's side panel: players and scores, whose turn, the AI's progress, the moves, the buttons.

The same for every game: the seats' colours and names come from the theme, the
scores, the bar, the move labels and an optional console (Ataxx's keypad
prompt) from the game's board controller.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.core import CHANCE, SEATS
from game.engine.match import move_numbers
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import fit_text, level_name, seat_name
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

__all__ = ["MatchPanel", "move_rows"]


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


class MatchPanel:
    """Lays out and draws the side panel of a ``MatchScene``; its buttons call the scene."""

    def __init__(self, scene: MatchScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup(
            [
                Button("undo", "Undo", scene.undo, key=pygame.K_u, icon="undo"),
                Button("redo", "Redo", scene.redo, key=pygame.K_y, icon="redo"),
                Button("hint", "Hint", scene.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("restart", "Restart", scene.ask_restart, accent=theme.ACCENT_2),
                Button("menu", "Menu", scene.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.cards: dict[int, pygame.Rect] = {}
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.console_rect = pygame.Rect(0, 0, 0, 0)
        self.numbers_room = False
        """Whether the status has a line for the computer's figures (the option "With numbers")."""

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``."""
        scene = self.scene
        self.rect = rect
        pad = scene.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        y = inner.y + scene.px(40)
        card_h = scene.px(58)
        for seat in SEATS:
            self.cards[seat] = pygame.Rect(inner.x, y, inner.width, card_h)
            y += card_h + scene.px(8)
        self.bar = pygame.Rect(inner.x, y + scene.px(2), inner.width, scene.px(12))
        y = self.bar.bottom + scene.px(12)
        self.numbers_room = scene.app.settings.ai_numbers
        self.status = pygame.Rect(inner.x, y, inner.width, scene.px(64 if self.numbers_room else 48))
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
        ids["menu"].rect = pygame.Rect(inner.x, buttons_top + 2 * (button_h + gap), inner.width, button_h)

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        scene = self.scene
        if self.rect.width and scene.board.console_height() != self.console_rect.height:
            self.layout(self.rect)  # the board's console came or went: the move list takes the room
        if self.numbers_room != scene.app.settings.ai_numbers:
            scene.relayout()  # the option changed while the game was paused
        self.widgets["undo"].enabled = scene.can_undo()
        self.widgets["redo"].enabled = scene.can_redo()
        self.widgets["hint"].enabled = scene.can_hint()
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        scene = self.scene
        ui = scene.app.theme
        width = self.rect.width - scene.px(28)
        name = level_name(scene.level)
        title = ui.text(name.upper(), "title", scene.px(17), theme.TEXT, bold=True)
        if title.get_width() > width:
            title = fit_text(ui, name, "body", scene.px(17), theme.TEXT, width, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + scene.px(14))))
        for seat in SEATS:
            self._draw_card(surface, seat)
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
        gfx.panel(
            surface, rect, fill=fill, edge=colour if active else (56, 66, 110), radius=scene.px(10), alpha=240
        )
        diameter = int(rect.height * 0.62)
        sprite = gfx.piece_sprite(diameter, colour)
        surface.blit(sprite, sprite.get_rect(center=(rect.x + rect.height // 2, rect.centery)))
        count = ui.text(str(scene.board.displayed_score(seat)), "title", scene.px(28), theme.TEXT, bold=True)
        surface.blit(count, count.get_rect(midright=(rect.right - scene.px(12), rect.centery)))
        name = scene.player_name(seat)
        room = rect.right - scene.px(12) - count.get_width() - scene.px(10) - (rect.x + rect.height)
        label = fit_text(ui, name, "body", scene.px(17), theme.TEXT, room, bold=True)
        surface.blit(label, (rect.x + rect.height, rect.y + scene.px(7)))
        if active:
            note = tr("thinking…") if scene.thinking else tr("to move")
        else:
            note = seat_name(seat) if name != seat_name(seat) else ""
        if note:
            small = fit_text(ui, note, "body", scene.px(13), colour if active else theme.TEXT_DIM, room)
            surface.blit(small, (rect.x + rect.height, rect.y + scene.px(31)))

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
        text = fit_text(ui, headline, "body", scene.px(17), colour, rect.right - x, bold=True)
        surface.blit(text, (x, rect.y + scene.px(3)))
        if detail:
            small = fit_text(ui, detail, "body", scene.px(13), theme.TEXT_DIM, rect.width)
            surface.blit(small, (rect.x, rect.y + scene.px(27)))
        numbers = scene.status_numbers() if self.numbers_room else ""
        if numbers:
            figures = fit_text(ui, numbers, "body", scene.px(12), theme.TEXT_FAINT, rect.width)
            surface.blit(figures, (rect.x, rect.y + scene.px(45)))

    def _draw_moves(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.moves_rect
        pygame.draw.rect(surface, (12, 15, 34), rect, border_radius=scene.px(8))
        pygame.draw.rect(surface, (44, 52, 94), rect, 1, border_radius=scene.px(8))
        history = [(seat, scene.board.move_label(entry)) for seat, entry in scene.match.history()]
        rows = move_rows(history, scene.first_seat)
        size = scene.px(15)
        line_h = int(size * 1.45)
        capacity = max(1, (rect.height - scene.px(10)) // line_h)
        shown = rows[-capacity:]
        last_seat = next((seat for seat, _ in reversed(history) if seat != CHANCE), None)
        y = rect.y + scene.px(6)
        column_w = (rect.width - scene.px(44)) // 2
        if not history:
            empty = ui.text(tr("No moves yet"), "body", size, theme.TEXT_FAINT)
            surface.blit(empty, empty.get_rect(center=rect.center))
            return
        for row_index, (number, *columns) in enumerate(shown, start=len(rows) - len(shown)):
            label = ui.text(f"{number}.", "body", size, theme.TEXT_FAINT)
            surface.blit(label, (rect.x + scene.px(8), y))
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
                colour = theme.GOLD if last else theme.lerp_colour(theme.SEAT_COLOURS[seat], theme.TEXT, 0.55)
                text = fit_text(
                    ui, " ".join(entries), "body", size, colour, column_w - scene.px(6), bold=last
                )
                surface.blit(text, (x, y))
            y += line_h
