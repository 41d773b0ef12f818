"""The "Learn to play" screen's side panel: which lesson, how far in, the commentary, what to do, the buttons.

From the top: "Learn to play" and the lesson's number among the game's; the
lesson's name; a row of dots, one a step, lit up to the step on show; the
commentary in a card (it fades in as each step comes); what to do now (your
move and where, watch, read and go on); and the buttons: Next (the step is
read), Skip (the step played for you), Restart, the previous and next lesson,
and Menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.stats import TutorialProgress
from game.engine.tutorials import Tutorial, TutorialStep
from game.i18n import tr
from game.scenes.match_panel import draw_headline
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.textbox import draw_text
from game.ui.theme import Colour, Theme
from game.ui.view_panel import ViewPanel
from game.ui.widgets import Button, WidgetGroup

__all__ = ["TutorialPanel", "TutorialView"]

STATUS_LINES = 3
"""The lines under the status's headline: a move's words with its odds (Lionheart's attacks) take three at
640x480."""


class TutorialView(Protocol):
    """What the panel shows of a lesson and what its buttons do: the tutorial screen implements it."""

    tutorials: list[Tutorial]
    progress: TutorialProgress
    index: int
    step: int
    step_shown_at: float
    time: float

    @property
    def tutorial(self) -> Tutorial: ...

    @property
    def current(self) -> TutorialStep: ...

    @property
    def finished(self) -> bool: ...

    @property
    def last_step(self) -> bool: ...

    def step_status(self) -> tuple[str, str, Colour]: ...

    def waiting_for_next(self) -> bool: ...

    def go_on(self) -> None: ...

    def go_on_label(self) -> str: ...

    def skip_step(self) -> None: ...

    def restart_lesson(self) -> None: ...

    def previous_lesson(self) -> None: ...

    def next_lesson(self) -> None: ...

    def open_menu(self) -> None: ...


class TutorialPanel(ViewPanel[TutorialView]):
    """Lays out and draws the tutorial screen's side panel from ``view``, at the scale ``px`` gives, in ``ui``'s
    letters; its buttons call ``view``'s commands."""

    def __init__(self, view: TutorialView, px: Callable[[float], int], ui: Theme) -> None:
        super().__init__(view, px, ui)
        self.widgets = WidgetGroup(
            [
                Button("next_step", "Next", view.go_on, key=pygame.K_RIGHT, primary=True, icon="next"),
                Button("skip_step", "Skip", view.skip_step, key=pygame.K_s, accent=theme.ACCENT_2),
                Button("restart", "Restart", view.restart_lesson, key=pygame.K_r, accent=theme.CLONE),
                Button("previous_lesson", "Lesson", view.previous_lesson, key=pygame.K_p, icon="previous"),
                Button("next_lesson", "Lesson", view.next_lesson, key=pygame.K_n, icon="next"),
                Button("menu", "Menu", view.open_menu, key=pygame.K_ESCAPE),
            ]
        )
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.name_rect = pygame.Rect(0, 0, 0, 0)
        self.steps_rect = pygame.Rect(0, 0, 0, 0)
        self.say_rect = pygame.Rect(0, 0, 0, 0)
        self.status = pygame.Rect(0, 0, 0, 0)

    # -- layout --

    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside ``rect``: the commentary takes what the rest leaves."""
        ui = self.ui
        self.rect = rect
        pad = self.px(14)
        inner = rect.inflate(-pad * 2, -pad * 2)
        self.title_rect = pygame.Rect(inner.x, inner.y, inner.width, self.px(24))
        name_h = ui.font("title", self.px(20), bold=True).get_height()
        self.name_rect = pygame.Rect(inner.x, self.title_rect.bottom, inner.width, name_h)
        self.steps_rect = pygame.Rect(inner.x, self.name_rect.bottom + self.px(6), inner.width, self.px(12))
        gap = self.px(8)
        height = self.px(38)
        rows = (("skip_step", "restart"), ("previous_lesson", "next_lesson"))
        menu = self.widgets["menu"]
        # Menu alone at the bottom, the pairs above it, Next over them all, as wide as the panel.
        menu.rect = pygame.Rect(inner.x, inner.bottom - height, inner.width, height)
        pairs_area = pygame.Rect(inner.x, inner.y, inner.width, menu.rect.y - gap - inner.y)
        pairs_top = self.widgets.place_pairs(rows, pairs_area, height, gap)
        next_h = self.px(46)
        self.widgets["next_step"].rect = pygame.Rect(inner.x, pairs_top - gap - next_h, inner.width, next_h)
        status_h = (
            ui.font("body", self.px(17), bold=True).get_height()
            + STATUS_LINES * ui.font("body", self.px(13)).get_height()
            + self.px(12)  # the headline's and the lines' spacing
        )
        self.status = pygame.Rect(
            inner.x, self.widgets["next_step"].rect.y - gap - status_h, inner.width, status_h
        )
        top = self.steps_rect.bottom + self.px(10)
        self.say_rect = pygame.Rect(inner.x, top, inner.width, max(self.px(40), self.status.y - gap - top))

    def update(self, dt: float) -> None:
        """Enable the buttons that make sense now, and animate them."""
        view = self.view
        go_on = self.widgets["next_step"]
        go_on.label = view.go_on_label()
        go_on.enabled = view.waiting_for_next() or view.finished
        self.widgets["skip_step"].enabled = not view.finished
        several = len(view.tutorials) > 1
        self.widgets["previous_lesson"].enabled = several
        self.widgets["next_lesson"].enabled = several
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel."""
        view = self.view
        ui = self.ui
        draw_text(
            surface, ui,
            tr("LEARN TO PLAY · {number} / {count}", number=view.index + 1, count=len(view.tutorials)),
            "body", self.px(14), theme.TEXT_DIM, self.title_rect, bold=True, align="center",
            valign="middle", max_lines=1, container=self.rect,
        )  # fmt: skip
        done = view.tutorial.id in view.progress.finished
        tick = gfx.icon("done", self.px(20), theme.GOLD) if done else None
        room = 0 if tick is None else tick.get_width() + self.px(6)
        name_box = self.name_rect.inflate(-2 * room, 0)
        shown = draw_text(
            surface, ui, tr(view.tutorial.name), "title", self.px(20), theme.GOLD if done else theme.TEXT,
            name_box, bold=True, align="center", valign="middle", max_lines=1, container=self.rect,
        )  # fmt: skip
        if tick is not None:  # a lesson finished before: a tick after its name
            x = name_box.centerx + shown.width // 2 + self.px(6)
            surface.blit(tick, tick.get_rect(midleft=(x, self.name_rect.centery)))
        self._draw_steps(surface)
        self._draw_say(surface)
        headline, detail, colour = view.step_status()
        draw_headline(surface, ui, self.px, self.status, headline, detail, colour, detail_lines=STATUS_LINES)
        self.widgets.draw(surface, ui)

    def _draw_steps(self, surface: pygame.Surface) -> None:
        """A dot a step: the steps behind lit, the one on show larger, the rest dim."""
        view = self.view
        rect = self.steps_rect
        count = len(view.tutorial.steps)
        spacing = rect.width / max(1, count)
        radius = max(2.0, min(self.px(4), spacing * 0.32))
        y = rect.centery
        for index in range(count):
            x = rect.x + spacing * (index + 0.5)
            if index < view.step or (index == view.step and view.finished):
                colour, size = theme.GOLD, radius
            elif index == view.step:
                colour, size = theme.TEXT, radius * 1.45
            else:
                colour, size = (52, 60, 104), radius * 0.85
            pygame.draw.aacircle(surface, colour, (x, y), size)
            pygame.draw.circle(surface, colour, (x, y), size)

    def _draw_say(self, surface: pygame.Surface) -> None:
        """The commentary, in a card that fades in as each step comes."""
        view = self.view
        rect = self.say_rect
        appear = ease_out_cubic(min(1.0, (view.time - view.step_shown_at) / 0.3))
        gfx.panel(surface, rect, fill=theme.lerp_colour(theme.PANEL, theme.ACCENT_2, 0.08), edge=theme.PANEL_EDGE,
                  radius=self.px(10), alpha=235)  # fmt: skip
        label_h = self.ui.font("body", self.px(12), bold=True).get_height()
        label = pygame.Rect(rect.x + self.px(12), rect.y + self.px(8), rect.width - self.px(24), label_h)
        draw_text(
            surface, self.ui, tr("Step {number} of {count}", number=view.step + 1, count=len(view.tutorial.steps)),
            "body", self.px(12), theme.TEXT_FAINT, label, bold=True, max_lines=1, container=rect,
        )  # fmt: skip
        text = pygame.Rect(
            rect.x + self.px(12),
            label.bottom + self.px(4) + round((1 - appear) * self.px(8)),
            rect.width - self.px(24),
            rect.bottom - label.bottom - self.px(14),
        )
        draw_text(
            surface, self.ui, tr(view.current.say), "body", max(self.px(20), 16), theme.TEXT, text,
            min_size=self.px(11), container=rect, alpha=round(255 * appear),
        )  # fmt: skip
