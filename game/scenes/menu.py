"""The title screen: the game tiles (from the registry) and the main menu of the chosen game.

Every game of ``game.games`` has a tile; a game that cannot be played yet says
"coming soon". Choosing a tile makes it the app's current game: New game,
Continue, Load, Options, Statistics, Help and the level editor then serve it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game import games
from game.engine import saves
from game.engine.levels import CAMPAIGN_FOLDER, shipped_ids
from game.engine.puzzles import has_shipped_puzzles
from game.engine.stats import Statistics
from game.engine.tutorials import has_shipped_tutorials, shipped_tutorial_ids
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.resume import continue_autosave
from game.scenes.services import KioskServices, SceneServices, SettingsServices, WindowServices
from game.ui import gfx, theme
from game.ui.anim import ease_out_cubic, flip_squash
from game.ui.textbox import Paragraph, draw_column, draw_text
from game.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from game.games import GameDefinition

__all__ = ["MenuScene"]


class MenuServices(SceneServices, SettingsServices, KioskServices, WindowServices, Protocol):
    """What the menu uses of the app: the scenes', the settings (the game chosen), the kiosk, and quitting."""


class _Floater:
    """A piece drifting across the title screen, flipping now and then."""

    def __init__(self, rng: random.Random, size: tuple[int, int]) -> None:
        self.x = rng.uniform(0, size[0])
        self.y = rng.uniform(0, size[1])
        self.vx = rng.uniform(-18, 18)
        self.vy = rng.uniform(-12, 12)
        self.seat = rng.choice((0, 1))
        self.size = rng.uniform(0.5, 1.0)
        self.flip_at = rng.uniform(1, 8)
        self.flip = -1.0


class MenuScene(Scene):
    """Pick a game, then New game, Continue, Learn to play and Puzzles (a game that has them), Load, Options,
    Statistics, Help, About or Quit."""

    app: MenuServices

    name = "menu"

    def __init__(self, app: MenuServices) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup(
            [
                Button("continue", "Continue", self._continue, visible=False, accent=theme.CLONE),
                Button("new_game", "New game", self._open("newgame"), key=pygame.K_n, primary=True),
                Button(
                    "learn",
                    "Learn to play",
                    self._learn,
                    key=pygame.K_t,
                    visible=False,
                    accent=theme.ACCENT_2,
                ),
                Button("load", "Load game", self._open("load"), key=pygame.K_l),
                Button("puzzles", "Puzzles", self._puzzles, key=pygame.K_p, visible=False, accent=theme.GOLD),
                Button(
                    "campaign", "Campaign", self._campaign, key=pygame.K_c, visible=False, accent=theme.GOLD
                ),
                Button("options", "Options", self._open("options"), key=pygame.K_o),
                Button("statistics", "Statistics", self._open("statistics"), key=pygame.K_s),
                Button("help", "Help", self._open("rules"), key=pygame.K_F1),
                Button("about", "About", self._open("about"), key=pygame.K_a),
                Button("quit", "Quit", self.app.quit, key=pygame.K_q, accent=theme.DANGER),
                Button("editor", "Level editor", self._open("editor"), key=pygame.K_e, accent=theme.GOLD),
            ]
        )
        self.main_ids = ("continue", "new_game", "learn", "load")
        self.tiles: list[tuple[pygame.Rect, GameDefinition]] = []
        self.tile_hover: str | None = None
        rng = random.Random(11)
        self.floaters = [_Floater(rng, (1024, 768)) for _ in range(14)]
        self._rng = rng

    def enter(self) -> None:
        self._refresh()
        self.widgets["quit"].visible = not self.app.kiosk  # a kiosk is left with the admin chord only
        # New game is the title screen's default and is drawn as such: it holds the keyboard
        # focus from the start, so the first Enter after launch presses it.
        self.widgets.set_focus(self.widgets.ids().index("new_game"))

    def resume(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        """Show what the current game offers: Continue when it has an autosave, its editor if any."""
        self.widgets["continue"].visible = self._autosave_available()
        self.widgets["editor"].visible = self.app.router.has("editor")
        self.widgets["puzzles"].visible = has_shipped_puzzles(self.app.game.key)
        self.widgets["campaign"].visible = self.app.router.has("campaign")
        learn = self.widgets["learn"]
        learn.visible = has_shipped_tutorials(self.app.game.key)
        self._mark_done()
        self.app.lock_down(self)
        self.relayout()

    def _mark_done(self) -> None:
        """A tick on Learn to play once every lesson of the current game is finished, and on Campaign once every
        battle is won."""
        learn, campaign = self.widgets["learn"], self.widgets["campaign"]
        learn.icon = campaign.icon = ""
        if not learn.visible and not campaign.visible:
            return
        key = self.app.game.key
        statistics = Statistics.load(key)
        lessons = set(shipped_tutorial_ids(key))
        battles = set(shipped_ids(key, CAMPAIGN_FOLDER))
        if learn.visible and lessons and lessons <= statistics.tutorials.finished:
            learn.icon = "done"
        if campaign.visible and battles and battles <= statistics.campaign.won:
            campaign.icon = "done"

    def _autosave_available(self) -> bool:
        try:
            return saves.has_autosave(self.app.game.key)
        except OSError:
            return False

    # -- actions --

    def _open(self, name: str) -> Callable[[], None]:
        def open_scene() -> None:
            self.app.audio.play("click")
            self.app.router.push(name)

        return open_scene

    def _puzzles(self) -> None:
        """The puzzles of the current game."""
        self._open_collection("puzzle", "No puzzles")

    def _learn(self) -> None:
        """The current game's lessons."""
        self._open_collection("tutorial", "No lessons")

    def _open_collection(self, scene: str, nothing: str) -> None:
        """A screen of the current game's files (puzzles, lessons); a collection that cannot be read at all is
        said under the title ``nothing`` (English), not opened."""
        self.app.audio.play("click")
        try:
            self.app.router.push(scene)
        except ValueError as error:  # the screen's error when every file is damaged, its message translated
            self.app.audio.play("invalid")
            self.app.router.push(
                "dialog",
                tr(nothing),
                [str(error)],
                [("ok", "OK", None)],
                accent=theme.DANGER,
                default="ok",
                escape="ok",
            )

    def _campaign(self) -> None:
        """The current game's campaign: its battles in order."""
        self.app.audio.play("click")
        self.app.router.push("campaign")

    def _continue(self) -> None:
        self.app.audio.play("click")
        continue_autosave(self.app)
        self._refresh()

    def choose(self, key: str) -> None:
        """Make the game ``key`` the current one (a tile clicked)."""
        self.app.choose_game(key)
        self._refresh()
        self.app.audio.play("select")

    # -- layout and events --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        definitions = games.GAMES
        tile_w, tile_h, gap = self.px(210), self.px(150), self.px(22)
        total = len(definitions) * tile_w + (len(definitions) - 1) * gap
        top = int(height * 0.25)
        self.tiles = [
            (pygame.Rect(width // 2 - total // 2 + index * (tile_w + gap), top, tile_w, tile_h), definition)
            for index, definition in enumerate(definitions)
        ]
        button_w, button_h, button_gap = self.px(290), self.px(50), self.px(12)
        y = top + tile_h + self.px(34)
        editor = self.widgets["editor"]
        editor.rect = pygame.Rect(0, 0, self.px(200), self.px(42))
        editor.rect.bottomright = (width - self.px(20), height - self.px(20))
        # The main actions in a column, the others in a grid of three beneath.
        for button in self.widgets.buttons:
            if button.visible and button.id in self.main_ids:
                button.rect = pygame.Rect(0, 0, button_w, button_h)
                button.rect.midtop = (width // 2, y)
                y += button_h + button_gap
        others = [
            b for b in self.widgets.buttons if b.visible and b is not editor and b.id not in self.main_ids
        ]
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

    def tile_centre(self, key: str) -> tuple[int, int]:
        """The centre of the tile of game ``key`` (tests click it)."""
        self.ensure_layout()
        return next(rect.center for rect, definition in self.tiles if definition.key == key)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.tile_hover = next(
                (definition.key for rect, definition in self.tiles if rect.collidepoint(event.pos)), None
            )
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, definition in self.tiles:
                if rect.collidepoint(event.pos):
                    if definition.playable:
                        self.choose(definition.key)
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
                    floater.seat = 1 - floater.seat
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
        title_h = round(self.px(66) * 1.3)
        title_box = pygame.Rect(self.px(16), title_y - title_h // 2, width - self.px(32), title_h)
        title = self.draw_title(surface, "ATTAX ARCADE", title_box, size=66, spread=12)
        title_bottom = title_y + title.height // 2
        tiles_top = min((rect.y for rect, _ in self.tiles), default=height)
        draw_text(
            surface,
            ui,
            self.motto(),
            "body",
            self.px(19),
            theme.ACCENT_2,
            pygame.Rect(
                self.px(16), title_bottom, width - self.px(32), max(1, tiles_top - title_bottom - self.px(8))
            ),
            bold=True,
            align="center",
            max_lines=1,
        )
        for rect, definition in self.tiles:
            self._draw_tile(surface, rect, definition)
        self.widgets.draw(surface, ui)
        if not self.app.kiosk:
            # Between the editor's button and its mirror image, so the two never meet.
            side = self.widgets["editor"].rect.width + self.px(24)
            line_h = ui.font("body", self.px(14)).get_height()
            draw_text(
                surface,
                ui,
                tr("F11 fullscreen   ·   F12 screenshot"),
                "body",
                self.px(14),
                theme.TEXT_FAINT,
                pygame.Rect(side, height - self.px(12) - line_h, width - 2 * side, line_h),
                align="center",
                max_lines=1,
            )

    def motto(self) -> str:
        """The line under the title: the chosen game's motto (translated)."""
        definition = self.app.game
        return tr(identity.motto) if (identity := definition.identity).motto else tr(identity.tagline).upper()

    def _draw_floaters(self, surface: pygame.Surface) -> None:
        base = self.px(46)
        for floater in self.floaters:
            diameter = max(8, int(base * floater.size))
            seat, squash = floater.seat, 1.0
            if floater.flip >= 0:
                squash, turned = flip_squash(floater.flip)
                seat = 1 - seat if turned else seat
            sprite = gfx.piece_sprite(diameter, theme.SEAT_COLOURS[seat])
            if squash < 0.999:
                sprite = pygame.transform.smoothscale(sprite, (diameter, max(1, int(diameter * squash))))
            else:
                sprite = sprite.copy()
            sprite.set_alpha(70)
            surface.blit(sprite, sprite.get_rect(center=(floater.x - 40, floater.y - 40)))

    def _draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, definition: GameDefinition) -> None:
        ui = self.app.theme
        playable = definition.playable
        chosen = definition.key == self.app.game.key
        hovered = definition.key == self.tile_hover
        accent = theme.ACCENT if chosen else (theme.TEXT_FAINT if not playable else theme.PANEL_EDGE)
        if chosen or (hovered and playable):
            pulse = 0.5 + 0.5 * math.sin(self.time * 3)
            halo = gfx.glow_box(
                rect.width + self.px(44),
                rect.height + self.px(44),
                theme.ACCENT,
                (0.45 if chosen else 0.25) + 0.2 * pulse,
                self.px(24),
            )
            surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD)
        gfx.panel(surface, rect, edge=accent, alpha=230 if playable else 170, radius=self.px(14))
        preview = rect.height - self.px(58)
        centre = (rect.centerx, rect.y + self.px(10) + preview // 2)
        looks = definition.seat_looks(self.app.settings.palette)
        definition.load("tile")(surface, centre, preview // 2, (looks[0].colour, looks[1].colour))
        colour = theme.TEXT if playable else theme.TEXT_FAINT
        line = tr(definition.identity.tagline) if playable else tr("Coming soon")
        top = rect.y + self.px(10) + preview + self.px(2)
        draw_column(
            surface,
            ui,
            [
                Paragraph(
                    tr(definition.name).upper(), self.px(18), colour, "title", bold=True, align="center"
                ),
                Paragraph(
                    line, self.px(14), theme.TEXT_DIM if playable else theme.TEXT_FAINT, align="center"
                ),
            ],
            pygame.Rect(rect.x + self.px(8), top, rect.width - self.px(16), rect.bottom - self.px(4) - top),
            container=rect,
        )
