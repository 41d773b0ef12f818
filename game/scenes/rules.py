"""The rules of the current game, page by page, each with a small animated diagram; and the controls.

The pages are the game's (its registry entry's ``rules_pages``: a
``RulesPages``). Opened from the menu (Help) or with F1 during a game, where it
is an overlay over the board and the game clock stops until it closes (the
match screen is paused beneath it). Left/Right or the buttons turn the pages;
Esc or F1 closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr, trc
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.lang import seat_name
from game.ui.textbox import Paragraph, TextBlock, draw_column, draw_text, layout_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.parts import RulesPages
    from game.scenes.services import SceneServices

__all__ = ["RulesScene", "page_text"]


def page_text(text: str) -> str:
    """A page's text in the player's language, the seats named as the palette in use names them."""
    return tr(text, side=seat_name(0), other=seat_name(1))


class RulesScene(Scene):
    """The rules pages; ``overlay`` when opened over a game (F1)."""

    name = "rules"

    def __init__(self, app: SceneServices, *, overlay: bool = False, page: int = 0) -> None:
        super().__init__(app)
        self.overlay = overlay
        self.transparent = overlay
        self.pages: RulesPages = app.game.load("rules_pages")
        self.page = max(0, min(len(self.pages.pages) - 1, page))
        self.page_time = 0.0
        self.widgets = WidgetGroup(
            [
                Button("previous", "Previous", self.previous, icon="previous"),
                Button("next", "Next", self.next, icon="next", primary=True),
                Button("close", "Close" if overlay else "Back", self.close, key=pygame.K_ESCAPE),
            ]
        )
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.diagram_rect = pygame.Rect(0, 0, 0, 0)

    # -- actions --

    def turn_to(self, page: int) -> None:
        """Show page ``page`` (clamped)."""
        page = max(0, min(len(self.pages.pages) - 1, page))
        if page != self.page:
            self.page = page
            self.page_time = 0.0
            self.app.audio.play("select")
            self.relayout()

    def next(self) -> None:
        """The next page."""
        self.turn_to(self.page + 1)

    def previous(self) -> None:
        """The page before."""
        self.turn_to(self.page - 1)

    def close(self) -> None:
        """Back to the menu or the game."""
        self.app.audio.play("click")
        self.app.stack.pop()

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        self.panel_rect = gfx.centred_panel(size, self.px(920), self.px(620), self.px(32))
        panel_w, panel_h = self.panel_rect.size
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
        following.enabled = self.page < len(self.pages.pages) - 1

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
        # Opaque: over the pause menu, its buttons would show through the text.
        gfx.panel(surface, rect, edge=theme.ACCENT, alpha=255, radius=self.px(18), width=2)
        head_h = ui.font("title", self.px(15), bold=True).get_height()
        inner = rect.inflate(-self.px(56), 0)
        counter = draw_text(
            surface,
            ui,
            f"{self.page + 1} / {len(self.pages.pages)}",
            "title",
            self.px(15),
            theme.TEXT_FAINT,
            pygame.Rect(inner.x, rect.y + self.px(20), inner.width, head_h),
            align="right",
            max_lines=1,
        )
        heading_box = pygame.Rect(
            inner.x, rect.y + self.px(20), inner.width - counter.width - self.px(16), head_h
        )
        draw_text(
            surface,
            ui,
            tr(self.pages.heading),
            "title",
            self.px(15),
            theme.ACCENT,
            heading_box,
            bold=True,
            max_lines=1,
        )
        title, text, diagram = self.pages.pages[self.page]
        title_top = max(rect.y + self.px(46), heading_box.bottom + self.px(2))
        title_h = ui.font("title", self.px(30), bold=True).get_height()
        title_box = pygame.Rect(inner.x, title_top, inner.width, title_h)
        if diagram and title_box.bottom > self.diagram_rect.y:
            # The title stops where the diagram begins, if it reaches that high.
            title_box.width = self.diagram_rect.x - self.px(28) - inner.x
        draw_text(
            surface,
            ui,
            trc(self.pages.context, title),
            "title",
            self.px(30),
            theme.TEXT,
            title_box,
            bold=True,
            max_lines=1,
        )
        top = max(rect.y + self.px(100), title_box.bottom + self.px(8))
        bottom = self.widgets.buttons[0].rect.y - self.px(34)
        if diagram:
            box = pygame.Rect(inner.x, top, self.diagram_rect.x - self.px(28) - inner.x, bottom - top)
            self._draw_text(surface, page_text(text), box)
            self.pages.draw_diagram(surface, self.diagram_rect, diagram, self.page_time, ui)
        else:
            self._draw_controls(surface, pygame.Rect(inner.x, top, inner.width, bottom - top))
        self._draw_dots(surface)
        self.widgets.draw(surface, ui)

    def _draw_text(self, surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
        paragraphs = [
            Paragraph(part, self.px(19), theme.TEXT, after=self.px(10)) for part in text.split("\n")
        ]
        draw_column(surface, self.app.theme, paragraphs, box, container=self.panel_rect)

    def _draw_controls(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The keys (left) and what they do (right), shrunk together until the table fits ``box``; at the
        smallest size, the rows closer together, then in two columns: every control is listed."""
        ui = self.app.theme
        keys = [tr(key) for key, _ in self.pages.controls]
        whats = [tr(what) for _, what in self.pages.controls]
        size = float(self.px(17))
        while True:
            columns, gap = self._controls_layout(keys, whats, box, size, close_up=False)
            if columns or size <= 11:
                break
            size = max(11.0, size * 0.92)
        # At the smallest size: the rows closer together, then two columns, then as many rows as fit.
        for split, fit in ((1, True), (2, True), (1, False)):
            if columns:
                break
            columns, gap = self._controls_layout(keys, whats, box, size, split=split, fit=fit)
        for column_box, head_w, column in columns:
            y = column_box.y
            for key, row in column:
                if y + row.height > column_box.bottom:
                    break
                key_box = pygame.Rect(column_box.x, y, head_w - self.px(12), row.font_height)
                draw_text(surface, ui, key, "body", size, theme.GOLD, key_box, bold=True, max_lines=1)
                room = pygame.Rect(column_box.x + head_w, y, column_box.width - head_w, column_box.bottom - y)
                row.draw(surface, ui, theme.TEXT, room)
                y += row.height + gap

    def _controls_layout(
        self,
        keys: list[str],
        whats: list[str],
        box: pygame.Rect,
        size: float,
        *,
        split: int = 1,
        fit: bool = True,
        close_up: bool = True,
    ) -> tuple[list[tuple[pygame.Rect, int, list[tuple[str, TextBlock]]]], int]:
        """The controls at text ``size`` in ``split`` columns of ``box`` (each column's box, key width and
        rows) and the gap between rows; no columns when they do not fit (unless ``fit`` is false). With
        ``close_up`` the gap closes up (to a pixel) before the rows are said not to fit."""
        ui = self.app.theme
        gutter = self.px(24)
        width = (box.width - gutter * (split - 1)) // split
        per_column = -(-len(keys) // split)
        columns: list[tuple[pygame.Rect, int, list[tuple[str, TextBlock]]]] = []
        gap = round(size * 0.35)
        for index in range(split):
            names = keys[index * per_column : (index + 1) * per_column]
            texts = whats[index * per_column : (index + 1) * per_column]
            head_w = self.px(20) + max(ui.measure(key, "body", size, bold=True) for key in names)
            rows = [layout_text(ui, what, "body", size, width - head_w, min_size=size) for what in texts]
            height = sum(row.height for row in rows)
            if close_up and len(rows) > 1:
                gap = min(gap, max(1, (box.height - height) // (len(rows) - 1)))
            if fit and height + gap * (len(rows) - 1) > box.height:
                return [], gap
            column_box = pygame.Rect(box.x + index * (width + gutter), box.y, width, box.height)
            columns.append((column_box, head_w, list(zip(names, rows, strict=True))))
        return columns, gap

    def _draw_dots(self, surface: pygame.Surface) -> None:
        count = len(self.pages.pages)
        gap = self.px(16)
        y = self.widgets.buttons[0].rect.y - self.px(20)
        x0 = self.panel_rect.centerx - (count - 1) * gap // 2
        for index in range(count):
            colour = theme.ACCENT if index == self.page else theme.PANEL_EDGE
            radius = self.px(5) if index == self.page else self.px(3)
            pygame.draw.circle(surface, colour, (x0 + index * gap, y), radius)
