"""The look of the game: palette, fonts and sizes derived from the window.

Every scene draws with these colours and asks ``Theme`` for fonts by role and
pixel size, so the whole game shares one style and scales with the window.
Fonts load once, after the display exists, through one cache; a missing font
file falls back to pygame's built-in font and never stops the game.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from pathlib import Path
from typing import Any

import pygame

__all__ = [
    "ACCENT",
    "BG_BOTTOM",
    "BG_TOP",
    "MIN_TEXT_SIZE",
    "SCORE_ROLE",
    "SEAT_COLOURS",
    "SEAT_NAMES",
    "TARGETS",
    "TITLE_MIN_SIZE",
    "DrawnText",
    "Theme",
    "contrast_ratio",
    "lerp_colour",
    "readable",
    "scale_of",
    "seat_text",
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
BOARD_SELECT: Colour = SELECT
"""The chosen piece's square on the current board theme (``game.ui.looks.apply``): a light board
needs a darker gold than the panels' ``SELECT``."""

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

SCORE_ROLE = "body"
"""The font role of scores and counts, the body face's figures (wider and rounder than the title face's)."""

TITLE_GLYPHS = str.maketrans({"0": "O"})
"""What the title face draws in place of a character: Orbitron slashes its zero, which reads as "Ø";
its capital O is the same rounded box, as wide, without the slash."""

MIN_TEXT_SIZE = 11
"""The smallest type drawn, in pixels: below it Exo 2 and Orbitron stop being legible."""

TITLE_MIN_SIZE = 28
"""The smallest size a glowing title asks for, in pixels (it shrinks below only when its box is smaller):
Orbitron sets its accents as short strokes on the capitals, and under about 28 pixels the acute of
"GAGNÉ" is a square dot, which the glow blurs further."""

WORD_SPACE = 0.3
"""The narrowest space between two words, in ems. Exo 2's own space is 0.22 em: at the
small sizes of a 640x480 window that is two pixels, and words read as one ("originalgame")."""


@dataclasses.dataclass(frozen=True)
class DrawnText:
    """One line of text as drawn: what it says, where, inside which area, onto which surface."""

    text: str
    rect: pygame.Rect
    container: pygame.Rect
    surface: pygame.Surface
    cut: bool = False
    """Whether the text it belongs to did not fit whole (it ends with an ellipsis)."""


_UNDRAWABLE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\ud800-\udfff]")
"""What pygame refuses to render (a null character, a lone surrogate) or no font draws: a last line of defence."""


def _printable(text: str) -> str:
    """``text`` with the spaces the fonts lack replaced (French puts a narrow no-break space before ``:``).

    Control characters are dropped and lone surrogates become U+FFFD: a text
    from a damaged file never makes the drawing raise.
    """
    text = text.replace("\u202f", "\u00a0").replace("\t", " ")
    if _UNDRAWABLE.search(text):
        text = _UNDRAWABLE.sub(lambda found: "\ufffd" if found.group() >= "\ud800" else "", text)
    return text


