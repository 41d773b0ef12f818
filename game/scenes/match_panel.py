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
from game.ui.lang import level_name, seat_name
from game.ui.textbox import draw_text, layout_text, shared_size
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
        self.title_rect = pygame.Rect(0, 0, 0, 0)
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
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, scene.px(36))
        y = inner.y + scene.px(40)
        card_h = self._card_height(inner.width)
        for seat in SEATS:
            self.cards[seat] = pygame.Rect(inner.x, y, inner.width, card_h)
            y += card_h + scene.px(8)
        self.bar = pygame.Rect(inner.x, y + scene.px(2), inner.width, scene.px(12))
        y = self.bar.bottom + scene.px(12)
        ui = scene.app.theme
        # The headline, and room for the board's instructions beneath it (two lines if they need them),
        # and for the computer's figures when the player asked for them.
        instructions = layout_text(
            ui,
            scene.board.instructions(),
            "body",
            scene.px(13),
            inner.width,
            max_lines=2,
            min_size=scene.px(13) * 0.85,
        )
        self.numbers_room = scene.app.settings.ai_numbers
        numbers_h = ui.font("body", scene.px(12)).get_height() + scene.px(2) if self.numbers_room else 0
        status_h = (
            ui.font("body", scene.px(17), bold=True).get_height()
            + instructions.height
            + numbers_h
            + scene.px(6)
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
        ids["menu"].rect = pygame.Rect(inner.x, buttons_top + 2 * (button_h + gap), inner.width, button_h)

    # -- the players' cards --

    def _card_parts(self, card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """A card's piece square, its text column and its score column."""
        scene = self.scene
        ui = scene.app.theme
        side = int(scene.px(58) * 0.62) + scene.px(10)  # the piece and a margin around it
        # Room for two digits whatever the scores: the names keep their size as the game goes on.
        scores = [str(self.scene.board.displayed_score(seat)) for seat in SEATS]
        score_w = max(ui.measure(text, "title", scene.px(28), bold=True) for text in [*scores, "00"])
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
                scene.player_name(seat),
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
        piece, text, score = self._card_parts(rect)
        diameter = int(scene.px(58) * 0.62)
        sprite = gfx.piece_sprite(diameter, colour)
        surface.blit(sprite, sprite.get_rect(center=piece.center))
        draw_text(
            surface,
            ui,
            str(scene.board.displayed_score(seat)),
            "title",
            scene.px(28),
            theme.TEXT,
            score,
            bold=True,
            align="right",
            valign="middle",
            max_lines=1,
            container=rect,
        )
        name = scene.player_name(seat)
        note_h = ui.font("body", scene.px(13)).get_height()
        name_box = pygame.Rect(text.x, text.y, text.width, text.height - note_h)
        size, lines = self._name_fit(text.width)
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
                colour if active else theme.TEXT_DIM,
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
        head_h = ui.font("body", scene.px(17), bold=True).get_height()
        numbers_h = ui.font("body", scene.px(12)).get_height() + scene.px(2) if self.numbers_room else 0
        head_box = pygame.Rect(x, rect.y + scene.px(3), rect.right - x, head_h)
        draw_text(surface, ui, headline, "body", scene.px(17), colour, head_box, bold=True, max_lines=1)
        if detail:
            detail_box = pygame.Rect(rect.x, head_box.bottom + scene.px(2), rect.width, 0)
            detail_box.height = rect.bottom - detail_box.y - numbers_h
            draw_text(
                surface,
                ui,
                detail,
                "body",
                scene.px(13),
                theme.TEXT_DIM,
                detail_box,
                min_size=scene.px(13) * 0.85,
            )
        numbers = scene.status_numbers() if self.numbers_room else ""
        if numbers:
            numbers_box = pygame.Rect(rect.x, rect.bottom - numbers_h, rect.width, numbers_h)
            draw_text(surface, ui, numbers, "body", scene.px(12), theme.TEXT_FAINT, numbers_box, max_lines=1)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.moves_rect
        pygame.draw.rect(surface, (12, 15, 34), rect, border_radius=scene.px(8))
        pygame.draw.rect(surface, (44, 52, 94), rect, 1, border_radius=scene.px(8))
        history = [(seat, scene.board.move_label(entry)) for seat, entry in scene.match.history()]
        rows = move_rows(history, scene.first_seat)
        size = scene.px(15)
        line_h = max(int(size * 1.45), ui.font("body", size, bold=True).get_height())
        capacity = max(1, (rect.height - scene.px(10)) // line_h)
        shown = rows[-capacity:]
        last_seat = next((seat for seat, _ in reversed(history) if seat != CHANCE), None)
        y = rect.y + scene.px(6)
        column_w = (rect.width - scene.px(44)) // 2
        if not history:
            draw_text(
                surface,
                ui,
                tr("No moves yet"),
                "body",
                size,
                theme.TEXT_FAINT,
                rect.inflate(-scene.px(16), -scene.px(8)),
                align="center",
                valign="middle",
            )
            return
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
                colour = theme.GOLD if last else theme.lerp_colour(theme.SEAT_COLOURS[seat], theme.TEXT, 0.55)
                entry_box = pygame.Rect(x, y, column_w - scene.px(6), line_h)
                draw_text(
                    surface, ui, " ".join(entries), "body", size, colour, entry_box, bold=last, max_lines=1
                )
            y += line_h
