"""Options: the game (opponent, computer level, who starts, rules), the look (piece colours, piece
set, board, animations), sound, language and display. Every change applies and is saved at once.

Two columns of labelled rows of chips. The language switches the whole
interface immediately; the palette, pieces and board redraw immediately
(including the game beneath when the options are opened from its menu); the
rules apply to the next game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.ataxx.levels import LEVELS
from game.engine.ataxx import Side
from game.i18n import LANGUAGES, set_language, tr
from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.lang import side_name
from game.ui.looks import BOARD_THEMES, PALETTES, PIECE_SETS
from game.ui.widgets import Button, Choice, Slider, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["OptionsScene"]

Widget = Choice | Slider


class OptionsScene(Scene):
    """Every change applies and is saved immediately; Back returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.opponent = Choice(
            [("Computer", "computer"), ("Second player", "human")], settings.opponent, self._set_opponent
        )
        self.level = Choice([(level.name, level.key) for level in LEVELS], settings.level, self._set_level)
        self.computer_starts = Choice(
            [("No", False), ("Yes", True)], not settings.human_starts, self._set_computer_starts
        )
        self.early_finish = Choice(
            [("On", True), ("Off", False)], settings.early_finish, self._set_early_finish, accent=theme.CLONE
        )
        self.repetition = Choice(
            [("On", True), ("Off", False)],
            settings.threefold_repetition,
            self._set_repetition,
            accent=theme.CLONE,
        )
        self.language = Choice(
            [(name, code) for code, name in LANGUAGES.items()], settings.language, self._set_language
        )
        self.display = Choice(
            [("Window", False), ("Fullscreen", True)],
            app.fullscreen,
            self._set_fullscreen,
            accent=theme.ACCENT_2,
        )
        self.palette = Choice(
            [(palette.label, key) for key, palette in PALETTES.items()],
            settings.palette,
            self._set_palette,
            accent=theme.GOLD,
        )
        self.piece_set = Choice(
            list((label, key) for key, label in PIECE_SETS.items()),
            settings.piece_set,
            self._set_piece_set,
            accent=theme.GOLD,
        )
        self.board = Choice(
            [(board.label, key) for key, board in BOARD_THEMES.items()],
            settings.board_theme,
            self._set_board,
            accent=theme.GOLD,
        )
        self.animation = Choice(
            [("Normal", "normal"), ("Fast", "fast"), ("Off", "off")], settings.animation, self._set_animation
        )
        self.sound = Choice(
            [("On", False), ("Muted", True)], settings.muted, self._set_muted, accent=theme.GOLD
        )
        self.volume = Slider(settings.volume, self._set_volume)
        self.columns: tuple[tuple[tuple[str, Widget], ...], ...] = (
            (
                ("Opponent", self.opponent),
                ("Computer level", self.level),
                ("Computer starts", self.computer_starts),
                ("Early finish", self.early_finish),
                ("Draw by threefold repetition", self.repetition),
                ("Language", self.language),
                ("Display", self.display),
            ),
            (
                ("Piece colours", self.palette),
                ("Piece set", self.piece_set),
                ("Board", self.board),
                ("Animations", self.animation),
                ("Sound", self.sound),
                ("Volume", self.volume),
            ),
        )
        self.widgets = WidgetGroup(
            [
                Button("Back", self._back, key=pygame.K_ESCAPE, primary=True),
                Button("Level editor", self._editor, accent=theme.GOLD),
            ]
        )
        self.rows: list[tuple[str, tuple[int, int]]] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)

    def button(self, label: str) -> Button:
        """The button labelled ``label``."""
        return self.widgets.by_label(label)

    def choices(self) -> list[Widget]:
        """Every control, column by column."""
        return [widget for column in self.columns for _, widget in column]

    # -- changes --

    def _changed(self) -> None:
        self.app.apply_audio_settings()
        self.app.save_settings()

    def _set_opponent(self, value: object) -> None:
        self.app.settings.opponent = str(value)
        self._changed()
        self.app.audio.play("select")

    def _set_level(self, value: object) -> None:
        self.app.settings.level = str(value)
        self._changed()
        self.app.audio.play("select")

    def _set_computer_starts(self, value: object) -> None:
        self.app.settings.human_starts = not value
        self._changed()
        self.app.audio.play("select")

    def _set_early_finish(self, value: object) -> None:
        self.app.settings.early_finish = bool(value)
        self._changed()
        self.app.audio.play("select")

    def _set_repetition(self, value: object) -> None:
        self.app.settings.threefold_repetition = bool(value)
        self._changed()
        self.app.audio.play("select")

    def _set_language(self, value: object) -> None:
        self.app.settings.language = str(value)
        set_language(str(value))
        self._changed()
        for scene in self.app.scenes:
            scene._layout_size = None  # texts change width: lay every scene out again
            relabel = getattr(scene, "retranslate", None)
            if relabel is not None:
                relabel()
        self.app.audio.play("select")

    def _set_palette(self, value: object) -> None:
        self.app.settings.palette = str(value)
        self._look_changed()

    def _set_piece_set(self, value: object) -> None:
        self.app.settings.piece_set = str(value)
        self._look_changed()

    def _set_board(self, value: object) -> None:
        self.app.settings.board_theme = str(value)
        self._look_changed()

    def _look_changed(self) -> None:
        self.app.apply_look()
        self._changed()
        self.app.audio.play("select")

    def _set_animation(self, value: object) -> None:
        self.app.settings.animation = str(value)
        self._changed()
        self.app.audio.play("select")

    def _set_muted(self, value: object) -> None:
        self.app.settings.muted = bool(value)
        self._changed()
        self.app.audio.play("select")

    def _set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self._changed()
        self.app.audio.play("click")

    def _set_fullscreen(self, value: object) -> None:
        if bool(value) != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self._layout_size = None

    def _editor(self) -> None:
        """Seed 000: the level editor ("Mise en situation") is also in the options."""
        from game.scenes.editor import EditorScene

        self.app.audio.play("click")
        self.app.push(EditorScene(self.app))

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.pop()

    # -- layout --

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(width - self.px(24), self.px(980))
        panel_h = min(height - self.px(24), self.px(740))
        self.panel_rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel_rect.center = (width // 2, height // 2)
        pad = self.px(26)
        gap = self.px(30)
        column_w = (panel_w - pad * 2 - gap) // 2
        top = self.panel_rect.y + self.px(78)
        bottom = self.panel_rect.bottom - self.px(84)
        row_h = min(self.px(86), (bottom - top) // 7)
        chip_h = max(self.px(34), int(row_h * 0.46))
        self.rows = []
        for index, column in enumerate(self.columns):
            x = self.panel_rect.x + pad + index * (column_w + gap)
            y = top
            for name, widget in column:
                self.rows.append((name, (x, y)))
                area = pygame.Rect(x, y + self.px(24), column_w, chip_h)
                if isinstance(widget, Slider):
                    widget.rect = pygame.Rect(
                        x + self.px(10), area.centery - self.px(10), column_w - self.px(84), self.px(20)
                    )
                else:
                    widget.layout(area, self.px(6))
                y += row_h
            if index == 1:
                self.preview_rect = pygame.Rect(x, y, column_w, max(self.px(40), bottom - y))
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(0, 0, self.px(220), self.px(50))
        back.rect.bottomright = (self.panel_rect.centerx - self.px(8), self.panel_rect.bottom - self.px(20))
        editor = self.button("Level editor")
        editor.rect = pygame.Rect(0, 0, self.px(220), self.px(50))
        editor.rect.bottomleft = (self.panel_rect.centerx + self.px(8), self.panel_rect.bottom - self.px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        return any(widget.handle_event(event) for widget in self.choices())

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.display.value = self.app.fullscreen

    # -- drawing --

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
        gfx.panel(surface, self.panel_rect, radius=self.px(18))
        title = ui.text(tr("OPTIONS"), "title", self.px(34), theme.TEXT, bold=True)
        gfx.text_glow(
            surface, title, (self.panel_rect.centerx, self.panel_rect.y + self.px(40)), theme.ACCENT
        )
        for name, (x, y) in self.rows:
            label = ui.text(tr(name).upper(), "title", self.px(13), theme.ACCENT)
            surface.blit(label, (x, y))
        for widget in self.choices():
            widget.draw(surface, ui)
        self._draw_preview(surface)
        self.widgets.draw(surface, ui)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The two sides' pieces as they look now, with their names."""
        ui = self.app.theme
        rect = self.preview_rect
        if rect.height < self.px(36):
            return
        diameter = min(self.px(46), rect.height - self.px(24))
        x = rect.x + self.px(8)
        y = rect.y + self.px(14) + diameter // 2
        for side in (Side.RED, Side.BLUE):
            square = pygame.Rect(0, 0, diameter + self.px(12), diameter + self.px(12))
            square.center = (x + diameter // 2, y)
            shade = theme.SQUARE_A if side is Side.RED else theme.SQUARE_B
            pygame.draw.rect(surface, shade, square, border_radius=self.px(6))
            pygame.draw.rect(surface, theme.BOARD_EDGE, square, 1, border_radius=self.px(6))
            sprite = gfx.piece_sprite(diameter, theme.SIDE_COLOURS[side])
            surface.blit(sprite, sprite.get_rect(center=square.center))
            name = ui.text(side_name(side), "body", self.px(17), theme.TEXT, bold=True)
            surface.blit(name, name.get_rect(midleft=(square.right + self.px(10), y)))
            x = square.right + self.px(24) + name.get_width()