def lerp_colour(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction ``t`` (0..1) of the way from ``a`` to ``b``."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


TEXT_CONTRAST = 4.5
"""The least WCAG 2.1 contrast ratio of text against what is behind it (success criterion 1.4.3)."""


def _luminance(colour: Colour) -> float:
    """WCAG 2.1 relative luminance (0 black, 1 white)."""

    def linear(channel: float) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2.1 contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    a, b = _luminance(first), _luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def readable(colour: Colour, background: Colour | None = None, ratio: float = TEXT_CONTRAST) -> Colour:
    """``colour`` itself if text in it reads on ``background`` (the panels' by default), else the
    nearest shade of it that does: lightened towards white on a dark background, darkened on a light one.

    >>> readable((58, 62, 84)) != (58, 62, 84) and contrast_ratio(readable((58, 62, 84)), PANEL) >= 4.5
    True
    >>> readable((236, 236, 244))
    (236, 236, 244)
    """
    back = PANEL if background is None else background
    if contrast_ratio(colour, back) >= ratio:
        return colour
    towards: Colour = (255, 255, 255) if _luminance(back) < 0.18 else (0, 0, 0)
    for step in range(1, 21):
        shade = lerp_colour(colour, towards, step / 20)
        if contrast_ratio(shade, back) >= ratio:
            return shade
    return towards


def seat_text(seat: int, background: Colour | None = None) -> Colour:
    """Seat ``seat``'s colour for text (and frames) on ``background``: ``readable(SEAT_COLOURS[seat])``."""
    return readable(SEAT_COLOURS[seat], background)


def scale_of(size: tuple[int, int]) -> float:
    """How big the window is against the 1024x768 design size (1.0 there)."""
    width, height = size
    return max(0.5, min(width / 1024, height / 768))


class Theme:
    """Fonts by role and size, cached; rendered text cached too (the same labels every frame)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, bool, str, Colour], pygame.Surface] = {}
        self._widths: dict[tuple[str, int, bool, str], int] = {}
        self._gaps: dict[tuple[str, int, bool], int] = {}
        self._warned: set[str] = set()
        self._fallback: set[str] = set()
        """The roles drawn in pygame's built-in font (their file could not be read)."""
        self.layouts: dict[tuple[Any, ...], Any] = {}
        """Text laid out in boxes (``game.ui.textbox``), cached: the same texts every frame."""
        self.drawn: list[DrawnText] | None = None
        """When a list (tests set one), every text drawn through ``game.ui.textbox`` is added to it."""

    def font(self, role: str, size: int, *, bold: bool = False) -> pygame.font.Font:
        """The font for ``role`` ("title" or "body") at ``size`` pixels."""
        size = max(MIN_TEXT_SIZE, int(size))
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
            self._fallback.add(role)
            if role not in self._warned:
                self._warned.add(role)
                log.warning("font %s unavailable (%s); using the default font", path.name, error)
            try:
                return pygame.font.Font(None, round(size * 1.25))
            except (OSError, pygame.error):
                return pygame.font.SysFont(None, size)

    def text(self, text: str, role: str, size: int, colour: Colour, *, bold: bool = False) -> pygame.Surface:
        """``text`` rendered anti-aliased on one line; the result is cached, treat it as read-only."""
        key = (role, int(size), bold, text, colour)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 1500:
                self._text.clear()
            surface = self._render(text, role, size, colour, bold)
            self._text[key] = surface
        return surface

    def measure(self, text: str, role: str, size: float, *, bold: bool = False) -> int:
        """The width in pixels of ``text`` as ``text`` draws it (words spaced as drawn)."""
        pixels = int(size)
        key = (role, pixels, bold, text)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 20000:
                self._widths.clear()
            font = self.font(role, pixels, bold=bold)
            words = self._glyphs(text, role).split(" ")
            gap = self.word_gap(role, pixels, bold=bold)
            width = sum(font.size(word)[0] for word in words if word) + gap * (len(words) - 1)
            self._widths[key] = width
        return width

    def word_gap(self, role: str, size: int, *, bold: bool = False) -> int:
        """The pixels between two words: the font's own space, never narrower than ``WORD_SPACE``."""
        key = (role, int(size), bold)
        gap = self._gaps.get(key)
        if gap is None:
            font = self.font(role, size, bold=bold)
            gap = max(font.size(" ")[0], round(max(MIN_TEXT_SIZE, int(size)) * WORD_SPACE))
            self._gaps[key] = gap
        return gap

    def _render(self, text: str, role: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
        # Word by word, so the space between words stays legible at small sizes.
        font = self.font(role, size, bold=bold)
        words = self._glyphs(text, role).split(" ")
        if len(words) == 1:
            return font.render(words[0], True, colour)
        gap = self.word_gap(role, size, bold=bold)
        pieces = [font.render(word, True, colour) if word else None for word in words]
        width = sum(piece.get_width() for piece in pieces if piece is not None) + gap * (len(words) - 1)
        surface = pygame.Surface((max(1, width), font.get_height()), pygame.SRCALPHA)
        # Transparent in the text's colour: blended edges keep their colour, not fade to black.
        surface.fill((*colour, 0))
        x = 0
        for piece in pieces:
            if piece is not None:
                surface.blit(piece, (x, 0))
                x += piece.get_width()
            x += gap
        return surface

    def _glyphs(self, text: str, role: str) -> str:
        """``text`` as the role's font draws it: printable, and the title face's zero unslashed."""
        text = _printable(text)
        if role == "title" and "0" in text:
            self.font(role, MIN_TEXT_SIZE)  # loaded, so a fallback is known
            if role not in self._fallback:
                text = text.translate(TITLE_GLYPHS)
        return text
