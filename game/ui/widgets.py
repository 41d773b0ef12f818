"""Widgets the scenes share: buttons, choice chips, a slider, and a group with keyboard focus.

Widgets hold their rectangle (set by the owning scene's layout), react to
mouse and keyboard events, and draw themselves with the theme. Hover and
press states ease in and out over fractions of a second.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence

import numpy as np
import pygame

from game.formats import format_percent
from game.i18n import tr
from game.ui import gfx, theme
from game.ui.textbox import draw_text, layout_text
from game.ui.theme import Colour, Theme

__all__ = ["Button", "Choice", "Slider", "WidgetGroup", "draw_focus"]


@functools.lru_cache(maxsize=256)
def _button_layer(
    width: int, height: int, top: Colour, bottom: Colour, edge: Colour, radius: int
) -> pygame.Surface:
    """A rounded button face: a smooth vertical gradient from ``top`` to ``bottom`` and a thin edge, anti-aliased."""
    big = gfx.SUPERSAMPLE
    size = (max(1, width) * big, max(1, height) * big)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (255, 255, 255, 238), layer.get_rect(), border_radius=radius * big)
    share = np.linspace(0.0, 1.0, size[1], dtype=np.float32)[None, :, None]
    ramp = np.array(top, dtype=np.float32) * (1 - share) + np.array(bottom, dtype=np.float32) * share
    gradient = pygame.surfarray.make_surface(np.repeat(ramp, size[0], axis=0).astype(np.uint8))
    layer.blit(gradient, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 2 * big, border_radius=radius * big)
    return pygame.transform.smoothscale(layer, (max(1, width), max(1, height)))


@functools.lru_cache(maxsize=64)
def _outline_layer(width: int, height: int, colour: Colour, radius: int, line: int) -> pygame.Surface:
    """A rounded outline, anti-aliased (the keyboard focus ring)."""
    big = gfx.SUPERSAMPLE
    layer = pygame.Surface((max(1, width) * big, max(1, height) * big), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, 255), layer.get_rect(), line * big, border_radius=radius * big)
    return pygame.transform.smoothscale(layer, (max(1, width), max(1, height)))


@dataclasses.dataclass(eq=False)
class Button:
    """A clickable button; ``action`` runs on release over it.

    ``id`` names the button for the code (tests press it, the kiosk hides it);
    ``label`` is the English text shown through ``tr``.
    """

    id: str
    label: str
    action: Callable[[], None]
    key: int | None = None
    primary: bool = False
    enabled: bool = True
    visible: bool = True
    accent: Colour = theme.ACCENT
    icon: str = ""
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hover: float = 0.0
    focused: bool = False
    _pressed: bool = False
    _pointed: bool = False

    @property
    def active(self) -> bool:
        """Whether the button can be used now."""
        return self.visible and self.enabled

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to the mouse or the button's key; True when the event was for this button."""
        if event.type == pygame.WINDOWLEAVE:  # the pointer left the window, or the scene was covered
            self._pointed = self._pressed = False
            return False
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._pointed = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if was_pressed and self.rect.collidepoint(event.pos) and self.enabled:
                self.action()
                return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key and self.enabled:
            self.action()
            return True
        return False

    def update(self, dt: float) -> None:
        """Ease the hover highlight towards its target."""
        target = 1.0 if (self._pointed or self.focused) and self.enabled else 0.0
        speed = 10.0 * dt
        self.hover += max(-speed, min(speed, target - self.hover))

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """Draw the button in its current state."""
        if not self.visible or self.rect.width <= 0:
            return
        rect = self.rect
        radius = max(6, rect.height // 4)
        accent = self.accent if self.enabled else theme.TEXT_FAINT
        if self.hover > 0.01:
            stretched = gfx.glow_box(rect.width + 28, rect.height + 28, accent, 0.5 * self.hover, 16)
            surface.blit(
                stretched, stretched.get_rect(center=rect.center), special_flags=pygame.BLEND_RGB_ADD
            )
        hover = round(self.hover * 8) / 8  # a few steps, so the layers are cached
        base = (30, 38, 80) if self.primary else (22, 27, 56)
        fill = theme.lerp_colour(base, (44, 56, 112), hover)
        # A smooth light-to-dark gradient; pressed, it turns over and takes the accent, as if pushed in.
        top = theme.lerp_colour(fill, (255, 255, 255), 0.08)
        bottom = theme.lerp_colour(fill, (0, 0, 0), 0.3)
        if self._pressed:
            top, bottom = theme.lerp_colour(bottom, accent, 0.2), theme.lerp_colour(top, accent, 0.3)
        edge = theme.lerp_colour((70, 86, 150) if self.enabled else (50, 56, 84), accent, 0.4 + 0.6 * hover)
        if self.primary and self.enabled:
            edge = theme.lerp_colour(accent, (255, 255, 255), 0.3 * hover)
        surface.blit(_button_layer(rect.width, rect.height, top, bottom, edge, radius), rect.topleft)
        if self.focused and self.enabled:
            # The keyboard focus: a ring around the button, so it differs from the pointer's hover.
            ring = rect.inflate(8, 8)
            colour = theme.lerp_colour(accent, (255, 255, 255), 0.35)
            surface.blit(_outline_layer(ring.width, ring.height, colour, radius + 4, 2), ring.topleft)
        size = max(12, int(rect.height * 0.42))
        colour = theme.TEXT if self.enabled else theme.TEXT_FAINT
        text = tr(self.label)  # labels are English keys, translated when drawn
        glyph = gfx.icon(self.icon, round(size * 1.1), colour) if self.icon in gfx.ICONS else None
        label = f"{self.icon}  {text}" if self.icon and glyph is None else text
        role = "title" if self.primary else "body"
        # Room on both sides in proportion to the button, so a long label never touches the edge.
        margin = max(12, rect.height * 2 // 3)
        glyph_room = 0 if glyph is None else glyph.get_width() + max(4, glyph.get_width() // 3)
        wide = layout_text(
            ui, label, role, size, rect.width - margin - glyph_room, rect.height - 4, bold=True, spacing=0.0
        )
        if not wide.bold or wide.cut or wide.condense < 1.0:
            # Narrower margins before the label loses its weight: a row of buttons keeps one look.
            margin = max(8, rect.height // 4)
        inner = (rect.move(0, 1) if self._pressed else rect).inflate(-margin, -4)
        block = layout_text(
            ui,
            label,
            role,
            size,
            inner.width - glyph_room,
            inner.height,
            bold=True,
            spacing=0.0,
            keep_weight=True,
        )
        if glyph is None:
            block.draw(surface, ui, colour, inner, align="center", valign="middle", container=rect)
            return
        # The icon and the text centred together; the text fits in what the icon leaves.
        gap = max(4, glyph.get_width() // 3)
        x = inner.centerx - (glyph.get_width() + gap + block.width) // 2
        if self.icon in gfx.TRAILING_ICONS:
            text_x, glyph_x = x, x + block.width + gap
        else:
            text_x, glyph_x = x + glyph.get_width() + gap, x
        surface.blit(glyph, glyph.get_rect(midleft=(glyph_x, inner.centery)))
        block.draw(
            surface,
            ui,
            colour,
            pygame.Rect(text_x, inner.y, block.width, inner.height),
            valign="middle",
            container=rect,
        )


@dataclasses.dataclass(eq=False)
class Choice:
    """A row of mutually exclusive chips; ``on_change`` gets the chosen value.

    ``key``, if given, is a key that moves the choice to the next chip (so the
    row is reachable without a mouse).
    """

    options: Sequence[tuple[str, object]]
    value: object
    on_change: Callable[[object], None]
    accent: Colour = theme.ACCENT
    rects: list[pygame.Rect] = dataclasses.field(default_factory=list)
    visible: bool = True
    key: int | None = None
    translated: bool = False
    """The labels are already in the player's language (names made up from data), not English keys."""

    def cycle(self) -> None:
        """Choose the next chip (after the last, the first) and report it."""
        values = [value for _, value in self.options]
        position = values.index(self.value) if self.value in values else -1
        self.value = values[(position + 1) % len(values)]
        self.on_change(self.value)

    def layout(self, area: pygame.Rect, gap: int, ui: Theme | None = None) -> None:
        """Share ``area`` between the chips, left to right: equally, or (given the theme) by their labels' widths
        when an equal share would not hold every label.
        """
        count = len(self.options)
        room = area.width - gap * (count - 1)
        widths = [room // max(1, count)] * count
        if ui is not None and count:
            size = max(11, int(area.height * 0.42))
            # Regular letters and the chip's margins (a chosen chip's bold label turns regular if it must).
            wanted = [
                ui.measure(label if self.translated else tr(label), "body", size) + 10
                for label, _ in self.options
            ]
            if max(wanted) > widths[0]:
                spare = room - sum(wanted)
                if spare >= 0:
                    widths = [width + spare // count for width in wanted]
                else:
                    widths = [room * width // sum(wanted) for width in wanted]
        self.rects = []
        x = area.x
        for width in widths:
            self.rects.append(pygame.Rect(x, area.y, width, area.height))
            x += width + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Choose the chip clicked, or the next one on ``key``."""
        if self.visible and self.key is not None and event.type == pygame.KEYDOWN and event.key == self.key:
            self.cycle()
            return True
        if not self.visible or event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return (
                event.type == pygame.MOUSEBUTTONDOWN
                and self.visible
                and any(rect.collidepoint(event.pos) for rect in self.rects)
            )
        for rect, (_, value) in zip(self.rects, self.options, strict=False):
            if rect.collidepoint(event.pos):
                if value != self.value:
                    self.value = value
                    self.on_change(value)
                return True
        return False

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """Draw the chips, the chosen one lit."""
        if not self.visible:
            return
        for rect, (label, value) in zip(self.rects, self.options, strict=False):
            chosen = value == self.value
            radius = max(6, rect.height // 3)
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            fill = (*theme.lerp_colour((20, 25, 52), self.accent, 0.28), 240) if chosen else (20, 25, 52, 200)
            pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
            edge = self.accent if chosen else (64, 76, 130)
            pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 2, border_radius=radius)
            surface.blit(layer, rect.topleft)
            colour = theme.TEXT if chosen else theme.TEXT_DIM
            size = max(11, int(rect.height * 0.42))
            text = label if self.translated else tr(label)
            draw_text(
                surface,
                ui,
                text,
                "body",
                size,
                colour,
                rect.inflate(-8, -4),
                bold=chosen,
                align="center",
                valign="middle",
                spacing=0.0,
                container=rect,
            )


@dataclasses.dataclass(eq=False)
class Slider:
    """A horizontal slider from 0 to 1; drag or click on it."""

    value: float
    on_change: Callable[[float], None]
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    label_rect: pygame.Rect | None = None
    """Where the percentage goes (set by the layout); by default just right of the track."""
    _dragging: bool = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Follow the mouse while the button is held on the slider."""
        hit = self.rect.inflate(0, self.rect.height)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            self._dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return True
        return False

    def _set_from(self, x: int) -> None:
        value = round(max(0.0, min(1.0, (x - self.rect.x) / max(1, self.rect.width))), 2)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """The track, the filled part and the knob."""
        rect = self.rect
        track = pygame.Rect(rect.x, rect.centery - rect.height // 6, rect.width, max(4, rect.height // 3))
        pygame.draw.rect(surface, (30, 36, 70), track, border_radius=track.height // 2)
        filled = track.copy()
        filled.width = int(track.width * self.value)
        if filled.width > 0:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=track.height // 2)
        knob_x = rect.x + int(rect.width * self.value)
        halo = gfx.glow(rect.height, theme.ACCENT, 0.6)
        surface.blit(halo, halo.get_rect(center=(knob_x, rect.centery)), special_flags=pygame.BLEND_RGB_ADD)
        pygame.draw.circle(surface, theme.TEXT, (knob_x, rect.centery), rect.height // 2)
        box = self.label_rect
        if box is None:
            box = pygame.Rect(
                rect.right + rect.height, rect.y - rect.height // 2, rect.height * 3, rect.height * 2
            )
        draw_text(
            surface,
            ui,
            format_percent(self.value),
            "body",
            max(11, rect.height // 1.4),
            theme.TEXT_DIM,
            box,
            valign="middle",
            max_lines=1,
        )


class WidgetGroup:
    """Buttons with keyboard focus: arrows move it, Enter or Space presses."""

    def __init__(self, buttons: Sequence[Button] = ()) -> None:
        self.buttons: list[Button] = list(buttons)
        self.focus: int | None = None

    def __getitem__(self, button_id: str) -> Button:
        """The button whose ``id`` is ``button_id``; ``KeyError`` if there is none."""
        for button in self.buttons:
            if button.id == button_id:
                return button
        raise KeyError(button_id)

    def ids(self) -> list[str]:
        """The ids of the buttons, in order."""
        return [button.id for button in self.buttons]

    def place_pairs(self, rows: Sequence[tuple[str, str]], area: pygame.Rect, height: int, gap: int) -> int:
        """Place ``rows`` of two buttons (their ids, left then right), each half ``area``'s width and
        ``height`` tall, ``gap`` apart, at the bottom of ``area``; return the top of the first row."""
        top = area.bottom - len(rows) * height - (len(rows) - 1) * gap
        half = (area.width - gap) // 2
        for row, (left, right) in enumerate(rows):
            y = top + row * (height + gap)
            self[left].rect = pygame.Rect(area.x, y, half, height)
            self[right].rect = pygame.Rect(area.x + half + gap, y, half, height)
        return top

    def usable_at(self, pos: tuple[int, int]) -> Button | None:
        """The visible, enabled button under ``pos``, if any."""
        for button in self.buttons:
            if button.active and button.rect.collidepoint(pos):
                return button
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer the event to every button, then handle focus keys."""
        if event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.handle_event(event)
            if any(b.rect.collidepoint(event.pos) for b in self.buttons):
                self.set_focus(None)
            return False
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            usable = [index for index, b in enumerate(self.buttons) if b.active]
            if not usable:
                return False
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self._move(usable, 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._move(usable, -1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
                button = self.buttons[self.focus]
                if button.active:
                    button.action()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is None:
                # The first Enter shows where the focus is; the next one presses (never a surprise).
                primary = [index for index in usable if self.buttons[index].primary]
                self.set_focus(primary[0] if primary else usable[0])
                return True
        return False

    def _move(self, usable: list[int], step: int) -> None:
        if self.focus not in usable:
            self.set_focus(usable[0] if step > 0 else usable[-1])
            return
        position = usable.index(self.focus)
        self.set_focus(usable[(position + step) % len(usable)])

    def set_focus(self, index: int | None) -> None:
        """Give the keyboard focus to button ``index`` (None: to no button)."""
        self.focus = index
        for position, button in enumerate(self.buttons):
            button.focused = position == index

    def update(self, dt: float) -> None:
        """Animate every button."""
        for button in self.buttons:
            button.update(dt)

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """Draw every visible button."""
        for button in self.buttons:
            button.draw(surface, ui)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, time_s: float, radius: int) -> None:
    """A pulsing keyboard-focus outline around ``rect`` (a row of choices, a card)."""
    glow = 0.5 + 0.5 * math.sin(time_s * 5)
    outline = rect.inflate(8, 8)
    colour = theme.lerp_colour(theme.ACCENT, (255, 255, 255), 0.35 * glow)
    pygame.draw.rect(surface, colour, outline, 2, border_radius=radius + 4)
    faint = outline.inflate(6, 6)
    layer = pygame.Surface(faint.size, pygame.SRCALPHA)
    pygame.draw.rect(
        layer, (*theme.ACCENT, int(40 + 50 * glow)), layer.get_rect(), 3, border_radius=radius + 7
    )
    surface.blit(layer, faint.topleft)
