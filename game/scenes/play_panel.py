"""The play screen's side panel: players and counts, whose turn, the AI's progress, the moves, the buttons."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ai.ataxx.search import WIN_SCORE, is_win_score
from game.engine.ataxx import Board, Side
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.lang import side_name, tr_data
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.play import PlayScene

__all__ = ["PlayPanel", "format_score", "move_rows"]


def format_score(score: int) -> str:
    """A search score (hundredths of a piece, mover's view) as text: ``+1.25`` or ``wins in 7``."""
    if is_win_score(score):
        plies = WIN_SCORE - abs(score)
        return tr("wins in {plies}", plies=plies) if score > 0 else tr("loses in {plies}", plies=plies)
    return f"{score / 100:+.2f}"


def move_rows(start_fen: str, moves: list[str]) -> list[tuple[int, str, str]]:
    """The move list as rows of (number, Red's move, Blue's move); ``…`` where a side has none yet."""
    first = Board(start_fen).turn
    offset = 0 if first is Side.RED else 1
    rows: list[list[str]] = []
    for index, text in enumerate(moves):
        position = index + offset
        row, column = divmod(position, 2)
        while len(rows) <= row:
            rows.append(["", ""])
        rows[row][column] = "pass" if text == "0000" else text
    if offset and rows:
        rows[0][0] = "…"
    return [(index + 1, red, blue) for index, (red, blue) in enumerate(rows)]


class PlayPanel:
    """Lays out and draws the side panel of a ``PlayScene``; its buttons call the scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup(
            [
                Button("Undo", scene.undo, key=pygame.K_u, icon="<"),
                Button("Redo", scene.redo, key=pygame.K_y, icon=">"),
                Button("Hint", scene.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("Restart", scene.ask_restart, accent=theme.ACCENT_2),
                Button("Menu", scene.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.cards: dict[Side, pygame.Rect] = {}
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.keypad_rect = pygame.Rect(0, 0, 0, 0)

    def button(self, label: str) -> Button:
        """The panel button labelled ``label``."""
        return self.widgets.by_label(label)

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``."""
        scene = self.scene
        self.rect = rect
        pad = scene.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        y = inner.y + scene.px(40)
        card_h = scene.px(58)
        for side in (Side.RED, Side.BLUE):
            self.cards[side] = pygame.Rect(inner.x, y, inner.width, card_h)
            y += card_h + scene.px(8)
        self.bar = pygame.Rect(inner.x, y + scene.px(2), inner.width, scene.px(12))
        y = self.bar.bottom + scene.px(12)
        self.status = pygame.Rect(inner.x, y, inner.width, scene.px(48))
        y = self.status.bottom + scene.px(4)
        self.keypad_rect = pygame.Rect(inner.x, y, inner.width, max(40, scene.px(46)))
        y = self.keypad_rect.bottom + scene.px(8)
        button_h = scene.px(40)
        gap = scene.px(8)
        buttons_top = inner.bottom - 3 * button_h - 2 * gap
        self.moves_rect = pygame.Rect(inner.x, y, inner.width, max(scene.px(30), buttons_top - gap - y))
        half = (inner.width - gap) // 2
        undo, redo, hint, restart, menu = self.widgets.buttons
        undo.rect = pygame.Rect(inner.x, buttons_top, half, button_h)
        redo.rect = pygame.Rect(inner.x + half + gap, buttons_top, half, button_h)
        hint.rect = pygame.Rect(inner.x, buttons_top + button_h + gap, half, button_h)
        restart.rect = pygame.Rect(inner.x + half + gap, buttons_top + button_h + gap, half, button_h)
        menu.rect = pygame.Rect(inner.x, buttons_top + 2 * (button_h + gap), inner.width, button_h)

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        scene = self.scene
        self.button("Undo").enabled = scene.can_undo()
        self.button("Redo").enabled = scene.can_redo()
        self.button("Hint").enabled = scene.can_hint()
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        scene = self.scene
        ui = scene.app.theme
        title = ui.text(tr_data(scene.level.name).upper(), "title", scene.px(17), theme.TEXT, bold=True)
        if title.get_width() > self.rect.width - scene.px(28):
            title = ui.text(tr_data(scene.level.name), "body", scene.px(17), theme.TEXT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + scene.px(14))))
        for side in (Side.RED, Side.BLUE):
            self._draw_card(surface, side)
        self._draw_bar(surface)
        self._draw_status(surface)
        scene.keys.draw_prompt(surface, self.keypad_rect)
        self._draw_moves(surface)
        self.widgets.draw(surface, ui)

    def _draw_card(self, surface: pygame.Surface, side: Side) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.cards[side]
        match = scene.match
        active = not match.is_over and match.turn is side
        colour = theme.SIDE_COLOURS[side]
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
        name = scene.player_name(side)
        label = ui.text(name, "body", scene.px(17), theme.TEXT, bold=True)
        room = rect.width - rect.height - scene.px(48)  # leave the count its place on the right
        if label.get_width() > room:
            label = ui.text(name, "body", max(11, scene.px(13)), theme.TEXT, bold=True)
        surface.blit(label, (rect.x + rect.height, rect.y + scene.px(7)))
        if active:
            note = tr("thinking…") if scene.thinking else tr("to move")
        else:
            note = side_name(side) if name not in (side_name(Side.RED), side_name(Side.BLUE)) else ""
        if note:
            small = ui.text(note, "body", scene.px(13), colour if active else theme.TEXT_DIM)
            surface.blit(small, (rect.x + rect.height, rect.y + scene.px(31)))
        count = ui.text(str(scene.displayed_count(side)), "title", scene.px(28), theme.TEXT, bold=True)
        surface.blit(count, count.get_rect(midright=(rect.right - scene.px(12), rect.centery)))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        scene = self.scene
        rect = self.bar
        red, blue = scene.displayed_count(Side.RED), scene.displayed_count(Side.BLUE)
        total = 49 - scene.match.board.blocks.bit_count()
        pygame.draw.rect(surface, (34, 40, 72), rect, border_radius=rect.height // 2)
        red_w = int(rect.width * red / max(1, total))
        blue_w = int(rect.width * blue / max(1, total))
        if red_w:
            pygame.draw.rect(
                surface, theme.RED, (rect.x, rect.y, red_w, rect.height), border_radius=rect.height // 2
            )
        if blue_w:
            pygame.draw.rect(
                surface,
                theme.BLUE,
                (rect.right - blue_w, rect.y, blue_w, rect.height),
                border_radius=rect.height // 2,
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
        text = ui.text(headline, "body", scene.px(17), colour, bold=True)
        surface.blit(text, (x, rect.y + scene.px(3)))
        if detail:
            small = ui.text(detail, "body", scene.px(13), theme.TEXT_DIM)
            surface.blit(small, (rect.x, rect.y + scene.px(27)))

    def _draw_moves(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.moves_rect
        pygame.draw.rect(surface, (12, 15, 34), rect, border_radius=scene.px(8))
        pygame.draw.rect(surface, (44, 52, 94), rect, 1, border_radius=scene.px(8))
        moves = [str(move) for move in scene.match.moves]
        rows = move_rows(scene.match.start_fen, moves)
        size = scene.px(15)
        line_h = int(size * 1.45)
        capacity = max(1, (rect.height - scene.px(10)) // line_h)
        shown = rows[-capacity:]
        last_row = len(rows) - 1
        last_column = (len(moves) - 1 + (0 if scene.first_side is Side.RED else 1)) % 2 if moves else -1
        y = rect.y + scene.px(6)
        column_w = (rect.width - scene.px(44)) // 2
        if not rows:
            empty = ui.text(tr("No moves yet"), "body", size, theme.TEXT_FAINT)
            surface.blit(empty, empty.get_rect(center=rect.center))
        for row_index, (number, red, blue) in enumerate(shown, start=len(rows) - len(shown)):
            label = ui.text(f"{number}.", "body", size, theme.TEXT_FAINT)
            surface.blit(label, (rect.x + scene.px(8), y))
            for column, text in enumerate((red, blue)):
                if not text:
                    continue
                x = rect.x + scene.px(40) + column * column_w
                last = row_index == last_row and column == last_column
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
                    else theme.lerp_colour(theme.SIDE_COLOURS[Side(column)], theme.TEXT, 0.55)
                )
                rendered = ui.text(tr("pass") if text == "pass" else text, "body", size, colour, bold=last)
                surface.blit(rendered, (x, y))
            y += line_h
