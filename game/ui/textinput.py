"""A one-line text field: typed text (TEXTINPUT events), a blinking caret, editing keys.

Characters arrive as ``pygame.TEXTINPUT`` events, so accents and dead keys
work as the keyboard layout makes them. Backspace, Delete, the arrows, Home
and End edit; Enter calls ``on_submit``. The field keeps at most ``max_length``
characters and shows the end of a text too long for its box.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.theme import Theme

__all__ = ["TextInput"]


@dataclasses.dataclass(eq=False)
class TextInput:
    """An editable line of text with a caret."""

    text: str = ""
    on_submit: Callable[[str], None] | None = None
    on_change: Callable[[str], None] | None = None
    max_length: int = 60
    placeholder: str = ""
    """Shown dimmed while the field is empty (already translated)."""
    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    caret: int = -1
    focused: bool = True
    blink: float = 0.0

    def __post_init__(self) -> None:
        self.text = self.text[: self.max_length]
        if self.caret < 0:
            self.caret = len(self.text)

    def start(self) -> None:
        """Ask the system for text input (an on-screen keyboard where there is one)."""
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def stop(self) -> None:
        """Stop asking for text input."""
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()

    def _set(self, text: str, caret: int) -> None:
        text = text[: self.max_length]
        changed = text != self.text
        self.text = text
        self.caret = max(0, min(len(text), caret))
        self.blink = 0.0
        if changed and self.on_change is not None:
            self.on_change(text)

    def insert(self, typed: str) -> None:
        """Insert ``typed`` at the caret (control characters dropped)."""
        typed = "".join(char for char in typed if char.isprintable())
        room = self.max_length - len(self.text)
        typed = typed[: max(0, room)]
        if typed:
            self._set(self.text[: self.caret] + typed + self.text[self.caret :], self.caret + len(typed))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Edit the text; True when the event was for the field."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_BACKSPACE:
            if event.mod & pygame.KMOD_CTRL:
                start = self.text.rstrip()[: self.caret].rfind(" ") + 1
                self._set(self.text[:start] + self.text[self.caret :], start)
            elif self.caret > 0:
                self._set(self.text[: self.caret - 1] + self.text[self.caret :], self.caret - 1)
            return True
        if key == pygame.K_DELETE:
            self._set(self.text[: self.caret] + self.text[self.caret + 1 :], self.caret)
            return True
        if key == pygame.K_LEFT:
            self._set(self.text, self.caret - 1)
            return True
        if key == pygame.K_RIGHT:
            self._set(self.text, self.caret + 1)
            return True
        if key == pygame.K_HOME:
            self._set(self.text, 0)
            return True
        if key == pygame.K_END:
            self._set(self.text, len(self.text))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        # Printable keys come as TEXTINPUT; swallow their KEYDOWN so shortcuts don't fire while typing.
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable()

    def update(self, dt: float) -> None:
        """Advance the caret's blink."""
        self.blink += dt

    def draw(self, surface: pygame.Surface, ui: Theme) -> None:
        """The box, the text (its end if too long), the caret."""
        rect = self.rect
        if rect.width <= 0:
            return
        radius = max(6, rect.height // 4)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 13, 32, 245), layer.get_rect(), border_radius=radius)
        edge = theme.ACCENT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 2, border_radius=radius)
        surface.blit(layer, rect.topleft)
        size = max(12, int(rect.height * 0.46))
        pad = max(8, rect.height // 4)
        inner = rect.width - pad * 2
        before = self.text[: self.caret]
        shift = max(0, ui.measure(before, "body", size) - inner + 4)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-pad, -4).clip(clip) if clip else rect.inflate(-pad, -4))
        if self.text:
            rendered = ui.text(self.text, "body", size, theme.TEXT)
            surface.blit(rendered, rendered.get_rect(midleft=(rect.x + pad - shift, rect.centery)))
        elif self.placeholder:
            rendered = ui.text(self.placeholder, "body", size, theme.TEXT_FAINT)
            surface.blit(rendered, rendered.get_rect(midleft=(rect.x + pad, rect.centery)))
        if self.focused and (self.blink % 1.0) < 0.6:
            x = rect.x + pad - shift + ui.measure(before, "body", size)
            half = int(size * 0.62)
            pygame.draw.line(surface, theme.ACCENT, (x, rect.centery - half), (x, rect.centery + half), 2)
        surface.set_clip(clip)
