"""Level select: the current game's levels as thumbnails with their names and descriptions.

The shipped levels first, then "My levels" (the ones made in the game's
editor); a damaged file gets a card that says why. Arrows move between the
cards (row by row), Enter plays the one in focus, 1-9 play the shipped ones.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING

import pygame

from game.engine.levels import LevelError, LevelInfo, custom_levels
from game.engine.match import engine_key
from game.i18n import ntr, tr
from game.scenes.card_grid import CardGridScene
from game.scenes.level_cards import (
    available_levels,
    card_grid,
    card_name_fit,
    damaged_name,
    damaged_reason,
    draw_damaged_card,
    draw_level_card,
)
from game.ui import gfx, theme
from game.ui.scrollbar import ScrollBar
from game.ui.textbox import draw_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.engine.match import MatchConfig
    from game.scenes.services import SceneServices

__all__ = ["LevelSelectScene"]

log = logging.getLogger(__name__)

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@functools.lru_cache(maxsize=8)
def _fade_mask(size: tuple[int, int], downward: bool) -> pygame.Surface:
    """White with alpha growing from 0 to opaque towards the bottom (``downward``) or the top."""
    width, height = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for row in range(height):
        share = (row + 1) / height if downward else 1 - row / height
        mask.fill((255, 255, 255, round(255 * share**1.6)), (0, row, width, 1))
    return mask


class LevelSelectScene(CardGridScene):
    """Click a level to play it with the chosen opponents."""

    name = "levelselect"

    def __init__(self, app: SceneServices, config: MatchConfig) -> None:
        super().__init__(app)
        self.config = config
        self.levels, self.problems = available_levels(app.game)
        self.thumbnail = app.game.load("board").thumbnail
        # "My levels": the editor's levels follow the shipped ones; damaged files get cards of their own.
        self.custom_start = len(self.levels)
        self.damaged: list[LevelError] = []
        for entry in custom_levels(app.game.load_rules()):
            if isinstance(entry, LevelError):
                log.warning("custom level skipped: %s", entry)
                self.damaged.append(entry)
            else:
                self.levels.append(entry)
        self.damaged_cards: list[pygame.Rect] = []
        self.shows_my_levels = (
            app.game.has("editor") or len(self.levels) > self.custom_start or bool(self.damaged)
        )
        """Whether the "My levels" section is shown: for a game with an editor, or custom files found."""
        self.section_y = 0
        self.cards: list[tuple[pygame.Rect, LevelInfo]] = []
        self.hover: int | None = None
        self.scrollbar = ScrollBar()
        self.max_scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup([Button("back", "Back", self._back, key=pygame.K_ESCAPE)])

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.stack.pop()

    def play(self, index: int) -> None:
        """Start level ``index``."""
        self.app.audio.play("start")
        self.app.router.push("match", self.config, self.levels[index])

    pick = play  # a card clicked (or its digit) starts its level

    def card_rects(self) -> list[pygame.Rect]:
        return [rect for rect, _ in self.cards]

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(30)
        top = self.header_bottom() + self.px(12)
        bottom = height - self.px(90)
        most = 3 if self.custom_start <= 9 or width < 1500 else 4
        # Rows as full as they can be: four levels in two wide columns, not three and one alone
        # (and two levels in two wide columns rather than two narrow cards and a gap).
        shipped_count = max(1, self.custom_start)
        most = min(
            range(min(most, max(2, shipped_count)), 1, -1),
            key=lambda columns: -(-shipped_count // columns) * columns - shipped_count,
            default=most,
        )
        gap = self.px(16)
        visible_h = bottom - top
        header_h = self.px(40)

        def fill(columns: int, card_w: int) -> int:
            # The shipped levels fill the view but leave the "My levels" heading and a peek of its cards;
            # when they cannot, the view scrolls and the cards are no taller than what they say needs.
            rows = (self.custom_start + columns - 1) // columns
            fit_h = (visible_h - header_h - self.px(40) - gap * rows) // max(1, rows)
            if fit_h < self.px(100):
                return self.px(120)
            return min(max(self.px(120), card_w // 2), fit_h)

        shipped = self.levels[: self.custom_start]
        tagged = [
            (level, tr("LEVEL {number}", number=level.number if level.number is not None else index + 1))
            for index, level in enumerate(shipped)
        ]
        columns, card_w, card_h = card_grid(
            self.app.theme, width - margin * 2, tagged, columns=most, gap=gap, height=fill, scale=self.scale
        )
        rows = (self.custom_start + columns - 1) // columns
        self.view = pygame.Rect(margin, top, width - margin * 2, visible_h)
        self.cards = []
        self.damaged_cards = []

        def place(position: int, y0: int) -> pygame.Rect:
            row, column = divmod(position, columns)
            return pygame.Rect(margin + column * (card_w + gap), y0 + row * (card_h + gap), card_w, card_h)

        for index, level in enumerate(shipped):
            self.cards.append((place(index, top), level))
        self.section_y = top + rows * (card_h + gap) + self.px(6)
        custom_top = self.section_y + header_h
        for index, level in enumerate(self.levels[self.custom_start :]):
            self.cards.append((place(index, custom_top), level))
        for index in range(len(self.damaged)):
            self.damaged_cards.append(place(len(self.levels) - self.custom_start + index, custom_top))
        mine = len(self.levels) - self.custom_start + len(self.damaged)
        custom_rows = max(1, (mine + columns - 1) // columns) if mine else 0
        content = custom_top - top + (custom_rows * (card_h + gap) - gap if mine else self.px(30))
        self.max_scroll = max(0, content - visible_h)
        track_w = max(4, self.px(8))
        self.scrollbar.layout(
            pygame.Rect(self.view.right + (margin - track_w) // 2, top, track_w, visible_h),
            visible_h,
            self.max_scroll,
        )
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(margin, height - self.px(70), self.px(180), self.px(48))

    def header_bottom(self) -> int:
        """Where the title and the line under it ("vs Computer") end."""
        return self._subtitle_box().bottom

    def _subtitle_box(self) -> pygame.Rect:
        """The line under the title, clear of the title's glow."""
        sub_h = self.app.theme.font("body", self.px(17)).get_height()
        title = self.screen_title_box(36, 50)
        return pygame.Rect(title.x, title.bottom + self.px(4), title.width, sub_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.cards_event(event):
            return True
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if (
            clicked
            and self.view.collidepoint(event.pos)
            and any(rect.move(0, -self.scroll).collidepoint(event.pos) for rect in self.damaged_cards)
        ):
            self.app.audio.play("invalid")  # a damaged file: its card says why
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.levels):
                self.play(index)
                return True
        return False

    def _columns(self) -> int:
        if not self.cards:
            return 1
        first_y = self.cards[0][0].y
        return max(1, sum(1 for rect, _ in self.cards if rect.y == first_y))

    def _key(self, event: pygame.event.Event) -> bool:
        """Arrows and Tab move the focus between the cards, Enter plays; True when consumed."""
        count = len(self.cards)
        if not count:
            return False
        steps = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self._columns(),
            pygame.K_DOWN: self._columns(),
            pygame.K_TAB: -1 if event.mod & pygame.KMOD_SHIFT else 1,
        }
        if event.key in steps:
            self.hover = 0 if self.hover is None else max(0, min(count - 1, self.hover + steps[event.key]))
            self._scroll_to(self.hover)
            self.app.audio.play("select")
            return True
        if event.key in _ENTER:
            if self.hover is None:
                self.hover = 0
                self._scroll_to(0)
            else:
                self.play(self.hover)
            return True
        return False

    def _scroll_to(self, index: int) -> None:
        """Bring card ``index`` wholly into view (the first row of "My levels" with its heading)."""
        rect = self.cards[index][0]
        top = rect.top - self.view.top
        if index >= self.custom_start and rect.top < self.section_y + self.px(60):
            top = self.section_y - self.view.top
        bottom = rect.bottom - self.view.top
        if top < self.scroll:
            self.scroll = top
        elif bottom > self.scroll + self.view.height:
            self.scroll = bottom - self.view.height

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, _height = surface.get_size()
        self.draw_screen_title(surface, tr("CHOOSE A LEVEL"), size=36, y=50)
        if not self.config.vs_computer:
            who = tr("Two players")
        elif engine_key(self.config.level) is not None and self.config.computer_name:
            who = tr("vs {name}", name=self.config.computer_name)
        else:
            who = tr("vs Computer")
        sub_box = self._subtitle_box()
        draw_text(surface, ui, who, "body", self.px(17), theme.TEXT_DIM, sub_box, align="center", max_lines=1)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(self.px(20), self.px(10)))
        name_fit = (
            card_name_fit(ui, self.cards[0][0], (level for _, level in self.cards), scale=self.scale)
            if self.cards
            else None
        )
        for index, (rect, level) in enumerate(self.cards):
            shown = rect.move(0, -self.scroll)
            if shown.bottom < self.view.top - 20 or shown.top > self.view.bottom + 20:
                continue
            if index >= self.custom_start:
                tag = tr("MY LEVEL")
            else:
                tag = tr("LEVEL {number}", number=level.number if level.number is not None else index + 1)
            draw_level_card(
                surface,
                ui,
                shown,
                level,
                tag,
                self.thumbnail,
                hovered=index == self.hover,
                scale=self.scale,
                name_fit=name_fit,
            )
        if self.shows_my_levels:
            self._draw_my_levels(surface)
        self._fade_edges(surface)
        surface.set_clip(clip)
        self.scrollbar.draw(surface)
        self.widgets.draw(surface, ui)
        if self.problems:
            back = self.widgets.buttons[0].rect
            note_box = pygame.Rect(back.right + self.px(20), back.y, 0, back.height)
            note_box.width = width - self.px(30) - note_box.x
            note = ntr(
                "{count} level file skipped: {reason}",
                "{count} level files skipped: {reason}",
                len(self.problems),
                reason=f"{damaged_name(self.problems[0])}: {damaged_reason(self.problems[0])}"[:90],
            )
            draw_text(
                surface, ui, note, "body", self.px(14), theme.DANGER, note_box, align="right", valign="middle"
            )

    def _fade_edges(self, surface: pygame.Surface) -> None:
        """Fade the cards into the background where more of them lie beyond the view's edge."""
        band = self.px(34)
        clip = self.view.inflate(self.px(20), self.px(10))
        backdrop = gfx.backdrop(surface.get_size())
        for more, rect, downward in (
            (self.scroll > 0, pygame.Rect(clip.x, clip.top, clip.width, band), False),
            (self.scroll < self.max_scroll, pygame.Rect(clip.x, clip.bottom - band, clip.width, band), True),
        ):
            rect = rect.clip(backdrop.get_rect())
            if more and rect.height > 0:
                strip = backdrop.subsurface(rect).convert_alpha()
                strip.blit(_fade_mask(rect.size, downward), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
                surface.blit(strip, rect.topleft)

    def _draw_my_levels(self, surface: pygame.Surface) -> None:
        """The "My levels" heading, the damaged custom files, or a word on where custom levels come from."""
        ui = self.app.theme
        y = self.section_y - self.scroll
        heading_box = pygame.Rect(
            self.view.x, y, self.view.width, ui.font("title", self.px(18), bold=True).get_height()
        )
        heading = draw_text(
            surface,
            ui,
            tr("MY LEVELS"),
            "title",
            self.px(18),
            theme.ACCENT_2,
            heading_box,
            bold=True,
            max_lines=1,
        )
        line_y = y + heading.height // 2
        pygame.draw.line(
            surface,
            (90, 60, 130),
            (self.view.x + heading.width + self.px(14), line_y),
            (self.view.right, line_y),
        )
        for rect, error in zip(self.damaged_cards, self.damaged, strict=False):
            draw_damaged_card(surface, ui, rect.move(0, -self.scroll), error, scale=self.scale)
        if len(self.levels) == self.custom_start and not self.damaged:
            hint_box = pygame.Rect(
                self.view.x, y + heading.height + self.px(10), self.view.width, self.px(40)
            )
            draw_text(
                surface,
                ui,
                tr("Levels you save in the level editor appear here."),
                "body",
                self.px(16),
                theme.TEXT_DIM,
                hint_box,
            )
