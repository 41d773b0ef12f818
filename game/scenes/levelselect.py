"""Level select: every shipped level as a thumbnail with its name and description."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import STARTPOS
from game.engine.levels import LevelError, LevelInfo, custom_levels, shipped_levels
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.level_cards import draw_damaged_card, draw_level_card
from game.ui import gfx, theme
from game.ui.board_view import thumbnail
from game.ui.keyboard import LevelSelectKeys
from game.ui.lang import tr_data
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.newgame import GameConfig

__all__ = ["LevelSelectScene", "available_levels"]

log = logging.getLogger(__name__)

FALLBACK = LevelInfo("Classic", "The standard board: no destroyed squares.", "Attax Arcade", STARTPOS)


def available_levels() -> tuple[list[LevelInfo], list[str]]:
    """The playable levels and, for the files that failed, a message naming each one."""
    levels: list[LevelInfo] = []
    problems: list[str] = []
    try:
        entries = shipped_levels("ataxx")
    except OSError as error:
        entries = []
        problems.append(f"levels folder unreadable: {error}")
    for entry in entries:
        if isinstance(entry, LevelError):
            log.warning("level skipped: %s", entry)
            problems.append(str(entry))
        else:
            levels.append(entry)
    if not levels:
        levels.append(FALLBACK)
    return levels, problems


class LevelSelectScene(Scene):
    """Click a level to play it with the chosen opponents."""

    def __init__(self, app: App, config: GameConfig) -> None:
        super().__init__(app)
        self.config = config
        self.levels, self.problems = available_levels()
        # "My levels": the editor's levels follow the shipped ones; damaged files get cards of their own.
        self.custom_start = len(self.levels)
        self.damaged: list[LevelError] = []
        for entry in custom_levels("ataxx"):
            if isinstance(entry, LevelError):
                log.warning("custom level skipped: %s", entry)
                self.damaged.append(entry)
            else:
                self.levels.append(entry)
        self.damaged_cards: list[pygame.Rect] = []
        self.section_y = 0
        self.cards: list[tuple[pygame.Rect, LevelInfo]] = []
        self.hover: int | None = None
        self.scroll = 0
        self.max_scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.widgets = WidgetGroup([Button("Back", self._back, key=pygame.K_ESCAPE)])
        self.keys = LevelSelectKeys(self)

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.pop()

    def play(self, index: int) -> None:
        """Start level ``index``."""
        from game.scenes.play import PlayScene

        self.app.audio.play("start")
        self.app.push(PlayScene(self.app, self.config, self.levels[index]))

    def card_centre(self, index: int) -> tuple[int, int]:
        """The centre of level ``index``'s card on screen (tests click it)."""
        self.ensure_layout()
        return self.cards[index][0].move(0, -self.scroll).center

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.px(30)
        top = self.px(112)
        bottom = height - self.px(90)
        columns = 3 if len(self.levels) <= 9 or width < 1500 else 4
        gap = self.px(16)
        card_w = (width - margin * 2 - gap * (columns - 1)) // columns
        card_h = max(self.px(120), min(self.px(170), card_w // 2))
        rows = (self.custom_start + columns - 1) // columns
        visible_h = bottom - top
        header_h = self.px(40)
        # The shipped levels fill the view but leave the "My levels" heading and a peek of its cards.
        fit_h = (visible_h - header_h - self.px(40) - gap * rows) // max(1, rows)
        if fit_h >= self.px(100):
            card_h = min(card_h, fit_h)
        self.view = pygame.Rect(margin, top, width - margin * 2, visible_h)
        self.cards = []
        self.damaged_cards = []

        def place(position: int, y0: int) -> pygame.Rect:
            row, column = divmod(position, columns)
            return pygame.Rect(margin + column * (card_w + gap), y0 + row * (card_h + gap), card_w, card_h)

        for index, level in enumerate(self.levels[: self.custom_start]):
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
        self.scroll = min(self.scroll, self.max_scroll)
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(margin, height - self.px(70), self.px(180), self.px(48))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.keys.handle_event(event):
            return True
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.px(40)))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self._card_at(event.pos)
            if index is not None:
                self.play(index)
                return True
            if self.view.collidepoint(event.pos) and any(
                rect.move(0, -self.scroll).collidepoint(event.pos) for rect in self.damaged_cards
            ):
                self.app.audio.play("invalid")  # a damaged file: its card says why
                return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
            if index < len(self.levels):
                self.play(index)
                return True
        return False

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for index, (rect, _) in enumerate(self.cards):
            if rect.move(0, -self.scroll).collidepoint(pos):
                return index
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        width, height = surface.get_size()
        self.draw_screen_title(surface, tr("CHOOSE A LEVEL"), size=36, y=50)
        who = tr("vs Computer") if self.config.vs_computer else tr("Two players")
        sub = ui.text(who, "body", self.px(17), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(center=(width // 2, self.px(82))))
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(self.px(20), self.px(10)))
        for index, (rect, level) in enumerate(self.cards):
            shown = rect.move(0, -self.scroll)
            if shown.bottom < self.view.top - 20 or shown.top > self.view.bottom + 20:
                continue
            if index >= self.custom_start:
                draw_level_card(
                    surface, ui, shown, level, tr("MY LEVEL"), hovered=index == self.hover, scale=self.scale
                )
            else:
                self._draw_card(surface, shown, level, index)
        self._draw_my_levels(surface)
        surface.set_clip(clip)
        self.widgets.draw(surface, ui)
        if self.problems:
            note = ui.text(
                tr(
                    "{count} level file(s) skipped: {reason}",
                    count=len(self.problems),
                    reason=self.problems[0][:90],
                ),
                "body",
                self.px(14),
                theme.DANGER,
            )
            surface.blit(note, note.get_rect(midright=(width - self.px(30), height - self.px(46))))

    def _draw_my_levels(self, surface: pygame.Surface) -> None:
        """The "My levels" heading, the damaged custom files, or a word on where custom levels come from."""
        ui = self.app.theme
        y = self.section_y - self.scroll
        heading = ui.text(tr("MY LEVELS"), "title", self.px(18), theme.ACCENT_2, bold=True)
        surface.blit(heading, (self.view.x, y))
        line_y = y + heading.get_height() // 2
        pygame.draw.line(
            surface,
            (90, 60, 130),
            (self.view.x + heading.get_width() + self.px(14), line_y),
            (self.view.right, line_y),
        )
        for rect, error in zip(self.damaged_cards, self.damaged, strict=False):
            draw_damaged_card(surface, ui, rect.move(0, -self.scroll), error, scale=self.scale)
        if len(self.levels) == self.custom_start and not self.damaged:
            hint = ui.text(
                tr("Levels you save in the level editor appear here."), "body", self.px(16), theme.TEXT_DIM
            )
            surface.blit(hint, (self.view.x, y + heading.get_height() + self.px(10)))

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, level: LevelInfo, index: int) -> None:
        ui = self.app.theme
        hovered = index == self.hover
        if hovered:
            halo = gfx.glow_box(rect.width + 32, rect.height + 32, theme.ACCENT, 0.45, 18)
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        gfx.panel(surface, rect, edge=theme.ACCENT if hovered else (60, 74, 130), radius=self.px(12))
        pad = self.px(10)
        thumb_size = rect.height - pad * 2
        picture = thumbnail(level.fen, thumb_size)
        surface.blit(picture, (rect.x + pad, rect.y + pad))
        text_x = rect.x + pad * 2 + picture.get_width()
        text_w = rect.right - pad - text_x
        number = level.number if level.number is not None else index + 1
        tag = ui.text(tr("LEVEL {number}", number=number), "title", self.px(12), theme.ACCENT_2)
        surface.blit(tag, (text_x, rect.y + pad))
        name_size = self.px(19)
        name = ui.text(tr_data(level.name), "title", name_size, theme.TEXT, bold=True)
        if name.get_width() > text_w:
            name = ui.text(tr_data(level.name), "body", name_size, theme.TEXT, bold=True)
        surface.blit(name, (text_x, rect.y + pad + self.px(18)))
        size = self.px(14)
        y = rect.y + pad + self.px(46)
        for line in ui.wrap(tr_data(level.description), "body", size, text_w)[
            : max(1, (rect.bottom - y - pad) // int(size * 1.3))
        ]:
            rendered = ui.text(line, "body", size, theme.TEXT_DIM)
            surface.blit(rendered, (text_x, y))
            y += int(size * 1.3)
