"""The title screen: the game tiles and the main menu (new game, options, help, quit)."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.engine.ataxx import STARTPOS, Side
from game.i18n import tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic, flip_look
from game.ui.board_view import thumbnail
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["GAMES", "MenuScene"]

# (key, title, tagline, playable)
GAMES = (
    ("ataxx", "Ataxx", "Clone, jump, infect", True),
    ("attangle", "Attangle", "Stack on the hexagon", False),
    ("lionheart", "Lionheart", "Medieval dice battle", False),
)


class _Floater:
    """A piece drifting across the title screen, flipping now and then."""

    def __init__(self, rng: random.Random, size: tuple[int, int]) -> None:
        self.x = rng.uniform(0, size[0])
        self.y = rng.uniform(0, size[1])
        self.vx = rng.uniform(-18, 18)
        self.vy = rng.uniform(-12, 12)
        self.side = rng.choice((Side.RED, Side.BLUE))
        self.size = rng.uniform(0.5, 1.0)
        self.flip_at = rng.uniform(1, 8)
        self.flip = -1.0


class MenuScene(Scene):
    """Pick a game, then New game, Options, Help or Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game = "ataxx"
        self.widgets = WidgetGroup(
            [
                Button("Continue", self._continue, visible=False, accent=theme.CLONE),
                Button("New game", self._new_game, key=pygame.K_n, primary=True),
                Button("Load game", self._load, key=pygame.K_l),
                Button("Options", self._options, key=pygame.K_o),
                Button("Statistics", self._statistics, key=pygame.K_s),
                Button("Help", self._help, key=pygame.K_F1),
                Button("About", self._about, key=pygame.K_a),
                Button("Quit", self.app.quit, key=pygame.K_q, accent=theme.DANGER),
                Button("Level editor", self._editor, key=pygame.K_e, accent=theme.GOLD),
            ]
        )
        self.tiles: list[tuple[pygame.Rect, str, bool]] = []
        self.tile_hover: str | None = None
        rng = random.Random(11)
        self.floaters = [_Floater(rng, (1024, 768)) for _ in range(14)]
        self._rng = rng

    def button(self, label: str) -> Button:
        """The menu button labelled ``label``."""
        return self.widgets.by_label(label)

    def enter(self) -> None:
        self.button("Continue").visible = self._autosave_available()
        self.button("Quit").visible = not self.app.kiosk  # a kiosk is left with the admin chord only

    def resume(self) -> None:
        self.button("Continue").visible = self._autosave_available()
        self._layout_size = None

    def _autosave_available(self) -> bool:
        from game.saves import autosave_path

        try:
            return autosave_path().is_file()
        except OSError:
            return False

    # -- actions --

    def _continue(self) -> None:
        from game.scenes.saveload import continue_autosave

        self.app.audio.play("click")
        continue_autosave(self.app)
        self.button("Continue").visible = self._autosave_available()
        self._layout_size = None

    def _load(self) -> None:
        from game.scenes.saveload import LoadScene

        self.app.audio.play("click")
        self.app.push(LoadScene(self.app))

    def _statistics(self) -> None:
        from game.scenes.statistics import StatisticsScene

        self.app.audio.play("click")
        self.app.push(StatisticsScene(self.app))

    def _about(self) -> None:
        from game.scenes.about import AboutScene

        self.app.audio.play("click")
        self.app.push(AboutScene(self.app))

    def _new_game(self) -> None:
        from game.scenes.newgame import NewGameScene

        self.app.audio.play("click")
        self.app.push(NewGameScene(self.app))

    def _options(self) -> None:
        from game.scenes.options import OptionsScene

        self.app.audio.play("click")
        self.app.push(OptionsScene(self.app))

    def _editor(self) -> None:
        from game.scenes.editor import EditorScene

        self.app.audio.play("click")
        self.app.push(EditorScene(self.app))

    def _help(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.audio.play("click")
        self.app.push(RulesScene(self.app))

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        tile_w, tile_h, gap = self.px(210), self.px(150), self.px(22)
        total = len(GAMES) * tile_w + (len(GAMES) - 1) * gap
        top = int(height * 0.25)
        self.tiles = []
        for index, (key, _, _, playable) in enumerate(GAMES):
            rect = pygame.Rect(width // 2 - total // 2 + index * (tile_w + gap), top, tile_w, tile_h)
            self.tiles.append((rect, key, playable))
        button_w, button_h, button_gap = self.px(290), self.px(50), self.px(12)
        y = top + tile_h + self.px(34)
        editor = self.button("Level editor")
        editor.rect = pygame.Rect(0, 0, self.px(200), self.px(42))
        editor.rect.bottomright = (width - self.px(20), height - self.px(20))
        # The main actions in a column, the others in a grid of three beneath.
        main = ("Continue", "New game", "Load game")
        for button in self.widgets.buttons:
            if not button.visible or button is editor or button.label not in main:
                continue
            button.rect = pygame.Rect(0, 0, button_w, button_h)
            button.rect.midtop = (width // 2, y)
            y += button_h + button_gap
        others = [b for b in self.widgets.buttons if b.visible and b is not editor and b.label not in main]
        small_w, small_h, small_gap = self.px(148), self.px(42), self.px(10)
        per_row = 3
        y += self.px(4)
        for start in range(0, len(others), per_row):
            row = others[start : start + per_row]
            row_w = len(row) * small_w + (len(row) - 1) * small_gap
            for index, button in enumerate(row):
                button.rect = pygame.Rect(
                    width // 2 - row_w // 2 + index * (small_w + small_gap), y, small_w, small_h
                )
            y += small_h + small_gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.tile_hover = next((key for rect, key, _ in self.tiles if rect.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, key, playable in self.tiles:
                if rect.collidepoint(event.pos):
                    if playable:
                        self.game = key
                        self._new_game()
                    else:
                        self.app.audio.play("invalid")
                    return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        width, height = self.app.size
        for floater in self.floaters:
            floater.x = (floater.x + floater.vx * dt) % (width + 80)
            floater.y = (floater.y + floater.vy * dt) % (height + 80)
            floater.flip_at -= dt
            if floater.flip_at <= 0 and floater.flip < 0:
                floater.flip = 0.0
            if floater.flip >= 0:
                floater.flip += dt / 0.5
                if floater.flip >= 1:
                    floater.flip = -1.0
                    floater.side = floater.side.opponent
                    floater.flip_at = self._rng.uniform(2, 9)

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        surface.blit(gfx.backdrop(size), (0, 0))
        self._draw_floaters(surface)
        ui = self.app.theme
        width, height = size
        appear = ease_out_cubic(self.time / 0.6)
        title_y = int(height * 0.11) - int((1 - appear) * self.px(40))
        title = ui.text("ATTAX ARCADE", "title", self.px(66), theme.TEXT, bold=True)
        gfx.text_glow(surface, title, (width // 2, title_y), theme.ACCENT, spread=self.px(12))
        subtitle = ui.text(
            tr("INFECT  ·  EXPAND  ·  CONQUER"), "body", self.px(19), theme.ACCENT_2, bold=True
        )
        surface.blit(subtitle, subtitle.get_rect(center=(width // 2, title_y + self.px(52))))
        for rect, key, playable in self.tiles:
            self._draw_tile(surface, rect, key, playable)
        self.widgets.draw(surface, ui)
        if not self.app.kiosk:
            hint = ui.text(tr("F11 fullscreen   ·   F12 screenshot"), "body", self.px(14), theme.TEXT_FAINT)
            surface.blit(hint, hint.get_rect(midbottom=(width // 2, height - self.px(12))))

    def _draw_floaters(self, surface: pygame.Surface) -> None:
        base = self.px(46)
        for floater in self.floaters:
            diameter = max(8, int(base * floater.size))
            look = flip_look(floater.side, floater.side.opponent, floater.flip) if floater.flip >= 0 else None
            side = look.side if look else floater.side
            squash = look.squash if look else 1.0
            sprite = gfx.piece_sprite(diameter, theme.SIDE_COLOURS[side])
            if squash < 0.999:
                sprite = pygame.transform.smoothscale(sprite, (diameter, max(1, int(diameter * squash))))
            else:
                sprite = sprite.copy()
            sprite.set_alpha(70)
            surface.blit(sprite, sprite.get_rect(center=(floater.x - 40, floater.y - 40)))

    def _draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, key: str, playable: bool) -> None:
        ui = self.app.theme
        chosen = key == self.game and playable
        hovered = key == self.tile_hover
        accent = theme.ACCENT if chosen else (theme.TEXT_FAINT if not playable else theme.PANEL_EDGE)
        if chosen or (hovered and playable):
            pulse = 0.5 + 0.5 * math.sin(self.time * 3)
            halo = gfx.glow_box(
                rect.width + self.px(44),
                rect.height + self.px(44),
                theme.ACCENT,
                0.45 + 0.2 * pulse,
                self.px(24),
            )
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        gfx.panel(surface, rect, edge=accent, alpha=230 if playable else 170, radius=self.px(14))
        _, title, tagline, _ = next(game for game in GAMES if game[0] == key)
        preview = rect.height - self.px(58)
        centre = (rect.centerx, rect.y + self.px(10) + preview // 2)
        if key == "ataxx":
            picture = thumbnail(STARTPOS, preview)
            surface.blit(picture, picture.get_rect(center=centre))
        elif key == "attangle":
            self._hexagon(surface, centre, preview // 2)
        else:
            self._shield(surface, centre, preview // 2)
        colour = theme.TEXT if playable else theme.TEXT_FAINT
        name = ui.text(title.upper(), "title", self.px(18), colour, bold=True)
        surface.blit(name, name.get_rect(center=(rect.centerx, rect.bottom - self.px(34))))
        line = tr(tagline) if playable else tr("Coming soon")
        small = ui.text(line, "body", self.px(14), theme.TEXT_DIM if playable else theme.TEXT_FAINT)
        surface.blit(small, small.get_rect(center=(rect.centerx, rect.bottom - self.px(15))))

    def _hexagon(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        points = [
            (
                centre[0] + radius * math.cos(math.pi / 6 + k * math.pi / 3),
                centre[1] + radius * math.sin(math.pi / 6 + k * math.pi / 3),
            )
            for k in range(6)
        ]
        pygame.draw.polygon(surface, (34, 38, 62), points)
        pygame.draw.aalines(surface, theme.TEXT_FAINT, True, points)
        for ring in range(1, 4):
            r = radius * ring / 4
            pygame.draw.circle(surface, (60, 66, 96), centre, max(2, radius // 10), 0) if ring == 1 else None
            for k in range(6):
                angle = math.pi / 6 + k * math.pi / 3
                pygame.draw.circle(
                    surface,
                    (60, 66, 96),
                    (centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)),
                    max(2, radius // 12),
                )

    def _shield(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        x, y = centre
        points = [
            (x - radius * 0.7, y - radius * 0.8),
            (x + radius * 0.7, y - radius * 0.8),
            (x + radius * 0.7, y),
            (x, y + radius * 0.9),
            (x - radius * 0.7, y),
        ]
        pygame.draw.polygon(surface, (44, 36, 58), points)
        pygame.draw.aalines(surface, theme.TEXT_FAINT, True, points)
        pygame.draw.line(
            surface, (90, 80, 110), (x, y - radius * 0.6), (x, y + radius * 0.5), max(2, radius // 10)
        )
        pygame.draw.line(
            surface,
            (90, 80, 110),
            (x - radius * 0.4, y - radius * 0.2),
            (x + radius * 0.4, y - radius * 0.2),
            max(2, radius // 10),
        )
