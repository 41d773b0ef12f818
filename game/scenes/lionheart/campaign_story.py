"""The story told before and after a campaign battle, with its goal, and after it the stars earned.

Before: the story, the goal in words and the stars' par; Fight opens the
battle, Campaign goes back to the battles. After a victory: the stars earned
(and the best so far), the turns taken and the figures lost against the par,
the story after the battle; Next battle, Retry and Campaign. After a defeat:
why, and Retry or Campaign.
"""

from __future__ import annotations

import pygame

from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.scenes.lionheart.campaign import draw_stars
from game.scenes.lionheart.campaign_flow import BattleResult, Campaign, open_battle, open_story
from game.scenes.lionheart.campaign_words import goal_text, goal_title, outcome_reason
from game.scenes.match import MatchServices
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic
from game.ui.textbox import Paragraph, draw_column, draw_text
from game.ui.widgets import Button, WidgetGroup

__all__ = ["StoryScene"]


class StoryScene(Scene):
    """The page before or after a battle (see the module docstring)."""

    app: MatchServices

    name = "campaign-story"

    def __init__(
        self, app: MatchServices, campaign: Campaign, index: int, result: BattleResult | None = None
    ) -> None:
        super().__init__(app)
        self.campaign = campaign
        self.index = index
        self.result = result
        self.battle = campaign.battles[index]
        after = result is not None
        won = result is not None and result.won
        has_next = index + 1 < len(campaign.battles)
        self.widgets = WidgetGroup(
            [
                Button("fight", "Fight", self.fight, key=pygame.K_RETURN, primary=True, visible=not after),
                Button("next_battle", "Next battle", self.next_battle, key=pygame.K_RETURN, primary=True,
                       visible=won and has_next, icon="next"),
                Button("retry", "Retry", self.fight, key=pygame.K_r, accent=theme.ACCENT_2, visible=after,
                       primary=after and not (won and has_next)),
                Button("campaign", "Campaign", self.back, key=pygame.K_ESCAPE),
            ]
        )  # fmt: skip
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.thumbnail = app.game.load("board").thumbnail

    # -- actions --

    def fight(self) -> None:
        """The battle (again)."""
        self.app.audio.play("start")
        open_battle(self.app, self.campaign, self.index)

    def next_battle(self) -> None:
        """The story before the next battle."""
        self.app.audio.play("click")
        open_story(self.app, self.campaign, self.index + 1)

    def back(self) -> None:
        """Back to the campaign's battles."""
        self.app.audio.play("click")
        if not self.app.router.back_to("campaign"):
            self.app.stack.pop()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        shown = [button for button in self.widgets.buttons if button.visible]
        button_w, button_h, gap = self.px(290), self.px(48), self.px(14)
        button_w = min(button_w, (width - self.px(40) - gap * (len(shown) - 1)) // max(1, len(shown)))
        row_w = len(shown) * button_w + (len(shown) - 1) * gap
        for place, button in enumerate(shown):
            button.rect = pygame.Rect(
                width // 2 - row_w // 2 + place * (button_w + gap), 0, button_w, button_h
            )
            button.rect.bottom = height - self.px(18)
        top = self.screen_title_box(40, 48).bottom + self._subtitle_h() + self.px(10)
        room = height - top - button_h - self.px(44)
        self.panel_rect = pygame.Rect(
            0,
            top,
            min(width - self.px(40), self.px(900)),
            min(room, self.px(440 if self.result is None else 360)),
        )
        self.panel_rect.centerx = width // 2
        self.panel_rect.centery = top + room // 2

    def _subtitle_h(self) -> int:
        return self.app.theme.font("body", max(theme.MIN_TEXT_SIZE, self.px(17)), bold=True).get_height()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _ = surface.get_size()
        result = self.result
        if result is None:
            title = tr("Battle {number}: {name}", number=self.index + 1, name=tr(self.battle.name))
        elif result.won:
            title = tr("Victory!")
        else:
            title = tr("Defeat")
        self.draw_screen_title(surface, title, size=40, y=48, spread=10)
        if result is not None:
            subtitle = tr("Battle {number}: {name}", number=self.index + 1, name=tr(self.battle.name))
            top = self.screen_title_box(40, 48).bottom
            box = pygame.Rect(self.px(20), top, width - self.px(40), max(self.px(24), self._subtitle_h()))
            draw_text(
                surface, ui, subtitle, "body", self.px(17), theme.ACCENT_2, box, bold=True, align="center"
            )
        rect = self.panel_rect
        gfx.panel(
            surface, rect, radius=self.px(16), edge=theme.GOLD if result and result.won else theme.PANEL_EDGE
        )
        inner = rect.inflate(-self.px(40), -self.px(28))
        if result is None:
            side = min(inner.height, inner.width * 2 // 5)
            picture = self.thumbnail(self.battle.position, side)
            surface.blit(picture, picture.get_rect(midleft=(inner.x, inner.centery)))
            inner = pygame.Rect(
                inner.x + side + self.px(24), inner.y, inner.width - side - self.px(24), inner.height
            )
        if result is not None and result.won:
            inner = self._draw_result(surface, inner, result)
        paragraphs = self._paragraphs()
        draw_column(surface, ui, paragraphs, inner, container=rect)
        self.widgets.draw(surface, ui)

    def _paragraphs(self) -> list[Paragraph]:
        battle, result = self.battle, self.result
        size = self.px(17)
        heading = self.px(14)
        if result is None:
            return [
                Paragraph(tr(battle.before), size, theme.TEXT, after=self.px(16)),
                Paragraph(tr("Your goal").upper(), heading, theme.ACCENT, "title", bold=True, after=self.px(4)),
                Paragraph(goal_title(battle.goal) + "  ·  " + goal_text(battle.goal), size, theme.GOLD,
                          bold=True, after=self.px(12)),
                Paragraph(tr("Three stars").upper(), heading, theme.ACCENT, "title", bold=True, after=self.px(4)),
                Paragraph(self._par_text(), self.px(15), theme.TEXT_DIM),
            ]  # fmt: skip
        if result.won:
            return [Paragraph(tr(battle.after), size, theme.TEXT)]
        return [
            Paragraph(outcome_reason(result.reason), self.px(20), theme.DANGER, bold=True, after=self.px(12)),
            Paragraph(tr("Your goal").upper(), heading, theme.ACCENT, "title", bold=True, after=self.px(4)),
            Paragraph(goal_text(battle.goal), size, theme.GOLD, bold=True, after=self.px(12)),
            Paragraph(tr("Every battle can be fought again: try another plan."), self.px(15), theme.TEXT_DIM),
        ]

    def _par_text(self) -> str:
        battle = self.battle
        turns = ntr("at most {count} turn", "at most {count} turns", battle.par_turns)
        losses = ntr("at most {count} figure lost", "at most {count} figures lost", battle.par_losses)
        return tr(
            "Win: one star. Win in {turns}: one more. Win with {losses}: one more.",
            turns=turns,
            losses=losses,
        )

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect, result: BattleResult) -> pygame.Rect:
        """The stars and the figures of the victory at the top of ``area``; the area left below."""
        ui = self.app.theme
        appear = ease_out_cubic(min(1.0, self.time / 0.6))
        radius = max(8, round(self.px(22) * (0.6 + 0.4 * appear)))
        centre_y = area.y + self.px(26)
        draw_stars(surface, (area.centerx, centre_y), radius, result.stars)
        lines = [
            ntr("{count} turn taken", "{count} turns taken", result.turns)
            + "  ·  "
            + ntr("{count} figure lost", "{count} figures lost", result.losses),
        ]
        if result.best > result.stars:
            lines.append(tr("Your best: {stars} stars", stars=result.best))
        elif result.best and result.stars > result.best:
            lines.append(tr("A new best!"))
        y = centre_y + self.px(32)
        for line in lines:
            box = pygame.Rect(area.x, y, area.width, self.px(22))
            draw_text(
                surface, ui, line, "body", self.px(16), theme.TEXT_DIM, box, align="center", max_lines=1
            )
            y += self.px(24)
        return pygame.Rect(area.x, y + self.px(8), area.width, area.bottom - y - self.px(8))
