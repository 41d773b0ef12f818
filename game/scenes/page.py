"""The frame of a settings page, the options and the engines alike: the backdrop, the page's panel, its title."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import gfx

__all__ = ["draw_page"]


def draw_page(scene: Scene, surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
    """The backdrop, the page's panel in ``rect`` and its ``title`` across the top."""
    surface.blit(gfx.backdrop(surface.get_size()), (0, 0))
    gfx.panel(surface, rect, radius=scene.px(18))
    title_box = pygame.Rect(0, 0, rect.width - scene.px(52), scene.px(56))
    title_box.center = (rect.centerx, rect.y + scene.px(40))
    scene.draw_title(surface, title, title_box, size=34, container=rect)
