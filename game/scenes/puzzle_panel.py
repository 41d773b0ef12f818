"""The puzzle screen's side panel: which puzzle, how hard, whose move it is, the player's figures, the buttons.

From the top: the puzzle's number in the collection; its difficulty as
stars and the moves the win takes; seed 001's caption in the seat's colour
with the seat's name ("Red to play and win!"); what is happening (your move, not this one,
solved...); the tries, the streak and the puzzles solved; the moves played;
and the buttons (Hint, Solution, Previous, Next, Retry, Menu).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.puzzles import GRADES, Puzzle
from game.engine.stats import PuzzleProgress
from game.i18n import tr
from game.scenes.match_panel import draw_headline
from game.scenes.move_list import MoveList, MoveListView
from game.ui import gfx, theme
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Colour, Theme
from game.ui.view_panel import ViewPanel
from game.ui.widgets import Button, WidgetGroup

__all__ = ["PuzzlePanel", "PuzzleView", "star_points"]


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star, its first point up."""
    x, y = centre
    points = []
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((x + math.cos(angle) * reach, y + math.sin(angle) * reach))
    return points


class PuzzleView(MoveListView, Protocol):
    """What the panel shows of a puzzle and the player's figures, and what its buttons do: the puzzle screen
    implements it."""

    puzzles: list[Puzzle]
    progress: PuzzleProgress
    tries: int
    time: float

    @property
    def puzzle(self) -> Puzzle: ...

    @property
    def solved_count(self) -> int: ...

    def caption(self) -> str: ...

    def depth_text(self) -> str: ...

    def puzzle_status(self) -> tuple[str, str, Colour]: ...

    def can_hint(self) -> bool: ...

    def hint(self) -> None: ...

    def show_solution(self) -> None: ...

    def previous_puzzle(self) -> None: ...

    def next_puzzle(self) -> None: ...

    def retry(self) -> None: ...

    def open_menu(self) -> None: ...


