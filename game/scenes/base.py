"""The scene contract: lifecycle, events, time and drawing.

A scene lives on the app's stack. ``enter``/``exit`` bracket its life on the
stack and ``pause``/``resume`` bracket the times another scene covers it.
Events are offered from the top scene down until one returns True;
``update(dt)`` gets seconds; ``draw`` paints from the lowest opaque scene up,
so a ``transparent`` scene (an overlay) shows the one beneath it. Sizes and
positions are recomputed by ``layout`` whenever the window size changes (or
``relayout`` asks for it). Scenes are created by name through the app's
router (``game.scenes.router``) and found on the stack by their ``name``.
Each is given the app's services it uses (``game.scenes.services``): every
scene has ``SceneServices``, a subclass that needs more names the groups in
the type of its ``app``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import gfx, theme
from game.ui.textbox import TextBlock, draw_text

if TYPE_CHECKING:
    from game.scenes.services import SceneServices

__all__ = ["PLAYER_INPUT", "Scene"]

PLAYER_INPUT = frozenset(
    {
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
    }
)
"""The events a modal scene (a dialog) keeps from the scenes beneath it."""


class Scene:
    """Base class of every scene; subclasses override what they need."""

    name = "scene"
    """The router's name for the scene (``menu``, ``match``...); the stack finds scenes by it."""
    transparent = False
    """Whether the scene beneath shows through (overlays and dialogs)."""

    def __init__(self, app: SceneServices) -> None:
        self.app = app
        self._layout_size: tuple[int, int] | None = None
        self._scale_size: tuple[int, int] | None = None
        self._scale = 1.0
        self.time = 0.0
        """Seconds since the scene entered (for idle animations)."""

    # -- lifecycle --

    def enter(self) -> None:
        """Called once when pushed on the stack."""

    def exit(self) -> None:
        """Called once when removed from the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when this scene is on top again."""

    # -- the frame --

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; everything derives from ``surface``'s size."""

    # -- layout --

    def ensure_layout(self) -> None:
        """Recompute the layout if the window size changed since the last time."""
        size = self.app.size
        if size != self._layout_size:
            self._layout_size = size
            self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``."""

    def relayout(self) -> None:
        """Lay the scene out again before it is next drawn (what it shows changed size)."""
        self._layout_size = None

    @property
    def scale(self) -> float:
        """The window size against the 1024x768 design size."""
        size = self.app.size
        if size != self._scale_size:
            from game.ui.theme import scale_of

            self._scale_size = size
            self._scale = scale_of(size)
        return self._scale

    def px(self, value: float) -> int:
        """``value`` design pixels at the current window scale."""
        return max(1, round(value * self.scale))

    def title_px(self, value: float) -> int:
        """The pixel size of a glowing title of ``value`` design pixels: scaled, never under ``theme.TITLE_MIN_SIZE``."""
        return max(self.px(value), theme.TITLE_MIN_SIZE)

    def draw_screen_title(
        self,
        surface: pygame.Surface,
        title: str,
        *,
        size: int,
        y: int,
        spread: int | None = None,
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        """The full-screen scenes' background, and their glowing ``title`` centred at ``y``.

        ``size``, ``y`` and ``spread`` (the glow's reach) are in design pixels; the title keeps clear of
        the rectangles in ``avoid`` (buttons beside it);
        Translate ``title`` first (``draw_title`` sets it in capitals).
        """
        surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
        self.draw_title(surface, title, self.screen_title_box(size, y, avoid), size=size, spread=spread)

    def screen_title_box(self, size: int, y: int, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """The box of a screen's title of ``size`` design pixels centred at ``y`` (``draw_screen_title``),
        with its glow: what is drawn below starts under it. Centred in the window, as wide as it can be
        without meeting a rectangle of ``avoid``."""
        height = round(self.title_px(size) * 1.3)
        width = self.app.size[0]
        box = pygame.Rect(self.px(16), self.px(y) - height // 2, width - self.px(32), height)
        for rect in avoid:
            if rect.colliderect(box):
                # Narrower on both sides alike, so the title stays centred.
                half = min(abs(rect.right - box.centerx), abs(rect.left - box.centerx)) - self.px(12)
                box = pygame.Rect(box.centerx - max(0, half), box.y, 2 * max(0, half), height)
        return box

    def draw_title(
        self,
        surface: pygame.Surface,
        title: str,
        box: pygame.Rect,
        *,
        size: int,
        spread: int | None = None,
        container: pygame.Rect | None = None,
        glow: theme.Colour = theme.ACCENT,
        max_lines: int = 1,
    ) -> TextBlock:
        """A ``title`` (translated, drawn in capitals) glowing in ``glow``, centred in ``box`` on one line
        (or up to ``max_lines``); ``size`` and ``spread`` (the glow's reach, 10 pixels by default) in
        design pixels. Every glowing headline of the game is drawn here, so they all look alike."""
        return draw_text(
            surface,
            self.app.theme,
            title.upper(),
            "title",
            self.title_px(size),
            theme.TEXT,
            box,
            bold=True,
            align="center",
            valign="middle",
            max_lines=max_lines,
            glow=glow,
            spread=10 if spread is None else self.px(spread),
            container=container,
        )
