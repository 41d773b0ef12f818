"""How to play: the rules of Ataxx, a picture of the two kinds of move, and the controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import Side
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["RULES", "HelpScene"]

RULES = [
    ("Goal", "Own more pieces than your opponent when the game ends."),
    (
        "Clone",
        "Move a piece to an empty square next to it (green): the piece stays and a copy appears there.",
    ),
    ("Jump", "Move a piece two squares away (magenta): it leaves its square."),
    ("Infect", "Every enemy piece touching the square you land on flips to your colour."),
    ("Pass", "A player who cannot move passes; passing is never a choice."),
    (
        "The end",
        "The game ends when the board is full, a side has no pieces, or nobody can move. "
        "When one side is stuck and the other can fill the rest, the rest is filled at once.",
    ),
    ("Draws", "Equal counts, the same position three times, or 100 moves without a clone."),
]

CONTROLS = [
    ("Mouse", "point at a piece to see its moves, click it, click a square (or drag)"),
    ("Right click", "cancel the selection"),
    ("U / Y / H", "undo, redo, hint"),
    ("Esc", "game menu    F11 fullscreen    F12 screenshot"),
]


class HelpScene(Scene):
    """The rules page."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup([Button("Back", self._back, key=pygame.K_ESCAPE, primary=True)])
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.diagram = pygame.Rect(0, 0, 0, 0)

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel_rect = pygame.Rect(self.px(24), self.px(84), width - self.px(48), height - self.px(170))
        side = min(int(self.panel_rect.width * 0.34), self.panel_rect.height - self.px(60))
        self.diagram = pygame.Rect(0, 0, side, side)
        self.diagram.topright = (self.panel_rect.right - self.px(24), self.panel_rect.y + self.px(24))
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(0, 0, self.px(200), self.px(48))
        back.rect.midbottom = (width // 2, height - self.px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _ = surface.get_size()
        surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
        title = ui.text("HOW TO PLAY ATAXX", "title", self.px(34), theme.TEXT, bold=True)
        gfx.text_glow(surface, title, (width // 2, self.px(44)), theme.ACCENT)
        gfx.panel(surface, self.panel_rect, radius=self.px(16))
        x = self.panel_rect.x + self.px(24)
        text_w = self.diagram.x - self.px(24) - x
        y = self.panel_rect.y + self.px(20)
        size = self.px(17)
        small = self.px(15)
        head_w = self.px(16) + max(
            [ui.font("body", size, bold=True).size(head)[0] for head, _ in RULES]
            + [ui.font("body", small, bold=True).size(key)[0] for key, _ in CONTROLS]
        )
        for head, body in RULES:
            label = ui.text(head, "body", size, theme.ACCENT, bold=True)
            surface.blit(label, (x, y))
            for line in ui.wrap(body, "body", size, text_w - head_w):
                surface.blit(ui.text(line, "body", size, theme.TEXT), (x + head_w, y))
                y += int(ui.font("body", size).get_linesize() * 1.05)
            y += self.px(6)
        y += self.px(8)
        for key, what in CONTROLS:
            label = ui.text(key, "body", small, theme.GOLD, bold=True)
            surface.blit(label, (x, y))
            for line in ui.wrap(what, "body", small, text_w - head_w):
                surface.blit(ui.text(line, "body", small, theme.TEXT_DIM), (x + head_w, y))
                y += int(ui.font("body", small).get_linesize() * 1.05)
        self._draw_diagram(surface)
        self.widgets.draw(surface, ui)

    def _draw_diagram(self, surface: pygame.Surface) -> None:
        """A 5x5 patch: the selected piece yellow, clone squares green, jump squares magenta."""
        ui = self.app.theme
        rect = self.diagram
        cell = rect.width // 5
        for row in range(5):
            for column in range(5):
                square = pygame.Rect(rect.x + column * cell, rect.y + row * cell, cell, cell).inflate(-3, -3)
                ring = max(abs(row - 2), abs(column - 2))
                colour = {0: theme.SELECT, 1: theme.CLONE, 2: theme.JUMP}[ring]
                base = theme.SQUARE_A if (row + column) % 2 == 0 else theme.SQUARE_B
                pygame.draw.rect(
                    surface, theme.lerp_colour(base, colour, 0.45), square, border_radius=max(3, cell // 8)
                )
        sprite = gfx.piece_sprite(int(cell * 0.78), theme.SIDE_COLOURS[Side.RED])
        surface.blit(sprite, sprite.get_rect(center=rect.center))
        y = rect.bottom + self.px(12)
        for colour, text in ((theme.CLONE, "clone: 1 square"), (theme.JUMP, "jump: 2 squares")):
            pygame.draw.circle(surface, colour, (rect.x + self.px(8), y + self.px(9)), self.px(7))
            surface.blit(ui.text(text, "body", self.px(16), theme.TEXT), (rect.x + self.px(22), y))
            y += self.px(26)