class PuzzlePanel(ViewPanel[PuzzleView]):
    """Lays out and draws the puzzle screen's side panel from ``view``, at the scale ``px`` gives, in ``ui``'s
    letters; its buttons call ``view``'s commands."""

    def __init__(self, view: PuzzleView, px: Callable[[float], int], ui: Theme) -> None:
        super().__init__(view, px, ui)
        self.widgets = WidgetGroup(
            [
                Button("hint", "Hint", view.hint, key=pygame.K_h, accent=theme.GOLD),
                Button("solution", "Solution", view.show_solution, accent=theme.ACCENT_2),
                Button("previous_puzzle", "Previous", view.previous_puzzle, key=pygame.K_p, icon="previous"),
                Button("next_puzzle", "Next", view.next_puzzle, key=pygame.K_n, icon="next"),
                Button("retry", "Retry", view.retry, key=pygame.K_r, accent=theme.CLONE),
                Button("menu", "Menu", view.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.moves = MoveList(view, px, ui)
        """Draws the moves played, as the match screen's list does."""
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.grade_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.figures_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)

    # -- layout --

    def _caption_size(self) -> int:
        return self.px(19)

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``."""
        view = self.view
        ui = self.ui
        self.rect = rect
        pad = self.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, self.px(30))
        y = self.title_rect.bottom + self.px(2)
        grade_h = self.px(18) + ui.font("body", self.px(14)).get_height() + self.px(4)
        self.grade_rect = pygame.Rect(inner.x, y, inner.width, grade_h)
        y = self.grade_rect.bottom + self.px(8)
        # The caption on up to two lines beside the seat's piece, in the longest wording it may take.
        text_w = inner.width - self._piece_room() - self.px(12)
        caption = layout_text(
            ui, view.caption(), "body", self._caption_size(), text_w, bold=True, max_lines=2
        )
        caption_h = max(self.px(52), caption.height + self.px(16))
        self.caption_rect = pygame.Rect(inner.x, y, inner.width, caption_h)
        y = self.caption_rect.bottom + self.px(8)
        status_h = (
            ui.font("body", self.px(17), bold=True).get_height()
            + 2 * ui.font("body", self.px(13)).get_height()
        )
        self.status = pygame.Rect(inner.x, y, inner.width, status_h + self.px(6))
        y = self.status.bottom + self.px(4)
        line_h = ui.font("body", self.px(14), bold=True).get_height() + self.px(2)
        self.figures_rect = pygame.Rect(inner.x, y, inner.width, 3 * line_h)
        y = self.figures_rect.bottom + self.px(8)
        gap = self.px(8)
        rows = (("hint", "solution"), ("previous_puzzle", "next_puzzle"), ("retry", "menu"))
        buttons_top = self.widgets.place_pairs(rows, inner, self.px(40), gap)
        self.moves_rect = pygame.Rect(inner.x, y, inner.width, max(self.px(30), buttons_top - gap - y))

    def _piece_room(self) -> int:
        return int(self.px(58) * 0.62) + self.px(10)

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        view = self.view
        self.widgets["hint"].enabled = view.can_hint()
        several = len(view.puzzles) > 1
        self.widgets["previous_puzzle"].enabled = several
        self.widgets["next_puzzle"].enabled = several
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        view = self.view
        ui = self.ui
        draw_text(
            surface,
            ui,
            tr("PUZZLE {number} / {count}", number=view.puzzle.number, count=len(view.puzzles)),
            "title",
            self.px(17),
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
        view = self.view
        rect = self.grade_rect
        radius = self.px(8)
        step = radius * 2 + self.px(4)
        count = len(GRADES)
        x = rect.centerx - step * (count - 1) / 2
        y = rect.y + radius + self.px(1)
        for index in range(count):
            lit = index < view.puzzle.grade
            points = star_points((x + index * step, y), radius)
            pygame.draw.polygon(surface, theme.GOLD if lit else (44, 52, 94), points)
            if lit:
                pygame.draw.aalines(surface, theme.lerp_colour(theme.GOLD, theme.TEXT, 0.5), True, points)
        text_box = pygame.Rect(
            rect.x, y + radius + self.px(4), rect.width, rect.bottom - y - radius - self.px(4)
        )
        draw_text(
            surface,
            self.ui,
            view.depth_text(),
            "body",
            self.px(14),
            theme.TEXT_DIM,
            text_box,
            align="center",
            max_lines=1,
            container=self.rect,
        )

    def _draw_caption(self, surface: pygame.Surface) -> None:
        """Seed 001's caption, in a card of the seat's colour with its piece."""
        view = self.view
        ui = self.ui
        rect = self.caption_rect
        colour = theme.SEAT_COLOURS[view.puzzle.seat]
        pulse = 0.5 + 0.5 * math.sin(view.time * 3)
        halo = gfx.glow_box(
            rect.width + self.px(20), rect.height + self.px(20), colour, 0.25 + 0.12 * pulse, self.px(12)
        )
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        fill = theme.lerp_colour(theme.PANEL, colour, 0.18)
        gfx.panel(surface, rect, fill=fill, edge=theme.readable(colour, fill), radius=self.px(10), alpha=240)
        piece = pygame.Rect(rect.x, rect.y, self._piece_room(), rect.height)
        sprite = gfx.piece_sprite(int(self.px(58) * 0.62), colour)
        surface.blit(sprite, sprite.get_rect(center=piece.center))
        text = pygame.Rect(
            piece.right,
            rect.y + self.px(6),
            rect.right - self.px(8) - piece.right,
            rect.height - self.px(12),
        )
        draw_text(
            surface,
            ui,
            view.caption(),
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
        headline, detail, colour = self.view.puzzle_status()
        draw_headline(
            surface,
            self.ui,
            self.px,
            self.status,
            headline,
            detail,
            colour,
            detail_lines=2,
        )

    def figures(self) -> list[tuple[str, str]]:
        """The player's figures: (label, value), translated."""
        view = self.view
        progress = view.progress
        return [
            (tr("Tries"), str(view.tries)),
            (tr("Streak"), tr("{streak} (best {best})", streak=progress.streak, best=progress.best_streak)),
            (tr("Solved"), tr("{solved} of {count}", solved=view.solved_count, count=len(view.puzzles))),
        ]

    def _draw_figures(self, surface: pygame.Surface) -> None:
        ui = self.ui
        rect = self.figures_rect
        line_h = rect.height // 3
        for index, (label, value) in enumerate(self.figures()):
            line = pygame.Rect(rect.x, rect.y + index * line_h, rect.width, line_h)
            shown = draw_text(
                surface, ui, value, "body", self.px(14), theme.TEXT, line, bold=True, align="right",
                valign="middle", max_lines=1, container=self.rect,
            )  # fmt: skip
            label_box = pygame.Rect(line.x, line.y, line.width - shown.width - self.px(8), line_h)
            draw_text(
                surface, ui, label, "body", self.px(14), theme.TEXT_DIM, label_box, valign="middle",
                max_lines=1, container=self.rect,
            )  # fmt: skip
