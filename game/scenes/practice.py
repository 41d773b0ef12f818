"""``PracticeScene``: the match screen as the puzzles and the lessons use it, a game that is practice.

Nothing of it is autosaved or counted as a game; there is no undo, redo,
resignation or saving (the screen's own restart starts it again); Esc leaves
for the game's menu. What the player achieves goes to their statistics as
progress (``record_progress``), written at once and never in a demonstration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from game.engine.stats import Statistics
from game.scenes.match import MatchScene
from game.ui import theme
from game.ui.anim import ease_out_cubic
from game.ui.textbox import draw_text

__all__ = ["PracticeScene"]

ProgressT = TypeVar("ProgressT")


class PracticeScene(MatchScene):
    """A match screen for practice (see the module docstring); subclasses drive the match."""

    persistent = False
    """Nothing is autosaved or counted as a game: the progress goes to the statistics itself."""

    def leave(self) -> None:
        """Back to the game's menu."""
        self.app.audio.play("click")
        self.app.router.home()

    def record_progress(
        self, part: Callable[[Statistics], ProgressT], change: Callable[[ProgressT], bool], current: ProgressT
    ) -> ProgressT:
        """Apply ``change`` to the ``part`` of the saved statistics and write them if it changed; return that part
        as it now stands.

        The file is read again first, so what another screen wrote meanwhile is
        kept. In a demonstration nothing is written (``current`` is changed); when
        the disk refuses, ``current`` is changed and the refusal said.
        """
        if self.app.options.demo:
            change(current)
            return current
        try:
            statistics = Statistics.load(self.app.game.key)
            progress = part(statistics)
            if change(progress):
                statistics.save()
            return progress
        except OSError as error:
            change(current)
            self.app.write_failed("statistics", error)
            return current

    def draw_banner(self, surface: pygame.Surface, headline: str, detail: str, shown_at: float) -> None:
        """A gold banner across the board, come in at the scene's ``time`` ``shown_at``: ``headline`` (a puzzle
        solved, a lesson finished) and ``detail`` (what next), both translated."""
        ui = self.app.theme
        area = self.board.rect
        appear = ease_out_cubic(min(1.0, (self.time - shown_at) / 0.35))
        # The headline as tall as its type (never under the 28 pixels of a title), the line below it.
        head_h = max(self.px(50), ui.font("title", self.title_px(30), bold=True).get_height())
        below_h = ui.font("body", self.px(15)).get_height()
        # Across the board, not the empty sides of a wide window (a board is about as wide as it is tall).
        rect = pygame.Rect(0, 0, min(area.width, round(area.height * 1.05)), head_h + below_h + self.px(24))
        rect.center = area.center
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((8, 10, 26, int(215 * appear)))
        edge = (*theme.GOLD, int(255 * appear))
        pygame.draw.line(layer, edge, (0, 0), (rect.width, 0), 3)
        pygame.draw.line(layer, edge, (0, rect.height - 3), (rect.width, rect.height - 3), 3)
        surface.blit(layer, rect.topleft)
        if appear < 0.3:
            return
        inner = rect.inflate(-self.px(24), -self.px(12))
        head = pygame.Rect(inner.x, inner.y, inner.width, head_h)
        self.draw_title(surface, headline, head, size=30, spread=8, glow=theme.GOLD)
        below = pygame.Rect(inner.x, head.bottom, inner.width, inner.bottom - head.bottom)
        draw_text(
            surface, ui, detail, "body", self.px(15), theme.TEXT_DIM, below, align="center", valign="middle",
            max_lines=1,
        )  # fmt: skip

    # -- what the match screen offers, and practice does not --

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> None:
        """No undo: the screen's own restart starts again."""
        self.reject()

    def redo(self) -> None:
        self.reject()

    def can_resign(self) -> bool:
        return False

    def save(self) -> None:
        """Practice is not saved as a game: its progress is kept in the statistics."""
        self.reject()

    def open_menu(self) -> None:
        """Esc leaves (the progress is kept as it goes)."""
        self.leave()
