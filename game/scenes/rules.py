"""The rules of Ataxx, page by page, each with a small animated diagram; and the controls.

Opened from the menu (Help) or with F1 during a game, where it is an overlay
over the board and the game clock stops until it closes (the play screen is
paused beneath it). Left/Right or the buttons turn the pages; Esc or F1 closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.rules_diagrams import draw_diagram
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["CONTROLS", "PAGES", "RulesScene"]

# The controls page: a key (or gesture) and what it does.
CONTROLS = [
    ("Mouse", "point at a piece to see its moves, click it, click a square (or drag)"),
    ("Right click", "cancel the selection"),
    ("Arrows, Enter", "move the cursor, select the piece, play the square"),
    ("11-77, then a code", "keypad play: row and column, then 1-9 to clone, 5 and a direction to jump"),
    ("Tab", "to the buttons beside the board"),
    ("U / Y / H", "undo, redo, hint"),
    ("Ctrl+Z / Ctrl+Y", "undo, redo"),
    ("Esc", "game menu"),
    ("F11", "fullscreen on or off"),
    ("F12", "screenshot, saved in your data folder"),
    ("F1", "these rules, during a game"),
    ("Ctrl+S", "save the game"),
]

# (title, text, diagram): English keys, translated when drawn.
PAGES: tuple[tuple[str, str, str], ...] = (
    (
        "The goal",
        "Two players, Red and Blue, take turns on a board of 7 by 7 squares. Each starts with two "
        "pieces in opposite corners, and Red moves first.\nOwn more pieces than your opponent when "
        "the game ends.",
        "goal",
    ),
    (
        "Clone",
        "Move a piece to an empty square next to it: one of the 8 green squares around it. The "
        "piece stays where it was and a copy appears on the new square, so you gain a piece.",
        "clone",
    ),
    (
        "Jump",
        "Or move a piece two squares away: one of the 16 magenta squares of the outer ring. The "
        "piece leaves its square: you go further, but you leave a hole your opponent may take.",
        "jump",
    ),
    (
        "Infection",
        "After every move, each enemy piece touching the square you landed on turns to your "
        "colour: up to 8 at once. Pieces further away are not affected.",
        "infection",
    ),
    (
        "Destroyed squares",
        "Some levels have destroyed squares: nobody can land on them, but a jump can pass over "
        "them. Plan your way around them.",
        "blocks",
    ),
    (
        "Passing",
        "A player who cannot move passes, and only then: passing is never a choice. The other "
        "player moves again until a move opens up.",
        "passing",
    ),
    (
        "End of the game",
        "The game ends when the board is full, when a side has no pieces left, or when nobody can "
        "move. The side with more pieces wins; equal counts are a draw.\nThe same position three "
        "times, or 100 moves without a clone, is also a draw (the repetition rule can be turned "
        "off in the options).",
        "end",
    ),
    (
        "Early finish",
        "When one side is stuck and must pass while the other can fill every empty square by "
        "clones alone, the game ends at once: those squares go to the side that can reach them, "
        "and fill in before your eyes. The options can turn this rule off.",
        "early_finish",
    ),
    ("Controls", "", ""),
)


class RulesScene(Scene):
    """The rules pages; ``overlay`` when opened over a game (F1)."""

    def __init__(self, app: App, *, overlay: bool = False, page: int = 0) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.transparent = overlay
        self.page = max(0, min(len(PAGES) - 1, page))
        self.page_time = 0.0
        self.widgets = WidgetGroup(
            [
                Button("Previous", self.previous, icon="<"),
                Button("Next", self.next, icon=">", primary=True),
                Button("Close" if overlay else "Back", self.close, key=pygame.K_ESCAPE),
            ]
        )
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.diagram_rect = pygame.Rect(0, 0, 0, 0)

    def button(self, label: str) -> Button:
        """The button labelled ``label``."""
        return self.widgets.by_label(label)

    # -- actions --

    def turn_to(self, page: int) -> None:
        """Show page ``page`` (clamped)."""
        page = max(0, min(len(PAGES) - 1, page))
        if page != self.page:
            self.page = page
            self.page_time = 0.0
            self.app.audio.play("select")
            self._layout_size = None

    def next(self) -> None:
        """The next page."""
        self.turn_to(self.page + 1)

    def previous(self) -> None:
        """The page before."""
        self.turn_to(self.page - 1)

    def close(self) -> None:
        """Back to the menu or the game."""
        self.app.audio.play("click")
        self.app.pop()

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(width - self.px(32), self.px(920))
        panel_h = min(height - self.px(32), self.px(620))
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        side = min(int(panel_w * 0.38), panel_h - self.px(200))
        self.diagram_rect = pygame.Rect(0, 0, side, side)
        self.diagram_rect.topright = (self.panel_rect.right - self.px(28), self.panel_rect.y + self.px(96))
        button_h = self.px(46)
        y = self.panel_rect.bottom - self.px(22) - button_h
        previous, following, close = self.widgets.buttons
        button_w = min(self.px(180), (panel_w - self.px(80)) // 3)
        previous.rect = pygame.Rect(self.panel_rect.x + self.px(24), y, button_w, button_h)
        close.rect = pygame.Rect(0, y, button_w, button_h)
        close.rect.centerx = self.panel_rect.centerx
        following.rect = pygame.Rect(self.panel_rect.right - self.px(24) - button_w, y, button_w, button_h)
        previous.enabled = self.page > 0
        following.enabled = self.page < len(PAGES) - 1

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.next()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.previous()
                return True
            if event.key == pygame.K_F1:
                self.close()
                return True
        if self.widgets.handle_event(event):
            return True
        # An overlay is modal: the game beneath gets nothing while the rules are open.
        return self.overlay and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame.KEYUP,
            pygame.MOUSEWHEEL,
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.page_time += dt
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        if self.overlay:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((4, 6, 18, int(185 * ease_out_cubic(self.time / 0.25))))
            surface.blit(veil, (0, 0))
        else:
            surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
        rect = self.panel_rect
        gfx.panel(surface, rect, edge=theme.ACCENT, alpha=242, radius=self.px(18), width=2)
        heading = ui.text(tr("HOW TO PLAY ATAXX"), "title", self.px(15), theme.ACCENT, bold=True)
        surface.blit(heading, (rect.x + self.px(28), rect.y + self.px(20)))
        counter = ui.text(f"{self.page + 1} / {len(PAGES)}", "title", self.px(15), theme.TEXT_FAINT)
        surface.blit(counter, counter.get_rect(topright=(rect.right - self.px(28), rect.y + self.px(20))))
        title, text, diagram = PAGES[self.page]
        rendered = ui.text(tr(title), "title", self.px(30), theme.TEXT, bold=True)
        surface.blit(rendered, (rect.x + self.px(28), rect.y + self.px(46)))
        if diagram:
            self._draw_text(surface, tr(text), self.diagram_rect.x - self.px(28) - (rect.x + self.px(28)))
            draw_diagram(surface, self.diagram_rect, diagram, self.page_time, ui)
        else:
            self._draw_controls(surface)
        self._draw_dots(surface)
        self.widgets.draw(surface, ui)

    def _draw_text(self, surface: pygame.Surface, text: str, width: int) -> None:
        ui = self.app.theme
        size = self.px(19)
        line_h = int(ui.font("body", size).get_linesize() * 1.08)
        x, y = self.panel_rect.x + self.px(28), self.panel_rect.y + self.px(100)
        for paragraph in text.split("\n"):
            for line in ui.wrap(paragraph, "body", size, width):
                surface.blit(ui.text(line, "body", size, theme.TEXT), (x, y))
                y += line_h
            y += self.px(10)

    def _draw_controls(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        size = self.px(17)
        rect = self.panel_rect
        x, y = rect.x + self.px(28), rect.y + self.px(104)
        keys = [tr(key) for key, _ in CONTROLS]
        whats = [tr(what) for _, what in CONTROLS]
        head_w = self.px(20) + max(ui.font("body", size, bold=True).size(key)[0] for key in keys)
        line_h = int(ui.font("body", size).get_linesize() * 1.08)
        bottom = self.widgets.buttons[0].rect.y - self.px(40)
        for key, what in zip(keys, whats, strict=True):
            if y > bottom:
                break
            surface.blit(ui.text(key, "body", size, theme.GOLD, bold=True), (x, y))
            for line in ui.wrap(what, "body", size, rect.right - self.px(28) - x - head_w):
                surface.blit(ui.text(line, "body", size, theme.TEXT), (x + head_w, y))
                y += line_h
            y += self.px(6)

    def _draw_dots(self, surface: pygame.Surface) -> None:
        count = len(PAGES)
        gap = self.px(16)
        y = self.widgets.buttons[0].rect.y - self.px(20)
        x0 = self.panel_rect.centerx - (count - 1) * gap // 2
        for index in range(count):
            colour = theme.ACCENT if index == self.page else theme.PANEL_EDGE
            radius = self.px(5) if index == self.page else self.px(3)
            pygame.draw.circle(surface, colour, (x0 + index * gap, y), radius)
