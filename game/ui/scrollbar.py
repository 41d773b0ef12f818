"""A vertical scroll bar for a list taller than its view: drag the thumb, click the track to page.

The owning scene places the track (``layout``) and says how far the content
scrolls; the bar keeps the offset, which the scene reads to draw its content.
The mouse wheel and the keyboard stay the scene's: they set ``offset`` too.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Protocol

import pygame

from game.ui import gfx, theme
from game.ui.theme import Colour

__all__ = ["ScrollBar", "ScrollOffset", "Scrolled"]


@dataclasses.dataclass(eq=False)
class ScrollBar:
    """A track beside a view of ``page`` pixels over content ``maximum`` pixels taller than it."""

    rect: pygame.Rect = dataclasses.field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """The track."""
    page: int = 0
    maximum: int = 0
    offset: int = 0
    hover: bool = False
    _grab: tuple[int, int] | None = None
    """While dragging: the pointer's y and the offset when the thumb was grabbed."""

    def layout(self, track: pygame.Rect, page: int, maximum: int) -> None:
        """Place the track; the view shows ``page`` pixels and scrolls by at most ``maximum``."""
        self.rect = track
        self.page = max(1, page)
        self.maximum = max(0, maximum)
        self.scroll_to(self.offset)

    @property
    def shown(self) -> bool:
        """Whether there is anything to scroll (the bar is drawn and reacts only then)."""
        return self.maximum > 0 and self.rect.height > 0

    @property
    def dragging(self) -> bool:
        """Whether the thumb is held."""
        return self._grab is not None

    def scroll_to(self, offset: float) -> None:
        """Scroll to ``offset`` pixels, kept within the content."""
        self.offset = max(0, min(self.maximum, round(offset)))

    def thumb(self) -> pygame.Rect:
        """The thumb: as tall against the track as the view against the content, where the offset puts it."""
        track = self.rect
        height = max(
            min(track.height, max(track.width * 3, 24)),
            track.height * self.page // (self.page + self.maximum),
        )
        room = track.height - height
        y = track.y + (room * self.offset // self.maximum if self.maximum else 0)
        return pygame.Rect(track.x, y, track.width, height)

    def _hit(self) -> pygame.Rect:
        # A thin bar is hard to hit: the pointer may be a little to either side.
        return self.rect.inflate(max(12, self.rect.width * 2), 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Drag the thumb, or page with a click on the track; True when the event was the bar's."""
        if not self.shown:
            self._grab = None
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._hit().collidepoint(event.pos)
            if self._grab is not None:
                grab_y, grab_offset = self._grab
                room = max(1, self.rect.height - self.thumb().height)
                self.scroll_to(grab_offset + (event.pos[1] - grab_y) * self.maximum / room)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hit().collidepoint(event.pos):
            thumb = self.thumb()
            if thumb.top <= event.pos[1] < thumb.bottom:
                self._grab = (event.pos[1], self.offset)
            elif event.pos[1] < thumb.top:
                self.scroll_to(self.offset - self.page)
            else:
                self.scroll_to(self.offset + self.page)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            self._grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The track and the thumb, lit while pointed at or held."""
        if not self.shown:
            return
        track = self.rect
        surface.blit(_pill(track.width, track.height, theme.PANEL_EDGE, 80), track.topleft)
        lit = 1.0 if self.dragging else (0.6 if self.hover else 0.0)
        colour = theme.lerp_colour(theme.lerp_colour(theme.PANEL_EDGE, theme.ACCENT, 0.55), theme.ACCENT, lit)
        thumb = self.thumb()
        surface.blit(_pill(thumb.width, thumb.height, colour, 255), thumb.topleft)


@functools.lru_cache(maxsize=32)
def _pill(width: int, height: int, colour: Colour, alpha: int) -> pygame.Surface:
    """A rounded bar with smooth ends (drawn large, then scaled down)."""
    big = gfx.SUPERSAMPLE
    layer = pygame.Surface((max(1, width) * big, max(1, height) * big), pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=width * big // 2)
    return pygame.transform.smoothscale(layer, (max(1, width), max(1, height)))


class Scrolled(Protocol):
    """What declares a ``ScrollOffset``: it keeps its bar in ``scrollbar``."""

    scrollbar: ScrollBar


class ScrollOffset:
    """A scene's ``scroll`` (pixels its list is scrolled up) kept by the scene's ``scrollbar``.

    Declared on the class (``scroll = ScrollOffset()``): reading gives the bar's offset, setting
    scrolls the bar (clamped to its range), so the wheel, the keys and the bar agree.
    """

    def __get__(self, owner: Scrolled, owner_type: type | None = None) -> int:
        return owner.scrollbar.offset

    def __set__(self, owner: Scrolled, value: int) -> None:
        owner.scrollbar.scroll_to(value)
