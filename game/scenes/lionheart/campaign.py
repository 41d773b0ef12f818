"""The campaign screen: Lionheart's battles in order as cards, each with its goal and the stars it earned.

A card shows the battle's number, a picture of its field, its name, its goal
in words and its stars; a battle not yet opened (the one before it not won)
is shown locked. A click on an open card tells the story before the battle
(``campaign_story``); a locked one says what opens it. Files that could not
be read are named at the foot of the screen, the others stay playable.
"""

from __future__ import annotations

import math

import pygame

from game.engine.lionheart.campaign import CampaignBattle
from game.i18n import ntr, tr
from game.scenes.base import Scene
from game.scenes.lionheart.campaign_flow import Campaign, load_campaign_of, open_story
from game.scenes.lionheart.campaign_words import goal_title
from game.scenes.match import MatchServices
from game.ui import gfx, theme
from game.ui.textbox import draw_text
from game.ui.widgets import Button, WidgetGroup

__all__ = ["CampaignScene", "draw_stars", "star_points"]

COLUMNS = 4


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star standing on two points."""
    x, y = centre
    points = []
    for index in range(10):
        angle = -math.pi / 2 + index * math.pi / 5
        reach = radius if index % 2 == 0 else radius * 0.45
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    return points


def draw_stars(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, earned: int, total: int = 3
) -> None:
    """``total`` stars in a row centred on ``centre``: the ``earned`` ones gold, the others hollow."""
    gap = radius * 2.4
    left = centre[0] - gap * (total - 1) / 2
    for index in range(total):
        at = (left + gap * index, centre[1])
        points = star_points(at, radius)
        if index < earned:
            glow = gfx.glow_alpha(radius * 2, theme.GOLD, 0.5)
            surface.blit(glow, glow.get_rect(center=(round(at[0]), round(at[1]))))
            pygame.draw.polygon(surface, theme.GOLD, points)
            pygame.draw.aalines(surface, (255, 240, 170), True, points)
        else:
            pygame.draw.polygon(surface, (40, 46, 84), points)
            pygame.draw.aalines(surface, theme.TEXT_FAINT, True, points)


class CampaignScene(Scene):
    """The campaign's battles as cards (see the module docstring)."""

    app: MatchServices

    name = "campaign"

    def __init__(self, app: MatchServices) -> None:
        super().__init__(app)
        self.campaign: Campaign = load_campaign_of(app)
        self.cards: list[tuple[pygame.Rect, int]] = []
        self.hover: int | None = None
        self.note = ""
        self.note_time = 0.0
        self.widgets = WidgetGroup([Button("back", "Back", self.leave, key=pygame.K_ESCAPE)])
        self.thumbnail = app.game.load("board").thumbnail

    # -- actions --

    def leave(self) -> None:
        """Back to the menu."""
        self.app.audio.play("click")
        self.app.stack.pop()

    def open(self, index: int) -> None:
        """Tell the story before the battle at ``index``, if it is open."""
        if not self.campaign.unlocked(index):
            self.app.audio.play("invalid")
            self.note = tr("Win the battle before it to open this one")
            self.note_time = 2.5
            return
        self.app.audio.play("click")
        open_story(self.app, self.campaign, index)

    def resume(self) -> None:
        """Back from a battle: its stars and the battle it opened are shown."""
        self.campaign = load_campaign_of(self.app)

    def card_centre(self, index: int) -> tuple[int, int]:
        """The centre of the card of the battle at ``index`` (tests click it)."""
        self.ensure_layout()
        return next(rect.center for rect, at in self.cards if at == index)

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        back = self.widgets["back"]
        back.rect = pygame.Rect(0, 0, self.px(180), self.px(44))
        back.rect.midbottom = (width // 2, height - self.px(14))
        count = len(self.campaign.battles)
        rows = max(1, math.ceil(count / COLUMNS))
        top = self.px(120)
        bottom = back.rect.top - self.px(40)
        gap = self.px(14)
        card_w = min(self.px(236), (width - self.px(40) - gap * (COLUMNS - 1)) // COLUMNS)
        card_h = min(self.px(250), (bottom - top - gap * (rows - 1)) // rows)
        total_w = COLUMNS * card_w + (COLUMNS - 1) * gap
        left = width // 2 - total_w // 2
        self.cards = []
        for index in range(count):
            row, column = divmod(index, COLUMNS)
            rect = pygame.Rect(left + column * (card_w + gap), top + row * (card_h + gap), card_w, card_h)
            self.cards.append((rect, index))

    # -- events --

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((index for rect, index in self.cards if rect.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.cards:
                if rect.collidepoint(event.pos):
                    self.open(index)
                    return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.campaign.battles):
                self.open(index)
                return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.note_time = max(0.0, self.note_time - dt)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _ = surface.get_size()
        self.draw_screen_title(surface, tr("Campaign"), size=46, y=46, spread=10)
        campaign = self.campaign
        total = len(campaign.battles)
        line = tr(
            "{won} of {total} battles won  ·  {stars} of {most} stars",
            won=campaign.won_count,
            total=total,
            stars=campaign.total_stars,
            most=total * 3,
        )
        box = pygame.Rect(self.px(20), self.px(80), width - self.px(40), self.px(28))
        draw_text(surface, ui, line, "body", self.px(17), theme.ACCENT_2, box, bold=True, align="center")
        for rect, index in self.cards:
            self._draw_card(surface, rect, index)
        foot = pygame.Rect(
            self.px(20), self.widgets["back"].rect.top - self.px(36), width - self.px(40), self.px(30)
        )
        if self.note_time > 0:
            draw_text(
                surface, ui, self.note, "body", self.px(16), theme.GOLD, foot, align="center", max_lines=1
            )
        elif campaign.problems:
            said = ntr(
                "{count} battle could not be read: {reason}",
                "{count} battles could not be read: {reason}",
                len(campaign.problems),
                reason=str(campaign.problems[0])[:160],
            )
            draw_text(surface, ui, said, "body", self.px(14), theme.DANGER, foot, align="center", max_lines=2)
        self.widgets.draw(surface, ui)

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, index: int) -> None:
        ui = self.app.theme
        battle: CampaignBattle = self.campaign.battles[index]
        open_ = self.campaign.unlocked(index)
        earned = self.campaign.progress.stars_of(battle.id)
        hovered = self.hover == index and open_
        edge = theme.GOLD if earned else (theme.ACCENT if open_ else theme.PANEL_EDGE)
        if hovered:
            halo = gfx.glow_box(rect.width + self.px(24), rect.height + self.px(24), edge, 0.7)
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        gfx.panel(surface, rect, edge=edge, radius=self.px(12), alpha=235 if open_ else 170)
        pad = self.px(10)
        inner = rect.inflate(-pad * 2, -pad * 2)
        number_box = pygame.Rect(inner.x, inner.y, inner.width, self._line(14, "title"))
        draw_text(
            surface, ui, tr("Battle {number}", number=index + 1), "title", self.px(14),
            edge if open_ else theme.TEXT_FAINT, number_box, bold=True, align="center", max_lines=1,
        )  # fmt: skip
        stars_h = self.px(26)
        name_h, goal_h = self._line(16, bold=True), self._line(14)
        text_h = name_h + goal_h + self.px(4)
        picture_side = max(
            8, min(inner.width, inner.height - number_box.height - stars_h - text_h - self.px(10))
        )
        picture_rect = pygame.Rect(0, 0, picture_side, picture_side)
        picture_rect.midtop = (inner.centerx, number_box.bottom + self.px(4))
        if open_:
            picture = self.thumbnail(battle.position, picture_side)
            surface.blit(picture, picture.get_rect(center=picture_rect.center))
        else:
            self._draw_lock(surface, picture_rect)
        name_box = pygame.Rect(inner.x, picture_rect.bottom + self.px(4), inner.width, name_h)
        draw_text(
            surface, ui, tr(battle.name), "body", self.px(16), theme.TEXT if open_ else theme.TEXT_DIM,
            name_box, bold=True, align="center", max_lines=1,
        )  # fmt: skip
        goal_box = pygame.Rect(inner.x, name_box.bottom, inner.width, goal_h)
        draw_text(
            surface, ui, goal_title(battle.goal), "body", self.px(14), theme.ACCENT_2 if open_ else theme.TEXT_FAINT,
            goal_box, align="center", max_lines=1,
        )  # fmt: skip
        draw_stars(surface, (inner.centerx, inner.bottom - stars_h // 2), self.px(9), earned)

    def _line(self, size: int, role: str = "body", *, bold: bool = False) -> int:
        """The height of a line of text of ``size`` design pixels (never under the smallest type drawn)."""
        return self.app.theme.font(role, max(theme.MIN_TEXT_SIZE, self.px(size)), bold=bold).get_height()

    def _draw_lock(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A padlock: the battle opens once the one before it is won."""
        pygame.draw.rect(surface, (14, 16, 36), area, border_radius=self.px(8))
        side = min(area.width, area.height)
        body = pygame.Rect(0, 0, side * 0.42, side * 0.32)
        body.midtop = (area.centerx, area.centery - side * 0.02)
        shackle = pygame.Rect(0, 0, side * 0.28, side * 0.34)
        shackle.midbottom = (area.centerx, body.top + side * 0.06)
        pygame.draw.ellipse(surface, theme.TEXT_FAINT, shackle, max(2, round(side * 0.05)))
        pygame.draw.rect(surface, theme.TEXT_FAINT, body, border_radius=max(2, round(side * 0.04)))
        hole = pygame.Rect(0, 0, max(2, side * 0.05), side * 0.1)
        hole.center = body.center
        pygame.draw.rect(surface, (14, 16, 36), hole, border_radius=2)
