"""Touch screens: finger events become the mouse events every scene already understands.

SDL reports a finger with normalised coordinates (0..1 across the window) and
also synthesises mouse events from it, marked ``touch``; those copies are
dropped so one tap never counts twice. Only the first finger down is
followed until it lifts (a second finger resting on a kiosk's glass must not
drag pieces about).
"""

from __future__ import annotations

import pygame

__all__ = ["FINGER_EVENTS", "TouchMapper"]

FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


class TouchMapper:
    """Turns finger events into mouse events; drops the mouse events SDL made from touches."""

    def __init__(self) -> None:
        self.finger: int | None = None
        self.last_pos: tuple[int, int] | None = None

    def translate(self, event: pygame.event.Event, size: tuple[int, int]) -> pygame.event.Event | None:
        """The event to dispatch in place of ``event`` (itself when it is not about touch), or None."""
        if event.type in _MOUSE_EVENTS:
            if getattr(event, "touch", False) or getattr(event, "which", 0) == _touch_mouse_id():
                return None
            return event
        if event.type not in FINGER_EVENTS:
            return event
        finger = getattr(event, "finger_id", 0)
        width, height = size
        pos = (
            min(width - 1, max(0, round(float(event.x) * width))),
            min(height - 1, max(0, round(float(event.y) * height))),
        )
        if event.type == pygame.FINGERDOWN:
            if self.finger is not None and self.finger != finger:
                return None
            self.finger = finger
            self.last_pos = pos
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, from_finger=True)
        if finger != self.finger:
            return None
        rel = (pos[0] - self.last_pos[0], pos[1] - self.last_pos[1]) if self.last_pos else (0, 0)
        self.last_pos = pos
        if event.type == pygame.FINGERMOTION:
            return pygame.event.Event(
                pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), from_finger=True
            )
        self.finger = None
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, from_finger=True)


def _touch_mouse_id() -> int:
    # SDL_TOUCH_MOUSEID: the "mouse" that touch-synthesised mouse events come from.
    return getattr(pygame, "TOUCH_MOUSEID", 0xFFFFFFFF)
