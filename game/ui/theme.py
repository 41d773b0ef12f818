"""The look of the game: palette, fonts and sizes derived from the window.

Every scene draws with these colours and asks ``Theme`` for fonts by role and
pixel size, so the whole game shares one style and scales with the window.
Fonts load once, after the display exists, through one cache; a missing font
file falls back to pygame's built-in font and never stops the game.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

__all__ = [
    "ACCENT",
    "BG_BOTTOM",
    "BG_TOP",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "TARGETS",
    "Theme",
    "lerp_colour",
    "scale_of",
]

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"

Colour = tuple[int, int, int]

# A dark arcade cabinet: deep navy, neon cyan accents, hot seat colours.
BG_TOP: Colour = (8, 10, 28)
BG_BOTTOM: Colour = (24, 14, 48)
PANEL: Colour = (18, 22, 46)
PANEL_EDGE: Colour = (60, 80, 150)
ACCENT: Colour = (56, 225, 255)
ACCENT_2: Colour = (255, 79, 216)
GOLD: Colour = (255, 210, 63)
TEXT: Colour = (232, 238, 255)
TEXT_DIM: Colour = (140, 152, 190)
TEXT_FAINT: Colour = (86, 96, 134)
SELECT: Colour = (255, 214, 64)
CLONE: Colour = (60, 226, 132)
JUMP: Colour = (255, 80, 220)
DANGER: Colour = (255, 96, 96)
SQUARE_A: Colour = (28, 34, 66)
SQUARE_B: Colour = (33, 40, 76)
BOARD_EDGE: Colour = (70, 110, 200)

SEAT_COLOURS: list[Colour] = [(255, 72, 88), (58, 140, 255)]
"""The colours of seat 0 and seat 1 in the current game and palette (``game.ui.looks.apply`` sets them)."""
TARGETS: list[Colour] = [CLONE, JUMP]
"""The colours a board marks its move targets with on the current board theme (``game.ui.looks.apply``
sets them): the first kind (Ataxx's clones, Attangle's attackers) and the second (Ataxx's jumps).
Each board theme picks them to stand out from its squares (``tests/test_target_contrast.py`` measures it)."""
SEAT_NAMES: list[str] = ["First player", "Second player"]
"""The seats' names in the current game and palette: English keys, shown through ``game.i18n.tr``."""
LOOK_VERSION = 0
"""Bumped by ``game.ui.looks.apply`` so cached board pictures know to redraw."""

_FONT_FILES = {
    "title": "Orbitron.ttf",
    "body": "Exo2.ttf",
}


def lerp_colour(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction ``t`` (0..1) of the way from ``a`` to ``b``."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def scale_of(size: tuple[int, int]) -> float:
    """How big the window is against the 1024x768 design size (1.0 there)."""
    width, height = size
    return max(0.5, min(width / 1024, height / 768))


class Theme:
    """Fonts by role and size, cached; rendered text cached too (the same labels every frame)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, bool, str, Colour], pygame.Surface] = {}
        self._warned: set[str] = set()

    def font(self, role: str, size: int, *, bold: bool = False) -> pygame.font.Font:
        """The font for ``role`` ("title" or "body") at ``size`` pixels."""
        size = max(11, int(size))
        key = (role, size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._load(role, size)
            font.set_bold(bold)
            self._fonts[key] = font
        return font

    def _load(self, role: str, size: int) -> pygame.font.Font:
        path = ASSETS / "fonts" / _FONT_FILES.get(role, _FONT_FILES["body"])
        try:
            return pygame.font.Font(path, size)
        except (OSError, pygame.error) as error:
            if role not in self._warned:
                self._warned.add(role)
                log.warning("font %s unavailable (%s); using the default font", path.name, error)
            try:
                return pygame.font.Font(None, round(size * 1.25))
            except (OSError, pygame.error):
                return pygame.font.SysFont(None, size)

    def text(self, text: str, role: str, size: int, colour: Colour, *, bold: bool = False) -> pygame.Surface:
        """``text`` rendered anti-aliased; the result is cached, treat it as read-only."""
        key = (role, int(size), bold, text, colour)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 1500:
                self._text.clear()
            surface = self.font(role, size, bold=bold).render(text, True, colour)
            self._text[key] = surface
        return surface

    def wrap(self, text: str, role: str, size: int, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels."""
        font = self.font(role, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            line = ""
            for word in words:
                candidate = f"{line} {word}".strip()
                if font.size(candidate)[0] <= width or not line:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines
