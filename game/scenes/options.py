"""Options: animation speed, sound volume and mute, fullscreen. Saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.widgets import Button, Choice, Slider, WidgetGroup

if TYPE_CHECKING:
    from game.app import App

__all__ = ["OptionsScene"]


class OptionsScene(Scene):
    """Every change applies and is saved immediately; Back returns."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.animation = Choice(
            [("Normal", "normal"), ("Fast", "fast"), ("Off", "off")], settings.animation, self._set_animation
        )
        self.sound = Choice(
            [("On", False), ("Muted", True)], settings.muted, self._set_muted, accent=theme.GOLD
        )
        self.volume = Slider(settings.volume, self._set_volume)
        self.display = Choice(
            [("Window", False), ("Fullscreen", True)],
            app.fullscreen,
            self._set_fullscreen,
            accent=theme.ACCENT_2,
        )
        self.widgets = WidgetGroup([Button("Back", self._back, key=pygame.K_ESCAPE, primary=True)])
        self.rows: list[tuple[str, int]] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def button(self, label: str) -> Button:
        """The button labelled ``label``."""
        return self.widgets.by_label(label)

    def _changed(self) -> None:
        self.app.apply_audio_settings()
        self.app.save_settings()

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

    def _back(self) -> None:
        self.app.audio.play("click")
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(width - self.px(40), self.px(620))
        row_h = self.px(86)
        self.panel_rect = pygame.Rect(0, 0, panel_w, self.px(120) + row_h * 4 + self.px(80))
        self.panel_rect.center = (width // 2, height // 2)
        label_w = int(panel_w * 0.34)
        x = self.panel_rect.x + self.px(30) + label_w
        control_w = self.panel_rect.right - self.px(30) - x
        y = self.panel_rect.y + self.px(100)
        self.rows = []
        for name, widget in (
            ("Animations", self.animation),
            ("Sound", self.sound),
            ("Volume", self.volume),
            ("Display", self.display),
        ):
            self.rows.append((name, y + self.px(22)))
            area = pygame.Rect(x, y, control_w, self.px(44))
            if isinstance(widget, Slider):
                widget.rect = pygame.Rect(
                    x + self.px(10), y + self.px(12), control_w - self.px(80), self.px(20)
                )
            else:
                widget.layout(area, self.px(8))
            y += row_h
        back = self.widgets.buttons[0]
        back.rect = pygame.Rect(0, 0, self.px(200), self.px(48))
        back.rect.midbottom = (self.panel_rect.centerx, self.panel_rect.bottom - self.px(24))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle_event(event):
            return True
        for widget in (self.animation, self.sound, self.volume, self.display):
            if widget.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.widgets.update(dt)
        self.display.value = self.app.fullscreen

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.theme
        surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
        gfx.panel(surface, self.panel_rect, radius=self.px(18))
        title = ui.text("OPTIONS", "title", self.px(34), theme.TEXT, bold=True)
        gfx.text_glow(
            surface, title, (self.panel_rect.centerx, self.panel_rect.y + self.px(50)), theme.ACCENT
        )
        for name, y in self.rows:
            label = ui.text(name, "body", self.px(20), theme.TEXT_DIM, bold=True)
            surface.blit(label, label.get_rect(midleft=(self.panel_rect.x + self.px(30), y)))
        for widget in (self.animation, self.sound, self.volume, self.display):
            widget.draw(surface, ui)
        self.widgets.draw(surface, ui)
