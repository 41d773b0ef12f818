"""The puzzle screen's side panel: which puzzle, how hard, whose move it is, the player's figures, the buttons.

From the top: the puzzle's number in the collection; its difficulty as
stars and the moves the win takes; seed 001's caption in the seat's colour
with the seat's name ("Red to play and win!"); what is happening (your move, not this one,
solved...); the tries, the streak and the puzzles solved; the moves played;
and the buttons (Hint, Solution, Previous, Next, Retry, Menu).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine.puzzles import GRADES
from game.i18n import tr
from game.scenes.match_panel import draw_headline
from game.scenes.move_list import MoveList
from game.ui import gfx, theme
from game.ui.textbox import draw_text, layout_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.puzzle import PuzzleScene

__all__ = ["PuzzlePanel", "star_points"]


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, its first point up."""
    x, y = centre
    points = []
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((x + math.cos(angle) * reach, y + math.sin(angle) * reach))
    return points


class PuzzlePanel:
    """Lays out and draws the side panel of a ``PuzzleScene``; its buttons call the scene."""

    def __init__(self, scene: PuzzleScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup(
            [
                Button("hint", "Hint", scene.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("solution", "Solution", scene.show_solution, accent=theme.ACCENT_2),
                Button("previous_puzzle", "Previous", scene.previous_puzzle, key=pygame.K_p, icon="previous"),
                Button("next_puzzle", "Next", scene.next_puzzle, key=pygame.K_n, icon="next"),
                Button("retry", "Retry", scene.retry, key=pygame.K_r, accent=theme.CLONE),
                Button("menu", "Menu", scene.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.moves = MoveList(scene, scene.px, scene.app.theme)
        """Draws the moves played, as the match screen's list does."""
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.grade_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.figures_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)

    # -- layout --

    def _caption_size(self) -> int:
        return self.scene.px(19)

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``."""
        scene = self.scene
        ui = scene.app.theme
        self.rect = rect
        pad = scene.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, scene.px(30))
        y = self.title_rect.bottom + scene.px(2)
        grade_h = scene.px(18) + ui.font("body", scene.px(14)).get_height() + scene.px(4)
        self.grade_rect = pygame.Rect(inner.x, y, inner.width, grade_h)
        y = self.grade_rect.bottom + scene.px(8)
        # The caption on up to two lines beside the seat's piece, in the longest wording it may take.
        text_w = inner.width - self._piece_room() - scene.px(12)
        caption = layout_text(
            ui, scene.caption(), "body", self._caption_size(), text_w, bold=True, max_lines=2
        )
        caption_h = max(scene.px(52), caption.height + scene.px(16))
        self.caption_rect = pygame.Rect(inner.x, y, inner.width, caption_h)
        y = self.caption_rect.bottom + scene.px(8)
        status_h = (
            ui.font("body", scene.px(17), bold=True).get_height()
            + 2 * ui.font("body", scene.px(13)).get_height()
        )
        self.status = pygame.Rect(inner.x, y, inner.width, status_h + scene.px(6))
        y = self.status.bottom + scene.px(4)
        line_h = ui.font("body", scene.px(14), bold=True).get_height() + scene.px(2)
        self.figures_rect = pygame.Rect(inner.x, y, inner.width, 3 * line_h)
        y = self.figures_rect.bottom + scene.px(8)
        button_h = scene.px(40)
        gap = scene.px(8)
        buttons_top = inner.bottom - 3 * button_h - 2 * gap
        self.moves_rect = pygame.Rect(inner.x, y, inner.width, max(scene.px(30), buttons_top - gap - y))
        half = (inner.width - gap) // 2
        ids = self.widgets
        for row, (left, right) in enumerate(
            (("hint", "solution"), ("previous_puzzle", "next_puzzle"), ("retry", "menu"))
        ):
            top = buttons_top + row * (button_h + gap)
            ids[left].rect = pygame.Rect(inner.x, top, half, button_h)
            ids[right].rect = pygame.Rect(inner.x + half + gap, top, half, button_h)

    def _piece_room(self) -> int:
        return int(self.scene.px(58) * 0.62) + self.scene.px(10)

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        scene = self.scene
        self.widgets["hint"].enabled = scene.can_hint()
        several = len(scene.puzzles) > 1
        self.widgets["previous_puzzle"].enabled = several
        self.widgets["next_puzzle"].enabled = several
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        scene = self.scene
        ui = scene.app.theme
        draw_text(
            surface,
            ui,
            tr("PUZZLE {number} / {count}", number=scene.puzzle.number, count=len(scene.puzzles)),
            "title",
            scene.px(17),
            theme.TEXT,
            self.title_rect,
            bold=True,
            align="center",
            valign="middle",
            max_lines=1,
            container=self.rect,
        )
        self._draw_grade(surface)
        self._draw_caption(surface)
        self._draw_status(surface)
        self._draw_figures(surface)
        self.moves.draw(surface, self.moves_rect)
        self.widgets.draw(surface, ui)

    def _draw_grade(self, surface: pygame.Surface) -> None:
        """The difficulty as stars (gold as many as the grade), and the moves the win takes beneath."""
        scene = self.scene
        rect = self.grade_rect
        radius = scene.px(8)
        step = radius * 2 + scene.px(4)
        count = len(GRADES)
        x = rect.centerx - step * (count - 1) / 2
        y = rect.y + radius + scene.px(1)
        for index in range(count):
            lit = index < scene.puzzle.grade
            points = star_points((x + index * step, y), radius)
            pygame.draw.polygon(surface, theme.GOLD if lit else (44, 52, 94), points)
            if lit:
                pygame.draw.aalines(surface, theme.lerp_colour(theme.GOLD, theme.TEXT, 0.5), True, points)
        text_box = pygame.Rect(
            rect.x, y + radius + scene.px(4), rect.width, rect.bottom - y - radius - scene.px(4)
        )
        draw_text(
            surface,
            scene.app.theme,
            scene.depth_text(),
            "body",
            scene.px(14),
            theme.TEXT_DIM,
            text_box,
            align="center",
            max_lines=1,
            container=self.rect,
        )

    def _draw_caption(self, surface: pygame.Surface) -> None:
        """Seed 001's caption, in a card of the seat's colour with its piece."""
        scene = self.scene
        ui = scene.app.theme
        rect = self.caption_rect
        colour = theme.SEAT_COLOURS[scene.seat]
        pulse = 0.5 + 0.5 * math.sin(scene.time * 3)
        halo = gfx.glow_box(
            rect.width + scene.px(20), rect.height + scene.px(20), colour, 0.25 + 0.12 * pulse, scene.px(12)
        )
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        fill = theme.lerp_colour(theme.PANEL, colour, 0.18)
        gfx.panel(surface, rect, fill=fill, edge=theme.readable(colour, fill), radius=scene.px(10), alpha=240)
        piece = pygame.Rect(rect.x, rect.y, self._piece_room(), rect.height)
        sprite = gfx.piece_sprite(int(scene.px(58) * 0.62), colour)
        surface.blit(sprite, sprite.get_rect(center=piece.center))
        text = pygame.Rect(
            piece.right,
            rect.y + scene.px(6),
            rect.right - scene.px(8) - piece.right,
            rect.height - scene.px(12),
        )
        draw_text(
            surface,
            ui,
            scene.caption(),
            "body",
            self._caption_size(),
            theme.TEXT,
            text,
            bold=True,
            valign="middle",
            max_lines=2,
            container=rect,
        )

    def _draw_status(self, surface: pygame.Surface) -> None:
        headline, detail, colour = self.scene.puzzle_status()
        draw_headline(
            surface,
            self.scene.app.theme,
            self.scene.px,
            self.status,
            headline,
            detail,
            colour,
            detail_lines=2,
        )

    def figures(self) -> list[tuple[str, str]]:
        """The player's figures: (label, value), translated."""
        scene = self.scene
        progress = scene.progress
        return [
            (tr("Tries"), str(scene.tries)),
            (tr("Streak"), tr("{streak} (best {best})", streak=progress.streak, best=progress.best_streak)),
            (tr("Solved"), tr("{solved} of {count}", solved=scene.solved_count, count=len(scene.puzzles))),
        ]

    def _draw_figures(self, surface: pygame.Surface) -> None:
        scene = self.scene
        ui = scene.app.theme
        rect = self.figures_rect
        line_h = rect.height // 3
        for index, (label, value) in enumerate(self.figures()):
            line = pygame.Rect(rect.x, rect.y + index * line_h, rect.width, line_h)
            shown = draw_text(
                surface, ui, value, "body", scene.px(14), theme.TEXT, line, bold=True, align="right",
                valign="middle", max_lines=1, container=self.rect,
            )  # fmt: skip
            label_box = pygame.Rect(line.x, line.y, line.width - shown.width - scene.px(8), line_h)
            draw_text(
                surface, ui, label, "body", scene.px(14), theme.TEXT_DIM, label_box, valign="middle",
                max_lines=1, container=self.rect,
            )  # fmt: skip
